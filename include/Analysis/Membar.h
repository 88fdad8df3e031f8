//===- Membar.h - where shared-memory accesses need a barrier ---*- C++ -*-===//
//
// Threads of a CTA access shared memory independently; between a write and a
// later read or write of the same bytes by other threads (read-after-write,
// write-after-write), and between a read and a later write
// (write-after-read), all threads must meet at a barrier. The analysis walks
// each function in program order keeping the accesses not yet ordered by a
// barrier (by byte interval, from Allocation), and inserts a `gpu.barrier`
// before the first op whose accesses conflict with them:
//
//   - explicit buffers: the memory effects ops report on `!ttg.memdesc`
//     values (through every buffer the value may alias);
//   - scratch buffers: an op with one writes it, synchronizes internally and
//     reads it back, so it also orders everything before it;
//   - `ttg.async_wait` and `ttng.async_tma_store_wait` complete copies the
//     issuing threads cannot see from others: a barrier follows each;
//   - calls: the callee's accesses, moved to the call's virtual buffer. The
//     accesses a callee may make before its first barrier are checked
//     against the caller's pending ones; those still pending when it returns
//     join the caller's; a callee that passes a barrier on every path orders
//     the caller's earlier accesses too;
//   - control flow: cf branches and scf regions (for, if, while) are
//     followed; loops iterate until the pending state at their entry no
//     longer grows, so accesses of one iteration are checked against the
//     next.
//
// ModuleMembarAnalysis runs it over the call graph, callees first.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_ANALYSIS_MEMBAR_H
#define TRITON_ANALYSIS_MEMBAR_H

#include "Analysis/Allocation.h"
#include "Analysis/CallGraph.h"

#include "mlir/IR/Builders.h"

#include <functional>
#include <map>
#include <memory>
#include <set>

namespace mlir::triton {

/// Whether a conflict between `before` and `after` (in that order) needs no
/// barrier.
using MembarFilterFn = std::function<bool(Operation *before, Operation *after)>;

/// Shared-memory accesses not yet ordered by a barrier.
struct BlockInfo {
  using IntervalMapT = std::map<Interval<size_t>, std::set<Operation *>>;

  /// Bytes read / written, and by which ops.
  IntervalMapT syncReadIntervals;
  IntervalMapT syncWriteIntervals;
  /// Some path from the function entry reaches here without a barrier.
  bool unsyncedSinceEntry = false;

  /// Adds the accesses (and the entry flag) of `other`.
  void join(const BlockInfo &other);
  /// Whether an access here conflicts with one in `other` (RAW, WAR or WAW
  /// on overlapping bytes) that `filter` does not excuse.
  bool isIntersected(const BlockInfo &other,
                     const MembarFilterFn &filter) const;
  /// A barrier: every access is ordered.
  void sync();
  /// The accesses moved up by `offset` bytes (a callee's, seen from a call).
  BlockInfo shifted(size_t offset) const;
  bool empty() const {
    return syncReadIntervals.empty() && syncWriteIntervals.empty();
  }

  bool operator==(const BlockInfo &other) const {
    return syncReadIntervals == other.syncReadIntervals &&
           syncWriteIntervals == other.syncWriteIntervals &&
           unsyncedSinceEntry == other.unsyncedSinceEntry;
  }
  bool operator!=(const BlockInfo &other) const { return !(*this == other); }

  void print(raw_ostream &os) const;
};

/// What callers need to know of a function, offsets relative to its base.
struct FunctionMembarInfo {
  /// Accesses that may happen before the function's first barrier.
  BlockInfo entryAccesses;
  /// Accesses still pending when it returns.
  BlockInfo exitAccesses;
  /// Some path from entry to a return passes no barrier.
  bool mayReturnWithoutBarrier = true;
};

/// Hopper's exemptions (Triton's NVIDIA::canSkipBarSync): mbarrier
/// initializations (invalidations) among themselves, and the mbarrier
/// protocol ops (expect, wait, TMA copies arriving on it) among themselves,
/// may run in any order across threads; a TMA copy followed by a wait on its
/// mbarrier is ordered by the mbarrier. Two waits do need a barrier.
bool canSkipBarSync(Operation *before, Operation *after);

/// Inserts the barriers one function needs.
class MembarAnalysis {
public:
  using FuncMembarMapT = DenseMap<FunctionOpInterface, FunctionMembarInfo>;

