//===- Pipelines.cpp - the named compilation pipelines --------------------===//
#include "Pipeline/Pipelines.h"
#include "Dialect/Triton/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::triton;

void mlir::triton::buildTTIRPipeline(OpPassManager &pm,
                                     const CompileOptions &options) {
  // The order of Triton 3.6's `make_ttir` (triton-3.6-pipeline.md).
  pm.addPass(createInlinerPass());
  pm.addPass(createTritonRewriteTensorPointer());
  if (options.computeCapability < 90)
    pm.addPass(createTritonRewriteTensorDescriptorToPointer());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createTritonCombineOps());
  pm.addPass(createTritonReorderBroadcast());
  pm.addPass(createCSEPass());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createTritonLoopUnroll());
}

LogicalResult mlir::triton::runTTIRPipeline(ModuleOp module,
                                            const CompileOptions &options) {
  PassManager pm(module->getContext(), module->getName().getStringRef());
  buildTTIRPipeline(pm, options);
  return pm.run(module);
}

namespace {
/// Options of `--triton-ttir-pipeline{...}`.
struct TTIRPipelineOptions : public PassPipelineOptions<TTIRPipelineOptions> {
  Option<int> computeCapability{
      *this, "compute-capability",
      llvm::cl::desc("Target compute capability (90 for sm_90a)"),
      llvm::cl::init(90)};
};
} // namespace

void mlir::triton::registerTritonPipelines() {
  PassPipelineRegistration<TTIRPipelineOptions>(
      "triton-ttir-pipeline",
      "Triton 3.6's ttir stage: inline, rewrite tensor pointers, canonicalize, "
      "combine, reorder broadcasts, cse, symbol-dce, loop unrolling",
      [](OpPassManager &pm, const TTIRPipelineOptions &pipelineOptions) {
        CompileOptions options;
        options.computeCapability = pipelineOptions.computeCapability;
        buildTTIRPipeline(pm, options);
      });
}
