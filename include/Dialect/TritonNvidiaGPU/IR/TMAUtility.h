//===- TMAUtility.h - tensor-map facts shared by passes and lowering -*- C++
//-*-===//
//
// What a `!tt.tensordesc` with a `#ttg.nvmma_shared` block layout means for
// the TMA unit: the box one `cp.async.bulk.tensor` moves, the swizzle mode
// and element type of the CUtensorMap, and the shared layout of a block of
// another rank. The TTGIR passes (optimize-descriptor-encoding,
// tma-lowering, the pipeliner), the LLVM lowering and the kernel metadata
// all read them from here, so that the CUtensorMap a launcher encodes and
// the copies the kernel issues agree.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_DIALECT_TRITONNVIDIAGPU_IR_TMAUTILITY_H
#define TRITON_DIALECT_TRITONNVIDIAGPU_IR_TMAUTILITY_H

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

#include <optional>
#include <string>

namespace mlir::triton::nvidia_gpu {

/// A CUtensorMap is 128 bytes, 64-byte aligned when passed as a kernel
/// parameter.
inline constexpr int kTensorMapBytes = 128;
inline constexpr int kTensorMapParamAlign = 64;

/// The CUtensorMapSwizzle of an nvmma layout: 0 (none), 1 (32 B), 2 (64 B)
/// or 3 (128 B).
int getTMASwizzleMode(gpu::NVMMASharedEncodingAttr layout);

/// The element type of `elementType` in Triton 3.6's `tensordesc_meta`
/// (fp8 and i8 as UINT8, f16 as FLOAT16, ...; bf16 and f64 are numbered
/// one above their CUtensorMapDataType); none for a type TMA cannot move.
std::optional<int> getTMAElementType(Type elementType, bool fp4Padded);

/// The box of one TMA copy of a block of `shape` in `layout`: every
/// dimension at most 256, the contiguous one cut to the swizzle width.
/// A block larger than the box is moved by several copies.
SmallVector<int64_t> getTMABoxShape(ArrayRef<int64_t> shape,
                                    gpu::NVMMASharedEncodingAttr layout,
                                    unsigned elementBitWidth);

/// The box of `desc`'s block (Triton's `block_size` metadata), in a
/// cluster of CTAs the box of one CTA's part.
SmallVector<int64_t> getTMABoxShape(TensorDescType desc);

/// The part of `desc`'s block one CTA moves: the block, or in a cluster of
/// CTAs (the block layout's CGA bases) the CTA's share of it.
SmallVector<int64_t> getTMAShapePerCTA(TensorDescType desc);

/// Bytes one CTA's TMA copy of `desc`'s block brings (what its mbarrier
/// expects).
int64_t getTMACopyBytes(TensorDescType desc);

/// The shared layout a tensor of `type` (possibly rank-reduced: leading
/// dimensions of 1 dropped) has when it moves through `desc`: the
/// descriptor block's layout, with its CTA layout fitted to the rank.
Attribute getEncodingFromDescriptor(RankedTensorType type, TensorDescType desc);

/// The mutable shared buffer a descriptor load of `type` lands in.
gpu::MemDescType getTMABufferType(RankedTensorType type, TensorDescType desc,
                                  bool mutableMemory);

/// A `1xi64` mbarrier in shared memory (`count` of them: `countx1xi64`).
gpu::MemDescType getBarrierBufferType(MLIRContext *ctx, int64_t count = 0);

/// `count` mbarriers (one `countx1xi64` buffer), each initialized to
/// `arrivals` arrivals: the rings of the load pipeliner and of
/// nvgpu-warp-specialization.
Value createBarrierRing(OpBuilder &b, Location loc, int count,
                        int arrivals = 1);

/// Fails with an error on `op` when `desc`'s block has no
/// `#ttg.nvmma_shared` layout, which the TMA lowering needs.
LogicalResult checkTMALayout(Operation *op, TensorDescType desc);

/// Why the CUtensorMap `make` describes cannot be written on the device (no
/// nvmma block layout, an element type a device tensor map cannot hold);
/// empty when it can.
std::string whyNoTensorMap(MakeTensorDescOp make);

/// Writes the CUtensorMap `make` describes to the 128 bytes of global
/// memory at `map` (`tensormap_create`) and fences it for the TMA unit
/// (`tensormap_fenceproxy_acquire`), at `b`'s insertion point; returns the
/// descriptor that reads it (`reinterpret_tensor_descriptor`). Fails with
/// an error on `make` (whyNoTensorMap) when it cannot.
FailureOr<Value> writeTensorMap(OpBuilder &b, MakeTensorDescOp make, Value map);

/// Whether `desc` is a kernel argument: its tensor map is written by the
/// host, once, before the kernel runs.
bool isHostDescriptor(Value desc);

/// For a `tt.descriptor_store` or `tt.descriptor_reduce` `store`: the TMA
/// op that writes global memory from the shared `buffer` holding its
/// source (`async_tma_copy_local_to_global` or `async_tma_reduce`), made at
/// `b`'s insertion point.
Operation *createTMAStoreFrom(OpBuilder &b, Operation *store, Value buffer);

} // namespace mlir::triton::nvidia_gpu

#endif // TRITON_DIALECT_TRITONNVIDIAGPU_IR_TMAUTILITY_H
