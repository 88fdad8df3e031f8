//===- ProxyFenceInsertion.cpp - fences between the two proxies -----------===//
//
// On Hopper, TMA copies and wgmma reach shared memory through the async
// proxy; loads, stores, cp.async and the scratch of conversions and
// reductions through the generic proxy. Accesses of the two to the same
// bytes are ordered only across `fence.proxy.async`, whatever barriers lie
// between them. Where the async proxy reads (wgmma operands, TMA stores),
// the fence is placed on structured IR, where it can leave loops:
// triton-nvidia-gpu-fence-insertion for wgmma operands written from
// registers, the TMA lowering before each store. This pass, run after
// shared-memory allocation, covers the async proxy's writes, as Triton
// 3.6's does: a TMA load (or gather) into bytes that a generic access
// touched since the last fence gets `ttng.fence_async_shared` right before
// it. That happens where buffers share bytes, e.g. a conversion's scratch
// in the epilogue and the next tile's TMA buffers in a persistent kernel.
//
// The walk is Membar's (control flow, loops to a fixed point, calls through
// the callee's accesses pending at its return), with other state: the
// generic accesses since the last fence.
//
//===----------------------------------------------------------------------===//
#include "Analysis/Allocation.h"
#include "Analysis/Membar.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "mlir/Interfaces/CallInterfaces.h"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_TRITONGPUPROXYFENCEINSERTION
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::nvidia_gpu;

namespace ttg = mlir::triton::gpu;

namespace {

/// The shared memory `op` writes through the async proxy, if any.
Value asyncProxyDestination(Operation *op) {
  if (auto load = dyn_cast<AsyncTMACopyGlobalToLocalOp>(op))
    return load.getResult();
  if (auto gather = dyn_cast<AsyncTMAGatherOp>(op))
    return gather.getResult();
  return {};
}

/// Whether `op` reaches shared memory through the async proxy (its
/// accesses are not generic ones), or is an mbarrier op (its accesses are
/// the mbarrier's own, which the mbarrier protocol orders).
bool isAsyncProxyOrMBarrierOp(Operation *op) {
  return isa<AsyncTMACopyGlobalToLocalOp, AsyncTMAGatherOp, WarpGroupDotOp,
             AsyncTMACopyLocalToGlobalOp, AsyncTMAReduceOp, AsyncTMAScatterOp,
             InitBarrierOp, InvalBarrierOp, BarrierExpectOp, WaitBarrierOp,
             ArriveBarrierOp>(op);
}

class ProxyFenceAnalysis : public MembarAnalysis {
public:
  explicit ProxyFenceAnalysis(Allocation *allocation)
      : MembarAnalysis(allocation, [](Operation *before, Operation *) {
          return isAsyncProxyOrMBarrierOp(before);
        }) {}

private:
  /// Barriers do not order the generic proxy against the async one.
  bool barriersOrderAccesses() const override { return false; }

  void update(Operation *op, BlockInfo &state) override {
    if (isa<FenceAsyncSharedOp>(op)) {
      state.sync();
      return;
    }
    if (auto call = dyn_cast<CallOpInterface>(op)) {
      // The callee's generic accesses not fenced by its return, at the
      // call's virtual buffer.
      auto callee =
          dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
      auto it = callee ? funcMap->find(callee) : funcMap->end();
      if (it == funcMap->end())
        return;
      size_t base = 0;
      Allocation::BufferId id = allocation->getBufferId(op);
      if (id != Allocation::InvalidBufferId)
        base = allocation->getOffset(id);
      state.join(it->second.exitAccesses.shifted(base));
      return;
    }

    BlockInfo generic, async;
    Value destination = asyncProxyDestination(op);
    addAccesses(op, [&](Value value) -> BlockInfo & {
      return destination && value == destination ? async : generic;
    });
    // A scratch buffer is written and read back within the op: what a later
    // async access must not overtake is its use, as a read (a write after
    // it conflicts; its own bytes are dead once the op is done).
    Allocation::BufferId scratch = allocation->getBufferId(op);
    if (scratch != Allocation::InvalidBufferId &&
        !allocation->isVirtualBuffer(scratch))
      generic.syncReadIntervals[allocation->getAllocatedInterval(scratch)]
          .insert(op);

    if (!async.empty() && state.isIntersected(async, filter)) {
      OpBuilder::InsertionGuard guard(*builder);
      builder->setInsertionPoint(op);
      FenceAsyncSharedOp::create(*builder, op->getLoc(), /*bCluster=*/false);
      state.sync();
    }
    state.join(generic);
  }
};

struct ProxyFenceInsertionPass
    : public triton::nvidia_gpu::impl::TritonGPUProxyFenceInsertionBase<
          ProxyFenceInsertionPass> {
  using TritonGPUProxyFenceInsertionBase::TritonGPUProxyFenceInsertionBase;

  void runOnOperation() override {
    if (computeCapability < 90)
      return;
    ModuleOp module = getOperation();
    // The offsets allocate-shared-memory assigned (the same analysis, run
    // again: it is deterministic).
    ModuleAllocation allocation(module);
    if (failed(allocation.getStatus()))
      return signalPassFailure();
    ModuleMembarAnalysis(&allocation, [](Allocation *functionAllocation) {
      return std::make_unique<ProxyFenceAnalysis>(functionAllocation);
    }).run();
  }
};

} // namespace
