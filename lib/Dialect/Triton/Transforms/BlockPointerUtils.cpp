//===- BlockPointerUtils.cpp - pointers and masks of block accesses -------===//
#include "BlockPointerUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::triton;

Value mlir::triton::castToI64(OpBuilder &b, Location loc, Value v) {
  if (v.getType().isInteger(64))
    return v;
  return arith::ExtSIOp::create(b, loc, b.getI64Type(), v);
}

Value mlir::triton::buildIndexRange(OpBuilder &b, Location loc, Value start,
                                    int64_t size) {
  auto i32Row = RankedTensorType::get({size}, b.getI32Type());
  auto i64Row = RankedTensorType::get({size}, b.getI64Type());
  Value first = SplatOp::create(b, loc, i64Row, castToI64(b, loc, start));
  Value range = MakeRangeOp::create(b, loc, i32Row, 0, size);
  Value wide = arith::ExtSIOp::create(b, loc, i64Row, range);
  return arith::AddIOp::create(b, loc, first, wide);
}

/// The 1-D `index` reshaped to rank `rank` with its elements along `axis` and
/// every other dimension of size 1.
static Value expandToAxis(OpBuilder &b, Location loc, Value index, int axis,
                          int rank) {
  for (int d = 0; d < rank; ++d)
    if (d != axis)
      index = ExpandDimsOp::create(b, loc, index, d);
  return index;
}

static Value broadcastTo(OpBuilder &b, Location loc, Value v,
                         RankedTensorType type) {
  if (v.getType() == type)
    return v;
  return BroadcastOp::create(b, loc, type, v);
}

static Value andOrSelf(OpBuilder &b, Location loc, Value acc, Value v) {
  return acc ? arith::AndIOp::create(b, loc, acc, v).getResult() : v;
}

/// `0 <= index < bound`, elementwise when `index` is a tensor.
static Value buildInBounds(OpBuilder &b, Location loc, Value index,
                           Value bound) {
  auto type = dyn_cast<RankedTensorType>(index.getType());
  Value zero =
      type ? arith::ConstantOp::create(
                 b, loc, DenseElementsAttr::get(type, b.getI64IntegerAttr(0)))
           : arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0));
  Value aboveZero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, index, zero);
  Value limit = type ? SplatOp::create(b, loc, type, bound).getResult() : bound;
  Value belowBound =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, index, limit);
  return arith::AndIOp::create(b, loc, aboveZero, belowBound);
}

/// True for a dimension the accessed tensor keeps.
static bool isTensorDim(const BlockDim &dim) {
  return dim.rangeSize > 0 || isa<RankedTensorType>(dim.index.getType());
}

static int64_t dimSize(const BlockDim &dim) {
  if (dim.rangeSize > 0)
    return dim.rangeSize;
  return cast<RankedTensorType>(dim.index.getType()).getShape()[0];
}

