//===- MemoryOps.cpp - shared memory buffers, views and async copies ------===//
#include "Dialect/Triton/IR/LayoutInference.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonGPU/IR/MemDescViews.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

/// The element type and shape of a tensor written to or read from a buffer
/// must be the buffer's.
static LogicalResult verifyMemoryOpTypes(Operation *op, ShapedType srcType,
                                         ShapedType dstType) {
  if (srcType.getElementType() != dstType.getElementType())
    return op->emitOpError("source element type ")
           << srcType.getElementType() << " must match destination element type "
           << dstType.getElementType();
  if (srcType.getShape() != dstType.getShape())
    return op->emitOpError("source shape [")
           << srcType.getShape() << "] must match destination shape ["
           << dstType.getShape() << "]";
  return success();
}

/// A tensor moved to or from a buffer has the rank of the buffer's layout.
static LogicalResult verifySharedMemoryRank(Operation *op,
                                            RankedTensorType type,
                                            MemDescType memdesc,
                                            StringRef what) {
  auto layout = dyn_cast<LayoutEncodingTrait>(memdesc.getEncoding());
  if (!layout)
    return op->emitOpError("expected memdesc to have a shared memory encoding");
  if (type.getRank() != layout.getRank())
    return op->emitOpError()
           << what << " has rank " << type.getRank()
           << " but memdesc encoding has rank " << layout.getRank();
  return success();
}

//===----------------------------------------------------------------------===//
// LocalAllocOp
//===----------------------------------------------------------------------===//

LogicalResult LocalAllocOp::verify() {
  MemDescType type = getType();
  if (!isa<SharedMemorySpaceAttr>(type.getMemorySpace()))
    return emitOpError("should create a buffer of shared memory");
  if (type.getShape() != type.getAllocShape())
    return emitOpError("result shape and its alloc shape must match");
  if (std::optional<uint32_t> alignment = getAlignment())
    if (!llvm::isPowerOf2_32(*alignment))
      return emitOpError("alignment must be a power of 2, got ") << *alignment;
  Value src = getSrc();
  if (!src) {
    if (!type.getMutableMemory())
      return emitOpError("uninitialized alloc must have a mutable memdesc type");
    return success();
  }
  auto srcType = cast<RankedTensorType>(src.getType());
  if (failed(verifySharedMemoryRank(*this, srcType, type, "source")))
    return failure();
  return verifyMemoryOpTypes(*this, srcType, type);
}

void LocalAllocOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // An immutable buffer is a value until memory is assigned to it: without
  // effects, CSE and DCE treat it as one.
  if (!getType().getMutableMemory() &&
      !getOperation()->hasAttr("allocation.offset"))
    return;
  OpResult alloc = getOperation()->getOpResult(0);
  effects.emplace_back(MemoryEffects::Allocate::get(), alloc,
                       SharedMemory::get());
  if (getSrc())
    effects.emplace_back(MemoryEffects::Write::get(), alloc,
                         SharedMemory::get());
}

OpFoldResult LocalAllocOp::fold(FoldAdaptor) {
  // local_alloc(local_load(m)) -> m for an immutable m of the same type.
  if (getType().getMutableMemory() || !getSrc())
    return {};
  auto load = getSrc().getDefiningOp<LocalLoadOp>();
  if (!load || load.getSrc().getType() != getType())
    return {};
  return load.getSrc();
}

int32_t LocalAllocOp::getAlignmentOrDefault() {
  if (std::optional<uint32_t> alignment = getAlignment())
    return *alignment;
  auto layout = dyn_cast<SharedEncodingTrait>(getType().getEncoding());
  return layout ? layout.getAlignment() : 16;
}

//===----------------------------------------------------------------------===//
// LocalLoadOp / LocalStoreOp / AsyncCopyGlobalToLocalOp
//===----------------------------------------------------------------------===//

LogicalResult LocalLoadOp::verify() {
  if (failed(verifySharedMemoryRank(*this, getType(), getSrc().getType(),
                                    "result")))
    return failure();
  return verifyMemoryOpTypes(*this, getSrc().getType(), getType());
}

