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
//     swizzled tile (ConvertLayoutScratch.cpp).
// Each CTA converts its own part of a tensor split over a cluster;
// conversions that move data between CTAs are refused.
//
//===----------------------------------------------------------------------===//
#include "ConvertLayoutUtility.h"

#include "Analysis/ScratchSize.h"
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MathExtras.h"


using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
using namespace mlir::triton::cvt;

namespace {

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
    if (cvtNeedsSharedMemory(srcTy, dstTy))
      outVals = cvt::transferThroughSharedMemory(op, inVals,
                                                 *getTypeConverter(), rewriter);
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

} // namespace

void mlir::triton::populateConvertLayoutOpToLLVMPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns,
    const LoweringConfig &config) {
  (void)config;
  patterns.add<ConvertLayoutOpConversion>(converter);
}
