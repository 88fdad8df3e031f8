//===- GlobalScratchAllocation.cpp - tritongpu-global-scratch-memory-allocation ===//
//
// Lays the kernel's ttg.global_scratch_alloc ops out in the per-program
// slice of global scratch memory (see Passes.td).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Passes.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUGLOBALSCRATCHALLOCATION
#include "Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

struct GlobalScratchAllocation
    : public triton::impl::TritonGPUGlobalScratchAllocationBase<
          GlobalScratchAllocation> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    Builder b(module.getContext());
    uint64_t size = 0, alignment = 1;
    bool ok = true;
    module.walk([&](triton::gpu::GlobalScratchAllocOp alloc) {
      auto func = alloc->getParentOfType<FuncOp>();
      if (!func || !func.isPublic()) {
        alloc.emitOpError("global scratch memory is allocated in kernels "
                          "only, not in device functions");
        ok = false;
        return;
      }
      uint64_t align = alloc.getAlignment();
      size = llvm::alignTo(size, align);
      alloc->setAttr("ttg.global_scratch_memory_offset",
                     b.getI32IntegerAttr(size));
      size += alloc.getNbytes();
      alignment = std::max(alignment, align);
    });
    if (!ok)
      return signalPassFailure();
    if (size == 0)
      return;
    size = llvm::alignTo(size, alignment);
    module->setAttr("ttg.global_scratch_memory_size",
                    b.getI32IntegerAttr(size));
    module->setAttr("ttg.global_scratch_memory_alignment",
                    b.getI32IntegerAttr(alignment));
  }
};

} // namespace