LogicalResult LocalStoreOp::verify() {
  if (!getDst().getType().getMutableMemory())
    return emitOpError("Cannot store into immutable memory");
  if (failed(verifySharedMemoryRank(*this, getSrc().getType(),
                                    getDst().getType(), "source")))
    return failure();
  return verifyMemoryOpTypes(*this, getSrc().getType(), getDst().getType());
}

LogicalResult AsyncCopyGlobalToLocalOp::verify() {
  MemDescType dst = getResult().getType();
  if (!dst.getMutableMemory())
    return emitOpError("Cannot store into immutable memory");
  RankedTensorType src = getSrc().getType();
  if (src.getShape() != dst.getShape())
    return emitOpError("source shape [")
           << src.getShape() << "] must match destination shape ["
           << dst.getShape() << "]";
  if (getPointeeType(src.getElementType()) != dst.getElementType())
    return emitOpError("source pointee type ")
           << getPointeeType(src.getElementType())
           << " must match destination element type " << dst.getElementType();
  if (getContiguity() == 0)
    return emitOpError("contiguity must be positive, got ") << getContiguity();
  return success();
}

//===----------------------------------------------------------------------===//
// Views: memdesc_index, memdesc_subslice, memdesc_trans, memdesc_reshape,
// memdesc_reinterpret
//===----------------------------------------------------------------------===//

/// A view lives in the memory space of its buffer and is writable only
/// when the buffer is (a read-only view of a writable buffer is fine: Triton
/// 3.6 reads split wgmma operands through immutable subslices of its
/// pipeline buffers).
static LogicalResult verifySameBuffer(Operation *op, MemDescType src,
                                      MemDescType dst) {
  if (src.getMemorySpace() != dst.getMemorySpace())
    return op->emitOpError("result memory space must match the source's");
  if (dst.getMutableMemory() && !src.getMutableMemory())
    return op->emitOpError("result may be mutable only when the source is");
  return success();
}

LogicalResult MemDescIndexOp::verify() {
  MemDescType src = getSrc().getType();
  MemDescType dst = getType();
  if (src.getElementType() != dst.getElementType())
    return emitOpError("result element type must match desc element type");
  if (src.getShape().size() != dst.getShape().size() + 1)
    return emitOpError("result rank must be input rank - 1");
  if (src.getAllocShape().size() != src.getShape().size())
    return emitOpError("We don't allow taking memdesc_index of a "
                       "memdesc_index");
  if (src.getShape().drop_front() != dst.getShape())
    return emitOpError("result shape must equal to srcShape[1:]");
  if (src.getAllocShape() != src.getShape())
    return emitOpError("We don't support memdesc_index of a subview");
  if (dst.getAllocShape() != dst.getShape())
    return emitOpError("alloc shape must match shape for both result and src");
  if (src.getEncoding() != dst.getEncoding())
    return emitOpError("src and result must have the same encoding");
  return verifySameBuffer(*this, src, dst);
}

LogicalResult MemDescSubsliceOp::verify() {
  MemDescType src = getSrc().getType();
  MemDescType dst = getType();
  if (src.getElementType() != dst.getElementType())
    return emitOpError("result element type must match desc element type");
  ArrayRef<int32_t> offsets = getOffsets();
  if (offsets.size() != src.getShape().size())
    return emitOpError("offsets must have the same rank as input");
  if (src.getShape().size() != dst.getShape().size())
    return emitOpError("result rank must equal to input rank");
  if (!isa<SharedEncodingTrait>(src.getEncoding()) ||
      !isa<SharedEncodingTrait>(dst.getEncoding()))
    return emitOpError("src and dst must both be of shared memory encoding");
  if (src.getEncoding() != dst.getEncoding())
    return emitOpError("src and result must have the same encoding");
  if (dst.getAllocShape() != src.getAllocShape())
    return emitOpError("result alloc shape must be the source's");
  for (auto [dim, offset] : llvm::enumerate(offsets)) {
    int64_t srcSize = src.getShape()[dim], dstSize = dst.getShape()[dim];
    if (dstSize > srcSize)
      return emitOpError("result dimension ")
             << dim << " (" << dstSize << ") exceeds the source's ("
             << srcSize << ")";
    if (dstSize == srcSize && offset != 0)
      return emitOpError("A non zero offset found in a dimension that is not "
                         "being split");
    if (offset < 0 || offset + dstSize > srcSize)
      return emitOpError("offset ")
             << offset << " of dimension " << dim << " is out of bounds";
    if (offset & (dstSize - 1))
      return emitOpError("The split offset may not touch the tile");
  }
  return verifySameBuffer(*this, src, dst);
}