BlockAccess mlir::triton::buildBlockAccess(OpBuilder &b, Location loc,
                                           Value base,
                                           ArrayRef<BlockDim> dims) {
  SmallVector<int64_t> shape;
  for (const BlockDim &dim : dims)
    if (isTensorDim(dim))
      shape.push_back(dimSize(dim));
  int rank = shape.size();

  // Dimensions the tensor drops contribute one scalar offset and one scalar
  // condition: fold them into the base before splatting it.
  Value scalarOffset, scalarInBounds;
  for (const BlockDim &dim : dims) {
    if (isTensorDim(dim))
      continue;
    Value offset = arith::MulIOp::create(b, loc, dim.index, dim.stride);
    scalarOffset = scalarOffset
                       ? arith::AddIOp::create(b, loc, scalarOffset, offset)
                       : offset;
    if (dim.bound)
      scalarInBounds = andOrSelf(b, loc, scalarInBounds,
                                 buildInBounds(b, loc, dim.index, dim.bound));
  }
  if (scalarOffset)
    base = AddPtrOp::create(b, loc, base.getType(), base, scalarOffset);

  auto ptrType = RankedTensorType::get(shape, base.getType());
  auto offsetType = RankedTensorType::get(shape, b.getI64Type());
  auto maskType = RankedTensorType::get(shape, b.getI1Type());

  // Pointers, one dimension at a time: indices, expanded to the block's rank,
  // times the stride, broadcast and added (Triton's order of ops).
  BlockAccess access;
  access.ptrs = SplatOp::create(b, loc, ptrType, base);
  SmallVector<Value> expanded;
  for (const BlockDim &dim : dims) {
    if (!isTensorDim(dim))
      continue;
    Value index = dim.index
                      ? dim.index
                      : buildIndexRange(b, loc, dim.rangeStart, dim.rangeSize);
    index = expandToAxis(b, loc, index, expanded.size(), rank);
    expanded.push_back(index);
    // Splat the stride to the expanded shape, not to a row, so that the
    // product keeps the stride's divisibility for axis analysis.
    Value stride = SplatOp::create(b, loc, index.getType(), dim.stride);
    Value offset = arith::MulIOp::create(b, loc, index, stride);
    access.ptrs = AddPtrOp::create(b, loc, ptrType, access.ptrs,
                                   broadcastTo(b, loc, offset, offsetType));
  }

  unsigned axis = 0;
  for (const BlockDim &dim : dims) {
    if (!isTensorDim(dim))
      continue;
    Value index = expanded[axis++];
    if (!dim.bound)
      continue;
    Value inBounds = buildInBounds(b, loc, index, dim.bound);
    access.mask =
        andOrSelf(b, loc, access.mask, broadcastTo(b, loc, inBounds, maskType));
  }
  if (scalarInBounds)
    access.mask = andOrSelf(b, loc, access.mask,
                            SplatOp::create(b, loc, maskType, scalarInBounds));
  return access;
}

Value mlir::triton::buildPaddingValue(OpBuilder &b, Location loc,
                                      RankedTensorType type,
                                      PaddingOption padding) {
  Type elementType = type.getElementType();
  TypedAttr value = b.getZeroAttr(elementType);
  if (padding == PaddingOption::PAD_NAN) {
    auto floatType = cast<FloatType>(elementType);
    value = FloatAttr::get(floatType,
                           APFloat::getQNaN(floatType.getFloatSemantics()));
  }
  return arith::ConstantOp::create(b, loc, DenseElementsAttr::get(type, value));
}

namespace {
/// `select(c, a, b)` on split values becomes one select per component.
struct SplitSelect : OpConversionPattern<arith::SelectOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(arith::SelectOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange condition = adaptor.getCondition();
    ValueRange onTrue = adaptor.getTrueValue();
    ValueRange onFalse = adaptor.getFalseValue();
    if (condition.size() != 1 || onTrue.size() != onFalse.size())
      return rewriter.notifyMatchFailure(op, "operands split differently");
    SmallVector<Value> components;
    for (auto [t, f] : llvm::zip_equal(onTrue, onFalse))
      components.push_back(
          arith::SelectOp::create(rewriter, op.getLoc(), condition[0], t, f));
    SmallVector<SmallVector<Value>> replacements;
    replacements.push_back(std::move(components));
    rewriter.replaceOpWithMultiple(op, std::move(replacements));
    return success();
  }
};
} // namespace

SmallVector<Value> mlir::triton::getSingleValues(ArrayRef<ValueRange> ranges) {
  return llvm::map_to_vector(ranges, [](ValueRange r) { return r.front(); });
}

void mlir::triton::populateSplitConversion(const TypeConverter &converter,
                                           RewritePatternSet &patterns,
                                           ConversionTarget &target) {
  target.markUnknownOpDynamicallyLegal([&converter](Operation *op) {
    if (auto func = dyn_cast<FunctionOpInterface>(op))
      if (!converter.isLegal(func.getArgumentTypes()) ||
          !converter.isLegal(func.getResultTypes()))
        return false;
    return converter.isLegal(op);
  });
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  patterns.add<SplitSelect>(converter, patterns.getContext());
}
