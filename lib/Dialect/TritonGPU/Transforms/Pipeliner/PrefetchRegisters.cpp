//===- PrefetchRegisters.cpp - dot operand loads one iteration ahead -----===//
//
// A dot operand that cp.async cannot copy stays a `tt.load` in the pipelined
// loop: an 8-bit B stored K x N, which wgmma wants K-major, is loaded into
// registers and written to shared memory transposed (fp8 and int8 matmuls;
// Triton 3.6 does the same). The load then sits in the
// iteration that uses it, and every iteration waits for global memory
// before its dot can start; ptxas, squeezing registers for occupancy, may
// even issue the loads one at a time. Here such a load is issued one
// iteration ahead into registers, which the loop carries:
//
//   %v0 = tt.load %ptrs(iteration 0), %mask(0) and (lb < ub)
//   scf.for %k ... iter_args(..., %v = %v0) {
//     %vn = tt.load %ptrs(k + 1), %mask(k + 1) and (k + 1 < ub)
//     ... the uses of the load, on %v ...
//     scf.yield ..., %vn
//   }
//
// The addresses of iteration k + 1 are the load's operands recomputed at
// the top of the body from what iteration k yields (its pointer
// increments) and k + step, so they must come from side-effect-free ops
// without regions. The load moves ahead of the rest of iteration k, so the
// loop must write no global memory. Each prefetched value costs its
// registers for the whole loop: at most 16 registers a thread per load and
// 32 per loop.
//
//===----------------------------------------------------------------------===//
#include "Pipeliner.h"

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

constexpr int64_t kMaxBytesPerLoad = 64;  // 16 registers a thread
constexpr int64_t kMaxBytesPerLoop = 128; // 32

/// Whether `op` (not its nested ops) may write memory other than shared.
bool writesBeyondShared(Operation *op) {
  if (isa<AsyncWaitOp, AsyncCommitGroupOp>(op))
    return false; // order cp.async copies into shared memory
  if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ||
      isMemoryEffectFree(op))
    return false; // nested ops are looked at on their own
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface)
    return true;
  SmallVector<MemoryEffects::EffectInstance> effects;
  iface.getEffects(effects);
  return llvm::any_of(effects, [](const MemoryEffects::EffectInstance &e) {
    return !isa<MemoryEffects::Read>(e.getEffect()) &&
           !isa<SharedMemory>(e.getResource());
  });
}

/// Whether a value computed from `load` in `body` is a dot operand.
bool feedsDot(LoadOp load, Block *body) {
  SmallVector<Value> worklist{load.getResult()};
  llvm::DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    for (OpOperand &use : v.getUses()) {
      Operation *user = body->findAncestorOpInBlock(*use.getOwner());
      if (!user || isa<scf::YieldOp>(user))
        continue;
      Value acc = TypeSwitch<Operation *, Value>(user)
                      .Case<DotOp, DotScaledOp, nvidia_gpu::WarpGroupDotOp>(
                          [](auto dot) { return dot.getC(); })
                      .Default([](Operation *) { return Value(); });
      if (acc && use.get() != acc)
        return true;
      llvm::append_range(worklist, user->getResults());
    }
  }
  return false;
}

/// Bytes of registers `load`'s result takes in a thread (a register of
/// its layout per element it holds, broadcast copies included); nullopt
/// for a result without a distributed layout.
std::optional<int64_t> bytesPerThread(LoadOp load) {
  auto type = cast<RankedTensorType>(load.getType());
  if (!isa_and_nonnull<DistributedEncodingTrait>(type.getEncoding()))
    return std::nullopt;
  int64_t bytes = std::max<int64_t>(type.getElementTypeBitWidth(), 8) / 8;
  return getNumRegisters(type.getShape(), type.getEncoding()) * bytes;
}

