//===- CastOpToLLVM.cpp - float conversions: fp_to_fp, int8 to bf16 ------===//
//
// tt.fp_to_fp: 8-bit floats to and from wider ones through the sm_89+
// paired conversions (below sm_89, float8e5 in integer arithmetic), rtz
// narrowing from f32, the rest as LLVM casts.
// arith.sitofp from i8 to bf16 in packed words of four, as Triton 3.6 does
// (the element-by-element `cvt` LLVM emits is a low-throughput
// instruction). Other arith casts are scalarized with the elementwise ops
// (ElementwiseOpToLLVM.cpp).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/ElementwiseBase.h"
#include "Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// arith.sitofp from i8 to bf16, four elements per 32-bit word, as Triton
/// 3.6 lowers it (the per-element `cvt` LLVM emits is a low-throughput
/// instruction, and a mixed-precision matmul converts every A element).
/// sm_90: each byte b of the word goes under a 0x43 high byte, the bf16
/// 0x43bb, which is 128 + (b & 0x7f), or 256 + 2 * (b & 0x7f) when b's top bit
/// (the exponent's lowest) is set; with that bit cleared it is 128 + (b &
/// 0x7f) either way, and subtracting the word with only sign and exponent
/// kept (128, or 256 for a negative b) leaves the signed value, exactly.
/// Before sm_90: `cvt.rn.f32.s8` per byte, and the top halves of two f32
/// (an 8-bit integer has at most 8 significant bits, so truncation is exact)
/// packed by one `prmt`. A tail of fewer than four elements is converted one
/// by one.
struct Int8ToBf16Conversion : public ConvertOpToLLVMPattern<arith::SIToFPOp> {
  Int8ToBf16Conversion(TypeConverterT &converter,
                       ModuleAxisInfoAnalysis *axisInfo, int computeCapability)
      : ConvertOpToLLVMPattern(converter, PatternBenefit(11)),
        axisInfo(axisInfo), computeCapability(computeCapability) {}

  LogicalResult
  matchAndRewrite(arith::SIToFPOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = dyn_cast<RankedTensorType>(op.getIn().getType());
    if (!srcType || !srcType.getElementType().isInteger(8) ||
        !getElementTypeOrSelf(op.getType()).isBF16())
      return rewriter.notifyMatchFailure(op, "not a tensor of i8 to bf16");
    Location loc = op.getLoc();
    Type converted = getTypeConverter()->convertType(op.getType());
    if (!converted)
      return rewriter.notifyMatchFailure(op, "result type");
    SmallVector<Value> in = unpackLLElements(loc, adaptor.getIn(), rewriter);
    size_t n = in.size();
    Type i8 = rewriter.getI8Type(), i32 = rewriter.getI32Type();
    Type bf16 = rewriter.getBF16Type();
    auto bytes = VectorType::get(4, i8), pair = VectorType::get(2, bf16);
    Type twoWords = LLVM::LLVMStructType::getLiteral(getContext(), {i32, i32});
    StringRef asmString =
        computeCapability >= 90
            ? "{\n.reg .b32 lo, hi, lom, him, loe, hie;\n"
              "prmt.b32 lo, $2, 0x43, 0x4140;\n"
              "prmt.b32 hi, $2, 0x43, 0x4342;\n"
              "and.b32 lom, lo, 0xff7fff7f;\n"
              "and.b32 him, hi, 0xff7fff7f;\n"
              "and.b32 loe, lo, 0xff80ff80;\n"
              "and.b32 hie, hi, 0xff80ff80;\n"
              "sub.bf16x2 $0, lom, loe;\n"
              "sub.bf16x2 $1, him, hie;\n}"
            : "{\n.reg .s8 b<4>;\n.reg .f32 f<4>;\n"
              "mov.b32 {b0, b1, b2, b3}, $2;\n"
              "cvt.rn.f32.s8 f0, b0;\ncvt.rn.f32.s8 f1, b1;\n"
              "cvt.rn.f32.s8 f2, b2;\ncvt.rn.f32.s8 f3, b3;\n"
              "prmt.b32 $0, f0, f1, 0x7632;\n"
              "prmt.b32 $1, f2, f3, 0x7632;\n}";
    SmallVector<Value> out;
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
      Value word = LLVM::UndefOp::create(rewriter, loc, bytes);
      for (int k = 0; k < 4; ++k)
        word = LLVM::InsertElementOp::create(rewriter, loc, word, in[i + k],
                                             i32Val(rewriter, loc, k));
      word = LLVM::BitcastOp::create(rewriter, loc, i32, word);
      Value words = emitInlineAsm(loc, rewriter, twoWords, {word}, asmString,
                                  "=r,=r,r", /*pure=*/true);
      for (int w = 0; w < 2; ++w) {
        Value halves = LLVM::BitcastOp::create(
            rewriter, loc, pair,
            LLVM::ExtractValueOp::create(rewriter, loc, words, w));
        for (int h = 0; h < 2; ++h)
          out.push_back(LLVM::ExtractElementOp::create(
              rewriter, loc, halves, i32Val(rewriter, loc, h)));
      }
    }
    for (; i < n; ++i)
      out.push_back(LLVM::SIToFPOp::create(rewriter, loc, bf16, in[i]));
    // Elements AxisInfo proves equal take their representative's value, as
    // Triton's maybeDeduplicate does after its packed conversion.
    SmallVector<unsigned> representative =
        constancyRepresentatives(op, axisInfo, n);
    for (size_t r = 0; r < representative.size(); ++r)
      out[r] = out[representative[r]];
    rewriter.replaceOp(op, packLLElements(loc, converted, out, rewriter));
    return success();
  }

  ModuleAxisInfoAnalysis *axisInfo;
  int computeCapability;
};

