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
  SwizzledCvtTile tile = getSwizzledCvtTile(src, dst, bitwidth);
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
    for (int32_t warp = 0; warp < numWarps; ++warp)
      for (int32_t lane = 0; lane < numLanes; ++lane) {
        int32_t base = threadOffset(*store, lane, warp);
        forEachVector(*store, round,
                      [&](uint64_t offset, ArrayRef<int32_t> regs) {
                        for (auto [j, reg] : llvm::enumerate(regs)) {
                          int64_t slot = (base ^ offset) + j;
                          int32_t elem = elementAt(*store, reg, lane, warp);
                          auto [it, inserted] = slots.try_emplace(slot, elem);
                          consistent &= inserted || it->second == elem;
                          consistent &= slot < (int64_t(1) << tileBits);
                        }
                      });
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
  for (int round = 0; round < numReps; ++round) {
    if (round > 0)
      emitBarrier(loc, rewriter);
    forEachVector(*store, round, [&](uint64_t offset, ArrayRef<int32_t> regs) {
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
