//===- DataFlowUtility.h - running dataflow solvers over a function -*- C++ -*-===//
#ifndef TRITON_ANALYSIS_DATAFLOWUTILITY_H
#define TRITON_ANALYSIS_DATAFLOWUTILITY_H

#include "mlir/Analysis/DataFlowFramework.h"

namespace mlir::triton {

/// Runs `solver` on `op`, then on every op isolated from above inside it
/// (ttg.warp_specialize partitions), outermost first. Partitions are not
/// control-flow successors of anything, so the solver does not enter them
/// from `op`; run afterwards, their arguments can take what the explicit
/// captures hold (ttg::getPartitionCapture in setToEntryState).
LogicalResult runSolverIntoIsolatedRegions(DataFlowSolver &solver,
                                           Operation *op);

} // namespace mlir::triton

#endif // TRITON_ANALYSIS_DATAFLOWUTILITY_H
