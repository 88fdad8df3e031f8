//===- ThreadLocalityLayouts.cpp - layouts that keep reductions in-thread -===//
//
// The first half of tritongpu-optimize-thread-locality: patterns that give a
// reordering tt.reshape feeding reductions, and a tt.gather, layouts in
// which their data needs less exchange between threads.
//
//===----------------------------------------------------------------------===//
#include "ThreadLocality.h"

#include "Analysis/ScratchSize.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// `ttg.threads-per-warp` of the enclosing module (32 when absent).
unsigned getThreadsPerWarp(Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  return module ? TritonGPUDialect::getThreadsPerWarp(module) : 32;
}

/// True when the layout of `type` describes a LinearLayout.
bool hasLinearLayout(RankedTensorType type) {
  return isa_and_nonnull<DistributedEncodingTrait>(type.getEncoding()) &&
         succeeded(verifyLinearLayoutConvertible(type.getShape(),
                                                 type.getEncoding(), nullptr));
}

/// A reshape from `srcType` to `dstType` is free when every thread keeps
/// its registers: the same number of elements per thread and the same
/// broadcast (free) bits in both layouts.
bool isCheapView(RankedTensorType srcType, RankedTensorType dstType) {
  if (!hasLinearLayout(srcType) || !hasLinearLayout(dstType))
    return false;
  LinearLayout src = toLinearLayout(srcType);
  LinearLayout dst = toLinearLayout(dstType);
  auto srcMasks = src.getFreeVariableMasks();
  auto dstMasks = dst.getFreeVariableMasks();
  if (srcMasks.size() != dstMasks.size())
    return false;
  for (auto [srcMask, dstMask] : llvm::zip(srcMasks, dstMasks))
    if (srcMask.first != dstMask.first || srcMask.second != dstMask.second)
      return false;
  return getTotalElemsPerThread(srcType) == getTotalElemsPerThread(dstType);
}

/// A `tt.reshape ... allow_reorder` whose reductions all run along one axis
/// gets a layout with that axis slowest and one element per thread, so no
/// thread shares a reduced row with another; a conversion restores the old
/// type for the users.
struct OptimizeReshapeLayout : public OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReshapeOp reshape,
                                PatternRewriter &rewriter) const override {
    if (!reshape.getAllowReorder())
      return failure();
    std::optional<unsigned> axis;
    for (Operation *user : reshape->getUsers()) {
      auto reduce = dyn_cast<ReduceOp>(user);
      if (!reduce)
        continue;
      if (axis && *axis != unsigned(reduce.getAxis()))
        return failure();
      axis = reduce.getAxis();
    }
    if (!axis)
      return failure();

    RankedTensorType type = reshape.getType();
    if (!isa_and_nonnull<DistributedEncodingTrait>(type.getEncoding()))
      return failure();
    if (auto blocked = dyn_cast<BlockedEncodingAttr>(type.getEncoding())) {
      if (blocked.getThreadsPerWarp()[*axis] == 1 &&
          blocked.getWarpsPerCTA()[*axis] == 1 &&
          getCTAsPerCGA(blocked)[*axis] == 1)
        return failure();
    }
    std::optional<int> numWarps = maybeLookupNumWarps(reshape);
    if (!numWarps)
      return failure();

    SmallVector<unsigned> order;
    for (unsigned dim : getOrder(type.getEncoding()))
      if (dim != *axis)
        order.push_back(dim);
    order.push_back(*axis);
    SmallVector<unsigned> sizePerThread(type.getRank(), 1);
    auto encoding = BlockedEncodingAttr::get(
        reshape.getContext(), type.getShape(), sizePerThread, order, *numWarps,
        getThreadsPerWarp(reshape), lookupNumCTAs(reshape));
    if (encoding == type.getEncoding())
      return failure();
    auto newType = type.cloneWithEncoding(encoding);
    if (!isCheapView(reshape.getSrc().getType(), newType))
      return failure();

    rewriter.setInsertionPointAfter(reshape);
    rewriter.modifyOpInPlace(reshape, [&] {
      reshape.getResult().setType(newType);
      reshape.setEfficientLayout(true);
    });
    auto cvt = ConvertLayoutOp::create(rewriter, reshape.getLoc(), type,
                                       reshape.getResult());
    rewriter.replaceAllUsesExcept(reshape.getResult(), cvt.getResult(), cvt);
    return success();
  }
};

