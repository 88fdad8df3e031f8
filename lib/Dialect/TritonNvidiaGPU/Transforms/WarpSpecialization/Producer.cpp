//===- Producer.cpp - nvgpu-warp-specialization's producer ----------------===//
//
// The producer partition of nvgpu-warp-specialization: a clone of the
// marked nest in which each tile load is a TMA copy into its ring slot,
// pruned to what the copies need (their coordinates, the loops around them
// and the loop-carried values those read), then isolated from above with
// its captures.
//
//===----------------------------------------------------------------------===//
#include "WarpSpecialization.h"

#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/TMAUtility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

#include <functional>

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

/// What seeds inside a loop nest need: the ops defining their operands,
/// transitively, the loops and ifs around them, and the loop-carried values
/// they read (as (loop, iter_arg index)).
struct Liveness {
  llvm::SetVector<Operation *> ops;
  llvm::DenseSet<std::pair<Operation *, unsigned>> iterArgs;
};

Liveness liveSlice(Operation *root, ArrayRef<Operation *> seeds) {
  Liveness live;
  SmallVector<Operation *> worklist;
  auto markOp = [&](Operation *op) {
    if (op && root->isAncestor(op) && live.ops.insert(op))
      worklist.push_back(op);
  };
  std::function<void(Value)> markValue = [&](Value value) {
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      Operation *owner = arg.getOwner()->getParentOp();
      auto loop = dyn_cast<scf::ForOp>(owner);
      if (loop && root->isAncestor(loop) && arg.getArgNumber() > 0) {
        unsigned i = arg.getArgNumber() - 1;
        if (live.iterArgs.insert({loop, i}).second) {
          markValue(loop.getInitArgs()[i]);
          markValue(loop.getBody()->getTerminator()->getOperand(i));
        }
      }
      markOp(owner);
      return;
    }
    Operation *def = value.getDefiningOp();
    if (auto loop = dyn_cast<scf::ForOp>(def))
      markValue(
          loop.getRegionIterArgs()[cast<OpResult>(value).getResultNumber()]);
    markOp(def);
  };
  for (Operation *seed : seeds)
    markOp(seed);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      for (Value bound :
           {loop.getLowerBound(), loop.getUpperBound(), loop.getStep()})
        markValue(bound);
    } else if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      markValue(ifOp.getCondition());
      for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()})
        if (!region->empty())
          for (Value v : region->front().getTerminator()->getOperands())
            markValue(v);
    } else {
      for (Value operand : op->getOperands())
        markValue(operand);
    }
    if (op != root)
      markOp(op->getParentOp());
  }
  return live;
}

/// Whether the producer may run `op` too: it has no effect but reading
/// global memory, no region and no tensor (the producer is one warp, the
/// tensors' layouts are the kernel's).
bool isDuplicable(Operation *op) {
  if (op->getNumRegions() != 0)
    return false;
  auto isTensor = [](Type t) { return isa<RankedTensorType>(t); };
  if (llvm::any_of(op->getResultTypes(), isTensor) ||
      llvm::any_of(op->getOperandTypes(), isTensor))
    return false;
  if (isMemoryEffectFree(op))
    return true;
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface)
    return false;
  SmallVector<MemoryEffects::EffectInstance> effects;
  iface.getEffects(effects);
  return llvm::all_of(effects, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Read>(e.getEffect()) &&
           isa<triton::GlobalMemory>(e.getResource());
  });
}

/// Rebuilds `loop` without the iter_args `live` does not hold; their uses
/// (by ops about to be erased) read the initial value instead.
scf::ForOp dropDeadIterArgs(scf::ForOp loop, const Liveness &live,
                            RewriterBase &rewriter) {
  SmallVector<unsigned> kept;
  for (unsigned i = 0; i < loop.getNumRegionIterArgs(); ++i) {
    if (live.iterArgs.contains({loop, i})) {
      kept.push_back(i);
      continue;
    }
    Value init = loop.getInitArgs()[i];
    loop.getRegionIterArgs()[i].replaceAllUsesWith(init);
    loop.getResult(i).replaceAllUsesWith(init);
  }
  if (kept.size() == loop.getNumRegionIterArgs())
    return loop;
  SmallVector<Value> inits;
  for (unsigned i : kept)
    inits.push_back(loop.getInitArgs()[i]);
  rewriter.setInsertionPoint(loop);
  auto grown = scf::ForOp::create(rewriter, loop.getLoc(), loop.getLowerBound(),
                                  loop.getUpperBound(), loop.getStep(), inits);
  grown->setAttrs(loop->getAttrs());
  Block *body = grown.getBody();
  if (!body->empty())
    rewriter.eraseOp(body->getTerminator());
  SmallVector<Value> args{grown.getInductionVar()};
  for (unsigned i = 0; i < loop.getNumRegionIterArgs(); ++i) {
    auto it = llvm::find(kept, i);
    args.push_back(it == kept.end()
                       ? loop.getInitArgs()[i]
                       : grown.getRegionIterArgs()[it - kept.begin()]);
  }
  Operation *yield = loop.getBody()->getTerminator();
  SmallVector<Value> yielded;
  for (unsigned i : kept)
    yielded.push_back(yield->getOperand(i));
  rewriter.mergeBlocks(loop.getBody(), body, args);
  rewriter.setInsertionPoint(yield);
  scf::YieldOp::create(rewriter, yield->getLoc(), yielded);
  rewriter.eraseOp(yield);
  for (auto [j, i] : llvm::enumerate(kept))
    loop.getResult(i).replaceAllUsesWith(grown.getResult(j));
  rewriter.eraseOp(loop);
  return grown;
}

} // namespace

