//===- DecomposeScaledBlocked.cpp - tt.dot_scaled into upcasts + tt.dot ---===//
//
// Below sm_100 there is no scaled mma instruction: Triton 3.6 rewrites a
// microscaled product
//
//   d = (a * 2^(a_scale - 127)) x (b * 2^(b_scale - 127)) + c
//
// (scales e8m0, one per 32 elements along K) into plain ops that later
// passes place like any others:
//
//  1. each operand is upcast to the compute type, f16 when either operand
//     is fp16, bf16 otherwise: `ttg.fp4_to_fp` for e2m1 (two values packed
//     in an i8 along K, or along M/N without k_pack), `tt.fp_to_fp` for
//     fp8;
//  2. a scale becomes a power of two of the compute type by moving its
//     byte into the exponent field (`x << 7` as bf16; `x << 23` as f32
//     truncated to f16), is expanded by a new minor dimension, broadcast
//     to the 32 elements it scales, moved next to K (`tt.trans`) and
//     reshaped to the operand's shape, then multiplies the operand;
//  3. unless `fastMath`, elements whose scale is 0xFF (NaN in e8m0) are
//     replaced by NaN (`arith.select`);
//  4. the operands are converted to `#ttg.dot_op` of the result's layout
//     and multiplied by a `tt.dot`, which tritongpu-accelerate-matmul then
//     moves to wgmma or mma v2.
//
// The rhs scale is given as [N, K/32], like the lhs's [M, K/32]: it is
// transposed before step 2. A dot whose rhs only is scaled is first
// transposed (d^T = b^T a^T + c^T) so that the scaled operand is the lhs,
// as Triton 3.6 does.
//
//===----------------------------------------------------------------------===//
#include "DecomposeScaledBlocked.h"

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/Triton/IR/LayoutInference.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/Transforms/LayoutUtility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

using TensorValue = TypedValue<RankedTensorType>;

TensorValue asTensor(Value value) { return cast<TensorValue>(value); }

/// Why `op` cannot be decomposed here; empty when it can.
std::string unsupportedReason(DotScaledOp op) {
  auto supported = [](ScaleDotElemType type) {
    return type == ScaleDotElemType::E2M1 || type == ScaleDotElemType::E4M3 ||
           type == ScaleDotElemType::E5M2 || type == ScaleDotElemType::BF16 ||
           type == ScaleDotElemType::FP16;
  };
  if (!supported(op.getAElemType()) || !supported(op.getBElemType()))
    return "only e2m1, e4m3, e5m2, bf16 and fp16 operands are decomposed "
           "(fp6 is not)";
  // The operand's element type must be the one its format is stored in.
  auto storedAs = [](ScaleDotElemType format, Type type) {
    switch (format) {
    case ScaleDotElemType::E2M1:
      return type.isInteger(8);
    case ScaleDotElemType::E4M3:
      return isa<Float8E4M3FNType>(type);
    case ScaleDotElemType::E5M2:
      return isa<Float8E5M2Type>(type);
    case ScaleDotElemType::BF16:
      return type.isBF16();
    case ScaleDotElemType::FP16:
      return type.isF16();
    default:
      return false;
    }
  };
  if (!storedAs(op.getAElemType(), op.getA().getType().getElementType()) ||
      !storedAs(op.getBElemType(), op.getB().getType().getElementType()))
    return "an operand's element type does not match its format (e2m1 in "
           "i8, e4m3/e5m2 as f8E4M3FN/f8E5M2)";
  // K, unpacked: the product's inner dimension.
  int64_t k = op.getA().getType().getShape().back();
  if (op.getAElemType() == ScaleDotElemType::E2M1 && op.getLhsKPack())
    k *= 2;
  for (Value scale : {op.getAScale(), op.getBScale()}) {
    if (!scale)
      continue;
    auto type = cast<RankedTensorType>(scale.getType());
    if (!type.getElementType().isInteger(8))
      return "only i8 (e8m0) scales are decomposed";
    if (!type.getEncoding())
      return "the scales need a layout (run convert-triton-to-tritongpu)";
    int64_t groups = type.getShape().back();
    if (groups <= 0 || k % groups != 0)
      return "a scale's last dimension must divide K";
  }
  auto resultType = op.getType();
  if (!isa_and_nonnull<BlockedEncodingAttr>(resultType.getEncoding()))
    return "the result must have a #ttg.blocked layout";
  if (!resultType.getElementType().isF32())
    return "only f32 results are decomposed";
  return "";
}

class Decomposer {
public:
  Decomposer(DotScaledOp op) : op(op), builder(op), loc(op.getLoc()) {}

