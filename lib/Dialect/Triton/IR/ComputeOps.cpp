//===- ComputeOps.cpp - casts, dot, reduce, scan, elementwise regions -----===//
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/Triton/IR/LayoutInference.h"
#include "OpUtils.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/APFloat.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::detail;

//===----------------------------------------------------------------------===//
// BitcastOp / FpToFpOp
//===----------------------------------------------------------------------===//

LogicalResult BitcastOp::verify() {
  // Element types of tensors; a pointer to a tensor block is a pointer, 64
  // bits like any other.
  Type src = getElementTypeOrSelf(getSrc().getType());
  Type dst = getElementTypeOrSelf(getType());
  if (isa<PointerType>(src) != isa<PointerType>(dst))
    return emitOpError("cannot bitcast between a pointer and a non-pointer "
                       "type");
  auto bitWidth = [](Type t) -> unsigned {
    return isa<PointerType>(t) ? 64 : t.getIntOrFloatBitWidth();
  };
  if (bitWidth(src) != bitWidth(dst))
    return emitOpError("source and result must have the same bit width (")
           << bitWidth(src) << " vs " << bitWidth(dst) << ")";
  return success();
}

OpFoldResult BitcastOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  // bitcast(bitcast(x)) -> x when it round-trips.
  if (auto inner = getSrc().getDefiningOp<BitcastOp>())
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
  return {};
}

LogicalResult FpToFpOp::verify() {
  auto src = cast<FloatType>(getScalarElementType(getSrc().getType()));
  auto dst = cast<FloatType>(getScalarElementType(getType()));
  if (dst.getWidth() < src.getWidth() && !getRounding())
    return emitOpError("rounding mode is required for a floating-point "
                       "downcast (")
           << src << " to " << dst << ")";
  return success();
}

OpFoldResult FpToFpOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  auto dstElt = cast<FloatType>(getScalarElementType(getType()));
  Attribute in = adaptor.getSrc();
  FloatAttr scalar = dyn_cast_if_present<FloatAttr>(in);
  if (auto splat = dyn_cast_if_present<SplatElementsAttr>(in))
    scalar = dyn_cast<FloatAttr>(splat.getSplatValue<Attribute>());
  if (!scalar)
    return {};
  // Only finite values the destination holds exactly fold: the hardware
  // conversion saturates (satfinite) where APFloat gives NaN or infinity,
  // and NaN payloads differ, so anything else is left to run time.
  APFloat value = scalar.getValue();
  if (!value.isFinite())
    return {};
  bool losesInfo = false;
  APFloat::opStatus status =
      value.convert(dstElt.getFloatSemantics(),
                    llvm::RoundingMode::NearestTiesToEven, &losesInfo);
  if (status != APFloat::opOK || losesInfo)
    return {};
  auto folded = FloatAttr::get(dstElt, value);
  if (auto tensor = dyn_cast<RankedTensorType>(getType()))
    return DenseElementsAttr::get(tensor, folded);
  return folded;
}

//===----------------------------------------------------------------------===//
// DotOp / DotScaledOp
//===----------------------------------------------------------------------===//

/// Shapes of d = a * b + c: [B,] M x K times [B,] K x N gives [B,] M x N.
static LogicalResult verifyDotShapes(Operation *op, ArrayRef<int64_t> a,
                                     ArrayRef<int64_t> b, ArrayRef<int64_t> c) {
  if (a.size() != b.size() || a.size() != c.size())
    return op->emitOpError("operands must have the same rank");
  if (a.size() != 2 && a.size() != 3)
    return op->emitOpError("operands must be 2D, or 3D with a batch "
                           "dimension");
  size_t r = a.size();
  if (a[r - 1] != b[r - 2])
    return op->emitOpError("reduction dimensions of a (")
           << a[r - 1] << ") and b (" << b[r - 2] << ") must match";
  if (c[r - 2] != a[r - 2] || c[r - 1] != b[r - 1])
    return op->emitOpError("accumulator shape must be [M, N] = [")
           << a[r - 2] << ", " << b[r - 1] << "]";
  if (r == 3 && (a[0] != b[0] || a[0] != c[0]))
    return op->emitOpError("batch dimensions must match");
  return success();
}

