//===- ElementwiseOpToLLVM.cpp - arith, math and tt elementwise ops -------===//
//
// arith and math ops on tensors are split into the same op on every
// register's scalar; MLIR's arith/math-to-LLVM patterns then lower those,
// except for the math functions NVPTX has no instruction for, which go to
// the fast hardware approximations as Triton does (exp, log, log2, rsqrt)
// or to libdevice (exp2 included) (`__nv_*`, linked after translation), and f32
// division, which is Triton's `div.full.f32`.
// tt's elementwise ops (addptr, pointer casts, bitcast, clampf, precise
// sqrt/div, mulhiui, extern_elementwise) have their own per-element
// lowering; tt.fp_to_fp and the packed i8 -> bf16 cast are in
// CastOpToLLVM.cpp.
// Both compute an element once per block of elements AxisInfo proves equal
// (constancyRepresentatives), as Triton's maybeDeduplicate does.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/ElementwiseBase.h"
#include "Analysis/AxisInfo.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include <map>

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::triton;

SmallVector<unsigned>
mlir::triton::constancyRepresentatives(Operation *op,
                                       ModuleAxisInfoAnalysis *axisInfo,
                                       size_t numElements) {
  if (!axisInfo || op->getNumResults() != 1 || !isMemoryEffectFree(op))
    return {};
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!type || !type.getEncoding())
    return {};
  AxisInfo *info = axisInfo->getAxisInfo(op->getResult(0));
  if (!info || info->getRank() != type.getRank())
    return {};
  // The low bits of a coordinate that may be cleared along each dimension:
  // the largest power of two dividing the constancy.
  SmallVector<int32_t> keep;
  bool repeats = false;
  for (int64_t c : info->getConstancy()) {
    int64_t block = c > 0 ? (c & -c) : 1;
    repeats |= block > 1;
    keep.push_back(~int32_t(block - 1));
  }
  if (!repeats)
    return {};
  if (failed(gpu::verifyLinearLayoutConvertible(
          type.getShape(), type.getEncoding(), /*emitError=*/nullptr)))
    return {};
  LinearLayout layout = gpu::toLinearLayout(type);
  MLIRContext *ctx = op->getContext();
  StringAttr kReg = StringAttr::get(ctx, "register");
  if (!layout.hasInDim(kReg))
    return {};
  SmallVector<StringAttr> dims = llvm::to_vector(layout.getOutDimNames());
  LinearLayout regs = layout.sublayout({kReg}, dims);
  // The register part of each coordinate; the thread's part is xor-ed in
  // and leaves the bits above the cleared ones alone, so the rounded
  // coordinate stays in the same block of equal elements.
  int numRegs = regs.getInDimSize(kReg);
  if (size_t(numRegs) != numElements)
    return {};
  SmallVector<SmallVector<int32_t>> coords(numRegs);
  std::map<SmallVector<int32_t>, unsigned> first;
  for (int r = 0; r < numRegs; ++r) {
    for (auto &[dim, value] : regs.apply({{kReg, r}}))
      coords[r].push_back(value);
    first.try_emplace(coords[r], r);
  }
  SmallVector<unsigned> representative(numRegs);
  bool any = false;
  for (int r = 0; r < numRegs; ++r) {
    SmallVector<int32_t> rounded(coords[r]);
    for (auto [value, mask] : llvm::zip(rounded, keep))
      value &= mask;
    auto it = first.find(rounded);
    representative[r] = it == first.end() ? r : it->second;
    any |= representative[r] != unsigned(r);
  }
  if (!any)
    return {};
  return representative;
}

