//===- PipelineLoads.cpp - cp.async software pipelining of dot operands ---===//
//
// In a loop whose dots read their operands from `ttg.local_alloc %load`,
// each such load becomes a cp.async copy into one of num_stages buffers,
// issued num_stages - 1 iterations before the dot that reads it (B buffers:
// num_stages for wgmma operands, which are read asynchronously, and
// num_stages - 1 where every reader is a local_load):
//
//   %buf = ttg.local_alloc : !ttg.memdesc<Bx128x64xf16, #shared, #smem, mutable>
//   (prologue: the copies of iterations 0 .. S-2, predicated on the trip
//    count, one commit group per copy)
//   scf.for %k ... iter_args(..., %ins, %ext, %tokens of S-1 iterations) {
//     %w = ttg.async_wait %tok_k {num = (S-2) * copies}   // iteration k landed
//     %a = ttg.memdesc_index %buf[%ext]                   // replaces the alloc
//     ... the dots of iteration k ...
//     %v = ttg.memdesc_index %buf[%ins]
//     %t = ttg.async_copy_global_to_local %ptrs_k+S-1, %v mask %m and (k < n-S+1)
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
// scf::pipelineForLoop. In the kernel loop the stage-0 ops come last, after
// the dots and their waits, so that a copy never overwrites a buffer a dot
// still reads.
//
// A load is pipelined when its only user, in the same block, is a
// local_alloc (a wgmma operand) or a conversion to an mma operand layout
// (then split into local_alloc + local_load with the swizzled layout
// tritongpu-reduce-data-duplication would give it), its `other` is zero
// (cp.async zero-fills), and cp.async can move 4, 8 or 16 bytes per access
// (AxisInfo on pointers and mask, the shared layout's vectorization). TMA
// loads (descriptors) are not pipelined here.
//
//===----------------------------------------------------------------------===//
#include "Pipeliner.h"

#include "Analysis/AxisInfo.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonGPU/Transforms/LayoutUtility.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

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

/// A load the pipeliner turns into a cp.async copy.
struct AsyncLoad {
  LoadOp load;
  LocalAllocOp alloc;
  unsigned vec;
};

bool isZeroConstant(Value v) {
  return matchPattern(v, m_Zero()) || matchPattern(v, m_AnyZeroFloat());
}

bool hasDot(scf::ForOp loop) {
  return loop
      ->walk([](Operation *op) {
        return isa<DotOp, DotScaledOp, nvidia_gpu::WarpGroupDotOp>(op)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Elements per cp.async of `load` into a buffer of `memDesc`; 0 when it cannot
/// move at least 4 bytes.
unsigned copyVectorSize(LoadOp load, MemDescType memDesc,
                        ModuleAxisInfoAnalysis &axisInfo) {
  auto type = cast<RankedTensorType>(load.getType());
  unsigned bits = type.getElementTypeBitWidth();
  if (!type.getElementType().isIntOrFloat() || bits < 8)
    return 0;
  SmallVector<unsigned> order = getOrder(type.getEncoding());
  unsigned vec = axisInfo.getAlignment(load.getPtr());
  if (Value mask = load.getMask())
    vec = std::min(vec, axisInfo.getMaskAlignment(mask));
  LinearLayout reg = toLinearLayout(type);
  auto shared = tryToLinearLayout(memDesc.getShape(), memDesc.getEncoding(),
                                  [] { return InFlightDiagnostic(); });
  if (failed(shared))
    return 0;
  int sharedVec = getSharedVectorization(reg, *shared, 128 / bits);
  vec = std::min<unsigned>(vec, std::max(1, sharedVec));
  vec = std::min(vec, 128u / bits);
  return vec * bits / 8 >= 4 ? vec : 0;
}

/// The loop's ops at stage 0: the loads' address and mask computations,
/// following loop-carried values to what the previous iteration yields.
/// Fails when one of them has side effects or regions.
FailureOr<llvm::SetVector<Operation *>>
stageZeroOps(scf::ForOp loop, ArrayRef<AsyncLoad> loads) {
  Block *body = loop.getBody();
  llvm::SetVector<Operation *> ops;
  SmallVector<Value> worklist;
  for (const AsyncLoad &l : loads)
    for (Value operand : l.load->getOperands())
      worklist.push_back(operand);
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() != body || arg == loop.getInductionVar())
        continue;
      // A loop-carried value: what the previous iteration yielded.
      worklist.push_back(
          loop.getYieldedValues()[arg.getArgNumber() - 1]);
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != body || !ops.insert(def))
      continue;
    if (def->getNumRegions() || !isMemoryEffectFree(def))
      return failure();
    llvm::append_range(worklist, def->getOperands());
  }
  return ops;
}

