//===- InferLayout.cpp - layouts of placeholder tensors -------------------===//
//
// A worklist over values: each value reached gets a layout (and whether it
// may still give way); a value whose layout changes propagates to its
// users, its definition and the values scf ties to it. Conflicts between
// layouts that may give way are settled the way Triton 3.6 settles them
// (by a hash of the printed layouts), so that both compilers give a Gluon
// kernel the same layouts.
//
//===----------------------------------------------------------------------===//
#include "InferLayout.h"

#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/Transforms/LayoutUtility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/PriorityWorklist.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

struct Layout {
  Attribute encoding;
  /// Derived through join, split, reshape or trans, which accept other
  /// layouts too: gives way to a fixed one.
  bool mayVary = false;
  bool operator==(const Layout &o) const {
    return encoding == o.encoding && mayVary == o.mayVary;
  }
};

bool derivesVaryingLayout(Operation *op) {
  return isa<JoinOp, SplitOp, ReshapeOp, TransOp>(op);
}

/// The values scf ties to `v` (an init, region argument, yielded value and
/// result of one loop-carried slot, or a branch's result and what each
/// branch yields for it), `v` included; just `v` otherwise.
SmallVector<Value> tiedValues(Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *parent = arg.getOwner()->getParentOp();
    if (auto loop = dyn_cast<scf::ForOp>(parent)) {
      if (arg == loop.getInductionVar())
        return {v};
      unsigned i = arg.getArgNumber() - 1;
      return {loop.getInitArgs()[i], arg, loop.getYieldedValues()[i],
              loop->getResult(i)};
    }
    if (auto loop = dyn_cast<scf::WhileOp>(parent)) {
      unsigned i = arg.getArgNumber();
      if (arg.getOwner() == loop.getBeforeBody())
        return {loop.getInits()[i], arg, loop.getYieldOp().getOperand(i)};
      return {loop.getConditionOp().getArgs()[i], arg, loop->getResult(i)};
    }
    return {v};
  }
  auto result = cast<OpResult>(v);
  Operation *def = result.getOwner();
  unsigned i = result.getResultNumber();
  if (auto loop = dyn_cast<scf::ForOp>(def))
    return tiedValues(loop.getRegionIterArgs()[i]);
  if (auto loop = dyn_cast<scf::WhileOp>(def))
    return tiedValues(loop.getAfterArguments()[i]);
  if (auto branch = dyn_cast<scf::IfOp>(def)) {
    SmallVector<Value> tied{v, branch.thenYield().getOperand(i)};
    if (!branch.getElseRegion().empty())
      tied.push_back(branch.elseYield().getOperand(i));
    return tied;
  }
  return {v};
}

/// The values scf ties to the operand `use` (an init, a yielded value, a
/// condition's argument; none for a loop bound or a condition), or nothing
/// when its owner is not an op that ties its operands to other values.
std::optional<SmallVector<Value>> tiedToUse(OpOperand &use) {
  Operation *owner = use.getOwner();
  unsigned n = use.getOperandNumber();
  if (auto loop = dyn_cast<scf::ForOp>(owner)) {
    if (n < loop.getNumControlOperands())
      return SmallVector<Value>();
    return tiedValues(loop.getRegionIterArgs()[n - loop.getNumControlOperands()]);
  }
  if (auto loop = dyn_cast<scf::WhileOp>(owner))
    return tiedValues(loop.getBeforeArguments()[n]);
  if (auto cond = dyn_cast<scf::ConditionOp>(owner)) {
    if (n == 0)
      return SmallVector<Value>();
    auto loop = cast<scf::WhileOp>(cond->getParentOp());
    return tiedValues(loop.getAfterArguments()[n - 1]);
  }
  if (isa<scf::YieldOp>(owner)) {
    Operation *parent = owner->getParentOp();
    if (isa<scf::ForOp, scf::IfOp>(parent))
      return tiedValues(parent->getResult(n));
    if (auto loop = dyn_cast<scf::WhileOp>(parent))
      return tiedValues(loop.getBeforeArguments()[n]);
    return SmallVector<Value>();
  }
  return std::nullopt;
}

class Propagation {
public:
  Propagation(FuncOp func, function_ref<bool(Type)> isOpen)
      : func(func), isOpen(isOpen) {}

  LogicalResult set(ArrayRef<Value> values, Layout layout) {
    for (Value v : values) {
      if (!isOpen(v.getType()))
        continue;
      auto [it, inserted] = layouts.insert({v, layout});
      if (!inserted) {
        std::optional<Layout> merged = merge(it->second, layout, v);
        if (!merged)
          return failure();
        if (*merged == it->second)
          continue;
        it->second = *merged;
      }
      worklist.insert(v);
    }
    return success();
  }

