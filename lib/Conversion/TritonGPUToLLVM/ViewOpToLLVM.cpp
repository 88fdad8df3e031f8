//===- ViewOpToLLVM.cpp - splat, unsplat, make_range, broadcast, ... ------===//
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
#include "RegisterMap.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

using Offsets = RegisterOffsets;

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
    rewriter.replaceOp(
        op, packLLElements(op.getLoc(), structType, elements, rewriter));
    return success();
  }
};

/// The one element of the source is in every register of every thread (a
/// distributed layout maps each register, lane and warp to an element).
struct UnsplatOpConversion : public ConvertOpToLLVMPattern<triton::UnsplatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::UnsplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!getTypeConverter()->convertType(op.getSrc().getType()))
      return rewriter.notifyMatchFailure(op, "source type");
    rewriter.replaceOp(
        op, unpackLLElements(op.getLoc(), adaptor.getSrc(), rewriter).front());
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
    rewriter.replaceOp(
        op, packLLElements(op.getLoc(), structType, elements, rewriter));
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
    SmallVector<SmallVector<Value>> indices = emitIndices(loc, rewriter, type);
    Value start = i32Val(rewriter, loc, op.getStart());
    SmallVector<Value> values;
    for (const SmallVector<Value> &index : indices)
      values.push_back(LLVM::AddOp::create(rewriter, loc, index[0], start));
    rewriter.replaceOp(op, packLLElements(loc, structType, values, rewriter));
    return success();
  }
};

/// Shared by broadcast and expand_dims: one operand, whose coordinates
/// `project` gives.
LogicalResult replaceWithRegisterMap(Operation *op, Value operand,
                                     RankedTensorType dstType,
                                     function_ref<Offsets(Offsets)> project,
                                     const TypeConverter *converter,
                                     ConversionPatternRewriter &rewriter) {
  SmallVector<Value> results;
  auto source = [&](Offsets offsets) -> RegisterSource {
    return {0, project(std::move(offsets))};
  };
  if (failed(replaceByRegisterMap(op, operand, dstType, source, converter,
                                  rewriter, results)))
    return failure();
  rewriter.replaceOp(op, results);
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
    return replaceWithRegisterMap(op, adaptor.getSrc(), dstType, project,
                                  getTypeConverter(), rewriter);
  }
};

struct ExpandDimsOpConversion
    : public ConvertOpToLLVMPattern<triton::ExpandDimsOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dstType = op.getType();
    unsigned axis = op.getAxis();
    auto project = [&](Offsets offsets) {
      offsets.erase(offsets.begin() + axis);
      return offsets;
    };
    return replaceWithRegisterMap(op, adaptor.getSrc(), dstType, project,
                                  getTypeConverter(), rewriter);
  }
};

} // namespace

void mlir::triton::populateViewOpToLLVMPatterns(TypeConverterT &converter,
                                                RewritePatternSet &patterns) {
  patterns.add<SplatOpConversion, UnsplatOpConversion, SplatConstantConversion,
               MakeRangeOpConversion, BroadcastOpConversion,
               ExpandDimsOpConversion>(converter);
}
