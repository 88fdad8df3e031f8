//===- AxisInfoArith.cpp - AxisInfo rules of arith ops --------------------===//
//
// Facts follow Triton's rules op by op. Constants are folded at the
// operands' width (wrapping, unsigned where the op is), and a fold the op
// would turn into poison (division by zero, oversized shift, an overflow its
// nsw/nuw/exact flags rule out) gives no constant.
//
//===----------------------------------------------------------------------===//
#include "AxisInfoRules.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::axisinfo;

namespace {

using ConstantInt = std::optional<APInt>;

bool isConstant(const AxisInfo &info, int64_t value) {
  return info.getConstantValue() == value;
}

/// Folds a binary op: `fn(lhs, rhs)` on its operands' constants at their
/// width.
template <typename Fn>
std::optional<int64_t> foldBinary(Operation *op, ArrayRef<AxisInfo> operands,
                                  Fn fn) {
  unsigned width = getConstantWidth(op->getOperand(0).getType());
  ConstantInt lhs = getConstant(operands[0], width);
  ConstantInt rhs = getConstant(operands[1], width);
  if (!lhs || !rhs)
    return std::nullopt;
  if (ConstantInt result = fn(*lhs, *rhs))
    return storeConstant(*result);
  return std::nullopt;
}

/// Folds add/sub/mul/shl: `fn(lhs, rhs, signedOverflow, unsignedOverflow)`.
/// An overflow the op's nsw/nuw flags rule out gives poison, no constant.
template <typename Fn>
std::optional<int64_t> foldWrapping(Operation *op, ArrayRef<AxisInfo> operands,
                                    Fn fn) {
  auto flags = cast<arith::ArithIntegerOverflowFlagsInterface>(op);
  return foldBinary(
      op, operands, [&](const APInt &a, const APInt &b) -> ConstantInt {
        bool signedOverflow = false, unsignedOverflow = false;
        ConstantInt result = fn(a, b, signedOverflow, unsignedOverflow);
        if ((flags.hasNoSignedWrap() && signedOverflow) ||
            (flags.hasNoUnsignedWrap() && unsignedOverflow))
          return std::nullopt;
        return result;
      });
}

/// The frame of Triton's binary integer rules: a known constant result
/// fixes the facts (contiguity 1, its divisibility, the larger constancy of
/// the operands); otherwise `fn(d)` gives them.
template <typename Fn>
AxisInfo binaryAxisInfo(ArrayRef<AxisInfo> operands,
                        std::optional<int64_t> constant, Fn fn) {
  const AxisInfo &lhs = operands[0], &rhs = operands[1];
  return buildAxisInfo(
      lhs.getRank(),
      [&](int d) -> DimFacts {
        if (constant)
          return {1, highestPowOf2Divisor(*constant),
                  std::max(lhs.getConstancy(d), rhs.getConstancy(d))};
        return fn(d);
      },
      constant);
}

std::optional<AxisInfo> visitConstant(arith::ConstantOp op) {
  unsigned width = getConstantWidth(op.getType());
  SmallVector<int64_t> shape = getShape(op.getType());
  if (width == 0) {
    // A splat of floats: nothing known but that it is constant (which
    // matters to the loads it is the fallback value of).
    if (!isa<SplatElementsAttr>(op.getValue()))
      return std::nullopt;
    AxisInfo::DimVectorT ones(shape.size(), 1);
    return AxisInfo(ones, ones, shape);
  }
  APInt value;
  if (auto integer = dyn_cast<IntegerAttr>(op.getValue())) {
    value = integer.getValue();
  } else if (auto dense = dyn_cast<DenseIntElementsAttr>(op.getValue());
             dense && dense.isSplat()) {
    value = dense.getSplatValue<APInt>();
  } else {
    return std::nullopt;
  }
  int64_t constant = storeConstant(value);
  return buildAxisInfo(
      shape.size(),
      [&](int d) -> DimFacts {
        return {1, highestPowOf2Divisor(constant), shape[d]};
      },
      constant);
}

AxisInfo visitAddSub(Operation *op, ArrayRef<AxisInfo> operands, bool isSub) {
  std::optional<int64_t> constant = foldWrapping(
      op, operands,
      [&](const APInt &a, const APInt &b, bool &sov, bool &uov) -> ConstantInt {
        if (isSub) {
          (void)a.ssub_ov(b, sov);
          return a.usub_ov(b, uov);
        }
        (void)a.sadd_ov(b, sov);
        return a.uadd_ov(b, uov);
      });
  return addSubAxisInfo(operands[0], operands[1], isSub, /*rhsScale=*/1,
                        constant);
}

AxisInfo visitMul(arith::MulIOp op, ArrayRef<AxisInfo> operands) {
  const AxisInfo &lhs = operands[0], &rhs = operands[1];
  std::optional<int64_t> constant = foldWrapping(
      op, operands,
      [&](const APInt &a, const APInt &b, bool &sov, bool &uov) -> ConstantInt {
        (void)a.smul_ov(b, sov);
        return a.umul_ov(b, uov);
      });
  bool lhsOne = isConstant(lhs, 1), rhsOne = isConstant(rhs, 1);
  return binaryAxisInfo(operands, constant, [&](int d) -> DimFacts {
    int64_t contiguity = std::max(rhsOne ? lhs.getContiguity(d) : 1,
                                  lhsOne ? rhs.getContiguity(d) : 1);
    // A run [2^n, 2^n + 1, ...] scaled: only 2^n itself kept divisibility
    // 2^n, so count the run as divisible by 1.
    int64_t lhsDiv =
        lhs.getContiguity(d) > 1 && !rhsOne ? 1 : lhs.getDivisibility(d);
    int64_t rhsDiv =
        rhs.getContiguity(d) > 1 && !lhsOne ? 1 : rhs.getDivisibility(d);
    return {contiguity, multiplyDivisor(lhsDiv, rhsDiv),
            gcd(lhs.getConstancy(d), rhs.getConstancy(d))};
  });
}

/// |divisor| when the divisor is a known power of two (as the op reads it:
/// unsigned for divui), else 0.
int64_t powerOfTwoDivisor(Operation *op, const AxisInfo &rhs) {
  unsigned width = getConstantWidth(op->getOperand(1).getType());
  ConstantInt value = getConstant(rhs, width);
  if (!value)
    return 0;
  if (isa<arith::DivSIOp>(op) && value->isNegative())
    *value = -*value;
  if (!value->isPowerOf2() || value->getActiveBits() > 62)
    return 0;
  return int64_t(value->getZExtValue());
}

AxisInfo visitDiv(Operation *op, ArrayRef<AxisInfo> operands, bool isSigned) {
  const AxisInfo &lhs = operands[0], &rhs = operands[1];
  bool exact = isSigned ? cast<arith::DivSIOp>(op).getIsExact()
                        : cast<arith::DivUIOp>(op).getIsExact();
  std::optional<int64_t> constant = foldBinary(
      op, operands, [&](const APInt &a, const APInt &b) -> ConstantInt {
        if (b.isZero())
          return std::nullopt;
        bool overflow = false;
        APInt q = isSigned ? a.sdiv_ov(b, overflow) : a.udiv(b);
        APInt r = isSigned ? a.srem(b) : a.urem(b);
        if (overflow || (exact && !r.isZero()))
          return std::nullopt;
        return q;
      });
  Type type = op->getResult(0).getType();
  bool isTensor = isa<RankedTensorType>(type);
  SmallVector<int64_t> shape = getShape(type);
  bool lhsZero = isConstant(lhs, 0), rhsOne = isConstant(rhs, 1);
  int64_t pow2 = powerOfTwoDivisor(op, rhs);
  return binaryAxisInfo(operands, constant, [&](int d) -> DimFacts {
    int64_t contiguity = rhsOne ? lhs.getContiguity(d) : 1;
    // A run divided by a constant is constant over stretches both divide.
    int64_t constancy = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    if (isTensor && lhs.getContiguity(d) == shape[d] &&
        rhs.getConstancy(d) == shape[d])
      constancy =
          std::max(constancy, gcd(lhs.getContiguity(d), lhs.getDivisibility(d),
                                  rhs.getDivisibility(d)));
    int64_t divisibility = 1;
    if (lhsZero || rhsOne)
      divisibility = lhs.getDivisibility(d);
    else if (pow2 && lhs.getContiguity(d) == 1)
      divisibility = std::max<int64_t>(1, lhs.getDivisibility(d) / pow2);
    return {contiguity, divisibility, constancy};
  });
}

AxisInfo visitRem(Operation *op, ArrayRef<AxisInfo> operands, bool isSigned) {
  const AxisInfo &lhs = operands[0], &rhs = operands[1];
  std::optional<int64_t> constant;
  unsigned width = getConstantWidth(op->getOperand(1).getType());
  ConstantInt divisor = getConstant(rhs, width);
  // x % 1 == 0, and x % -1 == 0 when signed.
  if (divisor && (divisor->isOne() || (isSigned && divisor->isAllOnes())))
    constant = 0;
  else
    constant = foldBinary(op, operands,
                          [&](const APInt &a, const APInt &b) -> ConstantInt {
                            if (b.isZero())
                              return std::nullopt;
                            return isSigned ? a.srem(b) : a.urem(b);
                          });
  Type type = op->getResult(0).getType();
  bool isTensor = isa<RankedTensorType>(type);
  SmallVector<int64_t> shape = getShape(type);
  return binaryAxisInfo(operands, constant, [&](int d) -> DimFacts {
    // A run modulo a constant restarts at multiples of it.
    int64_t contiguity = 1;
    if (isTensor && lhs.getContiguity(d) == shape[d] &&
        rhs.getConstancy(d) == shape[d])
      contiguity = gcd(lhs.getContiguity(d), lhs.getDivisibility(d),
                       rhs.getDivisibility(d));
    // x - q*y keeps what divides both, when y does not change within runs.
    int64_t divisibility = rhs.getConstancy(d) > 1 ? gcd(lhs.getDivisibility(d),
                                                         rhs.getDivisibility(d))
                                                   : 1;
    return {contiguity, divisibility,
            gcd(lhs.getConstancy(d), rhs.getConstancy(d))};
  });
}

AxisInfo visitLogical(Operation *op, ArrayRef<AxisInfo> operands) {
  std::optional<int64_t> constant = foldBinary(
      op, operands, [&](const APInt &a, const APInt &b) -> ConstantInt {
        if (isa<arith::AndIOp>(op))
          return a & b;
        if (isa<arith::OrIOp>(op))
          return a | b;
        return a ^ b;
      });
  const AxisInfo &lhs = operands[0], &rhs = operands[1];
  return binaryAxisInfo(operands, constant, [&](int d) -> DimFacts {
    return {1, 1, gcd(lhs.getConstancy(d), rhs.getConstancy(d))};
  });
}

/// The shift amount, when known and below the width.
std::optional<unsigned> getShiftAmount(Operation *op, const AxisInfo &rhs) {
  unsigned width = getConstantWidth(op->getOperand(1).getType());
  ConstantInt amount = getConstant(rhs, width);
  if (!amount || amount->uge(width))
    return std::nullopt;
  return unsigned(amount->getZExtValue());
}

AxisInfo visitShl(arith::ShLIOp op, ArrayRef<AxisInfo> operands) {
  const AxisInfo &lhs = operands[0], &rhs = operands[1];
  std::optional<int64_t> constant = foldWrapping(
      op, operands,
      [&](const APInt &a, const APInt &b, bool &sov, bool &uov) -> ConstantInt {
        if (b.uge(a.getBitWidth()))
          return std::nullopt; // poison
        (void)a.sshl_ov(b, sov);
        return a.ushl_ov(b, uov);
      });
  std::optional<unsigned> known = getShiftAmount(op, rhs);
  bool poison = rhs.getConstantValue() && !known;
  unsigned shift = known.value_or(0);
  return binaryAxisInfo(operands, constant, [&](int d) -> DimFacts {
    int64_t constancy = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    if (poison)
      return {1, 1, constancy};
    int64_t contiguity = known && shift == 0 ? lhs.getContiguity(d) : 1;
    int64_t lhsDiv =
        lhs.getContiguity(d) > 1 && shift != 0 ? 1 : lhs.getDivisibility(d);
    int64_t factor = int64_t(1) << std::min(shift, 62u);
    return {contiguity, multiplyDivisor(lhsDiv, factor), constancy};
  });
}

AxisInfo visitShr(Operation *op, ArrayRef<AxisInfo> operands, bool isSigned) {
  const AxisInfo &lhs = operands[0], &rhs = operands[1];
  bool exact = isSigned ? cast<arith::ShRSIOp>(op).getIsExact()
                        : cast<arith::ShRUIOp>(op).getIsExact();
  std::optional<int64_t> constant = foldBinary(
      op, operands, [&](const APInt &a, const APInt &b) -> ConstantInt {
        if (b.uge(a.getBitWidth()))
          return std::nullopt;
        unsigned shift = b.getZExtValue();
        if (exact && a.countr_zero() < shift)
          return std::nullopt;
        return isSigned ? a.ashr(shift) : a.lshr(shift);
      });
  std::optional<unsigned> known = getShiftAmount(op, rhs);
  return binaryAxisInfo(operands, constant, [&](int d) -> DimFacts {
    int64_t constancy = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    if (!known)
      return {1, 1, constancy};
    unsigned shift = *known;
    int64_t contiguity = shift == 0 ? lhs.getContiguity(d) : 1;
    int64_t lhsDiv =
        lhs.getContiguity(d) > 1 && shift != 0 ? 1 : lhs.getDivisibility(d);
    int64_t divisibility =
        shift >= 63 ? 1 : std::max<int64_t>(1, lhsDiv >> shift);
    return {contiguity, divisibility, constancy};
  });
}

AxisInfo visitMinMax(Operation *op, ArrayRef<AxisInfo> operands) {
  std::optional<int64_t> constant = foldBinary(
      op, operands, [&](const APInt &a, const APInt &b) -> ConstantInt {
        if (isa<arith::MaxSIOp>(op))
          return llvm::APIntOps::smax(a, b);
        if (isa<arith::MaxUIOp>(op))
          return llvm::APIntOps::umax(a, b);
        if (isa<arith::MinSIOp>(op))
          return llvm::APIntOps::smin(a, b);
        return llvm::APIntOps::umin(a, b);
      });
  const AxisInfo &lhs = operands[0], &rhs = operands[1];
  // Elementwise one of the operands: what holds for both.
  return binaryAxisInfo(operands, constant, [&](int d) -> DimFacts {
    return {gcd(lhs.getContiguity(d), rhs.getContiguity(d)),
            divisibilityOfEither(lhs, rhs, d),
            gcd(lhs.getConstancy(d), rhs.getConstancy(d))};
  });
}

AxisInfo visitCmp(arith::CmpIOp op, ArrayRef<AxisInfo> operands) {
  const AxisInfo &lhs = operands[0], &rhs = operands[1];
  std::optional<int64_t> constant = foldBinary(
      op, operands, [&](const APInt &a, const APInt &b) -> ConstantInt {
        return APInt(1, arith::applyCmpPredicate(op.getPredicate(), a, b));
      });
  using P = arith::CmpIPredicate;
  P pred = op.getPredicate();
  bool gtOrLe =
      pred == P::sgt || pred == P::ugt || pred == P::sle || pred == P::ule;
  bool ltOrGe =
      pred == P::slt || pred == P::ult || pred == P::sge || pred == P::uge;
  SmallVector<int64_t> shape = getShape(op.getType());
  bool isTensor = isa<RankedTensorType>(op.getType());
  bool bothConstant = lhs.getConstantValue() && rhs.getConstantValue();
  return buildAxisInfo(
      lhs.getRank(),
      [&](int d) -> DimFacts {
        if (!isTensor)
          return {1, 1, 1};
        if (bothConstant)
          return {1, 1, lhs.getConstancy(d)};
        int64_t constancy = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
        // c > x and c <= x (x a run, c constant) flip where x crosses c,
        // which lies on a multiple of what divides both; so do x < c and
        // x >= c.
        if (gtOrLe && lhs.getConstancy(d) == shape[d])
          constancy = std::max(constancy,
                               gcd(rhs.getContiguity(d), lhs.getDivisibility(d),
                                   rhs.getDivisibility(d)));
        else if (ltOrGe && rhs.getConstancy(d) == shape[d])
          constancy = std::max(constancy,
                               gcd(lhs.getContiguity(d), lhs.getDivisibility(d),
                                   rhs.getDivisibility(d)));
        return {1, 1, constancy};
      },
      constant);
}

AxisInfo visitSelect(arith::SelectOp op, ArrayRef<AxisInfo> operands) {
  const AxisInfo &cond = operands[0], &lhs = operands[1], &rhs = operands[2];
  if (std::optional<int64_t> c = cond.getConstantValue())
    return *c == 0 ? rhs : lhs;
  bool scalarCond = !isa<RankedTensorType>(op.getCondition().getType());
  std::optional<int64_t> constant;
  if (lhs.getConstantValue() == rhs.getConstantValue())
    constant = lhs.getConstantValue();
  return buildAxisInfo(
      lhs.getRank(),
      [&](int d) -> DimFacts {
        int64_t contiguity = gcd(lhs.getContiguity(d), rhs.getContiguity(d));
        int64_t constancy = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
        int64_t divisibility = divisibilityOfEither(lhs, rhs, d);
        // A tensor condition switches sides only between its own runs; runs
        // it cuts shorter start inside the operands' runs.
        if (!scalarCond) {
          int64_t uncut = contiguity;
          contiguity = gcd(contiguity, cond.getConstancy(d));
          constancy = gcd(constancy, cond.getConstancy(d));
          if (contiguity < uncut)
            divisibility = gcd(divisibility, contiguity);
        }
        return {contiguity, divisibility, constancy};
      },
      constant);
}

/// Integer casts keep the facts; the constant is extended (signed or not)
/// or truncated to the result's width, and its divisibility is its own.
AxisInfo visitIntCast(Operation *op, const AxisInfo &src, bool isSigned) {
  unsigned srcWidth = getConstantWidth(op->getOperand(0).getType());
  unsigned dstWidth = getConstantWidth(op->getResult(0).getType());
  std::optional<int64_t> constant;
  if (ConstantInt value = getConstant(src, srcWidth); value && dstWidth) {
    APInt converted = dstWidth >= srcWidth ? (isSigned ? value->sext(dstWidth)
                                                       : value->zext(dstWidth))
                                           : value->trunc(dstWidth);
    bool poison = false;
    if (auto trunc = dyn_cast<arith::TruncIOp>(op))
      poison = (trunc.hasNoSignedWrap() && !value->isSignedIntN(dstWidth)) ||
               (trunc.hasNoUnsignedWrap() && !value->isIntN(dstWidth));
    if (!poison)
      constant = storeConstant(converted);
  }
  // A truncated constant may divide by more than the source did.
  AxisInfo::DimVectorT divisibility = src.getDivisibility();
  if (constant)
    divisibility.assign(divisibility.size(), highestPowOf2Divisor(*constant));
  return AxisInfo(src.getContiguity(), divisibility, src.getConstancy(),
                  constant);
}

} // namespace

