//===- ScratchSize.cpp - scratch shared memory of reductions and others
//----===//
//
// The per-op scratch sizes other than convert_layout's
// (ConvertLayoutScratch.cpp), and the size function Allocation uses by
// default. Counts of threads, warps and registers along a dimension are read
// off the op's LinearLayout, skipping broadcast (zero) bases, so they count
// threads holding distinct data, as Triton's LinearEncodingAttr does.
//
//===----------------------------------------------------------------------===//

#include "Analysis/ScratchSize.h"
#include "Analysis/Allocation.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;

namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

int64_t product(ArrayRef<int64_t> values) {
  int64_t result = 1;
  for (int64_t v : values)
    result *= v;
  return result;
}
unsigned product(ArrayRef<unsigned> values) {
  unsigned result = 1;
  for (unsigned v : values)
    result *= v;
  return result;
}

/// For each output dimension, 2^(number of bases of `inDim` pointing along
/// it); a basis counts for the first output dimension it moves, zero bases
/// (broadcast) do not count.
SmallVector<unsigned> basesPerDim(const LinearLayout &layout,
                                  StringAttr inDim) {
  SmallVector<unsigned> result(layout.getNumOutDims(), 1);
  if (!layout.hasInDim(inDim))
    return result;
  for (const std::vector<int32_t> &basis : layout.getBases().lookup(inDim)) {
    auto it = llvm::find_if(basis, [](int32_t v) { return v != 0; });
    if (it != basis.end())
      result[it - basis.begin()] *= 2;
  }
  return result;
}

/// Elements contiguous in one thread along each dimension: the leading
/// register bases that step 1, 2, 4, ... along one dimension, dimensions
/// taken in the order the register bases first move them.
SmallVector<unsigned> contigPerThread(const LinearLayout &layout,
                                      ArrayRef<unsigned> order) {
  MLIRContext *ctx = layout.getInDimNames().begin()->getContext();
  const auto &regs = layout.getBases().lookup(StringAttr::get(ctx, "register"));
  unsigned rank = layout.getNumOutDims();
  SmallVector<unsigned> contig(rank, 1);
  auto it = regs.begin();
  for (unsigned dim : order) {
    std::vector<int32_t> expected(rank, 0);
    expected[dim] = 1;
    while (it != regs.end() && *it == expected) {
      contig[dim] *= 2;
      expected[dim] *= 2;
      ++it;
    }
  }
  return contig;
}

/// The LinearLayout of a tensor with a distributed layout; none for a tensor
/// without one or with a layout that has no LinearLayout form (the lowering
/// reports those; no scratch is reserved here).
std::optional<LinearLayout> getDistributedLayout(RankedTensorType type) {
  if (!isa_and_nonnull<ttg::DistributedEncodingTrait>(type.getEncoding()))
    return std::nullopt;
  FailureOr<LinearLayout> layout = ttg::tryToLinearLayout(
      type.getShape(), type.getEncoding(), /*emitError=*/nullptr);
  if (failed(layout))
    return std::nullopt;
  return std::move(*layout);
}

unsigned bytesPerElement(TypeRange elementTypes) {
  unsigned bytes = 0;
  for (Type type : elementTypes)
    bytes += llvm::divideCeil(getScratchBitwidth(type), 8);
  return bytes;
}

} // namespace

unsigned mlir::triton::getWarpsWithUniqueDataAlongAxis(RankedTensorType type,
                                                       unsigned axis) {
  std::optional<LinearLayout> layout = getDistributedLayout(type);
  if (!layout)
    return 1;
  return basesPerDim(*layout, StringAttr::get(type.getContext(), "warp"))[axis];
}

unsigned mlir::triton::getReduceScratchSizeInBytes(ReduceOp op) {
  SmallVector<RankedTensorType> inputTypes = op.getInputTypes();
  if (inputTypes.empty())
    return 0;
  RankedTensorType srcTy = inputTypes.front();
  unsigned axis = op.getAxis();
  unsigned warps = getWarpsWithUniqueDataAlongAxis(srcTy, axis);
  // Partial results of the warps along the axis meet in shared memory.
  if (warps == 1)
    return 0;
  SmallVector<int64_t> shape(srcTy.getShape());
  shape[axis] = warps;
  int64_t elems = product(shape);
  return elems * bytesPerElement(op.getElementTypes());
}

unsigned mlir::triton::getScanScratchSizeInBytes(ScanOp op) {
  SmallVector<RankedTensorType> inputTypes = op.getInputTypes();
  if (inputTypes.empty())
    return 0;
  RankedTensorType srcTy = inputTypes.front();
  // Triton lowers scans over blocked layouts only.
  auto blocked =
      dyn_cast_or_null<ttg::BlockedEncodingAttr>(srcTy.getEncoding());
  std::optional<LinearLayout> layout = getDistributedLayout(srcTy);
  if (!blocked || !layout)
    return 0;
  MLIRContext *ctx = op.getContext();
  unsigned axis = op.getAxis();
  SmallVector<unsigned> lanes =
      basesPerDim(*layout, StringAttr::get(ctx, "lane"));
  SmallVector<unsigned> warps =
      basesPerDim(*layout, StringAttr::get(ctx, "warp"));
  SmallVector<unsigned> contig =
      contigPerThread(*layout, ttg::getOrder(blocked));
  if (warps[axis] == 1)
    return 0;

  unsigned nonAxisLanes = product(lanes) / lanes[axis];
  unsigned nonAxisElemsPerThread = product(contig) / contig[axis];
  // Chunks of (contiguous registers x lanes x warps) along each dimension.
  auto chunks = [&](unsigned dim) -> unsigned {
    return llvm::divideCeil(srcTy.getDimSize(dim),
                            contig[dim] * lanes[dim] * warps[dim]);
  };
  unsigned axisChunks = chunks(axis);
  unsigned nonAxisChunks = 1;
  for (unsigned dim = 0; dim < srcTy.getRank(); ++dim)
    if (dim != axis)
      nonAxisChunks *= chunks(dim);
  unsigned elems = product(warps) * nonAxisLanes * nonAxisElemsPerThread *
                   axisChunks * nonAxisChunks;
  return elems * bytesPerElement(op.getElementTypes());
}

