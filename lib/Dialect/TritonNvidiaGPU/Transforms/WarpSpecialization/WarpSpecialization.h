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

#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
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

/// A dot of the loop whose shared operands are tiles the producer loads.
struct DotGroup {
  nvidia_gpu::WarpGroupDotOp dot;
  /// Its accumulator is the previous iteration's dot, read by nothing
  /// else: one dot stays in flight, the previous slot goes back. Otherwise
  /// the dot is waited for at once and its slot goes back then.
  bool chained = false;
  /// Its result only feeds the next iteration, which reads it after the
  /// dot before it has been waited for (attention's P x V after Q x K): it
  /// stays in flight until that wait, which hands its slot back.
  bool deferred = false;
  /// Its mbarrier rings, made by the rewrite (TileLoad::full, ::empty).
  Value full, empty;
};

/// What a marked loop nest is split into.
struct Plan {
  scf::ForOp marked;
  /// The loops from `marked` down to the one whose body holds the loads.
  SmallVector<scf::ForOp> path;
  SmallVector<TileLoad> loads;
  /// In the order of their first tile loads.
  SmallVector<DotGroup> dots;
  int stages = 0;
};


/// The consumer side of `group` in `plan`'s loop (Consumer.cpp): waits for
/// its slot before the first of its tiles was loaded and reads the tiles
/// from the ring. A chained dot keeps one dot in flight and hands back the
/// slot of the dot before it (the last one's after the loop); any other
/// dot is waited for at once and its slot goes back then.
void rewriteConsumer(Plan &plan, const DotGroup &group, Value count,
                     RewriterBase &rewriter);
/// The ping-pong of two consumer warp groups over `plans`' loops
/// (Consumer.cpp).
void addPingPong(MutableArrayRef<Plan> plans, RewriterBase &rewriter);

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
