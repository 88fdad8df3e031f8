//===- Dialect.h - the ttg dialect ------------------------------*- C++ -*-===//
//
// Include this to use the ttg dialect: its layouts, types, ops, module
// attributes and the layout queries (LayoutQueries.h).
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_DIALECT_TRITONGPU_IR_DIALECT_H
#define TRITON_DIALECT_TRITONGPU_IR_DIALECT_H

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Attributes.h"
#include "Dialect/TritonGPU/IR/Types.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "Dialect/TritonGPU/IR/Dialect.h.inc"

namespace mlir::triton::gpu {

/// The side-effect resource of shared memory: ops reading or writing a
/// `!ttg.memdesc` report their effects on it.
struct SharedMemory : public SideEffects::Resource::Base<SharedMemory> {
  StringRef getName() final { return "<SharedMemory>"; }
};

/// Attributes Triton puts on the module (and `ttg.num-warps` also on
/// functions and warp-specialized partitions).
inline constexpr llvm::StringLiteral AttrNumWarpsName = "ttg.num-warps";
inline constexpr llvm::StringLiteral AttrNumCTAsName = "ttg.num-ctas";
inline constexpr llvm::StringLiteral AttrNumThreadsPerWarp =
    "ttg.threads-per-warp";
inline constexpr llvm::StringLiteral AttrTargetName = "ttg.target";
/// Bytes of shared memory the kernel uses (set by shared memory allocation).
inline constexpr llvm::StringLiteral AttrSharedMemorySize = "ttg.shared";
/// Warps of the kernel including those of warp-specialized partitions.
inline constexpr llvm::StringLiteral AttrTotalNumWarpsName =
    "ttg.total-num-warps";

/// `ttg.num-warps` of the closest enclosing op that has it (the op itself,
/// a function, the module), or of the warp-specialized partition `op` is in.
std::optional<int> maybeLookupNumWarps(Operation *op);
/// As maybeLookupNumWarps; emits an error at `op` and returns 0 when no
/// enclosing op says.
int lookupNumWarps(Operation *op);
/// `ttg.num-ctas` of the enclosing module (1 when absent).
int lookupNumCTAs(Operation *op);
/// `ttg.target` of the module ("cuda:90"); empty when absent.
StringRef getTarget(ModuleOp mod);
/// The compute capability a `cuda:N` target names (90 for "cuda:90"); 0
/// for any other target, or none.
int getCudaCapability(StringRef target);
/// The compute capability of the module enclosing `op` (or `op` itself);
/// 0 without a `cuda:N` target.
int lookupCudaCapability(Operation *op);

} // namespace mlir::triton::gpu

namespace mlir::OpTrait {
/// Marks ops whose memdesc result is a view of their memdesc operand (the
/// same buffer): memdesc_index, memdesc_subslice, memdesc_trans, ...
template <typename ConcreteType>
class MemDescViewTrait : public TraitBase<ConcreteType, MemDescViewTrait> {};
/// Marks ops whose regions run at the same time as each other
/// (ttg.warp_specialize): analyses must not order them.
template <typename ConcreteType>
class AsyncRegions : public TraitBase<ConcreteType, AsyncRegions> {};
} // namespace mlir::OpTrait

#define GET_OP_CLASSES
#include "Dialect/TritonGPU/IR/Ops.h.inc"

namespace mlir::triton::gpu {

/// The region of the closest ttg.warp_specialize that holds `region` (or
/// is it): the op's default region or one of its partitions, which run at
/// the same time; null outside any.
Region *getWarpSpecializeRegion(Region *region);
/// The ttg.warp_specialize of a region getWarpSpecializeRegion returned.
WarpSpecializeOp getWarpSpecializeOf(Region *wsRegion);
/// Whether getWarpSpecializeRegion's `wsRegion` is a partition (not the
/// default region).
bool isWarpSpecializePartition(Region *wsRegion);
/// The explicit capture an argument of a ttg.warp_specialize partition
/// receives; null for any other value.
Value getPartitionCapture(Value value);

} // namespace mlir::triton::gpu

#include "Dialect/TritonGPU/IR/LayoutQueries.h"

#endif // TRITON_DIALECT_TRITONGPU_IR_DIALECT_H
