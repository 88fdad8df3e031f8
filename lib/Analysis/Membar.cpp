//===- Membar.cpp - barriers between conflicting shared-memory accesses
//----===//

#include "Analysis/Membar.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <deque>
#include <limits>

using namespace mlir;
using namespace mlir::triton;

namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

//===----------------------------------------------------------------------===//
// BlockInfo
//===----------------------------------------------------------------------===//

static void joinIntervals(BlockInfo::IntervalMapT &into,
                          const BlockInfo::IntervalMapT &from) {
  for (const auto &[interval, ops] : from)
    into[interval].insert(ops.begin(), ops.end());
}

void BlockInfo::join(const BlockInfo &other) {
  joinIntervals(syncReadIntervals, other.syncReadIntervals);
  joinIntervals(syncWriteIntervals, other.syncWriteIntervals);
  unsyncedSinceEntry |= other.unsyncedSinceEntry;
}

/// Whether an access in `lhs` (earlier) and one in `rhs` (later) touch a
/// common byte and `filter` does not excuse some pair of their ops.
static bool intersects(const BlockInfo::IntervalMapT &lhs,
                       const BlockInfo::IntervalMapT &rhs,
                       const MembarFilterFn &filter) {
  for (const auto &[lhsInterval, lhsOps] : lhs) {
    for (const auto &[rhsInterval, rhsOps] : rhs) {
      if (!lhsInterval.intersects(rhsInterval))
        continue;
      if (!filter)
        return true;
      for (Operation *before : lhsOps)
        for (Operation *after : rhsOps)
          if (!filter(before, after))
            return true;
    }
  }
  return false;
}

bool BlockInfo::isIntersected(const BlockInfo &other,
                              const MembarFilterFn &filter) const {
  return intersects(syncWriteIntervals, other.syncReadIntervals, filter) ||
         intersects(syncReadIntervals, other.syncWriteIntervals, filter) ||
         intersects(syncWriteIntervals, other.syncWriteIntervals, filter);
}

void BlockInfo::sync() {
  syncReadIntervals.clear();
  syncWriteIntervals.clear();
  unsyncedSinceEntry = false;
}

static BlockInfo::IntervalMapT
shiftIntervals(const BlockInfo::IntervalMapT &map, size_t offset) {
  BlockInfo::IntervalMapT result;
  for (const auto &[interval, ops] : map) {
    // Every byte (an arrive's demand) stays every byte.
    if (interval.end() == std::numeric_limits<size_t>::max())
      result[interval] = ops;
    else
      result[Interval<size_t>(interval.start() + offset,
                              interval.end() + offset)] = ops;
  }
  return result;
}

BlockInfo BlockInfo::shifted(size_t offset) const {
  BlockInfo result;
  result.syncReadIntervals = shiftIntervals(syncReadIntervals, offset);
  result.syncWriteIntervals = shiftIntervals(syncWriteIntervals, offset);
  return result;
}

void BlockInfo::print(raw_ostream &os) const {
  auto printMap = [&](StringRef name, const IntervalMapT &map) {
    os << name << ":";
    for (const auto &[interval, ops] : map)
      os << " [" << interval.start() << ", " << interval.end() << ")x"
         << ops.size();
    os << "\n";
  };
  printMap("read", syncReadIntervals);
  printMap("write", syncWriteIntervals);
}

//===----------------------------------------------------------------------===//
// The Hopper filter
//===----------------------------------------------------------------------===//

/// The buffer an mbarrier view comes from: through memdesc views and, in a
/// warp_specialize partition, from its capture to the value captured.
static Value barrierRoot(Value value) {
  while (true) {
    if (Operation *def = value.getDefiningOp()) {
      if (isa<ttg::MemDescIndexOp, ttg::MemDescSubsliceOp,
              ttg::MemDescReinterpretOp>(def)) {
        value = def->getOperand(0);
        continue;
      }
      return value;
    }
    Value captured = ttg::getPartitionCapture(value);
    if (!captured)
      return value;
    value = captured;
  }
}

/// The mbarrier `op` signals: an expect's or a copy's, or that of an
/// mbarrier-arrive of an async copy; null for other ops.
static Value signalledBarrier(Operation *op) {
  if (auto expect = dyn_cast<ttng::BarrierExpectOp>(op))
    return expect.getAlloc();
  if (auto copy = dyn_cast<ttng::AsyncTMACopyGlobalToLocalOp>(op))
    return copy.getBarrier();
  if (auto gather = dyn_cast<ttng::AsyncTMAGatherOp>(op))
    return gather.getBarrier();
  if (auto arrive = dyn_cast<ttng::AsyncCopyMbarrierArriveOp>(op))
    return arrive.getBarrier();
  return Value();
}

