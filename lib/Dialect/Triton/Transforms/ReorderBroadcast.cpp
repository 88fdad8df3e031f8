//===- ReorderBroadcast.cpp - elementwise work before splat/broadcast -----===//
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/Triton/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "triton-reorder-broadcast"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONREORDERBROADCAST
#include "Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

/// A side-effect-free elementwise op with tensor results and no regions.
static bool isMovableElementwise(Operation *op) {
  return op->hasTrait<OpTrait::Elementwise>() && isMemoryEffectFree(op) &&
         op->getNumRegions() == 0 && op->getNumResults() > 0 &&
         llvm::all_of(op->getResultTypes(),
                      [](Type t) { return isa<RankedTensorType>(t); });
}

/// The splat value of a constant tensor operand, if it is one.
static std::optional<TypedAttr> getSplatConstant(Value v) {
  SplatElementsAttr splat;
  if (matchPattern(v, m_Constant(&splat)))
    return cast<TypedAttr>(splat.getSplatValue<Attribute>());
  return std::nullopt;
}

/// Clones `op` on new operands, giving result i the element type of the old
/// result i shaped by `shapeOf` (a scalar when `shapeOf` returns null).
static Operation *cloneWithShape(PatternRewriter &rewriter, Operation *op,
                                 ValueRange operands,
                                 RankedTensorType newShape) {
  Operation *clone = rewriter.clone(*op);
  clone->setOperands(operands);
  for (auto [oldRes, newRes] :
       llvm::zip(op->getResults(), clone->getResults())) {
    Type elt = cast<RankedTensorType>(oldRes.getType()).getElementType();
    newRes.setType(newShape ? Type(newShape.clone(elt)) : elt);
  }
  return clone;
}

namespace {

/// elementwise(splat(a), splat(b), const-splat) -> splat(elementwise(a, b, c)):
/// compute once on scalars.
struct MoveSplatAfterElementwise
    : OpTraitRewritePattern<OpTrait::Elementwise> {
  using OpTraitRewritePattern::OpTraitRewritePattern;
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isMovableElementwise(op) || op->getNumOperands() == 0)
      return failure();
    bool sawSplat = false;
    for (Value v : op->getOperands()) {
      if (v.getDefiningOp<SplatOp>())
        sawSplat = true;
      else if (!getSplatConstant(v))
        return failure();
    }
    if (!sawSplat)
      return failure();
    SmallVector<Value> scalars;
    for (Value v : op->getOperands()) {
      if (auto splat = v.getDefiningOp<SplatOp>()) {
        scalars.push_back(splat.getSrc());
        continue;
      }
      TypedAttr c = *getSplatConstant(v);
      scalars.push_back(
          arith::ConstantOp::materialize(rewriter, c, c.getType(), op->getLoc())
              ->getResult(0));
    }
    Operation *scalarOp = cloneWithShape(rewriter, op, scalars, nullptr);
    SmallVector<Value> results;
    for (auto [oldRes, newRes] :
         llvm::zip(op->getResults(), scalarOp->getResults()))
      results.push_back(
          SplatOp::create(rewriter, op->getLoc(), oldRes.getType(), newRes));
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// elementwise(broadcast(a), broadcast(b), splat(c)) ->
/// broadcast(elementwise(a, b, splat(c))) when every broadcast starts from
/// the same shape: compute on the small tensor, then broadcast.
struct MoveBroadcastAfterElementwise
    : OpTraitRewritePattern<OpTrait::Elementwise> {
  using OpTraitRewritePattern::OpTraitRewritePattern;
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isMovableElementwise(op))
      return failure();
    RankedTensorType srcType;
    for (Value v : op->getOperands()) {
      if (auto bc = v.getDefiningOp<BroadcastOp>()) {
        auto t = bc.getSrc().getType();
        if (srcType && srcType.getShape() != t.getShape())
          return failure();
        if (srcType && srcType.getEncoding() != t.getEncoding())
          return failure();
        srcType = t;
      } else if (!v.getDefiningOp<SplatOp>() && !getSplatConstant(v)) {
        return failure();
      }
    }
    if (!srcType)
      return failure();
    SmallVector<Value> operands;
    for (Value v : op->getOperands()) {
      auto eltType = cast<RankedTensorType>(v.getType()).getElementType();
      auto smallType = srcType.clone(eltType);
      if (auto bc = v.getDefiningOp<BroadcastOp>()) {
        operands.push_back(bc.getSrc());
      } else if (auto splat = v.getDefiningOp<SplatOp>()) {
        operands.push_back(
            SplatOp::create(rewriter, op->getLoc(), smallType, splat.getSrc()));
      } else {
        TypedAttr c = *getSplatConstant(v);
        operands.push_back(arith::ConstantOp::create(
            rewriter, op->getLoc(), smallType,
            DenseElementsAttr::get(smallType, Attribute(c))));
      }
    }
    Operation *smallOp = cloneWithShape(rewriter, op, operands, srcType);
    SmallVector<Value> results;
    for (auto [oldRes, newRes] :
         llvm::zip(op->getResults(), smallOp->getResults()))
      results.push_back(
          BroadcastOp::create(rewriter, op->getLoc(), oldRes.getType(), newRes));
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct ReorderBroadcastPass
    : public triton::impl::TritonReorderBroadcastBase<ReorderBroadcastPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<MoveSplatAfterElementwise, MoveBroadcastAfterElementwise>(
        context);
    // expand_dims(splat) -> splat and expand_dims(broadcast) ->
    // broadcast(expand_dims) expose more broadcasts to move.
    ExpandDimsOp::getCanonicalizationPatterns(patterns, context);
    BroadcastOp::getCanonicalizationPatterns(patterns, context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
