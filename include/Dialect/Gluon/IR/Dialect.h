//===- Dialect.h - the gluon dialect -----------------------------*- C++ -*-===//
//
// Include this to use the gluon dialect: gluon.set_auto_layout and the
// placeholder layouts #gluon.auto_encoding and #gluon.coalesced_encoding of
// Triton 3.6's Gluon frontend.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_DIALECT_GLUON_IR_DIALECT_H
#define TRITON_DIALECT_GLUON_IR_DIALECT_H

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "Dialect/Gluon/IR/Dialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "Dialect/Gluon/IR/GluonAttrDefs.h.inc"

#define GET_OP_CLASSES
#include "Dialect/Gluon/IR/Ops.h.inc"

namespace mlir::triton::gluon {

/// Whether `type` is a tensor whose layout is still a gluon placeholder
/// (#gluon.auto_encoding or #gluon.coalesced_encoding).
bool hasPlaceholderLayout(Type type);

} // namespace mlir::triton::gluon

#endif // TRITON_DIALECT_GLUON_IR_DIALECT_H