/// Rebuilds values of the loop body for another iteration (this one, the
/// next or the first): an iteration argument becomes its value in that
/// iteration (what this one yields, for the next; the init value, for the
/// first), the induction variable likewise, and the ops in between are
/// cloned at the builder's point. Fails on ops with side effects or
/// regions.
class IterationCloner {
public:
  IterationCloner(scf::ForOp loop, OpBuilder &b) : loop(loop), b(b) {}

  /// Values of iteration k (the current one), built at the builder's point.
  void setCurrent() { kind = Current; }
  /// Values of iteration k + 1.
  void setNext(Value nextIv) {
    kind = Next;
    iv = nextIv;
  }
  /// Values of the first iteration, before the loop.
  void setFirst() { kind = First; }

  FailureOr<Value> get(Value v) {
    Block *body = loop.getBody();
    auto &memo = kind == Current ? current : kind == Next ? next : first;
    if (Value known = memo.lookupOrNull(v))
      return known;
    Value result;
    if (v == loop.getInductionVar()) {
      result = kind == Current ? v : kind == Next ? iv : loop.getLowerBound();
    } else if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() != body)
        return v; // defined above the loop
      unsigned i = arg.getArgNumber() - 1;
      if (kind == Current)
        return v;
      if (kind == First) {
        result = loop.getInitArgs()[i];
      } else {
        // Iteration k + 1 starts from what iteration k yields.
        Kind saved = kind;
        kind = Current;
        FailureOr<Value> yielded =
            get(body->getTerminator()->getOperand(i));
        kind = saved;
        if (failed(yielded))
          return failure();
        result = *yielded;
      }
    } else {
      Operation *op = v.getDefiningOp();
      if (body->findAncestorOpInBlock(*op) == nullptr)
        return v; // defined above the loop
      if (op->getNumRegions() || !isMemoryEffectFree(op))
        return failure();
      IRMapping mapping;
      for (Value operand : op->getOperands()) {
        FailureOr<Value> mapped = get(operand);
        if (failed(mapped))
          return failure();
        mapping.map(operand, *mapped);
      }
      Operation *clone = b.clone(*op, mapping);
      for (auto [old, cloned] : llvm::zip(op->getResults(), clone->getResults()))
        memo.map(old, cloned);
      return memo.lookup(v);
    }
    memo.map(v, result);
    return result;
  }

private:
  enum Kind { Current, Next, First };
  scf::ForOp loop;
  OpBuilder &b;
  Kind kind = Current;
  Value iv;
  IRMapping current, next, first;
};

/// `load`'s mask anded with the scalar `valid` (a mask of its own if it
/// had none).
Value maskWith(OpBuilder &b, Location loc, LoadOp load, Value mask,
               Value valid) {
  auto ptrType = cast<RankedTensorType>(load.getPtr().getType());
  auto maskType = RankedTensorType::get(
      ptrType.getShape(), b.getI1Type(), ptrType.getEncoding());
  Value splat = SplatOp::create(b, loc, maskType, valid);
  return mask ? arith::AndIOp::create(b, loc, mask, splat).getResult() : splat;
}

/// The load for the iteration `cloner` describes, masked by `valid`.
FailureOr<Value> cloneLoad(OpBuilder &b, IterationCloner &cloner, LoadOp load,
                           Value valid) {
  FailureOr<Value> ptr = cloner.get(load.getPtr());
  if (failed(ptr))
    return failure();
  Value mask, other;
  if (Value m = load.getMask()) {
    FailureOr<Value> mapped = cloner.get(m);
    if (failed(mapped))
      return failure();
    mask = *mapped;
  }
  if (Value o = load.getOther()) {
    FailureOr<Value> mapped = cloner.get(o);
    if (failed(mapped))
      return failure();
    other = *mapped;
  }
  Location loc = load.getLoc();
  mask = maskWith(b, loc, load, mask, valid);
  return LoadOp::create(b, loc, *ptr, mask, other, load.getCache(),
                        load.getEvict(), load.getIsVolatile())
      .getResult();
}