/// A `tt.gather` gets a blocked layout in which a warp holds whole columns
/// along the gather axis (as many lanes along the axis as fit, the rest and
/// the warps over the other dimensions), so the gather needs only warp
/// shuffles. Indices wider than 32 bits are narrowed first (the lowering
/// uses 32-bit indices) so less data is converted.
struct OptimizeGatherLayout : public OpRewritePattern<GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(GatherOp gather,
                                PatternRewriter &rewriter) const override {
    if (gather.getEfficientLayout())
      return failure();
    auto srcType = cast<RankedTensorType>(gather.getSrc().getType());
    auto idxType = cast<RankedTensorType>(gather.getIndices().getType());
    auto srcEncoding =
        dyn_cast_or_null<DistributedEncodingTrait>(srcType.getEncoding());
    std::optional<int> maybeNumWarps = maybeLookupNumWarps(gather);
    unsigned rank = srcType.getRank();
    if (!srcEncoding || !maybeNumWarps || rank == 1 ||
        idxType.getRank() != rank)
      return failure();
    unsigned axis = gather.getAxis();
    unsigned numThreads = getThreadsPerWarp(gather);
    unsigned numWarps = *maybeNumWarps;

    // Lanes: as many along the axis as it holds, the rest over the other
    // dimensions in thread order.
    SmallVector<unsigned> threadsPerWarp(rank), warpsPerCTA(rank);
    SmallVector<unsigned> order{axis};
    unsigned threadsOnAxis =
        std::min<unsigned>(srcType.getDimSize(axis), numThreads);
    threadsPerWarp[axis] = threadsOnAxis;
    unsigned threadsLeft = numThreads / threadsOnAxis;
    for (unsigned dim : getThreadOrder(srcEncoding)) {
      if (dim == axis)
        continue;
      order.push_back(dim);
      threadsPerWarp[dim] =
          std::min<unsigned>(srcType.getDimSize(dim), threadsLeft);
      threadsLeft /= threadsPerWarp[dim];
    }
    // Warps: one along the axis, the rest over the other dimensions in warp
    // order as far as they hold distinct data.
    warpsPerCTA[axis] = 1;
    unsigned warpsLeft = numWarps;
    for (unsigned dim : getWarpOrder(srcEncoding)) {
      if (dim == axis)
        continue;
      unsigned fit =
          std::max<unsigned>(srcType.getDimSize(dim) / threadsPerWarp[dim], 1);
      warpsPerCTA[dim] = std::min(fit, warpsLeft);
      warpsLeft /= warpsPerCTA[dim];
    }
    // One element per thread off the axis; along it, enough to cover both
    // tensors. Leftover lanes and warps broadcast along the axis.
    SmallVector<unsigned> sizePerThread(rank, 1);
    sizePerThread[axis] = std::max<unsigned>(
        std::max(srcType.getDimSize(axis), idxType.getDimSize(axis)) /
            threadsPerWarp[axis],
        1);
    threadsPerWarp[axis] *= threadsLeft;
    warpsPerCTA[axis] *= warpsLeft;
    if (product(threadsPerWarp) != numThreads ||
        product(warpsPerCTA) != numWarps)
      return failure();

    auto layout = BlockedEncodingAttr::get(gather.getContext(), sizePerThread,
                                           threadsPerWarp, warpsPerCTA, order,
                                           getCTALayout(srcEncoding));
    Location loc = gather.getLoc();
    Value indices = gather.getIndices();
    if (idxType.getElementTypeBitWidth() > 32) {
      idxType = idxType.clone(rewriter.getI32Type());
      indices = arith::TruncIOp::create(rewriter, loc, idxType, indices);
    }
    Value src = ConvertLayoutOp::create(
        rewriter, loc, srcType.cloneWithEncoding(layout), gather.getSrc());
    indices = ConvertLayoutOp::create(
        rewriter, loc, idxType.cloneWithEncoding(layout), indices);
    rewriter.setInsertionPointAfter(gather);
    auto oldType = gather.getType();
    auto out = ConvertLayoutOp::create(rewriter, loc, oldType, gather);
    rewriter.replaceAllUsesExcept(gather.getResult(), out.getResult(), out);
    rewriter.modifyOpInPlace(gather, [&] {
      gather.getSrcMutable().set(src);
      gather.getIndicesMutable().set(indices);
      gather.getResult().setType(
          cast<RankedTensorType>(oldType).cloneWithEncoding(layout));
      gather.setEfficientLayout(true);
    });
    return success();
  }

  static unsigned product(ArrayRef<unsigned> values) {
    unsigned result = 1;
    for (unsigned v : values)
      result *= v;
    return result;
  }
};

} // namespace

void mlir::triton::gpu::populateThreadLocalityLayoutPatterns(
    RewritePatternSet &patterns) {
  patterns.add<OptimizeReshapeLayout, OptimizeGatherLayout>(
      patterns.getContext());
}
