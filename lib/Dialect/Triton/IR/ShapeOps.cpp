//===- ShapeOps.cpp - splat, reshape, broadcast, trans, join, ... ---------===//
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/Triton/IR/LayoutInference.h"
#include "OpUtils.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::detail;

static SmallVector<int64_t> applyPermutation(ArrayRef<int64_t> shape,
                                             ArrayRef<int32_t> order) {
  SmallVector<int64_t> result;
  for (int32_t d : order)
    result.push_back(shape[d]);
  return result;
}

//===----------------------------------------------------------------------===//
// SplatOp / UnsplatOp
//===----------------------------------------------------------------------===//

LogicalResult SplatOp::verify() {
  if (isa<RankedTensorType>(getSrc().getType()))
    return emitOpError("source must be a scalar, got ") << getSrc().getType();
  return success();
}

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  return reshapeSplat(adaptor.getSrc(), getType());
}

LogicalResult UnsplatOp::verify() {
  auto srcType = getSrc().getType();
  if (srcType.getNumElements() != 1)
    return emitOpError("source must have exactly one element, got ")
           << srcType.getNumElements();
  return success();
}

//===----------------------------------------------------------------------===//
// ExpandDimsOp
//===----------------------------------------------------------------------===//

void ExpandDimsOp::build(OpBuilder &builder, OperationState &state, Value src,
                         int axis) {
  auto srcType = cast<RankedTensorType>(src.getType());
  SmallVector<int64_t> shape(srcType.getShape());
  shape.insert(shape.begin() + axis, 1);
  Attribute enc;
  (void)inferResultEncoding(srcType.getEncoding(), enc, state.location,
                            [&](const DialectInferLayoutInterface &iface) {
                              return iface.inferExpandDimsOpEncoding(
                                  srcType.getEncoding(), axis, enc,
                                  state.location);
                            });
  build(builder, state,
        RankedTensorType::get(shape, srcType.getElementType(), enc), src,
        builder.getI32IntegerAttr(axis));
}

LogicalResult ExpandDimsOp::verify() {
  auto srcType = getSrc().getType();
  int64_t axis = getAxisAttr().getInt();
  if (axis < 0 || axis > srcType.getRank())
    return emitOpError("axis ")
           << axis << " is out of range for a tensor of rank "
           << srcType.getRank();
  SmallVector<int64_t> expected(srcType.getShape());
  expected.insert(expected.begin() + axis, 1);
  if (getType().getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape must be the source shape with a 1 "
                       "inserted at axis ")
           << axis;
  Attribute srcEnc = srcType.getEncoding();
  return verifyResultEncoding(
      *this, srcEnc, getType(), /*mustInfer=*/true,
      [&](const DialectInferLayoutInterface &iface, Attribute &enc,
          std::optional<Location> loc) {
        return iface.inferExpandDimsOpEncoding(srcEnc, axis, enc, loc);
      });
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  return reshapeSplat(adaptor.getSrc(), getType());
}

