//===- CallGraph.cpp - call graph construction and recursion check --------===//
#include "Analysis/CallGraph.h"

#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::triton;

CallGraphBase::CallGraphBase(ModuleOp module) : module(module) {
  build();
  sortAndCheckCycles();
}

bool CallGraphBase::isRoot(FunctionOpInterface func) const {
  return llvm::is_contained(roots, func);
}

ArrayRef<CallGraphBase::Edge>
CallGraphBase::getCallees(FunctionOpInterface caller) const {
  auto it = callees.find(caller);
  return it == callees.end() ? ArrayRef<Edge>() : ArrayRef<Edge>(it->second);
}

ArrayRef<CallGraphBase::Edge>
CallGraphBase::getCallSites(FunctionOpInterface callee) const {
  auto it = callSites.find(callee);
  return it == callSites.end() ? ArrayRef<Edge>() : ArrayRef<Edge>(it->second);
}

SmallVector<FunctionOpInterface> CallGraphBase::getReversePostOrder() const {
  return SmallVector<FunctionOpInterface>(llvm::reverse(postOrder));
}

void CallGraphBase::build() {
  SymbolTableCollection symbolTables;
  DenseSet<Operation *> nodes;
  for (auto func : module.getOps<FunctionOpInterface>()) {
    functions.push_back(func);
    nodes.insert(func);
  }
  for (FunctionOpInterface caller : functions) {
    caller->walk([&](CallOpInterface call) {
      auto callee = dyn_cast_or_null<FunctionOpInterface>(
          call.resolveCallableInTable(&symbolTables));
      if (!callee || !nodes.contains(callee))
        return;
      Edge edge{call, caller, callee};
      callees[caller].push_back(edge);
      callSites[callee].push_back(edge);
    });
  }
  for (FunctionOpInterface func : functions)
    if (!callSites.contains(func))
      roots.push_back(func);
}

void CallGraphBase::sortAndCheckCycles() {
  enum class Mark { Unvisited, OnPath, Done };
  DenseMap<Operation *, Mark> marks;
  SmallVector<FunctionOpInterface> path;

  // Reports the call `edge` that closes a cycle through the current path.
  auto reportCycle = [&](const Edge &edge) {
    InFlightDiagnostic diag =
        edge.call->emitError()
        << "recursive call to @"
        << SymbolTable::getSymbolName(edge.callee).getValue()
        << ": Triton functions cannot recurse (cycle";
    auto start = llvm::find(path, edge.callee);
    for (FunctionOpInterface func : llvm::make_range(start, path.end()))
      diag << " @" << SymbolTable::getSymbolName(func).getValue() << " ->";
    diag << " @" << SymbolTable::getSymbolName(edge.callee).getValue() << ")";
    status = failure();
  };

  // Depth-first search with an explicit stack of (function, next edge).
  auto visit = [&](FunctionOpInterface root, bool record) {
    SmallVector<std::pair<FunctionOpInterface, size_t>> stack;
    marks[root] = Mark::OnPath;
    path.push_back(root);
    stack.push_back({root, 0});
    while (!stack.empty()) {
      auto &[func, next] = stack.back();
      ArrayRef<Edge> out = getCallees(func);
      if (next == out.size()) {
        marks[func] = Mark::Done;
        if (record)
          postOrder.push_back(func);
        path.pop_back();
        stack.pop_back();
        continue;
      }
      const Edge &edge = out[next++];
      Mark &mark = marks[edge.callee];
      if (mark == Mark::OnPath) {
        reportCycle(edge);
      } else if (mark == Mark::Unvisited) {
        mark = Mark::OnPath;
        path.push_back(edge.callee);
        stack.push_back({edge.callee, 0});
      }
    }
  };

  for (FunctionOpInterface root : roots)
    visit(root, /*record=*/true);
  // Functions no root reaches lie on (or below) a cycle: visit them only to
  // report it.
  for (FunctionOpInterface func : functions)
    if (marks.lookup(func) == Mark::Unvisited)
      visit(func, /*record=*/false);
}
