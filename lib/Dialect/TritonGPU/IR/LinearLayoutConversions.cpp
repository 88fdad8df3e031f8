//===- LinearLayoutConversions.cpp - ttg layouts as LinearLayouts ---------===//
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Tools/LayoutUtils.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <numeric>
#include <vector>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

StringAttr named(MLIRContext *ctx, StringRef name) {
  return StringAttr::get(ctx, name);
}

SmallVector<StringAttr> permuted(ArrayRef<StringAttr> names,
                                 ArrayRef<unsigned> order) {
  SmallVector<StringAttr> ret;
  for (unsigned i : order)
    ret.push_back(names[i]);
  return ret;
}

/// Distinct CTA tiles along each dim: 2^(bases whose first non-zero
/// component is that dim).
SmallVector<int64_t> ctaSplitNum(CTAEncodingAttr cga) {
  SmallVector<int64_t> split(cga.getRank(), 1);
  for (const auto &basis : cga.getBases()) {
    auto it = llvm::find_if(basis, [](int32_t v) { return v != 0; });
    if (it != basis.end())
      split[it - basis.begin()] *= 2;
  }
  return split;
}

SmallVector<int64_t> shapePerCTA(CTAEncodingAttr cga, ArrayRef<int64_t> shape) {
  SmallVector<int64_t> split = ctaSplitNum(cga);
  SmallVector<int64_t> ret;
  for (auto [size, s] : llvm::zip(shape, split))
    ret.push_back(size / std::min(size, s));
  return ret;
}

/// Identity along every dim of `order` but `kDim`, which is broadcast: the
/// lanes or warps of a dot operand, which repeat along K.
LinearLayout broadcastedAlongK(MLIRContext *ctx, ArrayRef<unsigned> shape,
                               ArrayRef<unsigned> order, unsigned kDim,
                               StringAttr inDim) {
  SmallVector<StringAttr> names = standardOutDimNames(ctx, shape.size());
  LinearLayout layout;
  for (unsigned d : order) {
    if (d == kDim)
      layout *= LinearLayout::zeros1D(shape[d], inDim, names[d]);
    else
      layout *= LinearLayout::identity1D(shape[d], inDim, names[d]);
  }
  return layout;
}

//===----------------------------------------------------------------------===//
// Distributed layouts
//===----------------------------------------------------------------------===//

LinearLayout buildLayout(ArrayRef<int64_t> shape, Attribute layout);

LinearLayout blockedToLinearLayout(ArrayRef<int64_t> shape,
                                   BlockedEncodingAttr blocked) {
  MLIRContext *ctx = blocked.getContext();
  ArrayRef<unsigned> order = blocked.getOrder();
  LinearLayout cta =
      identityStandardND(named(ctx, "register"), blocked.getSizePerThread(),
                         order) *
      identityStandardND(named(ctx, "lane"), blocked.getThreadsPerWarp(),
                         order) *
      identityStandardND(named(ctx, "warp"), blocked.getWarpsPerCTA(), order);
  return combineCtaCgaWithShape(cta, blocked.getCTALayout(), shape);
}

LinearLayout sliceToLinearLayout(ArrayRef<int64_t> shape,
                                 SliceEncodingAttr slice) {
  MLIRContext *ctx = slice.getContext();
  unsigned dim = slice.getDim();
  SmallVector<int64_t> parentShape(shape);
  parentShape.insert(parentShape.begin() + dim, 1);
  LinearLayout parent = buildLayout(parentShape, slice.getParent());
  // The parent spans one element along `dim`: drop that component, then the
  // registers that no longer move (they held the sliced-away elements).
  StringAttr kRegister = named(ctx, "register");
  LinearLayout::BasesT bases;
  for (const auto &[inDim, dimBases] : parent.getBases()) {
    auto &newBases = bases[inDim];
    for (const auto &basis : dimBases) {
      std::vector<int32_t> reduced = basis;
      reduced.erase(reduced.begin() + dim);
      if (inDim == kRegister &&
          llvm::all_of(reduced, [](int32_t v) { return v == 0; }))
        continue;
      newBases.push_back(std::move(reduced));
    }
  }
  SmallVector<StringAttr> names = standardOutDimNames(ctx, shape.size());
  SmallVector<std::pair<StringAttr, int32_t>> outDims;
  SmallVector<int32_t> parentSizes = llvm::to_vector(parent.getOutDimSizes());
  parentSizes.erase(parentSizes.begin() + dim);
  for (auto [name, size] : llvm::zip(names, parentSizes))
    outDims.push_back({name, size});
  return LinearLayout(std::move(bases), outDims, /*requireSurjective=*/true);
}

