//===- TMAUtility.cpp - tensor-map facts shared by passes and lowering ----===//
#include "Dialect/TritonNvidiaGPU/IR/TMAUtility.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

int mlir::triton::nvidia_gpu::getTMASwizzleMode(
    NVMMASharedEncodingAttr layout) {
  switch (layout.getSwizzlingByteWidth()) {
  case 128:
    return 3;
  case 64:
    return 2;
  case 32:
    return 1;
  default:
    return 0;
  }
}

std::optional<int> mlir::triton::nvidia_gpu::getTMAElementType(Type elementType,
                                                               bool fp4Padded) {
  // Triton 3.6's numbering, which its launcher decodes (read off its
  // metadata on an H100): the CUtensorMapDataType for 8- to 64-bit
  // integers (UINT8 0, UINT16 1, UINT32 2, INT32 3, UINT64 4, INT64 5),
  // FLOAT16 6 and FLOAT32
  // 7, but 9 for FLOAT64 and 10 for BFLOAT16 (one above CUDA's 8 and 9),
  // and 14 for fp4 padded to bytes.
  if (fp4Padded)
    return 14;
  if (elementType.isF16())
    return 6;
  if (elementType.isBF16())
    return 10;
  if (elementType.isF32())
    return 7;
  if (elementType.isF64())
    return 9;
  if (!elementType.isIntOrFloat())
    return std::nullopt;
  // Unsigned blocks (`ui32`) are UINT32 and UINT64; 8 and 16 bits have
  // only unsigned types.
  bool isUnsigned = elementType.isUnsignedInteger();
  switch (elementType.getIntOrFloatBitWidth()) {
  case 8:
    return 0;
  case 16:
    return 1;
  case 32:
    return isUnsigned ? 2 : 3;
  case 64:
    return isUnsigned ? 4 : 5;
  default:
    return std::nullopt;
  }
}

SmallVector<int64_t>
mlir::triton::nvidia_gpu::getTMABoxShape(ArrayRef<int64_t> shape,
                                         NVMMASharedEncodingAttr layout,
                                         unsigned elementBitWidth) {
  SmallVector<int64_t> box(shape);
  if (box.empty())
    return box;
  unsigned contig = layout.getTransposed() ? 0 : box.size() - 1;
  bool fp4Padded = layout.getFp4Padded();
  if (fp4Padded)
    box[contig] *= 2;
  for (int64_t &size : box)
    size = std::min<int64_t>(size, 256);
  if (unsigned swizzle = layout.getSwizzlingByteWidth())
    box[contig] = std::min<int64_t>(box[contig], 8 * swizzle / elementBitWidth);
  if (fp4Padded)
    box[contig] /= 2;
  return box;
}

SmallVector<int64_t>
mlir::triton::nvidia_gpu::getTMAShapePerCTA(TensorDescType desc) {
  RankedTensorType block = desc.getBlockType();
  auto layout = dyn_cast_or_null<NVMMASharedEncodingAttr>(block.getEncoding());
  if (!layout)
    return SmallVector<int64_t>(block.getShape());
  return getShapePerCTA(layout.getCTALayout().getCTASplitNum(),
                        block.getShape());
}

SmallVector<int64_t>
mlir::triton::nvidia_gpu::getTMABoxShape(TensorDescType desc) {
  RankedTensorType block = desc.getBlockType();
  auto layout = cast<NVMMASharedEncodingAttr>(block.getEncoding());
  return getTMABoxShape(getTMAShapePerCTA(desc), layout,
                        layout.getElementBitWidth());
}

int64_t mlir::triton::nvidia_gpu::getTMACopyBytes(TensorDescType desc) {
  int64_t elements = 1;
  for (int64_t d : getTMAShapePerCTA(desc))
    elements *= d;
  return elements * desc.getBlockType().getElementTypeBitWidth() / 8;
}

/// `layout` for `rank` dimensions: bases of dropped leading dimensions
/// (which are 1 in the block) go, new leading dimensions get none.
static CTAEncodingAttr fitCTALayout(CTAEncodingAttr layout, unsigned rank) {
  MLIRContext *ctx = layout.getContext();
  if (layout.getRank() == rank)
    return layout;
  if (layout.isDefault())
    return CTAEncodingAttr::getDefault(ctx, rank);
  SmallVector<SmallVector<int32_t>> bases;
  for (SmallVector<int32_t> basis : layout.getBases()) {
    SmallVector<int32_t> fitted(rank, 0);
    unsigned old = basis.size();
    for (unsigned i = 0; i < std::min(old, rank); ++i)
      fitted[rank - 1 - i] = basis[old - 1 - i];
    bases.push_back(fitted);
  }
  return CTAEncodingAttr::getFromBases(ctx, rank, bases);
}

Attribute
mlir::triton::nvidia_gpu::getEncodingFromDescriptor(RankedTensorType type,
                                                    TensorDescType desc) {
  Attribute encoding = desc.getBlockType().getEncoding();
  auto layout = dyn_cast_or_null<NVMMASharedEncodingAttr>(encoding);
  if (!layout || type.getRank() == desc.getBlockType().getRank())
    return encoding;
  return NVMMASharedEncodingAttr::get(
      layout.getContext(), layout.getSwizzlingByteWidth(),
      layout.getTransposed(), layout.getElementBitWidth(),
      layout.getFp4Padded(),
      fitCTALayout(layout.getCTALayout(), type.getRank()));
}

