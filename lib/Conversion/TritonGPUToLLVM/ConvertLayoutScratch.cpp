//===- ConvertLayoutScratch.cpp - convert_layout through shared memory ---===//
//
// A conversion that moves elements between warps goes through the op's
// scratch shared memory, laid out as Triton's generic swizzled tile
// (getSwizzledCvtTile): the tile's offset bits are the vector, the banks,
// the segments and the rounds ("reps"); each side writes or reads its
// registers at the thread's offset xor a constant, one round at a time
// (write, barrier, read, barrier before the next round's write). The
// exchange is replayed at compile time for every thread before any code is
// emitted, so an inconsistent tile is refused rather than miscompiled.
//
//===----------------------------------------------------------------------===//
#include "ConvertLayoutUtility.h"

#include "Analysis/ScratchSize.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "llvm/ADT/DenseMap.h"

#include <map>


using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::cvt;
namespace ttg = mlir::triton::gpu;

//===-- Across warps: the swizzled scratch tile ---------------------------===//

FailureOr<SmallVector<Value>> mlir::triton::cvt::transferThroughSharedMemory(
    ttg::ConvertLayoutOp op, ArrayRef<Value> inVals,
    const TypeConverter &typeConverter, ConversionPatternRewriter &rewriter) {
  MLIRContext *ctx = op.getContext();
  Location loc = op.getLoc();
  auto srcTy = cast<RankedTensorType>(op.getSrc().getType());
  auto dstTy = cast<RankedTensorType>(op.getType());
  StringAttr kReg = kRegister(ctx), kLaneDim = kLane(ctx),
             kWarpDim = kWarp(ctx), kBlockDim = kBlock(ctx);
  LinearLayout src = ttg::toLinearLayout(srcTy);
  LinearLayout dst = ttg::toLinearLayout(dstTy);
  for (const LinearLayout *layout : {&src, &dst})
    if (layout->hasInDim(kBlockDim) &&
        !layout->sublayoutIsZero({kBlockDim},
                                 llvm::to_vector(layout->getOutDimNames()))) {
      op.emitOpError("lowering to LLVM does not support layout "
                     "conversions of tensors split over CTAs");
      return failure();
    }

  unsigned bitwidth = getScratchBitwidth(srcTy.getElementType());
  SwizzledCvtTile tile =
      getSwizzledCvtTile(src, dst, bitwidth, targetHasStmatrix(op));
  bool stmatrix = tile.store != SwizzledCvtTile::Store::Vectors;
  bool trans = tile.store == SwizzledCvtTile::Store::StmatrixTrans;
  unsigned numBits = tile.numBits;

  // Offset bits: vector, banks, segments other than rounds; then rounds.
  SmallVector<int32_t> spanned(tile.vec);
  llvm::append_range(spanned, tile.segment);
  SmallVector<int32_t> bank;
  {
    // Complement of span(vec, segment) by unit vectors, lowest first.
    SmallVector<int32_t> current(spanned);
    for (unsigned bit = 0; bit < numBits; ++bit) {
      SmallVector<int32_t> trial(current);
      trial.push_back(int32_t(1) << bit);
      // Independent iff Gaussian elimination keeps every trial vector.
      SmallVector<uint64_t> rows(trial.begin(), trial.end());
      unsigned rank = 0;
      for (unsigned col = 0; col < numBits && rank < rows.size(); ++col) {
        unsigned pivot = rank;
        while (pivot < rows.size() && !(rows[pivot] >> col & 1))
          ++pivot;
        if (pivot == rows.size())
          continue;
        std::swap(rows[rank], rows[pivot]);
        for (unsigned i = 0; i < rows.size(); ++i)
          if (i != rank && (rows[i] >> col & 1))
            rows[i] ^= rows[rank];
        ++rank;
      }
      if (rank == trial.size()) {
        current.push_back(int32_t(1) << bit);
        bank.push_back(int32_t(1) << bit);
      }
    }
  }
  SmallVector<int32_t> tileBases(tile.vec);
  llvm::append_range(tileBases, bank);
  for (int32_t v : tile.segment)
    if (!llvm::is_contained(tile.reps, v))
      tileBases.push_back(v);
  unsigned tileBits = tileBases.size();
  SmallVector<int32_t> allBases(tileBases);
  llvm::append_range(allBases, tile.reps);
  std::optional<BasisCoordinates> coords =
      BasisCoordinates::get(allBases, numBits);
  if (!coords) {
    op.emitOpError("lowering to LLVM could not build the swizzled "
                   "shared-memory tile of this layout conversion");
    return failure();
  }
  uint64_t tileMask = (uint64_t(1) << tileBits) - 1;
  int numReps = 1 << tile.reps.size();

  FailureOr<Value> smemBase = getSharedMemoryAddress(loc, rewriter, op);
  if (failed(smemBase)) {
    op.emitOpError("has no shared memory allocated (run "
                   "allocate-shared-memory-nv first)");
    return failure();
  }

  Type llvmElemType = typeConverter.convertType(srcTy.getElementType());
  ScratchElement element(llvmElemType, rewriter);
  auto [laneId, warpId] = getLaneAndWarpId(rewriter, loc);

  /// One side of the exchange: where each unique register lives in the
  /// tile, per round, and the thread's runtime offset.
  struct Side {
    RegisterCompaction regs;
    LinearLayout flat;
    Value threadOffset;
    /// The offsets lane bit i / warp bit i add (xor).
    SmallVector<int32_t> laneOffsets, warpOffsets;
    unsigned vecBits = 0;
    /// round -> (constant offset -> unique register)
    SmallVector<std::map<uint64_t, int32_t>> byRound;
  };
  auto buildSide = [&](const LinearLayout &layout) -> FailureOr<Side> {
    Side side{RegisterCompaction(layout, kReg),
              layout.removeZeroBasesAlongDim(kReg).flattenOuts(),
              Value(),
              {},
              {},
              static_cast<unsigned>(tile.vec.size()),
              {}};
    side.byRound.resize(numReps);
    // Lanes and warps: offsets only, never a round.
    LinearLayout::BasesT threadBases;
    for (StringAttr dim : {kLaneDim, kWarpDim}) {
      auto &list = threadBases[dim];
      for (int i = 0; i < side.flat.getInDimSizeLog2(dim); ++i) {
        int32_t flat = side.flat.getBasis(dim, i).front();
        uint64_t c = coords->coordinates(flat);
        if (c & ~tileMask)
          return failure();
        list.push_back({static_cast<int32_t>(c)});
        (dim == kLaneDim ? side.laneOffsets : side.warpOffsets)
            .push_back(static_cast<int32_t>(c));
        if (c)
          side.vecBits = std::min<unsigned>(side.vecBits, llvm::countr_zero(c));
      }
    }
    LinearLayout threadLayout(std::move(threadBases),
                              {{kOffset(ctx), int32_t(1) << tileBits}},
                              /*requireSurjective=*/false);
    side.threadOffset =
        applyLinearLayout(loc, rewriter, threadLayout,
                          {{kLaneDim, laneId}, {kWarpDim, warpId}})
            .front();
    for (int32_t u = 0; u < side.regs.numUnique(); ++u) {
      uint64_t c = coords->coordinates(applyFlat(side.flat, {{kReg, u}}));
      side.byRound[c >> tileBits][c & tileMask] = u;
    }
    return side;
  };
  FailureOr<Side> store = buildSide(src);
  FailureOr<Side> load = buildSide(dst);
  if (failed(store) || failed(load)) {
    op.emitOpError("lowering to LLVM could not place this layout "
                   "conversion in its swizzled shared-memory tile");
    return failure();
  }

  // threadOffset ^ offset, with immediates where the bits allow.
  auto sideAddresses = [&](const Side &side) {
    uint64_t threadBits = 0;
    for (int32_t v : side.laneOffsets)
      threadBits |= uint64_t(v);
    for (int32_t v : side.warpOffsets)
      threadBits |= uint64_t(v);
    return SharedAddresses(*smemBase, element.storedType, side.threadOffset,
                           threadBits);
  };
  SharedAddresses storeAddresses = sideAddresses(*store);
  SharedAddresses loadAddresses = sideAddresses(*load);

  // stmatrix (tile.store): the source's unique registers are the pair bit
  // (0, the two halves of a 32-bit fragment register), the rounds, up to
  // two bits selecting the matrix of an .x2/.x4, and the instructions'.
  // Lane l gives the address of row l % 8 of matrix l / 8: the row start
  // (lanes 0-2 over the fragment axis the rows are not) xor the matrix's
  // registers xor the warp's part. Any piece that does not fit falls back
  // to vector stores over the same tile.
  StringAttr kRegDim = kReg;
  SmallVector<int> roundRegBits, matrixRegBits, instrRegBits;
  SmallVector<int32_t> stLaneOffsets;
  auto offsetOf = [&](int32_t flat) -> std::optional<int32_t> {
    uint64_t c = coords->coordinates(flat);
    if (c & ~tileMask)
      return std::nullopt;
    return static_cast<int32_t>(c);
  };
  if (stmatrix) {
    const LinearLayout &flat = store->flat;
    int numRegBits = flat.getInDimSizeLog2(kRegDim);
    auto regBasis = [&](int k) { return flat.getBasis(kRegDim, k).front(); };
    auto laneBasis = [&](int k) { return flat.getBasis(kLaneDim, k).front(); };
    for (int32_t rep : tile.reps) {
      int found = -1;
      for (int k = 1; k < numRegBits; ++k)
        if (regBasis(k) == rep)
          found = k;
      stmatrix &= found >= 0;
      roundRegBits.push_back(found);
    }
    for (int k = 1; k < numRegBits; ++k) {
      if (llvm::is_contained(roundRegBits, k))
        continue;
      (matrixRegBits.size() < 2 ? matrixRegBits : instrRegBits).push_back(k);
    }
    SmallVector<int32_t> rowStarts =
        trans ? SmallVector<int32_t>{regBasis(0), laneBasis(0), laneBasis(1)}
              : SmallVector<int32_t>{laneBasis(2), laneBasis(3), laneBasis(4)};
    for (int k = 0; k < 5 && stmatrix; ++k) {
      int32_t vector = k < 3 ? rowStarts[k]
                       : k - 3 < int(matrixRegBits.size())
                           ? regBasis(matrixRegBits[k - 3])
                           : 0;
      std::optional<int32_t> offset = offsetOf(vector);
      // A row start keeps the 16-byte row (offset bits 0-2) whole.
      stmatrix &= offset.has_value() && (*offset & 7) == 0;
      stLaneOffsets.push_back(offset.value_or(0));
    }
    for (int32_t v : store->warpOffsets)
      stmatrix &= (v & 7) == 0;
    for (int k : instrRegBits)
      stmatrix &= (offsetOf(regBasis(k)).value_or(1) & 7) == 0;
  }
  int numMatrices = 1 << matrixRegBits.size();
  /// The unique register of instruction `instr` of round `round`, matrix
  /// `matrix`, half `half`.
  auto stRegister = [&](int round, int instr, int matrix, int half) {
    int32_t u = half;
    for (auto [i, k] : llvm::enumerate(roundRegBits))
      u |= (round >> i & 1) << k;
    for (auto [i, k] : llvm::enumerate(matrixRegBits))
      u |= (matrix >> i & 1) << k;
    for (auto [i, k] : llvm::enumerate(instrRegBits))
      u |= (instr >> i & 1) << k;
    return u;
  };
  /// The in-tile offset of instruction `instr`'s first row, for lane 0 of
  /// warp 0.
  auto stConstOffset = [&](int round, int instr) {
    int32_t u = stRegister(round, instr, 0, 0);
    return int32_t(coords->coordinates(applyFlat(store->flat, {{kRegDim, u}})) &
                   tileMask);
  };
  auto stThreadOffset = [&](int32_t lane, int32_t warp) {
    int32_t offset = 0;
    for (auto [i, v] : llvm::enumerate(stLaneOffsets))
      if (lane >> i & 1)
        offset ^= v;
    for (auto [i, v] : llvm::enumerate(store->warpOffsets))
      if (warp >> i & 1)
        offset ^= v;
    return offset;
  };
  int numInstrs = 1 << instrRegBits.size();
  /// Visits the vectors of one round: (first offset, registers in order).
  auto forEachVector = [&](const Side &side, int round,
                           function_ref<void(uint64_t, ArrayRef<int32_t>)> fn) {
    const std::map<uint64_t, int32_t> &slots = side.byRound[round];
    uint64_t width = uint64_t(1) << side.vecBits;
    for (auto [offset, reg] : slots) {
      if (offset % width)
        continue;
      SmallVector<int32_t> regs;
      for (uint64_t j = 0; j < width; ++j) {
        auto it = slots.find(offset + j);
        if (it == slots.end())
          break;
        regs.push_back(it->second);
      }
      if (regs.size() == width) {
        fn(offset, regs);
        continue;
      }
      for (uint64_t j = 0; j < width; ++j)
        if (auto it = slots.find(offset + j); it != slots.end())
          fn(offset + j, {it->second});
    }
  };

  // Replay the exchange at compile time for every thread: each read must
  // find the element the destination register holds, written in the same
  // round, and no two different elements may share a slot.
  auto threadOffset = [](const Side &side, int32_t lane, int32_t warp) {
    int32_t offset = 0;
    for (auto [i, v] : llvm::enumerate(side.laneOffsets))
      if (lane >> i & 1)
        offset ^= v;
    for (auto [i, v] : llvm::enumerate(side.warpOffsets))
      if (warp >> i & 1)
        offset ^= v;
    return offset;
  };
  auto elementAt = [&](const Side &side, int32_t reg, int32_t lane,
                       int32_t warp) {
    return applyFlat(side.flat,
                     {{kReg, reg}, {kLaneDim, lane}, {kWarpDim, warp}});
  };
  int numLanes = 1 << store->laneOffsets.size();
  int numWarps = 1 << store->warpOffsets.size();
  if (numLanes != (1 << load->laneOffsets.size()) ||
      numWarps != (1 << load->warpOffsets.size())) {
    op.emitOpError("has source and result layouts over different numbers of "
                   "lanes or warps");
    return failure();
  }
  for (int round = 0; round < numReps; ++round) {
    DenseMap<int64_t, int32_t> slots;
    bool consistent = true;
    auto write = [&](int64_t slot, int32_t elem) {
      auto [it, inserted] = slots.try_emplace(slot, elem);
      consistent &= inserted || it->second == elem;
      consistent &= slot < (int64_t(1) << tileBits);
    };
    for (int32_t warp = 0; warp < numWarps; ++warp) {
      if (stmatrix) {
        // What stmatrix writes: row r of matrix m (the address of lane
        // 8m + r) holds fragment row r (columns e = 0..7: lane 4r + e/2,
        // half e % 2), or under .trans fragment column r (rows e: lane
        // 4e + r/2, half r % 2).
        for (int instr = 0; instr < numInstrs; ++instr)
          for (int m = 0; m < numMatrices; ++m)
            for (int r = 0; r < 8; ++r) {
              int32_t rowStart = stThreadOffset(8 * m + r, warp) ^
                                 stConstOffset(round, instr);
              for (int e = 0; e < 8; ++e) {
                int32_t lane = trans ? 4 * e + r / 2 : 4 * r + e / 2;
                int half = trans ? r % 2 : e % 2;
                write(rowStart + e,
                      elementAt(*store, stRegister(round, instr, m, half),
                                lane, warp));
              }
            }
        continue;
      }
      for (int32_t lane = 0; lane < numLanes; ++lane) {
        int32_t base = threadOffset(*store, lane, warp);
        forEachVector(*store, round,
                      [&](uint64_t offset, ArrayRef<int32_t> regs) {
                        for (auto [j, reg] : llvm::enumerate(regs))
                          write((base ^ offset) + j,
                                elementAt(*store, reg, lane, warp));
                      });
      }
    }
    for (int32_t warp = 0; warp < numWarps; ++warp)
      for (int32_t lane = 0; lane < numLanes; ++lane) {
        int32_t base = threadOffset(*load, lane, warp);
        forEachVector(
            *load, round, [&](uint64_t offset, ArrayRef<int32_t> regs) {
              for (auto [j, reg] : llvm::enumerate(regs)) {
                auto it = slots.find((base ^ offset) + j);
                consistent &= it != slots.end() &&
                              it->second == elementAt(*load, reg, lane, warp);
              }
            });
      }
    if (!consistent) {
      op.emitOpError("lowering to LLVM built an inconsistent shared-memory "
                     "exchange for this layout conversion");
      return failure();
    }
  }

  unsigned elemBytes = bitwidth / 8;
  SmallVector<Value> uniqueOut(load->regs.numUnique());
  std::optional<SharedAddresses> stAddresses;
  std::string stmatrixAsm, stmatrixConstraints = "r";
  if (stmatrix) {
    LinearLayout::BasesT threadBases;
    uint64_t threadBits = 0;
    for (int32_t v : stLaneOffsets) {
      threadBases[kLaneDim].push_back({v});
      threadBits |= uint64_t(v);
    }
    for (int32_t v : store->warpOffsets) {
      threadBases[kWarpDim].push_back({v});
      threadBits |= uint64_t(v);
    }
    LinearLayout threadLayout(std::move(threadBases),
                              {{kOffset(ctx), int32_t(1) << tileBits}},
                              /*requireSurjective=*/false);
    Value threadOffset =
        applyLinearLayout(loc, rewriter, threadLayout,
                          {{kLaneDim, laneId}, {kWarpDim, warpId}})
            .front();
    stAddresses.emplace(*smemBase, element.storedType, threadOffset,
                        threadBits);
    stmatrixAsm = "stmatrix.sync.aligned.m8n8.x" + std::to_string(numMatrices) +
                  (trans ? ".trans" : "") + ".shared.b16 [$0], {";
    for (int m = 0; m < numMatrices; ++m) {
      stmatrixAsm += (m ? ", $" : "$") + std::to_string(m + 1);
      stmatrixConstraints += ",r";
    }
    stmatrixAsm += "};";
  }
  for (int round = 0; round < numReps; ++round) {
    if (round > 0)
      emitBarrier(loc, rewriter);
    if (stmatrix) {
      for (int instr = 0; instr < numInstrs; ++instr) {
        SmallVector<Value> operands{stAddresses->get(
            rewriter, loc, uint32_t(stConstOffset(round, instr)))};
        for (int m = 0; m < numMatrices; ++m) {
          auto pairType = VectorType::get(2, element.storedType);
          Value pair = LLVM::UndefOp::create(rewriter, loc, pairType);
          for (int half = 0; half < 2; ++half) {
            int32_t u = stRegister(round, instr, m, half);
            pair = LLVM::InsertElementOp::create(
                rewriter, loc, pair,
                element.toStored(loc, rewriter,
                                 inVals[store->regs.uniqueToOriginal(u)]),
                i32Val(rewriter, loc, half));
          }
          operands.push_back(LLVM::BitcastOp::create(
              rewriter, loc, rewriter.getI32Type(), pair));
        }
        emitInlineAsm(loc, rewriter, Type(), operands, stmatrixAsm,
                      stmatrixConstraints);
      }
    }
    forEachVector(*store, round, [&](uint64_t offset, ArrayRef<int32_t> regs) {
      if (stmatrix)
        return;
      Value ptr = storeAddresses.get(rewriter, loc, offset);
      Value value;
      if (regs.size() == 1) {
        value = element.toStored(loc, rewriter,
                                 inVals[store->regs.uniqueToOriginal(regs[0])]);
      } else {
        auto vecType = VectorType::get(regs.size(), element.storedType);
        value = LLVM::UndefOp::create(rewriter, loc, vecType);
        for (auto [j, reg] : llvm::enumerate(regs))
          value = LLVM::InsertElementOp::create(
              rewriter, loc, value,
              element.toStored(loc, rewriter,
                               inVals[store->regs.uniqueToOriginal(reg)]),
              i32Val(rewriter, loc, j));
      }
      LLVM::StoreOp::create(rewriter, loc, value, ptr,
                            /*alignment=*/elemBytes * regs.size());
    });
    emitBarrier(loc, rewriter);
    forEachVector(*load, round, [&](uint64_t offset, ArrayRef<int32_t> regs) {
      Value ptr = loadAddresses.get(rewriter, loc, offset);
      if (regs.size() == 1) {
        Value v = LLVM::LoadOp::create(rewriter, loc, element.storedType, ptr,
                                       /*alignment=*/elemBytes);
        uniqueOut[regs[0]] = element.fromStored(loc, rewriter, v);
        return;
      }
      auto vecType = VectorType::get(regs.size(), element.storedType);
      Value v = LLVM::LoadOp::create(rewriter, loc, vecType, ptr,
                                     /*alignment=*/elemBytes * regs.size());
      for (auto [j, reg] : llvm::enumerate(regs))
        uniqueOut[reg] =
            element.fromStored(loc, rewriter,
                               LLVM::ExtractElementOp::create(
                                   rewriter, loc, v, i32Val(rewriter, loc, j)));
    });
  }
  SmallVector<Value> outVals;
  for (int32_t r = 0; r < load->regs.numOriginal; ++r)
    outVals.push_back(uniqueOut[load->regs.originalToUnique(r)]);
  if (llvm::any_of(outVals, [](Value v) { return !v; })) {
    op.emitOpError("lowering to LLVM left a register of this layout "
                   "conversion unread");
    return failure();
  }
  return outVals;
}
