//===- ConvertLayoutOpToLLVM.cpp - ttg.convert_layout between registers ---===//
//
// A conversion between two distributed layouts moves each element from the
// (register, lane, warp) that holds it in the source to the one that holds
// it in the destination. minimalCvtLayout says which hardware dimensions
// actually change, and the cheapest mechanism follows from it:
//   - registers only: the result struct is a permutation (with copies) of
//     the operand's members;
//   - lanes (and registers): warp shuffles (shfl.sync.idx);
//   - warps: the op's scratch shared memory, laid out as Triton's generic
//     swizzled tile (getSwizzledCvtTile), one round ("rep") at a time:
//     write, barrier, read, barrier before the next round's write.
// Conversions between CTAs are refused.
//
//===----------------------------------------------------------------------===//
#include "Analysis/ScratchSize.h"
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MathExtras.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

//===-- GF(2) helpers -----------------------------------------------------===//

/// Coordinates of vectors in a basis of the whole `numBits`-bit space:
/// coordinates(v) is the mask of basis vectors whose xor is v.
class BasisCoordinates {
public:
  /// Fails when `basis` is not a basis of the space.
  static std::optional<BasisCoordinates> get(ArrayRef<int32_t> basis,
                                             unsigned numBits) {
    BasisCoordinates result;
    result.pivots.assign(numBits, {0, 0});
    if (basis.size() != numBits)
      return std::nullopt;
    for (auto [i, vector] : llvm::enumerate(basis)) {
      uint64_t v = static_cast<uint32_t>(vector);
      uint64_t combo = uint64_t(1) << i;
      result.reduce(v, combo);
      if (v == 0)
        return std::nullopt;
      result.pivots[llvm::Log2_64(v)] = {v, combo};
    }
    return result;
  }

  uint64_t coordinates(int32_t vector) const {
    uint64_t v = static_cast<uint32_t>(vector);
    uint64_t combo = 0;
    reduce(v, combo);
    return combo;
  }

private:
  void reduce(uint64_t &v, uint64_t &combo) const {
    for (int bit = static_cast<int>(pivots.size()) - 1; bit >= 0; --bit)
      if ((v >> bit & 1) && pivots[bit].first) {
        v ^= pivots[bit].first;
        combo ^= pivots[bit].second;
      }
  }
  /// pivots[b]: a reduced vector whose highest bit is b, and its combination.
  SmallVector<std::pair<uint64_t, uint64_t>> pivots;
};

/// The registers a layout keeps after dropping its zero register bases:
/// unique register u stands for original register uniqueToOriginal(u), and
/// original register r is a copy of unique register originalToUnique(r).
struct RegisterCompaction {
  explicit RegisterCompaction(const LinearLayout &layout, StringAttr kReg) {
    int bits = layout.getInDimSizeLog2(kReg);
    for (int i = 0; i < bits; ++i)
      if (llvm::any_of(layout.getBasis(kReg, i), [](int32_t v) { return v; }))
        kept.push_back(i);
    numOriginal = 1 << bits;
  }
  int32_t uniqueToOriginal(int32_t u) const {
    int32_t r = 0;
    for (auto [k, bit] : llvm::enumerate(kept))
      if (u >> k & 1)
        r |= 1 << bit;
    return r;
  }
  int32_t originalToUnique(int32_t r) const {
    int32_t u = 0;
    for (auto [k, bit] : llvm::enumerate(kept))
      if (r >> bit & 1)
        u |= 1 << k;
    return u;
  }
  int32_t numUnique() const { return 1 << kept.size(); }
  SmallVector<int> kept;
  int32_t numOriginal = 1;
};

/// The value of `layout`'s single output dimension at the given inputs.
int32_t applyFlat(const LinearLayout &layout,
                  ArrayRef<std::pair<StringAttr, int32_t>> ins) {
  return applyLinearLayoutConst(layout, ins).front();
}

//===-- Values in scratch memory ------------------------------------------===//

/// The LLVM type an element takes in scratch memory (i1 as i8, pointers as
/// i64) and the conversions to and from it.
struct ScratchElement {
  ScratchElement(Type llvmType, OpBuilder &b)
      : llvmType(llvmType),
        storedType(isa<LLVM::LLVMPointerType>(llvmType) ? b.getI64Type()
                   : llvmType.isInteger(1)              ? b.getI8Type()
                                                        : llvmType) {}
  Value toStored(Location loc, OpBuilder &b, Value v) const {
    if (isa<LLVM::LLVMPointerType>(llvmType))
      return LLVM::PtrToIntOp::create(b, loc, storedType, v);
    if (llvmType.isInteger(1))
      return LLVM::ZExtOp::create(b, loc, storedType, v);
    return v;
  }
  Value fromStored(Location loc, OpBuilder &b, Value v) const {
    if (isa<LLVM::LLVMPointerType>(llvmType))
      return LLVM::IntToPtrOp::create(b, loc, llvmType, v);
    if (llvmType.isInteger(1))
      return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, v,
                                  intVal(b, loc, storedType, 0));
    return v;
  }
  Type llvmType;
  Type storedType;
};

