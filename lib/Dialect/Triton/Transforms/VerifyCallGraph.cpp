//===- VerifyCallGraph.cpp - refuse recursion among Triton functions ------===//
#include "Analysis/CallGraph.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/Triton/Transforms/Passes.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONVERIFYCALLGRAPH
#include "Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;

namespace {
struct VerifyCallGraphPass
    : public triton::impl::TritonVerifyCallGraphBase<VerifyCallGraphPass> {
  void runOnOperation() override {
    // Building the graph reports the call that closes a cycle.
    if (failed(triton::CallGraphBase(getOperation()).getStatus()))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};
} // namespace
