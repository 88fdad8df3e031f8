//===- RemoveLayoutConversions.h - the pass's three phases ------*- C++ -*-===//
//
// Private to lib/Dialect/TritonGPU/Transforms: the phases of
// tritongpu-remove-layout-conversions, each over one function.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_LIB_TRITONGPU_TRANSFORMS_REMOVELAYOUTCONVERSIONS_H
#define TRITON_LIB_TRITONGPU_TRANSFORMS_REMOVELAYOUTCONVERSIONS_H

#include "Dialect/Triton/IR/Dialect.h"

namespace mlir::triton::gpu {

/// Phase 1: propagates the layouts of anchor ops forward to their users and
/// rewrites the function in place, with conversions where layouts meet.
void propagateLayoutsForward(FuncOp func);

/// Phase 2: replaces every conversion whose operand's backward slice can be
/// recomputed in the target layout by that recomputation (Triton 3.6 has no
/// cost model here).
void rematerializeBackward(FuncOp func);

/// Phase 3: moves the remaining conversions above extensions and
/// broadcasts, into scf.if branches, and next to the loads of dot operands.
void hoistConversions(FuncOp func);

} // namespace mlir::triton::gpu

#endif // TRITON_LIB_TRITONGPU_TRANSFORMS_REMOVELAYOUTCONVERSIONS_H
