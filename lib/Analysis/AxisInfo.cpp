//===- AxisInfo.cpp - the AxisInfo lattice and its data-flow analysis -----===//
#include "AxisInfoRules.h"
#include "Analysis/DataFlowUtility.h"

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlow/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#define DEBUG_TYPE "axis-info"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::axisinfo;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

int64_t axisinfo::divisibilityOfEither(const AxisInfo &lhs, const AxisInfo &rhs,
                                       int dim) {
  int64_t lc = lhs.getContiguity(dim), rc = rhs.getContiguity(dim);
  int64_t div = gcd(lhs.getDivisibility(dim), rhs.getDivisibility(dim));
  if (lc == rc || lc == AxisInfo::kMaxDivisor || rc == AxisInfo::kMaxDivisor)
    return div;
  // E.g. [[0, 1], [4, 5]] and [16, 17, 18, 19] give runs of 2 starting at
  // 18, which 4 does not divide.
  return gcd(div, lc, rc);
}

SmallVector<int64_t> axisinfo::getShape(Type type) {
  if (auto ptr = dyn_cast<PointerType>(type))
    type = ptr.getPointeeType();
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || tensor.getRank() == 0)
    return {1};
  SmallVector<int64_t> shape;
  for (int64_t size : tensor.getShape())
    shape.push_back(ShapedType::isDynamic(size) ? 1 : size);
  return shape;
}

unsigned axisinfo::getConstantWidth(Type type) {
  Type elt = getElementTypeOrSelf(type);
  if (isa<PointerType>(elt))
    return 64;
  if (elt.isIndex())
    return 64;
  if (auto integer = dyn_cast<IntegerType>(elt))
    return integer.getWidth() <= 64 ? integer.getWidth() : 0;
  return 0;
}

std::optional<APInt> axisinfo::getConstant(const AxisInfo &info,
                                           unsigned width) {
  std::optional<int64_t> value = info.getConstantValue();
  if (!value || width == 0)
    return std::nullopt;
  return APInt(width, uint64_t(*value), /*isSigned=*/true,
               /*implicitTrunc=*/true);
}

AxisInfo axisinfo::addSubAxisInfo(const AxisInfo &lhs, const AxisInfo &rhs,
                                  bool isSub, int64_t rhsScale,
                                  std::optional<int64_t> constant) {
  return buildAxisInfo(
      lhs.getRank(),
      [&](int d) -> DimFacts {
        if (constant)
          return {1, highestPowOf2Divisor(*constant),
                  std::max(lhs.getConstancy(d), rhs.getConstancy(d))};
        // Runs stay increasing only when what is added is constant over
        // them; subtracting a run makes it decrease.
        int64_t contiguity =
            isSub ? gcd(lhs.getContiguity(d), rhs.getConstancy(d))
                  : std::max(gcd(lhs.getConstancy(d), rhs.getContiguity(d)),
                             gcd(lhs.getContiguity(d), rhs.getConstancy(d)));
        // a*2^i + b*2^j is a multiple of 2^min(i, j). A run cut shorter
        // than an operand's starts inside that operand's runs, where only
        // the divisor of the shorter length is sure.
        int64_t lhsDiv = lhs.getDivisibility(d);
        int64_t rhsDiv = rhs.getDivisibility(d);
        if (contiguity < lhs.getContiguity(d))
          lhsDiv = gcd(lhsDiv, contiguity);
        if (contiguity < rhs.getContiguity(d))
          rhsDiv = gcd(rhsDiv, contiguity);
        int64_t divisibility = gcd(lhsDiv, multiplyDivisor(rhsDiv, rhsScale));
        return {contiguity, divisibility,
                gcd(lhs.getConstancy(d), rhs.getConstancy(d))};
      },
      constant);
}

//===----------------------------------------------------------------------===//
// AxisInfo
//===----------------------------------------------------------------------===//

AxisInfo::AxisInfo(ArrayRef<int64_t> contiguity, ArrayRef<int64_t> divisibility,
                   ArrayRef<int64_t> constancy,
                   std::optional<int64_t> constantValue)
    : contiguity(contiguity), divisibility(divisibility), constancy(constancy),
      constantValue(constantValue) {
  assert(divisibility.size() == contiguity.size() &&
         constancy.size() == contiguity.size() && "facts of different ranks");
}

int AxisInfo::getRank(Type type) { return axisinfo::getShape(type).size(); }

void AxisInfo::initDimVectorFromHint(Attribute attr, DimVectorT *vec) {
  if (!attr || vec->empty())
    return;
  SmallVector<int64_t> values;
  if (auto integer = dyn_cast<IntegerAttr>(attr)) {
    std::optional<int64_t> v = integer.getValue().trySExtValue();
    if (!v)
      return;
    values.push_back(*v);
  } else if (auto dense = dyn_cast<DenseIntElementsAttr>(attr)) {
    for (const APInt &element : dense) {
      std::optional<int64_t> v = element.trySExtValue();
      if (!v)
        return;
      values.push_back(*v);
    }
  } else {
    return;
  }
  if (llvm::any_of(values, [](int64_t v) { return v < 1; }))
    return;
  // One value applies to every dimension.
  if (values.size() == 1)
    values.assign(vec->size(), values.front());
  if (values.size() != vec->size())
    return;
  vec->assign(values.begin(), values.end());
}

