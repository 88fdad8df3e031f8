//===- WarpSpecialization.cpp - nvgpu-warp-specialization -----------------===//
//
// Splits a loop nest marked `tt.warp_specialize` into a TMA producer and the
// kernel's warps as the MMA consumer and epilogue (see Passes.td):
//
//   - the TMA loads whose tiles each feed one `ttng.warp_group_dot` (through
//     a `ttg.local_alloc` and memdesc views) move to a one-warp partition,
//     which walks a clone of the nest pruned to what the loads' coordinates
//     need and copies each tile into a ring of `S` buffers (a ring and
//     full/empty mbarriers per dot);
//   - the kernel's warps keep the nest: each iteration waits for a dot's
//     slot to be full and issues the dot asynchronously. A lone dot
//     accumulating across iterations waits for the previous one and hands
//     its slot back (the last after the loop); attention's Q x K is waited
//     for at once and hands back its slot and that of the P x V before it,
//     which stayed in flight until then.
//
// Both sides count the tiles they have passed with the same counter (an
// iter_arg through every loop from the marked one to the one holding the
// loads), so slot = count % S and phase = (count / S) & 1 agree. The empty
// barriers start in phase 0, so the producer's first wait (for the phase
// before, parity 1) passes at once.
//
//===----------------------------------------------------------------------===//
#include "WarpSpecialization.h"

#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "Dialect/TritonGPU/IR/MemDescViews.h"
#include "Dialect/TritonNvidiaGPU/IR/TMAUtility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_NVGPUWARPSPECIALIZATION
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

using namespace mlir::triton::nvidia_gpu::ws;

//===----------------------------------------------------------------------===//
// Shared with the producer
//===----------------------------------------------------------------------===//

namespace mlir::triton::nvidia_gpu::ws {

Value i32(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
}

/// slot = count % S, phase = (count / S) & 1.
std::pair<Value, Value> slotAndPhase(OpBuilder &b, Location loc, Value count,
                                     int stages) {
  Value s = i32(b, loc, stages);
  Value slot = arith::RemUIOp::create(b, loc, count, s);
  Value round = arith::DivUIOp::create(b, loc, count, s);
  Value phase = arith::AndIOp::create(b, loc, round, i32(b, loc, 1));
  return {slot, phase};
}

Value barrierAt(OpBuilder &b, Location loc, Value bars, Value slot) {
  return ttg::MemDescIndexOp::create(
      b, loc, ttng::getBarrierBufferType(b.getContext()), bars, slot);
}

Value bufferAt(OpBuilder &b, Location loc, Value ring, Value slot) {
  auto type = cast<ttg::MemDescType>(ring.getType());
  auto one =
      ttg::MemDescType::get(type.getShape().drop_front(), type.getElementType(),
                            type.getEncoding(), type.getMemorySpace(),
                            /*mutableMemory=*/true);
  return ttg::MemDescIndexOp::create(b, loc, one, ring, slot);
}

} // namespace mlir::triton::nvidia_gpu::ws

namespace {

/// The mark `tl.range(..., warp_specialize=True)` leaves on a loop.
constexpr llvm::StringLiteral kWarpSpecializeAttrName = "tt.warp_specialize";
/// Shared memory an H100 CTA may use.
constexpr int64_t kSharedLimit = 227 * 1024;
/// Registers the producer warp group asks for (setmaxnreg's unit is 8).
constexpr int32_t kProducerRegisters = 24;

/// Whether `dot`'s accumulator is the previous iteration's `dot` in the
/// loop whose body is `body`, read by nothing else.
bool isChained(ttng::WarpGroupDotOp dot, Block *body) {
  Value acc = dot.getC();
  auto accArg = dyn_cast<BlockArgument>(acc);
  return accArg && accArg.getOwner() == body && acc.hasOneUse() &&
         dot.getResult().hasOneUse() &&
         isa<scf::YieldOp>(*dot.getResult().user_begin()) &&
         dot.getResult().use_begin()->getOperandNumber() ==
             accArg.getArgNumber() - 1;
}

/// The warp-group dot that reads `alloc` (through memdesc views) and
/// nothing else does; null if anything else reads it.
ttng::WarpGroupDotOp onlyDotReading(ttg::LocalAllocOp alloc) {
  ttng::WarpGroupDotOp dot;
  SmallVector<Value> worklist{alloc.getResult()};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (isa<ttg::MemDescTransOp, ttg::MemDescReshapeOp>(user)) {
        worklist.push_back(user->getResult(0));
        continue;
      }
      auto userDot = dyn_cast<ttng::WarpGroupDotOp>(user);
      if (!userDot || (dot && dot != userDot) || userDot.getC() == value)
        return nullptr;
      dot = userDot;
    }
  }
  return dot;
}

