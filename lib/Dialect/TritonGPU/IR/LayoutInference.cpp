//===- LayoutInference.cpp - result layouts of tt shape ops over ttg ------===//
#include "LayoutInference.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Tools/LayoutUtils.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::triton::gpu;

/// `values` permuted by `order`: result[i] = values[order[i]].
template <typename T>
static SmallVector<T> permute(ArrayRef<T> values, ArrayRef<int32_t> order) {
  SmallVector<T> result;
  for (int32_t i : order)
    result.push_back(values[i]);
  return result;
}

/// The CTA encoding of a tensor transposed by `order`: every basis permuted.
static CTAEncodingAttr permuteCTALayout(CTAEncodingAttr layout,
                                       ArrayRef<int32_t> order) {
  SmallVector<SmallVector<int32_t>> bases;
  for (SmallVector<int32_t> basis : layout.getBases())
    bases.push_back(permute<int32_t>(basis, order));
  return CTAEncodingAttr::getFromBases(layout.getContext(), layout.getRank(), bases);
}

/// An `order` field of a layout transposed by `order`: dimension
/// layoutOrder[i] is now called inverse(order)[layoutOrder[i]].
static SmallVector<unsigned> permuteLayoutOrder(ArrayRef<unsigned> layoutOrder,
                                                ArrayRef<int32_t> order) {
  SmallVector<unsigned> inverse(order.size());
  for (auto [i, d] : llvm::enumerate(order))
    inverse[d] = i;
  SmallVector<unsigned> result;
  for (unsigned d : layoutOrder)
    result.push_back(inverse[d]);
  return result;
}

/// The linear layout of a tensor of `shape` in `layout` (any ttg layout,
/// #ttg.linear and #ttg.shared_linear included); failure with an error at
/// `loc` (if given) when it has none.
static FailureOr<LinearLayout> linearLayoutOf(ArrayRef<int64_t> shape,
                                              Attribute layout,
                                              std::optional<Location> loc) {
  if (auto linear = dyn_cast<LinearEncodingAttr>(layout)) {
    if (linear.getLinearLayout().getNumOutDims() != (int32_t)shape.size())
      return emitOptionalError(loc, "rank of ", layout,
                               " does not match the tensor's");
    return linear.toLinearLayout(shape);
  }
  // Views of a padded buffer would lose its padding as #ttg.shared_linear.
  if (isa<PaddedSharedEncodingAttr>(layout))
    return emitOptionalError(loc, "a view of ", layout,
                             " as another shape or order is not supported");
  if (auto shared = dyn_cast<SharedLinearEncodingAttr>(layout)) {
    const LinearLayout &ll = shared.getLinearLayout();
    SmallVector<int64_t> sizes(ll.getOutDimSizes());
    if (ArrayRef<int64_t>(sizes) != shape)
      return emitOptionalError(loc, layout, " covers a different shape");
    return ll;
  }
  auto emitter = [&]() -> InFlightDiagnostic {
    return emitError(*loc);
  };
  if (loc)
    return tryToLinearLayout(shape, layout, emitter);
  return tryToLinearLayout(shape, layout, {});
}

/// The layout a linear layout `ll` of a tensor is, in the kind of `like`:
/// #ttg.linear for a distributed layout, #ttg.shared_linear for a shared
/// one.
static Attribute linearEncodingLike(Attribute like, LinearLayout ll) {
  MLIRContext *ctx = like.getContext();
  if (auto shared = dyn_cast<SharedEncodingTrait>(like))
    return SharedLinearEncodingAttr::get(ctx, std::move(ll),
                                         shared.getAlignment());
  return LinearEncodingAttr::get(ctx, std::move(ll));
}

LogicalResult TritonGPUInferLayoutInterface::inferExpandDimsOpEncoding(
    Attribute operandEncoding, unsigned axis, Attribute &resultEncoding,
    std::optional<Location> loc) const {
  auto slice = dyn_cast<SliceEncodingAttr>(operandEncoding);
  if (!slice)
    return emitOptionalError(
        loc, "ExpandDimsOp operand encoding must be SliceEncodingAttr");
  if (slice.getDim() != axis)
    return emitOptionalError(
        loc, "Incompatible slice dimension for ExpandDimsOp operand");
  resultEncoding = slice.getParent();
  return success();
}