LinearLayout mmaToLinearLayout(ArrayRef<int64_t> shape,
                               NvidiaMmaEncodingAttr mma) {
  MLIRContext *ctx = mma.getContext();
  unsigned rank = shape.size();
  SmallVector<unsigned> tileShape(mma.getInstrShape());
  if (mma.isHopper()) {
    // [(B,) M, N] of the [(B,) M, N, K] instruction, a batch of 1 where the
    // layout has more dimensions than the instruction.
    tileShape.pop_back();
    size_t missing = rank - std::min<size_t>(rank, tileShape.size());
    tileShape.insert(tileShape.begin(), missing, 1u);
  }
  // The accumulator is laid out like an operand with kWidth 2.
  SmallVector<unsigned> order = getMatrixOrder(rank, /*rowMajor=*/true);
  LinearLayout cta =
      nvidiaMmaTile(ctx, tileShape, /*kWidth=*/2, order, mma.getRepOrder());
  // Ampere orders warps row-major; Hopper's warp groups go down M first.
  SmallVector<unsigned> warpOrder =
      getMatrixOrder(rank, /*rowMajor=*/!mma.isHopper());
  cta *= identityStandardND(named(ctx, "warp"), mma.getWarpsPerCTA(), warpOrder)
             .transposeOuts(llvm::to_vector(cta.getOutDimNames()));
  return combineCtaCgaWithShape(cta, mma.getCTALayout(), shape);
}

LinearLayout mmaDotToLinearLayout(ArrayRef<int64_t> shape,
                                  DotOperandEncodingAttr dot,
                                  NvidiaMmaEncodingAttr mma) {
  MLIRContext *ctx = dot.getContext();
  unsigned rank = shape.size();
  unsigned kWidth = dot.getKWidth();
  bool isA = dot.getOpIdx() == 0;
  SmallVector<unsigned> tileShape(rank, 1);
  tileShape[rank - 2] = isA ? 16 : kWidth * 8;
  tileShape[rank - 1] = isA ? kWidth * 8 : 8;
  SmallVector<unsigned> order =
      getOrderForDotOperand(dot.getOpIdx(), rank, /*kContig=*/true);
  LinearLayout cta =
      nvidiaMmaTile(ctx, tileShape, kWidth, order, dot.getRepOrder());
  unsigned kDim = isA ? rank - 1 : rank - 2;
  SmallVector<unsigned> warpOrder =
      getMatrixOrder(rank, /*rowMajor=*/!mma.isHopper());
  cta *= broadcastedAlongK(ctx, mma.getWarpsPerCTA(), warpOrder, kDim,
                           named(ctx, "warp"))
             .transposeOuts(llvm::to_vector(cta.getOutDimNames()));
  // The operand's CTAs: the accumulator's, never split along K (a CTA that
  // splits the accumulator along N holds all of A; dot.getCTALayout()).
  return combineCtaCgaWithShape(cta, dot.getCTALayout(), shape);
}

