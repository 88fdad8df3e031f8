//===- Combine.cpp - peephole combinations of tt ops (triton-combine) -----===//
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/Triton/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "triton-combine"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONCOMBINEOPS
#include "Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

/// True if `v` is a constant whose elements are all zero (+0.0 for floats).
static bool isZeroConstant(Value v) {
  return matchPattern(v, m_Zero()) || matchPattern(v, m_PosZeroFloat());
}

namespace {

/// add(dot(a, b, 0), d) -> dot(a, b, d), for arith.addi and arith.addf with
/// the dot on either side. Float dots must accumulate at full precision
/// (maxNumImpreciseAcc == 0): a limited-precision accumulator would round d.
template <typename AddOpT>
struct CombineDotAdd : OpRewritePattern<AddOpT> {
  using OpRewritePattern<AddOpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(AddOpT add,
                                PatternRewriter &rewriter) const override {
    for (unsigned i = 0; i < 2; ++i) {
      auto dot = add->getOperand(i).template getDefiningOp<DotOp>();
      Value other = add->getOperand(1 - i);
      if (!dot || !dot->hasOneUse() || !isZeroConstant(dot.getC()))
        continue;
      if (other.getType() != dot.getType())
        continue;
      if (std::is_same_v<AddOpT, arith::AddFOp> &&
          dot.getMaxNumImpreciseAcc() != 0)
        continue;
      rewriter.replaceOpWithNewOp<DotOp>(
          add, dot.getType(), dot.getA(), dot.getB(), other,
          dot.getInputPrecision(), dot.getMaxNumImpreciseAcc());
      return success();
    }
    return failure();
  }
};

/// addptr(addptr(p, i), j) -> addptr(p, i + j). Offsets are signed element
/// counts: summing two i32 offsets could wrap where two separate additions
/// to a 64-bit address would not, so only 64-bit offsets, or constants whose
/// sum fits, are combined.
static bool isAddPtrOffsetCombinable(Value first, Value second) {
  if (first.getType() != second.getType())
    return false;
  if (getElementTypeOrSelf(first.getType()).getIntOrFloatBitWidth() == 64)
    return true;
  APInt a, b;
  if (!matchPattern(first, m_ConstantInt(&a)) ||
      !matchPattern(second, m_ConstantInt(&b)))
    return false;
  bool overflow = false;
  (void)a.sadd_ov(b, overflow);
  return !overflow;
}

struct CombineAddPtr : OpRewritePattern<AddPtrOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AddPtrOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getPtr().getDefiningOp<AddPtrOp>();
    if (!inner || !isAddPtrOffsetCombinable(inner.getOffset(), op.getOffset()))
      return failure();
    Value sum = arith::AddIOp::create(rewriter, op.getLoc(), inner.getOffset(),
                                      op.getOffset());
    rewriter.replaceOpWithNewOp<AddPtrOp>(op, op.getType(), inner.getPtr(),
                                          sum);
    return success();
  }
};

/// select(c, load(p, splat(c)), o) -> load(p, splat(c), o): the load's own
/// `other` already gives `o` where c is false.
struct CombineSelectMaskedLoad : OpRewritePattern<arith::SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::SelectOp select,
                                PatternRewriter &rewriter) const override {
    auto load = select.getTrueValue().getDefiningOp<LoadOp>();
    if (!load || !load->hasOneUse() || !load.getMask() || load.getOther())
      return failure();
    auto splat = load.getMask().getDefiningOp<SplatOp>();
    if (!splat || splat.getSrc() != select.getCondition())
      return failure();
    rewriter.replaceOpWithNewOp<LoadOp>(
        select, load.getPtr(), load.getMask(), select.getFalseValue(),
        load.getBoundaryCheck(), load.getPadding(), load.getCache(),
        load.getEvict(), load.getIsVolatile());
    return success();
  }
};

/// sum(broadcast(a[:, :, None]) * broadcast(b[None, :, :]), axis=1) ->
/// dot(a, b, 0): an outer-product reduction is a matrix product. Only for
/// float tensors of at least 16 along every dimension, which tensor cores
/// can take.
struct CombineBroadcastMulReduce : OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceOp reduce,
                                PatternRewriter &rewriter) const override {
    if (reduce.getAxis() != 1 || reduce.getSrcs().size() != 1)
      return failure();
    Operation *combiner = reduce.getSingleCombiner();
    if (!isa_and_present<arith::AddFOp>(combiner))
      return failure();
    auto mul = reduce.getSrcs()[0].getDefiningOp<arith::MulFOp>();
    if (!mul || !mul->hasOneUse())
      return failure();
    auto lhsBc = mul.getLhs().getDefiningOp<BroadcastOp>();
    auto rhsBc = mul.getRhs().getDefiningOp<BroadcastOp>();
    if (!lhsBc || !rhsBc)
      return failure();
    auto lhsExp = lhsBc.getSrc().getDefiningOp<ExpandDimsOp>();
    auto rhsExp = rhsBc.getSrc().getDefiningOp<ExpandDimsOp>();
    if (!lhsExp || !rhsExp || lhsExp.getAxis() != 2 || rhsExp.getAxis() != 0)
      return failure();
    Value a = lhsExp.getSrc();
    Value b = rhsExp.getSrc();
    auto aType = cast<RankedTensorType>(a.getType());
    auto bType = cast<RankedTensorType>(b.getType());
    if (aType.getRank() != 2 || bType.getRank() != 2 ||
        aType.getShape()[1] != bType.getShape()[0] ||
        aType.getEncoding() || bType.getEncoding())
      return failure();
    if (!isa<FloatType>(aType.getElementType()) ||
        aType.getElementType() != bType.getElementType())
      return failure();
    if (llvm::any_of(aType.getShape(), [](int64_t d) { return d < 16; }) ||
        bType.getShape()[1] < 16)
      return failure();
    auto resultType = cast<RankedTensorType>(reduce.getResult()[0].getType());
    if (resultType.getElementType() != aType.getElementType())
      return failure();
    Value zero = arith::ConstantOp::create(
        rewriter, reduce.getLoc(), resultType,
        DenseElementsAttr::get(resultType,
                               rewriter.getZeroAttr(resultType.getElementType())));
    rewriter.replaceOpWithNewOp<DotOp>(reduce, resultType, a, b, zero,
                                       InputPrecision::IEEE, 0);
    return success();
  }
};

struct CombineOpsPass
    : public triton::impl::TritonCombineOpsBase<CombineOpsPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<CombineDotAdd<arith::AddIOp>, CombineDotAdd<arith::AddFOp>,
                 CombineAddPtr, CombineSelectMaskedLoad,
                 CombineBroadcastMulReduce>(context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