namespace mlir::triton::nvidia_gpu::ws {

LogicalResult checkProducer(Operation *root, ArrayRef<Operation *> seeds,
                            std::string &why) {
  Liveness live = liveSlice(root, seeds);
  for (Operation *op : live.ops) {
    if (llvm::is_contained(seeds, op) || isa<scf::ForOp, scf::IfOp>(op))
      continue;
    if (!isDuplicable(op)) {
      why = "the TMA coordinates need '" + op->getName().getStringRef().str() +
            "', which the producer warp cannot run as well";
      return failure();
    }
  }
  return success();
}

Operation *buildProducer(Operation *nest, MutableArrayRef<TileLoad> tiles,
                         Value count, int stages, RewriterBase &rewriter) {
  // The tiles of one dot (one `full` ring), in the order of their loads.
  llvm::MapVector<Value, SmallVector<TileLoad *>> groups;
  for (TileLoad &tile : tiles)
    groups[tile.full].push_back(&tile);
  SmallVector<Operation *> seeds;
  Location loc = tiles.front().load.getLoc();
  Value yes;
  for (auto &[full, group] : groups) {
    Operation *first = group.front()->load;
    for (TileLoad *tile : group)
      if (tile->load->isBeforeInBlock(first))
        first = tile->load;
    rewriter.setInsertionPoint(first);
    if (!yes)
      yes = arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true));
    auto [slot, phase] = slotAndPhase(rewriter, loc, count, stages);
    Value previous =
        arith::XOrIOp::create(rewriter, loc, phase, i32(rewriter, loc, 1));
    seeds.push_back(ttng::WaitBarrierOp::create(
        rewriter, loc, barrierAt(rewriter, loc, group.front()->empty, slot),
        previous));
    Value bar = barrierAt(rewriter, loc, full, slot);
    int64_t bytes = 0;
    for (TileLoad *tile : group)
      bytes += ttng::getTMACopyBytes(tile->load.getDesc().getType());
    seeds.push_back(
        ttng::BarrierExpectOp::create(rewriter, loc, bar, bytes, yes));
    for (TileLoad *tile : group) {
      DescriptorLoadOp load = tile->load;
      seeds.push_back(ttng::AsyncTMACopyGlobalToLocalOp::create(
          rewriter, load.getLoc(), load.getDesc(), load.getIndices(), bar,
          bufferAt(rewriter, loc, tile->ring, slot), yes, load.getCache(),
          load.getEvict(), /*isVolatile=*/false));
    }
  }
  if (Operation *def = yes.getDefiningOp())
    def->moveBefore(nest);

  Liveness live = liveSlice(nest, seeds);
  SmallVector<scf::ForOp> loops;
  nest->walk([&](scf::ForOp loop) {
    if (live.ops.contains(loop))
      loops.push_back(loop);
  });
  for (scf::ForOp loop : loops) {
    scf::ForOp grown = dropDeadIterArgs(loop, live, rewriter);
    if (grown != loop) {
      live.ops.insert(grown);
      if (loop == nest)
        nest = grown;
    }
  }
  SmallVector<Operation *> dead;
  nest->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == nest)
      return WalkResult::advance();
    if (op->hasTrait<OpTrait::IsTerminator>())
      return WalkResult::skip();
    if (live.ops.contains(op))
      return WalkResult::advance();
    dead.push_back(op);
    return WalkResult::skip();
  });
  for (Operation *op : llvm::reverse(dead)) {
    op->dropAllUses();
    rewriter.eraseOp(op);
  }
  return nest;
}

SmallVector<Value> isolate(ArrayRef<Operation *> nests, Region &region,
                           RewriterBase &rewriter) {
  auto inNests = [&](Operation *op) {
    return llvm::any_of(nests, [&](Operation *n) { return n->isAncestor(op); });
  };
  auto fromOutside = [&](Value v) {
    Operation *def = v.getDefiningOp();
    if (def)
      return !inNests(def);
    return !inNests(cast<BlockArgument>(v).getOwner()->getParentOp());
  };
  llvm::SetVector<Value> outside;
  for (Operation *nest : nests) {
    for (Value operand : nest->getOperands())
      if (fromOutside(operand))
        outside.insert(operand);
    llvm::SetVector<Value> above;
    getUsedValuesDefinedAbove(nest->getRegions(), above);
    for (Value v : above)
      if (fromOutside(v))
        outside.insert(v);
  }
  Block *block = rewriter.createBlock(&region);
  rewriter.setInsertionPointToStart(block);
  SmallVector<Value> captures;
  for (Value value : outside) {
    Value inside;
    if (Operation *def = value.getDefiningOp();
        def && def->hasTrait<OpTrait::ConstantLike>())
      inside = rewriter.clone(*def)->getResult(0);
    else {
      captures.push_back(value);
      inside = block->addArgument(value.getType(), value.getLoc());
    }
    value.replaceUsesWithIf(
        inside, [&](OpOperand &use) { return inNests(use.getOwner()); });
  }
  for (Operation *nest : nests)
    nest->moveBefore(block, block->end());
  rewriter.setInsertionPointToEnd(block);
  ttg::WarpReturnOp::create(rewriter, nests.back()->getLoc());
  return captures;
}

} // namespace mlir::triton::nvidia_gpu::ws
