//===- Traits.h - native op traits of the tt dialect ------------*- C++ -*-===//
#ifndef TRITON_DIALECT_TRITON_IR_TRAITS_H
#define TRITON_DIALECT_TRITON_IR_TRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::OpTrait {
namespace impl {
LogicalResult verifyTensorSize(Operation *op);
LogicalResult verifySameOperandsEncoding(Operation *op, bool allowTensorPointers);
LogicalResult verifySameOperandsAndResultEncoding(Operation *op,
                                                  bool allowTensorPointers);
LogicalResult verifySameLoadStoreOperandsShape(Operation *op);
LogicalResult verifySameLoadStoreOperandsAndResultShape(Operation *op);
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
class SameOperandsEncoding : public TraitBase<ConcreteType, SameOperandsEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameOperandsEncoding(op, /*allowTensorPointers=*/false);
  }
};

/// All ranked-tensor operands and results carry the same encoding (or none).
template <typename ConcreteType>
class SameOperandsAndResultEncoding
    : public TraitBase<ConcreteType, SameOperandsAndResultEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameOperandsAndResultEncoding(op, false);
  }
};

template <typename ConcreteType>
class SameLoadStoreOperandsShape
    : public TraitBase<ConcreteType, SameLoadStoreOperandsShape> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameLoadStoreOperandsShape(op);
  }
};

template <typename ConcreteType>
class SameLoadStoreOperandsAndResultShape
    : public TraitBase<ConcreteType, SameLoadStoreOperandsAndResultShape> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameLoadStoreOperandsAndResultShape(op);
  }
};

template <typename ConcreteType>
class SameLoadStoreOperandsEncoding
    : public TraitBase<ConcreteType, SameLoadStoreOperandsEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameOperandsEncoding(op, /*allowTensorPointers=*/true);
  }
};

template <typename ConcreteType>
class SameLoadStoreOperandsAndResultEncoding
    : public TraitBase<ConcreteType, SameLoadStoreOperandsAndResultEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameOperandsAndResultEncoding(op, true);
  }
};

} // namespace mlir::OpTrait

#endif // TRITON_DIALECT_TRITON_IR_TRAITS_H
