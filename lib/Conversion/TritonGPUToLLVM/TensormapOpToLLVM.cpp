//===- TensormapOpToLLVM.cpp - global scratch and device-side tensor maps -===//
//
// ttg.global_scratch_alloc is its function's global scratch frame (in a
// kernel this program's slice of the buffer its first hidden argument
// points to, in a device function the pointer the caller passed) at the
// offset tritongpu-global-scratch-memory-allocation chose:
//
//   scratch + (x + nctaid.x * (y + nctaid.y * z)) * slice + offset
//
// ttng.tensormap_create builds the 128-byte CUtensorMap in the op's shared
// scratch, as Triton 3.6 does: warp 0 zeroes it, lane 0 sets each field
// with `tensormap.replace.tile.<field>.shared::cta.b1024`, then warp 0
// copies it to global memory and releases it to the tensor-map proxy
// (`tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release
// .gpu.sync.aligned`), and a CTA barrier keeps the other warps from using
// it earlier. ttng.tensormap_fenceproxy_acquire is
// `fence.proxy.tensormap::generic.acquire.gpu` in every thread that may
// issue a TMA copy with it; ttng.reinterpret_tensor_descriptor is the
// pointer itself, in the generic address space.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

struct GlobalScratchAllocOpConversion
    : public ConvertOpToLLVMPattern<ttg::GlobalScratchAllocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttg::GlobalScratchAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto offset =
        op->getAttrOfType<IntegerAttr>("ttg.global_scratch_memory_offset");
    if (!offset)
      return op.emitOpError("has no global scratch offset (run "
                            "tritongpu-global-scratch-memory-allocation "
                            "first)");
    FailureOr<Value> frame = getGlobalScratchFrame(rewriter, loc, op);
    if (failed(frame))
      return rewriter.notifyMatchFailure(op, "enclosing function not lowered");
    Value ptr = LLVM::GEPOp::create(rewriter, loc, frame->getType(),
                                    rewriter.getI8Type(), *frame,
                                    i64Val(rewriter, loc, offset.getInt()));
    rewriter.replaceOp(op, ptr);
    return success();
  }
};

struct TensormapCreateOpConversion
    : public ConvertOpToLLVMPattern<ttng::TensormapCreateOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::TensormapCreateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<Value> smem = getSharedMemoryAddress(loc, rewriter, op);
    if (failed(smem))
      return op.emitOpError("has no shared scratch allocated (run "
                            "allocate-shared-memory-nv first)");
    auto [lane, warp] = getLaneAndWarpId(rewriter, loc);
    Value zero = i32Val(rewriter, loc, 0);
    Value warp0 = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                       getUniformWarpId(rewriter, loc), zero);
    Value lane0 = LLVM::AndOp::create(
        rewriter, loc, warp0,
        LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, lane,
                             zero));
    // Warp 0 zeroes the 128 bytes, 4 per lane.
    Value word = LLVM::GEPOp::create(
        rewriter, loc, smem->getType(), rewriter.getI32Type(), *smem, lane);
    storeShared(loc, rewriter, word, zero, warp0);
    emitInlineAsm(loc, rewriter, Type(), {}, "bar.warp.sync -1;", "",
                  /*pure=*/false);
    auto replace = [&](StringRef field, std::optional<int> ord, Value value,
                       unsigned bits) {
      std::string asmString = ("@$0 tensormap.replace.tile." + field +
                               ".shared::cta.b1024.b" + std::to_string(bits) +
                               " [$1], ")
                                  .str();
      if (ord)
        asmString += std::to_string(*ord) + ", ";
      asmString += "$2;";
      std::string constraints =
          std::string("b,r,") + (bits == 64 ? "l" : "r");
      emitInlineAsm(loc, rewriter, Type(), {lane0, *smem, value}, asmString,
                    constraints, /*pure=*/false);
    };
    Value address = adaptor.getGlobalAddress();
    replace("global_address", std::nullopt,
            LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI64Type(),
                                     address),
            64);
    int rank = op.getRank();
    replace("rank", std::nullopt, i32Val(rewriter, loc, rank - 1), 32);
    for (int i = 0; i < rank; ++i) {
      replace("box_dim", i, adaptor.getBoxDim()[i], 32);
      replace("global_dim", i, adaptor.getGlobalDim()[i], 32);
      replace("element_stride", i, adaptor.getElementStride()[i], 32);
      if (i < rank - 1)
        replace("global_stride", i, adaptor.getGlobalStride()[i], 64);
    }
    // The enum fields take immediates.
    auto replaceEnum = [&](StringRef field, int32_t value) {
      emitInlineAsm(loc, rewriter, Type(), {lane0, *smem},
                    ("@$0 tensormap.replace.tile." + field +
                     ".shared::cta.b1024.b32 [$1], " + Twine(value) + ";")
                        .str(),
                    "b,r", /*pure=*/false);
    };
    replaceEnum("elemtype", op.getElemType());
    replaceEnum("interleave_layout", op.getInterleaveLayout());
    replaceEnum("swizzle_mode", op.getSwizzleMode());
    replaceEnum("fill_mode", op.getFillMode());
    emitInlineAsm(loc, rewriter, Type(), {}, "bar.warp.sync -1;", "",
                  /*pure=*/false);
    emitInlineAsm(loc, rewriter, Type(),
                  {warp0, adaptor.getDescPtr(), *smem},
                  "@$0 tensormap.cp_fenceproxy.global.shared::cta.tensormap::"
                  "generic.release.gpu.sync.aligned [$1], [$2], 128;",
                  "b,l,r", /*pure=*/false);
    // Every warp may issue TMA copies with the map: none starts before
    // warp 0 has released it.
    emitBarrier(loc, rewriter);
    rewriter.eraseOp(op);
    return success();
  }
};

struct TensormapFenceproxyAcquireOpConversion
    : public ConvertOpToLLVMPattern<ttng::TensormapFenceproxyAcquireOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::TensormapFenceproxyAcquireOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    emitInlineAsm(op.getLoc(), rewriter, Type(), {adaptor.getDescPtr()},
                  "fence.proxy.tensormap::generic.acquire.gpu [$0], 128;", "l",
                  /*pure=*/false);
    rewriter.eraseOp(op);
    return success();
  }
};

struct ReinterpretTensorDescOpConversion
    : public ConvertOpToLLVMPattern<ttng::ReinterpretTensorDescOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::ReinterpretTensorDescOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type generic = LLVM::LLVMPointerType::get(getContext());
    Value ptr = adaptor.getRawDesc();
    if (ptr.getType() != generic)
      ptr = LLVM::AddrSpaceCastOp::create(rewriter, op.getLoc(), generic, ptr);
    rewriter.replaceOp(op, ptr);
    return success();
  }
};

} // namespace

void mlir::triton::populateTensormapOpToLLVMPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns) {
  patterns.add<GlobalScratchAllocOpConversion, TensormapCreateOpConversion,
               TensormapFenceproxyAcquireOpConversion,
               ReinterpretTensorDescOpConversion>(converter);
}