LinearLayout fmaDotToLinearLayout(ArrayRef<int64_t> shape,
                                  DotOperandEncodingAttr dot,
                                  BlockedEncodingAttr blocked) {
  MLIRContext *ctx = dot.getContext();
  unsigned rank = shape.size();
  ArrayRef<unsigned> order = blocked.getOrder();
  unsigned kDim = dot.getOpIdx() == 0 ? rank - 1 : rank - 2;
  // Every thread holds the whole K extent; lanes and warps repeat along K.
  SmallVector<unsigned> sizePerThread(blocked.getSizePerThread());
  sizePerThread[kDim] = shape[kDim];
  SmallVector<StringAttr> repNames =
      permuted(standardOutDimNames(ctx, rank), order);
  LinearLayout cta =
      identityStandardND(named(ctx, "register"), sizePerThread, order)
          .transposeOuts(repNames) *
      broadcastedAlongK(ctx, blocked.getThreadsPerWarp(), order, kDim,
                        named(ctx, "lane"))
          .transposeOuts(repNames) *
      broadcastedAlongK(ctx, blocked.getWarpsPerCTA(), order, kDim,
                        named(ctx, "warp"))
          .transposeOuts(repNames);
  return combineCtaCgaWithShape(cta, dot.getCTALayout(), shape);
}

//===----------------------------------------------------------------------===//
// Shared layouts
//===----------------------------------------------------------------------===//

LinearLayout swizzledSharedToLinearLayout(ArrayRef<int64_t> shape,
                                          SwizzledSharedEncodingAttr shared) {
  MLIRContext *ctx = shared.getContext();
  StringAttr kOffset = named(ctx, "offset");
  SmallVector<int64_t> perCTA = shapePerCTA(shared.getCTALayout(), shape);
  unsigned rank = shape.size();
  SmallVector<StringAttr> names = standardOutDimNames(ctx, rank);
  if (rank == 1)
    return combineCtaCgaWithShape(
        LinearLayout::identity1D(perCTA[0], kOffset, names[0]),
        shared.getCTALayout(), shape);

  // Row r's vectors of `vec` elements are XOR-ed with (r / perPhase) %
  // maxPhase; only the two fastest dims take part.
  ArrayRef<unsigned> order = shared.getOrder();
  unsigned colDim = order[0], rowDim = order[1];
  int64_t numCols = perCTA[colDim], numRows = perCTA[rowDim];
  int64_t vec = shared.getVec(), perPhase = shared.getPerPhase(),
          maxPhase = shared.getMaxPhase();
  std::vector<std::vector<int32_t>> bases;
  for (int64_t col = 1; col < numCols; col *= 2)
    bases.push_back({0, int32_t(col)});
  for (int64_t row = 1; row < numRows; row *= 2)
    bases.push_back({int32_t(row),
                     int32_t((vec * ((row / perPhase) % maxPhase)) % numCols)});
  LinearLayout cta(
      {{kOffset, std::move(bases)}},
      {{names[rowDim], int32_t(numRows)}, {names[colDim], int32_t(numCols)}},
      /*requireSurjective=*/true);
  for (unsigned dim : llvm::drop_begin(order, 2))
    cta *= LinearLayout::identity1D(perCTA[dim], kOffset, names[dim]);
  return combineCtaCgaWithShape(cta, shared.getCTALayout(), shape);
}

} // namespace

LinearLayout gpu::getCoreMatrixLinearLayout(NVMMASharedEncodingAttr shared,
                                            bool disableSwizzle) {
  MLIRContext *ctx = shared.getContext();
  int elemBits = shared.getElementBitWidth();
  int swizzleBytes = shared.getSwizzlingByteWidth();
  int vec = shared.getVec(), perPhase = shared.getPerPhase(),
      maxPhase = shared.getMaxPhase();
  int tileRows = 8;
  int tileCols = 8 * std::max(16, swizzleBytes) / elemBits;
  bool fp4Padded = shared.getFp4Padded();
  // fp4Padded: each 16 offsets hold 8 real and 8 padding elements; the
  // padding maps onto the real ones (invertAndCompose then picks the real).
  auto packed = [&](int col) {
    return fp4Padded ? col / 16 * 8 + col % 8 : col;
  };
  std::vector<std::vector<int32_t>> bases;
  for (int col = 1; col < tileCols; col *= 2)
    bases.push_back({0, packed(col)});
  for (int row = 1; row < tileRows; row *= 2) {
    int swizzled = disableSwizzle ? 0 : vec * ((row / perPhase) % maxPhase);
    bases.push_back({row, packed(swizzled)});
  }
  return LinearLayout({{named(ctx, "offset"), std::move(bases)}},
                      standardOutDimNames(ctx, 2));
}

