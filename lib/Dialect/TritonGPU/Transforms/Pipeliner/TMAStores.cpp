//===- TMAStores.cpp - descriptor stores that overlap the next iteration -===//
//
// A `tt.descriptor_store` (or a TMA-supported `tt.descriptor_reduce`)
// lowered on its own waits for its bulk copy right after issuing it
// (triton-nvidia-tma-lowering: local_alloc, fence, copy, wait). In a loop
// of more than one stage, as Triton 3.6's pipeliner does, the store gets a
// shared buffer allocated before the loop instead, and its wait moves to
// the next time the buffer is written, so that the copy of one iteration
// runs under the next one (a persistent matmul's epilogue store under the
// next tile's main loop):
//
//   scf.for ... {                       %buf = ttg.local_alloc : () -> mutable
//     ...                               scf.for ... {
//     tt.descriptor_store %d[..], %t      ttng.async_tma_store_wait {pendings = 0}
//   }                                     ttg.local_store %t, %buf
//                                         ttng.fence_async_shared
//                                         ttng.async_tma_copy_local_to_global %d[..] %buf
//                                       }
//                                       ttng.async_tma_store_wait {pendings = 0}
//                                       ttg.local_dealloc %buf
//
// Stores of one loop share a buffer where their buffers have the same type
// (each waits for all copies before writing it). A store in a nested loop
// belongs to that loop. Where a store's descriptor is made on the device
// in the loop, its tensor map gets three copies written in turn
// (TensorMaps.cpp), since the copy of the previous iteration may still
// read its map; where that cannot be done, the loop's stores stay as they
// are.
//
//===----------------------------------------------------------------------===//
#include "Pipeliner.h"

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/TMAUtility.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

/// The tensor maps of device-made descriptors: one more than the copy in
/// flight and the one being written, as Triton 3.6 gives them.
constexpr int kStoreTensorMaps = 3;

/// The descriptor stores and reductions directly in `loop` (in scf.if ops
/// too, not in nested loops or warp-specialized regions) that TMA can do.
SmallVector<Operation *> collectStores(scf::ForOp loop) {
  SmallVector<Operation *> stores;
  loop.getBody()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<scf::ForOp, WarpSpecializeOp>(op))
      return WalkResult::skip();
    if (auto reduce = dyn_cast<DescriptorReduceOp>(op)) {
      if (ttng::AsyncTMAReduceOp::isSupportedReduceKind(
              reduce.getKind(), reduce.getSrc().getType().getElementType()))
        stores.push_back(op);
    } else if (isa<DescriptorStoreOp>(op)) {
      stores.push_back(op);
    }
    return WalkResult::advance();
  });
  return stores;
}

Value descriptorOf(Operation *store) {
  if (auto s = dyn_cast<DescriptorStoreOp>(store))
    return s.getDesc();
  return cast<DescriptorReduceOp>(store).getDesc();
}

TypedValue<RankedTensorType> sourceOf(Operation *store) {
  if (auto s = dyn_cast<DescriptorStoreOp>(store))
    return s.getSrc();
  return cast<DescriptorReduceOp>(store).getSrc();
}

/// wait, local_store, fence and the copy in place of `store`.
void rewriteStore(Operation *store, Value buffer) {
  OpBuilder b(store);
  Location loc = store->getLoc();
  ttng::TMAStoreWaitOp::create(b, loc, 0);
  LocalStoreOp::create(b, loc, sourceOf(store), buffer);
  ttng::FenceAsyncSharedOp::create(b, loc, /*bCluster=*/false);
  ttng::createTMAStoreFrom(b, store, buffer);
  store->erase();
}

void pipelineStores(scf::ForOp loop) {
  SmallVector<Operation *> stores;
  for (Operation *store : collectStores(loop)) {
    auto desc = cast<TypedValue<TensorDescType>>(descriptorOf(store));
    // Without an nvmma block layout the TMA lowering reports it.
    if (!isa_and_nonnull<NVMMASharedEncodingAttr>(
            desc.getType().getBlockType().getEncoding()))
      continue;
    stores.push_back(store);
  }
  if (stores.empty())
    return;
  bool deviceMaps = llvm::any_of(stores, [](Operation *store) {
    return !ttng::isHostDescriptor(descriptorOf(store));
  });
  std::string why;
  if (deviceMaps && !canMultiBufferTensorMaps(loop, why))
    return;

  OpBuilder b(loop);
  llvm::MapVector<Type, Value> buffers;
  for (Operation *store : stores) {
    auto desc = cast<TypedValue<TensorDescType>>(descriptorOf(store));
    MemDescType type = ttng::getTMABufferType(sourceOf(store).getType(),
                                              desc.getType(),
                                              /*mutableMemory=*/true);
    Value &buffer = buffers[type];
    if (!buffer)
      buffer = LocalAllocOp::create(b, store->getLoc(), type);
    rewriteStore(store, buffer);
  }
  if (deviceMaps)
    loop = multiBufferTensorMaps(loop, kStoreTensorMaps);
  b.setInsertionPointAfter(loop);
  ttng::TMAStoreWaitOp::create(b, loop.getLoc(), 0);
  for (Value buffer : llvm::make_second_range(buffers))
    LocalDeallocOp::create(b, loop.getLoc(), buffer);
}

} // namespace

void mlir::triton::gpu::pipelineTMAStores(ModuleOp module, int numStages) {
  SmallVector<scf::ForOp> loops;
  module.walk([&](scf::ForOp loop) {
    if (getNumStages(loop, numStages) > 1)
      loops.push_back(loop);
  });
  for (scf::ForOp loop : loops)
    pipelineStores(loop);
}