OpFoldResult MemDescSubsliceOp::fold(FoldAdaptor) {
  // A subslice covering the whole source is the source.
  if (getType() == getSrc().getType() &&
      llvm::all_of(getOffsets(), [](int32_t o) { return o == 0; }))
    return getSrc();
  return {};
}

FailureOr<MemDescType>
MemDescTransOp::inferResultType(MemDescType srcType, ArrayRef<int32_t> order,
                                std::optional<Location> loc) {
  ArrayRef<int64_t> shape = srcType.getShape();
  if (order.size() != shape.size())
    return emitOptionalError(loc, "order must have as many entries as the "
                                  "source rank (",
                             shape.size(), ")");
  SmallVector<bool> seen(order.size(), false);
  for (int32_t d : order) {
    if (d < 0 || d >= static_cast<int32_t>(order.size()) || seen[d])
      return emitOptionalError(loc, "order must be a permutation of [0, ",
                               order.size(), ")");
    seen[d] = true;
  }
  Attribute encoding = srcType.getEncoding();
  Attribute resultEncoding;
  if (const DialectInferLayoutInterface *iface =
          getLayoutInference(encoding)) {
    if (failed(iface->inferTransOpEncoding(encoding, shape, order,
                                           resultEncoding, loc)))
      return failure();
  } else {
    resultEncoding = encoding;
  }
  // The trailing dimensions of the allocation are permuted too.
  ArrayRef<int64_t> allocShape = srcType.getAllocShape();
  size_t lead = allocShape.size() - shape.size();
  SmallVector<int64_t> resultAlloc(allocShape.take_front(lead));
  SmallVector<int64_t> resultShape;
  for (int32_t d : order) {
    resultShape.push_back(shape[d]);
    resultAlloc.push_back(allocShape[lead + d]);
  }
  return MemDescType::get(resultShape, srcType.getElementType(),
                          resultEncoding, srcType.getMemorySpace(),
                          srcType.getMutableMemory(), resultAlloc);
}

void MemDescTransOp::build(OpBuilder &builder, OperationState &state,
                           Value src, ArrayRef<int32_t> order) {
  auto srcType = cast<MemDescType>(src.getType());
  FailureOr<MemDescType> type =
      inferResultType(srcType, order, state.location);
  build(builder, state, succeeded(type) ? Type(*type) : Type(srcType), src,
        builder.getDenseI32ArrayAttr(order));
}

LogicalResult MemDescTransOp::verify() {
  FailureOr<MemDescType> expected =
      inferResultType(getSrc().getType(), getOrder(), getLoc());
  if (failed(expected))
    return failure();
  MemDescType type = getType();
  if (*expected == type)
    return success();
  // Another spelling of the inferred layout is fine.
  bool sameButLayout =
      expected->getShape() == type.getShape() &&
      expected->getElementType() == type.getElementType() &&
      expected->getMemorySpace() == type.getMemorySpace() &&
      expected->getMutableMemory() == type.getMutableMemory() &&
      expected->getAllocShape() == type.getAllocShape();
  const DialectInferLayoutInterface *iface =
      getLayoutInference(expected->getEncoding());
  if (sameButLayout && iface &&
      succeeded(iface->verifyLayoutsAreEqual(type.getShape(),
                                             expected->getEncoding(),
                                             type.getEncoding(), std::nullopt)))
    return success();
  return emitOpError("result type ")
         << type << " does not match " << *expected
         << ", the source type transposed by order";
}

OpFoldResult MemDescTransOp::fold(FoldAdaptor) {
  ArrayRef<int32_t> order = getOrder();
  bool identity = llvm::all_of(llvm::enumerate(order), [](auto it) {
    return static_cast<int64_t>(it.index()) == it.value();
  });
  if (identity && getSrc().getType() == getType())
    return getSrc();
  return {};
}

