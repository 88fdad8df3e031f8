//===- ViewOpToLLVM.cpp - splat, make_range, broadcast, expand_dims -------===//
//
// Ops that create or re-index a tensor without moving data between
// threads. broadcast and expand_dims keep the thread mapping of their
// operand (the verifier's layout rules guarantee it; we check it again on
// the linear layouts) and only pick, for every register of the result, the
// operand register holding the same element.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

using Offsets = SmallVector<int32_t>;

Offsets registerOffsets(const LinearLayout &layout, int32_t reg) {
  MLIRContext *ctx = layout.getInDimNames().begin()->getContext();
  return applyLinearLayoutConst(layout, {{kRegister(ctx), reg}});
}

/// For each register of `dst`, the register of `src` that holds the same
/// element, where `project` maps a dst offset vector to a src one. Fails
/// when the two layouts do not place lanes, warps and CTAs alike (after
/// projection) or some element has no source register.
FailureOr<SmallVector<int32_t>>
mapRegisters(const LinearLayout &src, const LinearLayout &dst,
             function_ref<Offsets(Offsets)> project) {
  MLIRContext *ctx = dst.getInDimNames().begin()->getContext();
  for (StringAttr dim : {kLane(ctx), kWarp(ctx), kBlock(ctx)}) {
    int bits = dst.hasInDim(dim) ? dst.getInDimSizeLog2(dim) : 0;
    int srcBits = src.hasInDim(dim) ? src.getInDimSizeLog2(dim) : 0;
    if (bits != srcBits)
      return failure();
    for (int i = 0; i < bits; ++i) {
      ArrayRef<int32_t> d = dst.getBasis(dim, i);
      ArrayRef<int32_t> s = src.getBasis(dim, i);
      if (project(Offsets(d.begin(), d.end())) != Offsets(s.begin(), s.end()))
        return failure();
    }
  }
  std::map<Offsets, int32_t> srcRegister;
  int srcRegs = src.getInDimSize(kRegister(ctx));
  for (int32_t r = srcRegs - 1; r >= 0; --r)
    srcRegister[registerOffsets(src, r)] = r;
  SmallVector<int32_t> mapping;
  int dstRegs = dst.getInDimSize(kRegister(ctx));
  for (int32_t r = 0; r < dstRegs; ++r) {
    auto it = srcRegister.find(project(registerOffsets(dst, r)));
    if (it == srcRegister.end())
      return failure();
    mapping.push_back(it->second);
  }
  return mapping;
}

struct SplatOpConversion : public ConvertOpToLLVMPattern<triton::SplatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type structType = getTypeConverter()->convertType(op.getType());
    if (!structType)
      return rewriter.notifyMatchFailure(op, "result type");
    size_t n = cast<LLVM::LLVMStructType>(structType).getBody().size();
    SmallVector<Value> elements(n, adaptor.getSrc());
    rewriter.replaceOp(op, packLLElements(op.getLoc(), structType, elements,
                                          rewriter));
    return success();
  }
};

struct SplatConstantConversion
    : public ConvertOpToLLVMPattern<arith::ConstantOp> {
  SplatConstantConversion(TypeConverterT &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/10) {}

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type)
      return failure();
    auto dense = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!dense) // refused before the conversion starts
      return rewriter.notifyMatchFailure(op, "non-splat tensor constant");
    Type structType = getTypeConverter()->convertType(type);
    if (!structType)
      return rewriter.notifyMatchFailure(op, "result type");
    auto llvmStruct = cast<LLVM::LLVMStructType>(structType);
    Type elementType = llvmStruct.getBody().front();
    Attribute scalar = dense.getSplatValue<Attribute>();
    // fp8 constants travel as their bit pattern.
    if (auto floatAttr = dyn_cast<FloatAttr>(scalar);
        floatAttr && isa<IntegerType>(elementType))
      scalar = rewriter.getIntegerAttr(
          elementType, floatAttr.getValue().bitcastToAPInt().getZExtValue());
    Value value = LLVM::ConstantOp::create(rewriter, op.getLoc(), elementType,
                                           cast<TypedAttr>(scalar));
    SmallVector<Value> elements(llvmStruct.getBody().size(), value);
    rewriter.replaceOp(op, packLLElements(op.getLoc(), structType, elements,
                                          rewriter));
    return success();
  }
};

struct MakeRangeOpConversion
    : public ConvertOpToLLVMPattern<triton::MakeRangeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::MakeRangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = op.getType();
    Type structType = getTypeConverter()->convertType(type);
    if (!structType)
      return rewriter.notifyMatchFailure(op, "result type");
    SmallVector<SmallVector<Value>> indices =
        emitIndices(loc, rewriter, type);
    Value start = i32Val(rewriter, loc, op.getStart());
    SmallVector<Value> values;
    for (const SmallVector<Value> &index : indices)
      values.push_back(LLVM::AddOp::create(rewriter, loc, index[0], start));
    rewriter.replaceOp(op, packLLElements(loc, structType, values, rewriter));
    return success();
  }
};

/// Shared by broadcast and expand_dims: result register i is operand
/// register mapping[i].
LogicalResult replaceWithRegisterMap(Operation *op, Value operand,
                                     RankedTensorType srcType,
                                     RankedTensorType dstType,
                                     function_ref<Offsets(Offsets)> project,
                                     const TypeConverter *converter,
                                     ConversionPatternRewriter &rewriter) {
  Type structType = converter->convertType(dstType);
  if (!structType)
    return rewriter.notifyMatchFailure(op, "result type");
  FailureOr<SmallVector<int32_t>> mapping =
      mapRegisters(ttg::toLinearLayout(srcType), ttg::toLinearLayout(dstType),
                   project);
  if (failed(mapping))
    return op->emitOpError("operand and result layouts do not place "
                           "threads alike; cannot lower without moving data");
  Location loc = op->getLoc();
  SmallVector<Value> srcValues = unpackLLElements(loc, operand, rewriter);
  SmallVector<Value> values;
  for (int32_t r : *mapping)
    values.push_back(srcValues[r]);
  rewriter.replaceOp(op, packLLElements(loc, structType, values, rewriter));
  return success();
}

struct BroadcastOpConversion
    : public ConvertOpToLLVMPattern<triton::BroadcastOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = op.getType();
    ArrayRef<int64_t> srcShape = srcType.getShape();
    auto project = [&](Offsets offsets) {
      for (auto [d, size] : llvm::enumerate(srcShape))
        if (size == 1)
          offsets[d] = 0;
      return offsets;
    };
    return replaceWithRegisterMap(op, adaptor.getSrc(), srcType, dstType,
                                  project, getTypeConverter(), rewriter);
  }
};

struct ExpandDimsOpConversion
    : public ConvertOpToLLVMPattern<triton::ExpandDimsOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = op.getType();
    unsigned axis = op.getAxis();
    auto project = [&](Offsets offsets) {
      offsets.erase(offsets.begin() + axis);
      return offsets;
    };
    return replaceWithRegisterMap(op, adaptor.getSrc(), srcType, dstType,
                                  project, getTypeConverter(), rewriter);
  }
};

} // namespace

void mlir::triton::populateViewOpToLLVMPatterns(TypeConverterT &converter,
                                                RewritePatternSet &patterns) {
  patterns.add<SplatOpConversion, SplatConstantConversion,
               MakeRangeOpConversion, BroadcastOpConversion,
               ExpandDimsOpConversion>(converter);
}
