//===- TestAllocation.cpp - -test-print-allocation
//--------------------------===//
//
// Prints the shared-memory layout ModuleAllocation computes, function by
// function (`@name` first), one line per buffer in post-order (ops nested in
// a region before the op holding it), then the function's total:
//
//   offset = 0, size = 4096            explicit buffer (ttg.local_alloc)
//   scratch offset = 4096, size = 512  scratch buffer of an op
//   virtual offset = 0, size = 1024    a call's callee footprint
//   size = 4608
//
//===----------------------------------------------------------------------===//
#include "Analysis/Allocation.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

struct TestAllocationPass
    : public PassWrapper<TestAllocationPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAllocationPass)

  StringRef getArgument() const final { return "test-print-allocation"; }
  StringRef getDescription() const final {
    return "Print the shared-memory offset and size of every buffer";
  }

  void runOnOperation() override {
    ModuleAllocation moduleAllocation(getOperation());
    if (failed(moduleAllocation.getStatus()))
      return signalPassFailure();
    raw_ostream &os = llvm::outs();
    for (FunctionOpInterface func : moduleAllocation.getFunctions()) {
      Allocation *allocation = moduleAllocation.getAllocation(func);
      if (!allocation)
        continue;
      os << "@" << SymbolTable::getSymbolName(func).getValue() << "\n";
      func.walk([&](Operation *op) {
        Allocation::BufferId id = allocation->getBufferId(op);
        if (id != Allocation::InvalidBufferId)
          os << (allocation->isVirtualBuffer(id) ? "virtual" : "scratch")
             << " offset = " << allocation->getOffset(id)
             << ", size = " << allocation->getAllocatedSize(id) << "\n";
        for (Value result : op->getResults()) {
          Allocation::BufferId id = allocation->getBufferId(result);
          if (id != Allocation::InvalidBufferId)
            os << "offset = " << allocation->getOffset(id)
               << ", size = " << allocation->getAllocatedSize(id) << "\n";
        }
      });
      os << "size = " << allocation->getSharedMemorySize() << "\n";
    }
  }
};

} // namespace

namespace mlir::triton::test {
void registerTestAllocationPass() { PassRegistration<TestAllocationPass>(); }
} // namespace mlir::triton::test
