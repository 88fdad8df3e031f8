//===- Traits.h - native op traits of the tt dialect ------------*- C++ -*-===//
#ifndef TRITON_DIALECT_TRITON_IR_TRAITS_H
#define TRITON_DIALECT_TRITON_IR_TRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::OpTrait {
namespace impl {
LogicalResult verifyTensorSize(Operation *op);
LogicalResult verifySameOperandsEncoding(Operation *op);
LogicalResult verifySameOperandsAndResultEncoding(Operation *op);
} // namespace impl

/// Every tensor operand and result has a power-of-two number of elements, at
/// most mlir::triton::kMaxTensorNumElements.
template <typename ConcreteType>
class TensorSizeTrait : public TraitBase<ConcreteType, TensorSizeTrait> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyTensorSize(op);
  }
};

/// All ranked-tensor operands carry the same encoding (or none).
template <typename ConcreteType>
class SameOperandsEncoding
    : public TraitBase<ConcreteType, SameOperandsEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameOperandsEncoding(op);
  }
};

/// All ranked-tensor operands and results carry the same encoding (or none).
template <typename ConcreteType>
class SameOperandsAndResultEncoding
    : public TraitBase<ConcreteType, SameOperandsAndResultEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameOperandsAndResultEncoding(op);
  }
};

} // namespace mlir::OpTrait

#endif // TRITON_DIALECT_TRITON_IR_TRAITS_H
