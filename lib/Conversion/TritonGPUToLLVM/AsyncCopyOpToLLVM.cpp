//===- AsyncCopyOpToLLVM.cpp - cp.async copies, commit and wait groups ----===//
//
// ttg.async_copy_global_to_local becomes one `cp.async` per vector of each
// thread's elements, as Triton 3.6 emits it:
//
//   cp.async.cg.shared.global [ dst + 0 ], [ src + 0 ], 0x10, srcsize;
//
// `.cg` (bypass L1) for 16-byte vectors, `.ca` for 4 and 8 bytes. The vector
// is what AxisInfo proves about the pointers (contiguity, alignment) and the
// mask (constancy), bounded by the run of consecutive shared offsets the
// destination's layout gives those registers. A masked-off vector copies
// 0 bytes of its 16 (srcsize = 0): cp.async fills the rest with zeros, so
// `other` must be zero (checked before the conversion). Threads that hold
// a copy of another thread's elements (broadcast layouts) issue nothing.
//
// ttg.async_commit_group is `cp.async.commit_group`; ttg.async_wait {num}
// is `cp.async.wait_group num`. Tokens lower to i32 0: the ordering they
// encode is the program order of the groups.
//
//===----------------------------------------------------------------------===//
#include "Analysis/AxisInfo.h"
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "SharedMemoryAccess.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

struct AsyncCopyGlobalToLocalOpConversion
    : public ConvertOpToLLVMPattern<ttg::AsyncCopyGlobalToLocalOp> {
  AsyncCopyGlobalToLocalOpConversion(TypeConverterT &converter,
                                     ModuleAxisInfoAnalysis &axisInfo)
      : ConvertOpToLLVMPattern(converter), axisInfo(axisInfo) {}

  LogicalResult
  matchAndRewrite(ttg::AsyncCopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto ptrType = cast<RankedTensorType>(op.getSrc().getType());
    ttg::MemDescType dstType = op.getResult().getType();
    if (!isa_and_nonnull<ttg::DistributedEncodingTrait>(ptrType.getEncoding()))
      return op.emitOpError("lowering to LLVM supports pointers in "
                            "distributed layouts only");
    Type element = getTypeConverter()->convertType(dstType.getElementType());
    unsigned bits = getBitWidth(element);
    // The values the copy moves, in the pointers' layout.
    auto valueType = RankedTensorType::get(
        ptrType.getShape(), dstType.getElementType(), ptrType.getEncoding());

    SmallVector<unsigned> order = ttg::getOrder(ptrType.getEncoding());
    unsigned vec = std::min(
        axisInfo.getAlignment(op.getSrc()),
        getContiguousRegisters(ttg::toLinearLayout(ptrType), order[0]));
    if (Value mask = op.getMask())
      vec = std::min(vec, axisInfo.getMaskAlignment(mask));
    vec = std::min(vec, getSharedVectorSize(dstType, valueType, bits));
    vec = std::min(vec, std::max(1u, 128u / bits));
    unsigned bytes = vec * bits / 8;
    if (bytes < 4 || !llvm::isPowerOf2_32(bytes))
      return op.emitOpError("cp.async moves 4, 8 or 16 bytes; the pointers, "
                            "mask and shared layout allow vectors of ")
             << vec << " x " << bits << " bits";

    SmallVector<Value> addresses = elementAddresses(
        loc, rewriter, dstType, adaptor.getResult(), valueType, element, vec);
    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    LinearLayout layout = ttg::toLinearLayout(ptrType);
    SmallVector<bool> unique = getUniqueRegisters(layout);
    // One copy per element among the threads of a CTA, but every CTA of a
    // cluster fills its own shared memory: an operand broadcast over the
    // CTAs (test_matmul's A with its columns split over 2 CTAs) is copied
    // by each of them.
    Value owner =
        emitRedundancyMask(loc, rewriter, ttg::getLayoutWithinBlock(layout));

    // Operands: [owner predicate,] shared address, global address, bytes
    // to read (the rest is zero-filled).
    unsigned first = owner ? 1 : 0;
    auto operand = [&](unsigned i) { return "$" + std::to_string(first + i); };
    std::string asmString =
        std::string(owner ? "@$0 " : "") + "cp.async." +
        (bytes == 16 ? "cg" : "ca") + ".shared.global [ " + operand(0) +
        " + 0 ], [ " + operand(1) + " + 0 ], " + std::to_string(bytes) +
        ", " + operand(2) + ";";
    std::string constraints = owner ? "b,r,l,r" : "r,l,r";
    Value full = i32Val(rewriter, loc, bytes);
    for (size_t i = 0; i < ptrs.size(); i += vec) {
      if (!unique[i])
        continue;
      Value srcSize = full;
      if (!masks.empty())
        srcSize = LLVM::SelectOp::create(rewriter, loc, masks[i], full,
                                         i32Val(rewriter, loc, 0));
      SmallVector<Value> operands;
      if (owner)
        operands.push_back(owner);
      operands.append({addresses[i / vec], ptrs[i], srcSize});
      emitInlineAsm(loc, rewriter, Type(), operands, asmString, constraints,
                    /*pure=*/false);
    }
    rewriter.replaceOp(op, i32Val(rewriter, loc, 0));
    return success();
  }

  ModuleAxisInfoAnalysis &axisInfo;
};

struct AsyncCommitGroupOpConversion
    : public ConvertOpToLLVMPattern<ttg::AsyncCommitGroupOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::AsyncCommitGroupOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncCommitGroupOp::create(rewriter, op.getLoc());
    rewriter.replaceOp(op, i32Val(rewriter, op.getLoc(), 0));
    return success();
  }
};

struct AsyncWaitOpConversion : public ConvertOpToLLVMPattern<ttg::AsyncWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::AsyncWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncWaitGroupOp::create(rewriter, op.getLoc(), op.getNum());
    rewriter.replaceOp(op, i32Val(rewriter, op.getLoc(), 0));
    return success();
  }
};

} // namespace

void mlir::triton::populateAsyncCopyOpToLLVMPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns,
    ModuleAxisInfoAnalysis &axisInfo) {
  patterns.add<AsyncCopyGlobalToLocalOpConversion>(converter, axisInfo);
  patterns.add<AsyncCommitGroupOpConversion, AsyncWaitOpConversion>(converter);
}