std::optional<AxisInfo>
axisinfo::inferArithAxisInfo(Operation *op, ArrayRef<AxisInfo> operands) {
  return llvm::TypeSwitch<Operation *, std::optional<AxisInfo>>(op)
      .Case([](arith::ConstantOp op) { return visitConstant(op); })
      .Case([&](arith::AddIOp op) { return visitAddSub(op, operands, false); })
      .Case([&](arith::SubIOp op) { return visitAddSub(op, operands, true); })
      .Case([&](arith::MulIOp op) { return visitMul(op, operands); })
      .Case([&](arith::DivSIOp op) { return visitDiv(op, operands, true); })
      .Case([&](arith::DivUIOp op) { return visitDiv(op, operands, false); })
      .Case([&](arith::RemSIOp op) { return visitRem(op, operands, true); })
      .Case([&](arith::RemUIOp op) { return visitRem(op, operands, false); })
      .Case<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(
          [&](Operation *op) { return visitLogical(op, operands); })
      .Case([&](arith::ShLIOp op) { return visitShl(op, operands); })
      .Case([&](arith::ShRSIOp op) { return visitShr(op, operands, true); })
      .Case([&](arith::ShRUIOp op) { return visitShr(op, operands, false); })
      .Case<arith::MaxSIOp, arith::MaxUIOp, arith::MinSIOp, arith::MinUIOp>(
          [&](Operation *op) { return visitMinMax(op, operands); })
      .Case([&](arith::CmpIOp op) { return visitCmp(op, operands); })
      .Case([&](arith::SelectOp op) { return visitSelect(op, operands); })
      .Case<arith::ExtSIOp, arith::IndexCastOp>([&](Operation *op) {
        return visitIntCast(op, operands[0], /*isSigned=*/true);
      })
      .Case<arith::ExtUIOp, arith::TruncIOp, arith::IndexCastUIOp>(
          [&](Operation *op) {
            return visitIntCast(op, operands[0], /*isSigned=*/false);
          })
      .Default([](Operation *) { return std::nullopt; });
}
