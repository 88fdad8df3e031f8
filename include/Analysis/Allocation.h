//===- Allocation.h - shared-memory offsets of a kernel's buffers -*- C++
//-*-===//
//
// Assigns every buffer of a function a byte offset in the kernel's shared
// memory, letting buffers share bytes when their live ranges do not overlap.
// Buffers are of three kinds:
//   explicit  a `ttg.local_alloc` in shared memory (with or without an
//             initial value), live from the alloc over every value that may
//             view it (Alias.h);
//   scratch   temporary storage of one op (`ttg.convert_layout` moving data
//             across warps, `tt.reduce`/`tt.scan` across warps, `tt.gather`,
//             `tt.histogram`, atomics whose result is shared, TMA descriptor
//             creation), live only at that op; sizes come from
//             ScratchSize.h;
//   virtual   a `tt.call`: the callee's whole footprint, live at the call.
//             The callee's own offsets are relative to the base its caller
//             passes, i.e. the offset of this virtual buffer.
//
// The algorithm is Triton's: number the ops in post-order (a parent after
// its children), take each buffer's live range as the interval of op
// numbers it is live at (mlir::Liveness), place buffers biggest first with
// the first-fit "triples" walk, then, while two buffers that are live
// together overlap in memory, color the interference graph and move buffers
// above their neighbours (each offset aligned to the buffer's alignment).
//
// ModuleAllocation runs it over a module's call graph, callees first.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_ANALYSIS_ALLOCATION_H
#define TRITON_ANALYSIS_ALLOCATION_H

#include "Analysis/CallGraph.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

#include <functional>
#include <limits>

namespace mlir::triton {

/// The half-open interval [start, end). The default interval is the whole
/// range of T.
template <typename T> class Interval {
public:
  Interval() = default;
  Interval(T start, T end) : first(start), last(end) {}
  T start() const { return first; }
  T end() const { return last; }
  T size() const { return last - first; }
  bool contains(T value) const { return first <= value && value < last; }
  bool intersects(const Interval &other) const {
    return first < other.last && other.first < last;
  }
  bool operator==(const Interval &other) const {
    return first == other.first && last == other.last;
  }
  bool operator!=(const Interval &other) const { return !(*this == other); }
  bool operator<(const Interval &other) const {
    return std::make_pair(first, last) <
           std::make_pair(other.first, other.last);
  }

private:
  T first = std::numeric_limits<T>::min();
  T last = std::numeric_limits<T>::max();
};

/// Bytes of scratch shared memory `op` needs; 0 for none.
using AllocationAnalysisScratchSizeFn = std::function<unsigned(Operation *)>;

/// Triton's scratch sizes for NVIDIA targets (ScratchSize.h).
unsigned defaultAllocationAnalysisScratchSizeFn(Operation *op);

/// The shared-memory layout of one function.
class Allocation {
public:
  /// Identifies a buffer within one Allocation.
  using BufferId = size_t;
  using BufferIdSetT = llvm::SetVector<BufferId>;
  static constexpr BufferId InvalidBufferId =
      std::numeric_limits<BufferId>::max();
  /// The same type as CallGraph<Allocation>::FuncDataMapT.
  using FuncAllocMapT = DenseMap<FunctionOpInterface, Allocation>;

  enum class BufferKind { Explicit, Scratch, Virtual };

  explicit Allocation(Operation *operation) : operation(operation) {}

  /// Computes the layout of the function. Callees must already be in
  /// `funcAllocMap` (ModuleAllocation visits callees first); a call whose
  /// callee is absent reserves nothing.
  void run(FuncAllocMapT &funcAllocMap,
           AllocationAnalysisScratchSizeFn scratchSizeGetter);

  /// The function (or other op) analysed.
  Operation *getOperation() const { return operation; }

