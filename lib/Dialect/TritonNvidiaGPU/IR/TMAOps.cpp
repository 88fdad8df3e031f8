//===- TMAOps.cpp - TMA copies, reductions, gathers and tensor maps -------===//
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "OpUtils.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::nvidia_gpu;
using namespace mlir::triton::nvidia_gpu::detail;

/// TMA moves tensors of 1 to 5 dimensions.
static constexpr int64_t kMaxTMARank = 5;

/// A tiled TMA copy moves the whole descriptor block at one coordinate per
/// block dimension; the buffer has the block's element type and shape, less
/// leading dimensions of size 1.
static LogicalResult verifyTiledBlock(Operation *op, TensorDescType desc,
                                      size_t numCoords,
                                      gpu::MemDescType buffer) {
  // The descriptor type guarantees a block of 1 to 5 dimensions.
  RankedTensorType block = desc.getBlockType();
  int64_t rank = block.getRank();
  if (numCoords != static_cast<size_t>(rank))
    return op->emitOpError("expects ")
           << rank << " coordinates, one per descriptor block dimension, got "
           << numCoords;
  if (!isDescriptorElementCompatible(buffer.getElementType(),
                                     block.getElementType()))
    return op->emitOpError("shared memory element type ")
           << buffer.getElementType() << " must match the descriptor block's "
           << block.getElementType();
  ArrayRef<int64_t> blockShape = block.getShape();
  ArrayRef<int64_t> shape = buffer.getShape();
  size_t dropped =
      blockShape.size() - std::min(blockShape.size(), shape.size());
  bool ok = shape.size() <= blockShape.size() &&
            blockShape.drop_front(dropped) == shape &&
            llvm::all_of(blockShape.take_front(dropped),
                         [](int64_t d) { return d == 1; });
  if (!ok)
    return op->emitOpError("shared memory shape must match the descriptor "
                           "block shape (leading 1s may be dropped)");
  return success();
}

/// The shared-memory side of a TMA copy: in shared memory, in the
/// #ttg.nvmma_shared layout the descriptor was made for (same swizzling,
/// element width and fp4 padding), not transposed.
static LogicalResult verifyTMALayout(Operation *op, TensorDescType desc,
                                     gpu::MemDescType buffer) {
  if (!isSharedMemory(buffer))
    return op->emitOpError("TMA copies to and from shared memory; the memory "
                           "descriptor must be in #ttg.shared_memory");
  auto layout =
      dyn_cast_or_null<gpu::NVMMASharedEncodingAttr>(buffer.getEncoding());
  if (!layout)
    return op->emitOpError("TMA shared memory must have an #ttg.nvmma_shared "
                           "layout, got ")
           << buffer.getEncoding();
  auto descLayout = dyn_cast_or_null<gpu::NVMMASharedEncodingAttr>(
      desc.getBlockType().getEncoding());
  if (!descLayout)
    return op->emitOpError("the descriptor block must have an "
                           "#ttg.nvmma_shared layout");
  if (descLayout.getSwizzlingByteWidth() != layout.getSwizzlingByteWidth() ||
      descLayout.getTransposed() != layout.getTransposed() ||
      descLayout.getElementBitWidth() != layout.getElementBitWidth() ||
      descLayout.getFp4Padded() != layout.getFp4Padded())
    return op->emitOpError("shared memory layout ")
           << layout << " must match the descriptor block's layout "
           << descLayout;
  if (layout.getTransposed())
    return op->emitOpError("TMA cannot copy a transposed #ttg.nvmma_shared "
                           "layout");
  return success();
}

/// The destination of a TMA load: written, so it must be mutable.
static LogicalResult verifyTMADestination(Operation *op,
                                          gpu::MemDescType result) {
  if (!result.getMutableMemory())
    return op->emitOpError("a TMA load writes its destination: the memory "
                           "descriptor must be mutable");
  return success();
}

/// TMA stores and reductions read no fp4-padded shared memory.
static LogicalResult verifyNotFp4Padded(Operation *op,
                                        gpu::MemDescType buffer) {
  auto layout =
      dyn_cast_or_null<gpu::NVMMASharedEncodingAttr>(buffer.getEncoding());
  if (layout && layout.getFp4Padded())
    return op->emitOpError("cannot read fp4_padded shared memory");
  return success();
}

/// Gathers and scatters (tile::gather4 / scatter4) move whole rows: the block
/// is one row of a 2D tensor, the offsets a 1D tensor, the buffer
/// [number of offsets, row width] with at least 8 rows and 32 bytes per row,
/// of elements at most 32 bits wide.
static LogicalResult verifyGatherScatter(Operation *op, TensorDescType desc,
                                         RankedTensorType offsets,
                                         gpu::MemDescType buffer) {
  RankedTensorType block = desc.getBlockType();
  if (block.getRank() != 2 || block.getShape()[0] != 1)
    return op->emitOpError("descriptor block must be a single row (1xN), got ")
           << block;
  if (offsets.getRank() != 1)
    return op->emitOpError("x offsets must be a 1D tensor, got ") << offsets;
  ArrayRef<int64_t> shape = buffer.getShape();
  if (shape.size() != 2 || shape[0] != offsets.getShape()[0] ||
      shape[1] != block.getShape()[1])
    return op->emitOpError("shared memory must be [number of x offsets, row "
                           "width] = [")
           << offsets.getShape()[0] << ", " << block.getShape()[1] << "]";
  if (!isDescriptorElementCompatible(buffer.getElementType(),
                                     block.getElementType()))
    return op->emitOpError("shared memory element type ")
           << buffer.getElementType() << " must match the descriptor block's "
           << block.getElementType();
  if (shape[0] < 8)
    return op->emitOpError("TMA gathers and scatters move at least 8 rows, "
                           "got ")
           << shape[0];
  unsigned bits = buffer.getElementType().getIntOrFloatBitWidth();
  if (bits > 32)
    return op->emitOpError("TMA gathers and scatters move elements of at most "
                           "32 bits, got ")
           << bits;
  int64_t minColumns = 32 * 8 / bits;
  if (shape[1] < minColumns)
    return op->emitOpError("rows of ")
           << bits << "-bit elements need at least " << minColumns
           << " columns (32 bytes), got " << shape[1];
  return verifyTMALayout(op, desc, buffer);
}