SmallVector<int64_t> gpu::getTMABlockShape(ArrayRef<int64_t> shapePerCTA,
                                           int elementBitWidth,
                                           int swizzleBytes, bool fp4Padded,
                                           bool transposed, bool packedSize) {
  SmallVector<int64_t> block(shapePerCTA);
  unsigned contigDim = transposed ? 0 : block.size() - 1;
  if (fp4Padded)
    block[contigDim] *= 2;
  for (int64_t &size : block)
    size = std::min<int64_t>(size, 256);
  if (swizzleBytes != 0) {
    int64_t contigSize = 8 * swizzleBytes / elementBitWidth;
    if (block[contigDim] < contigSize)
      return {};
    block[contigDim] = contigSize;
  }
  if (fp4Padded && packedSize)
    block[contigDim] /= 2;
  return block;
}

LinearLayout gpu::nvmmaSharedToLinearLayout(ArrayRef<int64_t> shape,
                                            NVMMASharedEncodingAttr shared,
                                            bool disableSwizzle) {
  MLIRContext *ctx = shared.getContext();
  int rank = shape.size();
  StringAttr kOffset = named(ctx, "offset");
  SmallVector<int64_t> perCTA = shapePerCTA(shared.getCTALayout(), shape);
  SmallVector<StringAttr> names = standardOutDimNames(ctx, rank);
  SmallVector<int64_t> tma = getTMABlockShape(
      perCTA, shared.getElementBitWidth(), shared.getSwizzlingByteWidth(),
      shared.getFp4Padded(), shared.getTransposed(), /*packedSize=*/true);
  if (tma.empty())
    llvm::report_fatal_error("nvmma_shared buffer narrower than its swizzle");

  if (shared.getSwizzlingByteWidth() == 0) {
    // Row-major TMA boxes, repeated.
    LinearLayout layout;
    for (int i = rank - 1; i >= 0; --i)
      layout *= LinearLayout::identity1D(tma[i], kOffset, names[i]);
    layout = ensureLayoutNotSmallerThan(layout, names, perCTA);
    return combineCtaCgaWithShape(layout, shared.getCTALayout(), shape);
  }

  // Collapse the box to 2D (rows x contiguous), tile it with core matrices,
  // and reshape back.
  std::array<int64_t, 2> collapsed{1, tma.back()};
  for (int i = 0; i + 1 < rank; ++i)
    collapsed[0] *= tma[i];
  if (shared.getTransposed())
    std::swap(collapsed[0], collapsed[1]);
  LinearLayout tile = getCoreMatrixLinearLayout(shared, disableSwizzle);
  SmallVector<StringAttr> names2D = standardOutDimNames(ctx, 2);
  LinearLayout layout = ensureLayoutNotSmallerThan(tile, names2D, collapsed);

  // Transposed: the box is stored with its first dim innermost.
  SmallVector<int64_t> storedShape(tma);
  if (shared.getTransposed())
    std::rotate(storedShape.begin(), storedShape.begin() + 1,
                storedShape.end());
  LinearLayout reshaped = reshapeLayout(ctx, layout, storedShape);
  if (shared.getTransposed()) {
    SmallVector<int> order = {rank - 1};
    for (int i = 0; i < rank - 1; ++i)
      order.push_back(i);
    reshaped = transposeLinearLayout(reshaped, order);
  }
  reshaped = ensureLayoutNotSmallerThan(reshaped, names, perCTA);
  return combineCtaCgaWithShape(reshaped, shared.getCTALayout(), shape);
}

