//===- GlobalScratchAllocation.cpp - tritongpu-global-scratch-memory-allocation ===//
//
// Lays the kernel's ttg.global_scratch_alloc ops, and the frames of the
// functions it calls, out in the per-program slice of global scratch memory
// (see Passes.td).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Passes.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUGLOBALSCRATCHALLOCATION
#include "Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

/// A function's global scratch frame: its own buffers, then the frames of
/// the functions it calls, each call at its own offset.
struct Frame {
  uint64_t size = 0;
  uint64_t alignment = 1;
};

struct GlobalScratchAllocation
    : public triton::impl::TritonGPUGlobalScratchAllocationBase<
          GlobalScratchAllocation> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    bool ok = true;
    for (FuncOp func : module.getOps<FuncOp>()) {
      if (!func.isPublic())
        continue;
      FailureOr<Frame> frame = layOut(func, symbols);
      if (failed(frame)) {
        ok = false;
        continue;
      }
      if (frame->size == 0)
        continue;
      Builder b(module.getContext());
      module->setAttr("ttg.global_scratch_memory_size",
                      b.getI32IntegerAttr(frame->size));
      module->setAttr("ttg.global_scratch_memory_alignment",
                      b.getI32IntegerAttr(frame->alignment));
    }
    if (!ok)
      signalPassFailure();
  }

private:
  /// Lays `func`'s frame out (callees first), writing
  /// ttg.global_scratch_memory_offset on its allocations and on its calls
  /// of functions that need scratch.
  FailureOr<Frame> layOut(FuncOp func, SymbolTable &symbols) {
    if (auto it = frames.find(func.getOperation()); it != frames.end())
      return it->second;
    if (!inProgress.insert(func.getOperation()).second)
      return func.emitOpError("calls itself; a global scratch frame needs a "
                              "call graph without cycles");
    Builder b(func.getContext());
    Frame frame;
    auto place = [&](Operation *op, uint64_t size, uint64_t align) {
      frame.size = llvm::alignTo(frame.size, align);
      op->setAttr("ttg.global_scratch_memory_offset",
                  b.getI32IntegerAttr(frame.size));
      frame.size += size;
      frame.alignment = std::max(frame.alignment, align);
    };
    WalkResult walked = func.walk([&](Operation *op) {
      if (auto alloc = dyn_cast<triton::gpu::GlobalScratchAllocOp>(op)) {
        place(op, alloc.getNbytes(), alloc.getAlignment());
        return WalkResult::advance();
      }
      auto call = dyn_cast<CallOp>(op);
      if (!call)
        return WalkResult::advance();
      auto callee = symbols.lookup<FuncOp>(call.getCallee());
      if (!callee)
        return WalkResult::advance();
      FailureOr<Frame> calleeFrame = layOut(callee, symbols);
      if (failed(calleeFrame))
        return WalkResult::interrupt();
      if (calleeFrame->size > 0)
        place(op, calleeFrame->size, calleeFrame->alignment);
      return WalkResult::advance();
    });
    inProgress.erase(func.getOperation());
    if (walked.wasInterrupted())
      return failure();
    frame.size = llvm::alignTo(frame.size, frame.alignment);
    frames[func.getOperation()] = frame;
    return frame;
  }

  DenseMap<Operation *, Frame> frames;
  llvm::SmallPtrSet<Operation *, 4> inProgress;
};

} // namespace