/// f16, bf16 or f32 -> float8e5 (e5m2) rounding toward zero: e5m2 is the
/// top byte of an f16 (same exponent), so truncating an f16 that was itself
/// rounded toward zero (cvt.rz.f16.f32; bf16 widens exactly first) rounds
/// the original toward zero. Values beyond the largest f16 become the
/// largest finite e5m2, infinities stay infinite, and a NaN whose payload
/// lies only in the dropped byte stays a NaN.
Value convertToFp8E5M2Rtz(triton::FpToFpOp op, Type srcType, Type dstType,
                          Value x, Location loc, OpBuilder &b) {
  if (!isa<Float8E5M2Type>(dstType) || srcType.getIntOrFloatBitWidth() > 32) {
    op.emitOpError("rtz rounding to 8-bit floats is lowered to float8e5 "
                   "from f16, bf16 and f32 only");
    return {};
  }
  Type i16 = b.getI16Type();
  Value half;
  if (srcType.isF16()) {
    half = LLVM::BitcastOp::create(b, loc, i16, x);
  } else {
    Value wide = srcType.isF32()
                     ? x
                     : Value(LLVM::FPExtOp::create(b, loc, b.getF32Type(), x));
    half = emitInlineAsm(loc, b, i16, {wide}, "cvt.rz.f16.f32 $0, $1;",
                         "=h,f", /*pure=*/true);
  }
  auto i16Const = [&](int v) {
    return LLVM::ConstantOp::create(b, loc, i16, b.getI16IntegerAttr(v));
  };
  Value top = LLVM::LShrOp::create(b, loc, half, i16Const(8));
  Value magnitude = LLVM::AndOp::create(b, loc, half, i16Const(0x7fff));
  Value isNaN = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ugt,
                                     magnitude, i16Const(0x7c00));
  Value result = LLVM::SelectOp::create(
      b, loc, isNaN, LLVM::OrOp::create(b, loc, top, i16Const(0x7f)), top);
  return LLVM::TruncOp::create(b, loc, b.getI8Type(), result);
}

