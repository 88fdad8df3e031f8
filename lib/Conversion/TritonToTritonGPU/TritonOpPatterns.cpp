//===- TritonOpPatterns.cpp - tt ops to TTGIR -----------------------------===//
//
// dot, reduce, descriptor gather/scatter and functions; every other tt op
// only needs its types converted (GenericOpConversion).
//
//===----------------------------------------------------------------------===//
#include "PatternUtils.h"

#include "Dialect/Triton/IR/LayoutInference.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// dot: the accumulator and result take a blocked layout with a 4x4 tile of
/// elements per thread when each thread holds at least 16 result elements,
/// 2x2 with at least 4, else 1x1 (never more than the matrix has), and A and
/// B the #ttg.dot_op layouts of it. As in Triton, the accumulator always
/// goes through a convert_layout.
struct DotConversion : OpConversionPattern<DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const auto &converter = *getTypeConverter<TritonGPUTypeConverter>();
    RankedTensorType type = op.getType();
    ArrayRef<int64_t> shape = type.getShape();
    unsigned rank = shape.size();
    int64_t elemsPerThread =
        type.getNumElements() /
        (converter.getNumWarps() * converter.getThreadsPerWarp());
    unsigned tile = elemsPerThread >= 16 ? 4 : elemsPerThread >= 4 ? 2 : 1;
    SmallVector<unsigned> sizePerThread(rank, 1);
    for (unsigned dim : {rank - 2, rank - 1})
      sizePerThread[dim] = std::min<int64_t>(tile, shape[dim]);
    SmallVector<unsigned> order;
    for (unsigned dim = rank; dim-- > 0;)
      order.push_back(dim);
    auto resultEnc = BlockedEncodingAttr::get(
        getContext(), shape, sizePerThread, order, converter.getNumWarps(),
        converter.getThreadsPerWarp(), converter.getNumCTAs());
    RankedTensorType resultType = type.cloneWithEncoding(resultEnc);

    // A and B keep a dot operand layout they already have.
    auto toOperand = [&](Value v, unsigned opIdx) -> Value {
      auto vType = cast<RankedTensorType>(v.getType());
      if (isa_and_nonnull<DotOperandEncodingAttr>(vType.getEncoding()))
        return v;
      auto enc = DotOperandEncodingAttr::get(getContext(), opIdx, resultEnc);
      return ConvertLayoutOp::create(rewriter, v.getLoc(),
                                     vType.cloneWithEncoding(enc), v);
    };
    Value a = toOperand(adaptor.getA(), 0);
    Value b = toOperand(adaptor.getB(), 1);
    Value c = ConvertLayoutOp::create(rewriter, adaptor.getC().getLoc(),
                                      resultType, adaptor.getC());
    auto newOp = DotOp::create(rewriter, op.getLoc(), resultType, a, b, c,
                               op.getInputPrecisionAttr(),
                               op.getMaxNumImpreciseAccAttr());
    copyDiscardableAttrs(op, newOp);
    rewriter.replaceOp(op, newOp);
    return success();
  }
};

/// reduce: each result takes the slice of its operand's layout along the
/// reduced axis (layout inference); a 1-D operand reduces to a scalar.
struct ReduceConversion : OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    unsigned axis = op.getAxis();
    SmallVector<Type> resultTypes;
    for (Value src : adaptor.getSrcs()) {
      auto srcType = cast<RankedTensorType>(src.getType());
      if (srcType.getRank() == 1) {
        resultTypes.push_back(srcType.getElementType());
        continue;
      }
      Attribute enc;
      if (!srcType.getEncoding() ||
          failed(inferResultEncoding(
              srcType.getEncoding(), enc, op.getLoc(),
              [&](const DialectInferLayoutInterface &iface) {
                return iface.inferReduceOpEncoding(srcType.getEncoding(), axis,
                                                   enc, op.getLoc());
              })))
        return rewriter.notifyMatchFailure(op, "no layout for a result");
      SmallVector<int64_t> shape(srcType.getShape());
      shape.erase(shape.begin() + axis);
      resultTypes.push_back(
          RankedTensorType::get(shape, srcType.getElementType(), enc));
    }
    auto newOp = ReduceOp::create(rewriter, op.getLoc(), resultTypes,
                                  adaptor.getSrcs(), op.getAxisAttr());
    copyDiscardableAttrs(op, newOp);
    rewriter.inlineRegionBefore(op.getCombineOp(), newOp.getCombineOp(),
                                newOp.getCombineOp().end());
    if (failed(rewriter.convertRegionTypes(&newOp.getCombineOp(),
                                           *getTypeConverter())))
      return rewriter.notifyMatchFailure(op, "a block argument has no layout");
    rewriter.replaceOp(op, newOp);
    return success();
  }
};