/// How a load that reaches an mma operand layout through registers
/// (`ttg.convert_layout` to it, or a conversion then `tt.trans` to it: a B
/// stored N x K) goes through a shared buffer instead: the buffer's type
/// (Triton's swizzled layout for the operand, transposed back for the
/// `tt.trans` path) and the rewrite into local_alloc [+ memdesc_trans] +
/// local_load.
struct SharedOperandPath {
  MemDescType bufferType;
  std::function<LocalAllocOp(LoadOp)> materialize;
};

std::optional<SharedOperandPath> getSharedOperandPath(LoadOp load) {
  auto cvt = dyn_cast<ConvertLayoutOp>(*load->user_begin());
  if (!cvt)
    return std::nullopt;
  auto loadType = cast<RankedTensorType>(load.getType());
  auto isMmaOperand = [](RankedTensorType type) {
    auto dot = dyn_cast<DotOperandEncodingAttr>(type.getEncoding());
    return dot && isa<NvidiaMmaEncodingAttr>(dot.getParent());
  };
  if (isMmaOperand(cvt.getType())) {
    MemDescType buffer = getDotOperandSharedType(
        loadType, cast<DotOperandEncodingAttr>(cvt.getType().getEncoding()));
    return SharedOperandPath{buffer, [cvt, buffer](LoadOp load) mutable {
                               OpBuilder b(cvt);
                               auto alloc = LocalAllocOp::create(
                                   b, cvt.getLoc(), buffer, load);
                               auto local = LocalLoadOp::create(
                                   b, cvt.getLoc(), cvt.getType(), alloc);
                               cvt.replaceAllUsesWith(local.getResult());
                               cvt.erase();
                               return alloc;
                             }};
  }
  // load -> convert_layout -> tt.trans {1, 0} -> mma operand.
  auto trans = cvt->hasOneUse() ? dyn_cast<TransOp>(*cvt->user_begin())
                                : TransOp();
  if (!trans || trans->getBlock() != cvt->getBlock() ||
      loadType.getRank() != 2 || trans.getOrder() != ArrayRef<int32_t>{1, 0} ||
      !isMmaOperand(trans.getType()))
    return std::nullopt;
  auto dot = cast<DotOperandEncodingAttr>(trans.getType().getEncoding());
  // The operand view [K, N] keeps the load's contiguous dimension
  // contiguous: its order is the load's, transposed.
  SmallVector<unsigned> loadOrder = getOrderForMemory(loadType);
  SmallVector<unsigned> viewOrder{1 - loadOrder[0], 1 - loadOrder[1]};
  auto viewEncoding = getSwizzledSharedForDotOperand(
      dot, trans.getType().getShape(), viewOrder,
      getCTALayout(loadType.getEncoding()),
      loadType.getElementTypeBitWidth());
  auto viewType = MemDescType::get(
      trans.getType().getShape(), loadType.getElementType(), viewEncoding,
      SharedMemorySpaceAttr::get(load.getContext()));
  FailureOr<MemDescType> bufferType =
      MemDescTransOp::inferResultType(viewType, {1, 0}, std::nullopt);
  if (failed(bufferType))
    return std::nullopt;
  MemDescType buffer = *bufferType;
  return SharedOperandPath{buffer, [cvt, trans, buffer](LoadOp load) mutable {
                             OpBuilder b(trans);
                             auto alloc = LocalAllocOp::create(
                                 b, cvt.getLoc(), buffer, load);
                             Value view = MemDescTransOp::create(
                                 b, trans.getLoc(), alloc,
                                 ArrayRef<int32_t>{1, 0});
                             auto local = LocalLoadOp::create(
                                 b, trans.getLoc(), trans.getType(), view);
                             trans.replaceAllUsesWith(local.getResult());
                             trans.erase();
                             cvt.erase();
                             return alloc;
                           }};
}

