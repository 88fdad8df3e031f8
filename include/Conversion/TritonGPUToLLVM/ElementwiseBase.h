//===- ElementwiseBase.h - per-element lowering of elementwise ops -*- C++
//-*-===//
//
// An elementwise op on tensors lowers to the same computation on every
// register of the thread; on scalars, once. ElementwiseOpConversion does the
// unpacking and packing; a subclass only says how one element is computed
// (createScalar receives the lowered operands of that element).
// With AxisInfo, an element that AxisInfo proves equal to another of the
// same thread (constancy) is not computed again but copied, as Triton's
// maybeDeduplicate does: a mask compare over a block of 16 equal rows is
// made once per block instead of once per row.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_CONVERSION_TRITONGPUTOLLVM_ELEMENTWISEBASE_H
#define TRITON_CONVERSION_TRITONGPUTOLLVM_ELEMENTWISEBASE_H

#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"

namespace mlir::triton {

/// For each register of `result` (a tensor of one result of a side-effect
/// free op), a register of the same thread that AxisInfo proves holds the
/// same value: the register whose coordinates are this one's rounded down
/// to a multiple of the constancy along every dimension, where the thread
/// holds that element, else itself. Empty when nothing repeats (no AxisInfo,
/// no constancy, a scalar, a layout whose registers are not the
/// `numElements` lowered elements).
SmallVector<unsigned> constancyRepresentatives(Operation *op,
                                               ModuleAxisInfoAnalysis *axisInfo,
                                               size_t numElements);

template <typename OpT>
class ElementwiseOpConversion : public ConvertOpToLLVMPattern<OpT> {
public:
  using OpAdaptor = typename OpT::Adaptor;

  ElementwiseOpConversion(TypeConverterT &converter,
                          ModuleAxisInfoAnalysis *axisInfo,
                          PatternBenefit benefit = 1)
      : ConvertOpToLLVMPattern<OpT>(converter, benefit), axisInfo(axisInfo) {}

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
    size_t n = structType.getBody().size();
    SmallVector<unsigned> representative =
        constancyRepresentatives(op, axisInfo, n);
    SmallVector<Value> results(n);
    for (size_t i = 0; i < n; ++i) {
      if (!representative.empty() && representative[i] != i)
        continue;
      SmallVector<Value> elementOperands;
      for (const SmallVector<Value> &operand : operands)
        elementOperands.push_back(operand[i]);
      Value value =
          createScalar(op, elementType, elementOperands, loc, rewriter);
      if (!value)
        return failure();
      results[i] = value;
    }
    for (size_t i = 0; i < n; ++i)
      if (!results[i])
        results[i] = results[representative[i]];
    rewriter.replaceOp(op, packLLElements(loc, converted, results, rewriter));
    return success();
  }

protected:
  /// Null: no deduplication.
  ModuleAxisInfoAnalysis *axisInfo;
};

} // namespace mlir::triton

#endif // TRITON_CONVERSION_TRITONGPUTOLLVM_ELEMENTWISEBASE_H
