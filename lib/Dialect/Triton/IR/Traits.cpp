//===- Traits.cpp - native op traits of the tt dialect --------------------===//
#include "Dialect/Triton/IR/Traits.h"
#include "Dialect/Triton/IR/Types.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;

static LogicalResult verifyOneTensorSize(Operation *op, Type type,
                                         StringRef what) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return success();
  int64_t n = tensor.getNumElements();
  if (n > kMaxTensorNumElements)
    return op->emitOpError() << what << " has " << n
                             << " elements; the maximum is "
                             << kMaxTensorNumElements;
  if (!llvm::isPowerOf2_64(n))
    return op->emitOpError() << what << " has " << n
                             << " elements; Triton tensors must have a "
                                "power-of-two number of elements";
  return success();
}

LogicalResult OpTrait::impl::verifyTensorSize(Operation *op) {
  for (Type t : op->getOperandTypes())
    if (failed(verifyOneTensorSize(op, t, "operand tensor")))
      return failure();
  for (Type t : op->getResultTypes())
    if (failed(verifyOneTensorSize(op, t, "result tensor")))
      return failure();
  return success();
}

/// The encoding of a ranked tensor, or of the block a tensor pointer points
/// to; std::nullopt for types that carry none (scalars).
static std::optional<Attribute> getEncoding(Type type,
                                            bool allowTensorPointers) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getEncoding();
  if (allowTensorPointers)
    if (auto ptr = dyn_cast<PointerType>(type))
      if (auto tensor = dyn_cast<RankedTensorType>(ptr.getPointeeType()))
        return tensor.getEncoding();
  return std::nullopt;
}

static LogicalResult verifySameEncoding(Operation *op, TypeRange types,
                                        bool allowTensorPointers,
                                        StringRef what) {
  std::optional<Attribute> first;
  for (Type t : types) {
    std::optional<Attribute> enc = getEncoding(t, allowTensorPointers);
    if (!enc)
      continue;
    if (!first) {
      first = enc;
      continue;
    }
    if (*first != *enc)
      return op->emitOpError() << "requires the same encoding for all " << what;
  }
  return success();
}

LogicalResult OpTrait::impl::verifySameOperandsEncoding(Operation *op,
                                                        bool allowTensorPtrs) {
  return verifySameEncoding(op, op->getOperandTypes(), allowTensorPtrs,
                            "operands");
}

LogicalResult
OpTrait::impl::verifySameOperandsAndResultEncoding(Operation *op,
                                                   bool allowTensorPtrs) {
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  return verifySameEncoding(op, types, allowTensorPtrs,
                            "operands and results");
}

/// The shape a load/store operand contributes: a tensor's shape, a tensor
/// pointer's block shape, none for a scalar.
static std::optional<ArrayRef<int64_t>> getLoadStoreShape(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getShape();
  if (auto ptr = dyn_cast<PointerType>(type))
    if (auto tensor = dyn_cast<RankedTensorType>(ptr.getPointeeType()))
      return tensor.getShape();
  return std::nullopt;
}

static LogicalResult verifyLoadStoreShapes(Operation *op, TypeRange types) {
  std::optional<ArrayRef<int64_t>> first;
  bool sawScalar = false;
  for (Type t : types) {
    std::optional<ArrayRef<int64_t>> shape = getLoadStoreShape(t);
    if (!shape) {
      sawScalar = true;
      continue;
    }
    if (!first)
      first = shape;
    else if (*first != *shape)
      return op->emitOpError()
             << "requires the same shape for the pointer, mask, value and "
                "result";
  }
  if (first && sawScalar)
    return op->emitOpError() << "cannot mix scalar and tensor operands";
  return success();
}

LogicalResult OpTrait::impl::verifySameLoadStoreOperandsShape(Operation *op) {
  return verifyLoadStoreShapes(op, op->getOperandTypes());
}

LogicalResult
OpTrait::impl::verifySameLoadStoreOperandsAndResultShape(Operation *op) {
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  return verifyLoadStoreShapes(op, types);
}
