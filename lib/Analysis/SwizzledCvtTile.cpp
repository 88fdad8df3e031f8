//===- SwizzledCvtTile.cpp - the shared-memory tile of a conversion ------===//
//
// Triton 3.6's choice of the swizzled shared-memory tile through which a
// ttg.convert_layout moves data between warps (its optimalSwizzling): a
// layout over the flattened tensor whose offset bits are, from the lowest,
// the vector (elements contiguous in one 16-byte row), the banks and the
// segments; segment bits that are registers of both layouts are iterated as
// rounds ("reps") instead of stored. Every pair of a source instruction
// (st.shared, stmatrix[.trans]) and a destination one (ld.shared,
// ldmatrix[.trans]) whose rows can coincide gives a tile; the one with the
// fewest bank conflicts wins, then the one with more rounds; without any,
// element vectors on both sides (its optimalSwizzlingLdSt). The allocation
// sizes the scratch buffer from the tile and the lowering replays it, so
// both agree. Both take the layouts of one CTA (perCTACvtLayouts: the CTA
// bases projected out), so the tile has no CTA bits.
//
//===----------------------------------------------------------------------===//

#include "Analysis/ScratchSize.h"
#include "Tools/LinearAlgebraF2.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;

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
/// same element twice dropped (they are stored once). Lanes keep their zero
/// (broadcast) bases, so lane i is still entry i.
struct CvtBases {
  unsigned numBits = 0;
  SmallVector<int32_t> regSrc, regDst, laneSrc, laneDst, warpSrc, warpDst;

  CvtBases(const LinearLayout &src, const LinearLayout &dst) {
    MLIRContext *ctx = src.getInDimNames().begin()->getContext();
    StringAttr kRegister = StringAttr::get(ctx, "register");
    LinearLayout srcFlat = src.removeZeroBasesAlongDim(kRegister).flattenOuts();
    LinearLayout dstFlat = dst.removeZeroBasesAlongDim(kRegister).flattenOuts();
    numBits = srcFlat.getTotalOutDimSizeLog2();
    auto bases = [&](const LinearLayout &flat, StringRef dim) {
      return flatBases(flat, StringAttr::get(ctx, dim));
    };
    regSrc = bases(srcFlat, "register");
    regDst = bases(dstFlat, "register");
    laneSrc = bases(srcFlat, "lane");
    laneDst = bases(dstFlat, "lane");
    warpSrc = bases(srcFlat, "warp");
    warpDst = bases(dstFlat, "warp");
  }
};

/// One side of the conversion as the hardware indices that hold each
/// element: `e` written over the side's register, lane and warp bases. Returns the register and lane parts (bit i: basis i used), or
/// nothing when `e` is not held by the side.
struct HardwareIndex {
  uint64_t reg = 0, lane = 0;
};
std::optional<HardwareIndex> hardwareIndexOf(ArrayRef<int32_t> regs,
                                             ArrayRef<int32_t> lanes,
                                             ArrayRef<int32_t> warps,
                                             int32_t e) {
  // Row echelon form of the bases, each row remembering which bases it
  // combines (bit k: the k-th basis in reg, lane, warp order); each
  // pivot column is set in its row only, so `e` reduces row by row.
  SmallVector<uint64_t> rows, combos;
  for (ArrayRef<int32_t> list : {regs, lanes, warps})
    for (int32_t v : list) {
      combos.push_back(uint64_t(1) << rows.size());
      rows.push_back(uint32_t(v));
    }
  unsigned rank = f2::reduceRowEchelon(rows, 32, combos);
  uint64_t target = uint32_t(e), combination = 0;
  for (unsigned i = 0; i < rank; ++i)
    if (target >> llvm::countr_zero(rows[i]) & 1) {
      target ^= rows[i];
      combination ^= combos[i];
    }
  if (target != 0)
    return std::nullopt;
  HardwareIndex index;
  index.reg = combination & ((uint64_t(1) << regs.size()) - 1);
  index.lane = (combination >> regs.size()) & ((uint64_t(1) << lanes.size()) - 1);
  return index;
}

/// An access instruction's tile (Triton's LocalMemOpTile): the lanes whose
/// elements are contiguous within one 16-byte row, and the lanes that give
/// the addresses of the rows. ld/st.shared: {}, {0, 1, 2}; ldmatrix and
/// stmatrix: {0, 1}, {2, 3, 4}; their .trans forms: {2, 3, 4}, {0, 1}.
struct MemOpTile {
  SmallVector<int> laneContig, laneAddr;
  enum class Kind { Vectors, Matrix, MatrixTrans } kind;
};