  LogicalResult run() {
    while (!worklist.empty()) {
      Value v = worklist.pop_back_val();
      Layout layout = layouts.lookup(v);
      for (OpOperand &use : v.getUses()) {
        if (std::optional<SmallVector<Value>> tied = tiedToUse(use)) {
          if (failed(set(*tied, layout)))
            return failure();
          continue;
        }
        Operation *user = use.getOwner();
        if (Attribute dst = gpu::inferDstEncoding(user, layout.encoding))
          if (failed(set(llvm::to_vector_of<Value>(user->getResults()),
                         {dst, layout.mayVary || derivesVaryingLayout(user)})))
            return failure();
      }
      if (auto result = dyn_cast<OpResult>(v)) {
        Operation *def = result.getOwner();
        if (isa<scf::ForOp, scf::WhileOp, scf::IfOp>(def)) {
          if (failed(set(tiedValues(v), layout)))
            return failure();
        } else if (Attribute src = gpu::inferSrcEncoding(def, layout.encoding)) {
          SmallVector<Value> operands;
          for (Value operand : def->getOperands())
            if (isa<RankedTensorType>(operand.getType()))
              operands.push_back(operand);
          if (failed(set(operands,
                         {src, layout.mayVary || derivesVaryingLayout(def)})))
            return failure();
        }
      } else if (failed(set(tiedValues(v), layout))) {
        return failure();
      }
    }
    return success();
  }

  void apply() {
    for (auto &[v, layout] : layouts) {
      auto type = cast<RankedTensorType>(v.getType()).cloneWithEncoding(
          layout.encoding);
      v.setType(type);
      if (auto constant = v.getDefiningOp<arith::ConstantOp>())
        if (auto splat = dyn_cast<SplatElementsAttr>(constant.getValue()))
          constant.setValueAttr(
              SplatElementsAttr::get(type, splat.getSplatValue<Attribute>()));
    }
  }

private:
  /// Triton 3.6's order of two layouts: by the xxh3 hash of their printed
  /// form (stable across runs, unlike pointer hashes).
  uint64_t hashOf(Attribute a) {
    auto it = hashes.find(a);
    if (it != hashes.end())
      return it->second;
    std::string text;
    llvm::raw_string_ostream os(text);
    a.print(os);
    return hashes[a] = llvm::xxh3_64bits(text);
  }

  std::optional<Layout> merge(Layout a, Layout b, Value at) {
    if (a.encoding != b.encoding && hashOf(a.encoding) > hashOf(b.encoding))
      std::swap(a, b);
    if (a.mayVary)
      return b;
    if (b.mayVary)
      return a;
    if (a.encoding == b.encoding)
      return a;
    Operation *op = at.getDefiningOp();
    InFlightDiagnostic diag =
        op ? op->emitOpError("found conflicting layouts for its result: ")
           : func->emitError("found conflicting layouts for a block argument: ");
    diag << a.encoding << " and " << b.encoding;
    return std::nullopt;
  }

  FuncOp func;
  function_ref<bool(Type)> isOpen;
  llvm::MapVector<Value, Layout> layouts;
  llvm::PriorityWorklist<Value> worklist;
  llvm::DenseMap<Attribute, uint64_t> hashes;
};

} // namespace

LogicalResult mlir::triton::gluon::inferLayouts(
    FuncOp func, function_ref<bool(Type)> isOpen,
    ArrayRef<std::pair<Value, Attribute>> seeds) {
  for (Type type : func.getArgumentTypes())
    if (isOpen(type))
      return func.emitError("a function taking a tensor of automatic layout "
                            "must be inlined (gluon-inline)");
  for (Type type : func.getResultTypes())
    if (isOpen(type))
      return func.emitError("a function returning a tensor of automatic "
                            "layout must be inlined (gluon-inline)");
  Propagation propagation(func, isOpen);
  for (auto &[value, encoding] : seeds)
    if (failed(propagation.set({value}, {encoding, false})))
      return failure();
  if (failed(propagation.run()))
    return failure();
  propagation.apply();
  return success();
}

LogicalResult mlir::triton::gluon::checkResolved(ModuleOp module,
                                                 function_ref<bool(Type)> isOpen,
                                                 StringRef what) {
  WalkResult walk = module.walk([&](Operation *op) {
    for (Type type : op->getResultTypes())
      if (isOpen(type)) {
        op->emitOpError("result left with ") << what << " layout";
        return WalkResult::interrupt();
      }
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Type type : block.getArgumentTypes())
          if (isOpen(type)) {
            op->emitOpError("block argument left with ") << what << " layout";
            return WalkResult::interrupt();
          }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}
