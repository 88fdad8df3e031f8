//===- ScheduleLoops.cpp - tritongpu-schedule-loops ----------------------===//
//
// The second of the pipeliner's three passes: a loop whose loads carry
// `tt.latency = L` (tritongpu-assign-latencies) gets the modulo schedule
// tritongpu-pipeline expands, as attributes in Triton 3.6's names. The
// loads and every op their operands depend on (through loop-carried
// values: the pointer increments) are stage 0; everything else is stage L,
// L iterations later. Stage L's ops come first in the pipelined body
// (cluster 0), stage 0's after them (cluster 1), so that a copy is issued
// after the dots that read the buffer it overwrites. The loop gets
// `tt.scheduled_max_stage = L`.
//
// A loop whose latencies this schedule cannot honour (latencies on ops
// other than loads at the loop's top level, loads with different
// latencies, an unsound stage 0) gets a remark saying why and no schedule.
//
//===----------------------------------------------------------------------===//
#include "Pipeliner.h"

#include "Dialect/TritonGPU/Transforms/Passes.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUSCHEDULELOOPS
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The loads of `loop` with a latency, and that latency; fails with the
/// reason in `why` when the latencies are not those of a two-stage
/// schedule. Returns an empty list when nothing in the loop has one.
FailureOr<std::pair<SmallVector<Operation *>, int>>
latencies(scf::ForOp loop, std::string &why) {
  SmallVector<Operation *> loads;
  std::optional<int64_t> latency;
  WalkResult walk = loop.getBody()->walk([&](Operation *op) {
    auto attr = op->getAttrOfType<IntegerAttr>(kLatencyAttr);
    // The latencies of an inner loop are its own.
    if (!attr || op->getParentOfType<scf::ForOp>() != loop)
      return WalkResult::advance();
    if (!isa<LoadOp, DescriptorLoadOp>(op) ||
        op->getBlock() != loop.getBody()) {
      why = "a latency on an op other than a load of the loop body";
      return WalkResult::interrupt();
    }
    if (attr.getInt() < 1 || (latency && *latency != attr.getInt())) {
      why = "its loads' latencies are not one positive number";
      return WalkResult::interrupt();
    }
    latency = attr.getInt();
    loads.push_back(op);
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  return std::make_pair(loads, int(latency.value_or(0)));
}

struct ScheduleLoopsPass
    : public mlir::triton::gpu::impl::TritonGPUScheduleLoopsBase<
          ScheduleLoopsPass> {
  using TritonGPUScheduleLoopsBase::TritonGPUScheduleLoopsBase;

  void runOnOperation() override {
    Builder b(&getContext());
    getOperation().walk([&](scf::ForOp loop) {
      std::string why;
      auto marked = latencies(loop, why);
      FailureOr<llvm::SetVector<Operation *>> stage0 = failure();
      if (succeeded(marked)) {
        if (marked->first.empty())
          return;
        if (!isInnermost(loop))
          why = "only innermost loops are pipelined";
        else
          stage0 = stageZeroOps(loop, marked->first, why);
      }
      if (failed(stage0)) {
        emitRemark(loop.getLoc(), "loop not scheduled: ") << why;
        return;
      }
      int maxStage = marked->second;
      for (Operation &op : loop.getBody()->without_terminator()) {
        bool first = stage0->contains(&op);
        op.setAttr(kLoopStageAttr, b.getI32IntegerAttr(first ? 0 : maxStage));
        op.setAttr(kLoopClusterAttr, b.getI32IntegerAttr(first ? 1 : 0));
      }
      loop->setAttr(kScheduledMaxStageAttr, b.getI32IntegerAttr(maxStage));
    });
  }
};

} // namespace
