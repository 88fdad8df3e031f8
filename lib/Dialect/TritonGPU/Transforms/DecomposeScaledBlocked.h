//===- DecomposeScaledBlocked.h - tt.dot_scaled into upcasts + tt.dot -----===//
//
// Part of tritongpu-accelerate-matmul (see DecomposeScaledBlocked.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_LIB_DIALECT_TRITONGPU_TRANSFORMS_DECOMPOSESCALEDBLOCKED_H
#define TRITON_LIB_DIALECT_TRITONGPU_TRANSFORMS_DECOMPOSESCALEDBLOCKED_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir::triton::gpu {

/// Rewrites every `tt.dot_scaled` of `module` whose result has a blocked
/// layout into upcasts of its operands to bf16/f16, the application of
/// their e8m0 scales and a plain `tt.dot`, as Triton 3.6 does for targets
/// without native scaled mma (sm_80 to sm_90). Variants it cannot
/// decompose get an error naming the op; the function then fails.
LogicalResult decomposeScaledDots(ModuleOp module);

} // namespace mlir::triton::gpu

#endif // TRITON_LIB_DIALECT_TRITONGPU_TRANSFORMS_DECOMPOSESCALEDBLOCKED_H
