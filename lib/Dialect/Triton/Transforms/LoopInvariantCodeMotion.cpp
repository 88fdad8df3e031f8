//===- LoopInvariantCodeMotion.cpp - LICM that also hoists guarded loads --===//

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "triton-licm"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONLOOPINVARIANTCODEMOTION
#include "Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

/// True when `op`, regions included, at most reads memory. Ops whose effects
/// are unknown (calls, ops without the interface) count as writing.
static bool onlyReadsMemory(Operation *op) {
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  if (!effects)
    return false;
  return llvm::all_of(*effects, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Read>(e.getEffect());
  });
}

namespace {

/// Hoists invariant code out of one loop. Plain ops move when they are
/// speculatable and free of memory effects, as in MLIR's LICM; a `tt.load`
/// moves out of an `scf.for` that never writes memory, with "the loop runs at
/// least once" folded into its mask.
class LoopHoister {
public:
  explicit LoopHoister(LoopLikeOpInterface loop) : loop(loop) {}

  size_t run() {
    return moveLoopInvariantCode(
        loop.getLoopRegions(),
        [&](Value value, Region *) {
          return loop.isDefinedOutsideOfLoop(value);
        },
        [&](Operation *op, Region *) { return shouldMove(op); },
        [&](Operation *op, Region *) { move(op); });
  }

private:
  bool shouldMove(Operation *op) {
    auto load = dyn_cast<LoadOp>(op);
    if (!load)
      return isMemoryEffectFree(op) && isSpeculatable(op);
    return canHoistLoad(load);
  }

  bool canHoistLoad(LoadOp load) {
    // Only an scf.for has a trip condition that is cheap to compute up front.
    if (!isa<scf::ForOp>(loop.getOperation()))
      return false;
    if (load.getIsVolatile())
      return false;
    // A load through a tensor pointer takes no mask to guard it with.
    if (isTensorPointerType(load.getPtr().getType()))
      return false;
    if (!loopOnlyReads)
      loopOnlyReads = onlyReadsMemory(loop);
    if (!*loopOnlyReads) {
      LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "] loop may write memory, "
                              << "keeping " << load << "\n");
      return false;
    }
    return true;
  }

  void move(Operation *op) {
    if (auto load = dyn_cast<LoadOp>(op))
      guardLoad(load);
    loop.moveOutOfLoop(op);
  }

  /// ANDs `lb < ub` into the load's mask, so the hoisted load reads nothing
  /// when the loop would not have run. Without a mask, the condition becomes
  /// the mask and masked-off lanes are undefined: the loop never uses them.
  void guardLoad(LoadOp load) {
    auto forOp = cast<scf::ForOp>(loop.getOperation());
    OpBuilder builder(forOp);
    Location loc = forOp.getLoc();
    if (!runsOnce) {
      auto pred = forOp.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                         : arith::CmpIPredicate::slt;
      runsOnce = arith::CmpIOp::create(
          builder, loc, pred, forOp.getLowerBound(), forOp.getUpperBound());
    }
    Value guard = runsOnce;
    Type maskType = getI1SameShape(getPointeeType(load.getPtr().getType()));
    if (isa<RankedTensorType>(maskType))
      guard = SplatOp::create(builder, loc, maskType, guard);
    if (Value mask = load.getMask())
      guard = arith::AndIOp::create(builder, loc, mask, guard);
    load.getMaskMutable().assign(guard);
  }

  LoopLikeOpInterface loop;
  /// Whether the loop at most reads memory; computed on the first load.
  std::optional<bool> loopOnlyReads;
  /// `lb < ub`, created before the loop on the first hoisted load.
  Value runsOnce;
};

class LoopInvariantCodeMotionPass
    : public triton::impl::TritonLoopInvariantCodeMotionBase<
          LoopInvariantCodeMotionPass> {
public:
  void runOnOperation() override {
    // The post-order walk visits inner loops first: what leaves an inner loop
    // lands in the outer one and may leave that too.
    getOperation()->walk([](LoopLikeOpInterface loop) {
      size_t moved = LoopHoister(loop).run();
      LLVM_DEBUG(llvm::dbgs()
                 << "[" DEBUG_TYPE "] hoisted " << moved << " op(s) out of "
                 << loop->getName() << " at " << loop->getLoc() << "\n");
      (void)moved;
    });
  }
};

} // namespace
