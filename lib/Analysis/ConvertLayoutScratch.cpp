//===- ConvertLayoutScratch.cpp - shared memory of ttg.convert_layout
//------===//
//
// Whether a layout conversion goes through shared memory, and the size of the
// swizzled tile it uses there. The tile follows Triton's generic swizzling
// (optimalSwizzling): a shared-memory layout over the flattened tensor whose
// offset bits are, from the lowest, the vector (registers contiguous in both
// layouts), the banks and the segments; segment bits that are registers of
// both layouts are iterated as rounds instead of stored ("reps"), so the
// tile holds total / reps elements.
//
//===----------------------------------------------------------------------===//

#include "Analysis/ScratchSize.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Tools/LinearAlgebraF2.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

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

namespace {

/// The bases of `inDim` of a layout with one output dimension, as integers.
SmallVector<int32_t> flatBases(const LinearLayout &layout, StringAttr inDim) {
  SmallVector<int32_t> result;
  if (!layout.hasInDim(inDim))
    return result;
  for (const std::vector<int32_t> &basis : layout.getBases().lookup(inDim))
    result.push_back(basis.front());
  return result;
}

/// A basis of span(a) ∩ span(b) in `numBits`-bit space. When every vector
/// is a power of two this is the common vectors in a's order (Triton's
/// heuristic, which keeps a's order); otherwise the nullspace of the joint
/// nullspaces.
SmallVector<int32_t> intersectionBasis(ArrayRef<int32_t> a, ArrayRef<int32_t> b,
                                       unsigned numBits);

/// A basis of {x : <x, v> = 0 for every v in `vectors`}.
SmallVector<int32_t> nullspaceBasis(ArrayRef<int32_t> vectors,
                                    unsigned numBits) {
  SmallVector<uint64_t> rows(vectors.begin(), vectors.end());
  unsigned rank = f2::reduceRowEchelon(rows, numBits);
  rows.resize(rank);
  SmallVector<unsigned> pivots = f2::pivotColumns(rows);
  llvm::SmallDenseSet<unsigned> pivotSet(pivots.begin(), pivots.end());
  SmallVector<int32_t> basis;
  for (unsigned col = 0; col < numBits; ++col) {
    if (pivotSet.contains(col))
      continue;
    // Free variable `col` set; each pivot variable of a row with `col` set
    // must flip to cancel it.
    uint64_t vec = uint64_t(1) << col;
    for (uint64_t row : rows)
      if (row & (uint64_t(1) << col))
        vec ^= uint64_t(1) << llvm::countr_zero(row);
    basis.push_back(static_cast<int32_t>(vec));
  }
  return basis;
}

SmallVector<int32_t> intersectionBasis(ArrayRef<int32_t> a, ArrayRef<int32_t> b,
                                       unsigned numBits) {
  auto isPow2 = [](int32_t v) { return llvm::isPowerOf2_32(v); };
  if (llvm::all_of(a, isPow2) && llvm::all_of(b, isPow2)) {
    llvm::SmallDenseSet<int32_t> inB(b.begin(), b.end());
    SmallVector<int32_t> result;
    for (int32_t v : a)
      if (v != 0 && inB.contains(v))
        result.push_back(v);
    return result;
  }
  SmallVector<int32_t> joint = nullspaceBasis(a, numBits);
  llvm::append_range(joint, nullspaceBasis(b, numBits));
  return nullspaceBasis(joint, numBits);
}

/// The `numSegmentBits` segment bases of the swizzled tile: first the bits
/// neither layout's bank-forming vectors (vector + lanes) use, then, to avoid
/// bank conflicts, xors pairing the bits only one side uses, and finally the
/// bits themselves (accepting conflicts).
SmallVector<int32_t> computeSegment(ArrayRef<int32_t> bankSrc,
                                    ArrayRef<int32_t> bankDst, unsigned numBits,
                                    unsigned numSegmentBits) {
  llvm::SmallSetVector<int32_t, 16> src, dst;
  for (int32_t v : bankSrc)
    if (v != 0)
      src.insert(v);
  for (int32_t v : bankDst)
    if (v != 0)
      dst.insert(v);

  SmallVector<int32_t> segment;
  for (unsigned bit = 0; bit < numBits; ++bit) {
    int32_t v = int32_t(1) << bit;
    if (!src.contains(v) && !dst.contains(v))
      segment.push_back(v);
  }
  if (segment.size() >= numSegmentBits) {
    segment.resize(numSegmentBits);
    return segment;
  }

  SmallVector<int32_t> onlySrc, onlyDst;
  for (int32_t v : src)
    if (!dst.contains(v))
      onlySrc.push_back(v);
  for (int32_t v : dst)
    if (!src.contains(v))
      onlyDst.push_back(v);
  SmallVector<int32_t> &small =
      onlySrc.size() > onlyDst.size() ? onlyDst : onlySrc;
  SmallVector<int32_t> &large =
      onlySrc.size() > onlyDst.size() ? onlySrc : onlyDst;
  llvm::sort(small);
  llvm::sort(large);
  int64_t missing =
      int64_t(numSegmentBits) - int64_t(small.size()) - int64_t(segment.size());
  size_t conflicts = static_cast<size_t>(
      std::min<int64_t>(std::max<int64_t>(0, missing), small.size()));
  for (size_t i = conflicts; i < small.size(); ++i)
    segment.push_back(small[i] ^ large[i]);
  segment.append(small.begin(), small.begin() + conflicts);
  segment.append(large.begin(), large.begin() + conflicts);
  if (segment.size() > numSegmentBits)
    segment.resize(numSegmentBits);
  return segment;
}

} // namespace

