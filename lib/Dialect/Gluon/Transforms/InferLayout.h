//===- InferLayout.h - layouts of placeholder tensors -----------*- C++ -*-===//
//
// What gluon-resolve-auto-encodings and gluon-infer-coalesced-encodings
// share: given seed layouts for some tensors whose layout is a placeholder,
// the layout of every tensor connected to them.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_LIB_DIALECT_GLUON_TRANSFORMS_INFERLAYOUT_H
#define TRITON_LIB_DIALECT_GLUON_TRANSFORMS_INFERLAYOUT_H

#include "Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::triton::gluon {

/// Propagates `seeds` through `func` to every tensor whose type `isOpen`
/// (a placeholder layout): forwards and backwards through the ops whose
/// layouts follow from each other (inferDstEncoding / inferSrcEncoding) and
/// to the values scf loops and branches tie together; then gives each
/// reached value its layout (a splat constant's value too). A layout that
/// came through join, split, reshape or trans gives way to a fixed one;
/// two fixed layouts meeting at one value are an error on it. Placeholders
/// in `func`'s signature are an error (callees must be inlined).
LogicalResult inferLayouts(FuncOp func, function_ref<bool(Type)> isOpen,
                           ArrayRef<std::pair<Value, Attribute>> seeds);

/// Fails, with an error on the op or block, when a result or block
/// argument in `module` still has an open layout.
LogicalResult checkResolved(ModuleOp module, function_ref<bool(Type)> isOpen,
                            StringRef what);

} // namespace mlir::triton::gluon

#endif
