//===- WGMMAPipeline.cpp - asynchronous warp-group dots ------------------===//
//
// The part of Triton's software pipeliner for Hopper's wgmma: every
// ttng.warp_group_dot in a loop becomes asynchronous (`isAsync`). Where its
// shared operands are the load pipeliner's multi-buffered views and its
// result only feeds the next iteration's accumulator, one dot stays in
// flight across iterations, as in Triton 3.6:
//
//   %d = ttng.warp_group_dot %a[%ext], %b[%ext], %acc {isAsync = true}
//   %w:3 = ttng.warp_group_dot_wait %d, %a[%ext], %b[%ext] {pendings = 1}
//   scf.yield %w#0 ...
//   (after the loop) ttng.warp_group_dot_wait %r {pendings = 0}
//
// The wait for pendings = 1 retires the previous iteration's dot, whose
// buffer the copies issued after it in the loop then overwrite. A dot whose
// result only feeds the next iteration through other ops (an attention
// loop's P x V dot, its accumulator rescaled before the next one) stays in
// flight until the next iteration first reads it, as in Triton 3.6:
//
//   scf.for ... iter_args(%acc = ...) {
//     %w = ttng.warp_group_dot_wait %acc {pendings = 0}  // before its first
//     %s = arith.mulf %w, %alpha                         // reader and before
//     ...                                                // the copies
//     %d = ttng.warp_group_dot %p, %v[%ext], %s {isAsync = true}
//     scf.yield %d
//   }
//
// Where a wait for every dot (pendings = 0) already comes before that point,
// the accumulator goes through it instead (attention's Q x K wait), as in
// Triton 3.6's TTGIR.
//
// A dot whose register operand A the loop rewrites (loaded and upcast) is
// split along K first (SplitRSDot.cpp), each split waited for with
// pendings = splits - 1. Any other dot is waited for at once (pendings = 0),
// which is what Triton does at num_stages = 1.
//
//===----------------------------------------------------------------------===//
#include "Pipeliner.h"

#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

/// Puts `dot`'s result, and the shared-memory operands of the async dots it
/// depends on in its block, through a `warp_group_dot_wait {pendings = 0}`
/// right after the dot; later uses of the result read the wait's result.
void waitRightAfter(ttng::WarpGroupDotOp dot, RewriterBase &rewriter) {
  llvm::SetVector<Value> waited;
  waited.insert(dot.getResult());
  SmallVector<ttng::WarpGroupDotOp> asyncDots;
  BackwardSliceOptions options;
  options.omitBlockArguments = true;
  options.filter = [&](Operation *op) {
    if (auto other = dyn_cast<ttng::WarpGroupDotOp>(op)) {
      asyncDots.push_back(other);
      return false;
    }
    return op->getBlock() == dot->getBlock();
  };
  SetVector<Operation *> slice;
  (void)getBackwardSlice(dot.getResult(), &slice, options);
  for (ttng::WarpGroupDotOp other : asyncDots)
    for (Value operand : other->getOperands())
      if (isa<MemDescType>(operand.getType()))
        waited.insert(operand);

  rewriter.setInsertionPointAfter(dot);
  auto wait = ttng::WarpGroupDotWaitOp::create(
      rewriter, dot.getLoc(), waited.getArrayRef(), /*pendings=*/0);
  Value result = wait.getResult(0);
  dot.getResult().replaceUsesWithIf(result, [&](OpOperand &use) {
    Operation *user = wait->getBlock()->findAncestorOpInBlock(*use.getOwner());
    return user && wait->isBeforeInBlock(user);
  });
}

/// Whether `value` is a view of one buffer of a multi-buffered allocation
/// (through memdesc views).
bool isMultiBufferedView(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (isa<MemDescIndexOp>(def))
      return true;
    if (!isa<MemDescTransOp, MemDescReshapeOp, MemDescSubsliceOp>(def))
      return false;
    value = def->getOperand(0);
  }
  return false;
}

