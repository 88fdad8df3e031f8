//===- TestAxisInfo.cpp - -test-print-alignment --------------------------===//
//
// Prints the AxisInfo ModuleAxisInfoAnalysis computes for every value, one
// line each, function by function (`@name` first):
//
//   %arg0: !tt.ptr<f32> => contiguity = [1], divisibility = [16], ...
//   %0 = tt.make_range {...} : tensor<128xi32> => contiguity = [128], ...
//   %1#0 of scf.for => ...
//   tt.load access: order = [0], contiguity = 4, alignment = 4,
//     mask_alignment = 16, mask_alignment_along_order = 16
//
// The access lines show the queries memory passes make for the pointer
// (and mask) of every tt.load, tt.store and ttg.async_copy_global_to_local
// of a tensor of pointers.
// Block arguments come at the start of their block; op results after the
// ops nested in them (a loop's results after its body), as Triton's own
// test pass prints them.
//
//===----------------------------------------------------------------------===//
#include "Analysis/AxisInfo.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

struct TestAxisInfoPass
    : public PassWrapper<TestAxisInfoPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAxisInfoPass)

  StringRef getArgument() const final { return "test-print-alignment"; }
  StringRef getDescription() const final {
    return "Print the AxisInfo (contiguity, divisibility, constancy, "
           "constant value) of every value";
  }

  void runOnOperation() override {
    ModuleAxisInfoAnalysis analysis(getOperation());
    if (failed(analysis.getStatus()))
      return signalPassFailure();
    raw_ostream &os = llvm::outs();
    for (FunctionOpInterface func : analysis.getFunctions()) {
      os << "@" << SymbolTable::getSymbolName(func).getValue() << "\n";
      AsmState state(func, OpPrintingFlags().skipRegions());
      printRegions(func, analysis, state, os);
    }
  }

  void printInfo(Value value, ModuleAxisInfoAnalysis &analysis,
                 raw_ostream &os) {
    os << " => ";
    if (AxisInfo *info = analysis.getAxisInfo(value))
      info->print(os);
    else
      os << "<no info>";
    os << "\n";
  }

  void printAccess(Operation *op, Value ptr, Value mask,
                   ModuleAxisInfoAnalysis &analysis, raw_ostream &os) {
    if (!isa<RankedTensorType>(ptr.getType()))
      return;
    SmallVector<unsigned> order = analysis.getOrder(ptr);
    os << op->getName() << " access: order = [";
    llvm::interleaveComma(order, os);
    os << "], contiguity = " << analysis.getContiguity(ptr)
       << ", alignment = " << analysis.getAlignment(ptr);
    if (mask)
      os << ", mask_alignment = " << analysis.getMaskAlignment(mask)
         << ", mask_alignment_along_order = "
         << analysis.getMaskAlignment(mask, order);
    os << "\n";
  }

  void printRegions(Operation *op, ModuleAxisInfoAnalysis &analysis,
                    AsmState &state, raw_ostream &os) {
    for (Region &region : op->getRegions()) {
      for (Block &block : region) {
        for (BlockArgument arg : block.getArguments()) {
          arg.printAsOperand(os, state);
          os << ": " << arg.getType();
          printInfo(arg, analysis, os);
        }
        for (Operation &nested : block) {
          printRegions(&nested, analysis, state, os);
          for (OpResult result : nested.getResults()) {
            if (nested.getNumResults() == 1) {
              nested.print(os, state);
            } else {
              result.printAsOperand(os, state);
              os << " of " << nested.getName();
            }
            printInfo(result, analysis, os);
          }
          if (auto load = dyn_cast<LoadOp>(nested))
            printAccess(load, load.getPtr(), load.getMask(), analysis, os);
          else if (auto store = dyn_cast<StoreOp>(nested))
            printAccess(store, store.getPtr(), store.getMask(), analysis, os);
          else if (auto copy = dyn_cast<gpu::AsyncCopyGlobalToLocalOp>(nested))
            printAccess(copy, copy.getSrc(), copy.getMask(), analysis, os);
        }
      }
    }
  }
};

} // namespace

namespace mlir::triton::test {
void registerTestAxisInfoPass() { PassRegistration<TestAxisInfoPass>(); }
} // namespace mlir::triton::test