namespace {

/// The two layouts' bases over the flattened tensor, registers holding the
/// same element twice dropped (they are stored once).
struct CvtBases {
  unsigned numBits = 0;
  SmallVector<int32_t> regSrc, regDst, laneSrc, laneDst;
  /// CTAs holding distinct data (the tile is per CTA).
  unsigned numBlockBits = 0;

  CvtBases(const LinearLayout &src, const LinearLayout &dst) {
    MLIRContext *ctx = src.getInDimNames().begin()->getContext();
    StringAttr kRegister = StringAttr::get(ctx, "register");
    StringAttr kLane = StringAttr::get(ctx, "lane");
    LinearLayout srcFlat = src.removeZeroBasesAlongDim(kRegister).flattenOuts();
    LinearLayout dstFlat = dst.removeZeroBasesAlongDim(kRegister).flattenOuts();
    numBits = srcFlat.getTotalOutDimSizeLog2();
    regSrc = flatBases(srcFlat, kRegister);
    regDst = flatBases(dstFlat, kRegister);
    laneSrc = flatBases(srcFlat, kLane);
    laneDst = flatBases(dstFlat, kLane);
    for (int32_t v : flatBases(srcFlat, StringAttr::get(ctx, "block")))
      numBlockBits += v != 0;
  }
};

/// Completes `tile` (its vec set, `vecBytesBits` wide): the bank line's
/// bits past the vector, the segment from the vectors that form one access
/// phase on each side (`bankSrc`, `bankDst`), and the segment bits that are
/// registers on both sides as rounds.
void finishTile(SwizzledCvtTile &tile, const CvtBases &bases,
                unsigned vecBytesBits, ArrayRef<int32_t> bankSrc,
                ArrayRef<int32_t> bankDst) {
  unsigned numBits = tile.numBits = bases.numBits;
  // 32 banks of 32 bits make one bank line; the bits past the vector and
  // the bank line are segment bits.
  constexpr unsigned kBankLineBits = 32 * 32;
  unsigned numBankBits = std::min<unsigned>(
      llvm::Log2_32(kBankLineBits / vecBytesBits), numBits - tile.vec.size());
  unsigned numSegmentBits = numBits - numBankBits - tile.vec.size();
  tile.segment = computeSegment(bankSrc, bankDst, numBits, numSegmentBits);

  // Segment bits that are registers on both sides become rounds.
  llvm::SmallDenseSet<int32_t> dstRegSet(bases.regDst.begin(),
                                         bases.regDst.end());
  llvm::SmallDenseSet<int32_t> segmentSet(tile.segment.begin(),
                                          tile.segment.end());
  llvm::SmallSetVector<int32_t, 8> reps;
  for (int32_t v : bases.regSrc)
    if (dstRegSet.contains(v) && segmentSet.contains(v))
      reps.insert(v);
  tile.reps.assign(reps.begin(), reps.end());
  tile.numBlockBits = bases.numBlockBits;
}

/// The tile with a vector of at most `maxVecBases` register bases.
SwizzledCvtTile buildSwizzledCvtTile(const CvtBases &bases, unsigned bitwidth,
                                     unsigned maxVecBases) {
  SwizzledCvtTile tile;
  // Vectorize over registers contiguous in both, at most 128 bits.
  tile.vec = intersectionBasis(bases.regSrc, bases.regDst, bases.numBits);
  unsigned maxVecBits =
      std::min<unsigned>(llvm::Log2_32(128 / bitwidth), maxVecBases);
  if (tile.vec.size() > maxVecBits)
    tile.vec.resize(maxVecBits);
  unsigned vecBytesBits = (1u << tile.vec.size()) * bitwidth;

  // Accesses wider than 32 bits cover several banks per lane: drop the last
  // vector-or-lane bits from the bank-forming sets accordingly.
  unsigned b32Vec = llvm::Log2_32(std::max(vecBytesBits / 32, 1u));
  SmallVector<int32_t> bankSrc(tile.vec), bankDst(tile.vec);
  llvm::append_range(bankSrc, bases.laneSrc);
  llvm::append_range(bankDst, bases.laneDst);
  bankSrc.resize(bankSrc.size() - std::min<size_t>(b32Vec, bankSrc.size()));
  bankDst.resize(bankDst.size() - std::min<size_t>(b32Vec, bankDst.size()));
  finishTile(tile, bases, vecBytesBits, bankSrc, bankDst);
  return tile;
}

/// The tile of a 16-bit conversion whose source registers are stmatrix
/// fragments (register 0 and lanes 0-1 the 8 columns of an 8x8 matrix,
/// lanes 2-4 its 8 rows: an mma accumulator) and whose destination holds 8
/// of those rows, or those columns, in its registers 0-2: the source writes
/// each fragment row (or, transposed, column) as 16 contiguous bytes with
/// stmatrix, the destination reads them as one 128-bit vector. Triton 3.6
/// lowers a matmul's epilogue this way. The banks are chosen as in the
/// generic tile, from the fragment rows stmatrix addresses in one phase and
/// the lanes of a 128-bit load.
std::optional<SwizzledCvtTile> buildStmatrixTile(const CvtBases &bases) {
  const SmallVector<int32_t> &regSrc = bases.regSrc, &laneSrc = bases.laneSrc,
                             &regDst = bases.regDst, &laneDst = bases.laneDst;
  if (regSrc.empty() || laneSrc.size() != 5 || regDst.size() < 3 ||
      laneDst.size() < 3 || llvm::is_contained(laneSrc, 0) ||
      llvm::is_contained(laneDst, 0) || bases.numBits < 6)
    return std::nullopt;
  SmallVector<int32_t> columns = {regSrc[0], laneSrc[0], laneSrc[1]};
  SmallVector<int32_t> rows = {laneSrc[2], laneSrc[3], laneSrc[4]};
  SmallVector<int32_t> dstVec(regDst.begin(), regDst.begin() + 3);
  SwizzledCvtTile tile;
  SmallVector<int32_t> rowStarts;
  if (dstVec == columns) {
    tile.store = SwizzledCvtTile::Store::Stmatrix;
    rowStarts = rows;
  } else if (dstVec == rows) {
    tile.store = SwizzledCvtTile::Store::StmatrixTrans;
    rowStarts = columns;
  } else {
    return std::nullopt;
  }
  tile.vec = dstVec;
  // A phase of stmatrix writes 8 fragment rows of 16 bytes; one of the
  // 128-bit loads, 8 lanes.
  SmallVector<int32_t> bankSrc(tile.vec), bankDst(tile.vec);
  llvm::append_range(bankSrc, rowStarts);
  bankDst.append(laneDst.begin(), laneDst.begin() + 3);
  finishTile(tile, bases, /*vecBytesBits=*/128, bankSrc, bankDst);
  return tile;
}

/// The tile of a 16-bit conversion whose destination registers are ldmatrix
/// fragments (register 0 and lanes 0-1 the 8 columns of a matrix row,
/// lanes 2-4 its 8 rows) and whose source holds each such row in three of
/// its registers: the source writes the row as one 16-byte vector, the
/// destination reads 8 rows at a time with ldmatrix. The mirror of
/// buildStmatrixTile, and what Triton 3.6 does in a matmul epilogue whose
/// store layout spreads a row's 8 columns over lanes (an mma accumulator
/// to a 128x256 tile's blocked layout: Triton's st.shared.v4 + ldmatrix).
std::optional<SwizzledCvtTile> buildLdmatrixTile(const CvtBases &bases) {
  const SmallVector<int32_t> &regSrc = bases.regSrc, &laneSrc = bases.laneSrc,
                             &regDst = bases.regDst, &laneDst = bases.laneDst;
  if (regDst.empty() || laneDst.size() != 5 || laneSrc.size() < 3 ||
      llvm::is_contained(laneDst, 0) || llvm::is_contained(laneSrc, 0) ||
      bases.numBits < 6)
    return std::nullopt;
  SmallVector<int32_t> row = {regDst[0], laneDst[0], laneDst[1]};
  for (int32_t v : row)
    if (!llvm::is_contained(regSrc, v))
      return std::nullopt;
  SwizzledCvtTile tile;
  tile.load = SwizzledCvtTile::Load::Ldmatrix;
  tile.vec = row;
  // A phase of 128-bit stores is 8 lanes; one of ldmatrix, 8 rows.
  SmallVector<int32_t> bankSrc(tile.vec), bankDst(tile.vec);
  bankSrc.append(laneSrc.begin(), laneSrc.begin() + 3);
  bankDst.append(laneDst.begin() + 2, laneDst.end());
  finishTile(tile, bases, /*vecBytesBits=*/128, bankSrc, bankDst);
  return tile;
}

unsigned tileBytes(const SwizzledCvtTile &tile, unsigned bitwidth) {
  unsigned bits = tile.numBits - tile.reps.size();
  bits -= std::min(bits, tile.numBlockBits);
  return (1u << bits) * bitwidth / 8;
}

} // namespace

