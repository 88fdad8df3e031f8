//===- DotOps.cpp - warp_group_dot (wgmma) and warp_group_dot_wait --------===//
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "OpUtils.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::nvidia_gpu;
using namespace mlir::triton::nvidia_gpu::detail;

namespace {
/// The operand kinds of wgmma (PTX `wgmma.mma_async` .kind/.atype).
enum class WgmmaKind { F16, BF16, TF32, FP8, I8 };
} // namespace

static std::optional<WgmmaKind> getWgmmaKind(Type type) {
  if (type.isF16())
    return WgmmaKind::F16;
  if (type.isBF16())
    return WgmmaKind::BF16;
  if (type.isF32())
    return WgmmaKind::TF32;
  if (isa<Float8E4M3FNType, Float8E5M2Type>(type))
    return WgmmaKind::FP8;
  if (type.isInteger(8))
    return WgmmaKind::I8;
  return std::nullopt;
}

/// Whether wgmma of `kind` operands can accumulate in `acc`.
static bool isValidAccumulator(WgmmaKind kind, Type acc) {
  switch (kind) {
  case WgmmaKind::F16:
  case WgmmaKind::FP8:
    return acc.isF16() || acc.isF32();
  case WgmmaKind::BF16:
  case WgmmaKind::TF32:
    return acc.isF32();
  case WgmmaKind::I8:
    return acc.isInteger(32);
  }
  return false;
}

static ArrayRef<int64_t> getShape(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getShape();
  return cast<gpu::MemDescType>(type).getShape();
}

static Type getElementType(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getElementType();
  return cast<gpu::MemDescType>(type).getElementType();
}

/// A shared-memory operand of wgmma: an #ttg.nvmma_shared descriptor (or a
/// layout equal to one) in shared memory, K-major unless the operands are
/// 16-bit (wgmma transposes only f16 and bf16 matrices); or unswizzled
/// core matrices (K-major, or M/N-major for 16-bit operands). `isB` says
/// which operand: K is dim 1 of A and dim 0 of B, so K-major is
/// `transposed = false` for A and `true` for B.
static LogicalResult verifySharedOperand(Operation *op, StringRef name,
                                         gpu::MemDescType type, bool isB) {
  if (!isSharedMemory(type))
    return op->emitOpError("operand ")
           << name << " must live in shared memory (#ttg.shared_memory)";
  // A layout written otherwise (a Gluon kernel's #ttg.shared_linear) is
  // read through the #ttg.nvmma_shared layout it equals, or as unswizzled
  // core matrices.
  gpu::NVMMASharedEncodingAttr nvmma = gpu::getEquivalentNVMMAShared(type);
  if (!nvmma) {
    if (gpu::getWgmmaCoreMatrices(type, /*kDim=*/isB ? 0 : 1))
      return success();
    return op->emitOpError("shared-memory operand ")
           << name << " must have an #ttg.nvmma_shared layout, one equal "
           << "to it, or unswizzled core matrices (K-major, or M/N-major "
           << "for 16-bit elements), got " << type.getEncoding();
  }
  unsigned bits = type.getElementType().getIntOrFloatBitWidth();
  if (bits != 16 && nvmma.getTransposed() != isB)
    return op->emitOpError("operand ")
           << name << " must be K-major in shared memory: wgmma transposes "
           << "only 16-bit operands, got " << bits << "-bit elements";
  return success();
}