  void run() {
    FloatType computeType = op.getAElemType() == ScaleDotElemType::FP16 ||
                                    op.getBElemType() == ScaleDotElemType::FP16
                                ? FloatType(builder.getF16Type())
                                : FloatType(builder.getBF16Type());
    auto resultEnc = op.getType().getEncoding();
    Value a = toDotOperand(scaleOperand(0, computeType), 0, resultEnc);
    Value b = toDotOperand(scaleOperand(1, computeType), 1, resultEnc);
    auto dot = DotOp::create(builder, loc, op.getType(), a, b, op.getC(),
                             InputPrecision::IEEE, /*maxNumImpreciseAcc=*/0);
    op.getResult().replaceAllUsesWith(dot.getResult());
    op.erase();
  }

private:
  DotScaledOp op;
  OpBuilder builder;
  Location loc;

  int rank() { return op.getA().getType().getRank(); }
  int kDim(int opIdx) { return opIdx == 0 ? rank() - 1 : rank() - 2; }

  TensorValue splatConstant(RankedTensorType type, TypedAttr value) {
    return asTensor(arith::ConstantOp::create(
        builder, loc, type, DenseElementsAttr::get(type, value)));
  }

  /// Step 1: operand `opIdx` as `computeType`.
  TensorValue upcast(int opIdx, FloatType computeType) {
    TensorValue v = asTensor(opIdx == 0 ? op.getA() : op.getB());
    ScaleDotElemType elemType =
        opIdx == 0 ? op.getAElemType() : op.getBElemType();
    if (elemType == ScaleDotElemType::E2M1) {
      bool kPack = opIdx == 0 ? op.getLhsKPack() : op.getRhsKPack();
      int axis = kPack ? kDim(opIdx) : (opIdx == 0 ? rank() - 2 : rank() - 1);
      RankedTensorType srcType = v.getType();
      SmallVector<int64_t> shape(srcType.getShape());
      shape[axis] *= 2;
      Attribute encoding =
          inferFp4ToFpEncoding(srcType.getShape(), axis, srcType.getEncoding(),
                               /*forward=*/true);
      auto type = RankedTensorType::get(shape, computeType, encoding);
      return asTensor(Fp4ToFpOp::create(builder, loc, type, v,
                                        builder.getI32IntegerAttr(axis)));
    }
    if (v.getType().getElementType() == computeType)
      return v;
    return asTensor(FpToFpOp::create(builder, loc,
                                     v.getType().clone(computeType), v,
                                     RoundingModeAttr()));
  }

  /// Step 2 (first half): the e8m0 `scale` as powers of two of
  /// `computeType`.
  TensorValue scaleToFloat(TensorValue scale, FloatType computeType) {
    RankedTensorType type = scale.getType();
    // f16 cannot hold 2^-127..2^127: go through f32 and truncate.
    FloatType wide = computeType.isF16() ? FloatType(builder.getF32Type())
                                         : computeType;
    unsigned width = wide.getWidth();
    auto intType = type.clone(builder.getIntegerType(width));
    Value extended = arith::ExtUIOp::create(builder, loc, intType, scale);
    // getFPMantissaWidth counts the implicit bit.
    Value shift = splatConstant(
        intType, builder.getIntegerAttr(intType.getElementType(),
                                        wide.getFPMantissaWidth() - 1));
    Value shifted = arith::ShLIOp::create(builder, loc, extended, shift);
    Value result = BitcastOp::create(builder, loc, type.clone(wide), shifted);
    if (wide != computeType)
      result = arith::TruncFOp::create(builder, loc, type.clone(computeType),
                                       result);
    return asTensor(result);
  }

  /// Step 2 (second half): repeats every element of `scale` over the
  /// `factor` elements of dimension `dim` it scales.
  TensorValue broadcastScale(TensorValue scale, int dim, int64_t factor) {
    MLIRContext *ctx = builder.getContext();
    RankedTensorType type = scale.getType();
    int r = type.getRank();
    auto module = op->getParentOfType<ModuleOp>();
    SmallVector<int64_t> expandedShape(type.getShape());
    expandedShape.push_back(1);
    auto blocked = getDefaultBlockedEncoding(
        ctx, expandedShape, lookupNumWarps(op),
        TritonGPUDialect::getThreadsPerWarp(module),
        TritonGPUDialect::getNumCTAs(module));
    auto slice = SliceEncodingAttr::get(ctx, r, blocked);
    Value sliced = ConvertLayoutOp::create(
        builder, loc, type.cloneWithEncoding(slice), scale);
    Value expanded = ExpandDimsOp::create(builder, loc, sliced, r);
    SmallVector<int64_t> broadcastShape(type.getShape());
    broadcastShape.push_back(factor);
    Value broadcast = BroadcastOp::create(
        builder, loc,
        RankedTensorType::get(broadcastShape, type.getElementType(), blocked),
        expanded);
    SmallVector<int32_t> order = llvm::to_vector(llvm::seq<int32_t>(r));
    order.insert(order.begin() + dim + 1, r);
    // Along the last dimension (the lhs's K) the order is the identity: no
    // transposition.
    Value transposed =
        dim + 1 == r ? broadcast
                     : Value(TransOp::create(builder, loc, broadcast, order));
    SmallVector<int64_t> shape(type.getShape());
    shape[dim] *= factor;
    auto transType = cast<RankedTensorType>(transposed.getType());
    Attribute enc;
    (void)inferResultEncoding(
        transType.getEncoding(), enc, loc,
        [&](const DialectInferLayoutInterface &iface) {
          return iface.inferReshapeOpEncoding(transType.getShape(),
                                              transType.getEncoding(), shape,
                                              enc, loc);
        });
    return asTensor(ReshapeOp::create(
        builder, loc,
        RankedTensorType::get(shape, type.getElementType(), enc), transposed));
  }

