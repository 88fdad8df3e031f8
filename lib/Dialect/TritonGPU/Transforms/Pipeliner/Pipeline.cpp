//===- Pipeline.cpp - tritongpu-pipeline ---------------------------------===//
//
// Triton's software pipeliner: the loads of loops that feed dots become
// cp.async copies num_stages - 1 iterations ahead (PipelineLoads.cpp), then
// warp-group dots become asynchronous (WGMMAPipeline.cpp). See Pipeliner.h.
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
    if (failed(pipelineLoads(module, numStages, /*remarks=*/true)))
      return signalPassFailure();
    pipelineWGMMA(module);
    // The marks were for the wgmma part only.
    module.walk([](scf::ForOp loop) {
      loop->removeAttr(kPipelinedBuffersAttr);
    });
  }
};

} // namespace
