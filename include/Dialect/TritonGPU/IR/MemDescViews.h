//===- MemDescViews.h - rewriting views of shared memory -------*- C++ -*-===//
#ifndef TRITON_DIALECT_TRITONGPU_IR_MEMDESCVIEWS_H
#define TRITON_DIALECT_TRITONGPU_IR_MEMDESCVIEWS_H

#include "mlir/IR/Value.h"

namespace mlir::triton::gpu {

/// `value` now views a mutable buffer where it viewed an immutable one (a
/// `local_alloc` of a tensor replaced by one buffer of a ring): the views
/// of it (memdesc_index, memdesc_trans, ...), and theirs, become mutable
/// too.
void markViewsMutable(Value value);

} // namespace mlir::triton::gpu

#endif // TRITON_DIALECT_TRITONGPU_IR_MEMDESCVIEWS_H
