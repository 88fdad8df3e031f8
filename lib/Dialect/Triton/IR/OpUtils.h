//===- OpUtils.h - helpers shared by the tt op implementations --*- C++ -*-===//
#ifndef TRITON_LIB_DIALECT_TRITON_IR_OPUTILS_H
#define TRITON_LIB_DIALECT_TRITON_IR_OPUTILS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Value.h"

namespace mlir::triton::detail {

/// The integer value of a constant scalar or constant splat, if `v` is one.
inline std::optional<APInt> getConstantIntSplat(Value v) {
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)))
    return value;
  return std::nullopt;
}

/// True if `v` is a constant (splat) integer equal to `expected`.
inline bool isConstantIntSplat(Value v, int64_t expected) {
  std::optional<APInt> c = getConstantIntSplat(v);
  return c && c->getSExtValue() == expected;
}

/// A splat elements attribute of `type` holding the splat value of `attr`, if
/// `attr` is a splat (dense splat elements, integer or float scalar).
inline Attribute reshapeSplat(Attribute attr, ShapedType type) {
  if (auto splat = dyn_cast_if_present<SplatElementsAttr>(attr))
    return DenseElementsAttr::get(type, splat.getSplatValue<Attribute>());
  if (isa_and_present<IntegerAttr, FloatAttr>(attr))
    return DenseElementsAttr::get(type, attr);
  return {};
}

} // namespace mlir::triton::detail

#endif // TRITON_LIB_DIALECT_TRITON_IR_OPUTILS_H