LogicalResult TritonGPUInferLayoutInterface::inferReduceOpEncoding(
    Attribute operandEncoding, unsigned axis, Attribute &resultEncoding,
    std::optional<Location> loc) const {
  auto parent = dyn_cast<DistributedEncodingTrait>(operandEncoding);
  if (!parent)
    return emitOptionalError(loc, "ReduceOp operand encoding must be a "
                                  "distributed layout, got ",
                             operandEncoding);
  auto emitter = [&] {
    return loc ? emitError(*loc) : emitError(UnknownLoc::get(getContext()));
  };
  if (failed(SliceEncodingAttr::verify(emitter, axis, parent)))
    return failure();
  resultEncoding = SliceEncodingAttr::get(getContext(), axis, parent);
  return success();
}

LogicalResult TritonGPUInferLayoutInterface::inferTransOpEncoding(
    Attribute operandEncoding, ArrayRef<int64_t> shape,
    ArrayRef<int32_t> order, Attribute &resultEncoding,
    std::optional<Location> loc) const {
  bool identity = true;
  for (auto [i, d] : llvm::enumerate(order))
    identity &= d == static_cast<int32_t>(i);
  if (identity) {
    resultEncoding = operandEncoding;
    return success();
  }
  if (shape.size() != order.size())
    return emitOptionalError(loc, "shape and order rank do not match: ",
                             shape.size(), " vs ", order.size());
  auto layout = dyn_cast<LayoutEncodingTrait>(operandEncoding);
  if (!layout)
    return emitOptionalError(loc, "unknown encoding ", operandEncoding);
  if (layout.getRank() != order.size())
    return emitOptionalError(loc, "rank of encoding does not match order: ",
                             layout.getRank(), " vs ", order.size());
  MLIRContext *ctx = getContext();
  if (auto enc = dyn_cast<BlockedEncodingAttr>(operandEncoding)) {
    SmallVector<unsigned> sizePerThread =
        permute(enc.getSizePerThread(), order);
    SmallVector<unsigned> threadsPerWarp =
        permute(enc.getThreadsPerWarp(), order);
    SmallVector<unsigned> warpsPerCTA = permute(enc.getWarpsPerCTA(), order);
    SmallVector<unsigned> layoutOrder =
        permuteLayoutOrder(enc.getOrder(), order);
    resultEncoding = BlockedEncodingAttr::get(
        ctx, ArrayRef<unsigned>(sizePerThread),
        ArrayRef<unsigned>(threadsPerWarp), ArrayRef<unsigned>(warpsPerCTA),
        ArrayRef<unsigned>(layoutOrder),
        permuteCTALayout(enc.getCTALayout(), order));
    return success();
  }
  if (auto enc = dyn_cast<SwizzledSharedEncodingAttr>(operandEncoding)) {
    SmallVector<unsigned> layoutOrder =
        permuteLayoutOrder(enc.getOrder(), order);
    resultEncoding = SwizzledSharedEncodingAttr::get(
        ctx, enc.getVec(), enc.getPerPhase(), enc.getMaxPhase(),
        ArrayRef<unsigned>(layoutOrder),
        permuteCTALayout(enc.getCTALayout(), order));
    return success();
  }
  auto nvmma = dyn_cast<NVMMASharedEncodingAttr>(operandEncoding);
  if (nvmma && order == ArrayRef<int32_t>{1, 0}) {
    resultEncoding = NVMMASharedEncodingAttr::get(
        ctx, nvmma.getSwizzlingByteWidth(), !nvmma.getTransposed(),
        nvmma.getElementBitWidth(), nvmma.getFp4Padded(),
        permuteCTALayout(nvmma.getCTALayout(), order));
    return success();
  }
  // Any other layout: transpose its linear layout.
  FailureOr<LinearLayout> ll = linearLayoutOf(shape, operandEncoding, loc);
  if (failed(ll))
    return failure();
  resultEncoding =
      linearEncodingLike(operandEncoding, transposeLinearLayout(*ll, order));
  return success();
}

/// A blocked layout whose last dimension is two consecutive elements of one
/// thread, not split over lanes, warps or CTAs: what join makes and split
/// takes apart without data movement.
static bool isSimpleSplit(BlockedEncodingAttr enc) {
  return enc && enc.getSizePerThread().back() == 2 &&
         enc.getThreadsPerWarp().back() == 1 &&
         enc.getWarpsPerCTA().back() == 1 &&
         enc.getCTALayout().getCTAsPerCGA().back() == 1;
}

