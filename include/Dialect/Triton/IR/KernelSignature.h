//===- KernelSignature.h - what a kernel may take and return ----*- C++ -*-===//
//
// A kernel (a public tt.func) is launched from the host: it returns nothing,
// and its pointer arguments hold global (or generic) addresses. Triton's
// frontend only emits such kernels; hand-written or generated IR may not.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_DIALECT_TRITON_IR_KERNELSIGNATURE_H
#define TRITON_DIALECT_TRITON_IR_KERNELSIGNATURE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LogicalResult.h"

namespace mlir::triton {

/// Checks every public tt.func of `module` (a kernel): no results, no
/// pointer argument outside address spaces 0 and 1. Emits one located error
/// per violation and fails if there is any.
LogicalResult checkKernelSignatures(ModuleOp module);

} // namespace mlir::triton

#endif // TRITON_DIALECT_TRITON_IR_KERNELSIGNATURE_H