SmallVector<MemOpTile> memOpTiles(unsigned bitwidth, bool matrix) {
  SmallVector<MemOpTile> tiles{{{}, {0, 1, 2}, MemOpTile::Kind::Vectors}};
  if (matrix && bitwidth <= 32)
    tiles.push_back({{0, 1}, {2, 3, 4}, MemOpTile::Kind::Matrix});
  if (matrix && bitwidth == 16)
    tiles.push_back({{2, 3, 4}, {0, 1}, MemOpTile::Kind::MatrixTrans});
  return tiles;
}

/// One side for optimalSwizzlingTile.
struct SideBases {
  ArrayRef<int32_t> regs, lanes, warps;
};

/// The contiguous 16-byte row both instructions can use (Triton's
/// optimalSwizzlingTile): `nRegA`/`nRegB` register bases of each side, then
/// the lanes of `laneIdTileB` (those past A's extra registers must be A's
/// `laneIdTileA` lanes, the first ones A's registers).
std::optional<SmallVector<int32_t>>
matchTiles(const SideBases &a, const SideBases &b, int nRegA, int nRegB,
           ArrayRef<int> laneIdTileA, ArrayRef<int> laneIdTileB,
           unsigned numBits) {
  if (nRegA < nRegB)
    return matchTiles(b, a, nRegB, nRegA, laneIdTileB, laneIdTileA, numBits);
  SmallVector<int32_t> vec = intersectionBasis(a.regs, b.regs, numBits);
  if (int(vec.size()) < nRegB)
    return std::nullopt;
  vec.resize(nRegB);
  SmallVector<int32_t> laneTileB;
  for (int id : laneIdTileA)
    if (id >= int(a.lanes.size()) || a.lanes[id] == 0)
      return std::nullopt;
  for (int id : laneIdTileB) {
    if (id >= int(b.lanes.size()) || b.lanes[id] == 0)
      return std::nullopt;
    laneTileB.push_back(b.lanes[id]);
  }
  auto inA = [&](int32_t e) {
    return hardwareIndexOf(a.regs, a.lanes, a.warps, e);
  };
  for (int i = 0; i < nRegA - nRegB; ++i) {
    std::optional<HardwareIndex> index = inA(laneTileB[i]);
    if (!index || index->reg == 0)
      return std::nullopt;
  }
  ArrayRef<int> restB = laneIdTileB.take_back(laneIdTileA.size());
  for (auto [idA, idB] : llvm::zip(laneIdTileA, restB)) {
    std::optional<HardwareIndex> index = inA(b.lanes[idB]);
    if (!index || index->lane != (uint64_t(1) << idA))
      return std::nullopt;
  }
  llvm::append_range(vec, laneTileB);
  return vec;
}

/// The tile's vector, segment and rounds from its vector and the bases that
/// form one access phase on each side (Triton's optimalSwizzling): the bank
/// line's bits past the vector, then segment bits chosen against bank
/// conflicts; segment bits that are registers on both sides become rounds,
/// but for the first `leaveReps` of them (an ldmatrix/stmatrix pair needs
/// them to use its .x4 form).
SwizzledCvtTile buildTile(const CvtBases &bases, unsigned bitwidth,
                          ArrayRef<int32_t> vec, ArrayRef<int32_t> tileSrc,
                          ArrayRef<int32_t> tileDst, int leaveReps) {
  SwizzledCvtTile tile;
  unsigned numBits = tile.numBits = bases.numBits;
  tile.vec.assign(vec.begin(), vec.end());
  SmallVector<int32_t> bankSrc(vec), bankDst(vec);
  llvm::append_range(bankSrc, tileSrc);
  llvm::append_range(bankDst, tileDst);
  constexpr unsigned kBankLineBits = 32 * 32;
  unsigned vecBits = (1u << vec.size()) * bitwidth;
  unsigned lineBits =
      vecBits >= kBankLineBits ? 0 : llvm::Log2_32(kBankLineBits / vecBits);
  unsigned numVec = std::min<unsigned>(vec.size(), numBits);
  unsigned numBankBits = std::min(lineBits, numBits - numVec);
  unsigned numSegmentBits = numBits - numBankBits - numVec;
  tile.segment = computeSegment(bankSrc, bankDst, numBits, numSegmentBits);
  for (int32_t v : tile.segment)
    if (llvm::is_contained(bases.regSrc, v) &&
        llvm::is_contained(bases.regDst, v)) {
      if (leaveReps > 0)
        --leaveReps;
      else
        tile.reps.push_back(v);
    }
  return tile;
}

/// log2 of the bank conflicts of a tile's writes plus its reads.
int bankConflicts(const SwizzledCvtTile &tile, ArrayRef<int32_t> tileSrc,
                  ArrayRef<int32_t> tileDst) {
  SmallVector<int32_t> segment;
  for (int32_t v : tile.segment)
    if (!llvm::is_contained(tile.reps, v))
      segment.push_back(v);
  int write = (1 << intersectionBasis(segment, tileSrc, tile.numBits).size());
  int read = (1 << intersectionBasis(segment, tileDst, tile.numBits).size());
  return (read - 1) + (write - 1);
}

