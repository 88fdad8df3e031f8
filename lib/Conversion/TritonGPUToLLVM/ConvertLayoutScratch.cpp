//===- ConvertLayoutScratch.cpp - convert_layout through shared memory ---===//
//
// A conversion that moves elements between warps goes through the op's
// scratch shared memory, laid out as the swizzled tile Triton 3.6 chooses
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
             kWarpDim = kWarp(ctx);
  // Each CTA converts its own part: the exchange runs over the per-CTA
  // layouts (the CTA bits projected out), the same ones the allocation
  // sized the scratch buffer from.
  auto perCTA = perCTACvtLayouts(ttg::toLinearLayout(srcTy),
                                 ttg::toLinearLayout(dstTy));
  if (!perCTA) {
    op.emitOpError("lowering to LLVM does not support layout conversions "
                   "that move data between CTAs");
    return failure();
  }
  const LinearLayout &src = perCTA->first;
  const LinearLayout &dst = perCTA->second;

  unsigned bitwidth = getScratchBitwidth(srcTy.getElementType());
  SwizzledCvtTile tile =
      getSwizzledCvtTile(src, dst, bitwidth, targetHasStmatrix(op));
  bool stmatrix = tile.store != SwizzledCvtTile::Store::Vectors;
  bool ldmatrix = tile.load != SwizzledCvtTile::Load::Vectors;
  bool ldTrans = tile.load == SwizzledCvtTile::Load::LdmatrixTrans;
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

  // stmatrix (tile.store) and ldmatrix (tile.load) move 8x8 fragments. On
  // the side that uses one, its unique registers are the pair bit (0, the
  // two halves of a 32-bit fragment register), the rounds, up to two bits
  // selecting the matrix of an .x2/.x4, and the instructions'. Lane l gives
  // the address of row l % 8 of matrix l / 8: the row start xor the
  // matrix's registers xor the warp's part. Any piece that does not fit
  // falls back to vector accesses over the same tile.
  auto offsetOf = [&](int32_t flat) -> std::optional<int32_t> {
    uint64_t c = coords->coordinates(flat);
    if (c & ~tileMask)
      return std::nullopt;
    return static_cast<int32_t>(c);
  };
  struct MatrixPlan {
    bool ok = true;
    const Side *side = nullptr;
    SmallVector<int> roundRegBits, matrixRegBits, instrRegBits;
    SmallVector<int32_t> laneOffsets;
    int numMatrices() const { return 1 << matrixRegBits.size(); }
    int numInstrs() const { return 1 << instrRegBits.size(); }
    /// The unique register of instruction `instr` of round `round`, matrix
    /// `matrix`, half `half`.
    int32_t reg(int round, int instr, int matrix, int half) const {
      int32_t u = half;
      for (auto [i, k] : llvm::enumerate(roundRegBits))
        u |= (round >> i & 1) << k;
      for (auto [i, k] : llvm::enumerate(matrixRegBits))
        u |= (matrix >> i & 1) << k;
      for (auto [i, k] : llvm::enumerate(instrRegBits))
        u |= (instr >> i & 1) << k;
      return u;
    }
    int32_t threadOffset(int32_t lane, int32_t warp) const {
      int32_t offset = 0;
      for (auto [i, v] : llvm::enumerate(laneOffsets))
        if (lane >> i & 1)
          offset ^= v;
      for (auto [i, v] : llvm::enumerate(side->warpOffsets))
        if (warp >> i & 1)
          offset ^= v;
      return offset;
    }
  };
  // `rowStarts`: the three bases lanes 0-2 of an instruction's addresses
  // step over.
  auto planMatrices = [&](const Side &side, ArrayRef<int32_t> rowStarts) {
    MatrixPlan plan;
    plan.side = &side;
    const LinearLayout &flat = side.flat;
    int numRegBits = flat.getInDimSizeLog2(kReg);
    auto regBasis = [&](int k) { return flat.getBasis(kReg, k).front(); };
    for (int32_t rep : tile.reps) {
      int found = -1;
      for (int k = 1; k < numRegBits; ++k)
        if (regBasis(k) == rep)
          found = k;
      plan.ok &= found >= 0;
      plan.roundRegBits.push_back(found);
    }
    for (int k = 1; k < numRegBits; ++k) {
      if (llvm::is_contained(plan.roundRegBits, k))
        continue;
      (plan.matrixRegBits.size() < 2 ? plan.matrixRegBits : plan.instrRegBits)
          .push_back(k);
    }
    for (int k = 0; k < 5 && plan.ok; ++k) {
      int32_t vector = k < 3 ? rowStarts[k]
                       : k - 3 < int(plan.matrixRegBits.size())
                           ? regBasis(plan.matrixRegBits[k - 3])
                           : 0;
      std::optional<int32_t> offset = offsetOf(vector);
      // A row start keeps the 16-byte row (offset bits 0-2) whole.
      plan.ok &= offset.has_value() && (*offset & 7) == 0;
      plan.laneOffsets.push_back(offset.value_or(0));
    }
    for (int32_t v : side.warpOffsets)
      plan.ok &= (v & 7) == 0;
    for (int k : plan.instrRegBits)
      plan.ok &= (offsetOf(regBasis(k)).value_or(1) & 7) == 0;
    return plan;
  };
  auto basisOf = [&](const Side &side, StringAttr dim, int k) {
    return side.flat.getBasis(dim, k).front();
  };
  // The bases lanes 0-2 of a matrix instruction's addresses step over: the
  // fragment rows (lanes 2-4), or under .trans its columns (register 0 and
  // lanes 0-1).
  auto rowStarts = [&](const Side &side, bool transposed) {
    return transposed ? SmallVector<int32_t>{basisOf(side, kReg, 0),
                                             basisOf(side, kLaneDim, 0),
                                             basisOf(side, kLaneDim, 1)}
                      : SmallVector<int32_t>{basisOf(side, kLaneDim, 2),
                                             basisOf(side, kLaneDim, 3),
                                             basisOf(side, kLaneDim, 4)};
  };
  MatrixPlan st, ld;
  if (stmatrix) {
    st = planMatrices(*store, rowStarts(*store, trans));
    stmatrix &= st.ok;
  }
  if (ldmatrix) {
    ld = planMatrices(*load, rowStarts(*load, ldTrans));
    ldmatrix &= ld.ok;
  }
  /// The in-tile offset of instruction `instr`'s first row, for lane 0 of
  /// warp 0.
  auto constOffset = [&](const MatrixPlan &plan, int round, int instr) {
    int32_t u = plan.reg(round, instr, 0, 0);
    return int32_t(
        coords->coordinates(applyFlat(plan.side->flat, {{kReg, u}})) &
        tileMask);
  };
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
  /// The 8 x 8 fragments of `plan`'s instructions in a round: (row start,
  /// element e of the row, its lane and register) for warp `warp`. Row r of
  /// matrix m (the address of lane 8m + r) holds fragment row r (columns
  /// e = 0..7: lane 4r + e/2, half e % 2), or under .trans fragment column
  /// r (rows e: lane 4e + r/2, half r % 2).
  auto forEachFragment = [&](const MatrixPlan &plan, bool transposed, int round,
                             int32_t warp,
                             function_ref<void(int32_t, int32_t, int32_t)> fn) {
    for (int instr = 0; instr < plan.numInstrs(); ++instr)
      for (int m = 0; m < plan.numMatrices(); ++m)
        for (int r = 0; r < 8; ++r) {
          int32_t rowStart = plan.threadOffset(8 * m + r, warp) ^
                             constOffset(plan, round, instr);
          for (int e = 0; e < 8; ++e) {
            int32_t lane = transposed ? 4 * e + r / 2 : 4 * r + e / 2;
            int half = transposed ? r % 2 : e % 2;
            fn(rowStart + e, lane, plan.reg(round, instr, m, half));
          }
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
        forEachFragment(st, trans, round, warp,
                        [&](int32_t slot, int32_t lane, int32_t reg) {
                          write(slot, elementAt(*store, reg, lane, warp));
                        });
        continue;
      }
      for (int32_t lane = 0; lane < numLanes; ++lane) {
        int32_t base = threadOffset(*store, lane, warp);
        forEachVector(
            *store, round, [&](uint64_t offset, ArrayRef<int32_t> regs) {
              for (auto [j, reg] : llvm::enumerate(regs))
                write((base ^ offset) + j, elementAt(*store, reg, lane, warp));
            });
      }
    }
    auto read = [&](int64_t slot, int32_t elem) {
      auto it = slots.find(slot);
      consistent &= it != slots.end() && it->second == elem;
    };
    for (int32_t warp = 0; warp < numWarps && ldmatrix; ++warp)
      forEachFragment(ld, ldTrans, round, warp,
                      [&](int32_t slot, int32_t lane, int32_t reg) {
                        read(slot, elementAt(*load, reg, lane, warp));
                      });
    for (int32_t warp = 0; warp < numWarps && !ldmatrix; ++warp)
      for (int32_t lane = 0; lane < numLanes; ++lane) {
        int32_t base = threadOffset(*load, lane, warp);
        forEachVector(
            *load, round, [&](uint64_t offset, ArrayRef<int32_t> regs) {
              for (auto [j, reg] : llvm::enumerate(regs))
                read((base ^ offset) + j, elementAt(*load, reg, lane, warp));
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
  // The calling thread's row addresses for a matrix plan.
  auto matrixAddresses = [&](const MatrixPlan &plan) {
    LinearLayout::BasesT threadBases;
    uint64_t threadBits = 0;
    for (int32_t v : plan.laneOffsets) {
      threadBases[kLaneDim].push_back({v});
      threadBits |= uint64_t(v);
    }
    for (int32_t v : plan.side->warpOffsets) {
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
    return SharedAddresses(*smemBase, element.storedType, threadOffset,
                           threadBits);
  };
  std::optional<SharedAddresses> stAddresses, ldAddresses;
  std::string stmatrixAsm, stmatrixConstraints = "r";
  if (stmatrix) {
    stAddresses.emplace(matrixAddresses(st));
    stmatrixAsm = "stmatrix.sync.aligned.m8n8.x" +
                  std::to_string(st.numMatrices()) + (trans ? ".trans" : "") +
                  ".shared.b16 [$0], {";
    for (int m = 0; m < st.numMatrices(); ++m) {
      stmatrixAsm += (m ? ", $" : "$") + std::to_string(m + 1);
      stmatrixConstraints += ",r";
    }
    stmatrixAsm += "};";
  }
  std::string ldmatrixAsm, ldmatrixConstraints;
  Type ldmatrixType;
  if (ldmatrix) {
    ldAddresses.emplace(matrixAddresses(ld));
    int n = ld.numMatrices();
    ldmatrixAsm = "ldmatrix.sync.aligned.m8n8.x" + std::to_string(n) +
                  (ldTrans ? ".trans" : "") + ".shared.b16 {";
    for (int m = 0; m < n; ++m) {
      ldmatrixAsm += (m ? ", $" : "$") + std::to_string(m);
      ldmatrixConstraints += "=r,";
    }
    ldmatrixAsm += "}, [$" + std::to_string(n) + "];";
    ldmatrixConstraints += "r";
    ldmatrixType = LLVM::LLVMStructType::getLiteral(
        ctx, SmallVector<Type>(n, rewriter.getI32Type()));
  }
  for (int round = 0; round < numReps; ++round) {
    if (round > 0)
      emitBarrier(loc, rewriter);
    if (stmatrix) {
      for (int instr = 0; instr < st.numInstrs(); ++instr) {
        SmallVector<Value> operands{stAddresses->get(
            rewriter, loc, uint32_t(constOffset(st, round, instr)))};
        for (int m = 0; m < st.numMatrices(); ++m) {
          auto pairType = VectorType::get(2, element.storedType);
          Value pair = LLVM::UndefOp::create(rewriter, loc, pairType);
          for (int half = 0; half < 2; ++half) {
            int32_t u = st.reg(round, instr, m, half);
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
    for (int instr = 0; ldmatrix && instr < ld.numInstrs(); ++instr) {
      Value address = ldAddresses->get(rewriter, loc,
                                       uint32_t(constOffset(ld, round, instr)));
      Value loaded = emitInlineAsm(loc, rewriter, ldmatrixType, {address},
                                   ldmatrixAsm, ldmatrixConstraints);
      auto pairType = VectorType::get(2, element.storedType);
      for (int m = 0; m < ld.numMatrices(); ++m) {
        Value word = LLVM::ExtractValueOp::create(rewriter, loc, loaded, m);
        Value pair = LLVM::BitcastOp::create(rewriter, loc, pairType, word);
        for (int half = 0; half < 2; ++half)
          uniqueOut[ld.reg(round, instr, m, half)] = element.fromStored(
              loc, rewriter,
              LLVM::ExtractElementOp::create(rewriter, loc, pair,
                                             i32Val(rewriter, loc, half)));
      }
    }
    forEachVector(*load, round, [&](uint64_t offset, ArrayRef<int32_t> regs) {
      if (ldmatrix)
        return;
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
