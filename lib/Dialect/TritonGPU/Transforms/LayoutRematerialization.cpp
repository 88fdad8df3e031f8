//===- LayoutRematerialization.cpp - backward remat and hoisting ----------===//
//
// Phases 2 and 3 of tritongpu-remove-layout-conversions. A conversion whose
// operand is computed by ops that can be recomputed (make_range, splat,
// arithmetic, cheap loads, loop-carried values) is replaced by recomputing
// that slice in the target layout. Conversions that stay are moved to where
// they convert fewer bytes or run less often.
//
//===----------------------------------------------------------------------===//
#include "LayoutRematerialization.h"
#include "RemoveLayoutConversions.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/Transforms/LayoutUtility.h"
#include "Dialect/TritonGPU/Transforms/SCFSignature.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::triton::gpu {
namespace {

/// Ops that may be recomputed in another layout.
bool canBeRemat(Operation *op) {
  if (isa<LoadOp, StoreOp>(op))
    return !isExpensiveLoadOrStore(op);
  if (isa<AtomicRMWOp, AtomicCASOp, DotOp, DotScaledOp, scf::WhileOp,
          scf::ConditionOp, AsyncCopyGlobalToLocalOp>(op))
    return false;
  if (auto reshape = dyn_cast<ReshapeOp>(op))
    return !reshape.getAllowReorder();
  // Anything with side effects other than reads runs once, where it is.
  if (!isMemoryEffectFree(op) && !isa<LoadOp, scf::ForOp, scf::IfOp,
                                      scf::YieldOp>(op))
    return false;
  return true;
}

} // namespace

void LayoutRematerialization::forEachConvert(
    function_ref<bool(ConvertLayoutOp)> fn, bool &changed) {
  SmallVector<ConvertLayoutOp> converts;
  func.walk([&](ConvertLayoutOp op) { converts.push_back(op); });
  for (ConvertLayoutOp convert : converts) {
    if (fn(convert))
      changed = true;
    else
      addRemat(convert.getSrc(), convert.getType().getEncoding(),
               convert.getResult());
  }
}

LogicalResult LayoutRematerialization::getRematerializableSlice(
    OpOperand &root, Attribute encoding, SetVector<Value> &sliceArg,
    DenseMap<Value, Attribute> &layoutArg, RematMap &existingArg,
    std::function<bool(Operation *)> stop) {
  SetVector<Value> slice = sliceArg;
  DenseMap<Value, Attribute> layout = layoutArg;
  RematMap existing = existingArg;
  // A value already converted to the wanted layout is reused when the
  // conversion dominates the use.
  auto getExisting = [&](OpOperand &use, Attribute enc) -> Value {
    Value remat = getRemat(use.get(), enc);
    if (!remat)
      return {};
    if (domInfo.properlyDominates(remat, use.getOwner())) {
      existing.try_emplace({use.get(), enc}, remat);
      return remat;
    }
    existing[{use.get(), enc}] = Value();
    return {};
  };
  if (failed(getConvertBackwardSlice(root, slice, encoding, layout, stop,
                                     getExisting)) ||
      slice.empty())
    return failure();
  for (Value v : slice)
    if (Operation *op = v.getDefiningOp(); op && !canBeRemat(op))
      return failure();
  sliceArg = std::move(slice);
  layoutArg = std::move(layout);
  existingArg = std::move(existing);
  return success();
}

void LayoutRematerialization::updateRemats(
    ArrayRef<std::tuple<Value, Value>> replacements) {
  DenseMap<Value, Value> replaced;
  for (auto [old, replacement] : replacements)
    replaced[old] = replacement;
  auto current = [&](Value v) {
    Value r = replaced.lookup(v);
    return r ? r : v;
  };
  // Both the value and its rematerialization may have been replaced. Where
  // a replaced value and its replacement both have an entry for a layout,
  // the replacement's own entry stays (decided by rule, not by the map's
  // order).
  RematMap updated;
  for (auto &[key, remat] : remats)
    if (!replaced.count(key.first))
      updated[key] = current(remat);
  for (auto &[key, remat] : remats)
    if (replaced.count(key.first))
      updated.try_emplace({current(key.first), key.second}, current(remat));
  remats = std::move(updated);
}