/// f16 -> float8e5 rounding to nearest even without the sm_89 conversions:
/// e5m2 is an f16's top byte, so the magnitude rounds as an integer (add
/// 0x7f, plus the kept byte's lowest bit for ties to even) and keeps its
/// top byte; denormals round the same way, values past the largest e5m2
/// become infinite (as Triton's sm_80 path; sm_89's cvt saturates), and a
/// NaN stays a NaN.
Value convertF16ToFp8E5M2Rtne(Value x, Location loc, OpBuilder &b) {
  Type i16 = b.getI16Type();
  auto c = [&](int v) {
    return LLVM::ConstantOp::create(b, loc, i16, b.getI16IntegerAttr(v));
  };
  Value half = LLVM::BitcastOp::create(b, loc, i16, x);
  Value sign = LLVM::AndOp::create(b, loc, half, c(0x8000));
  Value magnitude = LLVM::AndOp::create(b, loc, half, c(0x7fff));
  Value lsb = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, magnitude, c(8)), c(1));
  Value rounded = LLVM::AddOp::create(
      b, loc, magnitude, LLVM::AddOp::create(b, loc, lsb, c(0x7f)));
  Value isNaN = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ugt,
                                     magnitude, c(0x7c00));
  rounded = LLVM::SelectOp::create(b, loc, isNaN, c(0x7f00), rounded);
  Value bits = LLVM::OrOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, sign, c(8)),
      LLVM::LShrOp::create(b, loc, rounded, c(8)));
  return LLVM::TruncOp::create(b, loc, b.getI8Type(), bits);
}

/// fp8 <-> wider floats through the sm_89+ paired conversions; below sm_89,
/// float8e5 from and (rtne) to f16 in integer arithmetic, as Triton 3.6
/// lowers it there (float8e4nv needs sm_89, as Triton's frontend says).
Value convertFp8(triton::FpToFpOp op, Type srcType, Type dstType, Value x,
                 Location loc, OpBuilder &b, int computeCapability) {
  Type f16 = b.getF16Type(), f32 = b.getF32Type();
  bool native = computeCapability >= 89;
  Type fp8 = isFloat8(srcType) ? srcType : dstType;
  if (!native && !isa<Float8E5M2Type>(fp8)) {
    op.emitOpError("conversions of ")
        << fp8 << " need sm_89 or later (the target is sm_"
        << computeCapability << ")";
    return {};
  }
  if (isFloat8(srcType)) {
    // fp8 -> f16 exactly (cvt.rn.f16x2.e4m3x2 / e5m2x2; below sm_89, e5m2
    // is the f16's top byte), then widen.
    Type i16 = b.getI16Type();
    Value x16 = LLVM::ZExtOp::create(b, loc, i16, x);
    Value bits;
    if (native) {
      StringRef kind = isa<Float8E5M2Type>(srcType) ? "e5m2x2" : "e4m3x2";
      std::string asmString = ("cvt.rn.f16x2." + kind + " $0, $1;").str();
      Value pair = emitInlineAsm(loc, b, b.getI32Type(), {x16}, asmString,
                                 "=r,h", /*pure=*/true);
      bits = LLVM::TruncOp::create(b, loc, i16, pair);
    } else {
      bits = LLVM::ShlOp::create(
          b, loc, x16,
          LLVM::ConstantOp::create(b, loc, i16, b.getI16IntegerAttr(8)));
    }
    Value half = LLVM::BitcastOp::create(b, loc, f16, bits);
    if (dstType.isF16())
      return half;
    Value wide = LLVM::FPExtOp::create(b, loc, f32, half);
    if (dstType.isF32())
      return wide;
    if (dstType.isF64())
      return LLVM::FPExtOp::create(b, loc, dstType, wide);
    return LLVM::FPTruncOp::create(b, loc, dstType, wide); // bf16: exact
  }
  if (op.getRounding() && *op.getRounding() == RoundingMode::RTZ)
    return convertToFp8E5M2Rtz(op, srcType, dstType, x, loc, b);
  // wider float -> fp8, round to nearest even, saturating to finite.
  StringRef kind = isa<Float8E5M2Type>(dstType) ? "e5m2x2" : "e4m3x2";
  if (op.getRounding() && *op.getRounding() != RoundingMode::RTNE) {
    op.emitOpError("conversion to 8-bit floats supports rtne and (to "
                   "float8e5) rtz rounding only");
    return {};
  }
  if (!native) {
    if (!srcType.isF16()) {
      op.emitOpError("conversion to float8e5 rounding to nearest is lowered "
                     "from f16 only below sm_89 (from ")
          << srcType << ", the target is sm_" << computeCapability << ")";
      return {};
    }
    return convertF16ToFp8E5M2Rtne(x, loc, b);
  }
  Value pair;
  if (srcType.isF16()) {
    Value bits = LLVM::ZExtOp::create(
        b, loc, b.getI32Type(),
        LLVM::BitcastOp::create(b, loc, b.getI16Type(), x));
    std::string asmString =
        ("cvt.rn.satfinite." + kind + ".f16x2 $0, $1;").str();
    pair = emitInlineAsm(loc, b, b.getI16Type(), {bits}, asmString, "=h,r",
                         /*pure=*/true);
  } else {
    Value wide = x;
    if (!srcType.isF32())
      wide = srcType.getIntOrFloatBitWidth() > 32
                 ? Value(LLVM::FPTruncOp::create(b, loc, f32, x))
                 : Value(LLVM::FPExtOp::create(b, loc, f32, x));
    std::string asmString =
        ("cvt.rn.satfinite." + kind + ".f32 $0, $2, $1;").str();
    pair = emitInlineAsm(loc, b, b.getI16Type(), {wide, wide}, asmString,
                         "=h,f,f", /*pure=*/true);
  }
  return LLVM::TruncOp::create(b, loc, b.getI8Type(), pair);
}

