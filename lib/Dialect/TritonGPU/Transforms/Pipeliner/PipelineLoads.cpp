//===- PipelineLoads.cpp - cp.async and TMA pipelining of dot operands ----===//
//
// In a loop whose dots read their operands from `ttg.local_alloc %load`
// (or need a load through registers: an unswizzled buffer then, read back by
// a local_load where the load was),
// each such load (SelectLoads.cpp) becomes an asynchronous copy into one of
// B buffers, issued num_stages - 1 iterations before the dot that reads it
// (B = num_stages for wgmma operands, which are read asynchronously, and
// num_stages - 1 where every reader is a local_load; loads with the same B
// share one pair of indices, as in Triton 3.6):
//
//   %buf = ttg.local_alloc : !ttg.memdesc<Bx128x64xf16, #shared, ...>
//   (prologue: the copies of iterations 0 .. S-2, predicated on the trip
//    count, one commit group per copy)
//   scf.for %k ... iter_args(..., %ins, %ext, %tokens of S-1 iterations) {
//     %w = ttg.async_wait %tok_k {num = (S-2) * copies}   // iteration k landed
//     %a = ttg.memdesc_index %buf[%ext]                   // replaces the alloc
//     ... the dots of iteration k ...
//     %v = ttg.memdesc_index %buf[%ins]
//     %t = ttg.async_copy_global_to_local %ptrs_k+S-1, %v
//              mask %m and (k < n-S+1)
//     %c = ttg.async_commit_group tokens %t
//   }
//   ttg.async_wait {num = 0}; ttg.local_dealloc %buf
//
// This is Triton 3.6's shape for pointer loads (its assign-latencies,
// schedule-loops and pipeline passes; see triton-3.6-pipeline.md): loads at
// stage 0, everything else at stage num_stages - 1, the last iterations'
// copies masked off rather than peeled, the buffer index counters wrapping
// at B. The stage-0 ops of the loop are the copies and everything
// their operands depend on, through the loop-carried values too (pointer
// increments); they must be side-effect free. The expansion itself (the
// prologue, the values carried across stages, the predicates) is MLIR's
// scf::pipelineForLoop. A descriptor made in the loop gets S tensor maps
// (TensorMaps.cpp); the scf.if ops that write them at stage 0 take their
// else branch past the end. In the kernel loop the stage-0 ops come last, after
// the dots and their waits, so that a copy never overwrites a buffer a dot
// still reads.
//
// Descriptor loads become TMA copies completing on one mbarrier per buffer
// (consecutive TMA loads up to the first reader of one of them share a ring
// of them, expecting their total bytes, as in Triton 3.6: attention's K and
// V get a ring each); the reader waits where the group's last load was, with
// the parity of the buffer's round:
//
//   %bars = ttg.local_alloc : !ttg.memdesc<Bx1xi64, ...>  (each init to 1)
//   scf.for ... iter_args(..., %ins, %ext, %phase) {
//     ttng.wait_barrier %bars[%ext], %phase               // iteration k landed
//     ... the dots of iteration k ...
//     ttng.barrier_expect %bars[%ins], bytes, %p
//     ttng.async_tma_copy_global_to_local %desc[..] %buf[%ins], %bars[%ins], %p
//   }
//   ttng.inval_barrier %bars[i]; ttg.local_dealloc %bars
//
// %phase flips each time %ext wraps to 0. Masked-off TMA copies are not
// issued at all, so nothing is outstanding after the loop.
//
//===----------------------------------------------------------------------===//
#include "Pipeliner.h"

#include "Analysis/AxisInfo.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonGPU/IR/MemDescViews.h"
#include "Dialect/TritonGPU/Transforms/LayoutUtility.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/TMAUtility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

#include <functional>
#include <optional>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

Value indexConstant(OpBuilder &b, Location loc, Type type, int64_t v) {
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, v));
}

/// The bytes the TMA copy of `load` brings an iteration (0 for cp.async;
/// a CTA of a cluster brings its part of the block).
int64_t tmaBytes(const AsyncLoad &load) {
  if (!load.isTMA())
    return 0;
  return nvidia_gpu::getTMACopyBytes(
      cast<DescriptorLoadOp>(load.load).getDesc().getType());
}