/// The index of the iter_arg through which `dot`, the only warp-group dot
/// of the pipelined `loop`, can stay in flight; none when it cannot.
std::optional<unsigned> inFlightIterArg(ttng::WarpGroupDotOp dot,
                                        scf::ForOp loop) {
  if (!loop->hasAttr(kPipelinedBuffersAttr) ||
      !llvm::hasSingleElement(loop.getBody()->getOps<ttng::WarpGroupDotOp>()))
    return std::nullopt;
  for (Value operand : {Value(dot.getA()), Value(dot.getB())})
    if (isa<MemDescType>(operand.getType()) && !isMultiBufferedView(operand))
      return std::nullopt;
  if (!dot.getResult().hasOneUse())
    return std::nullopt;
  OpOperand &use = *dot.getResult().use_begin();
  if (use.getOwner() != loop.getBody()->getTerminator())
    return std::nullopt;
  unsigned index = use.getOperandNumber();
  // The accumulator is the value the previous iteration's dot produced,
  // read by nothing else in the loop.
  BlockArgument acc = loop.getRegionIterArgs()[index];
  if (dot.getC() != acc || !acc.hasOneUse())
    return std::nullopt;
  return index;
}

/// The last in-flight dot, whose result leaves `loop` through result
/// `index`, retires after the loop: in the one wait there for all of the
/// loop's in-flight dots, as Triton 3.6 has it.
void retireAfterLoop(scf::ForOp loop, unsigned index, RewriterBase &rewriter) {
  Value result = loop->getResult(index);
  SmallVector<Value> inputs{result};
  auto earlier = dyn_cast_or_null<ttng::WarpGroupDotWaitOp>(loop->getNextNode());
  if (earlier && earlier.getPendings() == 0) {
    inputs.assign(earlier.getInputs().begin(), earlier.getInputs().end());
    inputs.push_back(result);
  }
  rewriter.setInsertionPointAfter(loop);
  auto last = ttng::WarpGroupDotWaitOp::create(rewriter, loop.getLoc(), inputs,
                                               /*pendings=*/0);
  if (inputs.size() > 1)
    rewriter.replaceOp(earlier, last.getResults().drop_back());
  result.replaceAllUsesExcept(last.getResults().back(), last);
}

/// The index of the iter_arg through which `dot` of the pipelined `loop`
/// can stay in flight until the next iteration first reads its result (an
/// attention loop's P x V dot, whose accumulator is rescaled before the
/// next one): its result only feeds the yield, and its shared operands are
/// loop-invariant or the load pipeliner's buffers. None otherwise.
std::optional<unsigned> carriedIterArg(ttng::WarpGroupDotOp dot,
                                       scf::ForOp loop) {
  if (!loop->hasAttr(kPipelinedBuffersAttr) || !dot.getResult().hasOneUse())
    return std::nullopt;
  for (Value operand : {Value(dot.getA()), Value(dot.getB())})
    if (isa<MemDescType>(operand.getType()) &&
        !loop.isDefinedOutsideOfLoop(operand) && !isMultiBufferedView(operand))
      return std::nullopt;
  OpOperand &use = *dot.getResult().use_begin();
  if (use.getOwner() != loop.getBody()->getTerminator())
    return std::nullopt;
  return use.getOperandNumber();
}