/// Whether `second`'s result only feeds the next iteration of the loop
/// whose body is `body`, which reads it only after `first` (waited for at
/// once, and so retiring the `second` before it).
bool isDeferrable(ttng::WarpGroupDotOp first, ttng::WarpGroupDotOp second,
                  Block *body) {
  if (first->getBlock() != body || second->getBlock() != body ||
      !first->isBeforeInBlock(second) || !second.getResult().hasOneUse())
    return false;
  OpOperand &use = *second.getResult().use_begin();
  if (!isa<scf::YieldOp>(use.getOwner()) || use.getOwner()->getBlock() != body)
    return false;
  BlockArgument acc = body->getArgument(use.getOperandNumber() + 1);
  return llvm::all_of(acc.getUsers(), [&](Operation *user) {
    Operation *inBody = body->findAncestorOpInBlock(*user);
    return inBody && first->isBeforeInBlock(inBody);
  });
}

/// The split of `marked`, or the reason there is none.
FailureOr<Plan> planLoop(scf::ForOp marked, int numStages, std::string &why) {
  Plan plan;
  plan.marked = marked;
  marked.walk([&](DescriptorLoadOp load) {
    if (!load->hasOneUse())
      return;
    auto alloc = dyn_cast<ttg::LocalAllocOp>(*load->user_begin());
    if (!alloc || alloc->getBlock() != load->getBlock())
      return;
    ttng::WarpGroupDotOp dot = onlyDotReading(alloc);
    if (!dot || dot->getBlock() != load->getBlock())
      return;
    plan.loads.push_back({load, alloc, Value()});
  });
  if (plan.loads.empty()) {
    why = "no TMA load feeds a warp-group dot through shared memory";
    return failure();
  }
  Block *body = plan.loads.front().load->getBlock();
  for (TileLoad &tile : plan.loads) {
    if (tile.load->getBlock() != body) {
      why = "the loaded tiles are not all in one loop body";
      return failure();
    }
    ttng::WarpGroupDotOp dot = onlyDotReading(tile.alloc);
    if (llvm::none_of(plan.dots,
                      [&](const DotGroup &g) { return g.dot == dot; }))
      plan.dots.push_back({dot, false});
  }
  auto kLoop = dyn_cast<scf::ForOp>(body->getParentOp());
  if (!kLoop) {
    why = "the TMA loads are not directly in a loop body";
    return failure();
  }
  for (Operation *op = kLoop; op != marked->getParentOp();
       op = op->getParentOp()) {
    auto loop = dyn_cast<scf::ForOp>(op);
    if (!loop) {
      why = "the TMA loads sit under '" + op->getName().getStringRef().str() +
            "' inside the marked loop";
      return failure();
    }
    plan.path.insert(plan.path.begin(), loop);
  }
  // The producer receives its descriptors as captures: kernel arguments, or
  // tensor maps the kernel writes before the loop (triton-nvidia-tma-lowering
  // then hands the producer the map's address, which it acquires for the
  // TMA unit itself). One written inside the loop would be written by the
  // producer's warp alone, past a CTA barrier it cannot reach.
  for (TileLoad &tile : plan.loads) {
    Value desc = tile.load.getDesc();
    Operation *def = desc.getDefiningOp();
    bool madeBefore = isa_and_nonnull<MakeTensorDescOp>(def) &&
                      !marked->isAncestor(def);
    if (!ttng::isHostDescriptor(desc) && !madeBefore) {
      why = "a descriptor of its tiles is made inside the loop (only kernel "
            "arguments and descriptors made before the loop are handed to "
            "the producer)";
      return failure();
    }
  }
  // A lone dot accumulating across iterations stays in flight until the
  // next one is issued (a matmul's K loop); with several dots (attention's
  // Q x K and P x V) each is waited for before its result is read.
  if (plan.dots.size() == 1)
    plan.dots.front().chained = isChained(plan.dots.front().dot, body);
  if (plan.dots.size() == 2)
    plan.dots.back().deferred =
        isDeferrable(plan.dots.front().dot, plan.dots.back().dot, body);
  // Several dots with code between them (attention's softmax) gain from
  // warp groups that overlap one's code with another's wgmma; a single
  // consumer warp group has nothing to overlap, and measured slower than
  // the software pipeliner (docs/benchmarks.md, Tried and not landed).
  if (plan.dots.size() > 1 && ttg::lookupNumWarps(marked) < 8) {
    why = "its dots would run on one consumer warp group (num_warps < 8), "
          "with nothing to overlap the code between them";
    return failure();
  }
  // A lone dot (a matmul) on two or more consumer warp groups gains
  // nothing over the software pipeliner, which Triton 3.6 keeps there:
  // 0.99-1.00x of Triton's unspecialized kernel for ptma_*_w8_ws on an
  // H100, with 156 more bytes of shared memory (docs/benchmarks.md).
  if (plan.dots.size() == 1 && ttg::lookupNumWarps(marked) >= 8) {
    why = "a lone dot on " + std::to_string(ttg::lookupNumWarps(marked) / 4) +
          " consumer warp groups runs no faster specialized than pipelined";
    return failure();
  }
  plan.stages = std::max(2, numStages);
  if (auto attr = marked->getAttrOfType<IntegerAttr>("tt.num_stages"))
    plan.stages = std::max<int>(2, attr.getInt());
  int64_t bytes = 0;
  for (TileLoad &tile : plan.loads) {
    ttg::MemDescType type = tile.alloc.getType();
    bytes += type.getNumElements() * type.getElementTypeBitWidth() / 8;
  }
  if (bytes * plan.stages > kSharedLimit) {
    why = std::to_string(plan.stages) + " stages of the tiles take " +
          std::to_string(bytes * plan.stages) +
          " bytes of shared memory, more than a CTA has";
    return failure();
  }
  return plan;
}

