//===- TMALowering.cpp - descriptor ops to TMA copies ---------------------===//
//
// triton-nvidia-tma-lowering: the descriptor ops the pipeliner left become
// synchronous TMA transfers through a shared buffer in the descriptor's
// layout, as Triton 3.6 emits them.
//
// A load waits on a fresh mbarrier for the bytes of its block, then reads
// the buffer into registers:
//
//   %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #nvmma, ...>
//   %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, ...>
//   ttng.init_barrier %bar, 1
//   ttng.barrier_expect %bar, 16384, %true
//   ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %true
//   ttng.wait_barrier %bar, %c0_i32
//   ttng.inval_barrier %bar
//   %v = ttg.local_load %buf
//
// A `ttg.local_alloc %v` in the buffer's layout (a wgmma operand) reads
// %buf in place instead, as in Triton.
//
// A store (and a reduction) writes its source to shared memory, fences it
// for the async proxy, and waits until the TMA unit has read it:
//
//   %buf = ttg.local_alloc %src
//   ttng.fence_async_shared {bCluster = false}
//   ttng.async_tma_copy_local_to_global %desc[%x, %y] %buf
//   ttng.async_tma_store_wait {pendings = 0 : i32}
//
// A descriptor made on the device (tt.make_tensor_descriptor) becomes its
// CUtensorMap in 128 bytes of global scratch memory, as in Triton:
//
//   %map = ttg.global_scratch_alloc {alignment = 128, nbytes = 128}
//   ttng.tensormap_create %map, %base, [box...], [dims...], [strides...],
//       [1...] {elem_type, interleave_layout = 0, swizzle_mode, fill_mode}
//   ttng.tensormap_fenceproxy_acquire %map
//   %d = ttng.reinterpret_tensor_descriptor %map
//
// A ttg.warp_specialize that captures such a descriptor hands its partitions
// %map instead; each acquires it and reinterprets it at its start, since its
// warps never ran the kernel's acquire.
//
// Gathers and scatters (tile::gather4 / scatter4) exist from sm_100 on and
// are refused here by name on Hopper.
//
//===----------------------------------------------------------------------===//
#include "Dialect/TritonNvidiaGPU/IR/TMAUtility.h"
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_TRITONNVIDIAGPUTMALOWERING
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

/// `value` (a mutable buffer) replaced an immutable one: views of it, and
/// the memdescs warp_group_dot_wait passes through, become mutable too.
void makeUsersMutable(Value value) {
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    SmallVector<Value> results;
    if (user->hasTrait<OpTrait::MemDescViewTrait>())
      llvm::append_range(results, user->getResults());
    else if (isa<ttng::WarpGroupDotWaitOp>(user))
      results.push_back(user->getResult(use.getOperandNumber()));
    for (Value result : results) {
      auto type = dyn_cast<MemDescType>(result.getType());
      if (!type || type.getMutableMemory())
        continue;
      result.setType(MemDescType::get(type.getShape(), type.getElementType(),
                                      type.getEncoding(), type.getMemorySpace(),
                                      /*mutableMemory=*/true,
                                      type.getAllocShape()));
      makeUsersMutable(result);
    }
  }
}

LogicalResult lowerLoad(DescriptorLoadOp load) {
  TensorDescType desc = load.getDesc().getType();
  if (failed(ttng::checkTMALayout(load, desc)))
    return failure();
  IRRewriter b(load);
  Location loc = load.getLoc();
  MLIRContext *ctx = load.getContext();
  RankedTensorType type = load.getType();
  Value buffer = LocalAllocOp::create(
      b, loc, ttng::getTMABufferType(type, desc, /*mutableMemory=*/true));
  Value barrier = LocalAllocOp::create(b, loc, ttng::getBarrierBufferType(ctx));
  ttng::InitBarrierOp::create(b, loc, barrier, 1);
  Value yes = arith::ConstantIntOp::create(b, loc, 1, 1);
  ttng::BarrierExpectOp::create(b, loc, barrier, ttng::getTMACopyBytes(desc),
                                yes);
  ttng::AsyncTMACopyGlobalToLocalOp::create(
      b, loc, load.getDesc(), load.getIndices(), barrier, buffer, yes,
      load.getCache(), load.getEvict(), /*isVolatile=*/false);
  Value phase = arith::ConstantIntOp::create(b, loc, 0, 32);
  ttng::WaitBarrierOp::create(b, loc, barrier, phase);
  ttng::InvalBarrierOp::create(b, loc, barrier);
  // A local_alloc of the loaded block in the buffer's own layout is the
  // buffer itself (which nothing writes again): read it in place.
  auto bufferType = cast<MemDescType>(buffer.getType());
  for (Operation *user : llvm::make_early_inc_range(load->getUsers())) {
    auto alloc = dyn_cast<LocalAllocOp>(user);
    if (!alloc || alloc.getType().getShape() != bufferType.getShape() ||
        alloc.getType().getEncoding() != bufferType.getEncoding() ||
        alloc.getType().getElementType() != bufferType.getElementType())
      continue;
    alloc.getResult().replaceAllUsesWith(buffer);
    makeUsersMutable(buffer);
    alloc->erase();
  }
  if (load->use_empty())
    load->erase();
  else
    b.replaceOpWithNewOp<LocalLoadOp>(load, type, buffer);
  return success();
}

