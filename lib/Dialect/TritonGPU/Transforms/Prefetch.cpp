//===- Prefetch.cpp - tritongpu-prefetch ---------------------------------===//
//
// Triton 3.6's prefetcher for mma v2 loops: where a loop's only dot (an
// mma.sync dot) reads both operands with local_load from shared-memory
// values the loop carries, the first K slice of each operand is loaded into
// registers one iteration ahead, and the dot is split along K so that the
// loads of one slice overlap the mma of the previous one:
//
//   %a0 = ttg.local_load %A_init[:, 0:16]           (before the loop)
//   scf.for ... iter_args(%acc, %A, %B, %pa = %a0, %pb = %b0) {
//     %d0 = tt.dot %pa, %pb, %acc                    (K slice 0)
//     %a1 = ttg.local_load %A[:, 16:32]; %b1 = ...
//     %d1 = tt.dot %a1, %b1, %d0                     (K slice 1) ...
//     %na = ttg.local_load %A_next[:, 0:16]; %nb = ...
//     scf.yield %dN, %A_next, %B_next, %na, %nb
//   }
//
// Elementwise ops between the local_load and the dot (an upcast) are
// applied to each slice. The slice is 8 * kWidth elements of K (16 for
// f16). Loops with several dots, dots of other layouts, or operands that
// are not loop-carried shared memory are left alone: Triton 3.6's own
// pipeliner indexes its buffers inside the loop, so on its pipelined loops
// this pass changes nothing, as Triton's TTGIR of the sm_80 kernels shows.
//
//===----------------------------------------------------------------------===//
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUPREFETCH
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// An operand of the dot: the shared-memory value the loop carries (a
/// region iter_arg), the local_load of it and the single-use elementwise
/// ops from there to the dot, in order.
struct OperandChain {
  BlockArgument smem;
  SmallVector<Operation *> ops;
};

std::optional<OperandChain> getChain(Value operand, scf::ForOp loop) {
  OperandChain chain;
  Operation *op = operand.getDefiningOp();
  while (op && op->getBlock() == loop.getBody() && op->hasOneUse()) {
    chain.ops.push_back(op);
    if (auto load = dyn_cast<LocalLoadOp>(op)) {
      auto arg = dyn_cast<BlockArgument>(load.getSrc());
      if (!arg || arg.getOwner() != loop.getBody() ||
          arg == loop.getInductionVar() || load.getToken() ||
          !isa<DotOperandEncodingAttr>(load.getType().getEncoding()))
        return std::nullopt;
      chain.smem = arg;
      std::reverse(chain.ops.begin(), chain.ops.end());
      return chain;
    }
    if (op->getNumOperands() != 1 || op->getNumResults() != 1 ||
        !op->hasTrait<OpTrait::Elementwise>())
      return std::nullopt;
    op = op->getOperand(0).getDefiningOp();
  }
  return std::nullopt;
}

struct Prefetcher {
  scf::ForOp loop;
  DotOp dot;
  OperandChain a, b;
  int64_t width = 0;

  /// Loads K elements [offset, offset + size) of `smem` (operand `opIdx`)
  /// and applies the chain's elementwise ops to them.
  Value slice(OpBuilder &builder, Value smem, const OperandChain &chain,
              unsigned opIdx, int64_t offset, int64_t size) {
    auto type = cast<MemDescType>(smem.getType());
    Location loc = smem.getLoc();
    unsigned rank = type.getRank();
    unsigned kDim = opIdx == 0 ? rank - 1 : rank - 2;
    SmallVector<int64_t> shape(type.getShape());
    shape[kDim] = size;
    SmallVector<int32_t> offsets(rank, 0);
    offsets[kDim] = int32_t(offset);
    auto viewType = MemDescType::get(
        shape, type.getElementType(), type.getEncoding(), type.getMemorySpace(),
        type.getMutableMemory(), type.getAllocShape());
    Value view =
        MemDescSubsliceOp::create(builder, loc, viewType, smem, offsets);
    auto load = cast<LocalLoadOp>(chain.ops.front());
    Value value =
        LocalLoadOp::create(builder, loc, load.getType().clone(shape), view);
    for (Operation *op : ArrayRef(chain.ops).drop_front()) {
      IRMapping mapping;
      mapping.map(op->getOperand(0), value);
      Operation *clone = builder.clone(*op, mapping);
      clone->getResult(0).setType(
          cast<RankedTensorType>(op->getResult(0).getType()).clone(shape));
      value = clone->getResult(0);
    }
    return value;
  }

