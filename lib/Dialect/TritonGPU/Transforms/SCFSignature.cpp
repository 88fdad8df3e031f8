//===- SCFSignature.cpp - rebuild scf ops with more values ----------------===//
#include "Dialect/TritonGPU/Transforms/SCFSignature.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::triton::gpu {

scf::ForOp replaceForOpWithNewSignature(
    OpBuilder &builder, scf::ForOp loop, ValueRange newInits,
    SmallVectorImpl<std::tuple<Value, Value>> &replacements) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(loop);
  SmallVector<Value> inits(loop.getInitArgs());
  inits.append(newInits.begin(), newInits.end());
  auto newLoop =
      scf::ForOp::create(builder, loop.getLoc(), loop.getLowerBound(),
                         loop.getUpperBound(), loop.getStep(), inits);
  newLoop->setAttrs(loop->getAttrs());
  newLoop.getBody()->erase();
  newLoop.getRegion().getBlocks().splice(newLoop.getRegion().begin(),
                                         loop.getRegion().getBlocks());
  for (Value init : newInits)
    newLoop.getBody()->addArgument(init.getType(), init.getLoc());
  for (auto [oldResult, newResult] :
       llvm::zip(loop.getResults(),
                 newLoop.getResults().take_front(loop.getNumResults())))
    replacements.push_back({oldResult, newResult});
  return newLoop;
}

scf::IfOp replaceIfOpWithNewSignature(
    OpBuilder &builder, scf::IfOp ifOp, TypeRange newResultTypes,
    SmallVectorImpl<std::tuple<Value, Value>> &replacements) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(ifOp);
  SmallVector<Type> types(ifOp.getResultTypes());
  types.append(newResultTypes.begin(), newResultTypes.end());
  auto newIf = scf::IfOp::create(builder, ifOp.getLoc(), types,
                                 ifOp.getCondition());
  newIf->setAttrs(ifOp->getAttrs());
  newIf.getThenRegion().takeBody(ifOp.getThenRegion());
  newIf.getElseRegion().takeBody(ifOp.getElseRegion());
  scf::IfOp::ensureTerminator(newIf.getThenRegion(), builder, ifOp.getLoc());
  scf::IfOp::ensureTerminator(newIf.getElseRegion(), builder, ifOp.getLoc());
  for (auto [oldResult, newResult] :
       llvm::zip(ifOp.getResults(),
                 newIf.getResults().take_front(ifOp.getNumResults())))
    replacements.push_back({oldResult, newResult});
  return newIf;
}

namespace {

/// Liveness of loop-carried values: a value is live when a loop result it
/// feeds is used, or an op with side effects reads it. Dead yields are
/// replaced by the iter_arg, which scf.for's canonicalization then removes.
struct ForOpDeadArgElimination : public OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::ForOp forOp,
                                PatternRewriter &rewriter) const override {
    Block &body = *forOp.getBody();
    auto yield = cast<scf::YieldOp>(body.getTerminator());
    DenseSet<Value> live;
    SmallVector<Value> worklist;
    auto markLive = [&](Value v) {
      if (!forOp->isAncestor(v.getParentRegion()->getParentOp()))
        return;
      if (live.insert(v).second)
        worklist.push_back(v);
    };
    for (auto [i, result] : llvm::enumerate(forOp.getResults()))
      if (!result.use_empty())
        markLive(yield.getOperand(i));
    if (live.size() == forOp.getNumResults())
      return failure();
    body.walk([&](Operation *op) {
      if (!isa<scf::YieldOp, scf::ForOp>(op) && !wouldOpBeTriviallyDead(op))
        for (Value operand : op->getOperands())
          markLive(operand);
    });
    while (!worklist.empty()) {
      Value v = worklist.pop_back_val();
      if (auto nested = v.getDefiningOp<scf::ForOp>()) {
        auto result = cast<OpResult>(v);
        markLive(nested.getInitArgs()[result.getResultNumber()]);
        markLive(nested.getBody()->getTerminator()->getOperand(
            result.getResultNumber()));
        continue;
      }
      if (auto nested = v.getDefiningOp<scf::IfOp>()) {
        unsigned idx = cast<OpResult>(v).getResultNumber();
        markLive(nested.getCondition());
        markLive(nested.thenYield().getOperand(idx));
        if (!nested.getElseRegion().empty())
          markLive(nested.elseYield().getOperand(idx));
        continue;
      }
      if (Operation *def = v.getDefiningOp()) {
        // A while loop's data flow is not tracked: give up.
        if (isa<scf::WhileOp>(def))
          return failure();
        for (Value operand : def->getOperands())
          markLive(operand);
        // Values used inside the op's regions feed its results.
        visitUsedValuesDefinedAbove(def->getRegions(), [&](OpOperand *use) {
          markLive(use->get());
        });
        continue;
      }
      auto arg = cast<BlockArgument>(v);
      auto owner = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
      if (!owner || arg.getArgNumber() < owner.getNumInductionVars())
        continue;
      unsigned iter = arg.getArgNumber() - owner.getNumInductionVars();
      markLive(owner.getBody()->getTerminator()->getOperand(iter));
      markLive(owner.getInitArgs()[iter]);
    }
    SmallVector<unsigned> dead;
    for (auto [i, operand] : llvm::enumerate(yield.getOperands())) {
      if (live.contains(operand) || operand == body.getArgument(i + 1))
        continue;
      // A value from outside the loop is what the loop returns after one
      // iteration or more, and differs from the init after zero: keep it
      // unless it is the init itself.
      if (!forOp->isAncestor(operand.getParentRegion()->getParentOp()) &&
          operand != forOp.getInitArgs()[i])
        continue;
      dead.push_back(i);
    }
    if (dead.empty())
      return failure();
    rewriter.modifyOpInPlace(yield, [&] {
      for (unsigned i : dead)
        yield.setOperand(i, body.getArgument(i + 1));
    });
    return success();
  }
};

} // namespace

void populateForOpDeadArgumentElimination(RewritePatternSet &patterns) {
  patterns.add<ForOpDeadArgElimination>(patterns.getContext());
}

} // namespace mlir::triton::gpu
