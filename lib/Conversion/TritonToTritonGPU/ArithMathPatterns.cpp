//===- ArithMathPatterns.cpp - arith, math and ub ops to TTGIR ------------===//
#include "PatternUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/UB/IR/UBOps.h"

using namespace mlir;
using namespace mlir::triton::gpu;

namespace {

/// A tensor constant keeps its values and gains the layout of its type.
struct ArithConstantConversion : OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "the result has no layout");
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!value)
      return rewriter.notifyMatchFailure(
          op, "only dense tensor constants take a layout");
    auto newOp = arith::ConstantOp::create(rewriter, op.getLoc(), type,
                                           value.reshape(type));
    copyDiscardableAttrs(op, newOp);
    rewriter.replaceOp(op, newOp);
    return success();
  }
};

} // namespace

void mlir::triton::gpu::populateArithMathToTritonGPUPatterns(
    const TritonGPUTypeConverter &typeConverter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ArithConstantConversion>(typeConverter, context);
  // Every other arith and math op computes elementwise (or, for casts and
  // comparisons, shape-preserving): same op, same attributes, types in the
  // default layout.
  // (Not MLIRContext::getRegisteredOperationsByDialect: it binary-searches
  // a list sorted by op name for a dialect namespace, and misses dialects
  // once some other loaded dialect's op names break that order, e.g. when a
  // program loads every registered dialect up front.)
  for (RegisteredOperationName name : context->getRegisteredOperations()) {
    StringRef dialect = name.getDialect().getNamespace();
    if (dialect != arith::ArithDialect::getDialectNamespace() &&
        dialect != math::MathDialect::getDialectNamespace())
      continue;
    if (name.getStringRef() == arith::ConstantOp::getOperationName())
      continue;
    patterns.add<GenericOpConversion>(typeConverter, name.getStringRef(),
                                      context);
  }
  addGenericConversions<ub::PoisonOp>(typeConverter, patterns);
}
