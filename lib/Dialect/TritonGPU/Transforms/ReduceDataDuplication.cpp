//===- ReduceDataDuplication.cpp - tritongpu-reduce-data-duplication ------===//
//
// Splits a conversion to a dot operand layout that needs shared memory into
// ttg.local_alloc + ttg.local_load, with a swizzled shared layout chosen for
// the operand.
//
//===----------------------------------------------------------------------===//
#include "Analysis/ScratchSize.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonGPU/Transforms/LayoutUtility.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"

#define DEBUG_TYPE "tritongpu-reduce-data-duplication"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUREDUCEDATADUPLICATION
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

/// The swizzled shared layout Triton gives operand `dotEncoding` of an mma
/// (v2 or v3) dot when it goes through shared memory: vectors of the mma
/// tile's K (or M/N) extent, phases spread over the 128-byte bank row. Any
/// other parent gets no swizzling.
SwizzledSharedEncodingAttr mlir::triton::gpu::getSwizzledSharedForDotOperand(
    DotOperandEncodingAttr dotEncoding, ArrayRef<int64_t> shape,
    ArrayRef<unsigned> order, CTAEncodingAttr ctaLayout, unsigned bitWidth) {
  MLIRContext *ctx = dotEncoding.getContext();
  auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dotEncoding.getParent());
  if (!mma || !(mma.isAmpere() || mma.isHopper()) ||
      dotEncoding.getKWidth() == 0)
    return SwizzledSharedEncodingAttr::get(ctx, 1, 1, 1, order, ctaLayout);

  unsigned opIdx = dotEncoding.getOpIdx();
  int kWidth = dotEncoding.getKWidth();
  SmallVector<int64_t> shapePerCTA =
      getShapePerCTA(ctaLayout.getCTASplitNum(), shape);
  int rank = order.size();
  // Rows of the contiguous dimension that fill one 128-byte row of banks:
  // for mma v2, elements counted as 4 / kWidth bytes (Triton 3.6's Ampere
  // formula); for a wgmma register operand, in the stored element's bytes
  // (an i8 operand upcast for a bf16 wgmma has kWidth 2 but 1-byte
  // elements: Triton 3.6 gives its 64-byte rows perPhase = 2).
  int64_t rowBytes = mma.isHopper()
                         ? shapePerCTA[order[0]] * bitWidth / 8
                         : shapePerCTA[order[0]] * 4 / kWidth;
  int perPhase = std::max<int>(128 / std::max<int64_t>(rowBytes, 1), 1);
  // The mma tile: m and n are 8, k is 4 * kWidth.
  int m = 8, n = 8, k = 4 * kWidth;
  int vecWidth = 32 / bitWidth;
  unsigned inner = opIdx == 0 ? 0 : 1;
  if (vecWidth != kWidth && order[0] == inner)
    perPhase = std::max<int>(perPhase, 2 * vecWidth);
  bool kContiguous = order[0] == unsigned(rank - 1);
  if (opIdx == 1)
    kContiguous = order[0] != unsigned(rank - 1);
  int other = opIdx == 0 ? m : n;
  int vec = kContiguous ? k : other;
  int mmaStride = kContiguous ? other : k;
  int maxPhase = std::max(mmaStride / perPhase, 1);
  return SwizzledSharedEncodingAttr::get(ctx, vec, perPhase, maxPhase, order,
                                         ctaLayout);
}


MemDescType mlir::triton::gpu::getDotOperandSharedType(
    RankedTensorType srcType, DotOperandEncodingAttr dotEncoding) {
  SwizzledSharedEncodingAttr shared = getSwizzledSharedForDotOperand(
      dotEncoding, srcType.getShape(), getOrderForMemory(srcType),
      getCTALayout(srcType.getEncoding()),
      srcType.getElementType().getIntOrFloatBitWidth());
  return MemDescType::get(srcType.getShape(), srcType.getElementType(), shared,
                          SharedMemorySpaceAttr::get(srcType.getContext()));
}

namespace {

/// True when both types have layouts a LinearLayout can describe, so the
/// shared memory query applies.
bool haveLinearLayouts(RankedTensorType a, RankedTensorType b) {
  auto quiet = []() -> InFlightDiagnostic { return InFlightDiagnostic(); };
  return succeeded(verifyLinearLayoutConvertible(a.getShape(), a.getEncoding(),
                                                 quiet)) &&
         succeeded(verifyLinearLayoutConvertible(b.getShape(), b.getEncoding(),
                                                 quiet));
}

/// Whether the conversion moves data between threads (Triton 3.6 routes
/// those through shared memory, shuffles within a warp included), except
/// the mma v3 accumulator to operand A of a wgmma, which stays in registers.
bool movesDataBetweenThreads(RankedTensorType srcType,
                             RankedTensorType dstType) {
  auto mma = dyn_cast<NvidiaMmaEncodingAttr>(srcType.getEncoding());
  auto dot = dyn_cast<DotOperandEncodingAttr>(dstType.getEncoding());
  if (mma && mma.isHopper() && dot && dot.getOpIdx() == 0 &&
      dot.getParent() == mma && srcType.getElementTypeBitWidth() == 16)
    return false;
  MLIRContext *ctx = srcType.getContext();
  LinearLayout conversion = minimalCvtLayout(srcType, dstType);
  return conversion.hasInDim(StringAttr::get(ctx, "lane")) ||
         conversion.hasInDim(StringAttr::get(ctx, "warp")) ||
         conversion.hasInDim(StringAttr::get(ctx, "block"));
}

struct ReduceDataDuplicationPass
    : public triton::gpu::impl::TritonGPUReduceDataDuplicationBase<
          ReduceDataDuplicationPass> {
  void runOnOperation() override {
    SmallVector<ConvertLayoutOp> conversions;
    getOperation().walk([&](ConvertLayoutOp cvt) {
      auto srcType = cvt.getSrc().getType();
      auto dstType = cvt.getType();
      if (!isa<DotOperandEncodingAttr>(dstType.getEncoding()) ||
          !isa_and_nonnull<DistributedEncodingTrait>(srcType.getEncoding()))
        return;
      if (!srcType.getElementType().isIntOrFloat())
        return;
      if (!haveLinearLayouts(srcType, dstType) ||
          !movesDataBetweenThreads(srcType, dstType))
        return;
      conversions.push_back(cvt);
    });

    for (ConvertLayoutOp cvt : conversions) {
      RankedTensorType srcType = cvt.getSrc().getType();
      RankedTensorType dstType = cvt.getType();
      auto dotEncoding = cast<DotOperandEncodingAttr>(dstType.getEncoding());
      MemDescType memDescType = getDotOperandSharedType(srcType, dotEncoding);
      OpBuilder builder(cvt);
      auto alloc = LocalAllocOp::create(builder, cvt.getLoc(), memDescType,
                                        cvt.getSrc());
      auto load = LocalLoadOp::create(builder, cvt.getLoc(), dstType, alloc);
      cvt.replaceAllUsesWith(load.getResult());
      cvt.erase();
    }
  }
};

} // namespace
