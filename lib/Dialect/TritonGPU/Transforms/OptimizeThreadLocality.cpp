//===- OptimizeThreadLocality.cpp - tritongpu-optimize-thread-locality ----===//
//
// Runs the layout patterns of ThreadLocalityLayouts.cpp, then rewrites loops
// that accumulate a reduction of a loaded tensor so that each thread
// accumulates its own partial result and the cross-thread reduction runs
// once, after the loop.
//
//===----------------------------------------------------------------------===//
#include "ThreadLocality.h"

#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "tritongpu-optimize-thread-locality"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUOPTIMIZETHREADLOCALITY
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The value `combiner` leaves its other operand unchanged with: Triton
/// takes -inf/+inf for maxnumf/minnumf, MLIR's neutral element otherwise.
std::optional<TypedAttr> getNeutralElement(Operation *combiner) {
  Type type = combiner->getResult(0).getType();
  if (isa<arith::MaxNumFOp, arith::MinNumFOp>(combiner)) {
    const llvm::fltSemantics &semantics =
        cast<FloatType>(type).getFloatSemantics();
    bool negative = isa<arith::MaxNumFOp>(combiner);
    return FloatAttr::get(type, APFloat::getInf(semantics, negative));
  }
  return arith::getNeutralElement(combiner);
}

/// A loop-carried reduction `acc = combine(acc, reduce(load, axis = last))`
/// the rewrite applies to.
struct LoopReduction {
  ReduceOp reduce;
  /// The op combining the reduction into the accumulator; the same kind as
  /// the reduction's combiner.
  Operation *update;
  /// Elements each thread holds along the reduced axis.
  unsigned elemsPerThread;
  TypedAttr neutral;
};

/// The reductions Triton rewrites: a single floating-point add, mul, min or
/// max combiner; a blocked tensor of rank >= 2 reduced along its last
/// dimension, loaded by tt.load, with several elements per thread along
/// it; the result combined, by the same op, with an iteration argument of
/// the enclosing scf.for (used nowhere else, initialized by a constant) and
/// yielded back into it.
std::optional<LoopReduction> matchLoopReduction(ReduceOp reduce) {
  if (reduce.getNumOperands() != 1)
    return std::nullopt;
  Operation *combiner = reduce.getSingleCombiner();
  if (!combiner ||
      !isa<arith::AddFOp, arith::MulFOp, arith::MaximumFOp, arith::MaxNumFOp,
           arith::MinimumFOp, arith::MinNumFOp>(combiner))
    return std::nullopt;
  // The combiner must combine the two partial results it is given.
  Block &body = reduce.getCombineOp().front();
  Value lhs = combiner->getOperand(0), rhs = combiner->getOperand(1);
  Value x = body.getArgument(0), y = body.getArgument(1);
  if (!((lhs == x && rhs == y) || (lhs == y && rhs == x)))
    return std::nullopt;
  RankedTensorType srcType = reduce.getInputTypes().front();
  unsigned rank = srcType.getRank();
  if (!isa<BlockedEncodingAttr>(srcType.getEncoding()) || rank < 2 ||
      unsigned(reduce.getAxis()) != rank - 1)
    return std::nullopt;
  if (!reduce.getSrcs().front().getDefiningOp<LoadOp>())
    return std::nullopt;
  unsigned elemsPerThread =
      getElemsPerThread(srcType.getEncoding(), srcType.getShape())[rank - 1];
  if (elemsPerThread <= 1 || srcType.getDimSize(rank - 1) % elemsPerThread)
    return std::nullopt;

  Value result = reduce->getResult(0);
  if (!result.hasOneUse())
    return std::nullopt;
  Operation *update = *result.user_begin();
  if (update->getName() != combiner->getName() ||
      update->getNumOperands() != 2 || update->getNumResults() != 1 ||
      update->getOperand(0) == update->getOperand(1) ||
      !update->getResult(0).hasOneUse())
    return std::nullopt;
  OpOperand &yielded = *update->getResult(0).use_begin();
  auto yield = dyn_cast<scf::YieldOp>(yielded.getOwner());
  auto loop = yield ? dyn_cast<scf::ForOp>(yield->getParentOp()) : nullptr;
  if (!loop || reduce->getBlock() != loop.getBody())
    return std::nullopt;
  BlockArgument acc = loop.getRegionIterArgs()[yielded.getOperandNumber()];
  Value other = update->getOperand(update->getOperand(0) == result ? 1 : 0);
  if (other != acc || !acc.hasOneUse())
    return std::nullopt;
  if (!loop.getInitArgs()[yielded.getOperandNumber()]
           .getDefiningOp<arith::ConstantOp>())
    return std::nullopt;
  std::optional<TypedAttr> neutral = getNeutralElement(combiner);
  if (!neutral)
    return std::nullopt;
  return LoopReduction{reduce, update, elemsPerThread, *neutral};
}

/// `reduce` again, on `src`, along `axis` (result types inferred).
ReduceOp cloneReduce(OpBuilder &b, ReduceOp reduce, Value src, int axis) {
  auto copy = ReduceOp::create(b, reduce.getLoc(), ValueRange{src}, axis);
  IRMapping mapping;
  reduce.getCombineOp().cloneInto(&copy.getCombineOp(), mapping);
  return copy;
}

/// `update` again with its accumulator operand (number `accIndex`) replaced
/// by `acc` and its other operand by `value` (both of the new type).
Value cloneUpdate(OpBuilder &b, Operation *update, unsigned accIndex, Value acc,
                  Value value) {
  Operation *copy = b.clone(*update);
  copy->setOperand(accIndex, acc);
  copy->setOperand(1 - accIndex, value);
  copy->getResult(0).setType(acc.getType());
  return copy->getResult(0);
}