  /// Offset, size and kind of a buffer.
  size_t getOffset(BufferId id) const { return buffers[id].offset; }
  size_t getAllocatedSize(BufferId id) const { return buffers[id].size; }
  size_t getAlignment(BufferId id) const { return buffers[id].alignment; }
  BufferKind getBufferKind(BufferId id) const { return buffers[id].kind; }
  bool isVirtualBuffer(BufferId id) const {
    return buffers[id].kind == BufferKind::Virtual;
  }
  /// The bytes [offset, offset + size) of a buffer.
  Interval<size_t> getAllocatedInterval(BufferId id) const {
    return Interval<size_t>(buffers[id].offset,
                            buffers[id].offset + buffers[id].size);
  }
  /// The op that owns a buffer: the local_alloc, the op with the scratch
  /// buffer, or the call.
  Operation *getOwner(BufferId id) const { return buffers[id].owner; }
  size_t getNumBuffers() const { return buffers.size(); }

  /// The explicit buffer `value` (a local_alloc result) is, or
  /// InvalidBufferId.
  BufferId getBufferId(Value value) const;
  /// Every buffer `value` may view: its own and those it aliases.
  BufferIdSetT getBufferIds(Value value) const;
  /// The scratch or virtual buffer of `op`, or InvalidBufferId.
  BufferId getBufferId(Operation *op) const;

  /// Bytes of shared memory the function needs (the end of its highest
  /// buffer).
  size_t getSharedMemorySize() const { return sharedMemorySize; }

  /// Whether two buffers overlap in memory (not in time).
  bool isIntersected(BufferId lhs, BufferId rhs) const {
    if (lhs == InvalidBufferId || rhs == InvalidBufferId)
      return false;
    return getAllocatedInterval(lhs).intersects(getAllocatedInterval(rhs));
  }

  /// The live range (in post-order op numbers) of a buffer.
  Interval<size_t> getLiveRange(BufferId id) const {
    return liveRanges.lookup(id);
  }

private:
  friend class AllocationAnalysis;

  struct BufferT {
    BufferKind kind;
    BufferId id;
    Operation *owner;
    size_t size;
    size_t alignment;
    size_t offset = 0;

    /// Moves the buffer to the first multiple of its alignment at or above
    /// `minOffset`; returns the new offset.
    size_t setOffsetAligned(size_t minOffset);
  };

  BufferId addBuffer(BufferKind kind, Operation *owner, size_t size,
                     size_t alignment);

  Operation *operation;
  SmallVector<BufferT> buffers;
  /// local_alloc result -> its explicit buffer.
  llvm::MapVector<Value, BufferId> valueBuffer;
  /// op -> its scratch or virtual buffer.
  llvm::MapVector<Operation *, BufferId> opBuffer;
  /// value -> explicit buffers it may view (from the alias analysis).
  llvm::MapVector<Value, BufferIdSetT> aliasBuffer;
  DenseMap<BufferId, Interval<size_t>> liveRanges;
  size_t sharedMemorySize = 0;
};

/// The allocation of every function of a module, computed callees first so
/// that a call reserves its callee's footprint.
class ModuleAllocation : public CallGraph<Allocation> {
public:
  explicit ModuleAllocation(ModuleOp moduleOp,
                            AllocationAnalysisScratchSizeFn scratchSizeGetter =
                                defaultAllocationAnalysisScratchSizeFn);

  /// The allocation of `funcOp`, or null (e.g. a declaration).
  Allocation *getAllocation(FunctionOpInterface funcOp) {
    return getFuncData(funcOp);
  }

  /// The shared memory the module's kernels need: the largest footprint of
  /// a root function (callees are inside their callers' footprint).
  size_t getSharedMemorySize() const;
  size_t getSharedMemorySize(FunctionOpInterface funcOp) const {
    const Allocation *allocation = getFuncData(funcOp);
    return allocation ? allocation->getSharedMemorySize() : 0;
  }
};

} // namespace mlir::triton

#endif // TRITON_ANALYSIS_ALLOCATION_H
