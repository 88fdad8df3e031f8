//===- AxisInfoRules.h - per-op AxisInfo rules (internal) -------*- C++ -*-===//
//
// The transfer functions of the axis info analysis, one file per op family
// (AxisInfoArith.cpp, AxisInfoTriton.cpp), and the arithmetic on facts they
// share.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_LIB_ANALYSIS_AXISINFORULES_H
#define TRITON_LIB_ANALYSIS_AXISINFORULES_H

#include "Analysis/AxisInfo.h"

#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/APInt.h"

#include <numeric>
#include <optional>

namespace mlir::triton::axisinfo {

/// gcd where 0 stands for "no constraint": gcd(0, x) == x.
inline int64_t gcd(int64_t a, int64_t b) {
  if (a == 0)
    return b;
  if (b == 0)
    return a;
  return std::gcd(a, b);
}
template <typename... Rest>
int64_t gcd(int64_t a, int64_t b, int64_t c, Rest... rest) {
  return gcd(gcd(a, b), c, rest...);
}

/// The largest power of two dividing `v`; kMaxDivisor for 0 (and for
/// INT64_MIN, whose divisor 2^63 does not fit).
inline int64_t highestPowOf2Divisor(int64_t v) {
  if (v == 0 || v == std::numeric_limits<int64_t>::min())
    return AxisInfo::kMaxDivisor;
  return v & -v;
}

/// a * b for divisors (powers of two), saturating at kMaxDivisor.
inline int64_t multiplyDivisor(int64_t a, int64_t b) {
  if (b != 0 && a > AxisInfo::kMaxDivisor / b)
    return AxisInfo::kMaxDivisor;
  return a * b;
}

/// The divisibility along `dim` of a value that is elementwise one of `lhs`
/// or `rhs` (join, select, min/max): when their runs have different lengths,
/// run starts of the result may be inner elements of the other's runs, so
/// the contiguities bound it too. A contiguity of kMaxDivisor (not yet
/// resolved) does not.
int64_t divisibilityOfEither(const AxisInfo &lhs, const AxisInfo &rhs, int dim);

/// The static shape AxisInfo sees for `type`: a tensor's shape, a tensor
/// block's shape for a pointer to one, {1} for a scalar.
SmallVector<int64_t> getShape(Type type);

/// The width of a (tensor of) integer or index type, 64 for (tensors of)
/// pointers; 0 for anything else or integers wider than 64 bits, whose
/// constants are not tracked.
unsigned getConstantWidth(Type type);

/// `info`'s constant as an integer of `width` bits.
std::optional<APInt> getConstant(const AxisInfo &info, unsigned width);

/// How an AxisInfo constant keeps `v`: sign-extended, i1 zero-extended.
inline int64_t storeConstant(const APInt &v) {
  return v.getBitWidth() == 1 ? int64_t(v.getZExtValue()) : v.getSExtValue();
}

/// Facts of one dimension.
struct DimFacts {
  int64_t contiguity;
  int64_t divisibility;
  int64_t constancy;
};

/// An AxisInfo of rank `rank` whose dimension d is `fn(d)`.
template <typename Fn>
AxisInfo buildAxisInfo(int rank, Fn fn,
                       std::optional<int64_t> constant = std::nullopt) {
  AxisInfo::DimVectorT contiguity, divisibility, constancy;
  for (int d = 0; d < rank; ++d) {
    DimFacts facts = fn(d);
    contiguity.push_back(facts.contiguity);
    divisibility.push_back(facts.divisibility);
    constancy.push_back(facts.constancy);
  }
  return AxisInfo(contiguity, divisibility, constancy, constant);
}

/// The facts of `lhs + rhs * rhsScale` (addi: scale 1; addptr: the pointee
/// size in bytes) or `lhs - rhs` (`isSub`), whose value is `constant` when
/// known.
AxisInfo addSubAxisInfo(const AxisInfo &lhs, const AxisInfo &rhs, bool isSub,
                        int64_t rhsScale, std::optional<int64_t> constant);

/// The AxisInfo of the single result of an arith op from its operands',
/// or nullopt when no arith rule applies to `op`.
std::optional<AxisInfo> inferArithAxisInfo(Operation *op,
                                           ArrayRef<AxisInfo> operands);

/// Same for tt and ttg ops, unrealized_conversion_cast and ub.poison.
std::optional<AxisInfo> inferTritonAxisInfo(Operation *op,
                                            ArrayRef<AxisInfo> operands);

/// Runs the analysis over `func` and hands every value of it (arguments,
/// block arguments, op results, in pre-order) to `record`, with rank 0 for
/// the values it never reached. `argSeeds`, when not empty, replaces the
/// state of `func`'s arguments (rank 0 entries: the argument's own state).
/// Returns the blocks found dead (never executed).
DenseSet<Block *>
runAxisInfoAnalysis(FunctionOpInterface func, ArrayRef<AxisInfo> argSeeds,
                    function_ref<void(Value, const AxisInfo &)> record);

} // namespace mlir::triton::axisinfo

#endif // TRITON_LIB_ANALYSIS_AXISINFORULES_H
