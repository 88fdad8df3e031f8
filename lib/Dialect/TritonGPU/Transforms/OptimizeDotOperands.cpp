//===- OptimizeDotOperands.cpp - tritongpu-optimize-dot-operands ----------===//
//
// Simplifies the way dot operands reach their layouts: transpositions of
// wgmma operands become memdesc views, conversions to dot operand layouts
// move up to the load, and wgmma's A stays in registers when it comes from
// an mma v3 accumulator.
//
//===----------------------------------------------------------------------===//
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "tritongpu-optimize-dot-operands"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUOPTIMIZEDOTOPERANDS
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// True for an inline asm op with one operand and one result, no side
/// effects, one element at a time.
bool isPureUnaryInlineAsm(Operation *op) {
  auto asmOp = dyn_cast<ElementwiseInlineAsmOp>(op);
  return asmOp && asmOp->getNumOperands() == 1 &&
         asmOp->getNumResults() == 1 && asmOp.getPure();
}

/// Whether a conversion to `dotEncoding` may move above `op`: elementwise
/// conversions and arithmetic whose lowering from shared memory to the dot
/// operand layout is supported.
bool canHoistThrough(Operation *op, DotOperandEncodingAttr dotEncoding) {
  if (!isa<FpToFpOp, BitcastOp>(op) && !isPureUnaryInlineAsm(op) &&
      !isa<arith::ArithDialect>(op->getDialect()))
    return false;
  if (isa<arith::ExtFOp>(op) && dotEncoding.getKWidth() == 1)
    return false;
  if (isa<arith::TruncIOp, arith::TruncFOp, arith::SelectOp>(op))
    return false;
  if (isa<arith::UIToFPOp>(op) &&
      getElementTypeOrSelf(op->getOperand(0)).isInteger(1))
    return false;
  return true;
}

/// convert(elementwise(x...)) #dot_op -> elementwise(convert(x)...) when
/// the chain above the conversion reaches a load or a constant through ops
/// the conversion can move over.
struct HoistLayoutConversion : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConvertLayoutOp cvt,
                                PatternRewriter &rewriter) const override {
    RankedTensorType cvtType = cvt.getType();
    auto dotEncoding = dyn_cast<DotOperandEncodingAttr>(cvtType.getEncoding());
    if (!dotEncoding)
      return failure();
    Operation *src = cvt.getSrc().getDefiningOp();
    if (!src || src->getNumOperands() == 0 || src->getNumResults() != 1)
      return failure();
    auto srcType = dyn_cast<RankedTensorType>(src->getResult(0).getType());
    if (!srcType || !llvm::all_of(src->getOperandTypes(), [](Type type) {
          return isa<RankedTensorType>(type);
        }))
      return failure();
    if (!canHoistThrough(src, dotEncoding))
      return failure();

    // Walk up from the conversion; every op until a load or a constant must
    // let the conversion through.
    SetVector<Operation *> slice;
    BackwardSliceOptions options;
    options.omitBlockArguments = true;
    (void)getBackwardSlice(cvt.getOperation(), &slice, options);
    bool foundInitializer = false;
    for (Operation *op : llvm::reverse(slice)) {
      if (isa<LoadOp, arith::ConstantOp>(op)) {
        foundInitializer = true;
        break;
      }
      if (!canHoistThrough(op, dotEncoding))
        return failure();
    }
    if (!foundInitializer)
      return failure();

    SmallVector<Value> operands;
    for (Value operand : src->getOperands()) {
      auto type = cast<RankedTensorType>(operand.getType());
      operands.push_back(ConvertLayoutOp::create(
          rewriter, cvt.getLoc(), type.cloneWithEncoding(dotEncoding),
          operand));
    }
    Operation *hoisted = rewriter.clone(*src);
    hoisted->setOperands(operands);
    hoisted->getResult(0).setType(srcType.cloneWithEncoding(dotEncoding));
    rewriter.replaceOp(cvt, hoisted->getResults());
    return success();
  }
};

