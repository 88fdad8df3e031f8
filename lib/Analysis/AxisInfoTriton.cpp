//===- AxisInfoTriton.cpp - AxisInfo rules of tt and ttg ops, casts -------===//
#include "AxisInfoRules.h"

#include "Dialect/Gluon/IR/Dialect.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/UB/IR/UBOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::axisinfo;

namespace {

/// The bytes one step of a pointer to `type`'s elements moves: the pointee
/// size (at least 1; 8 for pointers to pointers).
int64_t getPointeeBytes(Type type) {
  auto ptr = dyn_cast<PointerType>(getElementTypeOrSelf(type));
  if (!ptr)
    return 1;
  Type pointee = ptr.getPointeeType();
  if (isa<PointerType>(pointee))
    return 8;
  if (pointee.isIntOrFloat())
    return std::max<int64_t>(1, pointee.getIntOrFloatBitWidth() / 8);
  return 1;
}

AxisInfo visitMakeRange(MakeRangeOp op) {
  // Triton takes the divisor of the start as an i32: 2^30 for 0.
  int32_t start = int32_t(op.getStart());
  int64_t divisibility = start == 0 ? int64_t(1) << 30 : start & -start;
  return AxisInfo({int64_t(op.getEnd()) - int64_t(op.getStart())},
                  {divisibility}, {1});
}

AxisInfo visitSplat(SplatOp op, const AxisInfo &src) {
  SmallVector<int64_t> shape = getShape(op.getType());
  return buildAxisInfo(
      shape.size(),
      [&](int d) -> DimFacts {
        return {1, src.getDivisibility(0), shape[d]};
      },
      src.getConstantValue());
}

AxisInfo visitBroadcast(BroadcastOp op, const AxisInfo &src) {
  SmallVector<int64_t> srcShape = getShape(op.getSrc().getType());
  SmallVector<int64_t> shape = getShape(op.getType());
  // A stretched dimension of size 1 repeats its one element.
  return buildAxisInfo(
      shape.size(),
      [&](int d) -> DimFacts {
        bool stretched = srcShape[d] == 1;
        return {stretched ? 1 : src.getContiguity(d), src.getDivisibility(d),
                stretched ? shape[d] : src.getConstancy(d)};
      },
      src.getConstantValue());
}

AxisInfo visitExpandDims(ExpandDimsOp op, const AxisInfo &src) {
  AxisInfo::DimVectorT contiguity = src.getContiguity();
  AxisInfo::DimVectorT divisibility = src.getDivisibility();
  AxisInfo::DimVectorT constancy = src.getConstancy();
  // The new dimension holds single elements: each divisible by what
  // divides every element (a run [2^n, 2^n + 1, ...] counts as 1).
  int64_t newDivisibility = 1;
  if (std::optional<int64_t> c = src.getConstantValue()) {
    newDivisibility = highestPowOf2Divisor(*c);
  } else {
    newDivisibility = 0;
    for (int d = 0; d < src.getRank(); ++d)
      newDivisibility =
          gcd(newDivisibility,
              src.getContiguity(d) > 1 ? 1 : src.getDivisibility(d));
  }
  unsigned axis = op.getAxis();
  contiguity.insert(contiguity.begin() + axis, 1);
  divisibility.insert(divisibility.begin() + axis, newDivisibility);
  constancy.insert(constancy.begin() + axis, 1);
  return AxisInfo(contiguity, divisibility, constancy, src.getConstantValue());
}

AxisInfo visitAddPtr(AddPtrOp op, const AxisInfo &ptr, const AxisInfo &offset) {
  // addptr p, o is p + o * sizeof(pointee) in bytes: elements stay
  // contiguous, divisibility is in bytes.
  int64_t bytes = getPointeeBytes(op.getPtr().getType());
  std::optional<int64_t> constant;
  if (ptr.getConstantValue() && offset.getConstantValue())
    constant = int64_t(uint64_t(*ptr.getConstantValue()) +
                       uint64_t(*offset.getConstantValue()) * uint64_t(bytes));
  return addSubAxisInfo(ptr, offset, /*isSub=*/false, bytes, constant);
}

AxisInfo visitLoad(LoadOp op, ArrayRef<AxisInfo> operands) {
  // Equal addresses under one predicate (with equal fallback values) load
  // equal values.
  const AxisInfo &ptr = operands[0];
  int64_t rank = ptr.getRank();
  AxisInfo::DimVectorT constancy = ptr.getConstancy();
  for (const AxisInfo &other : operands.drop_front())
    if (other.getRank() == rank)
      for (int64_t d = 0; d < rank; ++d)
        constancy[d] = gcd(constancy[d], other.getConstancy(d));
  AxisInfo::DimVectorT ones(rank, 1);
  return AxisInfo(ones, ones, constancy);
}

std::optional<AxisInfo> visitBitcast(BitcastOp op, const AxisInfo &src) {
  if (!isa<PointerType>(getElementTypeOrSelf(op.getType())))
    return getConstantWidth(op.getType())
               ? src
               : AxisInfo(src.getContiguity(), src.getDivisibility(),
                          src.getConstancy());
  int64_t srcBytes = getPointeeBytes(op.getSrc().getType());
  if (srcBytes == getPointeeBytes(op.getType()))
    return src;
  // Pointers to other-sized elements: the addresses stay, but runs of
  // consecutive elements are gone; each address is now a run start, as
  // divisible as a pointer inside a run is.
  AxisInfo::DimVectorT divisibility = src.getDivisibility();
  for (int d = 0; d < src.getRank(); ++d)
    if (src.getContiguity(d) > 1)
      divisibility[d] = gcd(divisibility[d], srcBytes);
  return AxisInfo(AxisInfo::DimVectorT(src.getRank(), 1), divisibility,
                  src.getConstancy(), src.getConstantValue());
}

AxisInfo visitTrans(TransOp op, const AxisInfo &src) {
  ArrayRef<int32_t> order = op.getOrder();
  return buildAxisInfo(
      order.size(),
      [&](int d) -> DimFacts {
        int32_t from = order[d];
        return {src.getContiguity(from), src.getDivisibility(from),
                src.getConstancy(from)};
      },
      src.getConstantValue());
}

std::optional<AxisInfo> visitUnrealizedCast(UnrealizedConversionCastOp op,
                                            ArrayRef<AxisInfo> operands) {
  if (op->getNumOperands() != 1)
    return std::nullopt;
  const AxisInfo &src = operands[0];
  if (op.getOperand(0).getType() == op.getResult(0).getType())
    return src;
  return AxisInfo(src.getContiguity(), src.getDivisibility(),
                  src.getConstancy());
}

AxisInfo visitPoison(ub::PoisonOp op) {
  // A poison value is never read: assume anything.
  AxisInfo::DimVectorT any(AxisInfo::getRank(op.getType()),
                           AxisInfo::kMaxDivisor);
  return AxisInfo(any, any, any);
}

} // namespace

