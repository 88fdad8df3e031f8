//===- LayoutPropagation.cpp - forward layout propagation -----------------===//
//
// Phase 1 of tritongpu-remove-layout-conversions:
//   1. anchors (expensive loads and stores, dots, atomics, function
//      arguments) keep their layout;
//   2. each anchor's layout flows to its users until a fixed point; a value
//      can collect several candidate layouts;
//   3. conflicts are resolved to one layout per value;
//   4. the function is rewritten in place, regions in dominance order, with
//      a ttg.convert_layout wherever an operand's layout differs from the one
//      its user now needs.
//
//===----------------------------------------------------------------------===//
#include "RemoveLayoutConversions.h"
#include "Dialect/Triton/IR/Traits.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/Transforms/LayoutUtility.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include <deque>

#define DEBUG_TYPE "tritongpu-remove-layout-conversions"

namespace mlir::triton::gpu {
namespace {

using Encodings = llvm::SmallSetVector<Attribute, 4>;

bool isLayoutAnchor(Operation *op) {
  if (isa<LoadOp, StoreOp>(op))
    return isExpensiveLoadOrStore(op);
  if (isa<DotOp, DotScaledOp, nvidia_gpu::WarpGroupDotOp, AtomicRMWOp,
          AtomicCASOp, DescriptorLoadOp, DescriptorGatherOp>(op))
    return true;
  // A reordering reshape may pick any layout for its result: propagation
  // starts again from it, and the backward phase fixes its operand.
  if (auto reshape = dyn_cast<ReshapeOp>(op))
    return reshape.getAllowReorder();
  return false;
}

class LayoutPropagation {
public:
  explicit LayoutPropagation(FuncOp func) : func(func) {}

  void run() {
    initAnchors();
    propagate();
    resolveConflicts();
    rewriteRegion(func.getBody());
  }

private:
  void initAnchors();
  void propagate();
  SmallVector<Value> propagateToUsers(Value value, const Encodings &info);
  void addEncodings(ValueRange values, const Encodings &info, Operation *user,
                    SmallVector<Value> &changed);
  void resolveConflicts();

  void rewriteRegion(Region &region);
  void rewriteOp(Operation *op);
  void rewriteForOp(scf::ForOp forOp);
  void rewriteWhileOp(scf::WhileOp whileOp);
  void rewriteIfOp(scf::IfOp ifOp);
  void rewriteYieldOp(scf::YieldOp yield);
  void rewriteConditionOp(scf::ConditionOp condition);
  void rewriteOperandsTo(Operation *op, Attribute encoding);
  void rewriteGenericOp(Operation *op, Attribute encoding);

  Attribute chosen(Value value) const {
    auto it = layouts.find(value);
    return it == layouts.end() ? Attribute() : it->second.front();
  }
  Attribute encodingBeforeRewrite(Value value) const;
  void setEncodingInPlace(Value value, Attribute encoding);
  Value getValueAs(Value value, Attribute encoding);

  FuncOp func;
  llvm::MapVector<Value, Encodings> layouts;
  DenseMap<Value, Attribute> originalEncodings;
};

void LayoutPropagation::initAnchors() {
  auto addAnchor = [&](Value value) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || !type.getEncoding())
      return;
    // Every dot's mma result anchors its layout, as in Triton 3.6 (which no
    // longer checks that the value is converted back to mma further down).
    layouts[value].insert(type.getEncoding());
  };
  // Function arguments anchor their layout too (tests pass tensors in).
  for (BlockArgument arg : func.getArguments())
    addAnchor(arg);
  func.walk([&](Operation *op) {
    if (isLayoutAnchor(op))
      for (Value result : op->getResults())
        addAnchor(result);
  });
}

void LayoutPropagation::addEncodings(ValueRange values, const Encodings &info,
                                     Operation *user,
                                     SmallVector<Value> &changed) {
  for (Value value : values) {
    if (!value || !isa<RankedTensorType>(value.getType()))
      continue;
    bool grew = false;
    for (Attribute encoding : info) {
      // A conversion's result can take its operand's layout: the conversion
      // then disappears.
      Attribute dst = isa<ConvertLayoutOp>(user)
                          ? encoding
                          : inferDstEncoding(user, encoding);
      if (dst)
        grew |= layouts[value].insert(dst);
    }
    if (grew)
      changed.push_back(value);
  }
}

