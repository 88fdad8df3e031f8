//===- F32DotTC.cpp - tritongpu-F32DotTC -----------------------------------===//
//
// Rewrites f32 dots that ask for more than tf32 accuracy (tf32x3, bf16x3,
// bf16x6) into several tensor core dots on split operands, as Triton 3.6.
//
//===----------------------------------------------------------------------===//
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"

#define DEBUG_TYPE "tritongpu-F32DotTC"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUF32DOTTC
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;

namespace {

bool hasF32Operands(DotOp dot) {
  return dot.getA().getType().getElementType().isF32() &&
         dot.getB().getType().getElementType().isF32();
}

/// Builds the pieces of the rewrites at the dot's position.
struct Builder {
  RewriterBase &rewriter;
  Location loc;

  Value zeroLike(Value value) {
    auto type = cast<RankedTensorType>(value.getType());
    return arith::ConstantOp::create(
        rewriter, loc, type,
        DenseElementsAttr::get(type, rewriter.getZeroAttr(
                                         type.getElementType())));
  }
  Value dot(Value a, Value b, Value c, InputPrecision precision,
            uint32_t maxNumImpreciseAcc) {
    return DotOp::create(rewriter, loc, c.getType(), a, b, c, precision,
                         maxNumImpreciseAcc);
  }
  /// NaNs of `value` replaced by 0: an infinite high part times a zero low
  /// part must not poison the sum.
  Value zeroNans(Value value) {
    Value nans = arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::UNO,
                                       value, value);
    return arith::SelectOp::create(rewriter, loc, nans, zeroLike(value), value);
  }
  Value toTF32(Value value) {
    return ElementwiseInlineAsmOp::create(
               rewriter, loc, TypeRange{value.getType()},
               "cvt.rna.tf32.f32 $0, $1;", "=r,r", /*pure=*/true,
               /*packed_element=*/1, ValueRange{value})
        .getResult()[0];
  }
  /// `count` bf16 parts whose sum approximates `value`.
  SmallVector<Value> splitToBF16(Value value, unsigned count) {
    auto type = cast<RankedTensorType>(value.getType());
    SmallVector<Value> parts;
    for (unsigned i = 0; i < count; ++i) {
      Value part = arith::TruncFOp::create(
          rewriter, loc, type.clone(rewriter.getBF16Type()), value);
      if (i + 1 != count) {
        Value back = arith::ExtFOp::create(rewriter, loc, type, part);
        value = arith::SubFOp::create(rewriter, loc, value, back);
      }
      parts.push_back(part);
    }
    return parts;
  }
};

/// dot(a, b, c, tf32x3) = dot(aBig, bBig, zeroNans(dot(aBig, bSmall,
/// dot(aSmall, bBig, 0)))) + c, with xBig = tf32(x), xSmall = x - xBig.
void rewriteTF32x3(DotOp dot, RewriterBase &rewriter) {
  rewriter.setInsertionPoint(dot);
  Builder b{rewriter, dot.getLoc()};
  uint32_t imprecise = dot.getMaxNumImpreciseAcc();
  Value aBig = b.toTF32(dot.getA());
  Value aSmall = arith::SubFOp::create(rewriter, dot.getLoc(), dot.getA(), aBig);
  Value bBig = b.toTF32(dot.getB());
  Value bSmall = arith::SubFOp::create(rewriter, dot.getLoc(), dot.getB(), bBig);
  Value zero = b.zeroLike(dot.getC());
  Value d1 = b.dot(aSmall, bBig, zero, InputPrecision::TF32, imprecise);
  Value d2 = b.dot(aBig, bSmall, d1, InputPrecision::TF32, imprecise);
  Value d3 = b.dot(aBig, bBig, b.zeroNans(d2), InputPrecision::TF32, imprecise);
  rewriter.replaceOpWithNewOp<arith::AddFOp>(dot, d3, dot.getC());
}

/// bf16x3 and bf16x6: operands split into 2 or 3 bf16 parts; the products
/// of the parts that matter are summed from the smallest up.
void rewriteBF16xN(DotOp dot, RewriterBase &rewriter) {
  unsigned count =
      dot.getInputPrecision() == InputPrecision::BF16x3 ? 2 : 3;
  rewriter.setInsertionPoint(dot);
  Builder b{rewriter, dot.getLoc()};
  SmallVector<Value> a = b.splitToBF16(dot.getA(), count);
  SmallVector<Value> bp = b.splitToBF16(dot.getB(), count);
  const unsigned hi = 0, mid = 1, lo = 2;
  auto ieee = InputPrecision::IEEE;
  Value acc = b.zeroLike(dot.getC());
  if (count == 3) {
    acc = b.dot(a[mid], bp[mid], acc, ieee, 0);
    acc = b.dot(a[lo], bp[hi], acc, ieee, 0);
    acc = b.dot(a[hi], bp[lo], acc, ieee, 0);
  }
  acc = b.dot(a[mid], bp[hi], acc, ieee, 0);
  acc = b.dot(a[hi], bp[mid], acc, ieee, 0);
  acc = b.zeroNans(acc);
  acc = b.dot(a[hi], bp[hi], acc, ieee, 0);
  rewriter.replaceOpWithNewOp<arith::AddFOp>(dot, acc, dot.getC());
}

struct F32DotTCPass
    : public triton::gpu::impl::TritonGPUF32DotTCBase<F32DotTCPass> {
  using TritonGPUF32DotTCBase::TritonGPUF32DotTCBase;

  void runOnOperation() override {
    SmallVector<DotOp> dots;
    getOperation().walk([&](DotOp dot) {
      if (hasF32Operands(dot))
        dots.push_back(dot);
    });
    IRRewriter rewriter(&getContext());
    for (DotOp dot : dots) {
      InputPrecision precision = dot.getInputPrecision();
      if (precision == InputPrecision::TF32x3 && emuTF32)
        rewriteTF32x3(dot, rewriter);
      else if (precision == InputPrecision::BF16x3 ||
               precision == InputPrecision::BF16x6)
        rewriteBF16xN(dot, rewriter);
    }
  }
};

} // namespace