LogicalResult MemDescReshapeOp::verify() {
  MemDescType src = getSrc().getType();
  MemDescType dst = getType();
  if (src.getNumElements() != dst.getNumElements())
    return emitOpError("number of src and dst elements of reshape must be "
                       "the same");
  if (src.getAllocShape().take_back(src.getShape().size()) != src.getShape())
    return emitOpError("NYI: memdesc_reshape of memdesc_subslice");
  if (!isa<SharedEncodingTrait>(dst.getEncoding()))
    return emitOpError("result must have a shared memory encoding");
  // The allocation keeps its leading (buffer) dimensions.
  ArrayRef<int64_t> allocShape = src.getAllocShape();
  SmallVector<int64_t> expectedAlloc(
      allocShape.take_front(allocShape.size() - src.getShape().size()));
  llvm::append_range(expectedAlloc, dst.getShape());
  if (dst.getAllocShape() != ArrayRef<int64_t>(expectedAlloc))
    return emitOpError("result alloc shape must be the source's leading "
                       "dimensions followed by the result shape");
  return verifySameBuffer(*this, src, dst);
}

/// Whether the subview `type` holds an aligned, contiguous range of its
/// allocation's offsets: the inverse of the allocation's layout maps the
/// view's coordinate bits (log2 n independent vectors) below n, so they span
/// the lowest offset bits (any origin then selects one such range, see
/// MemDescViewOpToLLVM.cpp).
static bool isContiguousSubview(MemDescType type) {
  if (isa<PaddedSharedEncodingAttr>(type.getEncoding()))
    return false; // Padding lies between its elements.
  ArrayRef<int64_t> alloc = type.getAllocShape();
  auto quiet = []() -> InFlightDiagnostic { return InFlightDiagnostic(); };
  FailureOr<LinearLayout> layout =
      tryToLinearLayout(alloc, type.getEncoding(), quiet);
  if (failed(layout) || !layout->isInvertible())
    return false;
  MLIRContext *ctx = type.getContext();
  StringAttr kOffset = StringAttr::get(ctx, "offset");
  LinearLayout inverse = layout->invert();
  int64_t numElements = type.getNumElements();
  if (!llvm::isPowerOf2_64(numElements))
    return false;
  for (auto [d, dim] : llvm::enumerate(inverse.getInDimNames())) {
    for (int b = 0; b < llvm::Log2_64(type.getShape()[d]); ++b) {
      for (auto [o, outDim] : llvm::enumerate(inverse.getOutDimNames()))
        if (outDim != kOffset && inverse.getBasis(dim, b, outDim) != 0)
          return false; // It moves to another CTA.
      if (inverse.getBasis(dim, b, kOffset) >= numElements)
        return false;
    }
  }
  return true;
}

LogicalResult MemDescReinterpretOp::verify() {
  MemDescType src = getSrc().getType();
  MemDescType dst = getType();
  if (src.getMemorySpace() != dst.getMemorySpace())
    return emitOpError("source and destination memory space must match");
  if (src.getAllocShape() != src.getShape() && !isContiguousSubview(src))
    return emitOpError("cannot reinterpret a subview whose elements are not "
                       "a contiguous range of its buffer");
  return success();
}

OpFoldResult MemDescReinterpretOp::fold(FoldAdaptor) {
  if (getType() == getSrc().getType())
    return getSrc();
  return {};
}

//===----------------------------------------------------------------------===//
// GlobalScratchAllocOp
//===----------------------------------------------------------------------===//

LogicalResult GlobalScratchAllocOp::verify() {
  if (getAlignment() == 0 || !llvm::isPowerOf2_32(getAlignment()))
    return emitOpError("alignment must be a power of 2, got ")
           << getAlignment();
  return success();
}

void mlir::triton::gpu::markViewsMutable(Value value) {
  for (Operation *user : value.getUsers()) {
    if (!user->hasTrait<OpTrait::MemDescViewTrait>())
      continue;
    for (Value result : user->getResults()) {
      auto type = dyn_cast<MemDescType>(result.getType());
      if (!type || type.getMutableMemory())
        continue;
      result.setType(MemDescType::get(
          type.getShape(), type.getElementType(), type.getEncoding(),
          type.getMemorySpace(), /*mutableMemory=*/true, type.getAllocShape()));
      markViewsMutable(result);
    }
  }
}
