//===- WarpSpecializeRegions.cpp - the regions of ttg.warp_specialize -----===//
//
// convert-triton-gpu-to-llvm lowers what runs inside a ttg.warp_specialize
// with the rest of the kernel: the op, its captures and the partitions'
// arguments take their LLVM types, and the ops in its regions lower as
// anywhere (thread ids relative to a partition's first warp, barriers
// named per region: Utility.cpp). The op itself, the worker warps' loop
// and the passing of captures, is convert-warp-specialize-to-llvm's.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;

namespace ttg = mlir::triton::gpu;

namespace {

struct WarpSpecializeConversion
    : public ConvertOpToLLVMPattern<ttg::WarpSpecializeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::WarpSpecializeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(),
                                                resultTypes)))
      return op.emitOpError("has results that cannot be lowered");
    OperationState state(op.getLoc(), op->getName());
    state.addOperands(adaptor.getOperands());
    state.addTypes(resultTypes);
    state.propertiesAttr = op->getPropertiesAsAttribute();
    state.addAttributes(llvm::to_vector(op->getDiscardableAttrs()));
    state.addRegion();
    state.addRegion();
    auto newOp = cast<ttg::WarpSpecializeOp>(rewriter.create(state));
    rewriter.inlineRegionBefore(op.getDefaultRegion(),
                                newOp.getDefaultRegion(),
                                newOp.getDefaultRegion().end());
    rewriter.inlineRegionBefore(op.getPartitionOpHolder(),
                                newOp.getPartitionOpHolder(),
                                newOp.getPartitionOpHolder().end());
    for (Region *partition : newOp.getPartitionRegions())
      if (failed(rewriter.convertRegionTypes(partition, *getTypeConverter())))
        return op.emitOpError("has captures that cannot be lowered");
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

struct WarpYieldConversion : public ConvertOpToLLVMPattern<ttg::WarpYieldOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::WarpYieldOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.modifyOpInPlace(
        op, [&] { op->setOperands(adaptor.getOperands()); });
    return success();
  }
};

} // namespace

void mlir::triton::populateWarpSpecializeRegionPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns,
    ConversionTarget &target) {
  target.addDynamicallyLegalOp<ttg::WarpSpecializeOp>(
      [&converter](ttg::WarpSpecializeOp op) {
        return converter.isLegal(op.getOperation()) &&
               llvm::all_of(op.getPartitionRegions(), [&](Region *region) {
                 return converter.isLegal(region);
               });
      });
  target.addDynamicallyLegalOp<ttg::WarpYieldOp>(
      [&converter](ttg::WarpYieldOp op) {
        return converter.isLegal(op.getOperation());
      });
  target.addLegalOp<ttg::WarpSpecializePartitionsOp, ttg::WarpReturnOp>();
  patterns.add<WarpSpecializeConversion, WarpYieldConversion>(converter);
}
