//===- MBarrierOpToLLVM.cpp - mbarrier init, expect, wait, arrive ---------===//
//
// The ttng mbarrier ops become the PTX Triton 3.6 emits for them, on the
// 8-byte barrier a `1xi64` memdesc points at:
//
//   init_barrier %b, N      @tid0 mbarrier.init.shared::cta.b64 [b], N;
//   inval_barrier %b        @tid0 mbarrier.inval.shared::cta.b64 [b];
//   barrier_expect %b, X, p @tid0&&p mbarrier.arrive.expect_tx.shared.b64 _, [b], X;
//   arrive_barrier %b, N, p @tid0&&p mbarrier.arrive.shared::cta.b64 _, [b], N;
//   wait_barrier %b, %phase  every thread spins on
//                            mbarrier.try_wait.parity.shared.b64 until the
//                            phase with parity %phase has completed
//   async_copy_mbarrier_arrive %b  every thread:
//                            cp.async.mbarrier.arrive[.noinc].shared::cta.b64 [b];
//                            (each thread's own cp.async copies)
//
// Only thread 0 of the CTA initializes, invalidates, arrives and posts the
// expected transaction bytes (the barriers count one arrival); all threads
// wait. The Membar analysis puts a CTA barrier between an init and the
// first use.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

/// The barrier's shared address (the base of its lowered memdesc).
Value barrierAddress(Location loc, ConversionPatternRewriter &rewriter,
                     Value llvmMemDesc) {
  return unpackLLElements(loc, llvmMemDesc, rewriter).front();
}

/// threadIdx.x == 0, and `pred` when given.
Value firstThread(Location loc, OpBuilder &b, Value pred = {}) {
  Value first = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                                     getThreadId(b, loc), i32Val(b, loc, 0));
  return pred ? LLVM::AndOp::create(b, loc, first, pred).getResult() : first;
}

struct InitBarrierOpConversion
    : public ConvertOpToLLVMPattern<ttng::InitBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::InitBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value bar = barrierAddress(loc, rewriter, adaptor.getAlloc());
    emitInlineAsm(loc, rewriter, Type(), {firstThread(loc, rewriter), bar},
                  "@$0 mbarrier.init.shared::cta.b64 [$1], " +
                      std::to_string(op.getCount()) + ";",
                  "b,r", /*pure=*/false);
    rewriter.eraseOp(op);
    return success();
  }
};

struct InvalBarrierOpConversion
    : public ConvertOpToLLVMPattern<ttng::InvalBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::InvalBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value bar = barrierAddress(loc, rewriter, adaptor.getAlloc());
    emitInlineAsm(loc, rewriter, Type(), {firstThread(loc, rewriter), bar},
                  "@$0 mbarrier.inval.shared::cta.b64 [$1];", "b,r",
                  /*pure=*/false);
    rewriter.eraseOp(op);
    return success();
  }
};

struct BarrierExpectOpConversion
    : public ConvertOpToLLVMPattern<ttng::BarrierExpectOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::BarrierExpectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value bar = barrierAddress(loc, rewriter, adaptor.getAlloc());
    Value pred = firstThread(loc, rewriter, adaptor.getPred());
    emitInlineAsm(loc, rewriter, Type(), {pred, bar},
                  "@$0 mbarrier.arrive.expect_tx.shared.b64 _, [$1], " +
                      std::to_string(op.getSize()) + ";",
                  "b,r", /*pure=*/false);
    rewriter.eraseOp(op);
    return success();
  }
};

struct ArriveBarrierOpConversion
    : public ConvertOpToLLVMPattern<ttng::ArriveBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::ArriveBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value bar = barrierAddress(loc, rewriter, adaptor.getAlloc());
    Value pred;
    if (op.getPerWarpGroup()) {
      // The first thread of each warp group of the region.
      Value lane = LLVM::URemOp::create(rewriter, loc, getThreadId(rewriter, loc),
                                        i32Val(rewriter, loc, 128));
      pred = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, lane,
                                  i32Val(rewriter, loc, 0));
      if (Value given = adaptor.getPred())
        pred = LLVM::AndOp::create(rewriter, loc, pred, given);
    } else {
      pred = firstThread(loc, rewriter, adaptor.getPred());
    }
    emitInlineAsm(loc, rewriter, Type(), {pred, bar},
                  "@$0 mbarrier.arrive.shared::cta.b64 _, [$1], " +
                      std::to_string(op.getCount()) + ";",
                  "b,r", /*pure=*/false);
    rewriter.eraseOp(op);
    return success();
  }
};

struct WaitBarrierOpConversion
    : public ConvertOpToLLVMPattern<ttng::WaitBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::WaitBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value bar = barrierAddress(loc, rewriter, adaptor.getAlloc());
    SmallVector<Value> operands{bar, adaptor.getPhase()};
    std::string skip, done, constraints = "r,r";
    if (Value pred = adaptor.getPred()) {
      operands.push_back(pred);
      constraints += ",b";
      skip = "@!$2 bra.uni skipWait;\n";
      done = "skipWait:\n";
    }
    std::string asmString = "{\n.reg .pred complete;\n" + skip +
                            "waitLoop:\n"
                            "mbarrier.try_wait.parity.shared.b64 complete, "
                            "[$0], $1;\n"
                            "@!complete bra.uni waitLoop;\n" +
                            done + "}\n";
    emitInlineAsm(loc, rewriter, Type(), operands, asmString, constraints,
                  /*pure=*/false);
    rewriter.eraseOp(op);
    return success();
  }
};

/// Every thread: the barrier sees an arrival once the thread's earlier
/// cp.async copies have landed (without .noinc the pending count is raised
/// first, so the arrival does not count against the initial count).
struct AsyncCopyMbarrierArriveOpConversion
    : public ConvertOpToLLVMPattern<ttng::AsyncCopyMbarrierArriveOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::AsyncCopyMbarrierArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value bar = barrierAddress(loc, rewriter, adaptor.getBarrier());
    std::string text = std::string("cp.async.mbarrier.arrive") +
                       (op.getNoIncrement() ? ".noinc" : "") +
                       ".shared::cta.b64 [$0];";
    emitInlineAsm(loc, rewriter, Type(), {bar}, text, "r", /*pure=*/false);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::triton::populateMBarrierOpToLLVMPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns) {
  patterns.add<InitBarrierOpConversion, InvalBarrierOpConversion,
               BarrierExpectOpConversion, ArriveBarrierOpConversion,
               WaitBarrierOpConversion, AsyncCopyMbarrierArriveOpConversion>(
      converter);
}