std::optional<AxisInfo>
axisinfo::inferTritonAxisInfo(Operation *op, ArrayRef<AxisInfo> operands) {
  return llvm::TypeSwitch<Operation *, std::optional<AxisInfo>>(op)
      .Case([](MakeRangeOp op) { return visitMakeRange(op); })
      .Case([&](SplatOp op) { return visitSplat(op, operands[0]); })
      .Case([&](BroadcastOp op) { return visitBroadcast(op, operands[0]); })
      .Case([&](ExpandDimsOp op) { return visitExpandDims(op, operands[0]); })
      .Case([&](AddPtrOp op) {
        return visitAddPtr(op, operands[0], operands[1]);
      })
      .Case([&](LoadOp op) { return visitLoad(op, operands); })
      // Same values, another representation (or layout).
      .Case<IntToPtrOp, PtrToIntOp, gpu::ConvertLayoutOp,
            gluon::SetAutoLayoutOp>(
          [&](Operation *) { return operands[0]; })
      .Case([&](BitcastOp op) { return visitBitcast(op, operands[0]); })
      .Case([&](TransOp op) { return visitTrans(op, operands[0]); })
      .Case([&](UnrealizedConversionCastOp op) {
        return visitUnrealizedCast(op, operands);
      })
      .Case([](ub::PoisonOp op) { return visitPoison(op); })
      .Default([](Operation *) { return std::nullopt; });
}
