//===- LayoutOps.cpp - convert_layout (folds, canonicalization), fp4_to_fp ===//
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

//===----------------------------------------------------------------------===//
// ConvertLayoutOp
//===----------------------------------------------------------------------===//

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor) {
  // cvt(x) -> x when nothing changes; cvt(cvt(x)) -> x when it converts back.
  if (getSrc().getType() == getType())
    return getSrc();
  if (auto inner = getSrc().getDefiningOp<ConvertLayoutOp>())
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
  return {};
}

namespace {
/// Folds a conversion into the op producing its operand when that op can
/// produce any layout: cvt(cvt(x)) -> cvt(x), cvt(splat(x)) -> splat(x),
/// cvt(make_range) -> make_range, cvt(dense constant) -> constant,
/// cvt(local_load(m)) -> local_load(m), cvt(histogram(x)) -> histogram(x).
/// As in Triton, an mma -> dot_op conversion is left alone (fused attention
/// relies on it).
struct FoldConvertIntoProducer : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType dstType = op.getType();
    if (isa<DotOperandEncodingAttr>(dstType.getEncoding()) &&
        isa<NvidiaMmaEncodingAttr>(op.getSrc().getType().getEncoding()))
      return failure();
    Operation *def = op.getSrc().getDefiningOp();
    if (!def)
      return failure();
    if (auto inner = dyn_cast<ConvertLayoutOp>(def)) {
      rewriter.replaceOpWithNewOp<ConvertLayoutOp>(op, dstType,
                                                   inner.getSrc());
      return success();
    }
    if (auto splat = dyn_cast<SplatOp>(def)) {
      rewriter.replaceOpWithNewOp<SplatOp>(op, dstType, splat.getSrc());
      return success();
    }
    if (auto range = dyn_cast<MakeRangeOp>(def)) {
      rewriter.replaceOpWithNewOp<MakeRangeOp>(op, dstType, range.getStart(),
                                               range.getEnd());
      return success();
    }
    if (auto cst = dyn_cast<arith::ConstantOp>(def)) {
      // Any dense constant: same elements, new layout.
      auto value = dyn_cast<DenseElementsAttr>(cst.getValue());
      if (!value)
        return failure();
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(op,
                                                     value.reshape(dstType));
      return success();
    }
    if (auto load = dyn_cast<LocalLoadOp>(def)) {
      // Load in the new layout where the old load was: stores to the buffer
      // may sit between the load and the conversion.
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(load);
      auto newLoad = LocalLoadOp::create(rewriter, load.getLoc(), dstType,
                                         load.getSrc(), load.getToken());
      rewriter.replaceOp(op, newLoad.getResult());
      return success();
    }
    if (auto histogram = dyn_cast<HistogramOp>(def)) {
      // A histogram's result layout does not depend on its input's.
      rewriter.replaceOpWithNewOp<HistogramOp>(op, dstType, histogram.getSrc(),
                                               histogram.getMask());
      return success();
    }
    return failure();
  }
};

/// local_alloc(cvt(x)) -> local_alloc(x): shared memory takes any layout.
struct FoldConvertIntoAlloc : public OpRewritePattern<LocalAllocOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LocalAllocOp op,
                                PatternRewriter &rewriter) const override {
    Value src = op.getSrc();
    auto cvt = src ? src.getDefiningOp<ConvertLayoutOp>() : ConvertLayoutOp();
    if (!cvt)
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getSrcMutable().assign(cvt.getSrc()); });
    return success();
  }
};

/// local_store(cvt(x), m) -> local_store(x, m).
struct FoldConvertIntoLocalStore : public OpRewritePattern<LocalStoreOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LocalStoreOp op,
                                PatternRewriter &rewriter) const override {
    auto cvt = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!cvt)
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getSrcMutable().assign(cvt.getSrc()); });
    return success();
  }
};

/// gather(cvt(x), idx) -> gather(x, idx) unless the compiler chose the
/// source layout (efficient_layout): a plain gather goes through shared
/// memory, where the source layout does not matter.
struct FoldConvertIntoGatherSource : public OpRewritePattern<GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(GatherOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getEfficientLayout())
      return failure();
    auto cvt = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!cvt)
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getSrcMutable().assign(cvt.getSrc()); });
    return success();
  }
};
} // namespace

void ConvertLayoutOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                                  MLIRContext *context) {
  patterns.add<FoldConvertIntoProducer, FoldConvertIntoAlloc,
               FoldConvertIntoLocalStore, FoldConvertIntoGatherSource>(
      context);
}

//===----------------------------------------------------------------------===//
// Fp4ToFpOp
//===----------------------------------------------------------------------===//

LogicalResult Fp4ToFpOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType resType = getType();
  Type elemType = resType.getElementType();
  if (!elemType.isBF16() && !elemType.isF16())
    return emitOpError("only bf16 or f16 is supported for now, got ")
           << elemType;
  int64_t rank = srcType.getRank();
  if (resType.getRank() != rank)
    return emitOpError("source rank ")
           << rank << " != result rank " << resType.getRank();
  int64_t axis = getAxis();
  if (axis < 0 || axis >= rank)
    return emitOpError("axis ") << axis << " out of range for rank " << rank;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t expected = srcType.getDimSize(d) * (d == axis ? 2 : 1);
    if (resType.getDimSize(d) != expected)
      return emitOpError("result dimension ")
             << d << " must be " << expected << " (source "
             << srcType.getDimSize(d) << (d == axis ? ", doubled along axis)"
                                                    : ")");
  }
  if (bool(srcType.getEncoding()) != bool(resType.getEncoding()))
    return emitOpError(
        "source and result must both have an encoding, or neither");
  return success();
}