/// The memdesc type of one buffer of `buffers`.
MemDescType bufferType(MemDescType buffers) {
  return MemDescType::get(buffers.getShape().drop_front(),
                          buffers.getElementType(), buffers.getEncoding(),
                          buffers.getMemorySpace(), /*mutableMemory=*/true);
}

/// TMA loads that complete on one ring of mbarriers: as in Triton 3.6,
/// consecutive loads of the loop body with as many buffers (`group`), up to
/// the first op that reads one of them, so that a dot waits only for its
/// own operands (attention's Q x K does not wait for V).
struct BarrierGroup {
  unsigned group;
  // The bytes its loads bring an iteration; its last load.
  int64_t bytes = 0;
  Operation *last = nullptr;
  Value ring, insBarrier;
};

/// The barrier group of each of `loads` (-1 for cp.async loads), in
/// `barrierGroups`.
SmallVector<int> groupTMALoads(ArrayRef<AsyncLoad> loads,
                               ArrayRef<unsigned> groupOf,
                               SmallVector<BarrierGroup> &barrierGroups) {
  SmallVector<int> barrierOf(loads.size(), -1);
  llvm::DenseMap<Operation *, unsigned> index;
  for (auto [i, l] : llvm::enumerate(loads))
    index[l.load] = i;
  for (auto [i, l] : llvm::enumerate(loads)) {
    if (!l.isTMA() || barrierOf[i] >= 0)
      continue;
    Block *body = l.load->getBlock();
    llvm::DenseSet<Operation *> readers;
    auto add = [&](unsigned j) {
      barrierOf[j] = int(barrierGroups.size()) - 1;
      const AsyncLoad &m = loads[j];
      BarrierGroup &bg = barrierGroups.back();
      bg.bytes += tmaBytes(m);
      bg.last = m.load;
      // A buffer made where the load's register user was is that reader.
      if (m.materialized)
        readers.insert(m.alloc);
      for (Operation *user : m.alloc->getUsers())
        if (Operation *op = body->findAncestorOpInBlock(*user))
          readers.insert(op);
    };
    barrierGroups.push_back(BarrierGroup{groupOf[i]});
    add(i);
    for (Operation *op = l.load->getNextNode(); op; op = op->getNextNode()) {
      if (readers.contains(op))
        break;
      auto it = index.find(op);
      if (it == index.end() || !loads[it->second].isTMA())
        continue;
      if (barrierOf[it->second] >= 0 || groupOf[it->second] != groupOf[i])
        break;
      add(it->second);
    }
  }
  return barrierOf;
}

