//===- MemoryOps.cpp - loads, stores, atomics, tensor pointers, descriptors ===//
#include "Dialect/Triton/IR/Dialect.h"
#include "OpUtils.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::detail;

//===----------------------------------------------------------------------===//
// AddPtrOp / AdvanceOp
//===----------------------------------------------------------------------===//

OpFoldResult AddPtrOp::fold(FoldAdaptor) {
  // addptr(p, 0) -> p
  if (isConstantIntSplat(getOffset(), 0))
    return getPtr();
  return {};
}

LogicalResult AdvanceOp::verify() {
  auto block = cast<RankedTensorType>(getPtr().getType().getPointeeType());
  if (static_cast<int64_t>(getOffsets().size()) != block.getRank())
    return emitOpError("expects ")
           << block.getRank() << " offsets, one per dimension, got "
           << getOffsets().size();
  return success();
}

OpFoldResult AdvanceOp::fold(FoldAdaptor) {
  // advance(p, [0, 0, ...]) -> p
  if (llvm::all_of(getOffsets(),
                   [](Value v) { return isConstantIntSplat(v, 0); }))
    return getPtr();
  return {};
}

//===----------------------------------------------------------------------===//
// LoadOp / StoreOp
//===----------------------------------------------------------------------===//

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   Value mask, Value other, ArrayRef<int32_t> boundaryCheck,
                   std::optional<PaddingOption> padding, CacheModifier cache,
                   EvictionPolicy evict, bool isVolatile) {
  PaddingOptionAttr paddingAttr;
  if (padding)
    paddingAttr = PaddingOptionAttr::get(builder.getContext(), *padding);
  build(builder, state, getPointeeType(ptr.getType()), ptr, mask, other,
        builder.getDenseI32ArrayAttr(boundaryCheck), paddingAttr,
        CacheModifierAttr::get(builder.getContext(), cache),
        EvictionPolicyAttr::get(builder.getContext(), evict),
        builder.getBoolAttr(isVolatile));
}

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   Value mask, Value other, CacheModifier cache,
                   EvictionPolicy evict, bool isVolatile) {
  build(builder, state, ptr, mask, other, /*boundaryCheck=*/{},
        /*padding=*/std::nullopt, cache, evict, isVolatile);
}

void LoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getPtrMutable(),
                       GlobalMemory::get());
  // A volatile load must neither be removed nor reordered with other memory
  // accesses: model it as also writing.
  if (getIsVolatile())
    effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

/// Rules shared by loads and stores on boundary checks.
static LogicalResult verifyBoundaryCheck(Operation *op, Type ptrType,
                                         ArrayRef<int32_t> boundaryCheck) {
  if (boundaryCheck.empty())
    return success();
  if (!isTensorPointerType(ptrType))
    return op->emitOpError("'boundaryCheck' requires a tensor pointer");
  auto block = cast<RankedTensorType>(cast<PointerType>(ptrType).getPointeeType());
  SmallVector<bool> seen(block.getRank(), false);
  for (int32_t d : boundaryCheck) {
    if (d < 0 || d >= block.getRank())
      return op->emitOpError("'boundaryCheck' dimension ")
             << d << " is out of range for a block of rank " << block.getRank();
    if (seen[d])
      return op->emitOpError("'boundaryCheck' lists dimension ")
             << d << " twice";
    seen[d] = true;
  }
  return success();
}

LogicalResult LoadOp::verify() {
  Type ptrType = getPtr().getType();
  if (isTensorPointerType(ptrType) && (getMask() || getOther()))
    return emitOpError("a load through a tensor pointer takes no mask or "
                       "other; use 'boundaryCheck' and 'padding'");
  if (getOther() && !getMask())
    return emitOpError("'other' requires a mask");
  if (getPadding() && !isTensorPointerType(ptrType))
    return emitOpError("'padding' requires a tensor pointer");
  if (getPadding() == PaddingOption::PAD_NAN &&
      !isa<FloatType>(getScalarElementType(getType())))
    return emitOpError("NaN padding requires a floating-point element type");
  return verifyBoundaryCheck(*this, ptrType, getBoundaryCheck());
}