SmallVector<Value> LayoutPropagation::propagateToUsers(Value value,
                                                       const Encodings &info) {
  SmallVector<Value> changed;
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (auto forOp = dyn_cast<scf::ForOp>(user)) {
      if (use.getOperandNumber() >= forOp.getNumControlOperands())
        addEncodings({forOp.getTiedLoopRegionIterArg(&use),
                      forOp.getTiedLoopResult(&use)},
                     info, user, changed);
      continue;
    }
    if (auto whileOp = dyn_cast<scf::WhileOp>(user)) {
      addEncodings(whileOp.getBeforeArguments()[use.getOperandNumber()], info,
                   user, changed);
      continue;
    }
    if (auto yield = dyn_cast<scf::YieldOp>(user)) {
      Operation *parent = yield->getParentOp();
      unsigned idx = use.getOperandNumber();
      SmallVector<Value> targets;
      if (isa<scf::ForOp, scf::IfOp>(parent))
        targets.push_back(parent->getResult(idx));
      if (auto forOp = dyn_cast<scf::ForOp>(parent))
        targets.push_back(forOp.getRegionIterArg(idx));
      if (auto whileOp = dyn_cast<scf::WhileOp>(parent))
        targets.push_back(whileOp.getBeforeArguments()[idx]);
      addEncodings(targets, info, user, changed);
      continue;
    }
    if (auto condition = dyn_cast<scf::ConditionOp>(user)) {
      if (use.getOperandNumber() == 0)
        continue;
      auto whileOp = cast<scf::WhileOp>(condition->getParentOp());
      unsigned idx = use.getOperandNumber() - 1;
      addEncodings({whileOp.getAfterArguments()[idx], whileOp.getResult(idx)},
                   info, user, changed);
      continue;
    }
    if (auto gather = dyn_cast<GatherOp>(user)) {
      // Only the indices decide the result's layout; the source may have
      // any.
      if (!gather.getEfficientLayout() &&
          &use == &gather.getIndicesMutable())
        addEncodings(gather->getResults(), info, user, changed);
      continue;
    }
    if (user->hasTrait<OpTrait::SameOperandsAndResultEncoding>() ||
        user->hasTrait<OpTrait::Elementwise>() ||
        isa<ReduceOp, ExpandDimsOp, ReshapeOp, TransOp, JoinOp, SplitOp,
            ConvertLayoutOp, nvidia_gpu::WarpGroupDotWaitOp>(user))
      addEncodings(user->getResults(), info, user, changed);
  }
  return changed;
}

void LayoutPropagation::propagate() {
  SmallVector<Value> queue;
  for (auto &entry : layouts)
    queue.push_back(entry.first);
  while (!queue.empty()) {
    Value value = queue.pop_back_val();
    Encodings info = layouts[value];
    SmallVector<Value> changed = propagateToUsers(value, info);
    queue.append(changed.begin(), changed.end());
  }
}

void LayoutPropagation::resolveConflicts() {
  for (auto &[value, encodings] : layouts) {
    if (encodings.size() <= 1)
      continue;
    // Triton's rule: memory ops keep a blocked layout, compute prefers an
    // mma one; otherwise the first layout that reached the value wins.
    Operation *def = value.getDefiningOp();
    bool isMemoryOp =
        def && isa<LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp>(def);
    Attribute pick = encodings.front();
    for (Attribute e : encodings) {
      if ((isMemoryOp && isa<BlockedEncodingAttr>(e)) ||
          (!isMemoryOp && isa<NvidiaMmaEncodingAttr>(e))) {
        pick = e;
        break;
      }
    }
    encodings.clear();
    encodings.insert(pick);
  }
}

//===----------------------------------------------------------------------===//
// Rewrite
//===----------------------------------------------------------------------===//

Attribute LayoutPropagation::encodingBeforeRewrite(Value value) const {
  auto it = originalEncodings.find(value);
  if (it != originalEncodings.end())
    return it->second;
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type ? type.getEncoding() : Attribute();
}

void LayoutPropagation::setEncodingInPlace(Value value, Attribute encoding) {
  auto type = cast<RankedTensorType>(value.getType());
  originalEncodings.try_emplace(value, type.getEncoding());
  value.setType(type.cloneWithEncoding(encoding));
}

Value LayoutPropagation::getValueAs(Value value, Attribute encoding) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !encoding || type.getEncoding() == encoding)
    return value;
  OpBuilder builder(value.getContext());
  builder.setInsertionPointAfterValue(value);
  return ConvertLayoutOp::create(builder, value.getLoc(),
                                 type.cloneWithEncoding(encoding), value);
}

void LayoutPropagation::rewriteRegion(Region &root) {
  std::deque<Region *> queue = {&root};
  while (!queue.empty()) {
    Region *region = queue.front();
    queue.pop_front();
    for (Operation &op : region->getOps()) {
      bool needsRewrite = llvm::any_of(op.getResults(), [&](Value result) {
        Attribute encoding = chosen(result);
        return encoding &&
               cast<RankedTensorType>(result.getType()).getEncoding() !=
                   encoding;
      });
      if (needsRewrite) {
        rewriteOp(&op);
      } else if (auto yield = dyn_cast<scf::YieldOp>(op)) {
        rewriteYieldOp(yield);
        continue;
      } else if (auto condition = dyn_cast<scf::ConditionOp>(op)) {
        rewriteConditionOp(condition);
        continue;
      } else if ((isa<ReduceOp>(op) &&
                  !isa<RankedTensorType>(op.getResultTypes()[0])) ||
                 isa<HistogramOp>(op)) {
        // A reduction to scalars and a histogram take their operands in any
        // layout (all the same): use the one propagated to the first
        // operand that has one.
        Attribute encoding;
        for (Value operand : op.getOperands())
          if ((encoding = chosen(operand)))
            break;
        rewriteOperandsTo(&op, encoding);
      } else if (auto assertOp = dyn_cast<AssertOp>(op)) {
        // An assert checks its condition in whatever layout it comes in.
        Value condition = assertOp.getCondition();
        if (Attribute encoding = chosen(condition))
          assertOp.getConditionMutable().assign(
              getValueAs(condition, encoding));
      } else {
        // The op keeps its layout: its operands that changed are converted
        // back to the layout they had.
        for (OpOperand &operand : op.getOpOperands())
          if (layouts.count(operand.get()))
            operand.set(getValueAs(operand.get(),
                                   encodingBeforeRewrite(operand.get())));
      }
      for (Region &nested : op.getRegions())
        queue.push_back(&nested);
    }
  }
}

