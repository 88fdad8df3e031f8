//===- Passes.h - TTIR passes -----------------------------------*- C++ -*-===//
#ifndef TRITON_DIALECT_TRITON_TRANSFORMS_PASSES_H
#define TRITON_DIALECT_TRITON_TRANSFORMS_PASSES_H

#include "Dialect/Triton/IR/Dialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir::triton {

#define GEN_PASS_DECL
#include "Dialect/Triton/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Dialect/Triton/Transforms/Passes.h.inc"

} // namespace mlir::triton

#endif // TRITON_DIALECT_TRITON_TRANSFORMS_PASSES_H