LogicalResult StoreOp::verify() {
  Type ptrType = getPtr().getType();
  if (isTensorPointerType(ptrType) && getMask())
    return emitOpError("a store through a tensor pointer takes no mask; use "
                       "'boundaryCheck'");
  return verifyBoundaryCheck(*this, ptrType, getBoundaryCheck());
}

void StoreOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                    Value value, Value mask, CacheModifier cache,
                    EvictionPolicy evict) {
  build(builder, state, ptr, value, mask, builder.getDenseI32ArrayAttr({}),
        CacheModifierAttr::get(builder.getContext(), cache),
        EvictionPolicyAttr::get(builder.getContext(), evict));
}

namespace {
/// A load whose mask is all true needs neither mask nor other; one whose mask
/// is all false yields `other`.
struct CanonicalizeMaskedLoad : OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LoadOp op,
                                PatternRewriter &rewriter) const override {
    Value mask = op.getMask();
    if (!mask)
      return failure();
    std::optional<APInt> c = getConstantIntSplat(mask);
    if (!c)
      return failure();
    if (c->isOne()) {
      rewriter.modifyOpInPlace(op, [&] {
        op.getMaskMutable().clear();
        op.getOtherMutable().clear();
      });
      return success();
    }
    if (Value other = op.getOther(); other && !op.getIsVolatile()) {
      rewriter.replaceOp(op, other);
      return success();
    }
    return failure();
  }
};

/// A store whose mask is all true needs none; one whose mask is all false
/// writes nothing.
struct CanonicalizeMaskedStore : OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp op,
                                PatternRewriter &rewriter) const override {
    Value mask = op.getMask();
    if (!mask)
      return failure();
    std::optional<APInt> c = getConstantIntSplat(mask);
    if (!c)
      return failure();
    if (c->isOne())
      rewriter.modifyOpInPlace(op, [&] { op.getMaskMutable().clear(); });
    else
      rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void LoadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<CanonicalizeMaskedLoad>(context);
}

void StoreOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<CanonicalizeMaskedStore>(context);
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

LogicalResult AtomicRMWOp::verify() {
  Type elt = getScalarElementType(getVal().getType());
  switch (getAtomicRmwOp()) {
  case RMWOp::FADD:
    if (!isa<FloatType>(elt))
      return emitOpError("'fadd' requires floating-point values, got ") << elt;
    break;
  case RMWOp::AND:
  case RMWOp::OR:
  case RMWOp::XOR:
  case RMWOp::UMAX:
  case RMWOp::UMIN:
    if (!isa<IntegerType>(elt))
      return emitOpError("'")
             << stringifyRMWOp(getAtomicRmwOp())
             << "' requires integer values, got " << elt;
    break;
  default:
    break;
  }
  if (getResult().getType() != getVal().getType())
    return emitOpError("result type must match the value type");
  return success();
}

LogicalResult AtomicCASOp::verify() {
  Type valType = getVal().getType();
  if (getCmp().getType() != valType || getResult().getType() != valType)
    return emitOpError("compare value, new value and result must have the "
                       "same type");
  if (getPointeeType(getPtr().getType()) != valType)
    return emitOpError("pointer must point to the value type ") << valType;
  return success();
}

//===----------------------------------------------------------------------===//
// MakeTensorPtrOp
//===----------------------------------------------------------------------===//

