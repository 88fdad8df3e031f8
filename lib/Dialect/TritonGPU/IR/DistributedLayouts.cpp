//===- DistributedLayouts.cpp - blocked, slice, nvidia_mma, dot_op --------===//
//
// Text form, verification, builders and the DistributedEncodingTrait methods
// of the layouts that spread a tensor over the threads' registers.
//
//===----------------------------------------------------------------------===//
#include "AttrUtils.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::layout_text;

static bool allPowersOfTwo(ArrayRef<unsigned> values) {
  return llvm::all_of(values,
                      [](unsigned v) { return llvm::isPowerOf2_32(v); });
}

static unsigned rankOf(Attribute layout) {
  if (auto trait = dyn_cast<LayoutEncodingTrait>(layout))
    return trait.getRank();
  return 0;
}

/// Registers one thread holds along a dimension of per-CTA size `size` in a
/// layout whose tile covers `tile` along it, with one register bit per
/// entry of `registerStrides`: a larger tensor repeats the tile; a smaller
/// one keeps every register (they duplicate elements).
static unsigned registersAlong(int64_t size, unsigned tile,
                               ArrayRef<unsigned> registerStrides) {
  unsigned perTile = 1u << registerStrides.size();
  return size > tile ? perTile * ((size + tile - 1) / tile) : perTile;
}

/// Elements (registers, duplicates included) each thread holds along each
/// dimension: counted on the linear layout `layout` denotes for `shape`, as
/// Triton does (a duplicate register counts for the dimension of the
/// register before it); `tileFormula` when the layout cannot be built (e.g.
/// a shape that is not a power of two).
static SmallVector<unsigned>
elemsPerThreadOf(Attribute layout, ArrayRef<int64_t> shape,
                 function_ref<SmallVector<unsigned>()> tileFormula) {
  FailureOr<LinearLayout> ll = tryToLinearLayout(shape, layout, {});
  if (failed(ll))
    return tileFormula();
  return countBasesPerDim(
      ll->getBases().lookup(StringAttr::get(layout.getContext(), "register")),
      shape.size(), /*skipBroadcast=*/false);
}

/// The register strides (one per register bit) along a dimension where a
/// thread holds `n` consecutive elements: 1, 2, ..., n/2.
static SmallVector<unsigned> consecutiveStrides(unsigned n) {
  SmallVector<unsigned> strides;
  for (unsigned s = 1; s < n; s *= 2)
    strides.push_back(s);
  return strides;
}

//===----------------------------------------------------------------------===//
// BlockedEncodingAttr
//===----------------------------------------------------------------------===//

Attribute BlockedEncodingAttr::parse(AsmParser &parser, Type) {
  FailureOr<DictionaryAttr> dict = parseLayoutDict(parser);
  if (failed(dict))
    return {};
  SmallVector<unsigned> sizePerThread, threadsPerWarp, warpsPerCTA, order;
  Attribute cga;
  if (failed(parseLayoutFields(parser, *dict,
                               {
                                   {"sizePerThread", &sizePerThread},
                                   {"threadsPerWarp", &threadsPerWarp},
                                   {"warpsPerCTA", &warpsPerCTA},
                                   {"order", &order},
                                   {"CGALayout", &cga, /*required=*/false},
                               })))
    return {};
  FailureOr<CTAEncodingAttr> cta =
      parseCGALayout(parser, cga, sizePerThread.size());
  if (failed(cta))
    return {};
  return parser.getChecked<BlockedEncodingAttr>(
      parser.getContext(), ArrayRef<unsigned>(sizePerThread),
      ArrayRef<unsigned>(threadsPerWarp), ArrayRef<unsigned>(warpsPerCTA),
      ArrayRef<unsigned>(order), *cta);
}

void BlockedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{sizePerThread = [" << getSizePerThread()
          << "], threadsPerWarp = [" << getThreadsPerWarp()
          << "], warpsPerCTA = [" << getWarpsPerCTA() << "], order = ["
          << getOrder() << "]";
  printCGALayout(printer, getCTALayout());
  printer << "}>";
}

LogicalResult BlockedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError,
    ArrayRef<unsigned> sizePerThread, ArrayRef<unsigned> threadsPerWarp,
    ArrayRef<unsigned> warpsPerCTA, ArrayRef<unsigned> order,
    CTAEncodingAttr CTALayout) {
  if (!llvm::all_equal({sizePerThread.size(), threadsPerWarp.size(),
                        warpsPerCTA.size(), order.size()}))
    return emitError() << "sizePerThread, threadsPerWarp, warpsPerCTA, and "
                          "order must all have the same rank.";
  if (!allPowersOfTwo(sizePerThread))
    return emitError()
           << "Every element in sizePerThread must be a power of two.";
  if (!allPowersOfTwo(threadsPerWarp))
    return emitError()
           << "Every element in threadsPerWarp must be a power of two.";
  if (!allPowersOfTwo(warpsPerCTA))
    return emitError()
           << "Every element in warpsPerCTA must be a power of two.";
  if (!CTALayout || order.size() != CTALayout.getRank())
    return emitError() << "BlockedEncodingAttr and CGALayout's fields must "
                          "have the same rank.";
  if (!isPermutation(order))
    return emitError() << "order must be a permutation of 0..(rank-1), but "
                          "was ["
                       << order << "]";
  return success();
}

BlockedEncodingAttr BlockedEncodingAttr::get(
    MLIRContext *context, ArrayRef<int64_t> shape,
    ArrayRef<unsigned> sizePerThread, ArrayRef<unsigned> order,
    unsigned numWarps, unsigned numThreadsPerWarp, CTAEncodingAttr CTALayout) {
  unsigned rank = sizePerThread.size();
  SmallVector<unsigned> threadsPerWarp(rank, 1), warpsPerCTA(rank, 1);
  SmallVector<int64_t> shapePerCTA =
      getShapePerCTA(CTALayout.getCTASplitNum(), shape);
  unsigned lanesLeft = numThreadsPerWarp;
  unsigned threadsLeft = numWarps * numThreadsPerWarp;
  unsigned warpsLeft = numWarps;
  unsigned lanesUsed = 1, warpsUsed = 1;
  // From the fastest dimension, each takes as many threads as it has
  // columns of sizePerThread elements, lanes first, then warps.
  for (unsigned d = 0; d + 1 < rank; ++d) {
    unsigned dim = order[d];
    unsigned room = std::max<int64_t>(1, shapePerCTA[dim] / sizePerThread[dim]);
    unsigned threads = std::clamp<unsigned>(threadsLeft, 1, room);
    threadsPerWarp[dim] = std::clamp<unsigned>(threads, 1, lanesLeft);
    warpsPerCTA[dim] =
        std::clamp<unsigned>(threads / threadsPerWarp[dim], 1, warpsLeft);
    warpsLeft /= warpsPerCTA[dim];
    lanesLeft /= threadsPerWarp[dim];
    threadsLeft /= threads;
    lanesUsed *= threadsPerWarp[dim];
    warpsUsed *= warpsPerCTA[dim];
  }
  // The slowest dimension takes whatever lanes and warps are left.
  if (rank > 0) {
    threadsPerWarp[order[rank - 1]] = numThreadsPerWarp / lanesUsed;
    warpsPerCTA[order[rank - 1]] = numWarps / warpsUsed;
  }
  return get(context, sizePerThread, ArrayRef<unsigned>(threadsPerWarp),
             ArrayRef<unsigned>(warpsPerCTA), order, CTALayout);
}

