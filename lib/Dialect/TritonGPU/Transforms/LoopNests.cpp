//===- LoopNests.cpp - loop nest trees and inner loop bounds -------------===//
//
// The loop nests tritongpu-fuse-nested-loops looks at, and what it asks of
// an inner loop's bounds: invariant in the outer loop (after hoisting pure
// scalar ops), or computed from its induction variable ("sliced"); their
// trip counts. The fusion itself is LoopNestFusion.cpp.
//
//===----------------------------------------------------------------------===//
#include "LoopNestFusion.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <deque>
#include <optional>

using namespace mlir;
using namespace mlir::triton::gpu;

//===----------------------------------------------------------------------===//
// Loop nests
//===----------------------------------------------------------------------===//

LoopNest::LoopNest(scf::ForOp outermost) {
  nodes.push_back(std::make_unique<LoopNestNode>(outermost));
  root = nodes.front().get();
}

/// Adds the loops directly nested in `parent->loop` (and theirs) to `nest`;
/// region ops other than loops start separate nests in `nests`.
static void buildLoopNest(LoopNestNode *parent, LoopNest &nest,
                          SmallVectorImpl<LoopNest> &nests) {
  parent->loop->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == parent->loop.getOperation())
      return WalkResult::advance();
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      nest.nodes.push_back(std::make_unique<LoopNestNode>(loop));
      LoopNestNode *child = nest.nodes.back().get();
      parent->children.push_back(child);
      buildLoopNest(child, nest, nests);
      return WalkResult::skip();
    }
    if (op->getNumRegions() != 0) {
      findLoopNests(op, nests);
      return WalkResult::skip();
    }
    return WalkResult::advance();
  });
}

void mlir::triton::gpu::findLoopNests(Operation *container,
                                      SmallVectorImpl<LoopNest> &nests) {
  container->walk<WalkOrder::PreOrder>([&](scf::ForOp loop) {
    LoopNest nest(loop);
    buildLoopNest(nest.root, nest, nests);
    nests.push_back(std::move(nest));
    return WalkResult::skip();
  });
}

//===----------------------------------------------------------------------===//
// Loop bounds
//===----------------------------------------------------------------------===//

/// Pure ops on scalars without regions: cheap to compute before the outer
/// loop. The bound computations a fused child loop leaves behind are of
/// this kind, so nests flatten level by level.
static bool isHoistableBoundOp(Operation *op) {
  auto isScalar = [](Type type) { return type.isIntOrIndexOrFloat(); };
  return op->getNumRegions() == 0 && isMemoryEffectFree(op) &&
         llvm::all_of(op->getOperandTypes(), isScalar) &&
         llvm::all_of(op->getResultTypes(), isScalar);
}

/// The ops of `outer`'s body that compute `values` from values defined
/// above `outer` (and, with `fromInductionVar`, from its induction
/// variable), if only hoistable ops do.
static std::optional<llvm::SetVector<Operation *>>
boundComputation(DominanceInfo &domInfo, scf::ForOp outer,
                 ArrayRef<Value> values, bool fromInductionVar) {
  llvm::SetVector<Operation *> visited;
  std::deque<Value> worklist(values.begin(), values.end());
  while (!worklist.empty()) {
    Value value = worklist.front();
    worklist.pop_front();
    if ((fromInductionVar && value == outer.getInductionVar()) ||
        domInfo.properlyDominates(value, outer))
      continue;
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != outer.getBody())
      return std::nullopt; // A block argument, or a value of a nested region.
    if (visited.contains(def))
      continue;
    if (!isHoistableBoundOp(def))
      return std::nullopt;
    visited.insert(def);
    worklist.insert(worklist.end(), def->operand_begin(), def->operand_end());
  }
  return visited;
}

bool mlir::triton::gpu::isOuterLoopInvariant(
    DominanceInfo &domInfo, scf::ForOp outer, ArrayRef<Value> values,
    llvm::SetVector<Operation *> &toHoist) {
  auto ops = boundComputation(domInfo, outer, values,
                              /*fromInductionVar=*/false);
  if (!ops)
    return false;
  toHoist.insert(ops->begin(), ops->end());
  return true;
}

void mlir::triton::gpu::hoistBefore(const llvm::SetVector<Operation *> &ops,
                                    Operation *before) {
  for (Operation *op : topologicalSort(ops))
    op->moveBefore(before);
}

Value mlir::triton::gpu::computeNumIters(ImplicitLocOpBuilder &b, Value lb,
                                         Value ub, Value step) {
  // ceildiv(ub - lb, step) is the trip count for any sign of ub - lb.
  Value diff = arith::SubIOp::create(b, ub, lb);
  return arith::CeilDivSIOp::create(b, diff, step);
}

Value mlir::triton::gpu::computeNumIters(ImplicitLocOpBuilder &b,
                                         scf::ForOp loop) {
  return computeNumIters(b, loop.getLowerBound(), loop.getUpperBound(),
                         loop.getStep());
}

bool mlir::triton::gpu::canSliceBounds(DominanceInfo &domInfo,
                                       scf::ForOp outer, ArrayRef<Value> values,
                                       llvm::SetVector<Operation *> &sliced) {
  auto ops = boundComputation(domInfo, outer, values,
                              /*fromInductionVar=*/true);
  if (!ops)
    return false;
  sliced = std::move(*ops);
  return true;
}