  MembarAnalysis(Allocation *allocation, MembarFilterFn filter = nullptr)
      : allocation(allocation), filter(std::move(filter)) {}
  virtual ~MembarAnalysis() = default;

  /// Analyses the function of the allocation, inserting barriers, and
  /// records its FunctionMembarInfo in `funcMap`. Callees' infos must be
  /// there already; a call to a function without one is assumed to touch no
  /// shared memory.
  void run(FuncMembarMapT &funcMap);

protected:
  /// What `op` does to `state` (the accesses not yet ordered), inserting
  /// what orders them where needed: barriers here. A subclass walking the
  /// same control flow may keep other accesses and insert other ops
  /// (ProxyFenceInsertion.cpp: fences between the generic and the async
  /// proxy). What `run` records for a function is the state at its exits.
  virtual void update(Operation *op, BlockInfo &state);

  /// Whether a barrier of all the CTA's warps orders the accesses the walk
  /// keeps. A ttg.warp_specialize starts and ends with one (its lowering
  /// must emit both), so for barriers its regions start synced.
  virtual bool barriersOrderAccesses() const { return true; }

  /// Adds the shared-memory accesses of `op`, each to the BlockInfo
  /// `into(value)` picks for the value accessed: the memory effects it
  /// reports on memdesc values (through every buffer each may alias), an
  /// immutable local_alloc's write, and for an op that reports none (and
  /// has no recursive effects) a read and a write of every operand. Scratch
  /// buffers are the caller's to add.
  void addAccesses(Operation *op,
                   llvm::function_ref<BlockInfo &(Value)> into) const;

  Allocation *allocation;
  MembarFilterFn filter;
  OpBuilder *builder = nullptr;
  FuncMembarMapT *funcMap = nullptr;

private:
  struct RegionExits;

  void visitRegion(Region &region, const BlockInfo &entry, RegionExits &exits);
  BlockInfo visitRegionBranchOp(Operation *op, const BlockInfo &entry);
  /// A ttg.warp_specialize: its default region and each partition are
  /// walked from the state at the op and the state after it joins theirs,
  /// unless the op's barriers order what the walk tracks
  /// (barriersOrderAccesses): then from a synced state to a synced state.
  BlockInfo visitWarpSpecialize(Operation *op, const BlockInfo &entry);
  void visitCall(CallOpInterface call, BlockInfo &state);
  /// A barrier before an mbarrier arrive unless nothing but waits is
  /// pending (the arrive publishes the region's accesses).
  void orderBeforeArrive(Operation *op, BlockInfo &state);
  /// Records `accesses` as possibly unordered since entry when `state` is.
  void noteEntryAccesses(const BlockInfo &state, const BlockInfo &accesses);
  void insertBarrierBefore(Operation *op);
  void insertBarrierAfter(Operation *op);

  FunctionMembarInfo info;
};

/// Membar over a module's call graph (callees first), using each
/// function's Allocation from `moduleAllocation`.
class ModuleMembarAnalysis : public CallGraph<FunctionMembarInfo> {
public:
  /// The analysis run on one function (MembarAnalysis or a subclass).
  using AnalysisFactory =
      std::function<std::unique_ptr<MembarAnalysis>(Allocation *)>;

  ModuleMembarAnalysis(ModuleAllocation *moduleAllocation,
                       MembarFilterFn filter = canSkipBarSync)
      : ModuleMembarAnalysis(moduleAllocation,
                             [filter](Allocation *allocation) {
                               return std::make_unique<MembarAnalysis>(
                                   allocation, filter);
                             }) {}
  ModuleMembarAnalysis(ModuleAllocation *moduleAllocation,
                       AnalysisFactory factory)
      : CallGraph<FunctionMembarInfo>(moduleAllocation->getModuleOp()),
        moduleAllocation(moduleAllocation), factory(std::move(factory)) {}

  /// Runs the analysis on every function with a body, callees first.
  void run();

private:
  ModuleAllocation *moduleAllocation;
  AnalysisFactory factory;
};

} // namespace mlir::triton

#endif // TRITON_ANALYSIS_MEMBAR_H