BlockedEncodingAttr
BlockedEncodingAttr::get(MLIRContext *context, ArrayRef<int64_t> shape,
                         ArrayRef<unsigned> sizePerThread,
                         ArrayRef<unsigned> order, unsigned numWarps,
                         unsigned numThreadsPerWarp, unsigned numCTAs) {
  unsigned rank = sizePerThread.size();
  SmallVector<unsigned> ctasPerCGA(rank, 1), splitNum(rank, 1);
  unsigned ctasLeft = numCTAs;
  // From the slowest dimension, each splits over as many CTAs as it can.
  for (int d = rank - 1; d >= 0; --d) {
    unsigned dim = order[d];
    unsigned room = std::max<int64_t>(1, shape[dim] / sizePerThread[dim]);
    ctasPerCGA[dim] = std::clamp<unsigned>(ctasLeft, 1, room);
    splitNum[dim] = ctasPerCGA[dim];
    ctasLeft /= ctasPerCGA[dim];
  }
  // CTAs left over hold copies.
  if (rank > 0)
    ctasPerCGA[rank - 1] *= ctasLeft;
  auto cta =
      CTAEncodingAttr::fromSplitParams(context, ctasPerCGA, splitNum, order);
  return get(context, shape, sizePerThread, order, numWarps, numThreadsPerWarp,
             cta);
}

SmallVector<unsigned> BlockedEncodingAttr::getRepOrder() const {
  return SmallVector<unsigned>(getOrder());
}

SmallVector<unsigned>
BlockedEncodingAttr::getElemsPerThread(ArrayRef<int64_t> shape) const {
  return elemsPerThreadOf(*this, shape, [&]() -> SmallVector<unsigned> {
    SmallVector<int64_t> shapePerCTA = getShapePerCTA(*this, shape);
    SmallVector<unsigned> elems;
    for (unsigned d = 0, e = shapePerCTA.size(); d < e; ++d) {
      unsigned spt = getSizePerThread()[d];
      unsigned tile = spt * getThreadsPerWarp()[d] * getWarpsPerCTA()[d];
      elems.push_back(
          registersAlong(shapePerCTA[d], tile, consecutiveStrides(spt)));
    }
    return elems;
  });
}

//===----------------------------------------------------------------------===//
// SliceEncodingAttr
//===----------------------------------------------------------------------===//

Attribute SliceEncodingAttr::parse(AsmParser &parser, Type) {
  FailureOr<DictionaryAttr> dict = parseLayoutDict(parser);
  if (failed(dict))
    return {};
  unsigned dim = 0;
  Attribute parentAttr;
  if (failed(parseLayoutFields(parser, *dict,
                               {{"dim", &dim}, {"parent", &parentAttr}})))
    return {};
  auto parent = dyn_cast<DistributedEncodingTrait>(parentAttr);
  if (!parent)
    return parser.emitError(parser.getNameLoc(),
                            "expected a distributed encoding trait"),
           Attribute();
  return parser.getChecked<SliceEncodingAttr>(parser.getContext(), dim, parent);
}

void SliceEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{dim = " << getDim() << ", parent = " << getParent() << "}>";
}

LogicalResult
SliceEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned dim, DistributedEncodingTrait parent) {
  if (!parent)
    return emitError() << "slice parent cannot be null";
  unsigned rank = rankOf(parent);
  if (rank <= 1)
    return emitError() << "parent layout must have at least rank >= 2";
  if (dim >= rank)
    return emitError() << "slice dim=" << dim
                       << " must be less than the parent rank=" << rank;
  return success();
}

SmallVector<int64_t>
SliceEncodingAttr::paddedShape(ArrayRef<int64_t> shape) const {
  SmallVector<int64_t> padded(shape);
  padded.insert(padded.begin() + getDim(), 1);
  return padded;
}

CTAEncodingAttr SliceEncodingAttr::getCTALayout() const {
  CTAEncodingAttr parent = mlir::triton::gpu::getCTALayout(getParent());
  SmallVector<SmallVector<int32_t>> bases = parent.getBases();
  for (SmallVector<int32_t> &basis : bases)
    basis.erase(basis.begin() + getDim());
  return CTAEncodingAttr::getFromBases(getContext(), parent.getRank() - 1,
                                       bases);
}

