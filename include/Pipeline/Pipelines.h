//===- Pipelines.h - the named compilation pipelines ------------*- C++ -*-===//
//
// Each stage of the compiler is one named pipeline, defined once here and
// shared by triton-opt (`--triton-ttir-pipeline`), triton-translate, the AOT
// compiler and the runtime. The pass order follows Triton 3.6's CUDA backend
// (see docs/pipeline.md).
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_PIPELINE_PIPELINES_H
#define TRITON_PIPELINE_PIPELINES_H

#include "Pipeline/CompileOptions.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include <string>
#include <vector>

namespace mlir::triton {

/// TTIR -> optimized TTIR: inline (honouring noinline), rewrite tensor
/// pointers, canonicalize, combine, reorder broadcasts, CSE, symbol DCE,
/// loop unrolling. Below compute capability 9.0 tensor descriptors are
/// rewritten to pointers as well.
void buildTTIRPipeline(OpPassManager &pm, const CompileOptions &options);

/// Runs the ttir stage on `module` in place; diagnostics go to the context.
LogicalResult runTTIRPipeline(ModuleOp module, const CompileOptions &options);

/// One pass of a stage, as Triton 3.6 runs it (textual pass name and
/// options), and why we skip it when `deferredTo` is set.
struct PipelineStage {
  std::string pass;
  /// Null when the pass runs; else the capability it arrives with.
  const char *deferredTo = nullptr;
};

/// The ttgir stage (TTIR -> TTGIR) for `options`, in Triton 3.6's order for
/// compute capability 9.0: every pass of triton-3.6-pipeline.md, the ones
/// that belong to tensor cores, software pipelining, warp specialization and
/// TMA marked as deferred.
std::vector<PipelineStage> getTTGIRStages(const CompileOptions &options);

/// Adds the ttgir stage's passes that run to `pm`. With `skipped`, writes one
/// line per deferred pass there. The passes must be registered
/// (registerTritonPasses); fails with a message on `errors` otherwise.
LogicalResult buildTTGIRPipeline(OpPassManager &pm,
                                 const CompileOptions &options,
                                 llvm::raw_ostream &errors,
                                 llvm::raw_ostream *skipped = nullptr);

/// Runs the ttgir stage on `module` in place.
LogicalResult runTTGIRPipeline(ModuleOp module, const CompileOptions &options);

/// The gluon_to_ttgir stage, Triton 3.6's only stage before llir for a
/// Gluon kernel: inline, coalesced and automatic layouts resolved, TMA
/// lowering, gluon-canonicalize, sccp, loop-aware CSE, select/if combining.
std::vector<PipelineStage> getGluonStages(const CompileOptions &options);

/// Adds the gluon_to_ttgir stage to `pm`; fails with a message on `errors`
/// naming a pass that is not registered.
LogicalResult buildGluonPipeline(OpPassManager &pm,
                                 const CompileOptions &options,
                                 llvm::raw_ostream &errors);

/// Runs the gluon_to_ttgir stage on `module` in place.
LogicalResult runGluonPipeline(ModuleOp module, const CompileOptions &options);

/// The llir stage (TTGIR -> LLVM and NVVM dialects) in Triton 3.6's order
/// (triton-3.6-pipeline.md, llir): scf to cf, inline, shared-memory
/// allocation, convert-triton-gpu-to-llvm, canonicalize/cse, symbol-dce,
/// convert-nvvm-to-llvm. Warp groups, global scratch, proxy fences, nvgpu
/// and warp specialization lowering are marked as deferred.
std::vector<PipelineStage> getLLIRStages(const CompileOptions &options);

/// Adds the llir stage's passes that run to `pm` (see buildTTGIRPipeline).
/// Fails with a message on `errors` naming a pass that is not registered.
LogicalResult buildLLIRPipeline(OpPassManager &pm,
                                const CompileOptions &options,
                                llvm::raw_ostream &errors,
                                llvm::raw_ostream *skipped = nullptr);

/// Runs the llir stage on `module` in place.
LogicalResult runLLIRPipeline(ModuleOp module, const CompileOptions &options);

/// Registers every named pipeline with the pass registry.
void registerTritonPipelines();

} // namespace mlir::triton

#endif // TRITON_PIPELINE_PIPELINES_H
