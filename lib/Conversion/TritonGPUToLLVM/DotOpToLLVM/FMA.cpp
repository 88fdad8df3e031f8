//===- FMA.cpp - tt.dot on CUDA cores (#ttg.blocked result) ---------------===//
//
// A dot that tensor cores cannot take keeps a #ttg.blocked accumulator; its
// operands are #ttg.dot_op with that blocked parent, where every thread
// holds the whole K extent of its rows of A and columns of B. Each
// accumulator register d[.., m, n] becomes a chain of scalar
// multiply-adds over k = 0, 1, ..., K-1 in that order, as Triton does
// (llvm.fmuladd for floats, so that fp fusion follows the compile options;
// mul + add for integers). Rank 3 (batched) dots work alike.
//
// Which operand register holds a[.., m, k] is read from the linear layouts:
// the operands' lanes and warps must sit where the accumulator's do (with K
// broadcast), then the registers of lane 0, warp 0 give the coordinates.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "DotOperandLayouts.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

using Coords = SmallVector<int32_t>;

/// For every coordinate held by lane 0 of warp 0 (CTA 0), its first
/// register.
std::map<Coords, int32_t> registersByCoords(const LinearLayout &layout) {
  MLIRContext *ctx = layout.getInDimNames().begin()->getContext();
  std::map<Coords, int32_t> map;
  int regs = layout.getInDimSize(kRegister(ctx));
  for (int32_t r = regs - 1; r >= 0; --r)
    map[applyLinearLayoutConst(layout, {{kRegister(ctx), r}})] = r;
  return map;
}

/// Whether an operand element of `type` can take part in a dot with an
/// `accType` accumulator: the same type, or a narrower one of its kind.
bool isWidenable(Type type, Type accType) {
  if (type == accType)
    return true;
  bool sameKind = (isa<FloatType>(type) && isa<FloatType>(accType)) ||
                  (isa<IntegerType>(type) && isa<IntegerType>(accType));
  return sameKind &&
         type.getIntOrFloatBitWidth() < accType.getIntOrFloatBitWidth();
}

/// `value` as the accumulator's type (isWidenable); integers are signed,
/// as in Triton.
Value toAccumulatorType(Location loc, OpBuilder &b, Value value,
                        Type accType) {
  if (value.getType() == accType)
    return value;
  if (isa<FloatType>(accType))
    return LLVM::FPExtOp::create(b, loc, accType, value);
  return LLVM::SExtOp::create(b, loc, accType, value);
}

struct FMADotOpConversion : public ConvertOpToLLVMPattern<DotOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dType = cast<RankedTensorType>(op.getType());
    if (!isa_and_nonnull<ttg::BlockedEncodingAttr>(dType.getEncoding()))
      return rewriter.notifyMatchFailure(op, "not an FMA dot");
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    for (RankedTensorType type : {aType, bType}) {
      auto dot = dyn_cast_or_null<ttg::DotOperandEncodingAttr>(
          type.getEncoding());
      if (!dot || dot.getParent() != dType.getEncoding())
        return op.emitOpError("with a #ttg.blocked result needs "
                              "#ttg.dot_op operands with that parent");
    }
    if (failed(checkDotLinearLayouts(op, {aType, bType, dType})))
      return failure();

    unsigned rank = dType.getRank();
    unsigned mDim = rank - 2, nDim = rank - 1;
    LinearLayout aLayout = ttg::toLinearLayout(aType);
    LinearLayout bLayout = ttg::toLinearLayout(bType);
    LinearLayout dLayout = ttg::toLinearLayout(dType);
    StringAttr threads[] = {kLane(getContext()), kWarp(getContext()),
                            kBlock(getContext())};
    // A is (.., M, K): its K dim sits where D's N does; B is (.., K, N).
    if (!operandFollowsAccumulator(aLayout, dLayout, /*kDim=*/nDim, threads) ||
        !operandFollowsAccumulator(bLayout, dLayout, /*kDim=*/mDim, threads))
      return op.emitOpError("operand layouts do not place threads where the "
                            "accumulator's do; FMA lowering cannot pair "
                            "them");

    Location loc = op.getLoc();
    SmallVector<Value> aRegs = unpackLLElements(loc, adaptor.getA(), rewriter);
    SmallVector<Value> bRegs = unpackLLElements(loc, adaptor.getB(), rewriter);
    SmallVector<Value> acc = unpackLLElements(loc, adaptor.getC(), rewriter);
    Type accType = acc.front().getType();
    bool isInteger = isa<IntegerType>(accType);
    if (!isInteger && !isa<FloatType>(accType))
      return op.emitOpError("FMA lowering supports integer and float "
                            "accumulators only");
    for (Value v : {aRegs.front(), bRegs.front()})
      if (!isWidenable(v.getType(), accType))
        return op.emitOpError("FMA lowering needs operands of the "
                              "accumulator's type or narrower of the same "
                              "kind, got ")
               << v.getType() << " for " << accType;

    std::map<Coords, int32_t> aOf = registersByCoords(aLayout);
    std::map<Coords, int32_t> bOf = registersByCoords(bLayout);
    MLIRContext *ctx = getContext();
    int64_t K = aType.getShape()[rank - 1];
    // Each operand register widened once, on first use.
    DenseMap<Value, Value> widened;
    auto widen = [&](Value v) {
      auto [it, inserted] = widened.try_emplace(v);
      if (inserted)
        it->second = toAccumulatorType(loc, rewriter, v, accType);
      return it->second;
    };
    for (int32_t r = 0, e = acc.size(); r < e; ++r) {
      Coords d = applyLinearLayoutConst(dLayout, {{kRegister(ctx), r}});
      Value sum = acc[r];
      for (int32_t k = 0; k < K; ++k) {
        Coords a = d, b = d;
        a[nDim] = k;
        b[mDim] = k;
        auto ai = aOf.find(a), bi = bOf.find(b);
        if (ai == aOf.end() || bi == bOf.end())
          return op.emitOpError("an operand does not hold every element of K "
                                "its accumulator rows and columns need");
        Value x = widen(aRegs[ai->second]), y = widen(bRegs[bi->second]);
        if (isInteger)
          sum = LLVM::AddOp::create(rewriter, loc,
                                    LLVM::MulOp::create(rewriter, loc, x, y),
                                    sum);
        else
          sum = LLVM::FMulAddOp::create(rewriter, loc, x, y, sum);
      }
      acc[r] = sum;
    }
    rewriter.replaceOp(op, packLLElements(loc, adaptor.getC().getType(), acc,
                                          rewriter));
    return success();
  }
};

} // namespace

void mlir::triton::populateFMADotOpToLLVMPatterns(TypeConverterT &converter,
                                                  RewritePatternSet &patterns) {
  patterns.add<FMADotOpConversion>(converter);
}
