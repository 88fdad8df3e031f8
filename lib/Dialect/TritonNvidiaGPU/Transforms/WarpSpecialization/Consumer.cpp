//===- Consumer.cpp - nvgpu-warp-specialization's consumer side -----------===//
//
// The kernel's warps after the split (WarpSpecialization.cpp plans it):
// each dot waits for its slot to be full and hands it back once read; the
// retirement after each loop; attention's two consumer warp groups taking
// turns at the tensor cores (ping-pong).
//
//===----------------------------------------------------------------------===//
#include "WarpSpecialization.h"

#include "Dialect/TritonGPU/IR/MemDescViews.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

using namespace mlir::triton::nvidia_gpu::ws;

namespace {

/// Each warp group of the consumer hands back the slot of tile `count - 1`,
/// where this K loop has passed a tile (`count` above its first, `start`).
void handBackBefore(OpBuilder &b, Location loc, Value count, Value start,
                    Value empty, int stages) {
  Value passed =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, count, start);
  Value previous = arith::SubIOp::create(b, loc, count, i32(b, loc, 1));
  Value slot = arith::RemUIOp::create(b, loc, previous, i32(b, loc, stages));
  ttng::ArriveBarrierOp::create(b, loc, barrierAt(b, loc, empty, slot), 1,
                                passed, /*perWarpGroup=*/true);
}

/// After `kLoop`: the dot it leaves in flight (its result `accIndex`)
/// retires, and its slot goes back (none where the loop ran no iteration).
void retireAfterLoop(RewriterBase &rewriter, Location loc, scf::ForOp kLoop,
                     unsigned accIndex, Value empty, int stages) {
  rewriter.setInsertionPointAfter(kLoop);
  Value result = kLoop.getResult(accIndex);
  auto last =
      ttng::WarpGroupDotWaitOp::create(rewriter, loc, ValueRange{result},
                                       /*pendings=*/0);
  result.replaceAllUsesExcept(last.getResult(0), last);
  handBackBefore(rewriter, loc, kLoop.getResults().back(),
                 kLoop.getInitArgs().back(), empty, stages);
}

} // namespace