/// Whether the warps that run the wait `op` may themselves move an mbarrier
/// on to its next phase: an arrive of the region's first thread (on any
/// mbarrier: what it releases may let another partition move the waited
/// one on), or an expect or a copy with the waited mbarrier. Arrives of
/// each warp group (`perWarpGroup`) do not: each comes after its own warp
/// group's work. The warps run `op`'s warp_specialize partition, or else
/// the function's code outside every partition.
static bool warpsSignalAlone(ttng::WaitBarrierOp op) {
  Region *wsRegion = ttg::getWarpSpecializeRegion(op->getParentRegion());
  bool inPartition = wsRegion && ttg::isWarpSpecializePartition(wsRegion);
  Value waited = barrierRoot(op.getAlloc());
  auto isSignal = [&](Operation *inner) {
    if (auto arrive = dyn_cast<ttng::ArriveBarrierOp>(inner))
      return !arrive.getPerWarpGroup();
    Value signalled = signalledBarrier(inner);
    return signalled && barrierRoot(signalled) == waited;
  };
  auto visit = [&](Operation *inner) {
    if (!inPartition && isa<ttg::WarpSpecializePartitionsOp>(inner))
      return WalkResult::skip();
    return isSignal(inner) ? WalkResult::interrupt() : WalkResult::advance();
  };
  if (inPartition)
    return wsRegion->walk<WalkOrder::PreOrder>(visit).wasInterrupted();
  auto func = op->getParentOfType<FunctionOpInterface>();
  return !func || func->walk<WalkOrder::PreOrder>(visit).wasInterrupted();
}

bool mlir::triton::canSkipBarSync(Operation *before, Operation *after) {
  if (isa<ttng::InitBarrierOp>(before) && isa<ttng::InitBarrierOp>(after))
    return true;
  if (isa<ttng::InvalBarrierOp>(before) && isa<ttng::InvalBarrierOp>(after))
    return true;
  // One warp must not run ahead through a chain of waits where it can move
  // an mbarrier on by itself: that could let a waited mbarrier pass two
  // phases before a slow warp's wait. Where the warps only hand buffers back
  // per warp group (a warp-specialized consumer), each warp group's arrive
  // follows its own work, so no warp can run ahead of a slow one.
  if (isa<ttng::WaitBarrierOp>(before) && isa<ttng::WaitBarrierOp>(after))
    return !warpsSignalAlone(cast<ttng::WaitBarrierOp>(after));
  // The mbarrier protocol ops may touch the mbarrier in any order (what an
  // arrive publishes is ordered before it by orderBeforeArrive).
  auto isProtocolOp = [](Operation *op) {
    return isa<ttng::WaitBarrierOp, ttng::AsyncTMACopyGlobalToLocalOp,
               ttng::AsyncTMAGatherOp, ttng::BarrierExpectOp,
               ttng::ArriveBarrierOp>(op);
  };
  if (isProtocolOp(before) && isProtocolOp(after))
    return true;
  // The wait completes only once the whole copy landed, for every thread.
  if (isa<ttng::AsyncTMACopyGlobalToLocalOp, ttng::AsyncTMAGatherOp>(before) &&
      isa<ttng::WaitBarrierOp>(after))
    return true;
  return false;
}

//===----------------------------------------------------------------------===//
// MembarAnalysis
//===----------------------------------------------------------------------===//

/// The state at the end of each block of a region that leaves it (no
/// successor blocks), with its terminator (null when the block has none).
struct MembarAnalysis::RegionExits {
  llvm::MapVector<Block *, std::pair<Operation *, BlockInfo>> exits;
};

void MembarAnalysis::run(FuncMembarMapT &funcMap) {
  auto func = cast<FunctionOpInterface>(allocation->getOperation());
  OpBuilder opBuilder(func.getContext());
  builder = &opBuilder;
  this->funcMap = &funcMap;
  info = FunctionMembarInfo();

  BlockInfo entry;
  entry.unsyncedSinceEntry = true;
  RegionExits exits;
  visitRegion(func.getFunctionBody(), entry, exits);

  info.mayReturnWithoutBarrier = false;
  for (auto &[block, exit] : exits.exits) {
    info.exitAccesses.join(exit.second);
    info.mayReturnWithoutBarrier |= exit.second.unsyncedSinceEntry;
  }
  info.exitAccesses.unsyncedSinceEntry = false;
  info.entryAccesses.unsyncedSinceEntry = false;
  funcMap[func] = info;
}