LogicalResult TritonGPUInferLayoutInterface::inferJoinOpEncoding(
    Attribute operandEncoding, ArrayRef<int64_t> shape,
    Attribute &resultEncoding, std::optional<Location> loc) const {
  // join(split(x)) gives back x's layout.
  if (auto slice = dyn_cast<SliceEncodingAttr>(operandEncoding)) {
    auto parent = dyn_cast<BlockedEncodingAttr>(slice.getParent());
    if (slice.getDim() == shape.size() && isSimpleSplit(parent)) {
      resultEncoding = parent;
      return success();
    }
  }
  auto enc = dyn_cast<BlockedEncodingAttr>(operandEncoding);
  if (!enc) {
    // Any other layout: the new dimension is one more register bit,
    // innermost.
    if (!isa<DistributedEncodingTrait>(operandEncoding))
      return emitOptionalError(loc, "JoinOp operands must have a distributed "
                                    "layout, got ",
                               operandEncoding);
    FailureOr<LinearLayout> ll = linearLayoutOf(shape, operandEncoding, loc);
    if (failed(ll))
      return failure();
    MLIRContext *ctx = getContext();
    SmallVector<int64_t> joinedShape(shape);
    joinedShape.push_back(1);
    SmallVector<StringAttr> dims = standardOutDimNames(ctx, joinedShape.size());
    LinearLayout joined =
        LinearLayout::identity1D(2, StringAttr::get(ctx, "register"),
                                 dims.back()) *
        ll->reshapeOuts(standardOutDimPairs(ctx, joinedShape));
    resultEncoding =
        LinearEncodingAttr::get(ctx, joined.transposeOuts(dims));
    return success();
  }
  // The new dimension is the fastest: 2 elements in each thread.
  auto append = [](ArrayRef<unsigned> values, unsigned v) {
    SmallVector<unsigned> result(values);
    result.push_back(v);
    return result;
  };
  unsigned rank = enc.getOrder().size();
  SmallVector<unsigned> order(enc.getOrder());
  order.insert(order.begin(), rank);
  SmallVector<SmallVector<int32_t>> bases = enc.getCTALayout().getBases();
  for (SmallVector<int32_t> &basis : bases)
    basis.push_back(0);
  SmallVector<unsigned> sizePerThread = append(enc.getSizePerThread(), 2);
  SmallVector<unsigned> threadsPerWarp = append(enc.getThreadsPerWarp(), 1);
  SmallVector<unsigned> warpsPerCTA = append(enc.getWarpsPerCTA(), 1);
  resultEncoding = BlockedEncodingAttr::get(
      getContext(), ArrayRef<unsigned>(sizePerThread),
      ArrayRef<unsigned>(threadsPerWarp), ArrayRef<unsigned>(warpsPerCTA),
      ArrayRef<unsigned>(order),
      CTAEncodingAttr::getFromBases(getContext(), rank + 1, bases));
  return success();
}

LogicalResult TritonGPUInferLayoutInterface::inferSplitOpEncoding(
    Attribute operandEncoding, ArrayRef<int64_t> shape,
    Attribute &resultEncoding, std::optional<Location> loc) const {
  if (shape.empty() || shape.back() != 2)
    return emitOptionalError(
        loc, "SplitOp input shape should have 2 in the last dim");
  auto enc = dyn_cast<BlockedEncodingAttr>(operandEncoding);
  if (!enc || !isSimpleSplit(enc)) {
    // Any other layout: a register basis must step along the last
    // dimension; it goes, and every basis is halved along that dimension.
    if (!isa<DistributedEncodingTrait>(operandEncoding))
      return emitOptionalError(loc, "SplitOp operand must have a distributed "
                                    "layout, got ",
                               operandEncoding);
    FailureOr<LinearLayout> ll = linearLayoutOf(shape, operandEncoding, loc);
    if (failed(ll))
      return failure();
    MLIRContext *ctx = getContext();
    StringAttr kRegister = StringAttr::get(ctx, "register");
    size_t axis = shape.size() - 1;
    bool found = false;
    LinearLayout::BasesT bases;
    for (const auto &[inDim, dimBases] : ll->getBases()) {
      std::vector<std::vector<int32_t>> &kept = bases[inDim];
      for (std::vector<int32_t> basis : dimBases) {
        if (!found && inDim == kRegister && basis[axis] == 1) {
          found = true;
          continue;
        }
        basis[axis] /= 2;
        kept.push_back(std::move(basis));
      }
    }
    if (!found)
      return emitOptionalError(loc, "SplitOp requires at least 2 elements "
                                    "per thread in the last dimension");
    SmallVector<int64_t> halved(shape);
    halved.back() = 1;
    std::optional<LinearLayout> split = LinearLayout::tryCreate(
        std::move(bases), standardOutDimPairs(ctx, halved),
        /*requireSurjective=*/false);
    if (!split)
      return emitOptionalError(loc, "SplitOp cannot split ", operandEncoding);
    resultEncoding = LinearEncodingAttr::get(
        ctx, split->reshapeOuts(
                 standardOutDimPairs(ctx, ArrayRef(shape).drop_back())));
    return success();
  }
  unsigned last = enc.getOrder().size() - 1;
  SmallVector<unsigned> order;
  for (unsigned d : enc.getOrder())
    if (d != last)
      order.push_back(d);
  SmallVector<SmallVector<int32_t>> bases = enc.getCTALayout().getBases();
  for (SmallVector<int32_t> &basis : bases)
    basis.pop_back();
  resultEncoding = BlockedEncodingAttr::get(
      getContext(), enc.getSizePerThread().drop_back(),
      enc.getThreadsPerWarp().drop_back(), enc.getWarpsPerCTA().drop_back(),
      ArrayRef<unsigned>(order),
      CTAEncodingAttr::getFromBases(getContext(), last, bases));
  return success();
}