//===-- The pattern -------------------------------------------------------===//

struct ConvertLayoutOpConversion
    : public ConvertOpToLLVMPattern<ttg::ConvertLayoutOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcTy = cast<RankedTensorType>(op.getSrc().getType());
    auto dstTy = cast<RankedTensorType>(op.getType());
    if (!isa_and_nonnull<ttg::DistributedEncodingTrait>(srcTy.getEncoding()) ||
        !isa_and_nonnull<ttg::DistributedEncodingTrait>(dstTy.getEncoding())) {
      op.emitOpError("lowering to LLVM supports conversions between "
                     "distributed layouts only");
      return failure();
    }
    if (failed(ttg::tryToLinearLayout(srcTy.getShape(), srcTy.getEncoding(),
                                      [&] { return op.emitOpError(); })) ||
        failed(ttg::tryToLinearLayout(dstTy.getShape(), dstTy.getEncoding(),
                                      [&] { return op.emitOpError(); })))
      return failure();
    Type structType = getTypeConverter()->convertType(dstTy);
    if (!structType)
      return rewriter.notifyMatchFailure(op, "result type");

    MLIRContext *ctx = op.getContext();
    LinearLayout conversion = minimalCvtLayout(srcTy, dstTy);
    SmallVector<Value> inVals =
        unpackLLElements(op.getLoc(), adaptor.getSrc(), rewriter);

    FailureOr<SmallVector<Value>> outVals;
    if (conversion.hasInDim(kBlock(ctx))) {
      op.emitOpError("lowering to LLVM does not support layout "
                     "conversions that move data between CTAs");
      return failure();
    }
    if (conversion.hasInDim(kWarp(ctx)))
      outVals = transferThroughSharedMemory(op, inVals, rewriter);
    else if (conversion.hasInDim(kLane(ctx)))
      outVals = transferWithinWarp(op, conversion, inVals, rewriter);
    else if (conversion.hasInDim(kRegister(ctx)))
      outVals = transferWithinThread(conversion, inVals);
    else
      outVals = inVals;
    if (failed(outVals))
      return failure();
    rewriter.replaceOp(
        op, packLLElements(op.getLoc(), structType, *outVals, rewriter));
    return success();
  }

private:
  /// Registers only: result register r is operand register conversion(r).
  static FailureOr<SmallVector<Value>>
  transferWithinThread(const LinearLayout &conversion, ArrayRef<Value> inVals) {
    MLIRContext *ctx = conversion.getInDimNames().begin()->getContext();
    StringAttr kReg = kRegister(ctx);
    SmallVector<Value> outVals;
    for (int32_t r = 0; r < conversion.getInDimSize(kReg); ++r) {
      LinearLayout::DimValues src = conversion.apply({{kReg, r}});
      outVals.push_back(inVals[src.front().second]);
    }
    return outVals;
  }

  FailureOr<SmallVector<Value>>
  transferWithinWarp(ttg::ConvertLayoutOp op, const LinearLayout &conversion,
                     ArrayRef<Value> inVals,
                     ConversionPatternRewriter &rewriter) const;

  FailureOr<SmallVector<Value>>
  transferThroughSharedMemory(ttg::ConvertLayoutOp op, ArrayRef<Value> inVals,
                              ConversionPatternRewriter &rewriter) const;
};

//===-- Within a warp: shuffles -------------------------------------------===//
//
// The conversion maps a destination (register r, lane L) to the source
// (register Cr(r) ^ D(L), lane A(r) ^ B(L)), all four maps linear. A
// shuffle lets the receiver pick the lane but the sender picks the value,
// so the sender must know which register the receiver wants. It knows
// B(L) (its own lane xor A(r)), hence D(L) up to D(ker B): a linear E with
// D(L) = E(B(L)) ^ R(L), R(L) in D(ker B). One shuffle per value of R
// (usually just 0) then delivers every destination register: the sender
// sends register Cr(r) ^ E(A(r)) ^ E(own lane) ^ R, the receiver keeps the
// round whose R matches its own R(L).

