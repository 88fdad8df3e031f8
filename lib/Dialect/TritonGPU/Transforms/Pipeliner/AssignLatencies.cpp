//===- AssignLatencies.cpp - tritongpu-assign-latencies ------------------===//
//
// The first of the pipeliner's three passes: in each innermost loop with a
// dot, or with its own `tt.num_stages` (then with or without a dot, every
// load a candidate, as Triton 3.6 does), the loads that can become
// asynchronous copies into shared memory (SelectLoads.cpp: dot operands,
// and loads read through registers where the schedule stays sound with
// them) get `tt.latency = num_stages - 1`, the number of
// iterations ahead their copies are issued, when a schedule with them at
// stage 0 is sound (stageZeroOps). num_stages is the loop's `tt.num_stages`
// or the pass option. A loop whose ops already carry latencies (given by
// the user) keeps them. A loop with a dot left without latencies gets a
// remark saying why.
//
//===----------------------------------------------------------------------===//
#include "Pipeliner.h"

#include "Analysis/AxisInfo.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUASSIGNLATENCIES
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The loads of `loop` to issue num_stages - 1 iterations ahead; fails
/// with the reason in `why`.
FailureOr<SmallVector<AsyncLoad>> loadsToPipeline(scf::ForOp loop,
                                                  ModuleAxisInfoAnalysis &info,
                                                  std::string &why) {
  if (!isInnermost(loop)) {
    why = "only innermost loops are pipelined";
    return failure();
  }
  FailureOr<SmallVector<AsyncLoad>> loads = selectLoads(loop, info, why);
  if (failed(loads))
    return failure();
  auto sound = [&](ArrayRef<AsyncLoad> selected) {
    SmallVector<Operation *> ops;
    for (const AsyncLoad &l : selected)
      ops.push_back(l.load);
    return succeeded(stageZeroOps(loop, ops, why));
  };
  if (sound(*loads))
    return loads;
  // Loads read in registers are a bonus: without them, the dot operands'
  // copies may still make a sound stage 0.
  SmallVector<AsyncLoad> operands;
  for (const AsyncLoad &l : *loads)
    if (!l.throughRegisters)
      operands.push_back(l);
  if (operands.empty() || operands.size() == loads->size() || !sound(operands))
    return failure();
  return operands;
}

struct AssignLatenciesPass
    : public mlir::triton::gpu::impl::TritonGPUAssignLatenciesBase<
          AssignLatenciesPass> {
  using TritonGPUAssignLatenciesBase::TritonGPUAssignLatenciesBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    ModuleAxisInfoAnalysis axisInfo(module);
    Builder b(module.getContext());
    module.walk([&](scf::ForOp loop) {
      int stages = getNumStages(loop, numStages);
      if (stages < 2 || (!hasDot(loop) && !hasOwnNumStages(loop)))
        return;
      // nvgpu-warp-specialization already split this loop's loads from its
      // dots, through mbarriers of its own.
      if (loop->getParentOfType<WarpSpecializeOp>())
        return;
      bool given =
          loop.getBody()
              ->walk([&](Operation *op) {
                return op->hasAttr(kLatencyAttr) &&
                               op->getParentOfType<scf::ForOp>() == loop
                           ? WalkResult::interrupt()
                           : WalkResult::advance();
              })
              .wasInterrupted();
      if (given)
        return;
      std::string why;
      FailureOr<SmallVector<AsyncLoad>> loads =
          loadsToPipeline(loop, axisInfo, why);
      if (failed(loads)) {
        emitRemark(loop.getLoc(), "loop not pipelined: ") << why;
        return;
      }
      for (const AsyncLoad &l : *loads)
        l.load->setAttr(kLatencyAttr, b.getI32IntegerAttr(stages - 1));
    });
  }
};

} // namespace