namespace {

//===-- arith / math on tensors: one scalar op per register ---------------===//

struct TensorScalarization : public ConversionPattern {
  TensorScalarization(TypeConverterT &converter, MLIRContext *ctx,
                      ModuleAxisInfoAnalysis *axisInfo)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/10, ctx),
        axisInfo(axisInfo) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    Dialect *dialect = op->getDialect();
    if (!dialect || !isa<arith::ArithDialect, math::MathDialect>(dialect))
      return failure();
    if (isa<arith::ConstantOp>(op) || op->getNumRegions() != 0 ||
        op->getNumResults() == 0 ||
        !isa<RankedTensorType>(op->getResult(0).getType()))
      return failure();
    // (arith/math on fp8 is refused before the conversion starts, but for
    // math.absf: Fp8AbsConversion.)
    Location loc = op->getLoc();
    SmallVector<Type> structTypes;
    if (failed(typeConverter->convertTypes(op->getResultTypes(), structTypes)))
      return rewriter.notifyMatchFailure(op, "result type");
    size_t n = cast<LLVM::LLVMStructType>(structTypes[0]).getBody().size();
    SmallVector<SmallVector<Value>> unpacked;
    for (Value operand : operands)
      unpacked.push_back(unpackLLElements(loc, operand, rewriter));
    SmallVector<unsigned> representative =
        constancyRepresentatives(op, axisInfo, n);
    SmallVector<SmallVector<Value>> results(op->getNumResults(),
                                            SmallVector<Value>(n));
    for (size_t i = 0; i < n; ++i) {
      if (!representative.empty() && representative[i] != i)
        continue;
      OperationState state(loc, op->getName());
      for (const SmallVector<Value> &values : unpacked)
        state.addOperands(values.size() == 1 ? values[0] : values[i]);
      for (Type structType : structTypes)
        state.addTypes(cast<LLVM::LLVMStructType>(structType).getBody()[0]);
      state.addAttributes(op->getAttrs());
      Operation *scalar = rewriter.create(state);
      for (auto [r, value] : llvm::enumerate(scalar->getResults()))
        results[r][i] = value;
    }
    for (SmallVector<Value> &values : results)
      for (size_t i = 0; i < n; ++i)
        if (!values[i])
          values[i] = values[representative[i]];
    SmallVector<Value> packed;
    for (auto [structType, values] : llvm::zip(structTypes, results))
      packed.push_back(packLLElements(loc, structType, values, rewriter));
    rewriter.replaceOp(op, packed);
    return success();
  }

  ModuleAxisInfoAnalysis *axisInfo;
};

//===-- math functions without an NVPTX instruction -----------------------===//

/// `x` widened to f32 when it is a 16-bit float (the fast paths and
/// libdevice work in f32), and the type to narrow the result back to.
std::pair<Value, Type> widenHalf(Location loc, OpBuilder &b, Value x) {
  Type type = x.getType();
  if (type.isF16() || type.isBF16())
    return {LLVM::FPExtOp::create(b, loc, b.getF32Type(), x), type};
  return {x, Type()};
}
Value narrowBack(Location loc, OpBuilder &b, Value x, Type type) {
  return type ? LLVM::FPTruncOp::create(b, loc, type, x) : x;
}

Value approxF32(Location loc, OpBuilder &b, StringRef instruction, Value x) {
  std::string asmString = (instruction + ".f32 $0, $1;").str();
  return emitInlineAsm(loc, b, b.getF32Type(), {x}, asmString, "=f,f",
                       /*pure=*/true);
}

/// A libdevice call: `__nv_<name>f` for f32, `__nv_<name>` for f64.
Value libdeviceCall(Location loc, OpBuilder &b, Operation *anchor,
                    StringRef name, ValueRange args) {
  Type type = args.front().getType();
  std::string symbol = ("__nv_" + name + (type.isF32() ? "f" : "")).str();
  return emitCall(loc, b, anchor, symbol, type, args).getResult();
}

template <typename OpT>
struct MathFunctionConversion : public ElementwiseOpConversion<OpT> {
  MathFunctionConversion(TypeConverterT &converter,
                         ModuleAxisInfoAnalysis *axisInfo,
                         StringRef libdeviceName)
      : ElementwiseOpConversion<OpT>(converter, axisInfo, /*benefit=*/5),
        libdeviceName(libdeviceName.str()) {}

