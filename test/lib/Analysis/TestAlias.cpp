//===- TestAlias.cpp - -test-print-alias
//------------------------------------===//
//
// Prints, function by function (`@name` first), the local_alloc results every
// shared-memory memdesc may view, sorted, for each value with any:
//
//   %0 -> %0
//   %arg5 -> %0,%1
//
// An op's results come first, then each block of its regions: the block's
// arguments (loop iter_args, cf block arguments) and the ops in it. Names
// are those the IR printer gives (numbering restarts in sibling regions).
//
//===----------------------------------------------------------------------===//
#include "Analysis/Alias.h"
#include "Analysis/DataFlowUtility.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

struct TestAliasPass
    : public PassWrapper<TestAliasPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAliasPass)

  StringRef getArgument() const final { return "test-print-alias"; }
  StringRef getDescription() const final {
    return "Print the shared-memory buffers each memdesc may alias";
  }

  void runOnOperation() override {
    raw_ostream &os = llvm::outs();
    for (auto func : getOperation().getOps<FunctionOpInterface>()) {
      if (func.isExternal())
        continue;
      os << "@" << SymbolTable::getSymbolName(func).getValue() << "\n";
      SharedMemoryAliasAnalysis *analysis = nullptr;
      std::unique_ptr<DataFlowSolver> solver = createAliasSolver(analysis);
      if (failed(runSolverIntoIsolatedRegions(*solver, func)))
        return signalPassFailure();
      AsmState state(func, OpPrintingFlags().skipRegions());
      printOp(func, *analysis, state, os);
    }
  }

  static std::string name(Value value, AsmState &state) {
    std::string text;
    llvm::raw_string_ostream stream(text);
    value.printAsOperand(stream, state);
    return text;
  }

  void printValue(Value value, SharedMemoryAliasAnalysis &analysis,
                  AsmState &state, raw_ostream &os) {
    SmallVector<std::string> allocs;
    for (Value alloc : getAliasedAllocs(analysis, value))
      allocs.push_back(name(alloc, state));
    if (allocs.empty())
      return;
    llvm::sort(allocs);
    os << name(value, state) << " -> ";
    llvm::interleave(allocs, os, ",");
    os << "\n";
  }

  void printOp(Operation *op, SharedMemoryAliasAnalysis &analysis,
               AsmState &state, raw_ostream &os) {
    for (Value result : op->getResults())
      printValue(result, analysis, state, os);
    for (Region &region : op->getRegions()) {
      for (Block &block : region) {
        for (BlockArgument arg : block.getArguments())
          printValue(arg, analysis, state, os);
        for (Operation &nested : block)
          printOp(&nested, analysis, state, os);
      }
    }
  }
};

} // namespace

namespace mlir::triton::test {
void registerTestAliasPass() { PassRegistration<TestAliasPass>(); }
} // namespace mlir::triton::test
