//===- Alias.h - which shared-memory buffers a memdesc may view -*- C++ -*-===//
//
// Every `!ttg.memdesc` in shared memory is a view of one or more buffers
// made by `ttg.local_alloc`. The alias analysis computes, for each such
// value, the set of local_alloc results it may view: a view op (memdesc_index,
// memdesc_subslice, memdesc_trans, memdesc_reshape, memdesc_reinterpret)
// inherits the set of its source, an op that forwards memdescs
// (ttng.warp_group_dot_wait) gives each result the set of its operand, and
// control flow (scf.for iter_args and results, scf.if, scf.while, cf
// branches) joins the sets of every value that may flow in. Values that are
// not shared-memory memdescs, and function arguments, have the empty set.
//
// It is a sparse forward dataflow analysis (MLIR's DataFlowSolver), so
// loops are iterated to a fixed point. Allocation uses it to extend a
// buffer's live range over every value that may view it.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_ANALYSIS_ALIAS_H
#define TRITON_ANALYSIS_ALIAS_H

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "llvm/ADT/SetVector.h"

#include <memory>

namespace mlir::triton {

/// The set of `ttg.local_alloc` results a value may view.
class AliasInfo {
public:
  AliasInfo() = default;
  explicit AliasInfo(Value alloc) { allocs.insert(alloc); }

  /// The allocations, in the order they were first joined in.
  ArrayRef<Value> getAllocs() const { return allocs.getArrayRef(); }
  bool empty() const { return allocs.empty(); }
  void insert(Value alloc) { allocs.insert(alloc); }

  bool operator==(const AliasInfo &other) const {
    return allocs.size() == other.allocs.size() &&
           llvm::all_of(allocs, [&](Value v) { return other.allocs.count(v); });
  }

  /// The union of both sets (the lattice join).
  static AliasInfo join(const AliasInfo &lhs, const AliasInfo &rhs);

  void print(raw_ostream &os) const;

private:
  llvm::SetVector<Value> allocs;
};

using AliasLattice = dataflow::Lattice<AliasInfo>;

/// The dataflow analysis computing an AliasInfo per value. Load it into a
/// solver that also runs dead-code analysis and constant propagation (as
/// createAliasSolver does), then read getLatticeElement(value).
class SharedMemoryAliasAnalysis
    : public dataflow::SparseForwardDataFlowAnalysis<AliasLattice> {
public:
  using SparseForwardDataFlowAnalysis::getLatticeElement;
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  /// Function arguments and other entry values view no known buffer; an
  /// argument of a warp_specialize partition views what its explicit
  /// capture views (partitions are analysed after the code around them,
  /// see runSolverIntoIsolatedRegions).
  void setToEntryState(AliasLattice *lattice) override;

  LogicalResult visitOperation(Operation *op,
                               ArrayRef<const AliasLattice *> operands,
                               ArrayRef<AliasLattice *> results) override;
};

/// A solver with SharedMemoryAliasAnalysis and the analyses it needs
/// (dead code, sparse constant propagation) loaded; the analysis is returned
/// through `analysis`. Run it with runSolverIntoIsolatedRegions
/// (Analysis/DataFlowUtility.h) next, so that partitions are analysed too.
std::unique_ptr<DataFlowSolver>
createAliasSolver(SharedMemoryAliasAnalysis *&analysis);

/// The local_alloc results `value` may view, after the solver ran; empty
/// when the analysis has no state for it.
ArrayRef<Value> getAliasedAllocs(SharedMemoryAliasAnalysis &analysis,
                                 Value value);

} // namespace mlir::triton

#endif // TRITON_ANALYSIS_ALIAS_H