FailureOr<SmallVector<Value>> ConvertLayoutOpConversion::transferWithinWarp(
    ttg::ConvertLayoutOp op, const LinearLayout &conversion,
    ArrayRef<Value> inVals, ConversionPatternRewriter &rewriter) const {
  MLIRContext *ctx = op.getContext();
  Location loc = op.getLoc();
  StringAttr kReg = kRegister(ctx), kLaneDim = kLane(ctx);
  int numRegs = conversion.hasInDim(kReg) ? conversion.getInDimSize(kReg) : 1;
  int laneBits = conversion.getInDimSizeLog2(kLaneDim);
  int numLanes = 1 << laneBits;
  // (source register, source lane) of a destination (register, lane).
  auto source = [&](int32_t r, int32_t lane) {
    SmallVector<std::pair<StringAttr, int32_t>> ins{{kLaneDim, lane}};
    if (conversion.hasInDim(kReg))
      ins.push_back({kReg, r});
    int32_t reg = 0, srcLane = 0;
    for (auto [dim, value] : conversion.apply(ins)) {
      if (dim == kReg)
        reg = value;
      else if (dim == kLaneDim)
        srcLane = value;
    }
    return std::make_pair(reg, srcLane);
  };

  // E on the source-lane bits: for a bit that B reaches, D of a preimage.
  SmallVector<int32_t> eBases(laneBits, 0);
  SmallVector<bool> eKnown(laneBits, false);
  for (int32_t lane = 1; lane < numLanes; ++lane) {
    auto [d, b] = source(0, lane);
    if (llvm::isPowerOf2_32(b) && !eKnown[llvm::Log2_32(b)]) {
      eKnown[llvm::Log2_32(b)] = true;
      eBases[llvm::Log2_32(b)] = d;
    }
  }
  auto applyE = [&](int32_t srcLane) {
    int32_t e = 0;
    for (int bit = 0; bit < laneBits; ++bit)
      if (srcLane >> bit & 1)
        e ^= eBases[bit];
    return e;
  };
  // R(L) = D(L) ^ E(B(L)); its values are the rounds. Check that R is
  // constant along what the sender cannot see (it must lie in D(ker B)).
  SmallVector<int32_t> rounds;
  SmallVector<int32_t> rBases;
  for (int bit = 0; bit < laneBits; ++bit) {
    auto [d, b] = source(0, 1 << bit);
    rBases.push_back(d ^ applyE(b));
  }
  for (int32_t lane = 0; lane < numLanes; ++lane) {
    auto [d, b] = source(0, lane);
    int32_t rValue = d ^ applyE(b);
    if (!llvm::is_contained(rounds, rValue))
      rounds.push_back(rValue);
  }
  llvm::sort(rounds);

  // Replay the exchange at compile time: every destination register of
  // every lane must receive the element the result layout puts there.
  {
    LinearLayout srcLayout =
        ttg::toLinearLayout(cast<RankedTensorType>(op.getSrc().getType()));
    LinearLayout dstLayout = ttg::toLinearLayout(op.getType());
    auto elementOf = [&](const LinearLayout &layout, int32_t r, int32_t lane) {
      return applyLinearLayoutConst(layout, {{kReg, r}, {kLaneDim, lane}});
    };
    for (int32_t lane = 0; lane < numLanes; ++lane) {
      auto [d, b] = source(0, lane);
      int32_t rValue = d ^ applyE(b);
      for (int32_t r = 0; r < numRegs; ++r) {
        auto [cr, a] = source(r, 0);
        int32_t sender = a ^ b;
        int32_t reg = cr ^ applyE(a) ^ rValue ^ applyE(sender);
        if (elementOf(srcLayout, reg, sender) !=
            elementOf(dstLayout, r, lane)) {
          op.emitOpError("lowering to LLVM built inconsistent warp shuffles "
                         "for this layout conversion");
          return failure();
        }
      }
    }
  }

  auto [laneId, warpId] = getLaneAndWarpId(rewriter, loc);
  (void)warpId;
  auto bitsLayout = [&](ArrayRef<int32_t> bases, StringAttr out, int outSize) {
    LinearLayout::BasesT layoutBases;
    auto &list = layoutBases[kLaneDim];
    for (int32_t v : bases)
      list.push_back({v});
    return LinearLayout(std::move(layoutBases), {{out, outSize}},
                        /*requireSurjective=*/false);
  };
  int srcRegs = static_cast<int>(inVals.size());
  StringAttr kOut = kReg;
  // B(L): the receiver's source lane before xor with A(r).
  SmallVector<int32_t> bBases, eOfOwnLane(eBases);
  for (int bit = 0; bit < laneBits; ++bit)
    bBases.push_back(source(0, 1 << bit).second);
  Value bOfLane =
      applyLinearLayout(loc, rewriter, bitsLayout(bBases, kLaneDim, numLanes),
                        {{kLaneDim, laneId}})
          .front();
  bool eIsZero = llvm::all_of(eBases, [](int32_t v) { return v == 0; });
  Value eOfLane = eIsZero
                      ? Value()
                      : applyLinearLayout(loc, rewriter,
                                          bitsLayout(eOfOwnLane, kOut, srcRegs),
                                          {{kLaneDim, laneId}})
                            .front();
  bool rIsZero = rounds.size() == 1;
  Value rOfLane = rIsZero ? Value()
                          : applyLinearLayout(loc, rewriter,
                                              bitsLayout(rBases, kOut, srcRegs),
                                              {{kLaneDim, laneId}})
                                .front();
  bool bIsIdentity = true;
  for (int bit = 0; bit < laneBits; ++bit)
    bIsIdentity &= bBases[bit] == (1 << bit);

  // The span of E's image: the registers a sender may pick from.
  SmallVector<int32_t> eSpan{0};
  for (int32_t v : eBases)
    if (v && !llvm::is_contained(eSpan, v)) {
      size_t n = eSpan.size();
      for (size_t i = 0; i < n; ++i)
        if (!llvm::is_contained(eSpan, eSpan[i] ^ v))
          eSpan.push_back(eSpan[i] ^ v);
    }
  // Register `base ^ E(own lane)` of the calling thread.
  std::map<int32_t, Value> picked;
  auto pick = [&](int32_t base) -> Value {
    auto it = picked.find(base);
    if (it != picked.end())
      return it->second;
    Value v = inVals[base];
    for (int32_t e : eSpan) {
      if (e == 0)
        continue;
      Value isE = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                       eOfLane, i32Val(rewriter, loc, e));
      v = LLVM::SelectOp::create(rewriter, loc, isE, inVals[base ^ e], v);
    }
    picked[base] = v;
    return v;
  };

  std::map<std::pair<int32_t, int32_t>, Value> shuffled;
  SmallVector<Value> outVals;
  for (int32_t r = 0; r < numRegs; ++r) {
    auto [cr, a] = source(r, 0);
    Value result;
    for (int32_t rValue : rounds) {
      int32_t base = cr ^ applyE(a) ^ rValue;
      Value value;
      if (a == 0 && bIsIdentity) {
        value = pick(base);
      } else {
        auto key = std::make_pair(base, a);
        auto it = shuffled.find(key);
        if (it != shuffled.end()) {
          value = it->second;
        } else {
          Value lane = a == 0 ? bOfLane
                              : LLVM::XOrOp::create(rewriter, loc, bOfLane,
                                                    i32Val(rewriter, loc, a));
          value = shuffleIdx(loc, rewriter, pick(base), lane);
          shuffled[key] = value;
        }
      }
      if (!result) {
        result = value;
        continue;
      }
      Value isRound =
          LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, rOfLane,
                               i32Val(rewriter, loc, rValue));
      result = LLVM::SelectOp::create(rewriter, loc, isRound, value, result);
    }
    outVals.push_back(result);
  }
  return outVals;
}

