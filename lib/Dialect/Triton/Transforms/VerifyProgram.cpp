//===- VerifyProgram.cpp - recursion and kernel signatures ----------------===//
#include "Analysis/CallGraph.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/Triton/IR/KernelSignature.h"
#include "Dialect/Triton/Transforms/Passes.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONVERIFYPROGRAM
#include "Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;

namespace {
struct VerifyProgramPass
    : public triton::impl::TritonVerifyProgramBase<VerifyProgramPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Building the graph reports the call that closes a cycle.
    bool acyclic = succeeded(triton::CallGraphBase(module).getStatus());
    bool signatures = succeeded(triton::checkKernelSignatures(module));
    if (!acyclic || !signatures)
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};
} // namespace