void LayoutRematerialization::forgetRemats(Operation *op) {
  // A Value is a pointer into its op: once the op is erased, a new op may
  // take its address, and a stale entry would hand that op's result out as
  // the rematerialization of an unrelated value (the output then depended
  // on where the allocator put things).
  auto isResult = [&](Value v) {
    return llvm::is_contained(op->getResults(), v);
  };
  for (auto it = remats.begin(); it != remats.end();) {
    auto entry = it++;
    if (isResult(entry->first.first) || isResult(entry->second))
      remats.erase(entry);
  }
}

void LayoutRematerialization::rewriteSlice(SetVector<Value> &slice,
                                           DenseMap<Value, Attribute> &layout,
                                           const RematMap &existing,
                                           ConvertLayoutOp convert,
                                           IRMapping &mapping) {
  SetVector<Operation *> opsToRewrite;
  // Yield operands each scf op of the slice must yield a second time.
  DenseMap<Operation *, SmallVector<unsigned>> yieldOperands;
  SetVector<Value> reused;
  for (Value v : slice) {
    Attribute encoding = layout.lookup(v);
    if (Value remat = existing.lookup({v, encoding})) {
      mapping.map(v, remat);
      reused.insert(v);
      continue;
    }
    if (Operation *def = v.getDefiningOp()) {
      opsToRewrite.insert(def);
      if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
        unsigned idx = cast<OpResult>(v).getResultNumber();
        for (scf::YieldOp yield : {ifOp.thenYield(), ifOp.elseYield()}) {
          opsToRewrite.insert(yield);
          yieldOperands[yield].push_back(idx);
        }
      }
      continue;
    }
    auto arg = cast<BlockArgument>(v);
    auto loop = cast<scf::ForOp>(arg.getOwner()->getParentOp());
    opsToRewrite.insert(loop);
    Operation *yield = arg.getOwner()->getTerminator();
    yieldOperands[yield].push_back(arg.getArgNumber() -
                                   loop.getNumInductionVars());
    opsToRewrite.insert(yield);
  }
  slice.set_subtract(reused);
  {
    // Program order (pre-order: a loop or branch before its body, a
    // definition before its uses) is a topological order of the slice.
    SetVector<Operation *> ordered;
    func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (opsToRewrite.contains(op))
        ordered.insert(op);
    });
    opsToRewrite = std::move(ordered);
  }

  SmallVector<std::tuple<Value, Value>> replacements;
  SmallVector<Operation *> deadOps;
  IRRewriter builder(convert.getContext());
  for (Operation *op : opsToRewrite) {
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      // Each iter_arg of the slice gets a twin in the new layout.
      SmallVector<std::pair<unsigned, unsigned>> twins;
      SmallVector<Value> newInits;
      for (BlockArgument arg : loop.getRegionIterArgs()) {
        if (!slice.contains(arg))
          continue;
        OpOperand &init = *loop.getTiedLoopInit(arg);
        twins.push_back({loop.getTiedLoopResult(&init).getResultNumber(),
                         loop.getInitArgs().size() + newInits.size()});
        newInits.push_back(mapping.lookup(init.get()));
      }
      scf::ForOp newLoop =
          replaceForOpWithNewSignature(builder, loop, newInits, replacements);
      deadOps.push_back(loop);
      Block &body = *newLoop.getBody();
      unsigned ivs = newLoop.getNumInductionVars();
      for (auto [oldIdx, newIdx] : twins) {
        BlockArgument oldArg = body.getArgument(oldIdx + ivs);
        BlockArgument newArg = body.getArgument(newIdx + ivs);
        mapping.map(loop.getResult(oldIdx), newLoop.getResult(newIdx));
        mapping.map(oldArg, newArg);
        addRemat(newLoop.getResult(oldIdx), layout[oldArg],
                 newLoop.getResult(newIdx));
        addRemat(oldArg, layout[oldArg], newArg);
      }
      continue;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      SmallVector<Type> newTypes;
      for (Value result : ifOp.getResults())
        if (slice.contains(result))
          newTypes.push_back(cast<RankedTensorType>(result.getType())
                                 .cloneWithEncoding(layout[result]));
      scf::IfOp newIf =
          replaceIfOpWithNewSignature(builder, ifOp, newTypes, replacements);
      unsigned newIdx = ifOp.getNumResults();
      for (Value result : ifOp.getResults()) {
        if (!slice.contains(result))
          continue;
        mapping.map(result, newIf.getResult(newIdx));
        addRemat(result, layout[result], newIf.getResult(newIdx));
        ++newIdx;
      }
      deadOps.push_back(ifOp);
      continue;
    }
    builder.setInsertionPoint(op);
    if (auto yield = dyn_cast<scf::YieldOp>(op)) {
      SmallVector<Value> operands(yield.getOperands());
      SmallVector<unsigned> extra = yieldOperands[op];
      llvm::sort(extra);
      for (unsigned idx : extra)
        operands.push_back(mapping.lookup(yield.getOperand(idx)));
      scf::YieldOp::create(builder, op->getLoc(), operands);
      op->erase();
      continue;
    }
    if (isa<arith::ConstantOp>(op)) {
      // The conversion of a constant folds into a new constant.
      Operation *copy = builder.clone(*op);
      Value result = op->getResult(0);
      auto type = cast<RankedTensorType>(result.getType())
                      .cloneWithEncoding(layout[result]);
      Value converted = ConvertLayoutOp::create(builder, op->getLoc(), type,
                                                copy->getResult(0));
      mapping.map(result, converted);
      addRemat(result, layout[result], converted);
      continue;
    }
    Operation *copy = builder.clone(*op, mapping);
    for (auto [old, fresh] : llvm::zip(op->getResults(), copy->getResults())) {
      auto it = layout.find(old);
      if (it == layout.end())
        continue;
      fresh.setType(
          cast<RankedTensorType>(old.getType()).cloneWithEncoding(it->second));
      addRemat(old, it->second, fresh);
    }
  }
  convert.replaceAllUsesWith(mapping.lookup(convert.getSrc()));
  updateRemats(replacements);
  for (auto [old, replacement] : replacements)
    builder.replaceAllUsesWith(old, replacement);
  forgetRemats(convert);
  convert->erase();
  for (Operation *op : deadOps) {
    forgetRemats(op);
    op->erase();
  }
}

