//===- ThreadLocality.h - thread-locality layout patterns -------*- C++ -*-===//
#ifndef TRITON_LIB_DIALECT_TRITONGPU_TRANSFORMS_THREADLOCALITY_H
#define TRITON_LIB_DIALECT_TRITONGPU_TRANSFORMS_THREADLOCALITY_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::triton::gpu {

/// Patterns giving a reordering tt.reshape that feeds reductions, and a
/// tt.gather, layouts that keep their data within threads (or warps).
void populateThreadLocalityLayoutPatterns(RewritePatternSet &patterns);

} // namespace mlir::triton::gpu

#endif // TRITON_LIB_DIALECT_TRITONGPU_TRANSFORMS_THREADLOCALITY_H