/// Adds a tile counter to every loop of `plan.path`: `init` (null: 0) into
/// the marked loop, +1 per iteration of the innermost. Returns the counter at the
/// start of each iteration of the innermost loop and updates the path.
Value addCounters(Plan &plan, Value init, RewriterBase &rewriter) {
  Location loc = plan.marked.getLoc();
  rewriter.setInsertionPoint(plan.marked);
  if (!init)
    init = i32(rewriter, loc, 0);
  SmallVector<scf::ForOp> updated;
  for (auto [i, loop] : llvm::enumerate(plan.path)) {
    bool innermost = i + 1 == plan.path.size();
    auto grown = loop.replaceWithAdditionalYields(
        rewriter, init, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &b, Location l, ArrayRef<BlockArgument> args) {
          if (!innermost)
            return SmallVector<Value>{args[0]};
          return SmallVector<Value>{
              arith::AddIOp::create(b, l, args[0], i32(b, l, 1))};
        });
    auto grownLoop = cast<scf::ForOp>(grown->getOperation());
    if (!updated.empty()) {
      // The enclosing loop passes on what this loop counted.
      Operation *yield = updated.back().getBody()->getTerminator();
      yield->setOperand(yield->getNumOperands() - 1,
                        grownLoop.getResults().back());
    }
    updated.push_back(grownLoop);
    init = grownLoop.getRegionIterArgs().back();
  }
  plan.path = std::move(updated);
  plan.marked = plan.path.front();
  return init;
}

