//===- Allocation.cpp - buffers, live ranges and offsets in shared memory
//---===//

#include "Analysis/Allocation.h"
#include "Analysis/Alias.h"
#include "Analysis/DataFlowUtility.h"
#include "Analysis/ScratchSize.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Analysis/Liveness.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <map>

#define DEBUG_TYPE "allocate-shared-memory"

using namespace mlir;
using namespace mlir::triton;

namespace ttg = mlir::triton::gpu;

size_t Allocation::BufferT::setOffsetAligned(size_t minOffset) {
  offset = llvm::alignTo(minOffset, alignment);
  return offset;
}

Allocation::BufferId Allocation::addBuffer(BufferKind kind, Operation *owner,
                                           size_t size, size_t alignment) {
  BufferId id = buffers.size();
  buffers.push_back(
      BufferT{kind, id, owner, size, std::max<size_t>(alignment, 1)});
  return id;
}

Allocation::BufferId Allocation::getBufferId(Value value) const {
  auto it = valueBuffer.find(value);
  return it == valueBuffer.end() ? InvalidBufferId : it->second;
}

Allocation::BufferId Allocation::getBufferId(Operation *op) const {
  auto it = opBuffer.find(op);
  return it == opBuffer.end() ? InvalidBufferId : it->second;
}

Allocation::BufferIdSetT Allocation::getBufferIds(Value value) const {
  BufferIdSetT ids;
  BufferId own = getBufferId(value);
  if (own != InvalidBufferId)
    ids.insert(own);
  auto it = aliasBuffer.find(value);
  if (it != aliasBuffer.end())
    ids.insert(it->second.begin(), it->second.end());
  return ids;
}

namespace mlir::triton {

/// Computes one function's buffers, their live ranges and offsets.
class AllocationAnalysis {
public:
  AllocationAnalysis(Allocation &allocation,
                     Allocation::FuncAllocMapT &funcAllocMap,
                     AllocationAnalysisScratchSizeFn scratchSizeGetter)
      : allocation(allocation), funcAllocMap(funcAllocMap),
        scratchSizeGetter(std::move(scratchSizeGetter)) {}

  void run() {
    collectBuffers();
    collectAliases();
    resolveLiveness();
    computeOffsets();
  }

private:
  using BufferId = Allocation::BufferId;
  using BufferKind = Allocation::BufferKind;
  using Range = Interval<size_t>;

  /// Scratch and virtual buffers start on 128-byte boundaries.
  static constexpr size_t kScratchAlignment = 128;

  void addExplicitBuffer(ttg::LocalAllocOp alloc) {
    auto type = cast<ttg::MemDescType>(alloc.getType());
    if (!isa_and_nonnull<ttg::SharedMemorySpaceAttr>(type.getMemorySpace()))
      return;
    SmallVector<int64_t> shapePerCTA =
        ttg::getShapePerCTA(type.getEncoding(), type.getAllocShape());
    Type elementType = type.getElementType();
    unsigned bitwidth = isa<PointerType>(elementType)
                            ? 64
                            : elementType.getIntOrFloatBitWidth();
    int64_t numElems = 1;
    for (int64_t size : shapePerCTA)
      numElems *= size;
    // A padded layout pads each buffer (the trailing dims) on its own.
    if (auto padded =
            dyn_cast<ttg::PaddedSharedEncodingAttr>(type.getEncoding())) {
      ArrayRef<int64_t> tile =
          ArrayRef<int64_t>(shapePerCTA).take_back(padded.getRank());
      int64_t tileElems = 1;
      for (int64_t size : tile)
        tileElems *= size;
      numElems = numElems / tileElems * padded.getPaddedSize(tile);
    }
    size_t bytes = numElems * bitwidth / 8;
    size_t alignment = 16;
    if (std::optional<uint64_t> explicitAlignment = alloc.getAlignment())
      alignment = *explicitAlignment;
    else if (auto shared =
                 dyn_cast_or_null<ttg::SharedEncodingTrait>(type.getEncoding()))
      alignment = shared.getAlignment();
    BufferId id =
        allocation.addBuffer(BufferKind::Explicit, alloc, bytes, alignment);
    allocation.valueBuffer[alloc.getResult()] = id;
  }

  void addScratchOrVirtualBuffer(Operation *op) {
    if (auto call = dyn_cast<CallOpInterface>(op)) {
      auto callee =
          dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
      if (!callee)
        return;
      auto it = funcAllocMap.find(callee);
      if (it == funcAllocMap.end())
        return;
      size_t bytes = it->second.getSharedMemorySize();
      if (bytes > 0)
        allocation.opBuffer[op] = allocation.addBuffer(
            BufferKind::Virtual, op, bytes, kScratchAlignment);
      return;
    }
    if (unsigned bytes = scratchSizeGetter(op))
      allocation.opBuffer[op] = allocation.addBuffer(BufferKind::Scratch, op,
                                                     bytes, kScratchAlignment);
  }

