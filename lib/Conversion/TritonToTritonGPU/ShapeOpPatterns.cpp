//===- ShapeOpPatterns.cpp - tt shape ops to TTGIR ------------------------===//
//
// expand_dims, broadcast, trans, join, split and cat: the ops whose result
// layout follows from the operand's rather than from the default.
//
//===----------------------------------------------------------------------===//
#include "PatternUtils.h"

#include "Dialect/Triton/IR/LayoutInference.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

/// The CTA encoding `cta` with a dimension of size 1 inserted at `axis`:
/// every basis gets a 0 coordinate there.
static CTAEncodingAttr insertUnitDim(CTAEncodingAttr cta, unsigned axis) {
  SmallVector<SmallVector<int32_t>> bases = cta.getBases();
  for (SmallVector<int32_t> &basis : bases)
    basis.insert(basis.begin() + axis, 0);
  return CTAEncodingAttr::getFromBases(cta.getContext(), cta.getRank() + 1,
                                       bases);
}

template <typename T>
static SmallVector<T> insertAt(ArrayRef<T> values, unsigned pos, T value) {
  SmallVector<T> result(values);
  result.insert(result.begin() + pos, value);
  return result;
}

/// The encoding `infer` derives with the layout-inference interface of
/// `operandEncoding`'s dialect; null when there is none (the interface has
/// then reported why at `loc`).
static Attribute
inferEncoding(Attribute operandEncoding, Location loc,
              function_ref<LogicalResult(const DialectInferLayoutInterface &,
                                         Attribute &)>
                  infer) {
  Attribute result;
  if (failed(inferResultEncoding(operandEncoding, result, loc,
                                 [&](const DialectInferLayoutInterface &iface) {
                                   return infer(iface, result);
                                 })))
    return Attribute();
  return result;
}

namespace {

/// expand_dims(x, axis): the result is blocked like x with a unit dimension
/// inserted at `axis` (dimensions in natural order, as Triton builds it), and
/// x is converted to the slice of that layout along `axis`.
struct ExpandDimsConversion : OpConversionPattern<ExpandDimsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value src = adaptor.getSrc();
    auto srcType = cast<RankedTensorType>(src.getType());
    auto srcEnc = dyn_cast_or_null<BlockedEncodingAttr>(srcType.getEncoding());
    if (!srcEnc)
      return rewriter.notifyMatchFailure(op, "the operand is not blocked");
    unsigned axis = op.getAxis();
    SmallVector<unsigned> order(srcType.getRank() + 1);
    std::iota(order.begin(), order.end(), 0);
    auto resultEnc = BlockedEncodingAttr::get(
        getContext(), insertAt(srcEnc.getSizePerThread(), axis, 1u),
        insertAt(srcEnc.getThreadsPerWarp(), axis, 1u),
        insertAt(srcEnc.getWarpsPerCTA(), axis, 1u), order,
        insertUnitDim(srcEnc.getCTALayout(), axis));
    auto sliceEnc = SliceEncodingAttr::get(
        getContext(), axis, cast<DistributedEncodingTrait>(resultEnc));
    Value slice = ConvertLayoutOp::create(
        rewriter, op.getLoc(), srcType.cloneWithEncoding(sliceEnc), src);
    auto newOp = ExpandDimsOp::create(rewriter, op.getLoc(),
                                      op.getType().cloneWithEncoding(resultEnc),
                                      slice, op.getAxisAttr());
    copyDiscardableAttrs(op, newOp);
    rewriter.replaceOp(op, newOp);
    return success();
  }
};

/// broadcast keeps its operand's layout.
struct BroadcastConversion : OpConversionPattern<BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Attribute srcEnc =
        cast<RankedTensorType>(adaptor.getSrc().getType()).getEncoding();
    if (!srcEnc)
      return rewriter.notifyMatchFailure(op, "the operand has no layout");
    auto newOp = BroadcastOp::create(rewriter, op.getLoc(),
                                     op.getType().cloneWithEncoding(srcEnc),
                                     adaptor.getSrc());
    copyDiscardableAttrs(op, newOp);
    rewriter.replaceOp(op, newOp);
    return success();
  }
};

/// trans: the result layout is the operand's, permuted (layout inference).
struct TransConversion : OpConversionPattern<TransOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(adaptor.getSrc().getType());
    if (!srcType.getEncoding())
      return rewriter.notifyMatchFailure(op, "the operand has no layout");
    Attribute enc = inferEncoding(
        srcType.getEncoding(), op.getLoc(),
        [&](const DialectInferLayoutInterface &iface, Attribute &result) {
          return iface.inferTransOpEncoding(srcType.getEncoding(),
                                            srcType.getShape(), op.getOrder(),
                                            result, op.getLoc());
        });
    if (!enc)
      return rewriter.notifyMatchFailure(op, "no transposed layout");
    auto newOp = TransOp::create(rewriter, op.getLoc(),
                                 op.getType().cloneWithEncoding(enc),
                                 adaptor.getSrc(), op.getOrderAttr());
    copyDiscardableAttrs(op, newOp);
    rewriter.replaceOp(op, newOp);
    return success();
  }
};

