//===- ReshapeInference.cpp - the layout a tt.reshape result takes --------===//
//
// A tt.reshape (without allow_reorder) must not move data: every thread
// keeps the elements it holds, which only get new coordinates. Given the
// operand's layout, the result's layout is therefore fixed; this file
// computes it, as Triton 3.6 does:
//
//  1. a #ttg.blocked layout whose structure survives the reshape gives a
//     #ttg.blocked result (dimensions that merge must be adjacent and
//     major-to-minor in the layout's order, and each level of the hierarchy
//     -- elements per thread, threads, warps -- must fill the minor
//     dimensions of a merged group before the major ones);
//  2. any other layout gives the #ttg.linear layout of the reshape of its
//     linear layout (row-major flattening).
//
// The inference is symmetric: reshaping the result back gives a layout equal
// to the operand's (possibly spelled as #ttg.linear), so it serves forward
// and backward layout propagation alike.
//
//===----------------------------------------------------------------------===//
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "LayoutInference.h"
#include "Tools/LayoutUtils.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// Groups of source dimensions and result dimensions that hold the same
/// elements: a reshape merges each group's source dimensions and splits the
/// result into its result dimensions. Size-1 dimensions join the group being
/// built. E.g. [4,4,4] -> [2,2,8,2]: ([0], [0,1]), ([1,2], [2,3]).
using DimGroup = std::pair<SmallVector<unsigned>, SmallVector<unsigned>>;

SmallVector<DimGroup> groupReshapeDims(ArrayRef<int64_t> srcShape,
                                       ArrayRef<int64_t> dstShape) {
  SmallVector<DimGroup> groups;
  if (srcShape.empty())
    return groups;
  groups.emplace_back();
  unsigned s = 0, d = 0;
  int64_t srcElems = 1, dstElems = 1;
  while (s < srcShape.size() || d < dstShape.size()) {
    bool srcLeft = s < srcShape.size(), dstLeft = d < dstShape.size();
    if (srcLeft && (srcElems < dstElems || srcElems == 1 || srcShape[s] == 1)) {
      srcElems *= srcShape[s];
      groups.back().first.push_back(s++);
    } else if (dstLeft && (dstElems < srcElems || dstShape[d] == 1)) {
      dstElems *= dstShape[d];
      groups.back().second.push_back(d++);
    } else if (srcElems == dstElems && !groups.back().first.empty()) {
      groups.emplace_back();
      srcElems = dstElems = 1;
    } else {
      // Element counts that do not match; the caller checked them.
      return {};
    }
  }
  return groups;
}

/// The #ttg.blocked layout of the reshape of `src`, when one exists.
BlockedEncodingAttr inferBlockedReshape(ArrayRef<int64_t> srcShape,
                                        BlockedEncodingAttr src,
                                        ArrayRef<int64_t> dstShape) {
  MLIRContext *ctx = src.getContext();
  if (srcShape == dstShape)
    return src;
  auto product = [](ArrayRef<unsigned> values) {
    unsigned p = 1;
    for (unsigned v : values)
      p *= v;
    return p;
  };
  unsigned numWarps = product(src.getWarpsPerCTA());
  unsigned threadsPerWarp = product(src.getThreadsPerWarp());
  unsigned numCTAs = product(src.getCTALayout().getCTAsPerCGA());
  // The default layout of one shape reshapes to the default of the other.
  if (src == getDefaultBlockedEncoding(ctx, srcShape, numWarps, threadsPerWarp,
                                       numCTAs))
    return getDefaultBlockedEncoding(ctx, dstShape, numWarps, threadsPerWarp,
                                     numCTAs);
  if (numCTAs != 1 || llvm::any_of(src.getCTALayout().getCTASplitNum(),
                                   [](unsigned n) { return n != 1; }))
    return {};

  SmallVector<ArrayRef<unsigned>> levels = {
      src.getSizePerThread(), src.getThreadsPerWarp(), src.getWarpsPerCTA()};
  for (ArrayRef<unsigned> level : levels)
    for (auto [size, sub] : llvm::zip(srcShape, level))
      if (size >= sub && size % sub != 0)
        return {};

  SmallVector<DimGroup> groups = groupReshapeDims(srcShape, dstShape);
  if (groups.empty())
    return {};
  // position[d]: how minor dimension d is in the layout (0: fastest).
  ArrayRef<unsigned> order = src.getOrder();
  SmallVector<unsigned> position(order.size());
  for (auto [i, dim] : llvm::enumerate(order))
    position[dim] = i;

  for (const auto &[srcDims, dstDims] : groups) {
    // Merged dimensions: adjacent in the order, the last one fastest.
    for (unsigned i = 1; i < srcDims.size(); ++i)
      if (position[srcDims[i - 1]] != position[srcDims[i]] + 1)
        return {};
    // Each level takes from the group's dimensions minor to major, using up
    // a dimension before it may take from the next; only the group's most
    // major dimension may be covered more than once (broadcast). What a
    // level leaves of each dimension is what the next level sees.
    SmallVector<int64_t> left;
    for (unsigned dim : srcDims)
      left.push_back(srcShape[dim]);
    for (ArrayRef<unsigned> level : levels) {
      for (int i = static_cast<int>(srcDims.size()) - 1; i >= 0; --i) {
        unsigned sub = level[srcDims[i]];
        if (sub == 1)
          continue;
        for (unsigned j = i + 1; j < srcDims.size(); ++j)
          if (left[j] != 1)
            return {};
        left[i] = left[i] >= sub ? left[i] / sub : 0;
        if (left[i] == 0 && i != 0)
          return {};
      }
    }
  }

  // Each level of the result fills every group's result dimensions minor
  // to major; an excess (broadcast) goes to the group's most major one.
  SmallVector<int64_t> dstLeft(dstShape);
  auto distribute = [&](ArrayRef<unsigned> level) {
    SmallVector<unsigned> result(dstShape.size(), 1);
    for (const auto &[srcDims, dstDims] : groups) {
      int64_t amount = 1;
      for (unsigned dim : srcDims)
        amount *= level[dim];
      for (unsigned dim : llvm::reverse(dstDims)) {
        int64_t take = std::min(amount, dstLeft[dim]);
        result[dim] = take;
        amount /= take;
        dstLeft[dim] /= take;
      }
      result[dstDims.front()] *= amount;
    }
    return result;
  };
  SmallVector<unsigned> sizePerThread = distribute(levels[0]);
  SmallVector<unsigned> threads = distribute(levels[1]);
  SmallVector<unsigned> warps = distribute(levels[2]);

  // The result's order: groups by the position of their source dimensions,
  // fastest first; within a group, its last result dimension fastest.
  llvm::sort(groups, [&](const DimGroup &a, const DimGroup &b) {
    return position[a.first.front()] < position[b.first.front()];
  });
  SmallVector<unsigned> dstOrder;
  for (const auto &[srcDims, dstDims] : groups)
    for (unsigned dim : llvm::reverse(dstDims))
      dstOrder.push_back(dim);
  return BlockedEncodingAttr::get(
      ctx, ArrayRef<unsigned>(sizePerThread), ArrayRef<unsigned>(threads),
      ArrayRef<unsigned>(warps), ArrayRef<unsigned>(dstOrder),
      CTAEncodingAttr::getDefault(ctx, dstShape.size()));
}

