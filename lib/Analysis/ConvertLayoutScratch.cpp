//===- ConvertLayoutScratch.cpp - shared memory of ttg.convert_layout ----===//
//
// Whether a layout conversion goes through shared memory, and how much: the
// swizzled tile Triton 3.6 would choose (SwizzledCvtTile.cpp) holds
// total / rounds elements per CTA.
//
//===----------------------------------------------------------------------===//

#include "Analysis/ScratchSize.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

using namespace mlir;
using namespace mlir::triton;

namespace ttg = mlir::triton::gpu;

unsigned mlir::triton::getScratchBitwidth(Type elementType) {
  if (isa<PointerType>(elementType))
    return 64;
  return std::max(elementType.getIntOrFloatBitWidth(), 8u);
}

LinearLayout mlir::triton::minimalCvtLayout(RankedTensorType srcTy,
                                            RankedTensorType dstTy) {
  LinearLayout src = ttg::toLinearLayout(srcTy);
  LinearLayout dst = ttg::toLinearLayout(dstTy);
  // dst(x) == src(conversion(x)): which source location each destination
  // location reads.
  LinearLayout conversion = dst.invertAndCompose(src);
  // Quotient out the in-dims the two layouts share, slowest first, while
  // the conversion is the identity along them.
  SmallVector<StringAttr> srcDims(src.getInDimNames());
  SmallVector<StringAttr> dstDims(dst.getInDimNames());
  for (size_t i = 0; i < std::min(srcDims.size(), dstDims.size()); ++i) {
    StringAttr dim = srcDims[srcDims.size() - 1 - i];
    if (dim != dstDims[dstDims.size() - 1 - i])
      break;
    std::optional<LinearLayout> quotient = conversion.quotient({dim});
    if (!quotient)
      break;
    conversion = std::move(*quotient);
  }
  return conversion;
}

bool mlir::triton::cvtNeedsSharedMemory(RankedTensorType srcTy,
                                        RankedTensorType dstTy) {
  MLIRContext *ctx = srcTy.getContext();
  LinearLayout conversion = minimalCvtLayout(srcTy, dstTy);
  return conversion.hasInDim(StringAttr::get(ctx, "warp")) ||
         conversion.hasInDim(StringAttr::get(ctx, "block"));
}

unsigned mlir::triton::getNumScratchElemsSwizzledCvt(const LinearLayout &src,
                                                     const LinearLayout &dst,
                                                     unsigned bitwidth,
                                                     bool hasStmatrix) {
  SwizzledCvtTile tile = getSwizzledCvtTile(src, dst, bitwidth, hasStmatrix);
  unsigned tileBits = tile.numBits - tile.reps.size();
  return 1u << (tileBits - std::min(tileBits, tile.numBlockBits));
}

unsigned mlir::triton::getNumScratchElemsSwizzledCvt(RankedTensorType srcTy,
                                                     RankedTensorType dstTy,
                                                     bool hasStmatrix) {
  return getNumScratchElemsSwizzledCvt(
      ttg::toLinearLayout(srcTy), ttg::toLinearLayout(dstTy),
      getScratchBitwidth(srcTy.getElementType()), hasStmatrix);
}

bool mlir::triton::targetHasStmatrix(Operation *op) {
  return ttg::lookupCudaCapability(op) >= 90;
}

unsigned mlir::triton::getConvertLayoutScratchSizeInBytes(
    RankedTensorType srcTy, RankedTensorType dstTy, bool hasStmatrix) {
  if (!isa_and_nonnull<ttg::DistributedEncodingTrait>(srcTy.getEncoding()) ||
      !isa_and_nonnull<ttg::DistributedEncodingTrait>(dstTy.getEncoding()))
    return 0;
  // Layouts without a LinearLayout form are reported by the lowering.
  if (failed(ttg::tryToLinearLayout(srcTy.getShape(), srcTy.getEncoding(),
                                    /*emitError=*/nullptr)) ||
      failed(ttg::tryToLinearLayout(dstTy.getShape(), dstTy.getEncoding(),
                                    /*emitError=*/nullptr)))
    return 0;
  if (!cvtNeedsSharedMemory(srcTy, dstTy))
    return 0;
  unsigned bitwidth = getScratchBitwidth(srcTy.getElementType());
  return getNumScratchElemsSwizzledCvt(srcTy, dstTy, hasStmatrix) * bitwidth /
         8;
}