  /// Steps 2 and 3 for operand `opIdx`.
  TensorValue scaleOperand(int opIdx, FloatType computeType) {
    TensorValue v = upcast(opIdx, computeType);
    Value scaleValue = opIdx == 0 ? op.getAScale() : op.getBScale();
    if (!scaleValue)
      return v;
    TensorValue scale = asTensor(scaleValue);
    int r = rank();
    if (opIdx == 1) {
      SmallVector<int32_t> order = llvm::to_vector(llvm::seq<int32_t>(r - 2));
      order.push_back(r - 1);
      order.push_back(r - 2);
      scale = asTensor(TransOp::create(builder, loc, scale, order));
    }
    int dim = kDim(opIdx);
    int64_t factor =
        v.getType().getDimSize(dim) / scale.getType().getDimSize(dim);
    RankedTensorType vType = v.getType();

    TensorValue scaleFp = scaleToFloat(scale, computeType);
    Value scaleFull = ConvertLayoutOp::create(
        builder, loc, vType, broadcastScale(scaleFp, dim, factor));
    TensorValue scaled =
        asTensor(arith::MulFOp::create(builder, loc, v, scaleFull));
    if (op.getFastMath())
      return scaled;

    // tl.where(scale == 0xFF, nan, scaled)
    RankedTensorType scaleType = scale.getType();
    Value allOnes = splatConstant(
        scaleType, builder.getIntegerAttr(scaleType.getElementType(), 0xFF));
    TensorValue isNan = asTensor(arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::eq, scale, allOnes));
    TensorValue cond = broadcastScale(isNan, dim, factor);
    Value condFull = ConvertLayoutOp::create(
        builder, loc, cond.getType().cloneWithEncoding(vType.getEncoding()),
        cond);
    APFloat nan = APFloat::getNaN(computeType.getFloatSemantics());
    Value nanConst =
        splatConstant(vType, builder.getFloatAttr(computeType, nan));
    return asTensor(
        arith::SelectOp::create(builder, loc, condFull, nanConst, scaled));
  }

  /// Step 4: `v` as operand `opIdx` of a dot whose result is in `parent`.
  Value toDotOperand(TensorValue v, int opIdx, Attribute parent) {
    auto enc = DotOperandEncodingAttr::get(builder.getContext(), opIdx,
                                           parent, /*kWidth=*/0);
    return ConvertLayoutOp::create(builder, loc,
                                   v.getType().cloneWithEncoding(enc), v);
  }
};

/// When only the rhs is scaled, Triton 3.6 computes the transposed product
/// d^T = b^T a^T + c^T instead, so that the scaled operand is the lhs (kept
/// in registers by wgmma; its tile decides the instruction shape). Returns
/// the new lhs-scaled dot; `op` is replaced by the transpose of its result.
DotScaledOp transposeRhsScaled(DotScaledOp op) {
  OpBuilder builder(op);
  Location loc = op.getLoc();
  int rank = op.getA().getType().getRank();
  SmallVector<int32_t> order = llvm::to_vector(llvm::seq<int32_t>(rank - 2));
  order.push_back(rank - 1);
  order.push_back(rank - 2);
  auto trans = [&](Value v) -> Value {
    return TransOp::create(builder, loc, v, order);
  };
  Value a = trans(op.getB());
  Value b = trans(op.getA());
  Value c = trans(op.getC());
  auto dot = DotScaledOp::create(
      builder, loc, c.getType(), a, b, c, /*a_scale=*/op.getBScale(),
      /*b_scale=*/Value(), op.getBElemType(), op.getAElemType(),
      op.getFastMath(), /*lhs_k_pack=*/op.getRhsKPack(),
      /*rhs_k_pack=*/op.getLhsKPack());
  Value result = trans(dot.getResult());
  op.getResult().replaceAllUsesWith(result);
  op.erase();
  return dot;
}

} // namespace

LogicalResult mlir::triton::gpu::decomposeScaledDots(ModuleOp module) {
  SmallVector<DotScaledOp> ops;
  module.walk([&](DotScaledOp op) { ops.push_back(op); });
  bool failed = false;
  for (DotScaledOp op : ops) {
    std::string reason = unsupportedReason(op);
    if (!reason.empty()) {
      op.emitOpError("is not supported by tritongpu-accelerate-matmul: ")
          << reason;
      failed = true;
      continue;
    }
    if (!op.getAScale() && op.getBScale())
      op = transposeRhsScaled(op);
    Decomposer(op).run();
  }
  return success(!failed);
}
