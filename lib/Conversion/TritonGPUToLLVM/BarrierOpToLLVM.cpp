//===- BarrierOpToLLVM.cpp - CTA barriers to bar.sync ---------------------===//
//
// gpu.barrier (what the Membar analysis inserts) and ttg.local_barrier both
// become `bar.sync 0` over the CTA; in a warp-specialized kernel a named
// barrier over the warps of their region (emitBarrier, Utility.cpp).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

template <typename OpT>
struct BarrierConversion : public ConvertOpToLLVMPattern<OpT> {
  using ConvertOpToLLVMPattern<OpT>::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    emitBarrier(op->getLoc(), rewriter);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::triton::populateBarrierOpToLLVMPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns) {
  patterns.add<BarrierConversion<mlir::gpu::BarrierOp>,
               BarrierConversion<triton::gpu::LocalBarrierOp>>(converter);
}