/// Rewrites `loop` (S stages) into copies, then expands the schedule.
/// Fails only on a schedule MLIR's expander refuses, with the loop
/// half-rewritten (selectLoads admits only what it expands).
LogicalResult pipelineLoop(scf::ForOp loop, MutableArrayRef<AsyncLoad> loads,
                           int numStages) {
  Location loc = loop.getLoc();
  IRRewriter rewriter(loop.getContext());
  // Descriptors made in the loop: S tensor maps each, since the copies of
  // S - 1 iterations are in flight when one is written.
  loop = multiBufferTensorMaps(loop, numStages);
  OpBuilder b(loop);
  // A buffer read by local_load is free again once the iteration that
  // reads it has loaded it (synchronously, before this iteration's copies):
  // the copy of iteration k+S-1 may reuse iteration k's buffer, so S-1
  // buffers suffice. A wgmma reads its buffer asynchronously, up to the
  // next iteration: then S. (Triton 3.6 sizes them the same way.)
  std::function<bool(Value)> onlyLocalLoads = [&](Value memDesc) {
    return llvm::all_of(memDesc.getUsers(), [&](Operation *user) {
      if (isa<LocalLoadOp>(user))
        return true;
      return user->hasTrait<OpTrait::MemDescViewTrait>() &&
             llvm::all_of(user->getResults(), onlyLocalLoads);
    });
  };
  // Loads with as many buffers share their insertion and extraction
  // indices (and, for TMA, the parity of the extraction buffer's round), as
  // Triton 3.6 keeps one pair per buffer count.
  struct Group {
    int count;
    bool hasTMA = false;
    Value ins, ext, phase;
  };
  SmallVector<Group> groups;
  SmallVector<unsigned> groupOf;
  for (AsyncLoad &l : loads) {
    int count =
        onlyLocalLoads(l.alloc) ? std::max(1, numStages - 1) : numStages;
    auto it = llvm::find_if(groups, [&](Group &g) { return g.count == count; });
    if (it == groups.end()) {
      groups.push_back(Group{count});
      it = std::prev(groups.end());
    }
    it->hasTMA |= l.isTMA();
    groupOf.push_back(unsigned(it - groups.begin()));
  }
  SmallVector<BarrierGroup> barrierGroups;
  SmallVector<int> barrierOf = groupTMALoads(loads, groupOf, barrierGroups);
  SmallVector<Value> buffers;
  for (auto [l, g] : llvm::zip_equal(loads, groupOf)) {
    MemDescType one = l.alloc.getType();
    SmallVector<int64_t> shape{groups[g].count};
    llvm::append_range(shape, one.getShape());
    auto type = MemDescType::get(shape, one.getElementType(), one.getEncoding(),
                                 one.getMemorySpace(),
                                 /*mutableMemory=*/true);
    buffers.push_back(LocalAllocOp::create(b, l.alloc.getLoc(), type));
  }

  bool anyCpAsync =
      llvm::any_of(loads, [](AsyncLoad &l) { return !l.isTMA(); });
  for (BarrierGroup &bg : barrierGroups)
    bg.ring =
        nvidia_gpu::createBarrierRing(b, loc, groups[bg.group].count);
  MemDescType barrierType = nvidia_gpu::getBarrierBufferType(loop.getContext());

  // Each group's indices (and phase), carried by the loop.
  Value minusOne = indexConstant(b, loc, b.getI32Type(), -1);
  SmallVector<Value> carried;
  for (Group &g : groups) {
    carried.append({minusOne, minusOne});
    if (g.hasTMA)
      carried.push_back(indexConstant(b, loc, b.getI32Type(), 0));
  }
  unsigned numCarried = carried.size();
  rewriter.setInsertionPoint(loop);
  auto newLoop = cast<scf::ForOp>(*loop.replaceWithAdditionalYields(
      rewriter, carried,
      /*replaceInitOperandUsesInLoop=*/false,
      [](OpBuilder &, Location, ArrayRef<BlockArgument> args) {
        return SmallVector<Value>(args.begin(), args.end());
      }));
  loop = newLoop;
  Block *body = loop.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  unsigned next = loop.getNumRegionIterArgs() - numCarried;
  b.setInsertionPointToStart(body);
  llvm::DenseSet<Operation *> stage0;
  for (Group &g : groups) {
    BlockArgument insArg = loop.getRegionIterArgs()[next];
    BlockArgument extArg = loop.getRegionIterArgs()[next + 1];
    g.ins = nextIndex(b, loc, insArg, g.count);
    Value wrapped;
    g.ext = nextIndex(b, loc, extArg, g.count, &wrapped);
    yield->setOperand(next, g.ins);
    yield->setOperand(next + 1, g.ext);
    next += 2;
    stage0.insert(g.ins.getDefiningOp());
    if (!g.hasTMA)
      continue;
    BlockArgument phaseArg = loop.getRegionIterArgs()[next];
    Value flipped = arith::XOrIOp::create(
        b, loc, phaseArg, indexConstant(b, loc, b.getI32Type(), 1));
    g.phase = arith::SelectOp::create(b, loc, wrapped, flipped, phaseArg);
    yield->setOperand(next++, g.phase);
  }

  SmallVector<Value> commits;
  for (auto [l, buf, gi, bi] :
       llvm::zip_equal(loads, buffers, groupOf, barrierOf)) {
    Group &g = groups[gi];
    b.setInsertionPoint(l.load);
    Location loadLoc = l.load->getLoc();
    auto bufType = cast<MemDescType>(buf.getType());
    Value view =
        MemDescIndexOp::create(b, loadLoc, bufferType(bufType), buf, g.ins);
    stage0.insert(view.getDefiningOp());
    if (auto load = dyn_cast<DescriptorLoadOp>(l.load)) {
      // One barrier per buffer of each barrier group: the group's first
      // TMA load of the iteration posts the bytes all of the group's bring.
      BarrierGroup &bg = barrierGroups[bi];
      Value yes = arith::ConstantIntOp::create(b, loadLoc, 1, 1);
      if (!bg.insBarrier) {
        bg.insBarrier =
            MemDescIndexOp::create(b, loadLoc, barrierType, bg.ring, g.ins);
        auto expect = nvidia_gpu::BarrierExpectOp::create(
            b, loadLoc, bg.insBarrier, bg.bytes, yes);
        stage0.insert(bg.insBarrier.getDefiningOp());
        stage0.insert(expect);
      }
      auto copy = nvidia_gpu::AsyncTMACopyGlobalToLocalOp::create(
          b, loadLoc, load.getDesc(), load.getIndices(), bg.insBarrier, view,
          yes, load.getCache(), load.getEvict(), /*isVolatile=*/false);
      stage0.insert(yes.getDefiningOp());
      stage0.insert(copy);
      continue;
    }
    auto load = cast<LoadOp>(l.load);
    auto copy = AsyncCopyGlobalToLocalOp::create(
        b, loadLoc, AsyncTokenType::get(b.getContext()), load.getPtr(), view,
        load.getMask(), load.getOther(), load.getCache(), load.getEvict(),
        /*isVolatile=*/false, l.vec);
    auto commit = AsyncCommitGroupOp::create(
        b, loadLoc, AsyncTokenType::get(b.getContext()),
        ValueRange{copy.getToken()});
    stage0.insert(copy);
    stage0.insert(commit);
    commits.push_back(commit);
  }
  // The stage-0 closure of the copies (addresses, masks, increments).
  {
    SmallVector<Operation *> worklist(stage0.begin(), stage0.end());
    // A value of the body (a loop-carried one: what the previous iteration
    // yields) joins stage 0 with its definition, as stageZeroOps has it.
    auto add = [&](Value v) {
      if (auto arg = dyn_cast<BlockArgument>(v)) {
        if (arg.getOwner() != body || arg == loop.getInductionVar())
          return;
        v = yield->getOperand(arg.getArgNumber() - 1);
      }
      Operation *def = v.getDefiningOp();
      if (def && def->getBlock() == body && stage0.insert(def).second)
        worklist.push_back(def);
    };
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      for (Value operand : op->getOperands())
        add(operand);
      // The writes of a tensor map go where its address is made, before the
      // copies that read it.
      for (Value result : op->getResults())
        for (Operation *user : result.getUsers())
          if (isa<nvidia_gpu::TensormapCreateOp,
                  nvidia_gpu::TensormapFenceproxyAcquireOp>(user) &&
              user->getBlock() == body && stage0.insert(user).second)
            worklist.push_back(user);
      // What an scf.if's branches capture, loop-carried values included.
      op->walk([&](Operation *nested) {
        for (Value v : nested->getOperands())
          if (!op->isAncestor(v.getParentRegion()->getParentOp()))
            add(v);
      });
    }
  }

  // cp.async: one wait before the first buffer is read: iteration k's
  // groups are done when at most those of iterations k+1 .. k+S-2 are
  // outstanding.
  if (anyCpAsync) {
    Operation *firstAlloc = nullptr;
    for (AsyncLoad &l : loads)
      if (!l.isTMA() && (!firstAlloc || l.alloc->isBeforeInBlock(firstAlloc)))
        firstAlloc = l.alloc;
    b.setInsertionPoint(firstAlloc);
    int pending = (numStages - 2) * int(commits.size());
    AsyncWaitOp::create(b, loc, AsyncTokenType::get(b.getContext()), commits,
                        pending);
  }
  // TMA: each barrier group is waited for where its last load was (Triton
  // 3.6's place), before any of its buffers is read.
  for (BarrierGroup &bg : barrierGroups) {
    b.setInsertionPointAfter(bg.last);
    Group &g = groups[bg.group];
    Value extBarrier =
        MemDescIndexOp::create(b, loc, barrierType, bg.ring, g.ext);
    nvidia_gpu::WaitBarrierOp::create(b, loc, extBarrier, g.phase);
  }
  for (auto [l, buf, gi] : llvm::zip_equal(loads, buffers, groupOf)) {
    b.setInsertionPoint(l.alloc);
    auto bufType = cast<MemDescType>(buf.getType());
    Value view = MemDescIndexOp::create(
        b, l.alloc.getLoc(), bufferType(bufType), buf, groups[gi].ext);
    l.alloc.getResult().replaceAllUsesWith(view);
    markViewsMutable(view);
    l.alloc->erase();
    l.load->erase();
  }

  // The schedule: the dots' stage in program order, then stage 0.
  int lastStage = numStages - 1;
  std::vector<std::pair<Operation *, unsigned>> schedule;
  for (Operation &op : body->without_terminator())
    if (!stage0.contains(&op))
      schedule.push_back({&op, unsigned(lastStage)});
  for (Operation &op : body->without_terminator())
    if (stage0.contains(&op))
      schedule.push_back({&op, 0u});

  scf::PipeliningOption options;
  options.getScheduleFn =
      [&](scf::ForOp, std::vector<std::pair<Operation *, unsigned>> &s) {
        s = schedule;
      };
  options.peelEpilogue = false;
  options.supportDynamicLoops = true;
  options.predicateFn = [](RewriterBase &rewriter, Operation *op,
                           Value pred) -> Operation * {
    if (auto copy = dyn_cast<AsyncCopyGlobalToLocalOp>(op)) {
      rewriter.setInsertionPoint(copy);
      auto ptrType = cast<RankedTensorType>(copy.getSrc().getType());
      auto maskType = RankedTensorType::get(
          ptrType.getShape(), rewriter.getI1Type(), ptrType.getEncoding());
      Value mask = SplatOp::create(rewriter, copy.getLoc(), maskType, pred);
      if (copy.getMask())
        mask = arith::AndIOp::create(rewriter, copy.getLoc(), mask,
                                     copy.getMask());
      rewriter.modifyOpInPlace(copy,
                               [&] { copy.getMaskMutable().assign(mask); });
      return op;
    }
    // TMA copies and the expected bytes are simply not issued.
    if (isa<nvidia_gpu::AsyncTMACopyGlobalToLocalOp,
            nvidia_gpu::BarrierExpectOp>(op)) {
      rewriter.setInsertionPoint(op);
      OpOperand &predOperand = op->getOpOperand(op->getNumOperands() - 1);
      Value both = arith::AndIOp::create(rewriter, op->getLoc(), pred,
                                         predOperand.get());
      rewriter.modifyOpInPlace(op, [&] { predOperand.set(both); });
      return op;
    }
    if (isa<AsyncCommitGroupOp>(op) || isMemoryEffectFree(op))
      return op;
    // An scf.if that writes tensor maps (TensorMaps.cpp) takes its else
    // branch past the end.
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      rewriter.setInsertionPoint(ifOp);
      Value cond = arith::AndIOp::create(rewriter, ifOp.getLoc(), pred,
                                         ifOp.getCondition());
      rewriter.modifyOpInPlace(
          ifOp, [&] { ifOp.getConditionMutable().assign(cond); });
      return op;
    }
    // A tensor map written past the end goes to the next of the S maps,
    // which no copy in flight reads (TensorMaps.cpp).
    if (isa<nvidia_gpu::TensormapCreateOp,
            nvidia_gpu::TensormapFenceproxyAcquireOp>(op))
      return op;
    return nullptr;
  };
  rewriter.setInsertionPoint(loop);
  FailureOr<scf::ForOp> expanded =
      scf::pipelineForLoop(rewriter, loop, options);
  if (failed(expanded))
    return failure();
  loop = *expanded;
  int mostBuffers = 0;
  for (Group &g : groups)
    mostBuffers = std::max(mostBuffers, g.count);
  loop->setAttr(kPipelinedBuffersAttr, rewriter.getI32IntegerAttr(mostBuffers));

  // cp.async copies of iterations past the end were masked off but still
  // write their zeros: wait for all of them before the buffers go away.
  b.setInsertionPointAfter(loop);
  if (anyCpAsync)
    AsyncWaitOp::create(b, loc, AsyncTokenType::get(b.getContext()),
                        ValueRange{}, 0);
  for (BarrierGroup &bg : barrierGroups) {
    for (int i = 0; i < groups[bg.group].count; ++i) {
      Value bar =
          MemDescIndexOp::create(b, loc, barrierType, bg.ring,
                                 indexConstant(b, loc, b.getI32Type(), i));
      nvidia_gpu::InvalBarrierOp::create(b, loc, bar);
    }
    LocalDeallocOp::create(b, loc, bg.ring);
  }
  for (Value buf : buffers)
    LocalDeallocOp::create(b, loc, buf);
  return success();
}