/// Records the ops a builder creates, to take them back.
struct Recorder : public OpBuilder::Listener {
  SmallVector<Operation *> ops;
  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint) override {
    ops.push_back(op);
  }
  void eraseAll() {
    for (Operation *op : llvm::reverse(ops))
      op->erase();
    ops.clear();
  }
};

/// Prefetches the dot operand loads of `loop`; returns the loop (rebuilt
/// when something was prefetched).
scf::ForOp prefetchLoop(scf::ForOp loop) {
  Block *body = loop.getBody();
  if (body->walk([](Operation *op) {
            return writesBeyondShared(op) ? WalkResult::interrupt()
                                          : WalkResult::advance();
          })
          .wasInterrupted())
    return loop;
  SmallVector<LoadOp> candidates;
  for (auto load : body->getOps<LoadOp>())
    if (isa<RankedTensorType>(load.getType()) &&
        isa<RankedTensorType>(load.getPtr().getType()) &&
        !load.getIsVolatile() && feedsDot(load, body))
      candidates.push_back(load);
  if (candidates.empty())
    return loop;

  // Each load's first iteration before the loop, its next at the top of
  // the body; a load whose addresses cannot be rebuilt is left as it is,
  // with what was built for it taken back.
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  auto less = loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                    : arith::CmpIPredicate::slt;
  Value firstValid = arith::CmpIOp::create(b, loc, less, loop.getLowerBound(),
                                           loop.getUpperBound());
  b.setInsertionPointToStart(body);
  Value nextIv = arith::AddIOp::create(b, loc, loop.getInductionVar(),
                                       loop.getStep());
  Value nextValid =
      arith::CmpIOp::create(b, loc, less, nextIv, loop.getUpperBound());
  Operation *topOfBody = nextValid.getDefiningOp()->getNextNode();
  SmallVector<LoadOp> kept;
  SmallVector<Value> firsts, nexts;
  int64_t total = 0;
  for (LoadOp load : candidates) {
    std::optional<int64_t> bytes = bytesPerThread(load);
    if (!bytes || *bytes > kMaxBytesPerLoad ||
        total + *bytes > kMaxBytesPerLoop)
      continue;
    Recorder recorder;
    b.setListener(&recorder);
    b.setInsertionPoint(loop);
    IterationCloner first(loop, b);
    first.setFirst();
    FailureOr<Value> firstValue = cloneLoad(b, first, load, firstValid);
    FailureOr<Value> nextValue = failure();
    if (succeeded(firstValue)) {
      b.setInsertionPoint(topOfBody);
      IterationCloner next(loop, b);
      next.setNext(nextIv);
      nextValue = cloneLoad(b, next, load, nextValid);
    }
    b.setListener(nullptr);
    if (failed(nextValue)) {
      recorder.eraseAll();
      continue;
    }
    kept.push_back(load);
    firsts.push_back(*firstValue);
    nexts.push_back(*nextValue);
    total += *bytes;
  }
  if (kept.empty()) {
    nextValid.getDefiningOp()->erase();
    nextIv.getDefiningOp()->erase();
    firstValid.getDefiningOp()->erase();
    return loop;
  }

  IRRewriter rewriter(loop.getContext());
  rewriter.setInsertionPoint(loop);
  unsigned base = loop.getNumRegionIterArgs();
  auto newLoop = cast<scf::ForOp>(*loop.replaceWithAdditionalYields(
      rewriter, firsts, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &, Location, ArrayRef<BlockArgument>) { return nexts; }));
  for (auto [i, load] : llvm::enumerate(kept)) {
    load.getResult().replaceAllUsesWith(newLoop.getRegionIterArgs()[base + i]);
    load.erase();
  }
  return newLoop;
}

} // namespace

void mlir::triton::gpu::prefetchRegisterLoads(ModuleOp module) {
  SmallVector<scf::ForOp> loops;
  module.walk([&](scf::ForOp loop) {
    if (loop->hasAttr(kPipelinedBuffersAttr))
      loops.push_back(loop);
  });
  for (scf::ForOp loop : loops)
    prefetchLoop(loop);
}