  void collectBuffers() {
    allocation.getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto alloc = dyn_cast<ttg::LocalAllocOp>(op))
        addExplicitBuffer(alloc);
      addScratchOrVirtualBuffer(op);
    });
  }

  /// Records, for every value that may view explicit buffers, which.
  void collectAliases() {
    if (allocation.valueBuffer.empty())
      return;
    SharedMemoryAliasAnalysis *analysis = nullptr;
    std::unique_ptr<DataFlowSolver> solver = createAliasSolver(analysis);
    if (failed(runSolverIntoIsolatedRegions(*solver, allocation.getOperation())))
      return;
    auto record = [&](Value value) {
      for (Value alloc : getAliasedAllocs(*analysis, value)) {
        BufferId id = allocation.getBufferId(alloc);
        if (id != Allocation::InvalidBufferId)
          allocation.aliasBuffer[value].insert(id);
      }
    };
    allocation.getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      for (Value operand : op->getOperands())
        record(operand);
      for (Value result : op->getResults())
        record(result);
    });
  }

  void resolveLiveness() {
    // Post-order numbers: an op with regions comes after everything in them,
    // so a value used inside a loop stays live until the loop ends.
    DenseMap<Operation *, size_t> opId;
    allocation.getOperation()->walk<WalkOrder::PostOrder>(
        [&](Operation *op) { opId[op] = opId.size(); });

    Liveness liveness(allocation.getOperation());
    auto liveRange = [&](Value value) -> std::optional<Range> {
      size_t first = std::numeric_limits<size_t>::max(), last = 0;
      for (Operation *op : liveness.resolveLiveness(value)) {
        auto it = opId.find(op);
        if (it == opId.end())
          continue;
        first = std::min(first, it->second);
        last = std::max(last, it->second + 1);
      }
      if (first >= last)
        return std::nullopt;
      return Range(first, last);
    };
    auto extend = [&](BufferId id, Range range) {
      auto [it, inserted] = bufferRange.insert({id, range});
      if (!inserted)
        it->second = Range(std::min(it->second.start(), range.start()),
                           std::max(it->second.end(), range.end()));
    };

    for (auto [value, id] : allocation.valueBuffer)
      if (std::optional<Range> range = liveRange(value))
        extend(id, *range);
    for (auto &[value, ids] : allocation.aliasBuffer)
      if (std::optional<Range> range = liveRange(value))
        for (BufferId id : ids)
          extend(id, *range);
    for (auto [op, id] : allocation.opBuffer)
      extend(id, Range(opId.lookup(op), opId.lookup(op) + 1));
    // An explicit buffer nothing keeps live still occupies its alloc.
    for (auto [value, id] : allocation.valueBuffer)
      if (Operation *def = value.getDefiningOp())
        extend(id, Range(opId.lookup(def), opId.lookup(def) + 1));
    for (auto [id, range] : bufferRange)
      allocation.liveRanges[id] = range;
  }

  Allocation::BufferT &buffer(BufferId id) { return allocation.buffers[id]; }

  void computeOffsets() {
    SmallVector<BufferId> order;
    for (auto [id, range] : bufferRange)
      order.push_back(id);
    // Biggest first: they overlap more buffers in time, and placing them
    // first keeps them from being fragmented by small ones.
    llvm::stable_sort(order, [&](BufferId a, BufferId b) {
      return buffer(a).size > buffer(b).size;
    });
    calculateStarts(order);

    // Buffers moved up may now collide with others live at the same time:
    // rebuild the interference graph and recolor until nothing collides.
    // Offsets only grow, so this terminates.
    while (true) {
      auto interference = buildInterferenceGraph(order);
      if (interference.empty())
        break;
      colorAndMove(order, interference);
    }
    size_t total = 0;
    for (BufferId id : order)
      total = std::max(total, buffer(id).offset + buffer(id).size);
    allocation.sharedMemorySize = total;
  }

  /// First fit over "triples" (offset, live range) of free space: take the
  /// lowest free offset, put there the first buffer live in its range that
  /// no other free range's liveness touches, and split the free space around
  /// it. The interference pass fixes whatever this leaves overlapping.
  void calculateStarts(ArrayRef<BufferId> order) {
    std::multimap<size_t, Range> triples;
    triples.insert({0, Range()});
    SmallVector<BufferId> pending(order);
    while (!pending.empty()) {
      if (triples.empty()) {
        // No free range fits the rest: stack them above everything placed.
        size_t top = 0;
        for (BufferId id : order)
          if (!llvm::is_contained(pending, id))
            top = std::max(top, buffer(id).offset + buffer(id).size);
        for (BufferId id : pending)
          top = buffer(id).setOffsetAligned(top) + buffer(id).size;
        return;
      }
      auto tripleIt = triples.begin();
      size_t offset = tripleIt->first;
      Range range = tripleIt->second;
      triples.erase(tripleIt);
      auto found = llvm::find_if(pending, [&](BufferId id) {
        Range live = bufferRange.lookup(id);
        if (!live.intersects(range))
          return false;
        return llvm::none_of(triples, [&](const auto &triple) {
          return triple.second.intersects(live);
        });
      });
      if (found == pending.end())
        continue;
      BufferId id = *found;
      Range live = bufferRange.lookup(id);
      size_t start = buffer(id).setOffsetAligned(offset);
      triples.insert(
          {start + buffer(id).size, Range(std::max(range.start(), live.start()),
                                          std::min(range.end(), live.end()))});
      if (range.start() < live.start())
        triples.insert({offset, Range(range.start(), live.end())});
      if (live.end() < range.end())
        triples.insert({offset, Range(live.start(), range.end())});
      pending.erase(found);
    }
  }

  using GraphT = llvm::MapVector<BufferId, llvm::SetVector<BufferId>>;

  /// Edges between buffers overlapping in memory that are live at the same
  /// time, or whose owners run at the same time: in different regions of
  /// one ttg.warp_specialize (the default region and the partitions run
  /// concurrently, whatever the post-order numbers of their ops say).
  GraphT buildInterferenceGraph(ArrayRef<BufferId> order) {
    GraphT graph;
    for (BufferId x : order) {
      for (BufferId y : order) {
        if (x == y)
          continue;
        if (!allocation.getAllocatedInterval(x).intersects(
                allocation.getAllocatedInterval(y)))
          continue;
        if (bufferRange.lookup(x).intersects(bufferRange.lookup(y)) ||
            runConcurrently(buffer(x).owner, buffer(y).owner))
          graph[x].insert(y);
      }
    }
    return graph;
  }

  /// Whether `a` and `b` run at the same time: in different regions of one
  /// ttg.warp_specialize.
  static bool runConcurrently(Operation *a, Operation *b) {
    Region *ra = ttg::getWarpSpecializeRegion(a->getParentRegion());
    Region *rb = ttg::getWarpSpecializeRegion(b->getParentRegion());
    return ra && rb && ra != rb &&
           ttg::getWarpSpecializeOf(ra) == ttg::getWarpSpecializeOf(rb);
  }

  /// First-fit coloring in `order` (the first buffer keeps color 0); every
  /// buffer of a nonzero color moves above all its neighbours.
  void colorAndMove(ArrayRef<BufferId> order, const GraphT &interference) {
    DenseMap<BufferId, int> color;
    for (BufferId id : order)
      color[id] = -1;
    color[order.front()] = 0;
    for (BufferId x : order) {
      SmallVector<bool> available(order.size(), true);
      auto it = interference.find(x);
      if (it != interference.end())
        for (BufferId y : it->second)
          if (color[y] >= 0)
            available[color[y]] = false;
      color[x] = std::distance(available.begin(), llvm::find(available, true));
    }
    for (BufferId x : order) {
      if (color[x] == 0)
        continue;
      size_t minOffset = 0;
      auto it = interference.find(x);
      if (it != interference.end())
        for (BufferId y : it->second)
          minOffset = std::max(minOffset, buffer(y).offset + buffer(y).size);
      buffer(x).setOffsetAligned(minOffset);
    }
  }

  Allocation &allocation;
  Allocation::FuncAllocMapT &funcAllocMap;
  AllocationAnalysisScratchSizeFn scratchSizeGetter;
  /// Live range of every buffer, in the order buffers were created.
  llvm::MapVector<BufferId, Range> bufferRange;
};

} // namespace mlir::triton

void Allocation::run(FuncAllocMapT &funcAllocMap,
                     AllocationAnalysisScratchSizeFn scratchSizeGetter) {
  AllocationAnalysis(*this, funcAllocMap, std::move(scratchSizeGetter)).run();
}

ModuleAllocation::ModuleAllocation(
    ModuleOp moduleOp, AllocationAnalysisScratchSizeFn scratchSizeGetter)
    : CallGraph<Allocation>(moduleOp) {
  // Callees first, so a call knows its callee's footprint.
  walk<WalkOrder::PreOrder, WalkOrder::PostOrder>(
      [](CallOpInterface, FunctionOpInterface) {},
      [&](FunctionOpInterface funcOp) {
        if (funcOp.isExternal() || funcMap.count(funcOp))
          return;
        // Compute before inserting: run() reads other entries of funcMap,
        // which an insertion may move.
        Allocation allocation(funcOp);
        allocation.run(funcMap, scratchSizeGetter);
        funcMap.try_emplace(funcOp, std::move(allocation));
      });
}

size_t ModuleAllocation::getSharedMemorySize() const {
  size_t size = 0;
  for (FunctionOpInterface root : getRoots())
    size = std::max(size, getSharedMemorySize(root));
  return size;
}