/// The operands' encodings of a dot whose accumulator has `cEnc`, as the
/// dialect of `cEnc` requires (no encodings at all in TTIR).
static LogicalResult verifyDotEncodings(Operation *op, Attribute aEnc,
                                        Attribute bEnc, Attribute cEnc) {
  if (!aEnc && !bEnc)
    return success();
  if (!aEnc || !bEnc)
    return op->emitOpError("mismatching encoding between A and B operands");
  if (!cEnc)
    return op->emitOpError("miss encoding of C operand");
  const DialectInferLayoutInterface *iface = getLayoutInference(cEnc);
  if (!iface)
    return success();
  if (failed(iface->inferDotOpEncoding(aEnc, 0, cEnc, op->getLoc())) ||
      failed(iface->inferDotOpEncoding(bEnc, 1, cEnc, op->getLoc())))
    return failure();
  return iface->verifyDotOpEncodingCompatibility(op, aEnc, bEnc);
}

LogicalResult DotOp::verify() {
  auto aType = getA().getType();
  auto bType = getB().getType();
  auto cType = getC().getType();
  if (failed(verifyDotShapes(*this, aType.getShape(), bType.getShape(),
                             cType.getShape())))
    return failure();
  Type aElt = aType.getElementType();
  Type bElt = bType.getElementType();
  // fp8 operands of different flavours may be mixed; anything else must
  // agree.
  auto isFp8 = [](Type t) {
    return isa<FloatType>(t) && t.getIntOrFloatBitWidth() == 8;
  };
  if (aElt != bElt && !(isFp8(aElt) && isFp8(bElt)))
    return emitOpError("operands a and b must have the same element type, got ")
           << aElt << " and " << bElt;
  if (isa<IntegerType>(aElt) != isa<IntegerType>(cType.getElementType()))
    return emitOpError("integer operands need an integer accumulator and "
                       "float operands a float one");
  return verifyDotEncodings(*this, aType.getEncoding(), bType.getEncoding(),
                            cType.getEncoding());
}

LogicalResult DotScaledOp::verify() {
  auto aType = getA().getType();
  auto bType = getB().getType();
  if (aType.getRank() != 2 || bType.getRank() != 2)
    return emitOpError("operands must be 2D");
  // fp4 (e2m1) comes packed two to a byte along the packed dimension: K
  // when k_pack is set, otherwise M (for a) or N (for b).
  SmallVector<int64_t> a(aType.getShape()), b(bType.getShape());
  if (getAElemType() == ScaleDotElemType::E2M1)
    a[getLhsKPack() ? 1 : 0] *= 2;
  if (getBElemType() == ScaleDotElemType::E2M1)
    b[getRhsKPack() ? 0 : 1] *= 2;
  return verifyDotShapes(*this, a, b, getC().getType().getShape());
}

//===----------------------------------------------------------------------===//
// ReduceOp / ScanOp
//===----------------------------------------------------------------------===//

static SmallVector<RankedTensorType> tensorTypes(OperandRange srcs) {
  SmallVector<RankedTensorType> types;
  for (Value v : srcs)
    types.push_back(cast<RankedTensorType>(v.getType()));
  return types;
}

static SmallVector<Type> elementTypes(OperandRange srcs) {
  SmallVector<Type> types;
  for (Value v : srcs)
    types.push_back(cast<RankedTensorType>(v.getType()).getElementType());
  return types;
}

/// The combining region takes two values of each operand's element type (the
/// N left ones, then the N right ones) and returns N values of those types.
template <typename ReturnOpT>
static LogicalResult verifyCombineRegion(Operation *op, Region &region,
                                         ArrayRef<Type> elts) {
  Block &block = region.front();
  size_t n = elts.size();
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError("combine region must take ")
           << 2 * n << " arguments (two per operand), got "
           << block.getNumArguments();
  for (size_t i = 0; i < 2 * n; ++i)
    if (block.getArgument(i).getType() != elts[i % n])
      return op->emitOpError("combine region argument #")
             << i << " must have type " << elts[i % n] << ", got "
             << block.getArgument(i).getType();
  auto ret = dyn_cast<ReturnOpT>(block.getTerminator());
  if (!ret)
    return op->emitOpError("combine region must end with '")
           << ReturnOpT::getOperationName() << "'";
  if (ret->getNumOperands() != n)
    return op->emitOpError("combine region must return ")
           << n << " values, got " << ret->getNumOperands();
  for (size_t i = 0; i < n; ++i)
    if (ret->getOperand(i).getType() != elts[i])
      return op->emitOpError("combine region result #")
             << i << " must have type " << elts[i] << ", got "
             << ret->getOperand(i).getType();
  return success();
}

