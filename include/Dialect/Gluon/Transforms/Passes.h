//===- Passes.h - the passes of gluon_to_ttgir ------------------*- C++ -*-===//
#ifndef TRITON_DIALECT_GLUON_TRANSFORMS_PASSES_H
#define TRITON_DIALECT_GLUON_TRANSFORMS_PASSES_H

#include "Dialect/Gluon/IR/Dialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir::triton::gluon {

#define GEN_PASS_DECL
#include "Dialect/Gluon/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Dialect/Gluon/Transforms/Passes.h.inc"

} // namespace mlir::triton::gluon

#endif // TRITON_DIALECT_GLUON_TRANSFORMS_PASSES_H