//===----------------------------------------------------------------------===//
// Loads, stores, reductions
//===----------------------------------------------------------------------===//

LogicalResult AsyncTMACopyGlobalToLocalOp::verify() {
  gpu::MemDescType result = getResult().getType();
  if (failed(verifyBarrierType(*this, getBarrier().getType())) ||
      failed(verifyTMADestination(*this, result)) ||
      failed(verifyTiledBlock(*this, getDesc().getType(), getCoord().size(),
                              result)))
    return failure();
  return verifyTMALayout(*this, getDesc().getType(), result);
}

LogicalResult AsyncTMACopyLocalToGlobalOp::verify() {
  gpu::MemDescType src = getSrc().getType();
  if (failed(verifyTiledBlock(*this, getDesc().getType(), getCoord().size(),
                              src)) ||
      failed(verifyNotFp4Padded(*this, src)))
    return failure();
  return verifyTMALayout(*this, getDesc().getType(), src);
}

bool AsyncTMAReduceOp::isSupportedReduceKind(DescriptorReduceKind kind,
                                             Type elementType) {
  bool isI32 = elementType.isInteger(32);
  bool isI64 = elementType.isInteger(64);
  bool isHalf = elementType.isF16() || elementType.isBF16();
  switch (kind) {
  case DescriptorReduceKind::ADD:
    // add.s64 does not exist: a 64-bit add must be unsigned (or signless).
    return isI32 || (isI64 && !elementType.isSignedInteger()) ||
           elementType.isF32() || isHalf;
  case DescriptorReduceKind::MIN:
  case DescriptorReduceKind::MAX:
    return isI32 || isI64 || isHalf;
  case DescriptorReduceKind::AND:
  case DescriptorReduceKind::OR:
  case DescriptorReduceKind::XOR:
    return isI32 || isI64;
  case DescriptorReduceKind::NONE:
  case DescriptorReduceKind::INC:
  case DescriptorReduceKind::DEC:
    return false;
  }
  return false;
}

LogicalResult AsyncTMAReduceOp::verify() {
  gpu::MemDescType src = getSrc().getType();
  if (failed(verifyTiledBlock(*this, getDesc().getType(), getCoord().size(),
                              src)) ||
      failed(verifyNotFp4Padded(*this, src)) ||
      failed(verifyTMALayout(*this, getDesc().getType(), src)))
    return failure();
  Type elementType = getDesc().getType().getBlockType().getElementType();
  if (!isSupportedReduceKind(getKind(), elementType))
    return emitOpError("TMA cannot reduce ")
           << elementType << " with '"
           << stringifyDescriptorReduceKind(getKind()) << "'";
  return success();
}

LogicalResult AsyncTMAGatherOp::verify() {
  gpu::MemDescType result = getResult().getType();
  if (failed(verifyBarrierType(*this, getBarrier().getType())) ||
      failed(verifyTMADestination(*this, result)) ||
      failed(verifyNotFp4Padded(*this, result)))
    return failure();
  return verifyGatherScatter(*this, getDesc().getType(),
                             getXOffsets().getType(), result);
}

LogicalResult AsyncTMAScatterOp::verify() {
  gpu::MemDescType src = getSrc().getType();
  if (failed(verifyNotFp4Padded(*this, src)))
    return failure();
  return verifyGatherScatter(*this, getDesc().getType(),
                             getXOffsets().getType(), src);
}

LogicalResult TMAStoreWaitOp::verify() {
  if (getPendingsAttr().getInt() < 0)
    return emitOpError("pendings must not be negative, got ")
           << getPendingsAttr().getInt();
  return success();
}

//===----------------------------------------------------------------------===//
// Tensor maps
//===----------------------------------------------------------------------===//

LogicalResult TensormapCreateOp::verify() {
  int64_t rank = getRank();
  if (rank < 1 || rank > kMaxTMARank)
    return emitOpError("a tensor map has 1 to 5 dimensions, got ") << rank;
  if (static_cast<int64_t>(getGlobalDim().size()) != rank)
    return emitOpError("expects ")
           << rank << " global dims, one per box dim, got "
           << getGlobalDim().size();
  if (static_cast<int64_t>(getGlobalStride().size()) != rank - 1)
    return emitOpError("expects ")
           << rank - 1 << " global strides, one per dim but the innermost, got "
           << getGlobalStride().size();
  if (static_cast<int64_t>(getElementStride().size()) != rank)
    return emitOpError("expects ")
           << rank << " element strides, one per box dim, got "
           << getElementStride().size();
  return success();
}
