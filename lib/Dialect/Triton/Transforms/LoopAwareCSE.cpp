//===- LoopAwareCSE.cpp - merge equivalent scf.for iter_args, then CSE ----===//

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/CSE.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "triton-loop-aware-cse"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONLOOPAWARECSE
#include "Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;

namespace {

/// Decides whether two iter_args of one scf.for always hold the same value.
///
/// The proof is coinductive: to show iter_args i and j equal, assume they are,
/// then show that their initial values are the same SSA value and that the
/// values yielded for them are computed the same way. Every pair of values
/// compared along the way is assumed equal while the proof runs, which breaks
/// cycles through the loop and visits each pair once. All steps are
/// conjunctive, so a proof that succeeds has only used assumptions that it
/// also discharged; one failure fails the whole query.
///
/// iter_args of scf.for loops nested in the body, and their results, are
/// handled the same way, so pointer increments carried through an inner loop
/// compare equal too.
class IterArgEquivalence {
public:
  explicit IterArgEquivalence(scf::ForOp loop) : loop(loop) {}

  bool iterArgsEqual(unsigned i, unsigned j) {
    assumed.clear();
    return valuesEqual(loop.getRegionIterArg(i), loop.getRegionIterArg(j));
  }

private:
  bool valuesEqual(Value a, Value b) {
    if (a == b)
      return true;
    if (a.getType() != b.getType())
      return false;
    // Distinct values defined outside the loop are not known to be equal.
    Region &body = loop.getRegion();
    if (!body.isAncestor(a.getParentRegion()) ||
        !body.isAncestor(b.getParentRegion()))
      return false;
    if (assumed.contains({a, b}) || assumed.contains({b, a}))
      return true;
    assumed.insert({a, b});

    auto aArg = dyn_cast<BlockArgument>(a);
    auto bArg = dyn_cast<BlockArgument>(b);
    if (aArg || bArg) {
      if (!aArg || !bArg || aArg.getOwner() != bArg.getOwner())
        return false;
      auto forOp = dyn_cast<scf::ForOp>(aArg.getOwner()->getParentOp());
      // Induction variables are the same argument or differ.
      if (!forOp || aArg == forOp.getInductionVar() ||
          bArg == forOp.getInductionVar())
        return false;
      return carriedValuesEqual(forOp, aArg.getArgNumber() - 1,
                                bArg.getArgNumber() - 1);
    }

    auto aRes = cast<OpResult>(a);
    auto bRes = cast<OpResult>(b);
    Operation *aDef = aRes.getOwner();
    Operation *bDef = bRes.getOwner();
    // Two results of one nested loop are equal when its iter_args are.
    if (aDef == bDef) {
      if (auto forOp = dyn_cast<scf::ForOp>(aDef))
        return carriedValuesEqual(forOp, aRes.getResultNumber(),
                                  bRes.getResultNumber());
      return false;
    }
    if (aRes.getResultNumber() != bRes.getResultNumber())
      return false;
    // Only ops without effects compute the same value from the same inputs.
    if (aDef->getNumRegions() || bDef->getNumRegions() ||
        !isMemoryEffectFree(aDef) || !isMemoryEffectFree(bDef))
      return false;
    return OperationEquivalence::isEquivalentTo(
        aDef, bDef,
        [&](Value x, Value y) { return success(valuesEqual(x, y)); },
        /*markEquivalent=*/nullptr, OperationEquivalence::IgnoreLocations);
  }

  /// iter_args (equivalently results) i and j of `forOp` are equal when they
  /// start equal and each iteration keeps them equal.
  bool carriedValuesEqual(scf::ForOp forOp, unsigned i, unsigned j) {
    if (i == j)
      return true;
    BlockArgument argI = forOp.getRegionIterArg(i);
    BlockArgument argJ = forOp.getRegionIterArg(j);
    assumed.insert({argI, argJ});
    return valuesEqual(forOp.getInitArgs()[i], forOp.getInitArgs()[j]) &&
           valuesEqual(forOp.getYieldedValues()[i],
                       forOp.getYieldedValues()[j]);
  }

  scf::ForOp loop;
  llvm::DenseSet<std::pair<Value, Value>> assumed;
};

} // namespace

