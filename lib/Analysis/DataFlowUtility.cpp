//===- DataFlowUtility.cpp - running dataflow solvers over a function -----===//
#include "Analysis/DataFlowUtility.h"

#include "mlir/IR/OpDefinition.h"

using namespace mlir;

LogicalResult mlir::triton::runSolverIntoIsolatedRegions(DataFlowSolver &solver,
                                                        Operation *op) {
  if (failed(solver.initializeAndRun(op)))
    return failure();
  WalkResult result = op->walk<WalkOrder::PreOrder>([&](Operation *inner) {
    if (inner != op && inner->hasTrait<OpTrait::IsIsolatedFromAbove>() &&
        failed(solver.initializeAndRun(inner)))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}