  Value createScalar(OpT op, Type elementType, ValueRange operands,
                     Location loc,
                     ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> args;
    Type narrow;
    for (Value operand : operands) {
      auto [wide, type] = widenHalf(loc, rewriter, operand);
      args.push_back(wide);
      narrow = type;
    }
    Type type = args.front().getType();
    if (!type.isF32() && !type.isF64()) {
      op.emitOpError("lowering supports f16, bf16, f32 and f64 only");
      return {};
    }
    Value result;
    if (type.isF32())
      result = fastF32(op, args, loc, rewriter);
    if (!result)
      result = libdeviceCall(loc, rewriter, op, libdeviceName, args);
    return narrowBack(loc, rewriter, result, narrow);
  }

  /// The hardware approximation Triton uses for f32, if any.
  Value fastF32(OpT op, ValueRange args, Location loc, OpBuilder &b) const {
    Value x = args.front();
    Type f32 = b.getF32Type();
    if (isa<math::ExpOp>(op)) {
      Value scaled = LLVM::FMulOp::create(
          b, loc, x, constantVal(b, loc, f32, 1.4426950408889634));
      return approxF32(loc, b, "ex2.approx", scaled);
    }
    // math.exp2 stays a libdevice call (__nv_exp2f), as in Triton: under
    // nvvm-reflect-ftz (enable_reflect_ftz, the default) it becomes
    // ex2.approx.ftz.f32, whose SASS is a bare MUFU.EX2, where the non-ftz
    // form needs a denormal range fix-up around it.
    if (isa<math::LogOp>(op))
      return LLVM::FMulOp::create(b, loc, approxF32(loc, b, "lg2.approx", x),
                                  constantVal(b, loc, f32, 0.6931471805599453));
    if (isa<math::Log2Op>(op))
      return approxF32(loc, b, "lg2.approx", x);
    if (isa<math::RsqrtOp>(op))
      return approxF32(loc, b, "rsqrt.approx", x);
    return {};
  }

  std::string libdeviceName;
};

//===-- tt elementwise ops ------------------------------------------------===//

template <typename OpT, typename Fn>
struct LambdaConversion : public ElementwiseOpConversion<OpT> {
  LambdaConversion(TypeConverterT &converter, ModuleAxisInfoAnalysis *axisInfo,
                   Fn fn)
      : ElementwiseOpConversion<OpT>(converter, axisInfo), fn(std::move(fn)) {}
  Value createScalar(OpT op, Type elementType, ValueRange operands,
                     Location loc,
                     ConversionPatternRewriter &rewriter) const override {
    return fn(op, elementType, operands, loc, rewriter);
  }
  Fn fn;
};

template <typename OpT, typename Fn>
void addLambda(RewritePatternSet &patterns, TypeConverterT &converter,
               ModuleAxisInfoAnalysis *axisInfo, Fn fn) {
  patterns.add(std::make_unique<LambdaConversion<OpT, Fn>>(converter, axisInfo,
                                                           std::move(fn)));
}

/// math.absf on 8-bit floats, which LLVM has no type for (they are i8
/// here): clear the sign bit, as Triton does. Other element types are left
/// to MathToLLVM's pattern.
struct Fp8AbsConversion : public ElementwiseOpConversion<math::AbsFOp> {
  using ElementwiseOpConversion::ElementwiseOpConversion;
  LogicalResult
  matchAndRewrite(math::AbsFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isFloat8(getElementTypeOrSelf(op.getType())))
      return rewriter.notifyMatchFailure(op, "not an 8-bit float");
    return ElementwiseOpConversion::matchAndRewrite(op, adaptor, rewriter);
  }
  Value createScalar(math::AbsFOp op, Type elementType, ValueRange operands,
                     Location loc,
                     ConversionPatternRewriter &rewriter) const override {
    Value mask = LLVM::ConstantOp::create(
        rewriter, loc, elementType, rewriter.getIntegerAttr(elementType, 0x7f));
    return LLVM::AndOp::create(rewriter, loc, operands[0], mask);
  }
};

