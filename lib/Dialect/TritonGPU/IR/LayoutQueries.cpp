//===- LayoutQueries.cpp - what a ttg layout says about a tensor ----------===//
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "llvm/ADT/TypeSwitch.h"

#include <numeric>

using namespace mlir;
using namespace mlir::triton::gpu;

static unsigned product(ArrayRef<unsigned> values) {
  return std::accumulate(values.begin(), values.end(), 1u,
                         std::multiplies<unsigned>());
}

/// `values` without entry `dim`.
static SmallVector<unsigned> eraseDim(ArrayRef<unsigned> values,
                                      unsigned dim) {
  SmallVector<unsigned> result(values);
  result.erase(result.begin() + dim);
  return result;
}

/// An order of a slice's parent made an order of the slice: `dim` removed,
/// the dimensions above it renumbered.
static SmallVector<unsigned> eraseOrder(ArrayRef<unsigned> order,
                                        unsigned dim) {
  SmallVector<unsigned> result;
  for (unsigned d : order)
    if (d != dim)
      result.push_back(d > dim ? d - 1 : d);
  return result;
}

/// A per-dimension count of a slice's parent, with the removed dimension's
/// count folded into its neighbour so the product is unchanged (Triton's
/// legacy slice semantics for threads and warps).
static SmallVector<unsigned> foldSlicedDim(ArrayRef<unsigned> parent,
                                           unsigned dim) {
  SmallVector<unsigned> result = eraseDim(parent, dim);
  unsigned next = dim < result.size() ? dim : dim - 1;
  result[next] *= parent[dim];
  return result;
}

/// [1, ..., 1, rows, cols] for a rank-`rank` matrix layout.
static SmallVector<unsigned> matrixValues(unsigned rank, unsigned rows,
                                          unsigned cols) {
  SmallVector<unsigned> values(rank, 1);
  values[rank - 2] = rows;
  values[rank - 1] = cols;
  return values;
}

SmallVector<unsigned> mlir::triton::gpu::getMatrixOrder(unsigned rank,
                                                        bool rowMajor) {
  SmallVector<unsigned> order(rank);
  std::iota(order.rbegin(), order.rend(), 0);
  if (rank >= 2 && !rowMajor)
    std::swap(order[0], order[1]);
  return order;
}

SmallVector<unsigned>
mlir::triton::gpu::getOrderForDotOperand(unsigned opIdx, unsigned rank,
                                         bool kContig) {
  // opIdx 0 is [batch, M, K], opIdx 1 [batch, K, N]: K is the innermost
  // dimension of A and the second innermost of B.
  bool rowMajor = (opIdx != 0) != kContig;
  return getMatrixOrder(rank, rowMajor);
}

//===----------------------------------------------------------------------===//
// Orders
//===----------------------------------------------------------------------===//

SmallVector<unsigned> mlir::triton::gpu::getOrder(Attribute layout) {
  return TypeSwitch<Attribute, SmallVector<unsigned>>(layout)
      .Case([](BlockedEncodingAttr enc) {
        return SmallVector<unsigned>(enc.getOrder());
      })
      .Case([](SliceEncodingAttr enc) {
        return eraseOrder(getOrder(enc.getParent()), enc.getDim());
      })
      .Case([](NvidiaMmaEncodingAttr enc) {
        return getMatrixOrder(enc.getRank(), /*rowMajor=*/true);
      })
      .Case([](DotOperandEncodingAttr enc) {
        if (isa<BlockedEncodingAttr>(enc.getParent()))
          return getOrder(enc.getParent());
        return getOrderForDotOperand(enc.getOpIdx(), enc.getRank(),
                                     /*kContig=*/true);
      })
      .Case([](SwizzledSharedEncodingAttr enc) {
        return SmallVector<unsigned>(enc.getOrder());
      })
      .Case([](NVMMASharedEncodingAttr enc) {
        unsigned rank = enc.getRank();
        if (rank == 1)
          return SmallVector<unsigned>{0};
        return getMatrixOrder(rank, /*rowMajor=*/!enc.getTransposed());
      })
      .Case<LinearEncodingAttr, SharedLinearEncodingAttr,
            PaddedSharedEncodingAttr>([](auto enc) { return enc.getOrder(); })
      .Default([](Attribute) { return SmallVector<unsigned>(); });
}

SmallVector<unsigned> mlir::triton::gpu::getThreadOrder(Attribute layout) {
  if (auto linear = dyn_cast<LinearEncodingAttr>(layout))
    return linear.getThreadOrder();
  if (auto slice = dyn_cast<SliceEncodingAttr>(layout))
    return eraseOrder(getThreadOrder(slice.getParent()), slice.getDim());
  return getOrder(layout);
}