/// `srcs` is not empty: SameOperandsShape requires an operand.
static LogicalResult verifyAxis(Operation *op, OperandRange srcs,
                                int64_t axis) {
  int64_t rank = cast<RankedTensorType>(srcs[0].getType()).getRank();
  if (axis < 0 || axis >= rank)
    return op->emitOpError("axis ")
           << axis << " is out of range for rank " << rank;
  return success();
}

/// The result of reducing `type` along `axis`: a scalar for a 1D tensor.
static Type reducedType(RankedTensorType type, unsigned axis,
                        std::optional<Location> loc) {
  if (type.getRank() == 1)
    return type.getElementType();
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + axis);
  Attribute enc;
  (void)inferResultEncoding(type.getEncoding(), enc, loc,
                            [&](const DialectInferLayoutInterface &iface) {
                              return iface.inferReduceOpEncoding(
                                  type.getEncoding(), axis, enc, loc);
                            });
  return RankedTensorType::get(shape, type.getElementType(), enc);
}

void ReduceOp::build(OpBuilder &builder, OperationState &state, ValueRange srcs,
                     int axis) {
  SmallVector<Type> resultTypes;
  for (Value v : srcs)
    resultTypes.push_back(
        reducedType(cast<RankedTensorType>(v.getType()), axis, state.location));
  build(builder, state, resultTypes, srcs, axis);
}

SmallVector<RankedTensorType> ReduceOp::getInputTypes() {
  return tensorTypes(getSrcs());
}
SmallVector<Type> ReduceOp::getElementTypes() {
  return elementTypes(getSrcs());
}

Operation *ReduceOp::getSingleCombiner() {
  Block &block = getCombineOp().front();
  if (block.getOperations().size() != 2 || getNumResults() != 1)
    return nullptr;
  Operation *combiner = &block.front();
  auto ret = cast<ReduceReturnOp>(block.getTerminator());
  if (ret.getResult().size() != 1 ||
      ret.getResult()[0].getDefiningOp() != combiner)
    return nullptr;
  return combiner;
}

LogicalResult ReduceOp::verify() {
  if (failed(verifyAxis(*this, getSrcs(), getAxisAttr().getInt())))
    return failure();
  if (getNumResults() != getSrcs().size())
    return emitOpError("must have one result per operand");
  for (auto [src, res] : llvm::zip(getSrcs(), getResult())) {
    auto srcType = cast<RankedTensorType>(src.getType());
    if (srcType.getRank() == 1) {
      if (res.getType() != srcType.getElementType())
        return emitOpError("reducing a 1D tensor gives a scalar of type ")
               << srcType.getElementType() << ", got " << res.getType();
      continue;
    }
    auto resType = dyn_cast<RankedTensorType>(res.getType());
    SmallVector<int64_t> shape(srcType.getShape());
    shape.erase(shape.begin() + getAxis());
    if (!resType || resType.getShape() != ArrayRef<int64_t>(shape) ||
        resType.getElementType() != srcType.getElementType())
      return emitOpError("result must be the operand without the reduced "
                         "axis, got ")
             << res.getType();
    Attribute srcEnc = srcType.getEncoding();
    unsigned axis = getAxis();
    if (failed(verifyResultEncoding(
            *this, srcEnc, resType, /*mustInfer=*/true,
            [&](const DialectInferLayoutInterface &iface, Attribute &enc,
                std::optional<Location> loc) {
              return iface.inferReduceOpEncoding(srcEnc, axis, enc, loc);
            })))
      return failure();
  }
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyCombineRegion<ReduceReturnOp>(*this, getCombineOp(),
                                             getElementTypes());
}