//===-- Across warps: the swizzled scratch tile ---------------------------===//

FailureOr<SmallVector<Value>>
ConvertLayoutOpConversion::transferThroughSharedMemory(
    ttg::ConvertLayoutOp op, ArrayRef<Value> inVals,
    ConversionPatternRewriter &rewriter) const {
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

  Type llvmElemType = getTypeConverter()->convertType(srcTy.getElementType());
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

  // threadOffset ^ offset, as Triton builds it: the bits of `offset` the
  // thread's offset can never have are added, as a constant on a base
  // shared by every offset with the same other bits (so ptxas addresses
  // them as [base + immediate] and few bases stay live).
  std::map<std::pair<const Side *, uint64_t>, Value> addressBases;
  auto address = [&](const Side &side, uint64_t offset) {
    uint64_t threadBits = 0;
    for (int32_t v : side.laneOffsets)
      threadBits |= uint64_t(v);
    for (int32_t v : side.warpOffsets)
      threadBits |= uint64_t(v);
    uint64_t mixed = offset & threadBits, added = offset & ~threadBits;
    Value &base = addressBases[{&side, mixed}];
    if (!base) {
      Value index = mixed ? LLVM::XOrOp::create(rewriter, loc,
                                                side.threadOffset,
                                                i32Val(rewriter, loc, mixed))
                          : side.threadOffset;
      base = LLVM::GEPOp::create(rewriter, loc, smemBase->getType(),
                                 element.storedType, *smemBase,
                                 ArrayRef<LLVM::GEPArg>{index},
                                 LLVM::GEPNoWrapFlags::inbounds);
    }
    if (!added)
      return base;
    return Value(LLVM::GEPOp::create(
        rewriter, loc, smemBase->getType(), element.storedType, base,
        ArrayRef<LLVM::GEPArg>{int32_t(added)},
        LLVM::GEPNoWrapFlags::inbounds));
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
      Value ptr = address(*store, offset);
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
      Value ptr = address(*load, offset);
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

} // namespace

void mlir::triton::populateConvertLayoutOpToLLVMPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns,
    const LoweringConfig &config) {
  (void)config;
  patterns.add<ConvertLayoutOpConversion>(converter);
}