SmallVector<unsigned> mlir::triton::gpu::getWarpOrder(Attribute layout) {
  if (auto linear = dyn_cast<LinearEncodingAttr>(layout))
    return linear.getWarpOrder();
  if (auto slice = dyn_cast<SliceEncodingAttr>(layout))
    return eraseOrder(getWarpOrder(slice.getParent()), slice.getDim());
  // The warps of an mma layout (and of its operands) go down M first.
  if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(layout))
    return getMatrixOrder(mma.getRank(), /*rowMajor=*/false);
  if (auto dot = dyn_cast<DotOperandEncodingAttr>(layout))
    return getWarpOrder(dot.getParent());
  return getOrder(layout);
}

//===----------------------------------------------------------------------===//
// Distributed layouts
//===----------------------------------------------------------------------===//

SmallVector<unsigned> mlir::triton::gpu::getSizePerThread(Attribute layout) {
  return TypeSwitch<Attribute, SmallVector<unsigned>>(layout)
      .Case([](LinearEncodingAttr enc) { return enc.getSizePerThread(); })
      .Case([](BlockedEncodingAttr enc) {
        return SmallVector<unsigned>(enc.getSizePerThread());
      })
      .Case([](SliceEncodingAttr enc) {
        return eraseDim(getSizePerThread(enc.getParent()), enc.getDim());
      })
      .Case([](NvidiaMmaEncodingAttr enc) {
        return matrixValues(enc.getRank(), 1, 2);
      })
      .Case([](DotOperandEncodingAttr enc) {
        if (isa<BlockedEncodingAttr>(enc.getParent()))
          return getSizePerThread(enc.getParent());
        unsigned k = enc.getKWidth();
        return enc.getOpIdx() == 0 ? matrixValues(enc.getRank(), 1, k)
                                   : matrixValues(enc.getRank(), k, 1);
      })
      .Default([](Attribute) { return SmallVector<unsigned>(); });
}

SmallVector<unsigned> mlir::triton::gpu::getThreadsPerWarp(Attribute layout) {
  return TypeSwitch<Attribute, SmallVector<unsigned>>(layout)
      .Case([](LinearEncodingAttr enc) { return enc.getThreadsPerWarp(); })
      .Case([](BlockedEncodingAttr enc) {
        return SmallVector<unsigned>(enc.getThreadsPerWarp());
      })
      .Case([](SliceEncodingAttr enc) {
        return foldSlicedDim(getThreadsPerWarp(enc.getParent()),
                             enc.getDim());
      })
      .Case([](NvidiaMmaEncodingAttr enc) {
        return matrixValues(enc.getRank(), 8, 4);
      })
      .Case([](DotOperandEncodingAttr enc) {
        if (isa<BlockedEncodingAttr>(enc.getParent()))
          return getThreadsPerWarp(enc.getParent());
        // 4 lanes along K, 8 along M (A) or N (B).
        return enc.getOpIdx() == 0 ? matrixValues(enc.getRank(), 8, 4)
                                   : matrixValues(enc.getRank(), 4, 8);
      })
      .Default([](Attribute) { return SmallVector<unsigned>(); });
}

SmallVector<unsigned> mlir::triton::gpu::getWarpsPerCTA(Attribute layout) {
  return TypeSwitch<Attribute, SmallVector<unsigned>>(layout)
      .Case([](LinearEncodingAttr enc) { return enc.getWarpsPerCTA(); })
      .Case([](BlockedEncodingAttr enc) {
        return SmallVector<unsigned>(enc.getWarpsPerCTA());
      })
      .Case([](SliceEncodingAttr enc) {
        return foldSlicedDim(getWarpsPerCTA(enc.getParent()), enc.getDim());
      })
      .Case([](NvidiaMmaEncodingAttr enc) {
        return SmallVector<unsigned>(enc.getWarpsPerCTA());
      })
      .Case([](DotOperandEncodingAttr enc) {
        SmallVector<unsigned> warps = getWarpsPerCTA(enc.getParent());
        if (isa<NvidiaMmaEncodingAttr>(enc.getParent())) {
          // Warps do not split K: those along it hold copies.
          unsigned rank = warps.size();
          warps[enc.getOpIdx() == 0 ? rank - 1 : rank - 2] = 1;
        }
        return warps;
      })
      .Default([](Attribute) { return SmallVector<unsigned>(); });
}

