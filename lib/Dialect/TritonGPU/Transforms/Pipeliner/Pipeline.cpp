//===- Pipeline.cpp - tritongpu-pipeline ---------------------------------===//
//
// The last of the pipeliner's three passes: loops scheduled by
// tritongpu-schedule-loops are expanded, their stage-0 loads becoming
// cp.async or TMA copies num_stages - 1 iterations ahead
// (PipelineLoads.cpp); then warp-group dots become asynchronous
// (WGMMAPipeline.cpp), and descriptor stores in loops keep their copies in
// flight until the next iteration's (TMAStores.cpp). The schedule's
// attributes are removed. See Pipeliner.h.
//
//===----------------------------------------------------------------------===//
#include "Pipeliner.h"

#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUPIPELINE
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton::gpu;

namespace {

struct PipelinePass
    : public mlir::triton::gpu::impl::TritonGPUPipelineBase<PipelinePass> {
  using TritonGPUPipelineBase::TritonGPUPipelineBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(expandScheduledLoops(module)))
      return signalPassFailure();
    prefetchRegisterLoads(module);
    pipelineWGMMA(module);
    pipelineTMAStores(module, numStages);
    // The marks were for the wgmma part only.
    module.walk(
        [](scf::ForOp loop) { loop->removeAttr(kPipelinedBuffersAttr); });
  }
};

} // namespace