/// The loads a scheduled `loop` puts at stage 0, once the schedule checks
/// out; otherwise `why` says what this expander cannot follow.
FailureOr<SmallVector<AsyncLoad>>
scheduledLoads(scf::ForOp loop, int maxStage, ModuleAxisInfoAnalysis &axisInfo,
               std::string &why) {
  auto stageOf = [](Operation *op) -> std::optional<int64_t> {
    if (auto stage = op->getAttrOfType<IntegerAttr>(kLoopStageAttr))
      return stage.getInt();
    return std::nullopt;
  };
  if (!isInnermost(loop)) {
    why = "only innermost loops are pipelined";
    return failure();
  }
  SmallVector<Operation *> stage0Loads;
  for (Operation &op : *loop.getBody())
    if (isa<LoadOp, DescriptorLoadOp>(op) && stageOf(&op) == 0)
      stage0Loads.push_back(&op);
  if (stage0Loads.empty()) {
    why = "its schedule puts no load at stage 0";
    return failure();
  }
  FailureOr<SmallVector<AsyncLoad>> loads =
      selectLoads(loop, axisInfo, why, stage0Loads);
  if (failed(loads))
    return failure();
  FailureOr<llvm::SetVector<Operation *>> stage0 =
      stageZeroOps(loop, stage0Loads, why);
  if (failed(stage0))
    return failure();
  // The expander puts the loads and their address computations at stage
  // 0 and everything else at the last stage; a schedule that says
  // otherwise is not one it follows.
  for (Operation &op : loop.getBody()->without_terminator()) {
    std::optional<int64_t> stage = stageOf(&op);
    if (stage && *stage != (stage0->contains(&op) ? 0 : maxStage)) {
      why = "its schedule puts ops at stages other than 0 (the loads and "
            "their addresses) and " +
            std::to_string(maxStage) + " (the rest)";
      return failure();
    }
  }
  return loads;
}