LogicalResult WarpGroupDotOp::verify() {
  RankedTensorType dType = getD().getType();
  Type aType = getA().getType();
  auto bType = cast<gpu::MemDescType>(getB().getType());

  auto mma = dyn_cast_or_null<gpu::NvidiaMmaEncodingAttr>(dType.getEncoding());
  if (!mma || mma.getVersionMajor() != 3)
    return emitOpError("result must have an #ttg.nvidia_mma layout of "
                       "version 3 (Hopper wgmma), got ")
           << dType.getEncoding();

  // Shapes: a is MxK, b is KxN, c and d are MxN.
  ArrayRef<int64_t> aShape = getShape(aType), bShape = bType.getShape();
  ArrayRef<int64_t> dShape = dType.getShape();
  if (aShape.size() != 2 || bShape.size() != 2 || dShape.size() != 2)
    return emitOpError("operands and result must be 2D");
  if (aShape[1] != bShape[0])
    return emitOpError("K of a (")
           << aShape[1] << ") must equal K of b (" << bShape[0] << ")";
  if (aShape[0] != dShape[0] || bShape[1] != dShape[1])
    return emitOpError("result shape must be [M of a, N of b] = [")
           << aShape[0] << ", " << bShape[1] << "]";

  // Layouts of the operands.
  if (auto aTensor = dyn_cast<RankedTensorType>(aType)) {
    auto dotOp =
        dyn_cast_or_null<gpu::DotOperandEncodingAttr>(aTensor.getEncoding());
    if (!dotOp || dotOp.getOpIdx() != 0 || dotOp.getParent() != mma)
      return emitOpError("a register operand a must have a #ttg.dot_op layout "
                         "with opIdx = 0 and the result's layout as parent");
    unsigned kWidth = 32 / aTensor.getElementTypeBitWidth();
    if (dotOp.getKWidth() != kWidth)
      return emitOpError("a register operand a of ")
             << aTensor.getElementTypeBitWidth()
             << "-bit elements must have kWidth = " << kWidth << ", got "
             << dotOp.getKWidth();
  } else if (failed(verifySharedOperand(*this, "a",
                                        cast<gpu::MemDescType>(aType),
                                        /*isB=*/false))) {
    return failure();
  }
  if (failed(verifySharedOperand(*this, "b", bType, /*isB=*/true)))
    return failure();

  // Element types.
  Type aElem = getElementType(aType), bElem = bType.getElementType();
  Type dElem = dType.getElementType();
  std::optional<WgmmaKind> aKind = getWgmmaKind(aElem);
  std::optional<WgmmaKind> bKind = getWgmmaKind(bElem);
  if (!aKind || !bKind)
    return emitOpError("wgmma operands must be f16, bf16, f32 (tf32), "
                       "f8E4M3FN, f8E5M2 or i8, got ")
           << aElem << " and " << bElem;
  if (*aKind != *bKind)
    return emitOpError("operands a and b must be of the same wgmma kind, got ")
           << aElem << " and " << bElem;
  if (!isValidAccumulator(*aKind, dElem))
    return emitOpError("wgmma cannot accumulate ")
           << aElem << " products in " << dElem;
  if (*aKind == WgmmaKind::TF32 && getInputPrecision() != InputPrecision::TF32)
    return emitOpError("f32 operands are multiplied as tf32: inputPrecision "
                       "must be tf32");
  if (*aKind == WgmmaKind::FP8 && dElem.isF32() && getMaxNumImpreciseAcc() < 32)
    return emitOpError("an f32 accumulator of fp8 products needs "
                       "maxNumImpreciseAcc >= 32, got ")
           << getMaxNumImpreciseAcc();

  // The warp-group tiling: whole warp groups, M in steps of 64, N of 8.
  if (std::optional<int> numWarps = gpu::maybeLookupNumWarps(*this);
      numWarps && *numWarps % 4 != 0)
    return emitOpError("wgmma needs whole warp groups: ttg.num-warps must be "
                       "a multiple of 4, got ")
           << *numWarps;
  SmallVector<int64_t> shapePerCTA = gpu::getShapePerCTA(dType);
  if (shapePerCTA[0] % 64 != 0)
    return emitOpError("M per CTA must be a multiple of 64, got ")
           << shapePerCTA[0];
  if (shapePerCTA[1] % 8 != 0)
    return emitOpError("N per CTA must be a multiple of 8, got ")
           << shapePerCTA[1];
  return success();
}

void WarpGroupDotOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (isa<gpu::MemDescType>(getA().getType()))
    effects.emplace_back(MemoryEffects::Read::get(), &getAMutable(),
                         gpu::SharedMemory::get());
  effects.emplace_back(MemoryEffects::Read::get(), &getBMutable(),
                       gpu::SharedMemory::get());
}

bool WarpGroupDotOp::needsPartialAccumulator() {
  Type aElem = getElementType(getA().getType());
  int64_t k = getShape(getA().getType())[1];
  return getWgmmaKind(aElem) == WgmmaKind::FP8 &&
         getD().getType().getElementType().isF32() &&
         getMaxNumImpreciseAcc() <= k;
}

//===----------------------------------------------------------------------===//
// WarpGroupDotWaitOp
//===----------------------------------------------------------------------===//

LogicalResult WarpGroupDotWaitOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands, DictionaryAttr,
    OpaqueProperties, RegionRange, SmallVectorImpl<Type> &inferredReturnTypes) {
  llvm::append_range(inferredReturnTypes, operands.getTypes());
  return success();
}

LogicalResult WarpGroupDotWaitOp::verify() {
  if (getInputs().empty())
    return emitOpError("must wait on at least one value");
  if (getPendingsAttr().getInt() < 0)
    return emitOpError("pendings must not be negative, got ")
           << getPendingsAttr().getInt();
  return success();
}
