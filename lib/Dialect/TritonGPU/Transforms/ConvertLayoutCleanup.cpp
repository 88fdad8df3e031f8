//===- ConvertLayoutCleanup.cpp - fold conversions away -------------------===//
//
// Rewrites that remove a ttg.convert_layout without changing what any thread
// computes: a conversion to the same type, a conversion of a conversion, and
// a conversion of a value that can be built directly in the target layout
// (splat, make_range, dense constant).
//
//===----------------------------------------------------------------------===//
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/Transforms/LayoutUtility.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::triton::gpu {
namespace {

struct FoldConvertLayout : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConvertLayoutOp convert,
                                PatternRewriter &rewriter) const override {
    Value src = convert.getSrc();
    RankedTensorType dstType = convert.getType();
    if (src.getType() == dstType) {
      rewriter.replaceOp(convert, src);
      return success();
    }
    Operation *def = src.getDefiningOp();
    if (!def)
      return failure();
    if (auto inner = dyn_cast<ConvertLayoutOp>(def)) {
      rewriter.replaceOpWithNewOp<ConvertLayoutOp>(convert, dstType,
                                                   inner.getSrc());
      return success();
    }
    if (auto splat = dyn_cast<SplatOp>(def)) {
      rewriter.replaceOpWithNewOp<SplatOp>(convert, dstType, splat.getSrc());
      return success();
    }
    if (auto range = dyn_cast<MakeRangeOp>(def)) {
      rewriter.replaceOpWithNewOp<MakeRangeOp>(convert, dstType,
                                               range.getStart(),
                                               range.getEnd());
      return success();
    }
    if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
      auto value = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!value)
        return failure();
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(convert, dstType,
                                                     value.reshape(dstType));
      return success();
    }
    return failure();
  }
};

} // namespace

void populateConvertLayoutCleanupPatterns(RewritePatternSet &patterns) {
  patterns.add<FoldConvertLayout>(patterns.getContext());
}

} // namespace mlir::triton::gpu