/// Removes the attributes of a schedule from `module`.
void removeSchedule(ModuleOp module) {
  module.walk([](Operation *op) {
    for (StringRef name : {kLatencyAttr, kLoopStageAttr, kLoopClusterAttr,
                           kScheduledMaxStageAttr})
      op->removeAttr(name);
  });
}

} // namespace

LogicalResult mlir::triton::gpu::expandScheduledLoops(ModuleOp module) {
  ModuleAxisInfoAnalysis axisInfo(module);
  // Decide on every loop first: AxisInfo describes the module as it was.
  SmallVector<std::tuple<scf::ForOp, SmallVector<AsyncLoad>, int>> work;
  module.walk([&](scf::ForOp loop) {
    auto maxStage = loop->getAttrOfType<IntegerAttr>(kScheduledMaxStageAttr);
    if (!maxStage || maxStage.getInt() < 1)
      return;
    std::string why;
    FailureOr<SmallVector<AsyncLoad>> loads =
        scheduledLoads(loop, maxStage.getInt(), axisInfo, why);
    if (failed(loads)) {
      emitRemark(loop.getLoc(), "loop not pipelined: ") << why;
      return;
    }
    work.push_back({loop, std::move(*loads), int(maxStage.getInt()) + 1});
  });
  removeSchedule(module);
  for (auto &[loop, loads, stages] : work) {
    Location loc = loop.getLoc();
    materializeAllocs(loads);
    if (failed(pipelineLoop(loop, loads, stages)))
      return emitError(loc, "software pipelining failed while expanding the "
                            "loop's schedule");
  }
  return success();
}

Value mlir::triton::gpu::nextIndex(OpBuilder &b, Location loc, Value index,
                                   int count, Value *wrapped) {
  Type i32 = b.getI32Type();
  Value next =
      arith::AddIOp::create(b, loc, index, indexConstant(b, loc, i32, 1));
  Value wrap = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, next,
                                     indexConstant(b, loc, i32, count));
  if (wrapped)
    *wrapped = wrap;
  return arith::SelectOp::create(b, loc, wrap, indexConstant(b, loc, i32, 0),
                                 next);
}