/// Why `loop` is not pipelined, or the loads it pipelines.
FailureOr<SmallVector<AsyncLoad>>
selectLoads(scf::ForOp loop, ModuleAxisInfoAnalysis &axisInfo,
            std::string &why) {
  SmallVector<AsyncLoad> loads;
  for (auto load : loop.getBody()->getOps<LoadOp>()) {
    if (!isa<RankedTensorType>(load.getType()) || !load->hasOneUse() ||
        load.getIsVolatile())
      continue;
    if (load.getOther() && !isZeroConstant(load.getOther()))
      continue;
    // A wgmma operand in shared memory, or a conversion to an mma operand
    // layout (which goes through shared memory; see
    // tritongpu-reduce-data-duplication), possibly through a transpose.
    Operation *user = *load->user_begin();
    if (user->getBlock() != load->getBlock())
      continue;
    auto alloc = dyn_cast<LocalAllocOp>(user);
    std::optional<SharedOperandPath> path;
    if (!alloc) {
      path = getSharedOperandPath(load);
      if (!path)
        continue;
    }
    MemDescType memDesc = alloc ? alloc.getType() : path->bufferType;
    unsigned vec = copyVectorSize(load, memDesc, axisInfo);
    if (!vec)
      continue;
    if (path)
      alloc = path->materialize(load);
    loads.push_back({load, alloc, vec});
  }
  if (loads.empty()) {
    bool tma = !loop.getBody()->getOps<DescriptorLoadOp>().empty();
    why = tma ? "its loads are tensor-descriptor (TMA) loads, which are not "
                "pipelined yet"
              : "no load feeds a dot through shared memory in vectors of 4 "
                "bytes or more";
    return failure();
  }
  auto stage0 = stageZeroOps(loop, loads);
  if (failed(stage0)) {
    why = "the loads' addresses depend on an op with side effects or "
          "regions";
    return failure();
  }
  // The loads become stage-0 copies.
  for (const AsyncLoad &l : loads)
    stage0->insert(l.load);
  // A value carried by the loop and updated at stage 0 is S-1 iterations
  // ahead at stage S-1: later stages and the code after the loop must not
  // read it.
  for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
    Operation *def = loop.getYieldedValues()[i].getDefiningOp();
    if (!def || !stage0->contains(def))
      continue;
    bool readLate = !loop->getResult(i).use_empty() ||
                    llvm::any_of(arg.getUsers(), [&](Operation *user) {
                      Operation *op = loop.getBody()->findAncestorOpInBlock(
                          *user);
                      return op && !stage0->contains(op) &&
                             !isa<scf::YieldOp>(op);
                    });
    if (readLate) {
      why = "a value the loads' addresses carry across iterations is also "
            "used by the dots' stage or after the loop";
      return failure();
    }
  }
  return loads;
}

Value indexConstant(OpBuilder &b, Location loc, Type type, int64_t v) {
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, v));
}

/// `index + 1`, wrapping to 0 at `count`.
Value nextIndex(OpBuilder &b, Location loc, Value index, int count) {
  Type i32 = b.getI32Type();
  Value next =
      arith::AddIOp::create(b, loc, index, indexConstant(b, loc, i32, 1));
  Value wrap = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, next,
                                     indexConstant(b, loc, i32, count));
  return arith::SelectOp::create(b, loc, wrap, indexConstant(b, loc, i32, 0),
                                 next);
}

/// The memdesc type of one buffer of `buffers`.
MemDescType bufferType(MemDescType buffers) {
  return MemDescType::get(buffers.getShape().drop_front(),
                          buffers.getElementType(), buffers.getEncoding(),
                          buffers.getMemorySpace(), /*mutableMemory=*/true);
}