/// Leaves `dot` in flight through iter_arg `index`: the next iteration
/// waits for it (pendings = 0) before it first reads the iter_arg, and
/// before its copies, which may overwrite the buffer the dot reads; the
/// code after the loop waits for the last one.
void waitInNextIteration(ttng::WarpGroupDotOp dot, scf::ForOp loop,
                         unsigned index, RewriterBase &rewriter) {
  Block *body = loop.getBody();
  BlockArgument acc = loop.getRegionIterArgs()[index];
  Operation *point = body->getTerminator();
  for (Operation *user : acc.getUsers()) {
    Operation *op = body->findAncestorOpInBlock(*user);
    if (op && op->isBeforeInBlock(point))
      point = op;
  }
  for (Operation &op : *body) {
    if (&op == point)
      break;
    if (isa<AsyncCopyGlobalToLocalOp, ttng::AsyncTMACopyGlobalToLocalOp,
            ttng::BarrierExpectOp>(op)) {
      point = &op;
      break;
    }
  }
  // Read only as the accumulator of the loop's warp-group dots (attention
  // backward's dK and dV), the value need not go through a wait: wgmma
  // chains on an accumulator in flight.
  bool readInRegisters = llvm::any_of(acc.getUses(), [&](OpOperand &use) {
    auto user = dyn_cast<ttng::WarpGroupDotOp>(use.getOwner());
    return !user || use.get() != user.getC() || user.getA() == acc ||
           user.getB() == acc;
  });
  // A wait for every dot (pendings = 0) before that point retires the
  // previous iteration's dot as well: the accumulator goes through it where
  // registers read it, as in Triton 3.6 (attention's Q x K wait carries the
  // P x V accumulator), instead of through a second wait.
  for (Operation &op : *body) {
    if (&op == point)
      break;
    auto earlier = dyn_cast<ttng::WarpGroupDotWaitOp>(&op);
    if (!earlier || earlier.getPendings() != 0)
      continue;
    if (!readInRegisters) {
      retireAfterLoop(loop, index, rewriter);
      return;
    }
    SmallVector<Value> inputs(earlier.getInputs());
    inputs.push_back(acc);
    rewriter.setInsertionPoint(earlier);
    auto merged = ttng::WarpGroupDotWaitOp::create(rewriter, dot.getLoc(),
                                                   inputs, /*pendings=*/0);
    rewriter.replaceOp(earlier, merged.getResults().drop_back());
    acc.replaceAllUsesExcept(merged.getResults().back(), merged);
    retireAfterLoop(loop, index, rewriter);
    return;
  }
  rewriter.setInsertionPoint(point);
  auto wait = ttng::WarpGroupDotWaitOp::create(rewriter, dot.getLoc(),
                                               ValueRange{acc}, /*pendings=*/0);
  acc.replaceAllUsesExcept(wait.getResult(0), wait);
  retireAfterLoop(loop, index, rewriter);
}

} // namespace

void mlir::triton::gpu::pipelineWGMMA(ModuleOp module) {
  SmallVector<scf::ForOp> loops;
  module.walk([&](scf::ForOp loop) { loops.push_back(loop); });
  IRRewriter rewriter(module.getContext());
  for (scf::ForOp loop : loops) {
    if (loop->hasAttr("tt.num_stages") &&
        cast<IntegerAttr>(loop->getAttr("tt.num_stages")).getInt() < 1)
      continue;
    for (auto dot : llvm::make_early_inc_range(
             loop.getBody()->getOps<ttng::WarpGroupDotOp>())) {
      // nvgpu-warp-specialization issues its consumer's dots and their
      // waits itself.
      if (dot.getIsAsync())
        continue;
      dot.setIsAsync(true);
      std::optional<unsigned> index = inFlightIterArg(dot, loop);
      if (!index) {
        if (std::optional<unsigned> carried = carriedIterArg(dot, loop))
          waitInNextIteration(dot, loop, *carried, rewriter);
        else
          waitRightAfter(dot, rewriter);
        continue;
      }
      if (rsDotNeedsWait(dot, loop)) {
        // A rewritten in the loop: split along K, each split waited for
        // once the same split of the next iteration is issued.
        SmallVector<ttng::WarpGroupDotOp> splits = splitRSDot(dot);
        for (ttng::WarpGroupDotOp split : splits) {
          rewriter.setInsertionPointAfter(split);
          auto wait = ttng::WarpGroupDotWaitOp::create(
              rewriter, split.getLoc(),
              ValueRange{split.getResult(), split.getB()},
              /*pendings=*/splits.size() - 1);
          split.getResult().replaceAllUsesExcept(wait.getResult(0), wait);
        }
        retireAfterLoop(loop, *index, rewriter);
        continue;
      }
      rewriter.setInsertionPointAfter(dot);
      SmallVector<Value> waited{dot.getResult()};
      for (Value operand : {Value(dot.getA()), Value(dot.getB())})
        if (isa<MemDescType>(operand.getType()))
          waited.push_back(operand);
      auto wait = ttng::WarpGroupDotWaitOp::create(rewriter, dot.getLoc(),
                                                   waited, /*pendings=*/1);
      loop.getBody()->getTerminator()->setOperand(*index, wait.getResult(0));
      retireAfterLoop(loop, *index, rewriter);
    }
  }
}
