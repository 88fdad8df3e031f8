//===- FenceInsertion.cpp - triton-nvidia-gpu-fence-insertion -------------===//
//
// Inserts fence.proxy.async (ttng.fence_async_shared) before a wgmma that
// reads shared memory written from registers through the generic proxy.
//
//===----------------------------------------------------------------------===//
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/DenseSet.h"

#define DEBUG_TYPE "triton-nvidia-gpu-fence-insertion"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_TRITONGPUFENCEINSERTION
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

namespace {

/// True when the shared memory behind `operand` is written from registers:
/// by a `ttg.local_alloc` with a source or a `ttg.local_store`, looking
/// through memdesc views and the values loops carry.
bool writtenFromRegisters(Value operand, llvm::DenseSet<Value> &visited) {
  if (!isa<MemDescType>(operand.getType()) || !visited.insert(operand).second)
    return false;
  for (Operation *user : operand.getUsers())
    if (isa<LocalStoreOp>(user))
      return true;
  if (auto arg = dyn_cast<BlockArgument>(operand)) {
    auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    if (!loop || arg.getArgNumber() == 0)
      return false;
    unsigned index = arg.getArgNumber() - 1;
    return writtenFromRegisters(loop.getInitArgs()[index], visited) ||
           writtenFromRegisters(loop.getYieldedValues()[index], visited);
  }
  Operation *def = operand.getDefiningOp();
  if (auto alloc = dyn_cast<LocalAllocOp>(def))
    return alloc.getSrc() != nullptr;
  if (def->hasTrait<OpTrait::MemDescViewTrait>())
    return writtenFromRegisters(def->getOperand(0), visited);
  if (auto loop = dyn_cast<scf::ForOp>(def)) {
    unsigned index = cast<OpResult>(operand).getResultNumber();
    return writtenFromRegisters(loop.getInitArgs()[index], visited) ||
           writtenFromRegisters(loop.getYieldedValues()[index], visited);
  }
  return false;
}

bool writtenFromRegisters(Value operand) {
  llvm::DenseSet<Value> visited;
  return writtenFromRegisters(operand, visited);
}

struct FenceInsertionPass
    : public triton::nvidia_gpu::impl::TritonGPUFenceInsertionBase<
          FenceInsertionPass> {
  using TritonGPUFenceInsertionBase::TritonGPUFenceInsertionBase;

  void runOnOperation() override {
    if (computeCapability < 90)
      return;
    getOperation().walk([&](WarpGroupDotOp dot) {
      auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dot.getType().getEncoding());
      if (!mma || !mma.isHopper())
        return;
      Value a = dot.getA(), b = dot.getB();
      bool aWritten = writtenFromRegisters(a);
      bool bWritten = writtenFromRegisters(b);
      if (!aWritten && !bWritten)
        return;
      OpBuilder builder(dot);
      Operation *fence =
          FenceAsyncSharedOp::create(builder, dot.getLoc(), false);
      // Out of loops that do not write the operands.
      while (auto loop = fence->getParentOfType<LoopLikeOpInterface>()) {
        if (aWritten && a.getDefiningOp() &&
            loop->isAncestor(a.getDefiningOp()))
          break;
        if (bWritten && b.getDefiningOp() &&
            loop->isAncestor(b.getDefiningOp()))
          break;
        if ((aWritten && !a.getDefiningOp()) ||
            (bWritten && !b.getDefiningOp()))
          break;
        loop.moveOutOfLoop(fence);
      }
      if (auto previous =
              dyn_cast_or_null<FenceAsyncSharedOp>(fence->getPrevNode()))
        if (!previous.getBCluster())
          fence->erase();
    });
  }
};

} // namespace