LogicalResult ExpandDimsOp::canonicalize(ExpandDimsOp op,
                                         PatternRewriter &rewriter) {
  Operation *def = op.getSrc().getDefiningOp();
  // expand_dims(splat(x)) -> splat(x)
  if (auto splat = dyn_cast_if_present<SplatOp>(def)) {
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
  // expand_dims(broadcast(x)) -> broadcast(expand_dims(x)), which lets
  // broadcasts sink towards their users. Only without encodings: a new
  // layout would have to be inferred for the inner expand_dims.
  if (auto bc = dyn_cast_if_present<BroadcastOp>(def)) {
    if (bc.getSrc().getType().getEncoding())
      return failure();
    auto inner =
        ExpandDimsOp::create(rewriter, op.getLoc(), bc.getSrc(), op.getAxis());
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getType(), inner);
    return success();
  }
  return failure();
}

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  auto srcType = getSrc().getType();
  auto dstType = getType();
  // Rank 0 is a scalar, which Triton represents without a tensor.
  if (dstType.getRank() == 0)
    return emitOpError("result must have rank 1 or more");
  if (srcType.getNumElements() != dstType.getNumElements())
    return emitOpError("number of src and dst elements of reshape must be the "
                       "same (")
           << srcType.getNumElements() << " vs " << dstType.getNumElements()
           << ")";
  // Without allow_reorder no data moves: the result's layout is the one the
  // operand's implies. A reordering reshape may take any layout.
  Attribute srcEnc = srcType.getEncoding();
  if (!srcEnc != !dstType.getEncoding())
    return emitOpError("operand and result must both have an encoding, or "
                       "neither");
  if (getAllowReorder())
    return success();
  return verifyResultEncoding(*this, srcEnc, dstType, /*mustInfer=*/true,
                              [&](const DialectInferLayoutInterface &iface,
                                  Attribute &enc, std::optional<Location> loc) {
                                return iface.inferReshapeOpEncoding(
                                    srcType.getShape(), srcEnc,
                                    dstType.getShape(), enc, loc);
                              });
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType() && !getAllowReorder())
    return getSrc();
  return reshapeSplat(adaptor.getSrc(), getType());
}

LogicalResult ReshapeOp::canonicalize(ReshapeOp op, PatternRewriter &rewriter) {
  Operation *def = op.getSrc().getDefiningOp();
  if (auto splat = dyn_cast_if_present<SplatOp>(def)) {
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
  // reshape(reshape(x)) -> reshape(x): reordering allowed by either step is
  // allowed for the whole.
  if (auto inner = dyn_cast_if_present<ReshapeOp>(def)) {
    if (op.getEfficientLayout() || inner.getEfficientLayout())
      return failure();
    bool allowReorder = op.getAllowReorder() || inner.getAllowReorder();
    auto merged = rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(),
                                                         inner.getSrc());
    merged.setAllowReorder(allowReorder);
    return success();
  }
  return failure();
}

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

LogicalResult BroadcastOp::verify() {
  ArrayRef<int64_t> src = getSrc().getType().getShape();
  ArrayRef<int64_t> dst = getType().getShape();
  if (src.size() != dst.size())
    return emitOpError("source rank ")
           << src.size() << " must equal result rank " << dst.size();
  for (auto [i, s, d] : llvm::enumerate(src, dst))
    if (s != d && s != 1)
      return emitOpError("dimension ")
             << i << " of size " << s
             << " cannot be broadcast; only dimensions of size 1 can (to " << d
             << ")";
  return success();
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return reshapeSplat(adaptor.getSrc(), getType());
}

namespace {
/// broadcast(splat(x)) -> splat(x); broadcast(broadcast(x)) -> broadcast(x).
struct FoldBroadcastOfSplatOrBroadcast : OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    Operation *def = op.getSrc().getDefiningOp();
    if (auto splat = dyn_cast_if_present<SplatOp>(def)) {
      rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
      return success();
    }
    if (auto inner = dyn_cast_if_present<BroadcastOp>(def)) {
      rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getType(),
                                               inner.getSrc());
      return success();
    }
    return failure();
  }
};
} // namespace

void BroadcastOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<FoldBroadcastOfSplatOrBroadcast>(context);
}

//===----------------------------------------------------------------------===//
// CatOp / JoinOp / SplitOp
//===----------------------------------------------------------------------===//

LogicalResult CatOp::verify() {
  auto lhsType = getLhs().getType();
  auto dstType = getType();
  if (lhsType.getRank() != dstType.getRank())
    return emitOpError("result rank must equal operand rank");
  if (dstType.getNumElements() != 2 * lhsType.getNumElements())
    return emitOpError("result must hold the elements of both operands (")
           << 2 * lhsType.getNumElements() << "), got "
           << dstType.getNumElements();
  return success();
}

