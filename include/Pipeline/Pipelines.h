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

namespace mlir::triton {

/// TTIR -> optimized TTIR: inline (honouring noinline), rewrite tensor
/// pointers, canonicalize, combine, reorder broadcasts, CSE, symbol DCE,
/// loop unrolling. Below compute capability 9.0 tensor descriptors are
/// rewritten to pointers as well.
void buildTTIRPipeline(OpPassManager &pm, const CompileOptions &options);

/// Runs the ttir stage on `module` in place; diagnostics go to the context.
LogicalResult runTTIRPipeline(ModuleOp module, const CompileOptions &options);

/// Registers every named pipeline with the pass registry.
void registerTritonPipelines();

} // namespace mlir::triton

#endif // TRITON_PIPELINE_PIPELINES_H
