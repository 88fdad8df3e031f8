//===- SCFSignature.h - rebuild scf ops with more values --------*- C++ -*-===//
//
// Layout passes give loop-carried values and branch results a second
// encoding by adding iter_args or results to scf ops. These helpers rebuild
// an op with the extra values, moving its regions over unchanged.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_DIALECT_TRITONGPU_TRANSFORMS_SCFSIGNATURE_H
#define TRITON_DIALECT_TRITONGPU_TRANSFORMS_SCFSIGNATURE_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include <tuple>

namespace mlir::triton::gpu {

/// Replaces `loop` by a loop with `newInits` appended to its iter_args (the
/// body gets matching block arguments; the caller extends the yield). Pairs
/// (old result, new result) are appended to `replacements`; the old loop is
/// left in place, empty, for the caller to erase.
scf::ForOp replaceForOpWithNewSignature(
    OpBuilder &builder, scf::ForOp loop, ValueRange newInits,
    SmallVectorImpl<std::tuple<Value, Value>> &replacements);

/// Replaces `ifOp` by an scf.if with `newResultTypes` appended to its
/// results (the caller extends both yields). Pairs (old result, new result)
/// are appended to `replacements`; the old op is left for the caller to
/// erase.
scf::IfOp replaceIfOpWithNewSignature(
    OpBuilder &builder, scf::IfOp ifOp, TypeRange newResultTypes,
    SmallVectorImpl<std::tuple<Value, Value>> &replacements);

/// Adds a pattern that makes the yield of a loop-carried value nobody reads
/// (outside the loop or through side effects) yield the iter_arg itself, so
/// scf.for's canonicalization drops it.
void populateForOpDeadArgumentElimination(RewritePatternSet &patterns);

} // namespace mlir::triton::gpu

#endif // TRITON_DIALECT_TRITONGPU_TRANSFORMS_SCFSIGNATURE_H
