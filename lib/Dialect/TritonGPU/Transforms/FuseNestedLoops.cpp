//===- FuseNestedLoops.cpp - tritongpu-fuse-nested-loops ------------------===//
//
// Picks the loop nests to flatten (an outer loop marked tt.flatten around a
// single inner loop, or any nest marked ttg.always-fuse), prepares them and
// hands them to the fusion in LoopNestFusion.cpp.
//
//===----------------------------------------------------------------------===//
#include "LoopNestFusion.h"

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

#define DEBUG_TYPE "tritongpu-fuse-nested-loops"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUFUSENESTEDLOOPS
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// A nest is fused when marked for testing, or when it is an outer loop
/// marked tt.flatten holding exactly one loop (and no deeper ones).
bool shouldFuse(const LoopNest &nest) {
  if (nest.root->loop->hasAttr(kAlwaysFuseAttrName))
    return true;
  return nest.nodes.size() == 2 && nest.root->children.size() == 1 &&
         nest.root->loop->hasAttr(kFlattenAttrName);
}

/// Moves the pure ops before `inner` that only ops after it use (directly or
/// through other such ops) to just after it: they then run in the fused
/// epilogue and their values do not live through the inner loop. Dots stay,
/// being too expensive to run in the epilogue.
void sinkIntoEpilogue(scf::ForOp outer, scf::ForOp inner) {
  Block *body = outer.getBody();
  auto afterInner = [&](Operation *user) {
    Operation *ancestor = body->findAncestorOpInBlock(*user);
    return ancestor && inner->isBeforeInBlock(ancestor);
  };
  llvm::SetVector<Operation *> sunk;
  for (Operation &op :
       llvm::reverse(llvm::make_range(body->begin(), inner->getIterator()))) {
    if (!isPure(&op) || isa<DotOp, DotScaledOp>(op))
      continue;
    bool onlyUsedLater = llvm::all_of(op.getUsers(), [&](Operation *user) {
      return afterInner(user) ||
             sunk.contains(body->findAncestorOpInBlock(*user));
    });
    if (onlyUsedLater)
      sunk.insert(&op);
  }
  Block::iterator insertPoint = std::next(inner->getIterator());
  for (Operation *op : topologicalSort(sunk))
    op->moveBefore(body, insertPoint);
}

/// True when an `llvm.intr.assume` states that `loop` runs at least once
/// (`ub > lb`, or `lb < ub`, as `tl.assume(ub > lb)` writes it).
bool isAssumedToRun(scf::ForOp loop) {
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound();
  bool isUnsigned = loop.getUnsignedCmp();
  auto gt = isUnsigned ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
  auto lt = isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
  for (Operation *user : ub.getUsers()) {
    auto cmp = dyn_cast<arith::CmpIOp>(user);
    if (!cmp || llvm::none_of(cmp->getUsers(), llvm::IsaPred<LLVM::AssumeOp>))
      continue;
    if ((cmp.getPredicate() == gt && cmp.getLhs() == ub &&
         cmp.getRhs() == lb) ||
        (cmp.getPredicate() == lt && cmp.getLhs() == lb && cmp.getRhs() == ub))
      return true;
  }
  return false;
}

/// Makes the fused body of the inner loop unguarded (`ttg.must-execute`):
/// directly when the kernel assumes the loop runs; otherwise by versioning
/// the nest on whether it runs (when it runs no iteration, a copy of the
/// nest without it runs instead), which fails when the inner loop's bounds
/// depend on the outer loop.
LogicalResult speculateInnerLoopRuns(scf::ForOp outer, scf::ForOp inner,
                                     DominanceInfo &domInfo) {
  if (isAssumedToRun(inner)) {
    inner->setAttr(kMustExecuteAttrName, UnitAttr::get(inner.getContext()));
    return success();
  }
  llvm::SetVector<Operation *> toHoist;
  if (!isOuterLoopInvariant(
          domInfo, outer,
          {inner.getLowerBound(), inner.getUpperBound(), inner.getStep()},
          toHoist))
    return failure();
  hoistBefore(toHoist, outer);

  ImplicitLocOpBuilder b(inner.getLoc(), outer);
  Value len = computeNumIters(b, inner);
  Value zero = arith::ConstantOp::create(b, IntegerAttr::get(len.getType(), 0));
  Value runsNone =
      arith::CmpIOp::create(b, arith::CmpIPredicate::sle, len, zero);
  auto ifOp = scf::IfOp::create(b, outer.getResultTypes(), runsNone,
                                /*addThenBlock=*/false,
                                /*addElseBlock=*/false);

  // Then: the nest without the inner loop, whose results are its inits.
  b.createBlock(&ifOp.getThenRegion());
  IRMapping mapping;
  auto copy = cast<scf::ForOp>(b.clone(*outer, mapping));
  scf::YieldOp::create(b, copy.getResults());
  auto innerCopy = cast<scf::ForOp>(mapping.lookup(inner.getOperation()));
  innerCopy.replaceAllUsesWith(innerCopy.getInitArgs());
  innerCopy.erase();
  // Only the nest with the inner loop is specialized.
  copy->removeAttr(kWarpSpecializeAttrName);

  // Else: the nest itself, its inner loop known to run.
  outer.replaceAllUsesWith(ifOp.getResults());
  Block *elseBlock = b.createBlock(&ifOp.getElseRegion());
  outer->moveBefore(elseBlock, elseBlock->end());
  b.setInsertionPointToEnd(elseBlock);
  scf::YieldOp::create(b, outer.getResults());
  inner->setAttr(kMustExecuteAttrName, b.getUnitAttr());
  return success();
}

/// Hoists invariant code out of the outer loop, sinks what only the
/// epilogue needs and versions the nest on the inner loop running.
LogicalResult prepareLoopNest(const LoopNest &nest, DominanceInfo &domInfo) {
  scf::ForOp outer = nest.root->loop;
  scf::ForOp inner = nest.root->children.front()->loop;
  moveLoopInvariantCode(cast<LoopLikeOpInterface>(outer.getOperation()));
  // An invariant inner loop may itself have been hoisted.
  if (inner->getParentOp() != outer.getOperation())
    return failure();
  sinkIntoEpilogue(outer, inner);
  return speculateInnerLoopRuns(outer, inner, domInfo);
}

struct FuseNestedLoopsPass
    : public triton::gpu::impl::TritonGPUFuseNestedLoopsBase<
          FuseNestedLoopsPass> {
  void runOnOperation() override {
    DominanceInfo domInfo(getOperation());
    for (auto func : getOperation().getOps<FuncOp>()) {
      SmallVector<LoopNest> nests;
      findLoopNests(func, nests);
      for (LoopNest &nest : nests) {
        if (!shouldFuse(nest))
          continue;
        if (!nest.root->loop->hasAttr(kAlwaysFuseAttrName) &&
            failed(prepareLoopNest(nest, domInfo)))
          continue;
        flattenLoopNest(nest.root, domInfo);
      }
    }
  }
};

} // namespace