/// The vector of a conversion read and written with ld/st.shared (Triton's
/// getVbasis): registers of both sides, at most 128 bits; under 32 bits,
/// filled up to a bank word from the side whose further registers are more
/// often the other side's lanes, then those registers (which widen that
/// side's accesses without conflicts on the other).
SmallVector<int32_t> vectorForLdSt(const CvtBases &bases, unsigned bitwidth) {
  SmallVector<int32_t> regSrc(bases.regSrc), regDst(bases.regDst);
  SmallVector<int32_t> vec = intersectionBasis(regSrc, regDst, bases.numBits);
  unsigned maxVec = llvm::Log2_32(128 / bitwidth);
  if (vec.size() > maxVec)
    vec.resize(maxVec);
  unsigned basesPerBank = bitwidth > 32 ? 0 : llvm::Log2_32(32 / bitwidth);
  auto afterBank0 = [&](ArrayRef<int32_t> regs, ArrayRef<int32_t> current,
                        ArrayRef<int32_t> otherLanes) {
    SmallVector<int32_t> extra;
    unsigned maxExtra = llvm::Log2_32(128 / std::max(bitwidth, 32u));
    for (int32_t r : regs) {
      if (llvm::is_contained(current, r))
        continue;
      if (llvm::is_contained(otherLanes, r))
        extra.push_back(r);
      if (extra.size() == maxExtra)
        break;
    }
    return extra;
  };
  bool fromSrc = true;
  if ((1u << vec.size()) * bitwidth < 32) {
    auto isPrefix = [&](ArrayRef<int32_t> regs) {
      return vec.size() <= regs.size() &&
             llvm::equal(vec, regs.take_front(vec.size()));
    };
    bool srcPrefix = isPrefix(regSrc), dstPrefix = isPrefix(regDst);
    if (!vec.empty() && !srcPrefix && !dstPrefix) {
      auto toFront = [&](SmallVector<int32_t> &regs) {
        SmallVector<int32_t> reordered(vec);
        for (int32_t r : regs)
          if (!llvm::is_contained(vec, r))
            reordered.push_back(r);
        regs = std::move(reordered);
      };
      toFront(regSrc);
      toFront(regDst);
      srcPrefix = dstPrefix = true;
    }
    auto fill = [&](ArrayRef<int32_t> regs) {
      SmallVector<int32_t> filled(vec);
      for (size_t i = vec.size(); i < basesPerBank && i < regs.size(); ++i)
        filled.push_back(regs[i]);
      return filled;
    };
    if (srcPrefix && dstPrefix) {
      SmallVector<int32_t> viaSrc =
          afterBank0(regSrc, fill(regSrc), bases.laneDst);
      SmallVector<int32_t> viaDst =
          afterBank0(regDst, fill(regDst), bases.laneSrc);
      // (Triton compares the two lists as sequences.)
      srcPrefix = !(viaSrc < viaDst);
    }
    fromSrc = srcPrefix;
    vec = fill(fromSrc ? regSrc : regDst);
  }
  llvm::append_range(vec, fromSrc ? afterBank0(regSrc, vec, bases.laneDst)
                                  : afterBank0(regDst, vec, bases.laneSrc));
  return vec;
}

/// The tile when no instruction pair fits (Triton's optimalSwizzlingLdSt):
/// element vectors on both sides; a side whose accesses are wider than 32
/// bits takes fewer lanes per phase.
SwizzledCvtTile buildLdStTile(const CvtBases &bases, unsigned bitwidth) {
  SmallVector<int32_t> vec = vectorForLdSt(bases, bitwidth);
  auto phaseLanes = [&](ArrayRef<int32_t> regs, ArrayRef<int32_t> lanes) {
    size_t vectorSize = 0;
    while (vectorSize < vec.size() && vectorSize < regs.size() &&
           regs[vectorSize] == vec[vectorSize])
      ++vectorSize;
    SmallVector<int32_t> phase(lanes);
    unsigned accessBits = (1u << vectorSize) * bitwidth;
    if (accessBits > 32)
      phase.resize(phase.size() -
                   std::min<size_t>(llvm::Log2_32(accessBits / 32),
                                    phase.size()));
    SmallVector<int32_t> result;
    for (int32_t v : phase)
      if (!llvm::is_contained(vec, v))
        result.push_back(v);
    return result;
  };
  SmallVector<int32_t> tileSrc = phaseLanes(bases.regSrc, bases.laneSrc);
  SmallVector<int32_t> tileDst = phaseLanes(bases.regDst, bases.laneDst);
  return buildTile(bases, bitwidth, vec, tileSrc, tileDst, /*leaveReps=*/0);
}

} // namespace

