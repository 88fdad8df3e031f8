//===- CallGraph.h - calls between functions, data per function -*- C++ -*-===//
//
// Functions of a module and the direct calls between them (`tt.call` to
// `tt.func`, or any CallOpInterface op resolving to a FunctionOpInterface
// op of the module). Module-level analyses (axis info, shared memory
// allocation, barriers) derive from CallGraph<T> and keep one T per function,
// visiting callers before callees or callees before callers.
//
// Triton functions cannot recurse: a call that closes a cycle is reported
// with an error at the call, and the graph is then invalid (getStatus()).
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_ANALYSIS_CALLGRAPH_H
#define TRITON_ANALYSIS_CALLGRAPH_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Visitors.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::triton {

/// The graph itself, independent of the data kept per function.
class CallGraphBase {
public:
  /// One call: `call`, inside `caller`, calls `callee`.
  struct Edge {
    CallOpInterface call;
    FunctionOpInterface caller;
    FunctionOpInterface callee;
  };

  /// Builds the graph of `module`'s functions (the FunctionOpInterface ops
  /// directly in its body). Calls whose callee does not resolve to one of
  /// them are not edges. A call that makes the graph cyclic (direct or
  /// mutual recursion) is reported with an error at the call.
  explicit CallGraphBase(ModuleOp module);

  ModuleOp getModuleOp() const { return module; }

  /// success() unless the module recurses (already reported).
  LogicalResult getStatus() const { return status; }

  /// Every function of the module, in module order.
  ArrayRef<FunctionOpInterface> getFunctions() const { return functions; }
  /// The functions no call reaches (kernels, and unused helpers), in module
  /// order.
  ArrayRef<FunctionOpInterface> getRoots() const { return roots; }
  bool isRoot(FunctionOpInterface func) const;

  /// The calls made in `caller`, in program order.
  ArrayRef<Edge> getCallees(FunctionOpInterface caller) const;
  /// The calls of `callee`, in module order of their callers.
  ArrayRef<Edge> getCallSites(FunctionOpInterface callee) const;

  /// Every function once, callees before callers (a depth-first post-order
  /// from the roots). On an invalid graph, the functions on a cycle that no
  /// root reaches are left out.
  ArrayRef<FunctionOpInterface> getPostOrder() const { return postOrder; }
  /// Every function once, callers before callees (the reverse of
  /// getPostOrder(), a topological order of the graph).
  SmallVector<FunctionOpInterface> getReversePostOrder() const;

  /// Depth-first walk from every root in module order, visiting each
  /// function and each edge once. `nodeFn(FunctionOpInterface)` runs before
  /// (PreOrder) or after (PostOrder) the function's callees are walked;
  /// `edgeFn(CallOpInterface, FunctionOpInterface callee)` runs before or
  /// after the callee is walked. With PostOrder nodes, every callee is
  /// visited before its callers. Edges closing a cycle are skipped.
  template <WalkOrder EdgeOrder = WalkOrder::PreOrder,
            WalkOrder NodeOrder = WalkOrder::PreOrder, typename EdgeFn,
            typename NodeFn>
  void walk(EdgeFn &&edgeFn, NodeFn &&nodeFn) const {
    DenseSet<Operation *> visited, onPath;
    for (FunctionOpInterface root : roots)
      walkFrom<EdgeOrder, NodeOrder>(root, visited, onPath, edgeFn, nodeFn);
  }

private:
  template <WalkOrder EdgeOrder, WalkOrder NodeOrder, typename EdgeFn,
            typename NodeFn>
  void walkFrom(FunctionOpInterface func, DenseSet<Operation *> &visited,
                DenseSet<Operation *> &onPath, EdgeFn &edgeFn,
                NodeFn &nodeFn) const {
    visited.insert(func);
    onPath.insert(func);
    if constexpr (NodeOrder == WalkOrder::PreOrder)
      nodeFn(func);
    for (const Edge &edge : getCallees(func)) {
      if (onPath.contains(edge.callee))
        continue;
      if constexpr (EdgeOrder == WalkOrder::PreOrder)
        edgeFn(edge.call, edge.callee);
      if (!visited.contains(edge.callee))
        walkFrom<EdgeOrder, NodeOrder>(edge.callee, visited, onPath, edgeFn,
                                       nodeFn);
      if constexpr (EdgeOrder == WalkOrder::PostOrder)
        edgeFn(edge.call, edge.callee);
    }
    if constexpr (NodeOrder == WalkOrder::PostOrder)
      nodeFn(func);
    onPath.erase(func);
  }

  void build();
  void sortAndCheckCycles();

  ModuleOp module;
  LogicalResult status = success();
  SmallVector<FunctionOpInterface> functions;
  SmallVector<FunctionOpInterface> roots;
  SmallVector<FunctionOpInterface> postOrder;
  DenseMap<Operation *, SmallVector<Edge>> callees;
  DenseMap<Operation *, SmallVector<Edge>> callSites;
};

/// A call graph keeping one `T` per function. Derived analyses fill
/// `funcMap` (usually visiting getReversePostOrder() or getPostOrder()).
template <typename T> class CallGraph : public CallGraphBase {
public:
  using FuncDataMapT = DenseMap<FunctionOpInterface, T>;

  explicit CallGraph(ModuleOp module) : CallGraphBase(module) {}

  /// The data of `func`, or null when none was recorded.
  T *getFuncData(FunctionOpInterface func) {
    auto it = funcMap.find(func);
    return it == funcMap.end() ? nullptr : &it->second;
  }
  const T *getFuncData(FunctionOpInterface func) const {
    auto it = funcMap.find(func);
    return it == funcMap.end() ? nullptr : &it->second;
  }
  /// How many functions have data.
  size_t getNumFunctions() const { return funcMap.size(); }

protected:
  FuncDataMapT funcMap;
};

} // namespace mlir::triton

#endif // TRITON_ANALYSIS_CALLGRAPH_H