/// The layout of the reduced tensor viewed with one more, innermost,
/// dimension holding each thread's elements of the reduced axis: the
/// blocked layout with that dimension added, all of it in each thread.
BlockedEncodingAttr getThreadLocalLayout(BlockedEncodingAttr blocked,
                                         unsigned axis) {
  unsigned rank = blocked.getSizePerThread().size();
  SmallVector<unsigned> sizePerThread(blocked.getSizePerThread());
  sizePerThread.push_back(sizePerThread[axis]);
  sizePerThread[axis] = 1;
  SmallVector<unsigned> threadsPerWarp(blocked.getThreadsPerWarp());
  threadsPerWarp.push_back(1);
  SmallVector<unsigned> warpsPerCTA(blocked.getWarpsPerCTA());
  warpsPerCTA.push_back(1);
  SmallVector<unsigned> order{rank};
  llvm::append_range(order, blocked.getOrder());
  // The CTAs do not split the new dimension.
  SmallVector<SmallVector<int32_t>> bases = blocked.getCTALayout().getBases();
  for (SmallVector<int32_t> &basis : bases)
    basis.push_back(0);
  auto ctaLayout =
      CTAEncodingAttr::getFromBases(blocked.getContext(), rank + 1, bases);
  return BlockedEncodingAttr::get(blocked.getContext(), sizePerThread,
                                  threadsPerWarp, warpsPerCTA, order,
                                  ctaLayout);
}

void rewriteLoopReduction(const LoopReduction &match, IRRewriter &rewriter) {
  ReduceOp reduce = match.reduce;
  Operation *update = match.update;
  Location loc = reduce.getLoc();
  MLIRContext *ctx = reduce.getContext();
  Value src = reduce.getSrcs().front();
  Value oldResult = reduce->getResult(0);
  auto srcType = cast<RankedTensorType>(src.getType());
  unsigned rank = srcType.getRank();
  unsigned axis = rank - 1;

  // The loop as it is now (an earlier rewrite may have replaced it).
  OpOperand &yielded = *update->getResult(0).use_begin();
  auto loop = cast<scf::ForOp>(yielded.getOwner()->getParentOp());
  unsigned argIndex = yielded.getOperandNumber();
  Value init = loop.getInitArgs()[argIndex];
  unsigned accIndex = update->getOperand(0) == oldResult ? 1 : 0;

  // [..., N] viewed as [..., N / e, e] with the e elements of each thread
  // in the new dimension; the thread-local partial results are [..., N / e].
  auto viewLayout = getThreadLocalLayout(
      cast<BlockedEncodingAttr>(srcType.getEncoding()), axis);
  SmallVector<int64_t> viewShape(srcType.getShape());
  viewShape[axis] /= match.elemsPerThread;
  viewShape.push_back(match.elemsPerThread);
  auto viewType =
      RankedTensorType::get(viewShape, srcType.getElementType(), viewLayout);
  auto partialType = RankedTensorType::get(
      ArrayRef(viewShape).drop_back(), srcType.getElementType(),
      SliceEncodingAttr::get(ctx, rank, viewLayout));

  rewriter.setInsertionPointAfter(init.getDefiningOp());
  Value neutral = arith::ConstantOp::create(
      rewriter, init.getLoc(),
      DenseElementsAttr::get(partialType, match.neutral));

  FailureOr<LoopLikeOpInterface> replaced = loop.replaceWithAdditionalYields(
      rewriter, neutral, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &b, Location, ArrayRef<BlockArgument> newArgs) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointAfter(reduce);
        Value view = ReshapeOp::create(b, loc, viewType, src,
                                       /*allow_reorder=*/true,
                                       /*efficient_layout=*/true);
        ReduceOp partial = cloneReduce(b, reduce, view, rank);
        Value next =
            cloneUpdate(b, update, accIndex, newArgs[0], partial->getResult(0));
        return SmallVector<Value>{next};
      });
  if (failed(replaced))
    return;
  auto newLoop = cast<scf::ForOp>(replaced->getOperation());

  // After the loop: reduce the partial results across threads, convert to
  // the accumulator's layout and fold in its initial value.
  rewriter.setInsertionPointAfter(newLoop);
  Value partials = newLoop.getResults().back();
  ReduceOp total = cloneReduce(rewriter, reduce, partials, axis);
  Value converted = ConvertLayoutOp::create(
      rewriter, loc, newLoop.getResult(argIndex).getType(),
      total->getResult(0));
  Value result = cloneUpdate(rewriter, update, accIndex, init, converted);
  newLoop.getResult(argIndex).replaceAllUsesWith(result);

  // The old accumulator is passed through unchanged; the old reduction and
  // update are dead.
  auto yield = cast<scf::YieldOp>(newLoop.getBody()->getTerminator());
  yield->setOperand(argIndex, newLoop.getRegionIterArgs()[argIndex]);
  rewriter.eraseOp(update);
  rewriter.eraseOp(reduce);
}

struct OptimizeThreadLocalityPass
    : public triton::gpu::impl::TritonGPUOptimizeThreadLocalityBase<
          OptimizeThreadLocalityPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    RewritePatternSet patterns(&getContext());
    populateThreadLocalityLayoutPatterns(patterns);
    if (failed(applyPatternsGreedily(module, std::move(patterns))))
      return signalPassFailure();

    SmallVector<LoopReduction> matches;
    module.walk([&](ReduceOp reduce) {
      if (std::optional<LoopReduction> match = matchLoopReduction(reduce))
        matches.push_back(*match);
    });
    IRRewriter rewriter(&getContext());
    for (const LoopReduction &match : matches)
      rewriteLoopReduction(match, rewriter);
  }
};

} // namespace
