//===- RemoveLayoutConversions.cpp - tritongpu-remove-layout-conversions --===//
#include "RemoveLayoutConversions.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "Dialect/TritonGPU/Transforms/SCFSignature.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "tritongpu-remove-layout-conversions"

namespace mlir::triton::gpu {

#define GEN_PASS_DEF_TRITONGPUREMOVELAYOUTCONVERSIONS
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

struct RemoveLayoutConversionsPass
    : public impl::TritonGPURemoveLayoutConversionsBase<
          RemoveLayoutConversionsPass> {
  /// Folds no-op conversions, conversions of conversions and of values that
  /// can be built in any layout, and erases what became dead.
  LogicalResult cleanUpConversions() {
    RewritePatternSet patterns(&getContext());
    ConvertLayoutOp::getCanonicalizationPatterns(patterns, &getContext());
    return applyPatternsGreedily(getOperation(), std::move(patterns));
  }

  /// Drops loop-carried values nothing reads any more (old layouts left
  /// behind by rematerialization), then simplifies the scf ops.
  LogicalResult cleanUpLoops() {
    RewritePatternSet deadArgs(&getContext());
    populateForOpDeadArgumentElimination(deadArgs);
    if (failed(applyPatternsGreedily(getOperation(), std::move(deadArgs))))
      return failure();
    RewritePatternSet scfPatterns(&getContext());
    ConvertLayoutOp::getCanonicalizationPatterns(scfPatterns, &getContext());
    scf::ForOp::getCanonicalizationPatterns(scfPatterns, &getContext());
    scf::IfOp::getCanonicalizationPatterns(scfPatterns, &getContext());
    return applyPatternsGreedily(getOperation(), std::move(scfPatterns));
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    module.walk([](FuncOp func) { propagateLayoutsForward(func); });
    if (failed(cleanUpConversions()))
      return signalPassFailure();

    module.walk([&](FuncOp func) { rematerializeBackward(func); });
    if (failed(cleanUpConversions()))
      return signalPassFailure();

    module.walk([](FuncOp func) { hoistConversions(func); });
    if (failed(cleanUpConversions()) || failed(cleanUpLoops()))
      return signalPassFailure();
  }
};

} // namespace
} // namespace mlir::triton::gpu