/// descriptor_gather / descriptor_scatter: TMA gather4 and scatter4 need
/// each thread to hold 4 consecutive row offsets, so the offsets take the
/// slice along dim 0 of a [1, 4]-per-thread blocked layout.
template <typename OpT>
struct DescriptorRowsConversion : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  using OpAdaptor = typename OpConversionPattern<OpT>::OpAdaptor;

  LogicalResult
  matchAndRewrite(OpT op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const auto &converter =
        *this->template getTypeConverter<TritonGPUTypeConverter>();
    MLIRContext *context = op.getContext();
    unsigned threads = converter.getThreadsPerWarp();
    unsigned warps = converter.getNumWarps();
    auto parent = BlockedEncodingAttr::get(
        context, {1, 4}, {threads, 1}, {1, warps}, {1, 0},
        CTAEncodingAttr::getDefault(context, 2));
    auto enc = SliceEncodingAttr::get(context, 0,
                                      cast<DistributedEncodingTrait>(parent));

    SmallVector<Value> operands(adaptor.getOperands());
    unsigned index = op.getXOffsetsMutable().getOperandNumber();
    auto offsetsType = cast<RankedTensorType>(operands[index].getType());
    if (offsetsType.getEncoding() != enc)
      operands[index] = ConvertLayoutOp::create(
          rewriter, op.getLoc(), offsetsType.cloneWithEncoding(enc),
          operands[index]);
    return replaceWithConvertedTypes(op, operands, *this->getTypeConverter(),
                                     rewriter);
  }
};

/// tt.func: the signature and the argument types of every block of the body
/// are converted in place (attributes, argument attributes and visibility
/// stay as they are).
struct FuncConversion : OpConversionPattern<FuncOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(FuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &converter = *getTypeConverter();
    FunctionType type = op.getFunctionType();
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    if (failed(converter.convertSignatureArgs(type.getInputs(), signature)))
      return rewriter.notifyMatchFailure(op, "an argument has no layout");
    SmallVector<Type> results;
    if (failed(converter.convertTypes(type.getResults(), results)))
      return rewriter.notifyMatchFailure(op, "a result has no layout");
    if (!op.isExternal() && failed(rewriter.convertRegionTypes(
                                &op.getBody(), converter, &signature)))
      return rewriter.notifyMatchFailure(op, "a block argument has no layout");
    rewriter.modifyOpInPlace(op, [&] {
      op.setFunctionType(FunctionType::get(
          getContext(), signature.getConvertedTypes(), results));
    });
    return success();
  }
};

} // namespace

void mlir::triton::gpu::populateTritonToTritonGPUPatterns(
    const TritonGPUTypeConverter &typeConverter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  // Elementwise and memory ops, calls, returns and the ops whose results
  // take the layout of their (converted) operands.
  addGenericConversions<
      AddPtrOp, AdvanceOp, AssertOp, AtomicCASOp, AtomicRMWOp, BitcastOp,
      CallOp, ClampFOp, DescriptorLoadOp, DescriptorReduceOp, DescriptorStoreOp,
      DotScaledOp, ElementwiseInlineAsmOp, ExternElementwiseOp, FpToFpOp,
      GatherOp, HistogramOp, IntToPtrOp, LoadOp, MakeRangeOp, MakeTensorDescOp,
      MakeTensorPtrOp, MapElementwiseOp, MapElementwiseReturnOp, MulhiUIOp,
      PreciseDivFOp, PreciseSqrtOp, PrintOp, PtrToIntOp, ReduceReturnOp,
      ReshapeOp, ReturnOp, ScanOp, ScanReturnOp, SplatOp, StoreOp, UnsplatOp>(
      typeConverter, patterns);
  populateShapeOpPatterns(typeConverter, patterns);
  patterns.add<DotConversion, ReduceConversion,
               DescriptorRowsConversion<DescriptorGatherOp>,
               DescriptorRowsConversion<DescriptorScatterOp>, FuncConversion>(
      typeConverter, context);
}