/// `ll` over a tensor of some shape, as a layout over `dstShape` holding the
/// elements in the same row-major order.
LinearLayout reshapeRowMajor(MLIRContext *ctx, const LinearLayout &ll,
                             ArrayRef<int64_t> dstShape) {
  // LinearLayout flattens its first output dimension fastest: reverse the
  // dimensions around the reshape.
  SmallVector<StringAttr> srcDims(ll.getOutDimNames());
  std::reverse(srcDims.begin(), srcDims.end());
  auto dstDims = standardOutDimPairs(ctx, dstShape);
  std::reverse(dstDims.begin(), dstDims.end());
  return ll.transposeOuts(srcDims).reshapeOuts(dstDims).transposeOuts(
      standardOutDimNames(ctx, dstShape.size()));
}

} // namespace

LogicalResult TritonGPUInferLayoutInterface::inferReshapeOpEncoding(
    ArrayRef<int64_t> srcShape, Attribute srcEncoding,
    ArrayRef<int64_t> dstShape, Attribute &dstEncoding,
    std::optional<Location> loc) const {
  int64_t srcElems = 1, dstElems = 1;
  for (int64_t size : srcShape)
    srcElems *= size;
  for (int64_t size : dstShape)
    dstElems *= size;
  if (srcElems != dstElems)
    return emitOptionalError(loc, "reshape of ", srcElems, " elements to ",
                             dstElems);
  if (!isa<DistributedEncodingTrait>(srcEncoding))
    return emitOptionalError(loc, "reshape needs a distributed layout, got ",
                             srcEncoding);
  auto emitter = [&]() -> InFlightDiagnostic { return emitError(*loc); };
  FailureOr<LinearLayout> srcLL =
      loc ? tryToLinearLayout(srcShape, srcEncoding, emitter)
          : tryToLinearLayout(srcShape, srcEncoding, {});
  if (failed(srcLL))
    return failure();
  LinearLayout dstLL = reshapeRowMajor(getContext(), *srcLL, dstShape);
  // A blocked layout is kept blocked where it can be, as long as it really
  // holds every element where the reshape puts it.
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(srcEncoding)) {
    if (BlockedEncodingAttr dst =
            inferBlockedReshape(srcShape, blocked, dstShape)) {
      FailureOr<LinearLayout> check = tryToLinearLayout(dstShape, dst, {});
      if (succeeded(check) && *check == dstLL) {
        dstEncoding = dst;
        return success();
      }
    }
  }
  dstEncoding = LinearEncodingAttr::get(getContext(), std::move(dstLL));
  return success();
}