Value lowerFpToFp(triton::FpToFpOp op, Type elementType, ValueRange operands,
                  Location loc, ConversionPatternRewriter &b,
                  int computeCapability) {
  Type srcType = getElementTypeOrSelf(op.getSrc().getType());
  Type dstType = getElementTypeOrSelf(op.getType());
  Value x = operands[0];
  if (isFloat8(srcType) && isFloat8(dstType)) {
    op.emitOpError("between two 8-bit float types is not lowered");
    return {};
  }
  // (Other 8-bit float types are refused before the conversion starts.)
  if (isFloat8(srcType) || isFloat8(dstType))
    return convertFp8(op, srcType, dstType, x, loc, b, computeCapability);
  unsigned srcBits = srcType.getIntOrFloatBitWidth();
  unsigned dstBits = dstType.getIntOrFloatBitWidth();
  if (srcType == dstType)
    return x;
  if (dstBits > srcBits)
    return LLVM::FPExtOp::create(b, loc, elementType, x);
  if (dstBits == srcBits) // f16 <-> bf16
    return LLVM::FPTruncOp::create(
        b, loc, elementType, LLVM::FPExtOp::create(b, loc, b.getF32Type(), x));
  if (op.getRounding() && *op.getRounding() == RoundingMode::RTZ) {
    if (!srcType.isF32()) {
      op.emitOpError("rtz rounding is lowered from f32 only");
      return {};
    }
    StringRef suffix = dstType.isBF16() ? "bf16" : "f16";
    std::string asmString = ("cvt.rz." + suffix + ".f32 $0, $1;").str();
    Value bits = emitInlineAsm(loc, b, b.getI16Type(), {x}, asmString, "=h,f",
                               /*pure=*/true);
    return LLVM::BitcastOp::create(b, loc, elementType, bits);
  }
  return LLVM::FPTruncOp::create(b, loc, elementType, x);
}

/// tt.fp_to_fp, one element at a time.
struct FpToFpConversion : public ElementwiseOpConversion<triton::FpToFpOp> {
  FpToFpConversion(TypeConverterT &converter, ModuleAxisInfoAnalysis *axisInfo,
                   int computeCapability)
      : ElementwiseOpConversion(converter, axisInfo),
        computeCapability(computeCapability) {}
  Value createScalar(triton::FpToFpOp op, Type elementType, ValueRange operands,
                     Location loc,
                     ConversionPatternRewriter &rewriter) const override {
    return lowerFpToFp(op, elementType, operands, loc, rewriter,
                       computeCapability);
  }
  int computeCapability;
};

} // namespace

void mlir::triton::populateCastOpToLLVMPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns,
    ModuleAxisInfoAnalysis &axisInfoAnalysis, const LoweringConfig &config) {
  // Before the arith scalarization (benefit 10).
  patterns.add<Int8ToBf16Conversion>(converter, &axisInfoAnalysis,
                                     config.computeCapability);
  patterns.add<FpToFpConversion>(converter, &axisInfoAnalysis,
                                 config.computeCapability);
}