LogicalResult TritonGPUInferLayoutInterface::inferDotOpEncoding(
    Attribute operandEncoding, unsigned opIdx, Attribute resultEncoding,
    std::optional<Location> loc) const {
  auto mma = dyn_cast<NvidiaMmaEncodingAttr>(resultEncoding);
  if (mma && mma.isHopper()) {
    // wgmma reads B (and possibly A) from shared memory; A may come from
    // registers.
    auto dotOp = dyn_cast<DotOperandEncodingAttr>(operandEncoding);
    bool registerA = opIdx == 0 && dotOp && dotOp.getOpIdx() == 0 &&
                     isa<NvidiaMmaEncodingAttr>(dotOp.getParent());
    if (!isa<NVMMASharedEncodingAttr>(operandEncoding) && !registerA)
      return emitOptionalError(
          loc, "unexpected operand layout for NvidiaMmaEncodingAttr v3");
    return success();
  }
  auto dotOp = dyn_cast<DotOperandEncodingAttr>(operandEncoding);
  if (!dotOp)
    return emitOptionalError(
        loc, "Dot's a/b's encoding should be of DotOperandEncodingAttr");
  if (dotOp.getOpIdx() != opIdx)
    return emitOptionalError(loc, "Wrong opIdx");
  if (dotOp.getParent() != resultEncoding)
    return emitOptionalError(loc, "Incompatible parent encoding");
  return success();
}

LogicalResult TritonGPUInferLayoutInterface::verifyLayoutsAreEqual(
    ArrayRef<int64_t> shape, Attribute expected, Attribute got,
    std::optional<Location> loc) const {
  if (expected == got)
    return success();
  if (expected && got) {
    FailureOr<LinearLayout> a = linearLayoutOf(shape, expected, std::nullopt);
    FailureOr<LinearLayout> b = linearLayoutOf(shape, got, std::nullopt);
    if (succeeded(a) && succeeded(b) && *a == *b)
      return success();
  }
  return emitOptionalError(loc, "Expected result encoding ", expected,
                           " but was ", got);
}

LogicalResult TritonGPUInferLayoutInterface::verifyDotOpEncodingCompatibility(
    Operation *op, Attribute aEncoding, Attribute bEncoding) const {
  auto a = dyn_cast<DotOperandEncodingAttr>(aEncoding);
  auto b = dyn_cast<DotOperandEncodingAttr>(bEncoding);
  if (!a && !b)
    return success();
  if (!a || !b)
    return op->emitError("mismatching encoding between A and B operands");
  if (a.getKWidth() != b.getKWidth())
    return op->emitError("mismatching kWidth between A and B operands");
  auto mmaA = dyn_cast<NvidiaMmaEncodingAttr>(a.getParent());
  auto mmaB = dyn_cast<NvidiaMmaEncodingAttr>(b.getParent());
  if ((mmaA || mmaB) &&
      (!mmaA || !mmaB || mmaA.getVersionMajor() != mmaB.getVersionMajor()))
    return op->emitError("mismatching MMA encoding");
  return success();
}