unsigned mlir::triton::gpu::getNumWarpsPerCTA(Attribute layout) {
  if (auto dot = dyn_cast<DotOperandEncodingAttr>(layout))
    return getNumWarpsPerCTA(dot.getParent());
  return product(getWarpsPerCTA(layout));
}

SmallVector<unsigned> mlir::triton::gpu::getShapePerCTATile(Attribute layout) {
  return TypeSwitch<Attribute, SmallVector<unsigned>>(layout)
      .Case([](LinearEncodingAttr enc) {
        // The layout's extent within one CTA.
        SmallVector<unsigned> tile;
        for (auto [size, split] :
             llvm::zip(enc.getLinearLayout().getOutDimSizes(),
                       enc.getCTALayout().getCTASplitNum()))
          tile.push_back(size / split);
        return tile;
      })
      .Case([](BlockedEncodingAttr enc) {
        SmallVector<unsigned> tile;
        for (auto [s, t, w] : llvm::zip(enc.getSizePerThread(),
                                        enc.getThreadsPerWarp(),
                                        enc.getWarpsPerCTA()))
          tile.push_back(s * t * w);
        return tile;
      })
      .Case([](SliceEncodingAttr enc) {
        return eraseDim(getShapePerCTATile(enc.getParent()), enc.getDim());
      })
      .Case([](NvidiaMmaEncodingAttr enc) {
        ArrayRef<unsigned> warps = enc.getWarpsPerCTA();
        unsigned rank = warps.size();
        // Hopper's instrShape is [(B,) M, N, K], Ampere's [(B,) M, N].
        unsigned instrN = enc.isHopper()
                              ? enc.getInstrShape()[enc.getInstrShape().size() -
                                                    2]
                              : enc.getInstrShape()[enc.getInstrShape().size() -
                                                    1];
        SmallVector<unsigned> tile(warps);
        tile[rank - 2] = 16 * warps[rank - 2];
        tile[rank - 1] = instrN * warps[rank - 1];
        return tile;
      })
      .Case([](DotOperandEncodingAttr enc) {
        SmallVector<unsigned> tile = getShapePerCTATile(enc.getParent());
        unsigned rank = tile.size();
        unsigned kDim = enc.getOpIdx() == 0 ? rank - 1 : rank - 2;
        if (isa<NvidiaMmaEncodingAttr>(enc.getParent()))
          tile[kDim] = 8 * enc.getKWidth();
        return tile;
      })
      .Default([](Attribute) { return SmallVector<unsigned>(); });
}

SmallVector<unsigned>
mlir::triton::gpu::getElemsPerThread(Attribute layout,
                                     ArrayRef<int64_t> shape) {
  if (auto distributed = dyn_cast<DistributedEncodingTrait>(layout))
    return distributed.getElemsPerThread(shape);
  return {};
}

unsigned mlir::triton::gpu::getTotalElemsPerThread(Attribute layout,
                                                   ArrayRef<int64_t> shape) {
  if (auto distributed = dyn_cast<DistributedEncodingTrait>(layout))
    return distributed.getTotalElemsPerThread(shape);
  return 0;
}

SmallVector<unsigned> mlir::triton::gpu::getElemsPerThread(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return {1};
  return getElemsPerThread(tensor.getEncoding(), tensor.getShape());
}

unsigned mlir::triton::gpu::getTotalElemsPerThread(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return 1;
  return getTotalElemsPerThread(tensor.getEncoding(), tensor.getShape());
}

SmallVector<unsigned>
mlir::triton::gpu::getContigPerThread(RankedTensorType type) {
  Attribute layout = type.getEncoding();
  ArrayRef<int64_t> shape = type.getShape();
  if (auto slice = dyn_cast<SliceEncodingAttr>(layout)) {
    auto parentType = RankedTensorType::get(slice.paddedShape(shape),
                                            type.getElementType(),
                                            slice.getParent());
    return eraseDim(getContigPerThread(parentType), slice.getDim());
  }
  SmallVector<unsigned> contig = getSizePerThread(layout);
  if (auto dot = dyn_cast<DotOperandEncodingAttr>(layout)) {
    // An FMA operand holds all of K.
    if (isa<BlockedEncodingAttr>(dot.getParent())) {
      unsigned rank = contig.size();
      contig[dot.getOpIdx() == 0 ? rank - 1 : rank - 2] =
          shape[dot.getOpIdx() == 0 ? rank - 1 : rank - 2];
    }
  }
  SmallVector<int64_t> shapePerCTA = getShapePerCTA(layout, shape);
  for (auto [c, s] : llvm::zip(contig, shapePerCTA))
    c = std::min<int64_t>(c, s);
  return contig;
}