  LogicalResult initialize() {
    SmallVector<DotOp> dots;
    for (Operation &op : *loop.getBody()) {
      if (isa<DotScaledOp>(op))
        return failure();
      if (auto d = dyn_cast<DotOp>(op))
        dots.push_back(d);
    }
    if (dots.size() != 1)
      return failure();
    dot = dots.front();
    auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dot.getType().getEncoding());
    if (!mma || !mma.isAmpere())
      return failure();
    std::optional<OperandChain> chainA = getChain(dot.getA(), loop);
    std::optional<OperandChain> chainB = getChain(dot.getB(), loop);
    if (!chainA || !chainB)
      return failure();
    a = *chainA;
    b = *chainB;
    auto aEncoding =
        cast<DotOperandEncodingAttr>(dot.getA().getType().getEncoding());
    width = 8 * aEncoding.getKWidth();
    int64_t k = dot.getA().getType().getShape().back();
    if (width == 0 || k < width || k % width)
      return failure();
    return success();
  }

  void rewrite() {
    OpBuilder builder(loop);
    Location loc = loop.getLoc();
    auto init = [&](BlockArgument arg) {
      return loop.getTiedLoopInit(arg)->get();
    };
    SmallVector<Value> inits(loop.getInitArgs());
    inits.push_back(slice(builder, init(a.smem), a, 0, 0, width));
    inits.push_back(slice(builder, init(b.smem), b, 1, 0, width));
    auto newLoop =
        scf::ForOp::create(builder, loc, loop.getLowerBound(),
                           loop.getUpperBound(), loop.getStep(), inits);
    IRMapping mapping;
    mapping.map(loop.getInductionVar(), newLoop.getInductionVar());
    for (auto [old, arg] :
         llvm::zip(loop.getRegionIterArgs(), newLoop.getRegionIterArgs()))
      mapping.map(old, arg);
    unsigned numArgs = loop.getNumRegionIterArgs();
    Value headA = newLoop.getRegionIterArgs()[numArgs];
    Value headB = newLoop.getRegionIterArgs()[numArgs + 1];
    llvm::SmallPtrSet<Operation *, 8> chains;
    chains.insert(a.ops.begin(), a.ops.end());
    chains.insert(b.ops.begin(), b.ops.end());
    builder.setInsertionPointToStart(newLoop.getBody());
    int64_t k = dot.getA().getType().getShape().back();
    for (Operation &op : loop.getBody()->without_terminator()) {
      if (chains.contains(&op))
        continue;
      if (&op != dot.getOperation()) {
        builder.clone(op, mapping);
        continue;
      }
      // K slice 0 from the registers loaded one iteration ahead; each
      // further slice loaded before the previous slice's dot.
      Operation *prev = builder.clone(op, mapping);
      prev->setOperand(0, headA);
      prev->setOperand(1, headB);
      for (int64_t offset = width; offset < k; offset += width) {
        OpBuilder::InsertionGuard guard(builder);
        builder.setInsertionPoint(prev);
        Value sliceA =
            slice(builder, mapping.lookup(a.smem), a, 0, offset, width);
        Value sliceB =
            slice(builder, mapping.lookup(b.smem), b, 1, offset, width);
        builder.setInsertionPointAfter(prev);
        Operation *next = builder.clone(op, mapping);
        next->setOperands({sliceA, sliceB, prev->getResult(0)});
        prev = next;
        builder.setInsertionPointAfter(prev);
      }
      mapping.map(dot.getResult(), prev->getResult(0));
    }
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    SmallVector<Value> yielded;
    for (Value v : yield.getOperands())
      yielded.push_back(mapping.lookupOrDefault(v));
    unsigned ia = a.smem.getArgNumber() - 1, ib = b.smem.getArgNumber() - 1;
    yielded.push_back(slice(builder, yielded[ia], a, 0, 0, width));
    yielded.push_back(slice(builder, yielded[ib], b, 1, 0, width));
    scf::YieldOp::create(builder, yield.getLoc(), yielded);
    for (auto [old, now] : llvm::zip(loop.getResults(), newLoop.getResults()))
      old.replaceAllUsesWith(now);
    loop.erase();
  }
};

struct PrefetchPass
    : public mlir::triton::gpu::impl::TritonGPUPrefetchBase<PrefetchPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      Prefetcher prefetcher{loop, DotOp(), {}, {}, 0};
      if (succeeded(prefetcher.initialize()))
        prefetcher.rewrite();
    }
  }
};

} // namespace