/// Rebuilds `loop` without the iter_args flagged in `drop`, which must have no
/// uses left, in the body or as results. Returns the new loop.
static scf::ForOp dropIterArgs(RewriterBase &rewriter, scf::ForOp loop,
                               const llvm::BitVector &drop) {
  SmallVector<Value> inits;
  for (auto [k, init] : llvm::enumerate(loop.getInitArgs()))
    if (!drop[k])
      inits.push_back(init);

  rewriter.setInsertionPoint(loop);
  auto newLoop = scf::ForOp::create(
      rewriter, loop.getLoc(), loop.getLowerBound(), loop.getUpperBound(),
      loop.getStep(), inits, /*bodyBuilder=*/nullptr, loop.getUnsignedCmp());
  // Keep discardable attributes such as tt.num_stages.
  newLoop->setDiscardableAttrs(loop->getDiscardableAttrDictionary());

  // Move the old body over, then remove the dropped arguments and operands.
  Block *oldBody = loop.getBody();
  rewriter.eraseBlock(newLoop.getBody());
  newLoop.getRegion().getBlocks().splice(newLoop.getRegion().end(),
                                         loop.getRegion().getBlocks());
  auto yield = cast<scf::YieldOp>(oldBody->getTerminator());
  for (int k = drop.size() - 1; k >= 0; --k) {
    if (!drop[k])
      continue;
    yield->eraseOperand(k);
    oldBody->eraseArgument(k + 1);
  }

  unsigned next = 0;
  for (unsigned k = 0, e = loop.getNumResults(); k < e; ++k)
    if (!drop[k])
      rewriter.replaceAllUsesWith(loop.getResult(k), newLoop.getResult(next++));
  rewriter.eraseOp(loop);
  return newLoop;
}

/// Merges every iter_arg of `loop` into the first one equivalent to it and
/// drops the merged ones. Returns true when something was merged.
static bool mergeEquivalentIterArgs(RewriterBase &rewriter, scf::ForOp loop) {
  unsigned n = loop.getNumRegionIterArgs();
  if (n < 2)
    return false;
  IterArgEquivalence equivalence(loop);
  // leader[k]: the first iter_arg proved equal to k (k itself if none).
  SmallVector<unsigned> leader(n);
  llvm::BitVector drop(n);
  for (unsigned j = 0; j < n; ++j) {
    leader[j] = j;
    for (unsigned i = 0; i < j; ++i) {
      if (leader[i] != i || !equivalence.iterArgsEqual(i, j))
        continue;
      leader[j] = i;
      drop.set(j);
      break;
    }
  }
  if (drop.none())
    return false;

  for (unsigned j : drop.set_bits()) {
    unsigned i = leader[j];
    LLVM_DEBUG(llvm::dbgs()
               << "[" DEBUG_TYPE "] merging iter_arg #" << j << " into #" << i
               << " of " << loop.getLoc() << "\n");
    rewriter.replaceAllUsesWith(loop.getRegionIterArg(j),
                                loop.getRegionIterArg(i));
    rewriter.replaceAllUsesWith(loop.getResult(j), loop.getResult(i));
  }
  dropIterArgs(rewriter, loop, drop);
  return true;
}

namespace {

class LoopAwareCSEPass
    : public triton::impl::TritonLoopAwareCSEBase<LoopAwareCSEPass> {
public:
  void runOnOperation() override {
    Operation *root = getOperation();
    IRRewriter rewriter(&getContext());
    // Plain CSE first, so equal values from outside loops (initial values in
    // particular) become the same SSA value.
    runCSE(rewriter);
    // Merging can make the initial values of other loops equal, or the
    // operands of nested loops: repeat until nothing merges.
    while (true) {
      SmallVector<scf::ForOp> loops;
      root->walk([&](scf::ForOp loop) { loops.push_back(loop); });
      bool merged = false;
      for (scf::ForOp loop : loops)
        merged |= mergeEquivalentIterArgs(rewriter, loop);
      if (!merged)
        break;
      // What merged arguments computed is now computed twice: clean it up.
      runCSE(rewriter);
    }
  }

private:
  void runCSE(RewriterBase &rewriter) {
    // Fresh dominance each time: loops were rebuilt since the last run.
    DominanceInfo domInfo(getOperation());
    eliminateCommonSubExpressions(rewriter, domInfo, getOperation());
  }
};

} // namespace