/// Views of a buffer that was immutable are now views of a mutable one.
void markViewsMutable(Value value) {
  for (Operation *user : value.getUsers()) {
    if (!user->hasTrait<OpTrait::MemDescViewTrait>())
      continue;
    for (Value result : user->getResults()) {
      auto type = dyn_cast<MemDescType>(result.getType());
      if (!type || type.getMutableMemory())
        continue;
      result.setType(MemDescType::get(
          type.getShape(), type.getElementType(), type.getEncoding(),
          type.getMemorySpace(), /*mutableMemory=*/true, type.getAllocShape()));
      markViewsMutable(result);
    }
  }
}

/// Rewrites `loop` (S stages) into copies, then expands the schedule.
/// Fails only on a schedule MLIR's expander refuses, with the loop
/// half-rewritten (selectLoads admits only what it expands).
LogicalResult pipelineLoop(scf::ForOp loop, MutableArrayRef<AsyncLoad> loads,
                           int numStages) {
  Location loc = loop.getLoc();
  IRRewriter rewriter(loop.getContext());
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
  bool asyncReader = llvm::any_of(
      loads, [&](AsyncLoad &l) { return !onlyLocalLoads(l.alloc); });
  int numBuffers = asyncReader ? numStages : std::max(1, numStages - 1);
  SmallVector<Value> buffers;
  for (AsyncLoad &l : loads) {
    MemDescType one = l.alloc.getType();
    SmallVector<int64_t> shape{numBuffers};
    llvm::append_range(shape, one.getShape());
    auto type = MemDescType::get(shape, one.getElementType(),
                                 one.getEncoding(), one.getMemorySpace(),
                                 /*mutableMemory=*/true);
    buffers.push_back(LocalAllocOp::create(b, l.alloc.getLoc(), type));
  }

  // The insertion and extraction buffer indices, carried by the loop.
  Value minusOne = indexConstant(b, loc, b.getI32Type(), -1);
  rewriter.setInsertionPoint(loop);
  auto newLoop = cast<scf::ForOp>(*loop.replaceWithAdditionalYields(
      rewriter, ValueRange{minusOne, minusOne},
      /*replaceInitOperandUsesInLoop=*/false,
      [](OpBuilder &, Location, ArrayRef<BlockArgument> args) {
        return SmallVector<Value>(args.begin(), args.end());
      }));
  loop = newLoop;
  Block *body = loop.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  unsigned numArgs = loop.getNumRegionIterArgs();
  BlockArgument insArg = loop.getRegionIterArgs()[numArgs - 2];
  BlockArgument extArg = loop.getRegionIterArgs()[numArgs - 1];
  b.setInsertionPointToStart(body);
  Value ins = nextIndex(b, loc, insArg, numBuffers);
  Value ext = nextIndex(b, loc, extArg, numBuffers);
  yield->setOperand(numArgs - 2, ins);
  yield->setOperand(numArgs - 1, ext);

  llvm::DenseSet<Operation *> stage0{ins.getDefiningOp()};

  SmallVector<Value> commits;
  SmallVector<Value> views;
  for (auto [l, buf] : llvm::zip_equal(loads, buffers)) {
    b.setInsertionPoint(l.load);
    auto bufType = cast<MemDescType>(buf.getType());
    Value view = MemDescIndexOp::create(b, l.load.getLoc(),
                                        bufferType(bufType), buf, ins);
    auto copy = AsyncCopyGlobalToLocalOp::create(
        b, l.load.getLoc(), AsyncTokenType::get(b.getContext()),
        l.load.getPtr(), view, l.load.getMask(),
        l.load.getOther(), l.load.getCache(), l.load.getEvict(),
        /*isVolatile=*/false, l.vec);
    auto commit = AsyncCommitGroupOp::create(
        b, l.load.getLoc(), AsyncTokenType::get(b.getContext()),
        ValueRange{copy.getToken()});
    stage0.insert(view.getDefiningOp());
    stage0.insert(copy);
    stage0.insert(commit);
    commits.push_back(commit);
  }
  // The stage-0 closure of the copies (addresses, masks, increments).
  {
    SmallVector<Operation *> worklist(stage0.begin(), stage0.end());
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      for (Value operand : op->getOperands()) {
        Value v = operand;
        if (auto arg = dyn_cast<BlockArgument>(v)) {
          if (arg.getOwner() != body || arg == loop.getInductionVar())
            continue;
          v = yield->getOperand(arg.getArgNumber() - 1);
        }
        Operation *def = v.getDefiningOp();
        if (def && def->getBlock() == body && stage0.insert(def).second)
          worklist.push_back(def);
      }
    }
  }

  // One wait before the first buffer is read: iteration k's groups are
  // done when at most those of iterations k+1 .. k+S-2 are outstanding.
  Operation *firstAlloc = loads.front().alloc;
  for (AsyncLoad &l : loads)
    if (l.alloc->isBeforeInBlock(firstAlloc))
      firstAlloc = l.alloc;
  b.setInsertionPoint(firstAlloc);
  int pending = (numStages - 2) * int(loads.size());
  AsyncWaitOp::create(b, loc, AsyncTokenType::get(b.getContext()), commits,
                      pending);
  for (auto [l, buf] : llvm::zip_equal(loads, buffers)) {
    b.setInsertionPoint(l.alloc);
    auto bufType = cast<MemDescType>(buf.getType());
    Value view = MemDescIndexOp::create(b, l.alloc.getLoc(),
                                        bufferType(bufType), buf, ext);
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
  options.getScheduleFn = [&](scf::ForOp,
                              std::vector<std::pair<Operation *, unsigned>> &s) {
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
    if (isa<AsyncCommitGroupOp>(op) || isMemoryEffectFree(op))
      return op;
    return nullptr;
  };
  rewriter.setInsertionPoint(loop);
  FailureOr<scf::ForOp> expanded =
      scf::pipelineForLoop(rewriter, loop, options);
  if (failed(expanded))
    return failure();
  loop = *expanded;
  loop->setAttr(kPipelinedBuffersAttr,
                rewriter.getI32IntegerAttr(numBuffers));

  // Copies of iterations past the end were masked off but still write
  // their zeros: wait for all of them before the buffers go away.
  b.setInsertionPointAfter(loop);
  AsyncWaitOp::create(b, loc, AsyncTokenType::get(b.getContext()),
                      ValueRange{}, 0);
  for (Value buf : buffers)
    LocalDeallocOp::create(b, loc, buf);
  return success();
}