/// join: the result layout follows from the operands' (layout inference).
struct JoinConversion : OpConversionPattern<JoinOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(JoinOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(adaptor.getLhs().getType());
    if (!srcType.getEncoding())
      return rewriter.notifyMatchFailure(op, "the operands have no layout");
    Attribute enc = inferEncoding(
        srcType.getEncoding(), op.getLoc(),
        [&](const DialectInferLayoutInterface &iface, Attribute &result) {
          return iface.inferJoinOpEncoding(
              srcType.getEncoding(), srcType.getShape(), result, op.getLoc());
        });
    if (!enc)
      return rewriter.notifyMatchFailure(op, "no joined layout");
    auto newOp = JoinOp::create(rewriter, op.getLoc(),
                                op.getType().cloneWithEncoding(enc),
                                adaptor.getLhs(), adaptor.getRhs());
    copyDiscardableAttrs(op, newOp);
    rewriter.replaceOp(op, newOp);
    return success();
  }
};

/// split needs its operand blocked with the last dimension, of 2 elements
/// per thread, fastest; otherwise the operand is first converted to the
/// default layout of a result with such a dimension appended.
struct SplitConversion : OpConversionPattern<SplitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value src = adaptor.getSrc();
    auto srcType = cast<RankedTensorType>(src.getType());
    unsigned rank = srcType.getRank();
    auto srcEnc = dyn_cast_or_null<BlockedEncodingAttr>(srcType.getEncoding());
    if (!srcEnc || srcEnc.getSizePerThread().back() != 2 ||
        srcEnc.getOrder().front() != rank - 1) {
      const auto &converter = *getTypeConverter<TritonGPUTypeConverter>();
      BlockedEncodingAttr resultEnc =
          converter.getDefaultEncoding(op.getOutLHS().getType().getShape());
      SmallVector<unsigned> order{rank - 1};
      llvm::append_range(order, resultEnc.getOrder());
      srcEnc = BlockedEncodingAttr::get(
          getContext(), insertAt(resultEnc.getSizePerThread(), rank - 1, 2u),
          insertAt(resultEnc.getThreadsPerWarp(), rank - 1, 1u),
          insertAt(resultEnc.getWarpsPerCTA(), rank - 1, 1u), order,
          insertUnitDim(resultEnc.getCTALayout(), rank - 1));
      srcType = srcType.cloneWithEncoding(srcEnc);
      src = ConvertLayoutOp::create(rewriter, op.getLoc(), srcType, src);
    }
    Attribute enc = inferEncoding(
        srcEnc, op.getLoc(),
        [&](const DialectInferLayoutInterface &iface, Attribute &result) {
          return iface.inferSplitOpEncoding(srcEnc, srcType.getShape(), result,
                                            op.getLoc());
        });
    if (!enc)
      return rewriter.notifyMatchFailure(op, "no split layout");
    auto resultType = op.getOutLHS().getType().cloneWithEncoding(enc);
    auto newOp =
        SplitOp::create(rewriter, op.getLoc(), resultType, resultType, src);
    copyDiscardableAttrs(op, newOp);
    rewriter.replaceOp(op, newOp);
    return success();
  }
};

/// cat: the default layout of the result, with enough elements per thread
/// (along the fastest dimension) for both operands, rounded up to a power
/// of two.
struct CatConversion : OpConversionPattern<CatOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "the result has no layout");
    auto resultEnc = dyn_cast<BlockedEncodingAttr>(resultType.getEncoding());
    if (!resultEnc)
      return rewriter.notifyMatchFailure(op, "the result is not blocked");
    unsigned lhsElems = getTotalElemsPerThread(adaptor.getLhs().getType());
    unsigned rhsElems = getTotalElemsPerThread(adaptor.getRhs().getType());
    unsigned resultElems = getTotalElemsPerThread(resultType);
    unsigned neededElems = llvm::PowerOf2Ceil(lhsElems + rhsElems);
    SmallVector<unsigned> sizePerThread(resultEnc.getSizePerThread());
    if (neededElems > resultElems)
      sizePerThread[resultEnc.getOrder().front()] *= neededElems / resultElems;
    auto enc = BlockedEncodingAttr::get(
        getContext(), sizePerThread, resultEnc.getThreadsPerWarp(),
        resultEnc.getWarpsPerCTA(), resultEnc.getOrder(),
        resultEnc.getCTALayout());
    auto newOp =
        CatOp::create(rewriter, op.getLoc(), resultType.cloneWithEncoding(enc),
                      adaptor.getLhs(), adaptor.getRhs());
    copyDiscardableAttrs(op, newOp);
    rewriter.replaceOp(op, newOp);
    return success();
  }
};

} // namespace

void mlir::triton::gpu::populateShapeOpPatterns(
    const TritonGPUTypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<ExpandDimsConversion, BroadcastConversion, TransConversion,
               JoinConversion, SplitConversion, CatConversion>(
      typeConverter, patterns.getContext());
}