/// `values` without entry `dim`, every entry above `dim` lowered by one (an
/// order of the parent made an order of the slice).
static SmallVector<unsigned> eraseOrder(ArrayRef<unsigned> order,
                                        unsigned dim) {
  SmallVector<unsigned> result;
  for (unsigned d : order)
    if (d != dim)
      result.push_back(d > dim ? d - 1 : d);
  return result;
}

SmallVector<unsigned> SliceEncodingAttr::getRepOrder() const {
  return eraseOrder(getParent().getRepOrder(), getDim());
}

SmallVector<unsigned>
SliceEncodingAttr::getElemsPerThread(ArrayRef<int64_t> shape) const {
  return elemsPerThreadOf(*this, shape, [&]() -> SmallVector<unsigned> {
    SmallVector<unsigned> elems =
        getParent().getElemsPerThread(paddedShape(shape));
    elems.erase(elems.begin() + getDim());
    return elems;
  });
}

//===----------------------------------------------------------------------===//
// NvidiaMmaEncodingAttr
//===----------------------------------------------------------------------===//

Attribute NvidiaMmaEncodingAttr::parse(AsmParser &parser, Type) {
  FailureOr<DictionaryAttr> dict = parseLayoutDict(parser);
  if (failed(dict))
    return {};
  unsigned versionMajor = 0, versionMinor = 0;
  SmallVector<unsigned> warpsPerCTA, instrShape;
  Attribute cga;
  if (failed(parseLayoutFields(parser, *dict,
                               {
                                   {"versionMajor", &versionMajor},
                                   {"versionMinor", &versionMinor},
                                   {"warpsPerCTA", &warpsPerCTA},
                                   {"instrShape", &instrShape},
                                   {"CGALayout", &cga, /*required=*/false},
                               })))
    return {};
  FailureOr<CTAEncodingAttr> cta =
      parseCGALayout(parser, cga, warpsPerCTA.size());
  if (failed(cta))
    return {};
  return parser.getChecked<NvidiaMmaEncodingAttr>(
      parser.getContext(), versionMajor, versionMinor,
      ArrayRef<unsigned>(warpsPerCTA), *cta, ArrayRef<unsigned>(instrShape));
}

void NvidiaMmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{versionMajor = " << getVersionMajor()
          << ", versionMinor = " << getVersionMinor() << ", warpsPerCTA = ["
          << getWarpsPerCTA() << "]";
  printCGALayout(printer, getCTALayout());
  printer << ", instrShape = [" << getInstrShape() << "]}>";
}

LogicalResult NvidiaMmaEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned versionMajor,
    unsigned versionMinor, ArrayRef<unsigned> warpsPerCTA,
    CTAEncodingAttr CTALayout, ArrayRef<unsigned> instrShape) {
  if (versionMajor != 2 && versionMajor != 3)
    return emitError() << "ttg.nvidia_mma versionMajor must be 2 (mma) or 3 "
                          "(wgmma), got "
                       << versionMajor;
  unsigned rank = warpsPerCTA.size();
  if (rank < 2 || rank > 3)
    return emitError() << "ttg.nvidia_mma warpsPerCTA must have rank 2 or 3, "
                          "got "
                       << rank;
  if (!allPowersOfTwo(warpsPerCTA))
    return emitError()
           << "Every element in warpsPerCTA must be a power of two.";
  if (!CTALayout || CTALayout.getRank() != rank)
    return emitError() << "ttg.nvidia_mma warpsPerCTA and CGALayout must "
                          "have the same rank";
  if (versionMajor == 3) {
    // [M, N, K]; a rank-3 layout (one Gluon writes for tensors; wgmma
    // itself takes rank 2) may give a leading batch size, [B, M, N, K].
    if (instrShape.size() != 3 && instrShape.size() != rank + 1)
      return emitError() << "ttg.nvidia_mma v3 instrShape must be [M, N, K] "
                            "or, at rank 3, [B, M, N, K]";
  } else if (instrShape.size() != 2 && instrShape.size() != rank) {
    return emitError() << "ttg.nvidia_mma v2 instrShape must be [M, N] or "
                          "have the layout's rank";
  }
  if (llvm::is_contained(instrShape, 0u))
    return emitError() << "ttg.nvidia_mma instrShape entries must be "
                          "positive";
  return success();
}

