//===- CombineTensorSelectAndIf.cpp - fold selects into scf.if results ----===//
//
// tritongpu-combine-tensor-select-and-if: an arith.select on the condition
// of a later scf.if in the same block becomes a result of that if.
//
//===----------------------------------------------------------------------===//
#include "Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "llvm/ADT/MapVector.h"

#define DEBUG_TYPE "tritongpu-combine-tensor-select-and-if"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUCOMBINETENSORSELECTANDIF
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;

namespace {

/// The if a select can be folded into: the first `scf.if` on the select's
/// condition, in the select's block and after it, that comes before every
/// use of the select outside its own branches.
scf::IfOp findIfForSelect(arith::SelectOp select, DominanceInfo &dom) {
  Block *block = select->getBlock();
  for (Operation *user : select.getCondition().getUsers()) {
    auto ifOp = dyn_cast<scf::IfOp>(user);
    if (!ifOp || ifOp->getBlock() != block ||
        ifOp.getCondition() != select.getCondition())
      continue;
    if (!select->isBeforeInBlock(ifOp))
      continue;
    bool ifComesFirst = llvm::all_of(select->getUsers(), [&](Operation *use) {
      return ifOp->isProperAncestor(use) ||
             dom.properlyDominates(ifOp.getOperation(), use);
    });
    if (ifComesFirst)
      return ifOp;
  }
  return nullptr;
}

/// Appends `value` to the operands of the terminator of `region`'s block.
void appendToYield(Region &region, Value value) {
  auto yield = cast<scf::YieldOp>(region.front().getTerminator());
  yield.getResultsMutable().append(value);
}

/// Rebuilds `ifOp` with the selects in `selects` as extra results (in order)
/// and replaces the selects by them. Inside a branch a select is its
/// branch's operand, since the condition is known there.
void foldSelectsIntoIf(scf::IfOp ifOp, ArrayRef<arith::SelectOp> selects) {
  OpBuilder builder(ifOp);
  Location loc = ifOp.getLoc();

  SmallVector<Type> resultTypes(ifOp.getResultTypes());
  for (arith::SelectOp select : selects)
    resultTypes.push_back(select.getType());

  auto newIf =
      scf::IfOp::create(builder, loc, resultTypes, ifOp.getCondition(),
                        /*addThenBlock=*/false, /*addElseBlock=*/false);
  newIf.getThenRegion().takeBody(ifOp.getThenRegion());
  if (!ifOp.getElseRegion().empty()) {
    newIf.getElseRegion().takeBody(ifOp.getElseRegion());
  } else {
    Block *elseBlock = builder.createBlock(&newIf.getElseRegion());
    builder.setInsertionPointToEnd(elseBlock);
    scf::YieldOp::create(builder, loc);
  }

  unsigned firstNew = ifOp.getNumResults();
  for (auto [index, constSelect] : llvm::enumerate(selects)) {
    arith::SelectOp select = constSelect;
    Value trueValue = select.getTrueValue();
    Value falseValue = select.getFalseValue();
    select.getResult().replaceUsesWithIf(trueValue, [&](OpOperand &use) {
      return newIf.getThenRegion().isAncestor(
          use.getOwner()->getParentRegion());
    });
    select.getResult().replaceUsesWithIf(falseValue, [&](OpOperand &use) {
      return newIf.getElseRegion().isAncestor(
          use.getOwner()->getParentRegion());
    });
    appendToYield(newIf.getThenRegion(), trueValue);
    appendToYield(newIf.getElseRegion(), falseValue);
    select.getResult().replaceAllUsesWith(newIf.getResult(firstNew + index));
    select.erase();
  }

  ifOp.replaceAllUsesWith(newIf.getResults().take_front(firstNew));
  ifOp.erase();
}

struct CombineTensorSelectAndIfPass
    : public triton::gpu::impl::TritonGPUCombineTensorSelectAndIfBase<
          CombineTensorSelectAndIfPass> {
  void runOnOperation() override {
    DominanceInfo dom(getOperation());

    // Group the selects by the if they fold into, keeping program order.
    llvm::MapVector<Operation *, SmallVector<arith::SelectOp>> selectsOfIf;
    getOperation().walk([&](arith::SelectOp select) {
      if (scf::IfOp ifOp = findIfForSelect(select, dom))
        selectsOfIf[ifOp.getOperation()].push_back(select);
    });

    for (auto &[ifOp, selects] : selectsOfIf)
      foldSelectsIntoIf(cast<scf::IfOp>(ifOp), selects);
  }
};

} // namespace