bool LayoutRematerialization::backwardRematerialization(
    ConvertLayoutOp convert) {
  RankedTensorType target = convert.getType();
  Attribute encoding = target.getEncoding();
  // Dot operands inside a pipelined loop are hoisted to their loads instead.
  if (isa<DotOperandEncodingAttr>(encoding))
    if (auto loop = convert->getParentOfType<scf::ForOp>()) {
      auto stages = loop->getAttrOfType<IntegerAttr>("tt.num_stages");
      if (!stages || stages.getInt() > 1)
        return false;
    }
  if (Value remat = getRemat(convert.getSrc(), encoding);
      remat && domInfo.properlyDominates(remat, convert)) {
    convert.replaceAllUsesWith(remat);
    forgetRemats(convert);
    convert->erase();
    return true;
  }
  SetVector<Value> slice;
  DenseMap<Value, Attribute> layout;
  RematMap existing;
  // As in Triton 3.6, every rematerializable slice is recomputed: there is
  // no cost model. (One that priced a register-only conversion at zero kept
  // 860 more conversions than Triton on 537 Inductor kernels.)
  if (failed(getRematerializableSlice(convert.getSrcMutable(), encoding, slice,
                                      layout, existing)))
    return false;
  IRMapping mapping;
  rewriteSlice(slice, layout, existing, convert, mapping);
  return true;
}

bool LayoutRematerialization::backwardRematerialization() {
  bool changed = false;
  forEachConvert([&](ConvertLayoutOp c) { return backwardRematerialization(c); },
                 changed);
  return changed;
}

void rematerializeBackward(FuncOp func) {
  LayoutRematerialization(func).backwardRematerialization();
}

/// In Triton's order: above extensions and broadcasts, into branches, then
/// dot operands to their loads.
void hoistConversions(FuncOp func) {
  LayoutRematerialization(func).hoistConvertOnTopOfExtOrBroadcast();
  LayoutRematerialization(func).hoistConvertIntoConditionals();
  LayoutRematerialization(func).hoistConvertDotOperand();
}

} // namespace mlir::triton::gpu