LogicalResult MakeTensorPtrOp::verify() {
  auto block = cast<RankedTensorType>(getType().getPointeeType());
  int64_t rank = block.getRank();
  if (static_cast<int64_t>(getShape().size()) != rank ||
      static_cast<int64_t>(getStrides().size()) != rank ||
      static_cast<int64_t>(getOffsets().size()) != rank)
    return emitOpError("shape, strides and offsets must each have one entry "
                       "per block dimension (")
           << rank << ")";
  ArrayRef<int32_t> order = getOrder();
  if (static_cast<int64_t>(order.size()) != rank)
    return emitOpError("order must have one entry per block dimension");
  SmallVector<bool> seen(rank, false);
  for (int32_t d : order) {
    if (d < 0 || d >= rank || seen[d])
      return emitOpError("order must be a permutation of [0, ") << rank << ")";
    seen[d] = true;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

LogicalResult MakeTensorDescOp::verify() {
  RankedTensorType block = getType().getBlockType();
  size_t rank = block.getRank();
  if (getShape().size() != rank || getStrides().size() != rank)
    return emitOpError("shape and strides must each have one entry per block "
                       "dimension (")
           << rank << ")";
  Type pointee = cast<PointerType>(getBase().getType()).getPointeeType();
  if (!pointee.isIntOrFloat())
    return emitOpError("base must point to integers or floats, got ")
           << getBase().getType();
  if (pointee.getIntOrFloatBitWidth() !=
      block.getElementType().getIntOrFloatBitWidth())
    return emitOpError("base pointee type ")
           << pointee << " and block element type " << block.getElementType()
           << " must have the same bit width";
  return success();
}

/// A descriptor moves its whole block; the tensor may drop leading
/// dimensions of size 1 of the block.
static LogicalResult verifyDescriptorTensor(Operation *op, TensorDescType desc,
                                            RankedTensorType tensor,
                                            size_t numIndices) {
  RankedTensorType block = desc.getBlockType();
  if (numIndices != static_cast<size_t>(block.getRank()))
    return op->emitOpError("expects ")
           << block.getRank() << " indices, one per block dimension, got "
           << numIndices;
  if (!isDescriptorElementCompatible(tensor.getElementType(),
                                     block.getElementType()))
    return op->emitOpError("tensor element type ")
           << tensor.getElementType()
           << " must match the descriptor block's " << block.getElementType();
  ArrayRef<int64_t> blockShape = block.getShape();
  ArrayRef<int64_t> shape = tensor.getShape();
  size_t dropped = blockShape.size() - std::min(blockShape.size(), shape.size());
  bool ok = shape.size() <= blockShape.size() &&
            blockShape.drop_front(dropped) == shape &&
            llvm::all_of(blockShape.take_front(dropped),
                         [](int64_t d) { return d == 1; });
  if (!ok)
    return op->emitOpError("tensor shape must match the descriptor block "
                           "shape (leading 1s may be dropped)");
  return success();
}

LogicalResult DescriptorLoadOp::verify() {
  return verifyDescriptorTensor(*this, getDesc().getType(), getType(),
                                getIndices().size());
}

LogicalResult DescriptorStoreOp::verify() {
  return verifyDescriptorTensor(*this, getDesc().getType(), getSrc().getType(),
                                getIndices().size());
}

LogicalResult DescriptorReduceOp::verify() {
  if (getKind() == DescriptorReduceKind::NONE)
    return emitOpError("reduction kind must not be 'none'");
  return verifyDescriptorTensor(*this, getDesc().getType(), getSrc().getType(),
                                getIndices().size());
}

/// Gathers and scatters move whole rows: the block is one row of a 2D
/// tensor, the offsets a 1D tensor, the data [offsets, row width].
static LogicalResult verifyGatherScatter(Operation *op, TensorDescType desc,
                                         RankedTensorType offsets,
                                         RankedTensorType data) {
  RankedTensorType block = desc.getBlockType();
  if (block.getRank() != 2 || block.getShape()[0] != 1)
    return op->emitOpError("descriptor block must be a single row (1xN)");
  if (offsets.getRank() != 1)
    return op->emitOpError("row offsets must be a 1D tensor");
  if (data.getRank() != 2 || data.getShape()[0] != offsets.getShape()[0] ||
      data.getShape()[1] != block.getShape()[1])
    return op->emitOpError("data must be [number of offsets, row width] = [")
           << offsets.getShape()[0] << ", " << block.getShape()[1] << "]";
  if (!isDescriptorElementCompatible(data.getElementType(),
                                     block.getElementType()))
    return op->emitOpError("data element type must match the descriptor's");
  return success();
}

LogicalResult DescriptorGatherOp::verify() {
  return verifyGatherScatter(*this, getDesc().getType(),
                             getXOffsets().getType(), getType());
}

LogicalResult DescriptorScatterOp::verify() {
  return verifyGatherScatter(*this, getDesc().getType(),
                             getXOffsets().getType(), getSrc().getType());
}
