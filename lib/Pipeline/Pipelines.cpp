//===- Pipelines.cpp - the named compilation pipelines --------------------===//
#include "Pipeline/Pipelines.h"
#include "Dialect/Triton/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::triton;

void mlir::triton::buildTTIRPipeline(OpPassManager &pm,
                                     const CompileOptions &options) {
  // Recursion and kernels that return values or take non-global pointers
  // are refused before anything else runs (ours; Triton's frontend never
  // emits them). Then the order of Triton 3.6's `make_ttir`
  // (triton-3.6-pipeline.md).
  pm.addPass(createTritonVerifyProgram());
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

std::vector<PipelineStage>
mlir::triton::getTTGIRStages(const CompileOptions &options) {
  std::string cc = std::to_string(options.computeCapability);
  std::string stages = std::to_string(options.numStages);
  const char *blackwell = "Blackwell tensor cores (tcgen05 MMA; nothing to "
                          "do on Hopper)";
  // triton-3.6-pipeline.md, ttgir, steps 1-34.
  std::vector<PipelineStage> passes{
      {"convert-triton-to-tritongpu{target=cuda:" + cc +
       " num-warps=" + std::to_string(options.numWarps) +
       " threads-per-warp=" + std::to_string(options.threadsPerWarp) +
       " num-ctas=" + std::to_string(options.numCtas) + "}"},
      {"tritongpu-coalesce"},
      {"tritongpu-F32DotTC{emu-tf32=" +
       std::string(options.computeCapability >= 80 ? "true" : "false") + "}"},
      {"triton-nvidia-gpu-plan-cta"},
      {"tritongpu-remove-layout-conversions"},
      {"tritongpu-optimize-thread-locality"},
      {"tritongpu-accelerate-matmul"},
      {"tritongpu-remove-layout-conversions"},
      {"tritongpu-optimize-dot-operands{hoist-layout-conversion=true}"},
      {"triton-nvidia-optimize-descriptor-encoding"},
      {"triton-loop-aware-cse"},
      {"tritongpu-fuse-nested-loops"},
      {"canonicalize"},
      {"triton-licm"},
      {"canonicalize"},
      {"tritongpu-combine-tensor-select-and-if"},
      {"nvgpu-warp-specialization{num-stages=" + stages + "}"},
      {"tritongpu-assign-latencies{num-stages=" + stages + "}"},
      {"tritongpu-schedule-loops"},
      {"tritongpu-pipeline{num-stages=" + stages + "}"},
      {"canonicalize"},
      {"triton-loop-aware-cse"},
      {"tritongpu-prefetch"},
      {"tritongpu-optimize-dot-operands{hoist-layout-conversion=true}"},
      {"tritongpu-coalesce-async-copy"},
      {"triton-nvidia-tma-lowering"},
      {"tritongpu-remove-layout-conversions"},
      {"tritongpu-reduce-data-duplication"},
      {"tritongpu-reorder-instructions"},
      {"triton-loop-aware-cse"},
      {"symbol-dce"},
      {"triton-nvidia-gpu-fence-insertion{compute-capability=" + cc + "}"},
      {"triton-nvidia-mma-lowering", blackwell},
      {"sccp"},
      {"cse"},
      {"canonicalize"},
  };
  // Triton's make_ttgir sets ttg.maxnreg before its first pass.
  if (options.maxnreg)
    passes.insert(passes.begin(),
                  PipelineStage{"triton-nvidia-gpu-set-maxnreg{maxnreg=" +
                                std::to_string(*options.maxnreg) + "}"});
  return passes;
}

std::vector<PipelineStage>
mlir::triton::getGluonStages(const CompileOptions &options) {
  // Triton 3.6's gluon_to_ttgir (compiler.py of its CUDA backend).
  return {
      {"gluon-inline"},
      {"gluon-infer-coalesced-encodings"},
      {"gluon-resolve-auto-encodings"},
      {"triton-nvidia-tma-lowering"},
      {"gluon-canonicalize"},
      {"sccp"},
      {"triton-loop-aware-cse"},
      {"gluon-canonicalize"},
      {"tritongpu-combine-tensor-select-and-if"},
  };
}

/// Parses the stages of `stageName` that run into `pm`; writes the deferred
/// ones to `skipped`.
static LogicalResult addStages(llvm::StringRef stageName,
                               llvm::ArrayRef<PipelineStage> stages,
                               OpPassManager &pm, llvm::raw_ostream &errors,
                               llvm::raw_ostream *skipped) {
  // After a pass that does not parse, the deferred ones are still listed.
  bool parsed = true;
  for (const PipelineStage &stage : stages) {
    if (stage.deferredTo) {
      if (skipped)
        *skipped << stageName << ": skipping " << stage.pass
                 << " (arrives with " << stage.deferredTo << ")\n";
      continue;
    }
    if (parsed && failed(parsePassPipeline(stage.pass, pm, errors)))
      parsed = false;
  }
  return success(parsed);
}

LogicalResult mlir::triton::buildTTGIRPipeline(OpPassManager &pm,
                                               const CompileOptions &options,
                                               llvm::raw_ostream &errors,
                                               llvm::raw_ostream *skipped) {
  return addStages("ttgir", getTTGIRStages(options), pm, errors, skipped);
}

LogicalResult mlir::triton::buildGluonPipeline(OpPassManager &pm,
                                               const CompileOptions &options,
                                               llvm::raw_ostream &errors) {
  return addStages("gluon_to_ttgir", getGluonStages(options), pm, errors,
                   nullptr);
}

LogicalResult mlir::triton::runGluonPipeline(ModuleOp module,
                                             const CompileOptions &options) {
  PassManager pm(module->getContext(), module->getName().getStringRef());
  std::string errors;
  llvm::raw_string_ostream os(errors);
  if (failed(buildGluonPipeline(pm, options, os)))
    return module.emitError("cannot build the gluon_to_ttgir pipeline: ")
           << errors;
  return pm.run(module);
}

LogicalResult mlir::triton::runTTGIRPipeline(ModuleOp module,
                                             const CompileOptions &options) {
  PassManager pm(module->getContext(), module->getName().getStringRef());
  std::string errors;
  llvm::raw_string_ostream os(errors);
  if (failed(buildTTGIRPipeline(pm, options, os)))
    return module.emitError("cannot build the ttgir pipeline: ") << errors;
  return pm.run(module);
}

std::vector<PipelineStage>
mlir::triton::getLLIRStages(const CompileOptions &options) {
  std::string target =
      "{compute-capability=" + std::to_string(options.computeCapability) +
      " ptx-version=" + std::to_string(options.getPTXVersion()) + "}";
  std::string cc =
      "{compute-capability=" + std::to_string(options.computeCapability) + "}";
  // triton-verify-program (ours: TTGIR input starts here), then
  // triton-3.6-pipeline.md, llir, steps 1-14.
  std::vector<PipelineStage> stages = {
      {"triton-verify-program"},
      {"tritongpu-combine-tensor-select-and-if"},
      {"tritongpu-allocate-warp-groups"},
      {"convert-scf-to-cf"},
      {"inline"},
      {"allocate-shared-memory-nv" + target},
      {"tritongpu-global-scratch-memory-allocation"},
      {"triton-nvidia-gpu-proxy-fence-insertion" + cc},
      {"convert-triton-gpu-to-llvm" + target},
      {"canonicalize"},
      {"cse"},
      {"convert-nv-gpu-to-llvm",
       "an nvgpu dialect; ttng ops lower in convert-triton-gpu-to-llvm"},
      {"convert-warp-specialize-to-llvm"},
      {"canonicalize"},
      {"cse"},
      {"symbol-dce"},
      {"convert-nvvm-to-llvm"},
  };
  if (options.lineInfo)
    stages.push_back({"enable-line-info"});
  return stages;
}

LogicalResult mlir::triton::buildLLIRPipeline(OpPassManager &pm,
                                              const CompileOptions &options,
                                              llvm::raw_ostream &errors,
                                              llvm::raw_ostream *skipped) {
  return addStages("llir", getLLIRStages(options), pm, errors, skipped);
}

LogicalResult mlir::triton::runLLIRPipeline(ModuleOp module,
                                            const CompileOptions &options) {
  PassManager pm(module->getContext(), module->getName().getStringRef());
  std::string errors;
  llvm::raw_string_ostream os(errors);
  if (failed(buildLLIRPipeline(pm, options, os)))
    return module.emitError("cannot build the llir pipeline: ") << errors;
  return pm.run(module);
}

namespace {
/// Options of `--triton-ttgir-pipeline{...}`.
struct TTGIRPipelineOptions : public PassPipelineOptions<TTGIRPipelineOptions> {
  Option<int> computeCapability{
      *this, "compute-capability",
      llvm::cl::desc("Target compute capability (90 for sm_90a)"),
      llvm::cl::init(90)};
  Option<int> numWarps{*this, "num-warps", llvm::cl::desc("Warps per CTA"),
                       llvm::cl::init(4)};
  Option<int> numCtas{*this, "num-ctas", llvm::cl::desc("CTAs per cluster"),
                      llvm::cl::init(1)};
  Option<int> numStages{*this, "num-stages",
                        llvm::cl::desc("Software pipelining stages"),
                        llvm::cl::init(3)};
  Option<int> maxnreg{
      *this, "maxnreg",
      llvm::cl::desc("Registers per thread of the kernel (sets ttg.maxnreg); "
                     "0: no limit"),
      llvm::cl::init(0)};
  Option<bool> reportSkipped{
      *this, "report-skipped",
      llvm::cl::desc("Print the passes of Triton's stage not run yet"),
      llvm::cl::init(false)};
};

/// Options of `--triton-llir-pipeline{...}`. The warp count and the CTA
/// shape are the TTGIR module's own attributes.
struct LLIRPipelineOptions : public PassPipelineOptions<LLIRPipelineOptions> {
  Option<int> computeCapability{
      *this, "compute-capability",
      llvm::cl::desc("Target compute capability (90 for sm_90a)"),
      llvm::cl::init(90)};
  Option<int> ptxVersion{*this, "ptx-version",
                         llvm::cl::desc("PTX ISA version times ten"),
                         llvm::cl::init(90)};
  Option<bool> reportSkipped{
      *this, "report-skipped",
      llvm::cl::desc("Print the passes of Triton's stage not run yet"),
      llvm::cl::init(false)};
};

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
      "Triton 3.6's ttir stage: verify the program, inline, rewrite tensor "
      "pointers, canonicalize, "
      "combine, reorder broadcasts, cse, symbol-dce, loop unrolling",
      [](OpPassManager &pm, const TTIRPipelineOptions &pipelineOptions) {
        CompileOptions options;
        options.computeCapability = pipelineOptions.computeCapability;
        buildTTIRPipeline(pm, options);
      });
  registerPassPipeline(
      "triton-ttgir-pipeline",
      "Triton 3.6's ttgir stage (TTIR -> TTGIR) for Hopper, Ampere and Ada; "
      "Blackwell's tcgen05 passes are skipped (report-skipped=true lists "
      "them and why)",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        TTGIRPipelineOptions pipelineOptions;
        if (failed(pipelineOptions.parseFromString(text)))
          return failure();
        CompileOptions options;
        options.computeCapability = pipelineOptions.computeCapability;
        options.numWarps = pipelineOptions.numWarps;
        options.numCtas = pipelineOptions.numCtas;
        options.numStages = pipelineOptions.numStages;
        if (pipelineOptions.maxnreg < 0)
          return errorHandler("maxnreg must not be negative");
        if (pipelineOptions.maxnreg > 0)
          options.maxnreg = pipelineOptions.maxnreg;
        std::string errors;
        llvm::raw_string_ostream os(errors);
        if (failed(buildTTGIRPipeline(
                pm, options, os,
                pipelineOptions.reportSkipped ? &llvm::errs() : nullptr)))
          return errorHandler("cannot build the ttgir pipeline: " + errors);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optHandler) {
        optHandler(TTGIRPipelineOptions());
      });
  registerPassPipeline(
      "triton-gluon-to-ttgir",
      "Triton 3.6's gluon_to_ttgir stage: a Gluon module (hand-written "
      "TTGIR with automatic and coalesced layouts) to TTGIR",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        if (!text.empty())
          return errorHandler("triton-gluon-to-ttgir takes no options");
        std::string errors;
        llvm::raw_string_ostream os(errors);
        if (failed(buildGluonPipeline(pm, CompileOptions(), os)))
          return errorHandler("cannot build the gluon_to_ttgir pipeline: " +
                              errors);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)>) {});
  registerPassPipeline(
      "triton-llir-pipeline",
      "Triton 3.6's llir stage (TTGIR -> LLVM and NVVM dialects); "
      "convert-nv-gpu-to-llvm is skipped (report-skipped=true says why)",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        LLIRPipelineOptions pipelineOptions;
        if (failed(pipelineOptions.parseFromString(text)))
          return failure();
        CompileOptions options;
        options.computeCapability = pipelineOptions.computeCapability;
        options.ptxVersion = pipelineOptions.ptxVersion;
        std::string errors;
        llvm::raw_string_ostream os(errors);
        if (failed(buildLLIRPipeline(
                pm, options, os,
                pipelineOptions.reportSkipped ? &llvm::errs() : nullptr)))
          return errorHandler("cannot build the llir pipeline: " + errors);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optHandler) {
        optHandler(LLIRPipelineOptions());
      });
}