SmallVector<unsigned> NvidiaMmaEncodingAttr::getRepOrder() const {
  return getMatrixOrder(getRank(), /*rowMajor=*/true);
}

SmallVector<unsigned>
NvidiaMmaEncodingAttr::getRepOrderForOperand(int opIdx) const {
  return getOrderForDotOperand(opIdx, getRank(), /*kContig=*/true);
}

/// M and N of the instruction, whatever the rank of instrShape.
static std::pair<unsigned, unsigned> mmaInstrMN(NvidiaMmaEncodingAttr mma) {
  ArrayRef<unsigned> instr = mma.getInstrShape();
  if (mma.isHopper()) // [(B,) M, N, K]
    return {instr[instr.size() - 3], instr[instr.size() - 2]};
  return {instr[instr.size() - 2], instr[instr.size() - 1]};
}

/// Registers along the row dimension of an mma accumulator or A operand:
/// 8 lanes over rows 0..7, a register for rows 8..15, then the warps.
static unsigned mmaRowRegisters(int64_t size, unsigned warps) {
  return registersAlong(size, 16 * warps, {8});
}

SmallVector<unsigned>
NvidiaMmaEncodingAttr::getElemsPerThread(ArrayRef<int64_t> shape) const {
  return elemsPerThreadOf(*this, shape, [&]() -> SmallVector<unsigned> {
    SmallVector<int64_t> shapePerCTA = getShapePerCTA(*this, shape);
    unsigned rank = shapePerCTA.size();
    ArrayRef<unsigned> warps = getWarpsPerCTA();
    SmallVector<unsigned> elems;
    for (unsigned d = 0; d + 2 < rank; ++d)
      elems.push_back(registersAlong(shapePerCTA[d], warps[d], {}));
    elems.push_back(mmaRowRegisters(shapePerCTA[rank - 2], warps[rank - 2]));
    // Columns: 2 consecutive per thread, 4 lanes, then a register per further
    // 8 columns of the instruction.
    unsigned instrN = mmaInstrMN(*this).second;
    SmallVector<unsigned> colStrides = {1};
    for (unsigned s = 8; s < instrN; s *= 2)
      colStrides.push_back(s);
    elems.push_back(registersAlong(shapePerCTA[rank - 1],
                                   instrN * warps[rank - 1], colStrides));
    return elems;
  });
}

//===----------------------------------------------------------------------===//
// DotOperandEncodingAttr
//===----------------------------------------------------------------------===//

Attribute DotOperandEncodingAttr::parse(AsmParser &parser, Type) {
  FailureOr<DictionaryAttr> dict = parseLayoutDict(parser);
  if (failed(dict))
    return {};
  unsigned opIdx = 0, kWidth = 0;
  Attribute parent;
  if (failed(parseLayoutFields(parser, *dict,
                               {
                                   {"opIdx", &opIdx},
                                   {"parent", &parent},
                                   {"kWidth", &kWidth, /*required=*/false},
                               })))
    return {};
  return parser.getChecked<DotOperandEncodingAttr>(parser.getContext(), opIdx,
                                                   parent, kWidth);
}

void DotOperandEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{opIdx = " << getOpIdx() << ", parent = " << getParent();
  if (getKWidth() != 0)
    printer << ", kWidth = " << getKWidth();
  printer << "}>";
}