AxisInfo AxisInfo::getPessimisticValueState(Value value) {
  int rank = getRank(value.getType());
  DimVectorT contiguity(rank, 1), divisibility(rank, 1), constancy(rank, 1);
  auto applyHints = [&](function_ref<Attribute(StringRef)> lookup) {
    initDimVectorFromHint(lookup(attrs::kContiguity), &contiguity);
    initDimVectorFromHint(lookup(attrs::kDivisibility), &divisibility);
    initDimVectorFromHint(lookup(attrs::kConstancy), &constancy);
  };
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Block *block = arg.getOwner();
    auto func = dyn_cast_or_null<FunctionOpInterface>(block->getParentOp());
    if (func && block->isEntryBlock() &&
        block->getParent() == &func.getFunctionBody())
      applyHints([&](StringRef name) {
        return func.getArgAttr(arg.getArgNumber(), name);
      });
  } else if (Operation *op = value.getDefiningOp()) {
    applyHints([&](StringRef name) { return op->getDiscardableAttr(name); });
  }
  return AxisInfo(contiguity, divisibility, constancy);
}

AxisInfo AxisInfo::join(const AxisInfo &lhs, const AxisInfo &rhs) {
  if (lhs.getRank() == 0)
    return rhs;
  if (rhs.getRank() == 0)
    return lhs;
  if (lhs.getRank() != rhs.getRank()) {
    DimVectorT ones(lhs.getRank(), 1);
    return AxisInfo(ones, ones, ones);
  }
  std::optional<int64_t> constant;
  if (lhs.getConstantValue() == rhs.getConstantValue())
    constant = lhs.getConstantValue();
  return buildAxisInfo(
      lhs.getRank(),
      [&](int d) -> DimFacts {
        return {gcd(lhs.getContiguity(d), rhs.getContiguity(d)),
                divisibilityOfEither(lhs, rhs, d),
                gcd(lhs.getConstancy(d), rhs.getConstancy(d))};
      },
      constant);
}

void AxisInfo::print(raw_ostream &os) const {
  auto printVector = [&](StringRef name, ArrayRef<int64_t> vec) {
    os << name << " = [";
    llvm::interleaveComma(vec, os);
    os << "]";
  };
  printVector("contiguity", contiguity);
  printVector(", divisibility", divisibility);
  printVector(", constancy", constancy);
  os << ", constant_value = ";
  if (constantValue)
    os << *constantValue;
  else
    os << "<none>";
}

//===----------------------------------------------------------------------===//
// The data-flow analysis
//===----------------------------------------------------------------------===//

