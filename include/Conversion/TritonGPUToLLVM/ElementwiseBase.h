//===- ElementwiseBase.h - per-element lowering of elementwise ops -*- C++
//-*-===//
//
// An elementwise op on tensors lowers to the same computation on every
// register of the thread; on scalars, once. ElementwiseOpConversion does the
// unpacking and packing; a subclass only says how one element is computed
// (createScalar receives the lowered operands of that element).
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_CONVERSION_TRITONGPUTOLLVM_ELEMENTWISEBASE_H
#define TRITON_CONVERSION_TRITONGPUTOLLVM_ELEMENTWISEBASE_H

#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"

namespace mlir::triton {

template <typename OpT>
class ElementwiseOpConversion : public ConvertOpToLLVMPattern<OpT> {
public:
  using OpAdaptor = typename OpT::Adaptor;

  ElementwiseOpConversion(TypeConverterT &converter, PatternBenefit benefit = 1)
      : ConvertOpToLLVMPattern<OpT>(converter, benefit) {}

  /// The value of one result element. `elementType` is the LLVM type of a
  /// result element; `operands` the lowered operands of that element. Null
  /// fails the pattern (after the subclass has emitted an error).
  virtual Value createScalar(OpT op, Type elementType, ValueRange operands,
                             Location loc,
                             ConversionPatternRewriter &rewriter) const = 0;

  LogicalResult
  matchAndRewrite(OpT op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op->getLoc();
    Type resultType = op->getResult(0).getType();
    Type converted = this->getTypeConverter()->convertType(resultType);
    if (!converted)
      return rewriter.notifyMatchFailure(op, "result type");
    if (!isa<RankedTensorType>(resultType)) {
      Value value =
          createScalar(op, converted, adaptor.getOperands(), loc, rewriter);
      if (!value)
        return failure();
      rewriter.replaceOp(op, value);
      return success();
    }
    auto structType = cast<LLVM::LLVMStructType>(converted);
    Type elementType = structType.getBody().front();
    SmallVector<SmallVector<Value>> operands;
    for (Value operand : adaptor.getOperands())
      operands.push_back(unpackLLElements(loc, operand, rewriter));
    SmallVector<Value> results;
    for (size_t i = 0, e = structType.getBody().size(); i < e; ++i) {
      SmallVector<Value> elementOperands;
      for (const SmallVector<Value> &operand : operands)
        elementOperands.push_back(operand[i]);
      Value value =
          createScalar(op, elementType, elementOperands, loc, rewriter);
      if (!value)
        return failure();
      results.push_back(value);
    }
    rewriter.replaceOp(op, packLLElements(loc, converted, results, rewriter));
    return success();
  }
};

} // namespace mlir::triton

#endif // TRITON_CONVERSION_TRITONGPUTOLLVM_ELEMENTWISEBASE_H