/// A written tensor map `desc` (the reinterpreted `map`) that a
/// ttg.warp_specialize captures: its partitions receive the map's address
/// instead, and acquire it for the TMA unit themselves before reading it
/// as a descriptor (their warps never ran the kernel's acquire).
void handMapToPartitions(Value desc, Value map) {
  for (OpOperand &use : llvm::make_early_inc_range(desc.getUses())) {
    auto ws = dyn_cast<WarpSpecializeOp>(use.getOwner());
    if (!ws)
      continue;
    // The explicit captures are the op's only operands.
    unsigned index = use.getOperandNumber();
    use.set(map);
    for (Region *region : ws.getPartitionRegions()) {
      BlockArgument arg = region->getArgument(index);
      arg.setType(map.getType());
      if (arg.use_empty())
        continue;
      OpBuilder b = OpBuilder::atBlockBegin(&region->front());
      auto acquire =
          ttng::TensormapFenceproxyAcquireOp::create(b, ws.getLoc(), arg);
      auto partitionDesc = ttng::ReinterpretTensorDescOp::create(
          b, ws.getLoc(), desc.getType(), arg);
      arg.replaceAllUsesExcept(partitionDesc.getResult(),
                               SmallPtrSet<Operation *, 2>{
                                   acquire.getOperation(),
                                   partitionDesc.getOperation()});
    }
  }
}

/// A descriptor made on the device (outside a pipelined loop, which gives
/// its own several): its CUtensorMap is written to 128 bytes of the
/// program's global scratch memory and fenced for the TMA unit; warp
/// specialization partitions that capture it acquire it themselves.
LogicalResult lowerMakeDescriptor(MakeTensorDescOp make) {
  IRRewriter b(make);
  auto i8Ptr = PointerType::get(IntegerType::get(make.getContext(), 8), 1);
  Value map = GlobalScratchAllocOp::create(
      b, make.getLoc(), i8Ptr, b.getI32IntegerAttr(ttng::kTensorMapBytes),
      b.getI32IntegerAttr(ttng::kTensorMapBytes), UnitAttr());
  FailureOr<Value> desc = ttng::writeTensorMap(b, make, map);
  if (failed(desc)) {
    b.eraseOp(map.getDefiningOp());
    return failure();
  }
  b.replaceOp(make, *desc);
  handMapToPartitions(*desc, map);
  return success();
}

/// Stores and reductions: the source through shared memory, the TMA op
/// reading it, and the wait for it.
template <typename OpT> LogicalResult lowerStoreLike(OpT op) {
  TensorDescType desc = op.getDesc().getType();
  if (failed(ttng::checkTMALayout(op, desc)))
    return failure();
  IRRewriter b(op);
  Location loc = op.getLoc();
  RankedTensorType type = op.getSrc().getType();
  Value buffer = LocalAllocOp::create(
      b, loc, ttng::getTMABufferType(type, desc, /*mutableMemory=*/false),
      op.getSrc());
  ttng::FenceAsyncSharedOp::create(b, loc, /*bCluster=*/false);
  ttng::createTMAStoreFrom(b, op, buffer);
  ttng::TMAStoreWaitOp::create(b, loc, 0);
  b.eraseOp(op);
  return success();
}

struct TMALowering
    : public ttng::impl::TritonNvidiaGPUTMALoweringBase<TMALowering> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<DescriptorLoadOp, DescriptorStoreOp, DescriptorReduceOp,
              DescriptorGatherOp, DescriptorScatterOp, MakeTensorDescOp>(op))
        ops.push_back(op);
    });
    bool ok = true;
    for (Operation *op : ops) {
      LogicalResult result = success();
      if (auto load = dyn_cast<DescriptorLoadOp>(op)) {
        result = lowerLoad(load);
      } else if (auto make = dyn_cast<MakeTensorDescOp>(op)) {
        result = lowerMakeDescriptor(make);
      } else if (auto store = dyn_cast<DescriptorStoreOp>(op)) {
        result = lowerStoreLike(store);
      } else if (auto reduce = dyn_cast<DescriptorReduceOp>(op)) {
        result = lowerStoreLike(reduce);
      } else {
        result = op->emitError("TMA lowering: ")
                 << op->getName()
                 << " needs TMA gather4/scatter4 (sm_100 and later), which "
                    "Hopper does not have";
      }
      ok &= succeeded(result);
    }
    if (!ok)
      signalPassFailure();
  }
};

} // namespace
