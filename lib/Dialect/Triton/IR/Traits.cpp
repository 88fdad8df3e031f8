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
    return op->emitOpError()
           << what << " has " << n << " elements; the maximum is "
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

/// Fails unless every ranked tensor among `types` has the same encoding (or
/// none). Scalars carry no encoding and are skipped.
static LogicalResult verifySameEncoding(Operation *op, TypeRange types,
                                        StringRef what) {
  std::optional<Attribute> first;
  for (Type t : types) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    if (!tensor)
      continue;
    if (!first)
      first = tensor.getEncoding();
    else if (*first != tensor.getEncoding())
      return op->emitOpError() << "requires the same encoding for all " << what;
  }
  return success();
}

LogicalResult OpTrait::impl::verifySameOperandsEncoding(Operation *op) {
  return verifySameEncoding(op, op->getOperandTypes(), "operands");
}

LogicalResult
OpTrait::impl::verifySameOperandsAndResultEncoding(Operation *op) {
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  return verifySameEncoding(op, types, "operands and results");
}