//===----------------------------------------------------------------------===//
// CTAs of a CGA
//===----------------------------------------------------------------------===//

CTAEncodingAttr mlir::triton::gpu::getCTALayout(Attribute layout) {
  if (auto trait = dyn_cast<LayoutEncodingTrait>(layout))
    return trait.getCTALayout();
  return {};
}

SmallVector<unsigned> mlir::triton::gpu::getCTAsPerCGA(Attribute layout) {
  CTAEncodingAttr cta = getCTALayout(layout);
  return cta ? cta.getCTAsPerCGA() : SmallVector<unsigned>();
}

SmallVector<unsigned> mlir::triton::gpu::getCTASplitNum(Attribute layout) {
  CTAEncodingAttr cta = getCTALayout(layout);
  return cta ? cta.getCTASplitNum() : SmallVector<unsigned>();
}

SmallVector<unsigned> mlir::triton::gpu::getCTAOrder(Attribute layout) {
  CTAEncodingAttr cta = getCTALayout(layout);
  return cta ? cta.getCTAOrder() : SmallVector<unsigned>();
}

unsigned mlir::triton::gpu::getNumCTAs(Attribute layout) {
  return product(getCTAsPerCGA(layout));
}

SmallVector<int64_t>
mlir::triton::gpu::getShapePerCTA(ArrayRef<unsigned> CTASplitNum,
                                  ArrayRef<int64_t> shape) {
  unsigned rank = shape.size();
  SmallVector<unsigned> split(CTASplitNum);
  if (split.size() <= rank)
    split.insert(split.begin(), rank - split.size(), 1);
  else
    split.erase(split.begin(), split.begin() + (split.size() - rank));
  SmallVector<int64_t> result;
  for (auto [s, n] : llvm::zip(shape, split))
    result.push_back(s / std::min<int64_t>(s, n));
  return result;
}

SmallVector<int64_t> mlir::triton::gpu::getShapePerCTA(Attribute layout,
                                                       ArrayRef<int64_t> shape) {
  return getShapePerCTA(getCTASplitNum(layout), shape);
}

SmallVector<int64_t> mlir::triton::gpu::getShapePerCTA(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return getShapePerCTA(tensor.getEncoding(), tensor.getShape());
  if (auto memdesc = dyn_cast<MemDescType>(type))
    return getShapePerCTA(memdesc.getEncoding(), memdesc.getShape());
  return {};
}

//===----------------------------------------------------------------------===//
// Default layouts
//===----------------------------------------------------------------------===//

BlockedEncodingAttr mlir::triton::gpu::getDefaultBlockedEncoding(
    MLIRContext *context, ArrayRef<int64_t> shape, int numWarps,
    int threadsPerWarp, int numCTAs) {
  unsigned rank = shape.size();
  SmallVector<unsigned> order(rank);
  std::iota(order.rbegin(), order.rend(), 0);
  SmallVector<unsigned> sizePerThread(rank, 1);
  return BlockedEncodingAttr::get(
      context, shape, ArrayRef<unsigned>(sizePerThread),
      ArrayRef<unsigned>(order), unsigned(numWarps), unsigned(threadsPerWarp),
      unsigned(numCTAs));
}

NVMMASharedEncodingAttr mlir::triton::gpu::getNVMMASharedEncoding(
    MLIRContext *ctx, ArrayRef<int64_t> shape, ArrayRef<unsigned> order,
    CTAEncodingAttr ctaLayout, Type elemType) {
  SmallVector<int64_t> shapePerCTA =
      getShapePerCTA(ctaLayout.getCTASplitNum(), shape);
  unsigned bitWidth = elemType.getIntOrFloatBitWidth();
  int64_t rowBytes = shapePerCTA[order[0]] * bitWidth / 8;
  unsigned swizzle = 0;
  for (unsigned width : {128u, 64u, 32u})
    if (rowBytes >= width && rowBytes % width == 0) {
      swizzle = width;
      break;
    }
  int64_t rows = 1;
  for (size_t i = 1; i < shapePerCTA.size(); ++i)
    rows *= shapePerCTA[order[i]];
  if (shapePerCTA.size() < 2 || rows < 8)
    swizzle = 0;
  // One dimension has nothing to transpose.
  bool transposed = shapePerCTA.size() > 1 && order[0] == 0;
  return NVMMASharedEncodingAttr::get(ctx, swizzle, transposed, bitWidth,
                                      /*fp4Padded=*/false, ctaLayout);
}