int stagesOf(scf::ForOp loop, int numStages) {
  if (auto attr = loop->getAttrOfType<IntegerAttr>("tt.num_stages"))
    return attr.getInt();
  return numStages;
}

} // namespace

LogicalResult mlir::triton::gpu::pipelineLoads(ModuleOp module,
                                               int numStages, bool remarks) {
  ModuleAxisInfoAnalysis axisInfo(module);
  // Decide on every loop first: AxisInfo describes the module as it was.
  SmallVector<std::tuple<scf::ForOp, SmallVector<AsyncLoad>, int>> work;
  module.walk([&](scf::ForOp loop) {
    int stages = stagesOf(loop, numStages);
    if (stages < 2 || !hasDot(loop))
      return;
    std::string why;
    bool innermost =
        !loop.getBody()
             ->walk([](scf::ForOp) { return WalkResult::interrupt(); })
             .wasInterrupted();
    FailureOr<SmallVector<AsyncLoad>> loads = failure();
    if (innermost)
      loads = selectLoads(loop, axisInfo, why);
    else
      why = "only innermost loops are pipelined";
    if (succeeded(loads)) {
      work.push_back({loop, std::move(*loads), stages});
      return;
    }
    if (remarks)
      emitRemark(loop.getLoc(), "loop not pipelined: ") << why;
  });
  for (auto &[loop, loads, stages] : work) {
    Location loc = loop.getLoc();
    if (failed(pipelineLoop(loop, loads, stages)))
      return emitError(loc, "software pipelining failed while expanding the "
                            "loop's schedule");
  }
  return success();
}
