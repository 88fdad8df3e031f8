//===- Registration.h - everything a Triton tool registers ------*- C++ -*-===//
#ifndef TRITON_PIPELINE_REGISTRATION_H
#define TRITON_PIPELINE_REGISTRATION_H

#include "mlir/IR/DialectRegistry.h"

namespace mlir::triton {

/// The project's dialects and the MLIR dialects a Triton pipeline meets
/// (builtin, arith, math, scf, cf, ub, gpu, llvm, nvvm, func), with the
/// extensions their passes need (inlining, ...).
void registerTritonDialects(DialectRegistry &registry);

/// The project's passes and named pipelines, and the MLIR passes Triton's
/// pipelines use (canonicalize, cse, inline, sccp, symbol-dce, ...).
void registerTritonPasses();

} // namespace mlir::triton

#endif // TRITON_PIPELINE_REGISTRATION_H