LinearLayout gpu::nvidiaMmaTile(MLIRContext *ctx, ArrayRef<unsigned> tileShape,
                                unsigned kWidth, ArrayRef<unsigned> order,
                                ArrayRef<unsigned> repOrder) {
  unsigned rank = repOrder.size();
  SmallVector<StringAttr> names = standardOutDimNames(ctx, rank);
  StringAttr kRegister = named(ctx, "register");
  StringAttr kLane = named(ctx, "lane");
  // Start from size-1 dims in repOrder, so repetitions follow repOrder.
  LinearLayout tile =
      identityStandardND(kRegister, SmallVector<unsigned>(rank, 1), repOrder);
  unsigned inner = order[0], outer = order[1];
  unsigned m = tileShape[outer], n = tileShape[inner];
  return tile * LinearLayout::identity1D(kWidth, kRegister, names[inner]) *
         LinearLayout::identity1D(4, kLane, names[inner]) *
         LinearLayout::identity1D(8, kLane, names[outer]) *
         LinearLayout::identity1D(m / 8, kRegister, names[outer]) *
         LinearLayout::identity1D(n / (kWidth * 4), kRegister, names[inner]);
}

LinearLayout gpu::makeCgaLayout(CTAEncodingAttr cgaLayout) {
  MLIRContext *ctx = cgaLayout.getContext();
  LinearLayout::BasesT bases;
  auto &blockBases = bases[named(ctx, "block")];
  for (const auto &basis : cgaLayout.getBases())
    blockBases.emplace_back(basis.begin(), basis.end());
  std::string error;
  auto layout = LinearLayout::tryCreate(
      std::move(bases), standardOutDimNames(ctx, cgaLayout.getRank()),
      /*requireSurjective=*/false, &error);
  if (!layout)
    llvm::report_fatal_error(llvm::Twine("invalid CTA layout: ") + error);
  return *layout;
}

LinearLayout gpu::combineCtaCgaWithShape(LinearLayout ctaLayout,
                                         CTAEncodingAttr cgaLayout,
                                         ArrayRef<int64_t> shape) {
  MLIRContext *ctx = cgaLayout.getContext();
  SmallVector<StringAttr> names = standardOutDimNames(ctx, shape.size());
  llvm::SmallDenseMap<StringAttr, int64_t> labeled;
  for (auto [name, size] : llvm::zip(names, shape))
    labeled[name] = size;
  LinearLayout cga =
      ensureLayoutNotLargerThan(makeCgaLayout(cgaLayout), labeled)
          .transposeOuts(llvm::to_vector(ctaLayout.getOutDimNames()));
  llvm::SmallDenseMap<StringAttr, int64_t> ctaShape;
  for (StringAttr name : ctaLayout.getOutDimNames())
    ctaShape[name] =
        std::max<int64_t>(1, labeled[name] / cga.getOutDimSize(name));
  ctaLayout = ensureLayoutNotSmallerThan(ctaLayout, ctaShape);
  ctaLayout = ensureLayoutNotLargerThan(ctaLayout, ctaShape);
  return (ctaLayout * cga).transposeOuts(names);
}

LinearLayout gpu::getLayoutWithinBlock(const LinearLayout &layout) {
  if (layout.getNumInDims() == 0)
    llvm::report_fatal_error("getLayoutWithinBlock: empty layout");
  MLIRContext *ctx = layout.getInDimNames().begin()->getContext();
  LinearLayout::BasesT bases = layout.getBases();
  bases[named(ctx, "block")] = {};
  auto result = LinearLayout::tryCreate(
      std::move(bases), llvm::to_vector(layout.getOutDimNames()),
      /*requireSurjective=*/false);
  if (!result)
    llvm::report_fatal_error("getLayoutWithinBlock: invalid layout");
  return *result;
}