/// f32 division as Triton's default `/`: `div.full.f32` (approximate, at
/// most 2 ulp; `tl.math.div_rn` is tt.precise_divf, correctly rounded).
/// Other element types are left to the arith patterns.
struct F32DivConversion : public ElementwiseOpConversion<arith::DivFOp> {
  using ElementwiseOpConversion::ElementwiseOpConversion;
  LogicalResult
  matchAndRewrite(arith::DivFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!getElementTypeOrSelf(op.getType()).isF32())
      return rewriter.notifyMatchFailure(op, "not f32");
    return ElementwiseOpConversion::matchAndRewrite(op, adaptor, rewriter);
  }
  Value createScalar(arith::DivFOp op, Type elementType, ValueRange operands,
                     Location loc,
                     ConversionPatternRewriter &rewriter) const override {
    return emitInlineAsm(loc, rewriter, elementType, operands,
                         "div.full.f32 $0, $1, $2;", "=f,f,f", /*pure=*/true);
  }
};

} // namespace

void mlir::triton::populateElementwiseOpToLLVMPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns,
    ModuleAxisInfoAnalysis &axisInfoAnalysis, const LoweringConfig &config) {
  MLIRContext *ctx = patterns.getContext();
  ModuleAxisInfoAnalysis *axisInfo = &axisInfoAnalysis;
  patterns.add<TensorScalarization>(converter, ctx, axisInfo);

  // Before TensorScalarization (benefit 10), which would make i8 math.absf.
  patterns.add<Fp8AbsConversion>(converter, axisInfo, PatternBenefit(11));
  patterns.add<F32DivConversion>(converter, axisInfo, PatternBenefit(11));
  patterns.add<MathFunctionConversion<math::ExpOp>>(converter, axisInfo, "exp");
  patterns.add<MathFunctionConversion<math::Exp2Op>>(converter, axisInfo, "exp2");
  patterns.add<MathFunctionConversion<math::ExpM1Op>>(converter, axisInfo, "expm1");
  patterns.add<MathFunctionConversion<math::LogOp>>(converter, axisInfo, "log");
  patterns.add<MathFunctionConversion<math::Log2Op>>(converter, axisInfo, "log2");
  patterns.add<MathFunctionConversion<math::Log10Op>>(converter, axisInfo, "log10");
  patterns.add<MathFunctionConversion<math::Log1pOp>>(converter, axisInfo, "log1p");
  patterns.add<MathFunctionConversion<math::RsqrtOp>>(converter, axisInfo, "rsqrt");
  patterns.add<MathFunctionConversion<math::SinOp>>(converter, axisInfo, "sin");
  patterns.add<MathFunctionConversion<math::CosOp>>(converter, axisInfo, "cos");
  patterns.add<MathFunctionConversion<math::TanOp>>(converter, axisInfo, "tan");
  patterns.add<MathFunctionConversion<math::AsinOp>>(converter, axisInfo, "asin");
  patterns.add<MathFunctionConversion<math::AcosOp>>(converter, axisInfo, "acos");
  patterns.add<MathFunctionConversion<math::AtanOp>>(converter, axisInfo, "atan");
  patterns.add<MathFunctionConversion<math::Atan2Op>>(converter, axisInfo, "atan2");
  patterns.add<MathFunctionConversion<math::SinhOp>>(converter, axisInfo, "sinh");
  patterns.add<MathFunctionConversion<math::CoshOp>>(converter, axisInfo, "cosh");
  patterns.add<MathFunctionConversion<math::TanhOp>>(converter, axisInfo, "tanh");
  patterns.add<MathFunctionConversion<math::ErfOp>>(converter, axisInfo, "erf");
  patterns.add<MathFunctionConversion<math::ErfcOp>>(converter, axisInfo, "erfc");
  patterns.add<MathFunctionConversion<math::CbrtOp>>(converter, axisInfo, "cbrt");
  patterns.add<MathFunctionConversion<math::PowFOp>>(converter, axisInfo, "pow");

  addLambda<triton::AddPtrOp>(
      patterns, converter, axisInfo,
      [&converter](triton::AddPtrOp op, Type elementType, ValueRange operands,
                   Location loc, ConversionPatternRewriter &b) -> Value {
        auto ptrType =
            cast<PointerType>(getElementTypeOrSelf(op.getPtr().getType()));
        Type pointee = converter.convertType(ptrType.getPointeeType());
        return LLVM::GEPOp::create(b, loc, elementType, pointee, operands[0],
                                   operands[1]);
      });
  addLambda<triton::IntToPtrOp>(
      patterns, converter, axisInfo,
      [](triton::IntToPtrOp, Type elementType, ValueRange operands,
         Location loc, ConversionPatternRewriter &b) -> Value {
        return LLVM::IntToPtrOp::create(b, loc, elementType, operands[0]);
      });
  addLambda<triton::PtrToIntOp>(
      patterns, converter, axisInfo,
      [](triton::PtrToIntOp, Type elementType, ValueRange operands,
         Location loc, ConversionPatternRewriter &b) -> Value {
        return LLVM::PtrToIntOp::create(b, loc, elementType, operands[0]);
      });
  addLambda<triton::BitcastOp>(
      patterns, converter, axisInfo,
      [](triton::BitcastOp, Type elementType, ValueRange operands, Location loc,
         ConversionPatternRewriter &b) -> Value {
        if (operands[0].getType() == elementType)
          return operands[0];
        if (isa<LLVM::LLVMPointerType>(elementType) &&
            isa<LLVM::LLVMPointerType>(operands[0].getType()))
          return LLVM::AddrSpaceCastOp::create(b, loc, elementType,
                                               operands[0]);
        return LLVM::BitcastOp::create(b, loc, elementType, operands[0]);
      });
  addLambda<triton::ClampFOp>(
      patterns, converter, axisInfo,
      [](triton::ClampFOp op, Type elementType, ValueRange operands,
         Location loc, ConversionPatternRewriter &b) -> Value {
        Value x = operands[0], lo = operands[1], hi = operands[2];
        if (op.getPropagateNan() == PropagateNan::ALL) {
          Value clamped = LLVM::MinimumOp::create(
              b, loc, LLVM::MaximumOp::create(b, loc, x, lo), hi);
          return clamped;
        }
        return LLVM::MinNumOp::create(
            b, loc, LLVM::MaxNumOp::create(b, loc, x, lo), hi);
      });
  addLambda<triton::PreciseSqrtOp>(
      patterns, converter, axisInfo,
      [](triton::PreciseSqrtOp, Type elementType, ValueRange operands,
         Location loc, ConversionPatternRewriter &b) -> Value {
        return LLVM::SqrtOp::create(b, loc, operands[0]);
      });
  addLambda<triton::PreciseDivFOp>(
      patterns, converter, axisInfo,
      [](triton::PreciseDivFOp, Type elementType, ValueRange operands,
         Location loc, ConversionPatternRewriter &b) -> Value {
        return LLVM::FDivOp::create(b, loc, operands[0], operands[1]);
      });
  addLambda<triton::MulhiUIOp>(
      patterns, converter, axisInfo,
      [](triton::MulhiUIOp, Type elementType, ValueRange operands, Location loc,
         ConversionPatternRewriter &b) -> Value {
        unsigned bits = elementType.getIntOrFloatBitWidth();
        Type wide = b.getIntegerType(2 * bits);
        Value product = LLVM::MulOp::create(
            b, loc, LLVM::ZExtOp::create(b, loc, wide, operands[0]),
            LLVM::ZExtOp::create(b, loc, wide, operands[1]));
        Value high =
            LLVM::LShrOp::create(b, loc, product, intVal(b, loc, wide, bits));
        return LLVM::TruncOp::create(b, loc, elementType, high);
      });
  addLambda<triton::ExternElementwiseOp>(
      patterns, converter, axisInfo,
      [](triton::ExternElementwiseOp op, Type elementType, ValueRange operands,
         Location loc, ConversionPatternRewriter &b) -> Value {
        LLVM::CallOp call =
            emitCall(loc, b, op, op.getSymbol(), elementType, operands);
        return call.getResult();
      });
}