/// Splits `plans` (one marked loop, or consecutive ones that share rings:
/// the tutorial's causal attention, whose second loop is the diagonal
/// block) into one ttg.warp_specialize: the producer runs their pruned
/// clones one after the other, the kernel's warps the loops, the tile
/// counter running on from one loop into the next, so the producer loads
/// the next loop's first tiles while the consumer finishes this one.
void specialize(MutableArrayRef<Plan> plans, bool pingPong,
                RewriterBase &rewriter) {
  Plan &first = plans.front();
  Location loc = first.marked.getLoc();
  int stages = first.stages;
  SmallVector<Value> counts;
  for (Plan &plan : plans)
    counts.push_back(addCounters(
        plan, counts.empty() ? Value() : Value(plans[counts.size() - 1].marked.getResults().back()),
        rewriter));

  rewriter.setInsertionPoint(first.marked);
  for (TileLoad &tile : first.loads) {
    ttg::MemDescType type = tile.alloc.getType();
    SmallVector<int64_t> shape{stages};
    llvm::append_range(shape, type.getShape());
    tile.ring = ttg::LocalAllocOp::create(
        rewriter, tile.alloc.getLoc(),
        ttg::MemDescType::get(shape, type.getElementType(), type.getEncoding(),
                              type.getMemorySpace(), /*mutableMemory=*/true));
  }
  // Per dot, `full`: the producer's expect; `empty`: one arrival per warp
  // group of the consumer, each once its own dots have read the slot.
  SmallVector<Value> rings;
  for (DotGroup &group : first.dots) {
    group.full = ttng::createBarrierRing(rewriter, loc, stages);
    group.empty = ttng::createBarrierRing(
        rewriter, loc, stages, ttg::lookupNumWarps(first.marked) / 4);
    rings.append({group.full, group.empty});
  }
  // The later loops' tiles and dots use the first loop's rings, position
  // by position (sharesRings checked that they match).
  for (Plan &plan : plans) {
    for (auto [i, group] : llvm::enumerate(plan.dots)) {
      group.full = first.dots[i].full;
      group.empty = first.dots[i].empty;
    }
    for (auto [i, tile] : llvm::enumerate(plan.loads)) {
      tile.ring = first.loads[i].ring;
      for (DotGroup &group : plan.dots)
        if (onlyDotReading(tile.alloc) == group.dot) {
          tile.full = group.full;
          tile.empty = group.empty;
        }
    }
  }

  // The producer, from clones of the counted nests; a later clone's
  // counter starts where the clone before it ended.
  SmallVector<Operation *> nests;
  for (auto [plan, count] : llvm::zip_equal(plans, counts)) {
    IRMapping mapping;
    rewriter.setInsertionPoint(first.marked);
    Operation *nest = rewriter.clone(*plan.marked, mapping);
    nest->removeAttr(kWarpSpecializeAttrName);
    if (!nests.empty()) {
      auto loop = cast<scf::ForOp>(nest);
      loop.getInitArgsMutable()[loop.getNumRegionIterArgs() - 1].assign(
          nests.back()->getResults().back());
    }
    SmallVector<TileLoad> cloned;
    for (TileLoad &tile : plan.loads)
      cloned.push_back(
          {cast<DescriptorLoadOp>(mapping.lookup(tile.load.getOperation())),
           cast<ttg::LocalAllocOp>(mapping.lookup(tile.alloc.getOperation())),
           tile.ring, tile.full, tile.empty});
    nests.push_back(buildProducer(nest, cloned, mapping.lookup(count), stages,
                                  rewriter));
  }

  scf::ForOp last = plans.back().marked;
  rewriter.setInsertionPoint(first.marked);
  auto ws = ttg::WarpSpecializeOp::create(
      rewriter, loc, last.getResultTypes(), ValueRange(),
      rewriter.getDenseI32ArrayAttr({1}), nullptr,
      rewriter.getDenseI32ArrayAttr({kProducerRegisters}), nullptr);
  Block *defaultBlock = rewriter.createBlock(&ws.getDefaultRegion());
  Block *holder = rewriter.createBlock(&ws.getPartitionOpHolder());
  rewriter.setInsertionPointToStart(holder);
  auto partitions = ttg::WarpSpecializePartitionsOp::create(rewriter, loc, 1);
  SmallVector<Value> captures =
      isolate(nests, partitions.getPartitionRegions().front(), rewriter);
  ws->setOperands(captures);

  last->replaceAllUsesWith(ws.getResults());
  for (Plan &plan : plans) {
    plan.marked->moveBefore(defaultBlock, defaultBlock->end());
    plan.marked->removeAttr(kWarpSpecializeAttrName);
  }
  rewriter.setInsertionPointToEnd(defaultBlock);
  ttg::WarpYieldOp::create(rewriter, loc, last.getResults());

  for (auto [plan, count] : llvm::zip_equal(plans, counts))
    for (const DotGroup &group : plan.dots)
      rewriteConsumer(plan, group, count, rewriter);
  // (sharesRings: the loops' dots are alike)
  if (pingPong && first.dots.size() == 2 && first.dots.back().deferred &&
      ttg::lookupNumWarps(first.marked) == 4 * ttng::kWarpGroupTurns)
    addPingPong(plans, rewriter);

  // Both sides have passed every barrier once the partitions have joined;
  // the memory may hold other buffers after this.
  rewriter.setInsertionPointAfter(ws);
  for (Value ring : rings)
    for (int i = 0; i < stages; ++i)
      ttng::InvalBarrierOp::create(
          rewriter, loc, barrierAt(rewriter, loc, ring, i32(rewriter, loc, i)));
}

