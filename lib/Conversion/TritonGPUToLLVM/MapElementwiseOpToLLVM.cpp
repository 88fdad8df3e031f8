//===- MapElementwiseOpToLLVM.cpp - tt.map_elementwise -------------------===//
//
// The scalar region runs once per group of `pack` consecutive registers a
// thread holds, inlined where the op stood: the block is split, a copy of
// the region goes between the halves, the first half branches into the
// copy with the group's elements (operand by operand, `pack` each) and
// every tt.map_elementwise.return becomes a branch to the second half,
// whose arguments are the group's results (result by result). The copied
// ops are then lowered like any other. As in Triton, a thread whose
// register count is not a multiple of `pack` fills its last group by
// repeating its last element; those results are dropped.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

struct MapElementwiseOpConversion
    : public ConvertOpToLLVMPattern<MapElementwiseOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(MapElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Region &scalarOp = op.getScalarOp();
    // The copies' block arguments keep their types: only scalars the LLVM
    // conversion leaves as they are (integers, f16/bf16/f32/f64).
    for (Block &block : scalarOp)
      for (BlockArgument arg : block.getArguments())
        if (getTypeConverter()->convertType(arg.getType()) != arg.getType())
          return op.emitOpError("lowering to LLVM supports scalar regions "
                                "over integers and 16/32/64-bit floats, "
                                "got an argument of ")
                 << arg.getType();
    unsigned pack = op.getPack();
    SmallVector<SmallVector<Value>> inputs;
    for (Value operand : adaptor.getSrcs())
      inputs.push_back(unpackLLElements(loc, operand, rewriter));
    size_t numElems = inputs.empty() ? 0 : inputs.front().size();
    SmallVector<Type> resultTypes;
    for (Value result : op.getResult()) {
      Type type = getTypeConverter()->convertType(
          cast<RankedTensorType>(result.getType()).getElementType());
      if (!type)
        return rewriter.notifyMatchFailure(op, "result element type");
      resultTypes.push_back(type);
    }

    SmallVector<SmallVector<Value>> outputs(resultTypes.size());
    Region &parent = *rewriter.getInsertionBlock()->getParent();
    for (size_t first = 0; first < numElems; first += pack) {
      Block *current = rewriter.getInsertionBlock();
      Block *next =
          rewriter.splitBlock(current, rewriter.getInsertionPoint());
      for (Type type : resultTypes)
        for (unsigned k = 0; k < pack; ++k)
          next->addArgument(type, loc);
      IRMapping mapping;
      rewriter.cloneRegionBefore(scalarOp, parent, next->getIterator(),
                                 mapping);
      Block *entry = mapping.lookup(&scalarOp.front());
      SmallVector<Value> groupArgs;
      for (ArrayRef<Value> operand : inputs)
        for (unsigned k = 0; k < pack; ++k)
          groupArgs.push_back(operand[std::min(first + k, numElems - 1)]);
      rewriter.setInsertionPointToEnd(current);
      LLVM::BrOp::create(rewriter, loc, groupArgs, entry);
      for (Block &block : scalarOp) {
        auto ret = dyn_cast<MapElementwiseReturnOp>(
            mapping.lookup(&block)->getTerminator());
        if (!ret)
          continue;
        rewriter.setInsertionPoint(ret);
        LLVM::BrOp::create(rewriter, ret.getLoc(), ret.getResult(), next);
        rewriter.eraseOp(ret);
      }
      rewriter.setInsertionPointToStart(next);
      for (size_t r = 0; r < resultTypes.size(); ++r)
        for (unsigned k = 0; k < pack && first + k < numElems; ++k)
          outputs[r].push_back(next->getArgument(r * pack + k));
    }

    SmallVector<Value> results;
    for (auto [result, values] : llvm::zip(op.getResult(), outputs))
      results.push_back(packLLElements(
          loc, getTypeConverter()->convertType(result.getType()), values,
          rewriter));
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void mlir::triton::populateMapElementwiseOpToLLVMPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns) {
  patterns.add<MapElementwiseOpConversion>(converter);
}