bool mlir::triton::isGatherWarpLocal(GatherOp op) {
  MLIRContext *ctx = op.getContext();
  auto srcTy = cast<RankedTensorType>(op.getSrc().getType());
  auto idxTy = cast<RankedTensorType>(op.getIndices().getType());
  std::optional<LinearLayout> srcLayout = getDistributedLayout(srcTy);
  std::optional<LinearLayout> idxLayout = getDistributedLayout(idxTy);
  if (!srcLayout || !idxLayout)
    return false;
  const LinearLayout &src = *srcLayout;
  const LinearLayout &idx = *idxLayout;
  StringAttr kBlock = StringAttr::get(ctx, "block");
  StringAttr kWarp = StringAttr::get(ctx, "warp");
  StringAttr kLane = StringAttr::get(ctx, "lane");
  unsigned axis = op.getAxis();
  StringAttr gatherDim = StringAttr::get(ctx, "dim" + Twine(axis));

  // No warp (or CTA) moves along the gather axis, in either tensor.
  if (!src.sublayoutIsZero({kBlock, kWarp}, {gatherDim}) ||
      !idx.sublayoutIsZero({kBlock, kWarp}, {gatherDim}))
    return false;
  SmallVector<StringAttr> otherDims;
  for (unsigned dim = 0; dim < srcTy.getRank(); ++dim)
    if (dim != axis)
      otherDims.push_back(StringAttr::get(ctx, "dim" + Twine(dim)));
  // The warp owning an index owns every source element it may select.
  if (src.sublayout({kBlock, kWarp}, otherDims) !=
      idx.sublayout({kBlock, kWarp}, otherDims))
    return false;
  // The same lanes own a column in both. A source held several times
  // (broadcast registers, lanes or warps) is read from one of its copies.
  return src.sublayout({kLane}, otherDims) == idx.sublayout({kLane}, otherDims);
}

unsigned mlir::triton::getGatherScratchSizeInBytes(GatherOp op) {
  if (isGatherWarpLocal(op))
    return 0;
  auto srcTy = cast<RankedTensorType>(op.getSrc().getType());
  return srcTy.getNumElements() *
         llvm::divideCeil(getScratchBitwidth(srcTy.getElementType()), 8);
}

unsigned mlir::triton::getHistogramScratchSizeInBytes(HistogramOp op) {
  auto dstTy = cast<RankedTensorType>(op.getType());
  int threadsPerWarp = 32;
  if (auto module = op->getParentOfType<ModuleOp>())
    if (auto attr =
            module->getAttrOfType<IntegerAttr>(ttg::AttrNumThreadsPerWarp))
      threadsPerWarp = attr.getInt();
  int64_t bins = std::max<int64_t>(dstTy.getNumElements(), threadsPerWarp);
  return bins * getScratchBitwidth(dstTy.getElementType()) / 8;
}

unsigned mlir::triton::getAtomicScratchSizeInBytes(Operation *op) {
  if (op->getNumResults() != 1 || op->getNumOperands() == 0)
    return 0;
  Value result = op->getResult(0);
  if (result.use_empty())
    return 0;
  int64_t elems = 0;
  if (auto tensorTy = dyn_cast<RankedTensorType>(result.getType())) {
    std::optional<LinearLayout> layout = getDistributedLayout(tensorTy);
    if (!layout)
      return 0;
    // Threads holding the same element must all see the one value returned.
    bool broadcast = llvm::any_of(layout->getFreeVariableMasks(),
                                  [](auto mask) { return mask.second != 0; });
    if (!broadcast)
      return 0;
    elems = product(ttg::getShapePerCTA(tensorTy));
  } else {
    elems = 1;
  }
  Type ptrTy = getElementTypeOrSelf(op->getOperand(0).getType());
  auto pointer = dyn_cast<PointerType>(ptrTy);
  if (!pointer)
    return 0;
  return elems * getScratchBitwidth(pointer.getPointeeType()) / 8;
}

unsigned mlir::triton::defaultAllocationAnalysisScratchSizeFn(Operation *op) {
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return getReduceScratchSizeInBytes(reduce);
  if (auto scan = dyn_cast<ScanOp>(op))
    return getScanScratchSizeInBytes(scan);
  if (auto gather = dyn_cast<GatherOp>(op))
    return getGatherScratchSizeInBytes(gather);
  if (auto histogram = dyn_cast<HistogramOp>(op))
    return getHistogramScratchSizeInBytes(histogram);
  if (auto cvt = dyn_cast<ttg::ConvertLayoutOp>(op))
    return getConvertLayoutScratchSizeInBytes(
        cvt.getSrc().getType(), cvt.getType(), targetHasStmatrix(op));
  if (isa<AtomicRMWOp, AtomicCASOp>(op))
    return getAtomicScratchSizeInBytes(op);
  // The 128-byte TMA descriptor is built in shared memory.
  if (isa<ttng::TensormapCreateOp>(op))
    return 128;
  return 0;
}