/// Whether `b`'s tiles can go through `a`'s rings: as many stages, tiles
/// of the same types feeding dots at the same positions, dots waited for
/// the same way; each loop directly holding its loads.
bool sharesRings(Plan &a, Plan &b) {
  if (a.stages != b.stages || a.loads.size() != b.loads.size() ||
      a.dots.size() != b.dots.size() || a.path.size() != 1 ||
      b.path.size() != 1)
    return false;
  auto dotIndex = [](Plan &plan, TileLoad &tile) {
    ttng::WarpGroupDotOp dot = onlyDotReading(tile.alloc);
    return llvm::find_if(plan.dots,
                         [&](const DotGroup &g) { return g.dot == dot; }) -
           plan.dots.begin();
  };
  for (auto [x, y] : llvm::zip_equal(a.loads, b.loads))
    if (x.alloc.getType() != y.alloc.getType() ||
        x.load.getDesc().getType() != y.load.getDesc().getType() ||
        dotIndex(a, x) != dotIndex(b, y))
      return false;
  for (auto [x, y] : llvm::zip_equal(a.dots, b.dots))
    if (x.chained != y.chained || x.deferred != y.deferred)
      return false;
  return true;
}

/// The marked loop right after `loop` in its block when only ops without
/// effects or regions that do not read `loop`'s results come between them,
/// and `loop`'s results only start that loop's tensor iter_args: then the
/// ops between can move above `loop` and the two share a warp_specialize.
scf::ForOp followingMarkedLoop(scf::ForOp loop) {
  for (Operation *op = loop->getNextNode(); op; op = op->getNextNode()) {
    auto next = dyn_cast<scf::ForOp>(op);
    if (next && next->hasAttr(kWarpSpecializeAttrName)) {
      for (Operation *user : loop->getUsers())
        if (user != next.getOperation())
          return nullptr;
      // Only tensors (the accumulators) go from one loop to the next: the
      // producer's clone of the second loop starts from the kernel's
      // values, never from what the first loop computed.
      for (OpOperand &use : loop->getUses())
        if (use.getOperandNumber() < next.getNumControlOperands() ||
            !isa<RankedTensorType>(use.get().getType()))
          return nullptr;
      return next;
    }
    if (op->getNumRegions() || !isMemoryEffectFree(op) ||
        llvm::any_of(op->getOperands(), [&](Value v) {
          return v.getDefiningOp() == loop.getOperation();
        }))
      return nullptr;
  }
  return nullptr;
}

struct NVGPUWarpSpecialization
    : public ttng::impl::NVGPUWarpSpecializationBase<NVGPUWarpSpecialization> {
  using NVGPUWarpSpecializationBase::NVGPUWarpSpecializationBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<scf::ForOp> marked;
    module.walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kWarpSpecializeAttrName))
        marked.push_back(loop);
    });
    if (marked.empty())
      return;
    std::optional<int> numWarps = ttg::maybeLookupNumWarps(module);
    IRRewriter rewriter(module.getContext());
    auto tryPlan = [&](scf::ForOp loop, std::string &why) {
      FailureOr<Plan> plan = failure();
      if (ttg::lookupCudaCapability(module) != 90)
        why = "warp specialization here needs Hopper (sm_90)";
      else if (!numWarps || *numWarps % 4 != 0)
        why = "num_warps is not a multiple of 4";
      else if (loop->getParentOfType<ttg::WarpSpecializeOp>())
        why = "the loop is already inside a ttg.warp_specialize";
      else
        plan = planLoop(loop, numStages, why);
      if (succeeded(plan)) {
        SmallVector<Operation *> seeds;
        for (TileLoad &tile : plan->loads)
          seeds.push_back(tile.load);
        if (failed(checkProducer(loop, seeds, why)))
          plan = failure();
      }
      return plan;
    };
    llvm::DenseSet<Operation *> joined;
    for (scf::ForOp loop : marked) {
      if (joined.contains(loop))
        continue;
      std::string why;
      FailureOr<Plan> plan = tryPlan(loop, why);
      if (failed(plan)) {
        emitRemark(loop.getLoc(), "loop not warp-specialized: ") << why;
        loop->removeAttr(kWarpSpecializeAttrName);
        continue;
      }
      SmallVector<Plan> plans{*plan};
      // A marked loop right after it whose tiles fit its rings (causal
      // attention's diagonal block) joins its warp_specialize; the ops
      // between move above the first.
      if (scf::ForOp next = followingMarkedLoop(loop)) {
        std::string whyNext;
        FailureOr<Plan> nextPlan = tryPlan(next, whyNext);
        if (succeeded(nextPlan) && sharesRings(*plan, *nextPlan)) {
          for (Operation *op = loop->getNextNode(); op != next.getOperation();) {
            Operation *following = op->getNextNode();
            op->moveBefore(loop);
            op = following;
          }
          plans.push_back(*nextPlan);
          joined.insert(next);
        }
      }
      specialize(plans, pingPong, rewriter);
    }
  }
};

} // namespace
