//===- BarrierOpToLLVM.cpp - CTA barriers to bar.sync ---------------------===//
//
// gpu.barrier (what the Membar analysis inserts) and ttg.local_barrier both
// become `bar.sync 0` over the CTA; in a warp-specialized kernel a named
// barrier over the warps of their region (emitBarrier, Utility.cpp).
// ttng.named_barrier_arrive / _wait are `bar.arrive` / `bar.sync` on the
// barrier and thread count they name; ttng.warp_group_id is the region's
// thread id (getThreadId) / 128.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

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

/// `bar.arrive` / `bar.sync` on a named barrier with a thread count.
template <typename OpT>
struct NamedBarrierConversion : public ConvertOpToLLVMPattern<OpT> {
  using ConvertOpToLLVMPattern<OpT>::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    constexpr bool arrive =
        std::is_same_v<OpT, triton::nvidia_gpu::NamedBarrierArriveOp>;
    emitInlineAsm(op->getLoc(), rewriter, Type(),
                  {adaptor.getBar(), adaptor.getNumThreads()},
                  arrive ? "bar.arrive $0, $1;" : "bar.sync $0, $1;", "r,r",
                  /*pure=*/false);
    rewriter.eraseOp(op);
    return success();
  }
};

/// The region's thread id / 128.
struct WarpGroupIdConversion
    : public ConvertOpToLLVMPattern<triton::nvidia_gpu::WarpGroupIdOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::nvidia_gpu::WarpGroupIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value id = LLVM::UDivOp::create(rewriter, loc,
                                    getThreadId(rewriter, loc),
                                    i32Val(rewriter, loc, 128));
    rewriter.replaceOp(op, id);
    return success();
  }
};

} // namespace

void mlir::triton::populateBarrierOpToLLVMPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns) {
  patterns.add<BarrierConversion<mlir::gpu::BarrierOp>,
               BarrierConversion<triton::gpu::LocalBarrierOp>,
               NamedBarrierConversion<triton::nvidia_gpu::NamedBarrierArriveOp>,
               NamedBarrierConversion<triton::nvidia_gpu::NamedBarrierWaitOp>,
               WarpGroupIdConversion>(converter);
}