void MembarAnalysis::visitRegion(Region &region, const BlockInfo &entry,
                                 RegionExits &exits) {
  if (region.empty())
    return;
  DenseMap<Block *, BlockInfo> inputs, outputs;
  std::deque<Block *> worklist;
  inputs[&region.front()] = entry;
  worklist.push_back(&region.front());
  while (!worklist.empty()) {
    Block *block = worklist.front();
    worklist.pop_front();
    BlockInfo state = inputs[block];
    SmallVector<Block *> successors;
    Operation *terminator = nullptr;
    for (Operation &op : llvm::make_early_inc_range(*block)) {
      if (op.hasTrait<OpTrait::IsTerminator>()) {
        terminator = &op;
        llvm::append_range(successors, op.getSuccessors());
      } else if (isa<triton::gpu::WarpSpecializeOp>(op)) {
        state = visitWarpSpecialize(&op, state);
      } else if (op.getNumRegions() > 0 && isa<RegionBranchOpInterface>(op)) {
        state = visitRegionBranchOp(&op, state);
      } else {
        update(&op, state);
      }
    }
    if (successors.empty())
      exits.exits[block] = {terminator, state};

    // The transfer is not monotone (barriers clear the state): stop when the
    // block's output repeats, and otherwise overwrite it.
    auto it = outputs.find(block);
    if (it != outputs.end() && it->second == state)
      continue;
    outputs[block] = state;
    for (Block *successor : successors) {
      inputs[successor].join(state);
      worklist.push_back(successor);
    }
  }
}

BlockInfo MembarAnalysis::visitWarpSpecialize(Operation *op,
                                              const BlockInfo &entry) {
  auto ws = cast<triton::gpu::WarpSpecializeOp>(op);
  // Each region runs on its own warps; a barrier inserted in one orders
  // that region's warps only (the lowering gives it a named barrier).
  // What one region does to another's bytes is ordered by the kernel's
  // own mbarriers, not here.
  bool synced = barriersOrderAccesses();
  BlockInfo start = synced ? BlockInfo() : entry;
  BlockInfo after = start;
  SmallVector<Region *> regions{&ws.getDefaultRegion()};
  for (Region *partition : ws.getPartitionRegions())
    regions.push_back(partition);
  for (Region *region : regions) {
    RegionExits exits;
    visitRegion(*region, start, exits);
    for (auto &[block, exit] : exits.exits)
      after.join(exit.second);
  }
  return synced ? BlockInfo() : after;
}

BlockInfo MembarAnalysis::visitRegionBranchOp(Operation *op,
                                              const BlockInfo &entry) {
  auto branch = cast<RegionBranchOpInterface>(op);
  // What reaches the op's results without entering a region (a loop that
  // runs zero times, an scf.if without else).
  BlockInfo bypass;
  DenseMap<Region *, BlockInfo> regionInputs;
  llvm::MapVector<Region *, RegionExits> regionExits;
  std::deque<Region *> worklist;

  auto flowInto = [&](const RegionSuccessor &successor,
                      const BlockInfo &state) {
    if (successor.isParent()) {
      bypass.join(state);
      return;
    }
    Region *region = successor.getSuccessor();
    auto [it, inserted] = regionInputs.try_emplace(region);
    BlockInfo before = it->second;
    it->second.join(state);
    if ((inserted || it->second != before) &&
        !llvm::is_contained(worklist, region))
      worklist.push_back(region);
  };

  SmallVector<RegionSuccessor> entrySuccessors;
  branch.getEntrySuccessorRegions(
      SmallVector<Attribute>(op->getNumOperands(), Attribute()),
      entrySuccessors);
  for (const RegionSuccessor &successor : entrySuccessors)
    flowInto(successor, entry);

  // Iterate the regions until their inputs stop growing; the last visit of
  // each region, with its final input, decides its exits.
  auto terminatorSuccessors = [&](Operation *terminator) {
    SmallVector<RegionSuccessor> successors;
    if (auto term =
            dyn_cast_or_null<RegionBranchTerminatorOpInterface>(terminator))
      branch.getSuccessorRegions(RegionBranchPoint(term), successors);
    return successors;
  };
  while (!worklist.empty()) {
    Region *region = worklist.front();
    worklist.pop_front();
    RegionExits &exits = regionExits[region];
    exits.exits.clear();
    visitRegion(*region, regionInputs[region], exits);
    for (auto &[block, exit] : exits.exits)
      for (const RegionSuccessor &successor : terminatorSuccessors(exit.first))
        if (!successor.isParent())
          flowInto(successor, exit.second);
  }

  BlockInfo result = bypass;
  for (auto &[region, exits] : regionExits) {
    for (auto &[block, exit] : exits.exits) {
      SmallVector<RegionSuccessor> successors =
          terminatorSuccessors(exit.first);
      // An exit the interface says nothing about conservatively returns.
      if (successors.empty() ||
          llvm::any_of(successors, [](const RegionSuccessor &successor) {
            return successor.isParent();
          }))
        result.join(exit.second);
    }
  }
  return result;
}