namespace {

/// A #ttg.linear / #ttg.shared_linear map over a tensor of `shape`: a
/// larger tensor repeats it in registers (offsets), a smaller one drops
/// registers and broadcasts lanes and warps beyond it.
LinearLayout fitToShape(const LinearLayout &layout, ArrayRef<int64_t> shape) {
  MLIRContext *ctx = layout.getOutDimNames().begin()->getContext();
  SmallVector<StringAttr> dims = standardOutDimNames(ctx, shape.size());
  llvm::SmallDenseMap<StringAttr, int64_t> sizes;
  for (auto [dim, size] : llvm::zip(dims, shape))
    sizes[dim] = size;
  return ensureLayoutNotSmallerThan(ensureLayoutNotLargerThan(layout, sizes),
                                    sizes);
}

LinearLayout buildLayout(ArrayRef<int64_t> shape, Attribute layout) {
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(layout))
    return blockedToLinearLayout(shape, blocked);
  if (auto slice = dyn_cast<SliceEncodingAttr>(layout))
    return sliceToLinearLayout(shape, slice);
  if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(layout))
    return mmaToLinearLayout(shape, mma);
  if (auto dot = dyn_cast<DotOperandEncodingAttr>(layout)) {
    if (auto blocked = dyn_cast<BlockedEncodingAttr>(dot.getParent()))
      return fmaDotToLinearLayout(shape, dot, blocked);
    return mmaDotToLinearLayout(shape, dot,
                                cast<NvidiaMmaEncodingAttr>(dot.getParent()));
  }
  if (auto shared = dyn_cast<SwizzledSharedEncodingAttr>(layout))
    return swizzledSharedToLinearLayout(shape, shared);
  if (auto shared = dyn_cast<NVMMASharedEncodingAttr>(layout))
    return nvmmaSharedToLinearLayout(shape, shared);
  if (auto linear = dyn_cast<LinearEncodingAttr>(layout))
    return fitToShape(linear.getLinearLayout(), shape);
  if (auto shared = dyn_cast<SharedLinearEncodingAttr>(layout))
    return fitToShape(shared.getLinearLayout(), shape);
  // Where each element is before padding (the lowering adds the padding).
  if (auto padded = dyn_cast<PaddedSharedEncodingAttr>(layout))
    return fitToShape(padded.getLinearComponent(), shape);
  llvm::report_fatal_error("toLinearLayout: unsupported layout");
}

} // namespace

struct TritonGPUDialect::LinearLayoutCache {
  std::mutex mutex;
  std::map<std::pair<const void *, std::vector<int64_t>>, LinearLayout>
      layouts;
};

namespace {

/// buildLayout, remembered per context: attributes are unique and live as
/// long as their context, so (attribute, shape) names one layout there.
LinearLayout cachedBuildLayout(ArrayRef<int64_t> shape, Attribute layout) {
  auto *dialect =
      layout.getContext()->getLoadedDialect<TritonGPUDialect>();
  if (!dialect || !dialect->linearLayoutCache)
    return buildLayout(shape, layout);
  TritonGPUDialect::LinearLayoutCache &cache = *dialect->linearLayoutCache;
  std::pair<const void *, std::vector<int64_t>> key(
      layout.getAsOpaquePointer(),
      std::vector<int64_t>(shape.begin(), shape.end()));
  {
    std::lock_guard<std::mutex> lock(cache.mutex);
    auto it = cache.layouts.find(key);
    if (it != cache.layouts.end())
      return it->second;
  }
  LinearLayout built = buildLayout(shape, layout);
  std::lock_guard<std::mutex> lock(cache.mutex);
  cache.layouts.emplace(std::move(key), built);
  return built;
}

} // namespace

void gpu::initLinearLayoutCache(TritonGPUDialect *dialect) {
  dialect->linearLayoutCache =
      std::make_shared<TritonGPUDialect::LinearLayoutCache>();
}

LinearLayout gpu::toLinearLayout(ArrayRef<int64_t> shape, Attribute layout) {
  std::string reason;
  {
    llvm::raw_string_ostream os(reason);
    if (failed(verifyLinearLayoutConvertible(shape, layout, nullptr))) {
      os << "toLinearLayout: cannot convert " << layout << " for shape [";
      llvm::interleaveComma(shape, os);
      os << "]";
      llvm::report_fatal_error(llvm::StringRef(reason));
    }
  }
  return cachedBuildLayout(shape, layout);
}