/// local_alloc(trans(x)) feeding a wgmma -> memdesc_trans(local_alloc(x)):
/// wgmma reads either major order, so the transposition is a view.
struct FuseTransIntoSharedView : public OpRewritePattern<LocalAllocOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LocalAllocOp alloc,
                                PatternRewriter &rewriter) const override {
    if (!alloc.getSrc() || !alloc->hasOneUse() ||
        !isa<nvidia_gpu::WarpGroupDotOp>(*alloc->getUsers().begin()))
      return failure();
    Operation *dot = *alloc->getUsers().begin();
    auto trans = alloc.getSrc().getDefiningOp<TransOp>();
    if (!trans || trans.getOrder() != ArrayRef<int32_t>{1, 0})
      return failure();
    auto allocEncoding =
        dyn_cast<NVMMASharedEncodingAttr>(alloc.getType().getEncoding());
    if (!allocEncoding)
      return failure();
    RankedTensorType srcType = trans.getSrc().getType();
    SmallVector<unsigned> order = getOrder(srcType.getEncoding());
    if (auto cvt = trans.getSrc().getDefiningOp<ConvertLayoutOp>())
      order = getOrder(cvt.getSrc().getType().getEncoding());
    Type elemType = srcType.getElementType();
    // Only f16 and bf16 wgmma operands may be MN-major.
    if (!elemType.isF16() && !elemType.isBF16()) {
      if (alloc.getResult() == dot->getOperand(0))
        order = {0, 1};
      else
        order = {1, 0};
    }
    // The swizzle of the untransposed store, from its contiguous rows.
    unsigned bitWidth = elemType.getIntOrFloatBitWidth();
    ArrayRef<int64_t> shape = srcType.getShape();
    int64_t rowBytes = shape[order[0]] * bitWidth / 8;
    unsigned swizzle = 0;
    for (unsigned width : {128u, 64u, 32u})
      if (rowBytes >= width && rowBytes % width == 0) {
        swizzle = width;
        break;
      }
    if (shape[order[1]] < 8)
      swizzle = 0;
    // In a cluster, the untransposed buffer splits the other dimension
    // among the CTAs: its CTA bases are the alloc's, transposed, so that
    // the memdesc_trans view is split as the alloc was.
    CTAEncodingAttr cta = allocEncoding.getCTALayout();
    SmallVector<SmallVector<int32_t>> bases;
    for (SmallVector<int32_t> basis : cta.getBases())
      bases.push_back({basis[1], basis[0]});
    auto innerEncoding = NVMMASharedEncodingAttr::get(
        getContext(), swizzle, order[0] == 0, bitWidth, /*fp4Padded=*/false,
        CTAEncodingAttr::getFromBases(getContext(), cta.getRank(), bases));
    auto innerType =
        MemDescType::get(shape, elemType, innerEncoding,
                         alloc.getType().getMemorySpace());
    auto newAlloc =
        LocalAllocOp::create(rewriter, alloc.getLoc(), innerType,
                             trans.getSrc());
    rewriter.replaceOpWithNewOp<MemDescTransOp>(alloc, newAlloc,
                                                ArrayRef<int32_t>{1, 0});
    return success();
  }
};

/// wgmma(local_alloc(x #mma v3), b) -> wgmma(convert(x) #dot_op, b): the
/// accumulator layout of a previous wgmma is close to operand A's, so A
/// stays in registers.
struct UseRegisterOperandA
    : public OpRewritePattern<nvidia_gpu::WarpGroupDotOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(nvidia_gpu::WarpGroupDotOp dot,
                                PatternRewriter &rewriter) const override {
    auto alloc = dot.getA().getDefiningOp<LocalAllocOp>();
    if (!alloc || !alloc.getSrc())
      return failure();
    auto srcType = alloc.getSrc().getType();
    auto srcEncoding = dyn_cast<NvidiaMmaEncodingAttr>(srcType.getEncoding());
    auto dstEncoding =
        dyn_cast<NvidiaMmaEncodingAttr>(dot.getType().getEncoding());
    if (!srcEncoding || !srcEncoding.isHopper() || !dstEncoding ||
        !dstEncoding.isHopper())
      return failure();
    unsigned kWidth = 32 / srcType.getElementTypeBitWidth();
    if (kWidth == 0)
      return failure();
    auto operandEncoding =
        DotOperandEncodingAttr::get(getContext(), 0, dstEncoding, kWidth);
    Value operand = ConvertLayoutOp::create(
        rewriter, dot.getLoc(), srcType.cloneWithEncoding(operandEncoding),
        alloc.getSrc());
    rewriter.modifyOpInPlace(dot, [&] { dot.getAMutable().assign(operand); });
    return success();
  }
};

struct OptimizeDotOperandsPass
    : public triton::gpu::impl::TritonGPUOptimizeDotOperandsBase<
          OptimizeDotOperandsPass> {
  using TritonGPUOptimizeDotOperandsBase::TritonGPUOptimizeDotOperandsBase;

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    if (hoistLayoutConversion)
      patterns.add<HoistLayoutConversion>(ctx);
    patterns.add<FuseTransIntoSharedView, UseRegisterOperandA>(ctx);
    ConvertLayoutOp::getCanonicalizationPatterns(patterns, ctx);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