void LayoutPropagation::rewriteOperandsTo(Operation *op, Attribute encoding) {
  if (!encoding)
    return;
  for (OpOperand &operand : op->getOpOperands())
    operand.set(getValueAs(operand.get(), encoding));
}

void LayoutPropagation::rewriteForOp(scf::ForOp forOp) {
  for (auto [i, init, result, arg] :
       llvm::enumerate(forOp.getInitArgs(), forOp.getResults(),
                       forOp.getRegionIterArgs())) {
    Attribute encoding = chosen(result);
    if (!encoding)
      continue;
    forOp.getInitArgsMutable()[i].assign(getValueAs(init, encoding));
    setEncodingInPlace(result, encoding);
    setEncodingInPlace(arg, encoding);
  }
}

void LayoutPropagation::rewriteWhileOp(scf::WhileOp whileOp) {
  for (auto [i, init, arg] :
       llvm::enumerate(whileOp.getInits(), whileOp.getBeforeArguments())) {
    Attribute encoding = chosen(arg);
    if (!encoding)
      continue;
    whileOp->setOperand(i, getValueAs(init, encoding));
    setEncodingInPlace(arg, encoding);
  }
  for (auto [result, arg] :
       llvm::zip(whileOp.getResults(), whileOp.getAfterArguments())) {
    Attribute encoding = chosen(result);
    if (!encoding)
      continue;
    setEncodingInPlace(result, encoding);
    setEncodingInPlace(arg, encoding);
  }
}

void LayoutPropagation::rewriteIfOp(scf::IfOp ifOp) {
  for (Value result : ifOp.getResults())
    if (Attribute encoding = chosen(result))
      setEncodingInPlace(result, encoding);
}

void LayoutPropagation::rewriteYieldOp(scf::YieldOp yield) {
  Operation *parent = yield->getParentOp();
  for (OpOperand &operand : yield->getOpOperands()) {
    Type expected = operand.get().getType();
    if (isa<scf::ForOp, scf::IfOp>(parent))
      expected = parent->getResult(operand.getOperandNumber()).getType();
    else if (auto whileOp = dyn_cast<scf::WhileOp>(parent))
      expected =
          whileOp.getBeforeArguments()[operand.getOperandNumber()].getType();
    if (auto type = dyn_cast<RankedTensorType>(expected))
      operand.set(getValueAs(operand.get(), type.getEncoding()));
  }
}

void LayoutPropagation::rewriteConditionOp(scf::ConditionOp condition) {
  auto whileOp = cast<scf::WhileOp>(condition->getParentOp());
  for (unsigned i = 1, e = condition->getNumOperands(); i < e; ++i) {
    auto type = dyn_cast<RankedTensorType>(whileOp.getResult(i - 1).getType());
    if (type)
      condition->setOperand(
          i, getValueAs(condition->getOperand(i), type.getEncoding()));
  }
}

void LayoutPropagation::rewriteGenericOp(Operation *op, Attribute encoding) {
  // The operand layout: that of an operand whose propagated layout gives
  // `encoding`, else the one `encoding` requires.
  Attribute operandEncoding;
  for (Value operand : op->getOperands()) {
    Attribute e = chosen(operand);
    if (e && inferDstEncoding(op, e) == encoding) {
      operandEncoding = e;
      break;
    }
  }
  if (!operandEncoding && op->getNumOperands() > 0)
    operandEncoding = isa<ConvertLayoutOp>(op)
                          ? encoding
                          : inferSrcEncoding(op, encoding);
  rewriteOperandsTo(op, operandEncoding);
  for (Value result : op->getResults())
    if (isa<RankedTensorType>(result.getType()))
      setEncodingInPlace(result, encoding);
}

void LayoutPropagation::rewriteOp(Operation *op) {
  if (auto forOp = dyn_cast<scf::ForOp>(op))
    return rewriteForOp(forOp);
  if (auto whileOp = dyn_cast<scf::WhileOp>(op))
    return rewriteWhileOp(whileOp);
  if (auto ifOp = dyn_cast<scf::IfOp>(op))
    return rewriteIfOp(ifOp);
  Attribute encoding = chosen(op->getResult(0));
  // Only ops propagation can reach get here: elementwise and
  // encoding-preserving ops, reductions, shape ops and conversions.
  rewriteGenericOp(op, encoding);
}

} // namespace

void propagateLayoutsForward(FuncOp func) { LayoutPropagation(func).run(); }

} // namespace mlir::triton::gpu
