//===- RegisterMap.cpp - results built from operand registers -------------===//
#include "RegisterMap.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

FailureOr<SmallVector<std::pair<unsigned, int32_t>>> mlir::triton::mapRegisters(
    ArrayRef<LinearLayout> operands, const LinearLayout &result,
    function_ref<RegisterSource(RegisterOffsets)> project) {
  MLIRContext *ctx = result.getInDimNames().begin()->getContext();
  const LinearLayout &first = operands.front();
  for (StringAttr dim : {kLane(ctx), kWarp(ctx), kBlock(ctx)}) {
    int bits = result.hasInDim(dim) ? result.getInDimSizeLog2(dim) : 0;
    int srcBits = first.hasInDim(dim) ? first.getInDimSizeLog2(dim) : 0;
    if (bits != srcBits)
      return failure();
    for (int i = 0; i < bits; ++i) {
      ArrayRef<int32_t> d = result.getBasis(dim, i);
      ArrayRef<int32_t> s = first.getBasis(dim, i);
      RegisterSource source = project(RegisterOffsets(d.begin(), d.end()));
      if (source.first != 0 ||
          source.second != RegisterOffsets(s.begin(), s.end()))
        return failure();
    }
  }
  SmallVector<std::map<RegisterOffsets, int32_t>> registerOf(operands.size());
  for (auto [k, layout] : llvm::enumerate(operands)) {
    int regs = layout.getInDimSize(kRegister(ctx));
    for (int32_t r = regs - 1; r >= 0; --r)
      registerOf[k][applyLinearLayoutConst(layout, {{kRegister(ctx), r}})] = r;
  }
  SmallVector<std::pair<unsigned, int32_t>> mapping;
  for (int32_t r = 0; r < result.getInDimSize(kRegister(ctx)); ++r) {
    RegisterSource source =
        project(applyLinearLayoutConst(result, {{kRegister(ctx), r}}));
    if (source.first >= operands.size())
      return failure();
    auto it = registerOf[source.first].find(source.second);
    if (it == registerOf[source.first].end())
      return failure();
    mapping.push_back({source.first, it->second});
  }
  return mapping;
}

LogicalResult mlir::triton::replaceByRegisterMap(
    Operation *op, ValueRange operands, RankedTensorType resultType,
    function_ref<RegisterSource(RegisterOffsets)> project,
    const TypeConverter *converter, ConversionPatternRewriter &rewriter,
    SmallVectorImpl<Value> &results) {
  Type structType = converter->convertType(resultType);
  if (!structType)
    return rewriter.notifyMatchFailure(op, "result type");
  SmallVector<LinearLayout> layouts;
  for (Value operand : op->getOperands())
    layouts.push_back(
        ttg::toLinearLayout(cast<RankedTensorType>(operand.getType())));
  FailureOr<SmallVector<std::pair<unsigned, int32_t>>> mapping =
      mapRegisters(layouts, ttg::toLinearLayout(resultType), project);
  if (failed(mapping))
    return op->emitOpError("operand and result layouts do not place threads "
                           "alike; lowering to LLVM cannot move data here");
  Location loc = op->getLoc();
  SmallVector<SmallVector<Value>> values;
  for (Value operand : operands)
    values.push_back(unpackLLElements(loc, operand, rewriter));
  SmallVector<Value> elements;
  for (auto [k, r] : *mapping)
    elements.push_back(values[k][r]);
  results.push_back(packLLElements(loc, structType, elements, rewriter));
  return success();
}
