//===- AxisInfo.h - contiguity, divisibility, constancy ---------*- C++ -*-===//
//
// What is known, per dimension, about the integers (and pointers) a value
// holds: how long its runs of consecutive integers are (contiguity), the
// largest power of two dividing the first element of every run
// (divisibility), how long its runs of equal values are (constancy), and its
// value when it is the same everywhere. Memory passes read it to vectorize
// loads and stores (tritongpu-coalesce, load/store lowering).
//
// The analysis runs MLIR's sparse forward data-flow framework per function,
// seeded from `tt.divisibility` / `tt.contiguity` / `tt.constancy` hints on
// function arguments and ops; ModuleAxisInfoAnalysis gives the arguments of
// a called function the join of what its call sites pass.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_ANALYSIS_AXISINFO_H
#define TRITON_ANALYSIS_AXISINFO_H

#include "Analysis/CallGraph.h"

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace mlir::triton {

/// The lattice value: per-dimension facts about a value. A scalar has rank
/// 1 (one dimension of size 1); a tensor its rank; a pointer to a tensor
/// block the block's rank. Rank 0 means "not computed yet" (the bottom of
/// the lattice).
///
/// * contiguity[d]: the value splits along d into runs of contiguity[d]
///   consecutive increasing integers (x, x+1, ...). E.g. [[10, 11, 12, 13,
///   18, 19, 20, 21], [20, 21, 22, 23, 28, 29, 30, 31]] has contiguity
///   [1, 4].
/// * divisibility[d]: the largest power of two dividing the first element of
///   every such run along d (the example: [1, 2]). For pointers, in bytes.
/// * constancy[d]: the value splits along d into runs of constancy[d] equal
///   elements.
/// * constant value: the one value of every element, when known.
class AxisInfo {
public:
  using DimVectorT = SmallVector<int64_t>;

  /// The divisibility of 0 (and the "anything" value of every fact): 2^62.
  static constexpr int64_t kMaxDivisor = int64_t(1) << 62;

  AxisInfo() = default;
  AxisInfo(ArrayRef<int64_t> contiguity, ArrayRef<int64_t> divisibility,
           ArrayRef<int64_t> constancy,
           std::optional<int64_t> constantValue = std::nullopt);

  int64_t getContiguity(size_t dim) const { return contiguity[dim]; }
  const DimVectorT &getContiguity() const { return contiguity; }
  int64_t getDivisibility(size_t dim) const { return divisibility[dim]; }
  const DimVectorT &getDivisibility() const { return divisibility; }
  int64_t getConstancy(size_t dim) const { return constancy[dim]; }
  const DimVectorT &getConstancy() const { return constancy; }
  int getRank() const { return contiguity.size(); }
  /// The value of every element, when known. Integers are kept at their
  /// type's width: sign-extended, except i1 (0 or 1).
  std::optional<int64_t> getConstantValue() const { return constantValue; }

  /// Nothing known about `value` beyond its rank (every fact 1), refined by
  /// the hints on it: `tt.divisibility`, `tt.contiguity`, `tt.constancy` on
  /// a function argument or on the op defining it.
  static AxisInfo getPessimisticValueState(Value value);

  /// The rank AxisInfo gives values of `type`.
  static int getRank(Type type);

  /// Replaces the dimensions of `vec` with hint `attr` (an integer, or a
  /// dense array with one value per dimension). Hints of another length, or
  /// with a value below 1, are ignored.
  static void initDimVectorFromHint(Attribute attr, DimVectorT *vec);

  /// What holds for both: the gcd of each fact (divisibility also bounded by
  /// the contiguities when those differ), the constant when both agree. An
  /// uninitialized side gives the other.
  static AxisInfo join(const AxisInfo &lhs, const AxisInfo &rhs);

  bool operator==(const AxisInfo &other) const {
    return contiguity == other.contiguity &&
           divisibility == other.divisibility && constancy == other.constancy &&
           constantValue == other.constantValue;
  }

  /// `contiguity = [..], divisibility = [..], constancy = [..],
  /// constant_value = <v or <none>>`.
  void print(raw_ostream &os) const;

private:
  DimVectorT contiguity;
  DimVectorT divisibility;
  DimVectorT constancy;
  std::optional<int64_t> constantValue;
};

inline raw_ostream &operator<<(raw_ostream &os, const AxisInfo &info) {
  info.print(os);
  return os;
}

using AxisInfoMapT = DenseMap<Value, AxisInfo>;

/// AxisInfo of every value of every function of a module. Functions are
/// analysed callers first; the arguments of a function that is called get
/// the join of what every live call site passes (combined with the
/// argument's own hints), since functions are not cloned per call site. A
/// recursive module is reported (by the call graph) and left unanalysed:
/// every query then answers 1.
class ModuleAxisInfoAnalysis : public CallGraph<AxisInfoMapT> {
public:
  explicit ModuleAxisInfoAnalysis(ModuleOp module);

  /// The AxisInfo of `value`, or null when `value` is not in a function of
  /// the module. Values the analysis never reached (dead code) get the
  /// pessimistic state. Values moved into another function since the
  /// analysis ran (e.g. by the LLVM lowering) are still found.
  AxisInfo *getAxisInfo(Value value);

  /// How many consecutive elements of a tensor `value` (of pointers: of the
  /// pointees) one access may cover along its first dimension in getOrder:
  /// getAlignment, capped by the elements a thread holds contiguously in the
  /// tensor's ttg layout (when it has one). 1 for scalars.
  unsigned getContiguity(Value value);
  /// Same, for offsets into elements of `elementBitWidth` bits.
  unsigned getContiguity(Value offsets, unsigned elementBitWidth);
  /// min(contiguity, divisibility in elements) along the first dimension in
  /// getOrder: how many elements a vector access may cover with every
  /// vector aligned. 1 for scalars.
  unsigned getAlignment(Value value);
  unsigned getAlignment(Value offsets, unsigned elementBitWidth);
  /// How many consecutive elements one predicate of `mask` may guard: its
  /// constancy along its layout's order[0] when it has a ttg layout; without
  /// one, along every dimension of size > 1 (the smallest constancy of
  /// those), safe whichever way the access runs. 1 for scalars.
  unsigned getMaskAlignment(Value mask);
  /// The constancy of `mask` along `order[0]`, the dimension the access is
  /// vectorized along (e.g. getOrder() of its pointers).
  unsigned getMaskAlignment(Value mask, ArrayRef<unsigned> order);

  /// Names older Triton versions used for getContiguity / getAlignment.
  unsigned getPtrContiguity(Value ptr) { return getContiguity(ptr); }
  unsigned getPtrAlignment(Value ptr) { return getAlignment(ptr); }

  /// The dimensions of tensor `value`, fastest first: its ttg layout's
  /// order when it has a distributed layout; otherwise (TTIR) the
  /// dimensions sorted by AxisInfo contiguity, descending, ties favouring
  /// the minor (last) dimension, which is how coalescing picks it.
  SmallVector<unsigned> getOrder(Value value);

private:
  void analyseFunction(FunctionOpInterface func,
                       DenseMap<Operation *, SmallVector<AxisInfo>> &argSeeds);

  /// The AxisInfo of every operand that is a block argument, by user and
  /// operand number. The LLVM lowering converts block signatures before
  /// the ops that use their arguments: those ops then see a materialized
  /// cast of the new argument, found again through its use.
  DenseMap<std::pair<Operation *, unsigned>, AxisInfo> blockArgOperands;
};

} // namespace mlir::triton

#endif // TRITON_ANALYSIS_AXISINFO_H