void MembarAnalysis::insertBarrierBefore(Operation *op) {
  OpBuilder::InsertionGuard guard(*builder);
  builder->setInsertionPoint(op);
  mlir::gpu::BarrierOp::create(*builder, op->getLoc());
}

void MembarAnalysis::insertBarrierAfter(Operation *op) {
  OpBuilder::InsertionGuard guard(*builder);
  builder->setInsertionPointAfter(op);
  mlir::gpu::BarrierOp::create(*builder, op->getLoc());
}

void MembarAnalysis::noteEntryAccesses(const BlockInfo &state,
                                       const BlockInfo &accesses) {
  if (!state.unsyncedSinceEntry)
    return;
  info.entryAccesses.join(accesses);
  info.entryAccesses.unsyncedSinceEntry = false;
}

void MembarAnalysis::visitCall(CallOpInterface call, BlockInfo &state) {
  auto callee = dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
  if (!callee)
    return;
  auto it = funcMap->find(callee);
  if (it == funcMap->end())
    return;
  const FunctionMembarInfo &calleeInfo = it->second;
  // The callee's offsets are relative to the call's virtual buffer.
  size_t base = 0;
  Allocation::BufferId id = allocation->getBufferId(call.getOperation());
  if (id != Allocation::InvalidBufferId)
    base = allocation->getOffset(id);
  BlockInfo entryAccesses = calleeInfo.entryAccesses.shifted(base);
  BlockInfo exitAccesses = calleeInfo.exitAccesses.shifted(base);

  if (state.isIntersected(entryAccesses, filter)) {
    insertBarrierBefore(call);
    state.sync();
  }
  noteEntryAccesses(state, entryAccesses);
  // A barrier on every path through the callee orders all that came before.
  if (!calleeInfo.mayReturnWithoutBarrier)
    state.sync();
  state.join(exitAccesses);
}

/// A CTA-wide barrier that orders shared-memory accesses.
static bool isBarrier(Operation *op) {
  return isa_and_nonnull<mlir::gpu::BarrierOp, ttg::LocalBarrierOp>(op);
}

void MembarAnalysis::addAccesses(
    Operation *op, llvm::function_ref<BlockInfo &(Value)> into) const {
  auto addAccess = [&](Value value, bool isWrite) {
    BlockInfo &info = into(value);
    for (Allocation::BufferId id : allocation->getBufferIds(value)) {
      auto &map = isWrite ? info.syncWriteIntervals : info.syncReadIntervals;
      map[allocation->getAllocatedInterval(id)].insert(op);
    }
  };
  if (auto memEffects = dyn_cast<MemoryEffectOpInterface>(op)) {
    SmallVector<MemoryEffects::EffectInstance> effects;
    memEffects.getEffects(effects);
    for (const MemoryEffects::EffectInstance &effect : effects) {
      Value value = effect.getValue();
      if (!value)
        continue;
      if (isa<MemoryEffects::Write>(effect.getEffect()))
        addAccess(value, /*isWrite=*/true);
      else if (isa<MemoryEffects::Read>(effect.getEffect()))
        addAccess(value, /*isWrite=*/false);
    }
    // An immutable local_alloc reports its write only once memory is
    // assigned (`allocation.offset`); the write happens either way.
    if (auto alloc = dyn_cast<ttg::LocalAllocOp>(op); alloc && alloc.getSrc())
      addAccess(alloc.getResult(), /*isWrite=*/true);
  } else if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
    // An op that does not say what it does may read and write every buffer
    // it is handed.
    for (Value operand : op->getOperands()) {
      addAccess(operand, /*isWrite=*/false);
      addAccess(operand, /*isWrite=*/true);
    }
  }
}