MemDescType mlir::triton::nvidia_gpu::getTMABufferType(RankedTensorType type,
                                                       TensorDescType desc,
                                                       bool mutableMemory) {
  MLIRContext *ctx = type.getContext();
  return MemDescType::get(type.getShape(), type.getElementType(),
                          getEncodingFromDescriptor(type, desc),
                          SharedMemorySpaceAttr::get(ctx), mutableMemory);
}

Value mlir::triton::nvidia_gpu::createBarrierRing(OpBuilder &b, Location loc,
                                                 int count, int arrivals) {
  MLIRContext *ctx = b.getContext();
  Value bars = LocalAllocOp::create(b, loc, getBarrierBufferType(ctx, count));
  for (int i = 0; i < count; ++i) {
    Value index = arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(i));
    Value bar = MemDescIndexOp::create(b, loc, getBarrierBufferType(ctx), bars,
                                       index);
    InitBarrierOp::create(b, loc, bar, arrivals);
  }
  return bars;
}

MemDescType mlir::triton::nvidia_gpu::getBarrierBufferType(MLIRContext *ctx,
                                                           int64_t count) {
  SmallVector<int64_t> shape;
  if (count)
    shape.push_back(count);
  shape.push_back(1);
  auto layout = SwizzledSharedEncodingAttr::get(
      ctx, 1, 1, 1, ArrayRef<unsigned>{0}, CTAEncodingAttr::getDefault(ctx, 1));
  return MemDescType::get(shape, IntegerType::get(ctx, 64), layout,
                          SharedMemorySpaceAttr::get(ctx),
                          /*mutableMemory=*/true);
}

LogicalResult mlir::triton::nvidia_gpu::checkTMALayout(Operation *op,
                                                       TensorDescType desc) {
  if (!isa_and_nonnull<NVMMASharedEncodingAttr>(
          desc.getBlockType().getEncoding()))
    return op->emitError("TMA lowering: the descriptor block ")
           << desc.getBlockType()
           << " has no #ttg.nvmma_shared layout; run "
              "triton-nvidia-optimize-descriptor-encoding first";
  return success();
}

std::string mlir::triton::nvidia_gpu::whyNoTensorMap(MakeTensorDescOp make) {
  RankedTensorType block = make.getType().getBlockType();
  std::string why;
  llvm::raw_string_ostream os(why);
  auto layout = dyn_cast_or_null<NVMMASharedEncodingAttr>(block.getEncoding());
  if (!layout) {
    os << "the descriptor block " << block
       << " has no #ttg.nvmma_shared layout; run "
          "triton-nvidia-optimize-descriptor-encoding first";
  } else if (layout.getFp4Padded() ||
             !getTMAElementType(block.getElementType(), false)) {
    os << "cannot make a tensor map of " << block.getElementType()
       << (layout.getFp4Padded() ? " padded fp4" : "") << " on the device";
  }
  return why;
}

FailureOr<Value> mlir::triton::nvidia_gpu::writeTensorMap(OpBuilder &b,
                                                          MakeTensorDescOp make,
                                                          Value map) {
  if (std::string why = whyNoTensorMap(make); !why.empty())
    return make.emitError("TMA lowering: ") << why;
  TensorDescType desc = make.getType();
  RankedTensorType block = desc.getBlockType();
  auto layout = cast<NVMMASharedEncodingAttr>(block.getEncoding());
  int elemType = *getTMAElementType(block.getElementType(), false);
  Location loc = make.getLoc();
  auto i32 = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, v, 32).getResult();
  };
  // Innermost dimension first, as the tensor map stores them.
  SmallVector<Value> boxDim, globalDim, globalStride, elementStride;
  // A named vector: llvm::reverse of a temporary would outlive it in the
  // loop (AddressSanitizer: stack-use-after-scope).
  SmallVector<int64_t> boxShape = getTMABoxShape(desc);
  for (int64_t d : llvm::reverse(boxShape))
    boxDim.push_back(i32(d));
  for (Value d : llvm::reverse(make.getShape()))
    globalDim.push_back(d);
  Value elemBytes = arith::ConstantIntOp::create(
      b, loc, block.getElementTypeBitWidth() / 8, 64);
  ValueRange strides = make.getStrides();
  for (int i = int(strides.size()) - 2; i >= 0; --i)
    globalStride.push_back(
        arith::MulIOp::create(b, loc, strides[i], elemBytes));
  for (size_t i = 0; i < boxDim.size(); ++i)
    elementStride.push_back(i32(1));
  bool nanFill = make.getPadding() == PaddingOption::PAD_NAN;
  TensormapCreateOp::create(b, loc, map, make.getBase(), boxDim, globalDim,
                            globalStride, elementStride, elemType,
                            /*interleave_layout=*/0, getTMASwizzleMode(layout),
                            /*fill_mode=*/nanFill ? 1 : 0);
  TensormapFenceproxyAcquireOp::create(b, loc, map);
  return ReinterpretTensorDescOp::create(b, loc, desc, map).getResult();
}

bool mlir::triton::nvidia_gpu::isHostDescriptor(Value desc) {
  auto arg = dyn_cast<BlockArgument>(desc);
  return arg && isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
}

Operation *mlir::triton::nvidia_gpu::createTMAStoreFrom(OpBuilder &b,
                                                        Operation *store,
                                                        Value buffer) {
  Location loc = store->getLoc();
  if (auto s = dyn_cast<DescriptorStoreOp>(store))
    return AsyncTMACopyLocalToGlobalOp::create(b, loc, s.getDesc(),
                                               s.getIndices(), buffer);
  auto r = cast<DescriptorReduceOp>(store);
  return AsyncTMAReduceOp::create(b, loc, r.getKind(), r.getDesc(),
                                  r.getIndices(), buffer);
}