namespace {

using AxisInfoLattice = dataflow::Lattice<AxisInfo>;

/// The rules of every op family, in turn.
std::optional<AxisInfo> inferAxisInfo(Operation *op,
                                      ArrayRef<AxisInfo> operands) {
  if (std::optional<AxisInfo> info = inferArithAxisInfo(op, operands))
    return info;
  return inferTritonAxisInfo(op, operands);
}

/// `info` with the dimensions `op`'s hints name replaced.
AxisInfo applyOpHints(Operation *op, const AxisInfo &info) {
  AxisInfo::DimVectorT contiguity = info.getContiguity();
  AxisInfo::DimVectorT divisibility = info.getDivisibility();
  AxisInfo::DimVectorT constancy = info.getConstancy();
  AxisInfo::initDimVectorFromHint(op->getDiscardableAttr(attrs::kContiguity),
                                  &contiguity);
  AxisInfo::initDimVectorFromHint(op->getDiscardableAttr(attrs::kDivisibility),
                                  &divisibility);
  AxisInfo::initDimVectorFromHint(op->getDiscardableAttr(attrs::kConstancy),
                                  &constancy);
  return AxisInfo(contiguity, divisibility, constancy, info.getConstantValue());
}

/// AxisInfo over one function. Values start uninitialized (rank 0) and only
/// move down (every fact a divisor of the last), so the fixpoint is
/// reached; an op waits until all its operands are known.
class AxisInfoDataFlow
    : public dataflow::SparseForwardDataFlowAnalysis<AxisInfoLattice> {
public:
  /// `argSeeds`, when not empty, gives the arguments of `entry` (one per
  /// argument; rank 0 for "use the argument's own state").
  AxisInfoDataFlow(DataFlowSolver &solver, FunctionOpInterface entry,
                   ArrayRef<AxisInfo> argSeeds)
      : SparseForwardDataFlowAnalysis(solver), entry(entry),
        argSeeds(argSeeds) {}

  LogicalResult visitOperation(Operation *op,
                               ArrayRef<const AxisInfoLattice *> operands,
                               ArrayRef<AxisInfoLattice *> results) override {
    if (results.empty())
      return success();
    SmallVector<AxisInfo> operandInfos;
    for (const AxisInfoLattice *operand : operands) {
      if (operand->getValue().getRank() == 0)
        return success();
      operandInfos.push_back(operand->getValue());
    }
    std::optional<AxisInfo> inferred;
    if (results.size() == 1)
      inferred = inferAxisInfo(op, operandInfos);
    for (AxisInfoLattice *result : results) {
      Value value = result->getAnchor();
      AxisInfo info =
          inferred && inferred->getRank() == AxisInfo::getRank(value.getType())
              ? applyOpHints(op, *inferred)
              : AxisInfo::getPessimisticValueState(value);
      propagateIfChanged(result, result->join(info));
    }
    return success();
  }

  void visitNonControlFlowArguments(Operation *op,
                                    const RegionSuccessor &successor,
                                    ArrayRef<AxisInfoLattice *> argLattices,
                                    unsigned firstIndex) override {
    // The induction variable of an scf.for body (argument 0, whatever
    // `firstIndex` says when there are no iter_args).
    auto forOp = dyn_cast<scf::ForOp>(op);
    if (forOp && successor.getSuccessor() == &forOp.getRegion()) {
      unsigned numInputs = successor.getSuccessorInputs().size();
      for (auto [i, lattice] : llvm::enumerate(argLattices)) {
        if (lattice->getAnchor() == forOp.getInductionVar())
          visitInductionVar(forOp, lattice);
        else if (i < firstIndex || i >= firstIndex + numInputs)
          setToEntryState(lattice);
      }
      return;
    }
    SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(
        op, successor, argLattices, firstIndex);
  }

  /// The state of values the analysis cannot see into: the seed of an
  /// argument of `entry` when there is one, what the explicit captures of a
  /// warp_specialize hold for the arguments of its partitions (analysed
  /// after the function, see runAxisInfoAnalysis), else the pessimistic
  /// state.
  void setToEntryState(AxisInfoLattice *lattice) override {
    Value value = lattice->getAnchor();
    auto arg = dyn_cast<BlockArgument>(value);
    Operation *owner = arg && arg.getOwner()->isEntryBlock()
                           ? arg.getOwner()->getParentOp()
                           : nullptr;
    if (owner && owner == entry.getOperation() &&
        arg.getArgNumber() < argSeeds.size() &&
        argSeeds[arg.getArgNumber()].getRank() != 0)
      return propagateIfChanged(lattice,
                                lattice->join(argSeeds[arg.getArgNumber()]));
    if (Value captured = gpu::getPartitionCapture(value)) {
      const AxisInfo &capture = getLatticeElement(captured)->getValue();
      if (capture.getRank() == AxisInfo::getRank(value.getType()))
        return propagateIfChanged(lattice, lattice->join(capture));
    }
    propagateIfChanged(
        lattice, lattice->join(AxisInfo::getPessimisticValueState(value)));
  }

private:
  /// The induction variable of a loop from `lb` step `step` is lb + k*step:
  /// a multiple of what divides both.
  void visitInductionVar(scf::ForOp forOp, AxisInfoLattice *ivLattice) {
    ProgramPoint *point = getProgramPointBefore(&forOp.getRegion().front());
    const AxisInfo &lb =
        getLatticeElementFor(point, forOp.getLowerBound())->getValue();
    const AxisInfo &step =
        getLatticeElementFor(point, forOp.getStep())->getValue();
    if (lb.getRank() == 0 || step.getRank() == 0)
      return;
    AxisInfo iv({1}, {gcd(lb.getDivisibility(0), step.getDivisibility(0))},
                {1});
    propagateIfChanged(ivLattice, ivLattice->join(iv));
  }

  FunctionOpInterface entry;
  ArrayRef<AxisInfo> argSeeds;
};

} // namespace

DenseSet<Block *> axisinfo::runAxisInfoAnalysis(
    FunctionOpInterface func, ArrayRef<AxisInfo> argSeeds,
    function_ref<void(Value, const AxisInfo &)> record) {
  DataFlowSolver solver;
  dataflow::loadBaselineAnalyses(solver);
  solver.load<AxisInfoDataFlow>(func, argSeeds);
  // Partitions after the code around them, so what their captures hold is
  // known.
  bool ran = succeeded(runSolverIntoIsolatedRegions(solver, func));
  auto recordValue = [&](Value value) {
    const AxisInfoLattice *lattice =
        ran ? solver.lookupState<AxisInfoLattice>(value) : nullptr;
    record(value, lattice ? lattice->getValue() : AxisInfo());
  };
  DenseSet<Block *> deadBlocks;
  func->walk<WalkOrder::PreOrder>([&](Operation *op) {
    for (Region &region : op->getRegions()) {
      for (Block &block : region) {
        const auto *executable = solver.lookupState<dataflow::Executable>(
            solver.getProgramPointBefore(&block));
        if (!ran || !executable || !executable->isLive())
          deadBlocks.insert(&block);
        for (BlockArgument arg : block.getArguments())
          recordValue(arg);
      }
    }
    if (op != func.getOperation())
      for (Value result : op->getResults())
        recordValue(result);
  });
  return deadBlocks;
}