SwizzledCvtTile mlir::triton::getSwizzledCvtTile(const LinearLayout &src,
                                                 const LinearLayout &dst,
                                                 unsigned bitwidth,
                                                 bool hasStmatrix,
                                                 bool hasLdmatrix) {
  // Triton 3.6's choice (optimalSwizzling over the target's instruction
  // tiles): every pair of a source instruction (st.shared, stmatrix,
  // stmatrix.trans) and a destination one (ld.shared, ldmatrix,
  // ldmatrix.trans) whose 16-byte rows can be made to coincide gives a
  // tile; the one with the fewest bank conflicts wins, then the one with
  // more rounds (less shared memory). Without any, ld/st.shared vectors.
  CvtBases bases(src, dst);
  unsigned numBits = bases.numBits;
  int totalBases = bitwidth > 128 ? 0 : llvm::Log2_32(128 / bitwidth);
  SmallVector<MemOpTile> srcTiles = memOpTiles(bitwidth, hasStmatrix);
  SmallVector<MemOpTile> dstTiles = memOpTiles(bitwidth, hasLdmatrix);
  SideBases srcSide{bases.regSrc, bases.laneSrc, bases.warpSrc};
  SideBases dstSide{bases.regDst, bases.laneDst, bases.warpDst};
  // The registers not yet in the vector, then the instruction's row-address
  // lanes (Triton's getTile).
  auto phaseBases = [](const MemOpTile &instr, ArrayRef<int32_t> regs,
                       ArrayRef<int32_t> lanes, ArrayRef<int32_t> vec)
      -> std::optional<SmallVector<int32_t>> {
    SmallVector<int32_t> phase;
    int needed = 3 - int(instr.laneAddr.size());
    for (int32_t r : regs) {
      if (needed <= 0)
        break;
      if (!llvm::is_contained(vec, r)) {
        phase.push_back(r);
        --needed;
      }
    }
    if (needed > 0)
      return std::nullopt;
    for (int i : instr.laneAddr) {
      if (i >= int(lanes.size()))
        return std::nullopt;
      phase.push_back(lanes[i]);
    }
    return phase;
  };
  std::optional<SwizzledCvtTile> best;
  int bestConflicts = 0;
  for (const MemOpTile &s : srcTiles) {
    int nRegSrc = totalBases - int(s.laneContig.size());
    for (const MemOpTile &d : dstTiles) {
      int nRegDst = totalBases - int(d.laneContig.size());
      if (nRegSrc < 0 || nRegDst < 0)
        continue;
      std::optional<SmallVector<int32_t>> vec =
          matchTiles(srcSide, dstSide, nRegSrc, nRegDst, s.laneContig,
                     d.laneContig, numBits);
      if (!vec || vec->size() > numBits)
        continue;
      std::optional<SmallVector<int32_t>> tileSrc =
          phaseBases(s, bases.regSrc, bases.laneSrc, *vec);
      std::optional<SmallVector<int32_t>> tileDst =
          phaseBases(d, bases.regDst, bases.laneDst, *vec);
      if (!tileSrc || !tileDst)
        continue;
      auto missing = [](const MemOpTile &t) {
        return int(t.laneContig.size() + t.laneAddr.size()) - 3;
      };
      SwizzledCvtTile tile = buildTile(bases, bitwidth, *vec, *tileSrc,
                                       *tileDst, std::min(missing(s), missing(d)));
      int conflicts = bankConflicts(tile, *tileSrc, *tileDst);
      // The lowering uses the matrix instructions for 16-bit elements;
      // other picks keep their tile, accessed with element vectors.
      if (bitwidth == 16 && s.kind == MemOpTile::Kind::Matrix)
        tile.store = SwizzledCvtTile::Store::Stmatrix;
      if (bitwidth == 16 && s.kind == MemOpTile::Kind::MatrixTrans)
        tile.store = SwizzledCvtTile::Store::StmatrixTrans;
      if (bitwidth == 16 && d.kind == MemOpTile::Kind::Matrix)
        tile.load = SwizzledCvtTile::Load::Ldmatrix;
      if (bitwidth == 16 && d.kind == MemOpTile::Kind::MatrixTrans)
        tile.load = SwizzledCvtTile::Load::LdmatrixTrans;
      if (!best || conflicts < bestConflicts ||
          (conflicts == bestConflicts &&
           tile.reps.size() > best->reps.size())) {
        best = std::move(tile);
        bestConflicts = conflicts;
      }
    }
  }
  if (best)
    return *best;
  return buildLdStTile(bases, bitwidth);
}
