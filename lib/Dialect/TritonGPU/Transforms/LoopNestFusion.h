//===- LoopNestFusion.h - flatten scf.for nests into one loop ---*- C++ -*-===//
//
// The loop nest tree of tritongpu-fuse-nested-loops and its bound checks
// (LoopNests.cpp), and the rewrite that fuses a loop with its child loops
// (LoopNestFusion.cpp). Private to TritonGPUTransforms.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_LIB_DIALECT_TRITONGPU_TRANSFORMS_LOOPNESTFUSION_H
#define TRITON_LIB_DIALECT_TRITONGPU_TRANSFORMS_LOOPNESTFUSION_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "llvm/ADT/SetVector.h"

#include <memory>

namespace mlir::triton::gpu {

/// Set on an inner loop known to run at least once: its fused body needs
/// no guard.
inline constexpr llvm::StringLiteral kMustExecuteAttrName = "ttg.must-execute";
/// Set on an outer loop to fuse its nest unconditionally (for tests).
inline constexpr llvm::StringLiteral kAlwaysFuseAttrName = "ttg.always-fuse";
/// Set by the frontend on an outer loop whose nest should be flattened.
inline constexpr llvm::StringLiteral kFlattenAttrName = "tt.flatten";
/// Loop attributes the fused loop inherits from the loops it replaces.
inline constexpr llvm::StringLiteral kNumStagesAttrName = "tt.num_stages";
inline constexpr llvm::StringLiteral kWarpSpecializeAttrName =
    "tt.warp_specialize";
inline constexpr llvm::StringLiteral kDisallowAccMultiBufferAttrName =
    "tt.disallow_acc_multi_buffer";

/// One `scf.for` and the `scf.for` ops directly in its body.
struct LoopNestNode {
  explicit LoopNestNode(scf::ForOp loop) : loop(loop) {}
  scf::ForOp loop;
  SmallVector<LoopNestNode *, 1> children;
};

/// A tree of loops: an outermost loop and the loops nested in it without
/// another region op (scf.if, scf.while, ...) in between.
struct LoopNest {
  explicit LoopNest(scf::ForOp outermost);
  SmallVector<std::unique_ptr<LoopNestNode>> nodes;
  LoopNestNode *root;
};

/// Collects the loop nests in `container`, outermost first. A region op
/// other than scf.for starts new nests inside it.
void findLoopNests(Operation *container, SmallVectorImpl<LoopNest> &nests);

/// True when `values` dominate `outer` or are computed inside it by pure
/// scalar ops from values that do; such ops are added to `toHoist` (only
/// when all of `values` qualify).
bool isOuterLoopInvariant(DominanceInfo &domInfo, scf::ForOp outer,
                          ArrayRef<Value> values,
                          llvm::SetVector<Operation *> &toHoist);

/// True when `values` are computed from the induction variable of `outer`
/// and values that dominate `outer` by pure scalar ops of its body; those ops
/// are returned in `sliced` (the first prologue of the fused loop recomputes
/// them for each i).
bool canSliceBounds(DominanceInfo &domInfo, scf::ForOp outer,
                    ArrayRef<Value> values,
                    llvm::SetVector<Operation *> &sliced);

/// Moves `ops` before `before`, producers first.
void hoistBefore(const llvm::SetVector<Operation *> &ops, Operation *before);

/// ceildiv(ub - lb, step): the trip count of `loop` (<= 0 when it runs
/// none), in the type of its induction variable.
Value computeNumIters(ImplicitLocOpBuilder &b, scf::ForOp loop);
Value computeNumIters(ImplicitLocOpBuilder &b, Value lb, Value ub, Value step);

/// Flattens the subtree of `node` bottom-up; `node->loop` is then the fused
/// loop. Child loops whose bounds depend on their parent other than through
/// its induction variable (iteration arguments, loads) stay nested.
void flattenLoopNest(LoopNestNode *node, DominanceInfo &domInfo);

} // namespace mlir::triton::gpu

#endif // TRITON_LIB_DIALECT_TRITONGPU_TRANSFORMS_LOOPNESTFUSION_H