void ScanOp::build(OpBuilder &builder, OperationState &state, ValueRange srcs,
                   int axis, bool reverse) {
  build(builder, state, TypeRange(srcs), srcs, axis, reverse);
}

SmallVector<RankedTensorType> ScanOp::getInputTypes() {
  return tensorTypes(getSrcs());
}
SmallVector<Type> ScanOp::getElementTypes() { return elementTypes(getSrcs()); }

LogicalResult ScanOp::verify() {
  if (failed(verifyAxis(*this, getSrcs(), getAxisAttr().getInt())))
    return failure();
  if (getNumResults() != getSrcs().size())
    return emitOpError("must have one result per operand");
  for (auto [src, res] : llvm::zip(getSrcs(), getResult()))
    if (src.getType() != res.getType())
      return emitOpError("result types must match the operand types");
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombineRegion<ScanReturnOp>(*this, getCombineOp(),
                                           getElementTypes());
}

//===----------------------------------------------------------------------===//
// MapElementwiseOp
//===----------------------------------------------------------------------===//

LogicalResult MapElementwiseOp::verify() {
  int32_t pack = getPack();
  if (pack < 1 || !llvm::isPowerOf2_32(pack))
    return emitOpError("pack must be a positive power of two, got ") << pack;
  return success();
}

LogicalResult MapElementwiseOp::verifyRegions() {
  Region &region = getScalarOp();
  if (region.empty())
    return emitOpError("requires a non-empty region");
  unsigned pack = getPack();
  Block &entry = region.front();
  if (entry.getNumArguments() != getSrcs().size() * pack)
    return emitOpError("region must take ")
           << getSrcs().size() * pack << " scalar arguments (pack x operands)"
           << ", got " << entry.getNumArguments();
  for (auto [i, arg] : llvm::enumerate(entry.getArguments())) {
    Type expected =
        cast<RankedTensorType>(getSrcs()[i / pack].getType()).getElementType();
    if (arg.getType() != expected)
      return emitOpError("region argument #")
             << i << " must have type " << expected;
  }
  for (Block &block : region) {
    auto ret = dyn_cast<MapElementwiseReturnOp>(block.getTerminator());
    if (!ret)
      continue;
    if (ret.getResult().size() != getNumResults() * pack)
      return emitOpError("region must return ")
             << getNumResults() * pack << " values (pack x results)";
    for (auto [i, v] : llvm::enumerate(ret.getResult())) {
      Type expected = cast<RankedTensorType>(getResult()[i / pack].getType())
                          .getElementType();
      if (v.getType() != expected)
        return emitOpError("region result #")
               << i << " must have type " << expected;
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ExternElementwiseOp / ElementwiseInlineAsmOp / PrintOp
//===----------------------------------------------------------------------===//

/// Impure external code may read and write any global memory.
static void addImpureEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
}

void ExternElementwiseOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (!getPure())
    addImpureEffects(effects);
}

Speculation::Speculatability ExternElementwiseOp::getSpeculatability() {
  return getPure() ? Speculation::Speculatable : Speculation::NotSpeculatable;
}

void ElementwiseInlineAsmOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (!getPure())
    addImpureEffects(effects);
}

Speculation::Speculatability ElementwiseInlineAsmOp::getSpeculatability() {
  return getPure() ? Speculation::Speculatable : Speculation::NotSpeculatable;
}

LogicalResult ElementwiseInlineAsmOp::verify() {
  int32_t pack = getPackedElement();
  if (pack < 1 || !llvm::isPowerOf2_32(pack))
    return emitOpError("packed_element must be a positive power of two, got ")
           << pack;
  if (getNumResults() == 0)
    return emitOpError("must have at least one result");
  // The Elementwise trait already gives all tensors one shape.
  auto divisible = [&](Type t) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    return !tensor || tensor.getNumElements() % pack == 0;
  };
  if (!llvm::all_of(getArgs().getTypes(), divisible) ||
      !llvm::all_of(getResultTypes(), divisible))
    return emitOpError("tensor sizes must be multiples of packed_element");
  return success();
}

LogicalResult PrintOp::verify() {
  if (getIsSigned().size() != getArgs().size())
    return emitOpError("'isSigned' must have one entry per argument (")
           << getArgs().size() << "), got " << getIsSigned().size();
  return success();
}
