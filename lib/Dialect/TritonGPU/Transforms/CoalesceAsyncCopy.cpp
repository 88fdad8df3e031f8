//===- CoalesceAsyncCopy.cpp - tritongpu-coalesce-async-copy -------------===//
//
// A cp.async loads and stores in one instruction, so each access is as wide
// as both sides allow. When a thread's run of contiguous elements in the
// source's blocked layout is longer than the run of consecutive shared
// offsets the destination gives those registers (an i8 operand upcast to
// bf16 for a dot: 16 bytes per thread, a shared vector of 8), the thread
// issues several narrower copies for one contiguous chunk of global memory,
// and the warp touches twice the sectors it needs. As Triton 3.6, the
// source's sizePerThread along its contiguous dimension is clipped to the
// shared run, threads spread over the freed elements, and the pointers,
// mask and other are converted to that layout:
//
//   %c = ttg.async_copy_global_to_local %p, %buf mask %m
//       : 64x64 i8 pointers, #blocked sizePerThread [1, 16]
//         -> 64x64xi8, #swizzled_shared vec = 8
//   // becomes
//   %p8 = ttg.convert_layout %p : -> #blocked sizePerThread [1, 8]
//   %m8 = ttg.convert_layout %m : -> #blocked sizePerThread [1, 8]
//   %c = ttg.async_copy_global_to_local %p8, %buf mask %m8 {contiguity = 8}
//
// Only swizzled destinations are clipped (an nvmma layout is written whole
// rows at a time).
//
//===----------------------------------------------------------------------===//
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LayoutQueries.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUCOALESCEASYNCCOPY
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The layout `copy`'s source should have, or null when it has it already.
BlockedEncodingAttr getClippedLayout(AsyncCopyGlobalToLocalOp copy) {
  auto srcType = cast<RankedTensorType>(copy.getSrc().getType());
  MemDescType dstType = copy.getResult().getType();
  auto blocked = dyn_cast<BlockedEncodingAttr>(srcType.getEncoding());
  if (!blocked || !isa<SwizzledSharedEncodingAttr>(dstType.getEncoding()))
    return {};
  auto shared = tryToLinearLayout(dstType.getShape(), dstType.getEncoding(),
                                  [] { return InFlightDiagnostic(); });
  if (failed(shared))
    return {};
  // How many of a thread's consecutive registers land on consecutive
  // shared offsets, against how many it holds contiguously.
  LinearLayout regs = toLinearLayout(srcType);
  unsigned copyRun = regs.invertAndCompose(*shared).getNumConsecutiveInOut();
  SmallVector<unsigned> contig = getContigPerThread(srcType);
  unsigned dim = blocked.getOrder()[0];
  if (contig[dim] <= copyRun)
    return {};
  contig[dim] = copyRun;
  auto module = copy->getParentOfType<ModuleOp>();
  return BlockedEncodingAttr::get(copy.getContext(), srcType.getShape(), contig,
                                  blocked.getOrder(), lookupNumWarps(copy),
                                  TritonGPUDialect::getThreadsPerWarp(module),
                                  blocked.getCTALayout());
}

void clip(AsyncCopyGlobalToLocalOp copy, BlockedEncodingAttr layout) {
  OpBuilder b(copy);
  auto convert = [&](Value value) -> Value {
    if (!value)
      return value;
    auto type = cast<RankedTensorType>(value.getType());
    return ConvertLayoutOp::create(b, copy.getLoc(),
                                   type.cloneWithEncoding(layout), value);
  };
  Value src = convert(copy.getSrc());
  Value mask = convert(copy.getMask());
  Value other = convert(copy.getOther());
  unsigned run = getContigPerThread(
      cast<RankedTensorType>(src.getType()))[layout.getOrder()[0]];
  copy.getSrcMutable().assign(src);
  if (mask)
    copy.getMaskMutable().assign(mask);
  if (other)
    copy.getOtherMutable().assign(other);
  copy.setContiguity(std::min<unsigned>(copy.getContiguity(), run));
}

struct CoalesceAsyncCopyPass
    : public mlir::triton::gpu::impl::TritonGPUCoalesceAsyncCopyBase<
          CoalesceAsyncCopyPass> {
  void runOnOperation() override {
    SmallVector<std::pair<AsyncCopyGlobalToLocalOp, BlockedEncodingAttr>> work;
    getOperation().walk([&](AsyncCopyGlobalToLocalOp copy) {
      if (BlockedEncodingAttr layout = getClippedLayout(copy))
        work.push_back({copy, layout});
    });
    for (auto [copy, layout] : work)
      clip(copy, layout);
  }
};

} // namespace
