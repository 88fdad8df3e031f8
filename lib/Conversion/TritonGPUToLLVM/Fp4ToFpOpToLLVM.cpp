//===- Fp4ToFpOpToLLVM.cpp - ttg.fp4_to_fp --------------------------------===//
//
// ttg.fp4_to_fp unpacks e2m1 values stored two to an i8 (the first in the
// low nibble) along `axis` into bf16 or f16. Every e2m1 value is exact in
// both types, so each nibble maps to a 16-bit pattern:
//
//   s e1 e0 m   ->  sign s, and for the magnitude (e, m):
//     e = 0, m = 0: 0
//     e = 0, m = 1: 0.5 (subnormal in e2m1)
//     e > 0:        2^(e - 1) * (1 + m / 2): exponent field e - 1 + bias,
//                   m as the top mantissa bit.
//
// The result's layout is the source's with one more register bit first,
// along `axis` (the layout tritongpu-accelerate-matmul and layout
// propagation give it, see inferFp4ToFpEncoding): a thread's source
// register i holds its result registers 2i (low nibble) and 2i + 1 (high
// nibble). Other layouts are refused.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

/// Whether the result layout keeps every nibble in the thread and in the
/// register order described above.
bool isUnpackedLayout(ttg::Fp4ToFpOp op) {
  RankedTensorType srcType = op.getSrc().getType();
  RankedTensorType dstType = op.getType();
  FailureOr<LinearLayout> src =
      ttg::tryToLinearLayout(srcType.getShape(), srcType.getEncoding(), {});
  FailureOr<LinearLayout> dst =
      ttg::tryToLinearLayout(dstType.getShape(), dstType.getEncoding(), {});
  if (failed(src) || failed(dst))
    return false;
  auto outDims = llvm::to_vector(src->getOutDimNames());
  LinearLayout expected =
      (LinearLayout::identity1D(2, kRegister(op.getContext()),
                                outDims[op.getAxis()]) *
       *src)
          .transposeOuts(outDims);
  return expected == *dst;
}

struct Fp4ToFpOpConversion : public ConvertOpToLLVMPattern<ttg::Fp4ToFpOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::Fp4ToFpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (!isUnpackedLayout(op))
      return op.emitOpError(
          "lowering needs the result layout to be the source's with the two "
          "nibbles of a byte in consecutive registers along the axis");
    Type structType = getTypeConverter()->convertType(op.getType());
    if (!structType)
      return rewriter.notifyMatchFailure(op, "result type");
    Type elemType = op.getType().getElementType();
    bool isBF16 = elemType.isBF16();
    // Exponent bias and mantissa bits of the result type.
    int bias = isBF16 ? 127 : 15;
    int mantissa = isBF16 ? 7 : 10;
    Type i8 = rewriter.getI8Type(), i16 = rewriter.getI16Type();
    auto i16Const = [&](int value) -> Value {
      return LLVM::ConstantOp::create(rewriter, loc, i16,
                                      rewriter.getI16IntegerAttr(value));
    };
    auto i8Const = [&](int value) -> Value {
      return LLVM::ConstantOp::create(rewriter, loc, i8,
                                      rewriter.getI8IntegerAttr(value));
    };
    Value zero = i16Const(0);
    Value one = i16Const(1);
    Value three = i16Const(3);
    // 0.5: exponent bias - 1, mantissa 0.
    Value half = i16Const((bias - 1) << mantissa);
    Value expOffset = i16Const(bias - 1);
    Value expShift = i16Const(mantissa);
    Value mantShift = i16Const(mantissa - 1);
    Value signShift = i16Const(12);
    Value eight = i16Const(8);
    Value seven = i16Const(7);
    Value four = i8Const(4);

    auto convertNibble = [&](Value nibble) -> Value {
      // nibble: i16 in [0, 16).
      Value magnitude = LLVM::AndOp::create(rewriter, loc, nibble, seven);
      Value exponent = LLVM::AndOp::create(
          rewriter, loc, LLVM::LShrOp::create(rewriter, loc, nibble, one),
          three);
      Value mant = LLVM::AndOp::create(rewriter, loc, nibble, one);
      Value normal = LLVM::OrOp::create(
          rewriter, loc,
          LLVM::ShlOp::create(
              rewriter, loc,
              LLVM::AddOp::create(rewriter, loc, exponent, expOffset),
              expShift),
          LLVM::ShlOp::create(rewriter, loc, mant, mantShift));
      Value isZero = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::eq, magnitude, zero);
      Value isHalf = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::eq, magnitude, one);
      Value bits = LLVM::SelectOp::create(
          rewriter, loc, isZero, zero,
          LLVM::SelectOp::create(rewriter, loc, isHalf, half, normal));
      Value sign = LLVM::ShlOp::create(
          rewriter, loc, LLVM::AndOp::create(rewriter, loc, nibble, eight),
          signShift);
      return LLVM::BitcastOp::create(
          rewriter, loc, elemType,
          LLVM::OrOp::create(rewriter, loc, bits, sign));
    };

    SmallVector<Value> packed =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> results;
    results.reserve(packed.size() * 2);
    Value lowMask = i16Const(15);
    for (Value byte : packed) {
      Value low = LLVM::AndOp::create(
          rewriter, loc, LLVM::ZExtOp::create(rewriter, loc, i16, byte),
          lowMask);
      Value high = LLVM::ZExtOp::create(
          rewriter, loc, i16, LLVM::LShrOp::create(rewriter, loc, byte, four));
      results.push_back(convertNibble(low));
      results.push_back(convertNibble(high));
    }
    rewriter.replaceOp(op, packLLElements(loc, structType, results, rewriter));
    return success();
  }
};

} // namespace

void mlir::triton::populateFp4ToFpOpToLLVMPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns) {
  patterns.add<Fp4ToFpOpConversion>(converter);
}
