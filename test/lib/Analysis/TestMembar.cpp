//===- TestMembar.cpp - -test-print-membar
//----------------------------------===//
//
// Allocates shared memory (ModuleAllocation) and inserts the barriers
// ModuleMembarAnalysis finds necessary, with Hopper's filter
// (canSkipBarSync); the lit tests check where the `gpu.barrier` ops land in
// the printed IR.
//
//===----------------------------------------------------------------------===//
#include "Analysis/Membar.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

struct TestMembarPass
    : public PassWrapper<TestMembarPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestMembarPass)

  StringRef getArgument() const final { return "test-print-membar"; }
  StringRef getDescription() const final {
    return "Insert the barriers shared-memory accesses need";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<mlir::gpu::GPUDialect>();
  }

  void runOnOperation() override {
    ModuleAllocation allocation(getOperation());
    if (failed(allocation.getStatus()))
      return signalPassFailure();
    ModuleMembarAnalysis membar(&allocation);
    membar.run();
  }
};

} // namespace

namespace mlir::triton::test {
void registerTestMembarPass() { PassRegistration<TestMembarPass>(); }
} // namespace mlir::triton::test
