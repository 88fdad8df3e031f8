//===- TestCallGraph.cpp - -test-print-call-graph ------------------------===//
//
// Prints the call graph of the module: its roots, every call edge, the
// functions in post-order and reverse post-order, and the node order of
// CallGraph::walk with pre-order and post-order nodes.
//
//===----------------------------------------------------------------------===//
#include "Analysis/CallGraph.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

struct TestCallGraphPass
    : public PassWrapper<TestCallGraphPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestCallGraphPass)

  StringRef getArgument() const final { return "test-print-call-graph"; }
  StringRef getDescription() const final {
    return "Print the call graph of the module (roots, calls, orders)";
  }

  void runOnOperation() override {
    CallGraph<int> graph(getOperation());
    if (failed(graph.getStatus()))
      return signalPassFailure();

    raw_ostream &os = llvm::outs();
    auto name = [](FunctionOpInterface func) {
      return "@" + SymbolTable::getSymbolName(func).str();
    };
    auto printList = [&](StringRef label, ArrayRef<FunctionOpInterface> funcs) {
      os << label << ":";
      for (FunctionOpInterface func : funcs)
        os << " " << name(func);
      os << "\n";
    };

    printList("roots", graph.getRoots());
    for (FunctionOpInterface func : graph.getFunctions())
      for (const CallGraphBase::Edge &edge : graph.getCallees(func))
        os << "call: " << name(edge.caller) << " -> " << name(edge.callee)
           << "\n";
    printList("post-order", graph.getPostOrder());
    printList("reverse post-order", graph.getReversePostOrder());

    SmallVector<FunctionOpInterface> nodes;
    SmallVector<std::string> edges;
    auto onEdge = [&](CallOpInterface call, FunctionOpInterface callee) {
      auto caller = call->getParentOfType<FunctionOpInterface>();
      edges.push_back(name(caller) + "->" + name(callee));
    };
    auto onNode = [&](FunctionOpInterface func) { nodes.push_back(func); };
    graph.walk<WalkOrder::PreOrder, WalkOrder::PreOrder>(onEdge, onNode);
    printList("walk pre-order nodes", nodes);
    os << "walk pre-order edges:";
    for (const std::string &edge : edges)
      os << " " << edge;
    os << "\n";
    nodes.clear();
    edges.clear();
    graph.walk<WalkOrder::PostOrder, WalkOrder::PostOrder>(onEdge, onNode);
    printList("walk post-order nodes", nodes);
    os << "walk post-order edges:";
    for (const std::string &edge : edges)
      os << " " << edge;
    os << "\n";
  }
};

} // namespace

namespace mlir::triton::test {
void registerTestCallGraphPass() { PassRegistration<TestCallGraphPass>(); }
} // namespace mlir::triton::test
