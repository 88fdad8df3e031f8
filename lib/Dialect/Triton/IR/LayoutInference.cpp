//===- LayoutInference.cpp - result encodings of tt shape ops -------------===//
#include "Dialect/Triton/IR/LayoutInference.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;

const DialectInferLayoutInterface *
mlir::triton::getLayoutInference(Attribute encoding) {
  if (!encoding)
    return nullptr;
  return dyn_cast<DialectInferLayoutInterface>(&encoding.getDialect());
}

LogicalResult mlir::triton::inferResultEncoding(
    Attribute encoding, Attribute &result, std::optional<Location> loc,
    function_ref<LogicalResult(const DialectInferLayoutInterface &)> infer) {
  result = Attribute();
  if (!encoding)
    return success();
  const DialectInferLayoutInterface *iface = getLayoutInference(encoding);
  if (!iface) {
    if (loc)
      emitError(*loc) << "no layout inference for encoding " << encoding;
    return failure();
  }
  return infer(*iface);
}

LogicalResult mlir::triton::verifyResultEncoding(
    Operation *op, Attribute operandEncoding, RankedTensorType resultType,
    bool mustInfer,
    function_ref<LogicalResult(const DialectInferLayoutInterface &,
                               Attribute &, std::optional<Location>)>
        infer) {
  Attribute resultEncoding = resultType.getEncoding();
  if (!operandEncoding) {
    if (resultEncoding)
      return op->emitOpError("result has encoding ")
             << resultEncoding << " but the operand has none";
    return success();
  }
  const DialectInferLayoutInterface *iface =
      getLayoutInference(operandEncoding);
  if (!iface)
    return success();
  Attribute expected;
  std::optional<Location> loc;
  if (mustInfer)
    loc = op->getLoc();
  if (failed(infer(*iface, expected, loc)))
    return failure(mustInfer);
  if (expected != resultEncoding &&
      failed(iface->verifyLayoutsAreEqual(resultType.getShape(), expected,
                                          resultEncoding, std::nullopt)))
    return op->emitOpError("result encoding ")
           << resultEncoding << " does not match " << expected
           << ", the encoding inferred from the operand's";
  return success();
}