NVMMASharedEncodingAttr
mlir::triton::gpu::getEquivalentNVMMAShared(MemDescType type) {
  Attribute encoding = type.getEncoding();
  if (auto nvmma = dyn_cast_or_null<NVMMASharedEncodingAttr>(encoding))
    return nvmma;
  if (!isa_and_nonnull<SharedEncodingTrait>(encoding) ||
      isa<PaddedSharedEncodingAttr>(encoding) || type.getRank() != 2 ||
      !type.getElementType().isIntOrFloat())
    return {};
  CTAEncodingAttr cta = getCTALayout(encoding);
  if (!cta)
    return {};
  LinearLayout own = toLinearLayout(type);
  MLIRContext *ctx = type.getContext();
  unsigned bits = type.getElementType().getIntOrFloatBitWidth();
  for (unsigned swizzle : {128u, 64u, 32u, 0u})
    for (bool transposed : {false, true}) {
      auto candidate = NVMMASharedEncodingAttr::get(
          ctx, swizzle, transposed, bits, /*fp4Padded=*/false, cta);
      // Over the allocation's shape, as toLinearLayout(MemDescType) lays
      // out `type`; a candidate the shape cannot hold fails here.
      FailureOr<LinearLayout> layout =
          tryToLinearLayout(type.getAllocShape().take_back(2), candidate,
                            [] { return InFlightDiagnostic(); });
      if (succeeded(layout) && *layout == own)
        return candidate;
    }
  return {};
}

std::optional<mlir::triton::gpu::WgmmaCoreMatrices>
mlir::triton::gpu::getWgmmaCoreMatrices(MemDescType type, unsigned kDim) {
  if (type.getRank() != 2 || !type.getElementType().isIntOrFloat() ||
      !isa_and_nonnull<SharedEncodingTrait>(type.getEncoding()) ||
      isa<PaddedSharedEncodingAttr>(type.getEncoding()))
    return std::nullopt;
  unsigned bits = type.getElementType().getIntOrFloatBitWidth();
  if (bits < 8 || bits > 32)
    return std::nullopt;
  int64_t elemBytes = bits / 8, rowElems = 16 / elemBytes;
  unsigned mnDim = 1 - kDim;
  SmallVector<int64_t> perCTA = getShapePerCTA(type);
  LinearLayout inverse = toLinearLayout(type).pseudoinvert();
  MLIRContext *ctx = type.getContext();
  StringAttr offsetDim = StringAttr::get(ctx, "offset");
  SmallVector<StringAttr> dims = llvm::to_vector(inverse.getInDimNames());
  // The offset (in elements) of the element at coordinate `v` of `dim`.
  auto offsetAt = [&](unsigned dim, int32_t v) -> int64_t {
    int32_t c[2] = {0, 0};
    c[dim] = v;
    for (auto [name, value] : inverse.apply({{dims[0], c[0]}, {dims[1], c[1]}}))
      if (name == offsetDim)
        return value;
    return -1;
  };
  // The stride between groups of `group` along `dim`, every further group
  // at its multiple (so that adding offsets is xor-ing them); 0 when the
  // dimension holds one group; -1 when the groups are not so placed.
  auto groupStride = [&](unsigned dim, int64_t group) -> int64_t {
    if (perCTA[dim] <= group)
      return 0;
    int64_t stride = offsetAt(dim, group);
    if (stride <= 0 || !llvm::isPowerOf2_64(stride))
      return -1;
    for (int64_t g = 1; group * g < perCTA[dim]; g *= 2)
      if (offsetAt(dim, group * g) != g * stride)
        return -1;
    return stride;
  };
  for (bool mnMajor : {false, true}) {
    if (mnMajor && bits != 16)
      break;
    // A core matrix: 16 bytes along `rowDim`, then its 8 rows along
    // `colDim` back to back.
    unsigned rowDim = mnMajor ? mnDim : kDim;
    unsigned colDim = mnMajor ? kDim : mnDim;
    if (perCTA[rowDim] < rowElems || perCTA[colDim] < 8)
      continue;
    bool core = true;
    for (int32_t e = 1; e < rowElems; e *= 2)
      core &= offsetAt(rowDim, e) == e;
    for (int32_t r = 1; r < 8; r *= 2)
      core &= offsetAt(colDim, r) == r * rowElems;
    if (!core)
      continue;
    int64_t sbo = groupStride(mnDim, mnMajor ? rowElems : 8);
    int64_t lbo = groupStride(kDim, mnMajor ? 8 : rowElems);
    if (sbo < 0 || lbo < 0)
      continue;
    return WgmmaCoreMatrices{lbo * elemBytes, sbo * elemBytes, mnMajor};
  }
  return std::nullopt;
}
