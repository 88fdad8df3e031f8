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

/// A TMA load whose tile feeds a dot through shared memory.
struct TileLoad {
  DescriptorLoadOp load;
  gpu::LocalAllocOp alloc;
  Value ring; // S buffers of the alloc's type, made by the rewrite
  /// The mbarrier rings of the tile's dot (every tile of one dot shares
  /// them): the producer's expect on `full`, the consumers' hand-back on
  /// `empty`.
  Value full, empty;
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
/// the tiles of each dot become TMA copies into their slots, issued where
/// the first of them was loaded, after the producer has waited for the
/// dot's slot to be empty and told its full barrier how many bytes come;
/// everything the copies do not need goes. Returns the nest (its outermost
/// loop may be rebuilt).
Operation *buildProducer(Operation *nest, MutableArrayRef<TileLoad> tiles,
                         Value count, int stages, RewriterBase &rewriter);
/// Moves `nests` (in order; a later one may use an earlier one's results)
/// into a new block of `region` whose arguments receive the values they use
/// from outside (constants are made again inside); returns those values,
/// the partition's captures.
SmallVector<Value> isolate(ArrayRef<Operation *> nests, Region &region,
                           RewriterBase &rewriter);

} // namespace mlir::triton::nvidia_gpu::ws

#endif // TRITON_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_WARPSPECIALIZATION_H