void JoinOp::build(OpBuilder &builder, OperationState &state, Value lhs,
                   Value rhs) {
  auto type = cast<RankedTensorType>(lhs.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape.push_back(2);
  Attribute enc;
  (void)inferResultEncoding(type.getEncoding(), enc, state.location,
                            [&](const DialectInferLayoutInterface &iface) {
                              return iface.inferJoinOpEncoding(
                                  type.getEncoding(), type.getShape(), enc,
                                  state.location);
                            });
  build(builder, state,
        RankedTensorType::get(shape, type.getElementType(), enc), lhs, rhs);
}

LogicalResult JoinOp::verify() {
  auto srcType = getLhs().getType();
  auto dstType = getType();
  SmallVector<int64_t> expected(srcType.getShape());
  expected.push_back(2);
  if (dstType.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape must be the operand shape with a new "
                       "minor dimension of size 2");
  if (dstType.getElementType() != srcType.getElementType())
    return emitOpError("result element type must match the operands'");
  Attribute srcEnc = srcType.getEncoding();
  return verifyResultEncoding(
      *this, srcEnc, dstType, /*mustInfer=*/true,
      [&](const DialectInferLayoutInterface &iface, Attribute &enc,
          std::optional<Location> loc) {
        return iface.inferJoinOpEncoding(srcEnc, srcType.getShape(), enc,
                                         loc);
      });
}

void SplitOp::build(OpBuilder &builder, OperationState &state, Value src) {
  auto type = cast<RankedTensorType>(src.getType());
  Attribute enc;
  (void)inferResultEncoding(type.getEncoding(), enc, state.location,
                            [&](const DialectInferLayoutInterface &iface) {
                              return iface.inferSplitOpEncoding(
                                  type.getEncoding(), type.getShape(), enc,
                                  state.location);
                            });
  auto resultType = RankedTensorType::get(type.getShape().drop_back(),
                                          type.getElementType(), enc);
  build(builder, state, resultType, resultType, src);
}

LogicalResult SplitOp::verify() {
  auto srcType = getSrc().getType();
  if (srcType.getRank() == 0 || srcType.getShape().back() != 2)
    return emitOpError("source's last dimension must have size 2");
  if (getOutLHS().getType().getShape() != srcType.getShape().drop_back())
    return emitOpError("result shape must be the source shape without its "
                       "last dimension");
  if (getOutLHS().getType().getElementType() != srcType.getElementType())
    return emitOpError("result element type must match the source's");
  Attribute srcEnc = srcType.getEncoding();
  return verifyResultEncoding(
      *this, srcEnc, getOutLHS().getType(), /*mustInfer=*/true,
      [&](const DialectInferLayoutInterface &iface, Attribute &enc,
          std::optional<Location> loc) {
        return iface.inferSplitOpEncoding(srcEnc, srcType.getShape(), enc,
                                          loc);
      });
}

//===----------------------------------------------------------------------===//
// TransOp
//===----------------------------------------------------------------------===//

void TransOp::build(OpBuilder &builder, OperationState &state, Value src,
                    ArrayRef<int32_t> order) {
  auto type = cast<RankedTensorType>(src.getType());
  Attribute enc;
  (void)inferResultEncoding(type.getEncoding(), enc, state.location,
                            [&](const DialectInferLayoutInterface &iface) {
                              return iface.inferTransOpEncoding(
                                  type.getEncoding(), type.getShape(), order,
                                  enc, state.location);
                            });
  build(builder, state,
        RankedTensorType::get(applyPermutation(type.getShape(), order),
                              type.getElementType(), enc),
        src, builder.getDenseI32ArrayAttr(order));
}

LogicalResult TransOp::verify() {
  ArrayRef<int32_t> order = getOrder();
  auto srcType = getSrc().getType();
  if (static_cast<int64_t>(order.size()) != srcType.getRank())
    return emitOpError("order must have as many entries as the source rank (")
           << srcType.getRank() << ")";
  SmallVector<bool> seen(order.size(), false);
  for (int32_t d : order) {
    if (d < 0 || d >= static_cast<int32_t>(order.size()) || seen[d])
      return emitOpError("order must be a permutation of [0, ")
             << order.size() << ")";
    seen[d] = true;
  }
  if (getType().getShape() !=
      ArrayRef<int64_t>(applyPermutation(srcType.getShape(), order)))
    return emitOpError("result shape must be the source shape permuted by "
                       "order");
  Attribute srcEnc = srcType.getEncoding();
  return verifyResultEncoding(
      *this, srcEnc, getType(), /*mustInfer=*/true,
      [&](const DialectInferLayoutInterface &iface, Attribute &enc,
          std::optional<Location> loc) {
        return iface.inferTransOpEncoding(srcEnc, srcType.getShape(), order,
                                          enc, loc);
      });
}

OpFoldResult TransOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int32_t> order = getOrder();
  bool identity = llvm::all_of(llvm::enumerate(order), [](auto it) {
    return static_cast<int64_t>(it.index()) == it.value();
  });
  if (identity && getSrc().getType() == getType())
    return getSrc();
  // trans(trans(x, o1), o2) -> trans(x, o1[o2[i]]), in place.
  if (auto inner = getSrc().getDefiningOp<TransOp>()) {
    ArrayRef<int32_t> innerOrder = inner.getOrder();
    SmallVector<int32_t> combined;
    for (int32_t d : order)
      combined.push_back(innerOrder[d]);
    setOrder(combined);
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return reshapeSplat(adaptor.getSrc(), getType());
}

//===----------------------------------------------------------------------===//
// MakeRangeOp
//===----------------------------------------------------------------------===//

LogicalResult MakeRangeOp::verify() {
  int64_t start = getStartAttr().getInt();
  int64_t end = getEndAttr().getInt();
  auto type = getType();
  if (type.getRank() != 1)
    return emitOpError("result must be a 1D tensor");
  if (!type.getElementType().isInteger(32))
    return emitOpError("result element type must be i32");
  // Triton's arange refuses a negative start (it must fit in int32 as an
  // unsigned offset); the analyses rely on the values being offsets.
  if (start < 0)
    return emitOpError("start must be non-negative, got ") << start;
  if (start >= end)
    return emitOpError("start (")
           << start << ") must be less than end (" << end << ")";
  if (type.getShape()[0] != end - start)
    return emitOpError("result has ")
           << type.getShape()[0] << " elements, but the range [" << start
           << ", " << end << ") has " << end - start;
  return success();
}

OpFoldResult MakeRangeOp::fold(FoldAdaptor) {
  // A one-element range is a constant.
  if (getEndAttr().getInt() - getStartAttr().getInt() == 1)
    return DenseElementsAttr::get(
        getType(),
        IntegerAttr::get(getType().getElementType(), getStartAttr().getInt()));
  return {};
}

//===----------------------------------------------------------------------===//
// GatherOp / HistogramOp
//===----------------------------------------------------------------------===//

LogicalResult GatherOp::verify() {
  auto srcType = getSrc().getType();
  auto idxType = getIndices().getType();
  auto dstType = getType();
  int64_t axis = getAxisAttr().getInt();
  if (srcType.getRank() != idxType.getRank())
    return emitOpError("indices rank (")
           << idxType.getRank() << ") must equal source rank ("
           << srcType.getRank() << ")";
  if (axis < 0 || axis >= srcType.getRank())
    return emitOpError("gather axis ") << axis << " is out of range";
  if (dstType.getShape() != idxType.getShape())
    return emitOpError("result shape must match the indices shape");
  if (dstType.getElementType() != srcType.getElementType())
    return emitOpError("result element type must match the source's");
  for (int64_t d = 0; d < srcType.getRank(); ++d)
    if (d != axis && idxType.getShape()[d] > srcType.getShape()[d])
      return emitOpError("indices dimension ")
             << d << " must not exceed the source's outside the gather axis";
  return success();
}

LogicalResult HistogramOp::verify() {
  if (getSrc().getType().getRank() != 1 || getType().getRank() != 1)
    return emitOpError("source and result must be 1D tensors");
  return success();
}