/// An arrive publishes the region's shared-memory work to whoever waits on
/// the mbarrier (another partition, a later stage of a pipeline), and only
/// one thread arrives: every access before it, by any thread of the region,
/// must be done first, a wait too (a warp still before its wait must not
/// see the mbarrier it waits for move on twice). An arrive of each warp
/// group (`perWarpGroup`) comes after its warp group's wgmma and their wait,
/// which all its warps issue together after their waits: those need
/// nothing, nor do earlier arrives (atomic on their mbarrier). Before a function's first barrier, the arrive counts as
/// touching every byte, so that a caller orders its own pending accesses
/// before the call.
void MembarAnalysis::orderBeforeArrive(Operation *op, BlockInfo &state) {
  // A warp group's wgmma reads are its own, retired by its own
  // warp_group_dot_wait: an arrive of each warp group (`perWarpGroup`)
  // after that wait publishes them without a barrier of the region.
  bool perWarpGroup = cast<ttng::ArriveBarrierOp>(op).getPerWarpGroup();
  auto onlyWaits = [&](const BlockInfo::IntervalMapT &map) {
    return llvm::all_of(map, [&](const auto &entry) {
      return llvm::all_of(entry.second, [&](Operation *access) {
        return perWarpGroup &&
               isa<ttng::WaitBarrierOp, ttng::WarpGroupDotOp,
                   ttng::WarpGroupDotWaitOp, ttng::ArriveBarrierOp>(access);
      });
    });
  };
  if (!onlyWaits(state.syncReadIntervals) ||
      !onlyWaits(state.syncWriteIntervals)) {
    if (!isBarrier(op->getPrevNode()))
      insertBarrierBefore(op);
    state.sync();
    return;
  }
  BlockInfo everything;
  Interval<size_t> all(0, std::numeric_limits<size_t>::max());
  everything.syncReadIntervals[all].insert(op);
  everything.syncWriteIntervals[all].insert(op);
  noteEntryAccesses(state, everything);
}

void MembarAnalysis::update(Operation *op, BlockInfo &state) {
  if (isBarrier(op)) {
    state.sync();
    return;
  }
  // Asynchronous copies complete per thread: a barrier after the wait makes
  // them visible to the whole CTA.
  if (isa<ttg::AsyncWaitOp, ttng::TMAStoreWaitOp>(op)) {
    if (!isBarrier(op->getNextNode()))
      insertBarrierAfter(op);
    state.sync();
    return;
  }
  if (auto call = dyn_cast<CallOpInterface>(op)) {
    visitCall(call, state);
    return;
  }
  if (isa<ttng::ArriveBarrierOp>(op))
    orderBeforeArrive(op, state);

  BlockInfo current;
  addAccesses(op, [&](Value) -> BlockInfo & { return current; });

  Allocation::BufferId scratch = allocation->getBufferId(op);
  if (scratch != Allocation::InvalidBufferId &&
      !allocation->isVirtualBuffer(scratch)) {
    // Write the scratch buffer, barrier, read it back: the op orders every
    // access before it, and leaves its own pending.
    Interval<size_t> interval = allocation->getAllocatedInterval(scratch);
    current.syncWriteIntervals[interval].insert(op);
    if (state.isIntersected(current, filter)) {
      insertBarrierBefore(op);
      state.sync();
    }
    noteEntryAccesses(state, current);
    state.sync();
    current.syncReadIntervals[interval].insert(op);
    state.join(current);
    return;
  }

  if (state.isIntersected(current, filter)) {
    insertBarrierBefore(op);
    state.sync();
  }
  noteEntryAccesses(state, current);
  state.join(current);
}

//===----------------------------------------------------------------------===//
// ModuleMembarAnalysis
//===----------------------------------------------------------------------===//

void ModuleMembarAnalysis::run() {
  walk<WalkOrder::PreOrder, WalkOrder::PostOrder>(
      [](CallOpInterface, FunctionOpInterface) {},
      [&](FunctionOpInterface func) {
        Allocation *allocation = moduleAllocation->getAllocation(func);
        if (!allocation || funcMap.count(func))
          return;
        factory(allocation)->run(funcMap);
      });
}