FailureOr<LinearLayout>
gpu::tryToLinearLayout(ArrayRef<int64_t> shape, Attribute layout,
                       function_ref<InFlightDiagnostic()> emitError) {
  if (failed(verifyLinearLayoutConvertible(shape, layout, emitError)))
    return failure();
  return cachedBuildLayout(shape, layout);
}

LinearLayout gpu::toLinearLayout(RankedTensorType type) {
  return toLinearLayout(type.getShape(), type.getEncoding());
}

LinearLayout gpu::toLinearLayout(MemDescType type) {
  ArrayRef<int64_t> allocShape = type.getAllocShape();
  return toLinearLayout(allocShape.take_back(type.getShape().size()),
                        type.getEncoding());
}

//===----------------------------------------------------------------------===//
// #ttg.linear
//===----------------------------------------------------------------------===//

SmallVector<unsigned>
gpu::getLinearLayoutOrder(const LinearLayout &layout, StringAttr inDim,
                          ArrayRef<unsigned> defaultOrder) {
  llvm::SetVector<unsigned> order;
  if (layout.hasInDim(inDim)) {
    for (const auto &basis : layout.getBases().find(inDim)->second) {
      auto it = llvm::find_if(basis, [](int32_t v) { return v != 0; });
      if (it != basis.end())
        order.insert(it - basis.begin());
    }
  }
  order.insert(defaultOrder.begin(), defaultOrder.end());
  return order.takeVector();
}

LinearLayout gpu::fitLinearEncoding(const LinearLayout &encoded,
                                    ArrayRef<int64_t> shape) {
  unsigned rank = encoded.getNumOutDims();
  if (shape.size() != rank || encoded.getNumInDims() == 0)
    llvm::report_fatal_error("fitLinearEncoding: rank mismatch");
  MLIRContext *ctx = encoded.getInDimNames().begin()->getContext();
  SmallVector<unsigned> defaultOrder(rank);
  std::iota(defaultOrder.rbegin(), defaultOrder.rend(), 0);
  SmallVector<unsigned> order = getLinearLayoutOrder(
      encoded, StringAttr::get(ctx, "register"), defaultOrder);
  SmallVector<StringAttr> names = llvm::to_vector(encoded.getOutDimNames());
  llvm::SmallDenseMap<StringAttr, int64_t> namedShape;
  for (auto [name, size] : llvm::zip(names, shape))
    namedShape[name] = size;
  LinearLayout layout = encoded.transposeOuts(permuted(names, order));
  layout = ensureLayoutNotSmallerThan(layout, namedShape);
  layout = ensureLayoutNotLargerThan(layout, namedShape,
                                     /*broadcastRegisters=*/false);
  return layout.transposeOuts(names);
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

unsigned gpu::getNumRegisters(ArrayRef<int64_t> shape, Attribute layout) {
  LinearLayout ll = toLinearLayout(shape, layout);
  StringAttr kRegister = StringAttr::get(layout.getContext(), "register");
  if (!ll.hasInDim(kRegister))
    llvm::report_fatal_error("getNumRegisters: not a distributed layout");
  return ll.getInDimSize(kRegister);
}

int gpu::getSharedVectorization(const LinearLayout &regLayout,
                                const LinearLayout &sharedLayout,
                                int maxElems) {
  // register/lane/warp/block -> offset/block; its leading registers that
  // step through consecutive offsets form one vector.
  LinearLayout cvt = regLayout.invertAndCompose(sharedLayout);
  MLIRContext *ctx = regLayout.getInDimNames().begin()->getContext();
  StringAttr kRegister = StringAttr::get(ctx, "register");
  StringAttr kOffset = StringAttr::get(ctx, "offset");
  if (*cvt.getInDimNames().begin() != kRegister ||
      *cvt.getOutDimNames().begin() != kOffset)
    llvm::report_fatal_error("getSharedVectorization: expected a register "
                             "layout and an offset layout");
  int vec = cvt.getNumConsecutiveInOut();
  return maxElems > 0 ? std::min(vec, maxElems) : vec;
}