namespace mlir::triton::nvidia_gpu::ws {

/// The consumer side of `group`: waits for its slot before the first of its
/// tiles was loaded and reads the tiles from the ring. A chained dot keeps
/// one dot in flight and hands back the slot of the dot before it (the
/// last one's after the loop); any other dot is waited for at once and its
/// slot goes back then.
void rewriteConsumer(Plan &plan, const DotGroup &group, Value count,
                     RewriterBase &rewriter) {
  scf::ForOp kLoop = plan.path.back();
  ttng::WarpGroupDotOp dot = group.dot;
  Location loc = dot.getLoc();
  SmallVector<TileLoad *> tiles;
  for (TileLoad &tile : plan.loads)
    if (tile.full == group.full)
      tiles.push_back(&tile);
  // The group's first tile load (every group has at least one).
  Operation *first = nullptr;
  for (TileLoad *tile : tiles)
    if (!first || tile->load->isBeforeInBlock(first))
      first = tile->load;
  Value full = group.full, empty = group.empty;
  rewriter.setInsertionPoint(first);
  auto [slot, phase] = slotAndPhase(rewriter, loc, count, plan.stages);
  ttng::WaitBarrierOp::create(rewriter, loc,
                              barrierAt(rewriter, loc, full, slot), phase);
  for (TileLoad *tile : tiles) {
    Value view = bufferAt(rewriter, loc, tile->ring, slot);
    tile->alloc.getResult().replaceAllUsesWith(view);
    ttg::markViewsMutable(view);
    rewriter.eraseOp(tile->alloc);
    rewriter.eraseOp(tile->load);
  }

  dot.setIsAsync(true);
  rewriter.setInsertionPointAfter(dot);
  SmallVector<Value> waited{dot.getResult()};
  for (Value operand : {Value(dot.getA()), Value(dot.getB())})
    if (isa<ttg::MemDescType>(operand.getType()))
      waited.push_back(operand);
  Value kInit = kLoop.getInitArgs().back();
  if (group.deferred) {
    // The wait of the dot before it retires it in the next iteration (see
    // there); after the loop, the last one retires and its slot goes back.
    retireAfterLoop(rewriter, loc, kLoop,
                    dot.getResult().use_begin()->getOperandNumber(), empty,
                    plan.stages);
    return;
  }
  if (!group.chained) {
    // With a deferred dot after it, its wait also retires the previous
    // iteration's deferred dot, whose result the iteration reads after it.
    DotGroup *later = nullptr;
    for (DotGroup &other : plan.dots)
      if (other.deferred)
        later = &other;
    BlockArgument acc;
    if (later) {
      unsigned accIndex =
          later->dot.getResult().use_begin()->getOperandNumber();
      acc = kLoop.getRegionIterArgs()[accIndex];
      waited.push_back(acc);
    }
    auto wait = ttng::WarpGroupDotWaitOp::create(rewriter, loc, waited,
                                                 /*pendings=*/0);
    dot.getResult().replaceAllUsesExcept(wait.getResult(0), wait);
    if (acc)
      acc.replaceAllUsesExcept(wait.getResults().back(), wait);
    ttng::ArriveBarrierOp::create(rewriter, loc,
                                  barrierAt(rewriter, loc, empty, slot), 1,
                                  Value(), /*perWarpGroup=*/true);
    if (later)
      handBackBefore(rewriter, loc, count, kInit, later->empty, plan.stages);
    return;
  }
  auto wait = ttng::WarpGroupDotWaitOp::create(rewriter, loc, waited,
                                               /*pendings=*/1);
  unsigned accIndex = dot.getResult().use_begin()->getOperandNumber();
  kLoop.getBody()->getTerminator()->setOperand(accIndex, wait.getResult(0));
  // The dot before this one has retired: its slot goes back (none before
  // the first iteration of this loop).
  handBackBefore(rewriter, loc, count, kInit, empty, plan.stages);

  retireAfterLoop(rewriter, loc, kLoop, accIndex, empty, plan.stages);
}

/// Attention's two consumer warp groups take turns at the tensor cores
/// (FlashAttention-3's ping-pong): a warp group issues its P x V and the
/// next Q x K back to back in its turn, then hands the turn over and runs
/// its softmax while the other's dots run. Warp group i waits on named
/// barrier T_i (its own 128 threads plus the other's 128 arrivals) before
/// each P x V and arrives on T_(1-i) after each Q x K, in every loop of
/// `plans`; warp group 0 starts with the turn, so warp group 1 waits once
/// before the first loop and warp group 0 arrives once after the last:
/// every phase of both barriers completes. Only there: between two of its
/// arrivals a warp group always waits for the other, so it never arrives
/// twice in one phase (one more pair between two loops would let warp
/// group 0 arrive twice while warp group 1 is behind).
void addPingPong(MutableArrayRef<Plan> plans, RewriterBase &rewriter) {
  scf::ForOp firstLoop = plans.front().marked;
  Location loc = firstLoop.getLoc();
  rewriter.setInsertionPoint(firstLoop);
  Value wg = ttng::WarpGroupIdOp::create(rewriter, loc, rewriter.getI32Type());
  Value base = i32(rewriter, loc, ttng::kWarpGroupTurnBarrier);
  Value threads = i32(rewriter, loc, 2 * 128);
  Value mine = arith::AddIOp::create(rewriter, loc, base, wg);
  Value other = arith::SubIOp::create(
      rewriter, loc, i32(rewriter, loc, ttng::kWarpGroupTurnBarrier + 1), wg);
  auto isWarpGroup = [&](int index) {
    return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, wg,
                                 i32(rewriter, loc, index));
  };
  auto second = scf::IfOp::create(rewriter, loc, isWarpGroup(1));
  rewriter.setInsertionPointToStart(second.thenBlock());
  ttng::NamedBarrierWaitOp::create(rewriter, loc, mine, threads);

  for (Plan &plan : plans) {
    ttng::WarpGroupDotOp qk = plan.dots.front().dot;
    ttng::WarpGroupDotOp pv = plan.dots.back().dot;
    rewriter.setInsertionPointAfter(qk);
    ttng::NamedBarrierArriveOp::create(rewriter, loc, other, threads);
    rewriter.setInsertionPoint(pv);
    ttng::NamedBarrierWaitOp::create(rewriter, loc, mine, threads);
  }

  // After the last loop's retirement code, before the warp_yield.
  rewriter.setInsertionPoint(plans.back().marked->getBlock()->getTerminator());
  auto first = scf::IfOp::create(rewriter, loc, isWarpGroup(0));
  rewriter.setInsertionPointToStart(first.thenBlock());
  ttng::NamedBarrierArriveOp::create(rewriter, loc, other, threads);
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

} // namespace mlir::triton::nvidia_gpu::ws