SwizzledCvtTile mlir::triton::getSwizzledCvtTile(const LinearLayout &src,
                                                 const LinearLayout &dst,
                                                 unsigned bitwidth,
                                                 bool hasStmatrix) {
  // A vector basis that is a register on both sides could instead be a
  // round. Wide vectors save accesses, rounds save shared memory (at two
  // barriers each). Triton stores 16-bit mma accumulators (pairs along a
  // row in registers, lanes stepping by 2: stmatrix's 8x8 fragments)
  // through stmatrix tiles, which keep big conversions (a matmul's
  // epilogue) in rounds of a few KiB, and its kernels' shared budget counts
  // on that; so there, while the tile is over kMaxTileBytes, narrow the
  // vector when that makes the tile smaller. (Other conversions take
  // Triton's generic tile, as here.)
  constexpr unsigned kMaxTileBytes = 16 * 1024;
  MLIRContext *ctx = src.getInDimNames().begin()->getContext();
  StringAttr kRegister = StringAttr::get(ctx, "register");
  StringAttr kLane = StringAttr::get(ctx, "lane");
  LinearLayout srcRegs = src.removeZeroBasesAlongDim(kRegister);
  // Steps of `v` along the last (row) dimension only.
  auto alongRow = [&](ArrayRef<int32_t> basis, int32_t v) {
    for (size_t i = 0; i + 1 < basis.size(); ++i)
      if (basis[i] != 0)
        return false;
    return !basis.empty() && basis.back() == v;
  };
  bool stmatrixLike = bitwidth == 16 &&
                      srcRegs.getInDimSizeLog2(kRegister) >= 1 &&
                      srcRegs.getInDimSizeLog2(kLane) >= 2 &&
                      alongRow(srcRegs.getBasis(kRegister, 0), 1) &&
                      alongRow(srcRegs.getBasis(kLane, 0), 2) &&
                      alongRow(srcRegs.getBasis(kLane, 1), 4);
  CvtBases bases(src, dst);
  SwizzledCvtTile best = buildSwizzledCvtTile(bases, bitwidth, 32);
  for (int k = int(best.vec.size()) - 1;
       stmatrixLike && k >= 0 && tileBytes(best, bitwidth) > kMaxTileBytes;
       --k) {
    SwizzledCvtTile narrower = buildSwizzledCvtTile(bases, bitwidth, k);
    if (tileBytes(narrower, bitwidth) < tileBytes(best, bitwidth))
      best = std::move(narrower);
  }
  if (hasStmatrix && bitwidth == 16) {
    // Triton 3.6's matmul epilogues (the accumulator converted to the store
    // layout), read off its PTX: a destination holding columns takes
    // stmatrix.trans with 128-bit reads; one holding rows, 16-byte
    // st.shared.v4 rows read with ldmatrix (tiles of up to 32 KiB a round,
    // its 128x256 8-warp matmul's, taken over a smaller tile of narrow
    // vectors in more rounds), where stmatrix with 128-bit reads would fit
    // as well.
    std::optional<SwizzledCvtTile> stored = buildStmatrixTile(bases);
    bool storedFits =
        stored && tileBytes(*stored, bitwidth) <= tileBytes(best, bitwidth);
    if (storedFits && stored->store == SwizzledCvtTile::Store::StmatrixTrans)
      return *stored;
    constexpr unsigned kMaxLdmatrixTileBytes = 32 * 1024;
    if (std::optional<SwizzledCvtTile> fragments = buildLdmatrixTile(bases))
      if (tileBytes(*fragments, bitwidth) <=
          std::max(tileBytes(best, bitwidth), kMaxLdmatrixTileBytes))
        return *fragments;
    if (storedFits)
      return *stored;
  }
  return best;
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
  auto module =
      isa<ModuleOp>(op) ? cast<ModuleOp>(op) : op->getParentOfType<ModuleOp>();
  if (!module)
    return false;
  StringRef target = ttg::getTarget(module);
  unsigned capability = 0;
  return target.consume_front("cuda:") &&
         !target.getAsInteger(10, capability) && capability >= 90;
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
