//===- LoopUnroll.cpp - unroll loops marked tt.loop_unroll_factor ---------===//
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/SCF/Utils/Utils.h"

#define DEBUG_TYPE "triton-loop-unroll"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONLOOPUNROLL
#include "Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {
struct LoopUnrollPass
    : public triton::impl::TritonLoopUnrollBase<LoopUnrollPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    // Post-order: inner loops are unrolled before the loops holding them.
    getOperation().walk([&](scf::ForOp loop) {
      if (loop->hasAttr(attrs::kLoopUnrollFactor))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops) {
      auto factorAttr =
          loop->getAttrOfType<IntegerAttr>(attrs::kLoopUnrollFactor);
      loop->removeAttr(attrs::kLoopUnrollFactor);
      if (!factorAttr) {
        loop.emitError("'tt.loop_unroll_factor' must be an integer");
        return signalPassFailure();
      }
      int64_t factor = factorAttr.getInt();
      if (factor < 1) {
        loop.emitError("'tt.loop_unroll_factor' must be positive, got ")
            << factor;
        return signalPassFailure();
      }
      if (factor == 1)
        continue;
      FailureOr<UnrolledLoopInfo> info = loopUnrollByFactor(loop, factor);
      if (failed(info)) {
        loop.emitError("cannot unroll this loop by ") << factor;
        return signalPassFailure();
      }
      // The remainder loop runs fewer than `factor` iterations: software
      // pipelining it would only add prologue/epilogue code.
      if (info->epilogueLoopOp)
        (*info->epilogueLoopOp)
            ->setAttr(attrs::kNumStages,
                      IntegerAttr::get(IntegerType::get(&getContext(), 32), 1));
    }
  }
};
} // namespace
