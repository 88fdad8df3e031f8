//===- WGMMAPipeline.cpp - tritongpu-pipeline (wgmma part) ----------------===//
//
// The part of Triton's software pipeliner that runs at every num_stages:
// warp-group dots in loops become asynchronous, each followed by a wait for
// it. Pipelining the loads of a loop (num_stages > 1) is not implemented
// yet; such loops run unpipelined.
//
//===----------------------------------------------------------------------===//
#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SetVector.h"

#define DEBUG_TYPE "tritongpu-pipeline"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUPIPELINE
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

/// Puts `dot`'s result, and the shared-memory operands of the async dots it
/// depends on in its block, through a `warp_group_dot_wait {pendings = 0}`
/// right after the dot; later uses of the result read the wait's result.
void waitRightAfter(ttng::WarpGroupDotOp dot, RewriterBase &rewriter) {
  llvm::SetVector<Value> waited;
  waited.insert(dot.getResult());
  SmallVector<ttng::WarpGroupDotOp> asyncDots;
  BackwardSliceOptions options;
  options.omitBlockArguments = true;
  options.filter = [&](Operation *op) {
    if (auto other = dyn_cast<ttng::WarpGroupDotOp>(op)) {
      asyncDots.push_back(other);
      return false;
    }
    return op->getBlock() == dot->getBlock();
  };
  SetVector<Operation *> slice;
  (void)getBackwardSlice(dot.getResult(), &slice, options);
  for (ttng::WarpGroupDotOp other : asyncDots)
    for (Value operand : other->getOperands())
      if (isa<MemDescType>(operand.getType()))
        waited.insert(operand);

  rewriter.setInsertionPointAfter(dot);
  auto wait = ttng::WarpGroupDotWaitOp::create(
      rewriter, dot.getLoc(), waited.getArrayRef(), /*pendings=*/0);
  Value result = wait.getResult(0);
  dot.getResult().replaceUsesWithIf(result, [&](OpOperand &use) {
    Operation *user = wait->getBlock()->findAncestorOpInBlock(*use.getOwner());
    return user && wait->isBeforeInBlock(user);
  });
}

struct PipelinePass
    : public triton::gpu::impl::TritonGPUPipelineBase<PipelinePass> {
  using TritonGPUPipelineBase::TritonGPUPipelineBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<scf::ForOp> loops;
    module.walk([&](scf::ForOp loop) { loops.push_back(loop); });

    // Once per module, at the first loop with a dot (by location, so the
    // diagnostic does not print the whole op).
    auto hasDot = [](scf::ForOp loop) {
      return loop
          ->walk([](Operation *op) {
            return isa<DotOp, DotScaledOp, ttng::WarpGroupDotOp>(op)
                       ? WalkResult::interrupt()
                       : WalkResult::advance();
          })
          .wasInterrupted();
    };
    auto firstWithDot = llvm::find_if(loops, hasDot);
    if (numStages > 1 && firstWithDot != loops.end())
      emitRemark(firstWithDot->getLoc(),
                 "software pipelining is not implemented yet; the loop runs "
                 "unpipelined");

    // Every wgmma directly in a loop body is made async and waited for at
    // once: no operand here is multi-buffered, so no dot can stay in
    // flight across iterations.
    IRRewriter rewriter(&getContext());
    for (scf::ForOp loop : loops) {
      if (loop->hasAttr("tt.num_stages") &&
          cast<IntegerAttr>(loop->getAttr("tt.num_stages")).getInt() < 1)
        continue;
      for (auto dot : llvm::make_early_inc_range(
               loop.getBody()->getOps<ttng::WarpGroupDotOp>())) {
        dot.setIsAsync(true);
        waitRightAfter(dot, rewriter);
      }
    }
  }
};

} // namespace