LogicalResult
DotOperandEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               unsigned opIdx, Attribute parent,
                               unsigned kWidth) {
  if (opIdx != 0 && opIdx != 1)
    return emitError() << "ttg.dot_op opIdx parameter can be 0 or 1, got: "
                       << opIdx;
  if (!parent)
    return emitError() << "ttg.dot_op parent parameter cannot be null";
  if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(parent)) {
    if (kWidth == 0)
      return emitError() << "ttg.dot_op kWidth parameter is mandatory for "
                            "Ampere or Hopper MMA parent";
    if (!llvm::isPowerOf2_32(kWidth))
      return emitError() << "ttg.dot_op kWidth must be a power of two, got "
                         << kWidth;
    if (opIdx != 0 && mma.isHopper())
      return emitError()
             << "ttg.dot_op opIdx parameter must be 0 for Hopper MMA parent, "
                "since Hopper WGMMA only allows first operand to be in "
                "registers";
    return success();
  }
  if (isa<BlockedEncodingAttr>(parent)) {
    if (kWidth != 0)
      return emitError() << "ttg.dot_op kWidth parameter is not supported "
                            "when the parent is a blocked layout";
    return success();
  }
  return emitError() << "ttg.dot_op unexpected parent layout: " << parent;
}

CTAEncodingAttr DotOperandEncodingAttr::getCTALayout() const {
  CTAEncodingAttr parent = mlir::triton::gpu::getCTALayout(getParent());
  unsigned rank = parent.getRank();
  unsigned kDim = getOpIdx() == 0 ? rank - 1 : rank - 2;
  SmallVector<SmallVector<int32_t>> bases = parent.getBases();
  for (SmallVector<int32_t> &basis : bases)
    basis[kDim] = 0;
  return CTAEncodingAttr::getFromBases(getContext(), rank, bases);
}

SmallVector<unsigned> DotOperandEncodingAttr::getRepOrder() const {
  if (auto mma = dyn_cast<MmaEncodingTrait>(getParent()))
    return mma.getRepOrderForOperand(getOpIdx());
  return getOrder(getParent());
}

SmallVector<unsigned>
DotOperandEncodingAttr::getElemsPerThread(ArrayRef<int64_t> shape) const {
  return elemsPerThreadOf(*this, shape, [&]() -> SmallVector<unsigned> {
    SmallVector<int64_t> shapePerCTA = getShapePerCTA(*this, shape);
    unsigned rank = shapePerCTA.size();
    unsigned kDim = getOpIdx() == 0 ? rank - 1 : rank - 2;
    unsigned nonKDim = getOpIdx() == 0 ? rank - 2 : rank - 1;
    SmallVector<unsigned> elems(rank, 1);
    if (auto blocked = dyn_cast<BlockedEncodingAttr>(getParent())) {
      // FMA dot: each thread holds all of K for its rows (columns).
      SmallVector<int64_t> parentShape(shapePerCTA);
      SmallVector<unsigned> parentElems =
          blocked.getElemsPerThread(parentShape);
      for (unsigned d = 0; d < rank; ++d)
        elems[d] = d == kDim ? shapePerCTA[d] : parentElems[d];
      return elems;
    }
    auto mma = cast<NvidiaMmaEncodingAttr>(getParent());
    ArrayRef<unsigned> warps = mma.getWarpsPerCTA();
    for (unsigned d = 0; d + 2 < rank; ++d)
      elems[d] = registersAlong(shapePerCTA[d], warps[d], {});
    // K: kWidth consecutive elements, 4 lanes, then one register 4*kWidth
    // further; warps do not split K.
    unsigned kWidth = getKWidth();
    SmallVector<unsigned> kStrides = consecutiveStrides(kWidth);
    kStrides.push_back(4 * kWidth);
    elems[kDim] = registersAlong(shapePerCTA[kDim], 8 * kWidth, kStrides);
    // A's rows are laid out like the accumulator's; B's columns are 8 lanes
    // then the warps.
    if (getOpIdx() == 0)
      elems[nonKDim] = mmaRowRegisters(shapePerCTA[nonKDim], warps[nonKDim]);
    else
      elems[nonKDim] =
          registersAlong(shapePerCTA[nonKDim], 8 * warps[nonKDim], {});
    return elems;
  });
}
