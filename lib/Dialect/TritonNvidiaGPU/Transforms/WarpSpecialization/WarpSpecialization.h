//===- WarpSpecialization.h - nvgpu-warp-specialization's parts -*- C++ -*-===//
//
// What the consumer side (WarpSpecialization.cpp) and the producer side
// (Producer.cpp) of nvgpu-warp-specialization share.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_WARPSPECIALIZATION_H
#define TRITON_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_WARPSPECIALIZATION_H

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::triton::nvidia_gpu::ws {

/// A TMA load whose tile feeds the dot through shared memory.
struct TileLoad {
  DescriptorLoadOp load;
  gpu::LocalAllocOp alloc;
  Value ring; // S buffers of the alloc's type, made by the rewrite
};

/// An i32 constant.
Value i32(OpBuilder &b, Location loc, int64_t v);
/// slot = count % S, phase = (count / S) & 1.
std::pair<Value, Value> slotAndPhase(OpBuilder &b, Location loc, Value count,
                                     int stages);
/// The mbarrier of `slot` in the Sx1xi64 buffer `bars`.
Value barrierAt(OpBuilder &b, Location loc, Value bars, Value slot);
/// The buffer of `slot` in the ring `ring` (mutable).
Value bufferAt(OpBuilder &b, Location loc, Value ring, Value slot);

/// Checks that one warp can compute what `seeds` (the tile loads) need in
/// the nest `root`: scalar code without effects but global reads.
LogicalResult checkProducer(Operation *root, ArrayRef<Operation *> seeds,
                            std::string &why);
/// Turns `nest` (a clone of the counted marked nest) into the producer:
/// each tile load becomes a TMA copy into its slot after the producer has
/// waited for the slot to be empty and told the full barrier how many bytes
/// come; everything the copies do not need goes. Returns the nest (its
/// outermost loop may be rebuilt).
Operation *buildProducer(Operation *nest, MutableArrayRef<TileLoad> tiles,
                         Value count, int stages, Value full, Value empty,
                         RewriterBase &rewriter);
/// Moves `nest` into a new block of `region` whose arguments receive the
/// values it uses from outside (constants are made again inside); returns
/// those values, the partition's captures.
SmallVector<Value> isolate(Operation *nest, Region &region,
                           RewriterBase &rewriter);

} // namespace mlir::triton::nvidia_gpu::ws

#endif // TRITON_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_WARPSPECIALIZATION_H
