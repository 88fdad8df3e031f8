//===- SelectLoads.cpp - which loads of a loop the pipeliner copies -------===//
//
// A load is pipelined when its only user, in the same block, is a
// local_alloc (a wgmma operand) or a conversion to a dot operand layout
// (then split into local_alloc + local_load; for mma v2, with the swizzled
// layout tritongpu-reduce-data-duplication would give it, for an FMA dot
// unswizzled), possibly through
// a `tt.trans` (a B stored N x K: the buffer keeps the loaded orientation,
// read through memdesc_trans). Pointer loads must also have a zero `other`
// (cp.async zero-fills) and let cp.async move 4, 8 or 16 bytes per access
// (AxisInfo on pointers and mask, the shared layout's vectorization).
// A pointer load that a dot's A or B needs only through registers (a row
// statistic or a scale in the dot's operand computation) is pipelined too,
// as Triton 3.6 does: into an unswizzled buffer, read back by a local_load
// where the load was.
// Descriptor loads must land in the descriptor's own nvmma layout, which is
// what the TMA unit writes; a descriptor made in the loop (at its top level
// or in scf.if ops) gets several tensor maps (TensorMaps.cpp). The stage-0
// ops (the loads' address closure, through loop-carried values and the
// values scf.if ops there capture) must be free of side effects; the only
// ops with regions among them are scf.if.
//
//===----------------------------------------------------------------------===//
#include "Pipeliner.h"

#include "Analysis/AxisInfo.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonGPU/Transforms/LayoutUtility.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/TMAUtility.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

#include <functional>
#include <optional>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// tt.dot, tt.dot_scaled or a warp-group dot.
bool isDotOp(Operation *op) {
  return isa<DotOp, DotScaledOp, nvidia_gpu::WarpGroupDotOp>(op);
}

bool isZeroConstant(Value v) {
  return matchPattern(v, m_Zero()) || matchPattern(v, m_AnyZeroFloat());
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
/// Fails when one of them has side effects, or regions other than an
/// scf.if's (whose captured values join the closure).
FailureOr<llvm::SetVector<Operation *>>
addressClosure(scf::ForOp loop, ArrayRef<Operation *> loads) {
  Block *body = loop.getBody();
  llvm::SetVector<Operation *> ops;
  SmallVector<Value> worklist;
  for (Operation *load : loads)
    llvm::append_range(worklist, load->getOperands());
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() != body || arg == loop.getInductionVar())
        continue;
      // A loop-carried value: what the previous iteration yielded.
      worklist.push_back(loop.getYieldedValues()[arg.getArgNumber() - 1]);
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != body || !ops.insert(def))
      continue;
    if ((def->getNumRegions() && !isa<scf::IfOp>(def)) ||
        !isMemoryEffectFree(def))
      return failure();
    llvm::append_range(worklist, def->getOperands());
    def->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (!def->isAncestor(operand.getParentRegion()->getParentOp()))
          worklist.push_back(operand);
    });
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
  std::function<LocalAllocOp(Operation *)> materialize;
};

/// The path of a load transposed ({1, 0}) on its way to a dot operand: the
/// buffer keeps the loaded orientation and the operand is read through
/// memdesc_trans. `operand` is the value of the operand type that the
/// local_load replaces; `dead` the ops then left without users, in order.
std::optional<SharedOperandPath>
getTransposedPath(Operation *load, TypedValue<RankedTensorType> operand,
                  SmallVector<Operation *> dead,
                  std::optional<MemDescType> tmaBuffer) {
  auto loadType = cast<RankedTensorType>(load->getResult(0).getType());
  auto dot = dyn_cast<DotOperandEncodingAttr>(operand.getType().getEncoding());
  if (!dot || loadType.getRank() != 2)
    return std::nullopt;
  // The operand view [K, N] keeps the load's contiguous dimension
  // contiguous: its order is the load's, transposed.
  SmallVector<unsigned> loadOrder = getOrderForMemory(loadType);
  SmallVector<unsigned> viewOrder{1 - loadOrder[0], 1 - loadOrder[1]};
  auto viewEncoding = getSwizzledSharedForDotOperand(
      dot, operand.getType().getShape(), viewOrder,
      getCTALayout(loadType.getEncoding()), loadType.getElementTypeBitWidth());
  auto viewType = MemDescType::get(
      operand.getType().getShape(), loadType.getElementType(), viewEncoding,
      SharedMemorySpaceAttr::get(load->getContext()));
  FailureOr<MemDescType> bufferType =
      MemDescTransOp::inferResultType(viewType, {1, 0}, std::nullopt);
  if (failed(bufferType))
    return std::nullopt;
  MemDescType buffer = tmaBuffer ? *tmaBuffer : *bufferType;
  return SharedOperandPath{
      buffer, [operand, dead, buffer](Operation *load) mutable {
        Operation *last = operand.getDefiningOp();
        OpBuilder b(last);
        auto alloc =
            LocalAllocOp::create(b, last->getLoc(), buffer, load->getResult(0));
        Value view = MemDescTransOp::create(b, last->getLoc(), alloc,
                                            ArrayRef<int32_t>{1, 0});
        auto local =
            LocalLoadOp::create(b, last->getLoc(), operand.getType(), view);
        operand.replaceAllUsesWith(local.getResult());
        for (Operation *op : dead)
          op->erase();
        return alloc;
      }};
}

std::optional<SharedOperandPath>
getSharedOperandPath(Operation *load, std::optional<MemDescType> tmaBuffer) {
  Operation *user = *load->user_begin();
  auto isTranspose = [](Operation *op) {
    auto trans = dyn_cast<TransOp>(op);
    return trans && trans.getOrder() == ArrayRef<int32_t>{1, 0};
  };
  // load -> tt.trans {1, 0} -> convert_layout -> dot operand.
  if (isTranspose(user) && user->hasOneUse()) {
    auto cvt = dyn_cast<ConvertLayoutOp>(*user->user_begin());
    if (!cvt || cvt->getBlock() != user->getBlock())
      return std::nullopt;
    return getTransposedPath(load, cvt.getResult(), {cvt, user}, tmaBuffer);
  }
  auto cvt = dyn_cast<ConvertLayoutOp>(user);
  if (!cvt)
    return std::nullopt;
  auto loadType = cast<RankedTensorType>(load->getResult(0).getType());
  // An operand of an mma dot, or of an FMA dot (a blocked parent: Triton
  // pipelines those too, through an unswizzled buffer).
  if (isa<DotOperandEncodingAttr>(cvt.getType().getEncoding())) {
    MemDescType buffer =
        tmaBuffer ? *tmaBuffer
                  : getDotOperandSharedType(loadType,
                                            cast<DotOperandEncodingAttr>(
                                                cvt.getType().getEncoding()));
    return SharedOperandPath{buffer, [cvt, buffer](Operation *load) mutable {
                               OpBuilder b(cvt);
                               auto alloc = LocalAllocOp::create(
                                   b, cvt.getLoc(), buffer, load->getResult(0));
                               auto local = LocalLoadOp::create(
                                   b, cvt.getLoc(), cvt.getType(), alloc);
                               cvt.replaceAllUsesWith(local.getResult());
                               cvt.erase();
                               return alloc;
                             }};
  }
  // load -> convert_layout -> tt.trans {1, 0} -> dot operand.
  Operation *next = cvt->hasOneUse() ? *cvt->user_begin() : nullptr;
  if (!next || !isTranspose(next) || next->getBlock() != cvt->getBlock())
    return std::nullopt;
  auto trans = cast<TransOp>(next);
  return getTransposedPath(load, trans.getResult(), {trans, cvt}, tmaBuffer);
}

/// The buffer a load lands in: the local_alloc it feeds, or the one a
/// conversion to an mma operand layout is rewritten into. Null when the
/// load does not reach shared memory that way.
struct Destination {
  LocalAllocOp alloc;
  std::optional<SharedOperandPath> path;
  MemDescType type() { return alloc ? alloc.getType() : path->bufferType; }
};

std::optional<Destination>
getDestination(Operation *load, std::optional<MemDescType> tmaBuffer) {
  if (!load->hasOneUse())
    return std::nullopt;
  Operation *user = *load->user_begin();
  if (user->getBlock() != load->getBlock())
    return std::nullopt;
  if (auto alloc = dyn_cast<LocalAllocOp>(user))
    return Destination{alloc, std::nullopt};
  if (auto path = getSharedOperandPath(load, tmaBuffer))
    return Destination{LocalAllocOp(), path};
  return std::nullopt;
}

/// A `tt.load` cp.async can move: zero `other`, vectors of 4 bytes or more.
std::optional<AsyncLoad> selectPointerLoad(LoadOp load,
                                           ModuleAxisInfoAnalysis &axisInfo) {
  if (!isa<RankedTensorType>(load.getType()) || load.getIsVolatile())
    return std::nullopt;
  if (load.getOther() && !isZeroConstant(load.getOther()))
    return std::nullopt;
  std::optional<Destination> dest = getDestination(load, std::nullopt);
  if (!dest)
    return std::nullopt;
  unsigned vec = copyVectorSize(load, dest->type(), axisInfo);
  if (!vec)
    return std::nullopt;
  return AsyncLoad{load, dest->alloc, vec,
                   dest->alloc ? nullptr : dest->path->materialize};
}

/// A `tt.descriptor_load` whose block lands in shared memory in the
/// descriptor's own layout (what TMA writes).
std::optional<AsyncLoad> selectTMALoad(DescriptorLoadOp load) {
  TensorDescType desc = load.getDesc().getType();
  if (!isa_and_nonnull<NVMMASharedEncodingAttr>(
          desc.getBlockType().getEncoding()))
    return std::nullopt;
  MemDescType tmaType =
      nvidia_gpu::getTMABufferType(load.getType(), desc, /*mutable=*/false);
  std::optional<Destination> dest = getDestination(load, tmaType);
  if (!dest)
    return std::nullopt;
  if (dest->alloc &&
      dest->alloc.getType().getEncoding() != tmaType.getEncoding())
    return std::nullopt;
  return AsyncLoad{load, dest->alloc, 0,
                   dest->alloc ? nullptr : dest->path->materialize};
}

/// The loads the A and B operands of the loop's dots reach through ops of
/// the loop body, stopping at loads (Triton 3.6's assign-latencies walks the
/// same way; a load behind another load, an indirection, is not among them).
llvm::DenseSet<Operation *> loadsFeedingDots(scf::ForOp loop) {
  Block *body = loop.getBody();
  llvm::DenseSet<Operation *> seen, found;
  SmallVector<Operation *> worklist;
  for (Operation &op : *body)
    if (isDotOp(&op))
      worklist.push_back(&op);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!seen.insert(op).second)
      continue;
    if (isa<LoadOp, DescriptorLoadOp>(op)) {
      found.insert(op);
      continue;
    }
    bool isDot = isDotOp(op);
    op->walk([&](Operation *nested) {
      for (OpOperand &operand : nested->getOpOperands()) {
        // A dot's accumulator is not an operand whose loads are waited for.
        if (isDot && nested == op && operand.getOperandNumber() == 2)
          continue;
        Operation *def = operand.get().getDefiningOp();
        if (def && def->getBlock() == body && !op->isAncestor(def))
          worklist.push_back(def);
      }
    });
  }
  return found;
}

/// A `tt.load` a dot needs only through registers (a row statistic, a
/// scale): copied into an unswizzled buffer and read back by a local_load
/// where the load was, as Triton 3.6 does. Not for a load whose users want
/// it in a shared layout of their own (a local_alloc, a dot operand
/// conversion), which the other paths take or refuse.
std::optional<AsyncLoad> selectRegisterLoad(LoadOp load,
                                            ModuleAxisInfoAnalysis &axisInfo) {
  auto type = dyn_cast<RankedTensorType>(load.getType());
  if (!type || load.getIsVolatile() || load->use_empty())
    return std::nullopt;
  if (load.getOther() && !isZeroConstant(load.getOther()))
    return std::nullopt;
  for (Operation *user : load->getUsers()) {
    auto cvt = dyn_cast<ConvertLayoutOp>(user);
    if (isa<LocalAllocOp>(user) ||
        (cvt && isa<DotOperandEncodingAttr>(cvt.getType().getEncoding())))
      return std::nullopt;
  }
  MLIRContext *ctx = load.getContext();
  auto encoding = SwizzledSharedEncodingAttr::get(
      ctx, 1, 1, 1, getOrder(type.getEncoding()),
      getCTALayout(type.getEncoding()));
  auto buffer = MemDescType::get(type.getShape(), type.getElementType(),
                                 encoding, SharedMemorySpaceAttr::get(ctx));
  unsigned vec = copyVectorSize(load, buffer, axisInfo);
  if (!vec)
    return std::nullopt;
  return AsyncLoad{load, LocalAllocOp(), vec,
                   [buffer](Operation *load) {
                     OpBuilder b(load->getContext());
                     b.setInsertionPointAfter(load);
                     Value value = load->getResult(0);
                     auto alloc = LocalAllocOp::create(b, load->getLoc(),
                                                       buffer, value);
                     auto local = LocalLoadOp::create(b, load->getLoc(),
                                                      value.getType(), alloc);
                     value.replaceAllUsesExcept(local.getResult(), alloc);
                     return alloc;
                   },
                   /*throughRegisters=*/true};
}

} // namespace

bool mlir::triton::gpu::hasDot(scf::ForOp loop) {
  return loop
      ->walk([](Operation *op) {
        return isDotOp(op) ? WalkResult::interrupt() : WalkResult::advance();
      })
      .wasInterrupted();
}

bool mlir::triton::gpu::hasOwnNumStages(scf::ForOp loop) {
  return loop->hasAttr(attrs::kNumStages);
}

int mlir::triton::gpu::getNumStages(scf::ForOp loop, int numStages) {
  if (auto attr = loop->getAttrOfType<IntegerAttr>(attrs::kNumStages))
    return attr.getInt();
  return numStages;
}

bool mlir::triton::gpu::isInnermost(scf::ForOp loop) {
  return !loop.getBody()
              ->walk([](scf::ForOp) { return WalkResult::interrupt(); })
              .wasInterrupted();
}

FailureOr<SmallVector<AsyncLoad>>
mlir::triton::gpu::selectLoads(scf::ForOp loop,
                               ModuleAxisInfoAnalysis &axisInfo,
                               std::string &why, ArrayRef<Operation *> only) {
  if (!canMultiBufferTensorMaps(loop, why))
    return failure();
  SmallVector<Operation *> candidates(only);
  if (only.empty())
    for (Operation &op : *loop.getBody())
      if (isa<LoadOp, DescriptorLoadOp>(op))
        candidates.push_back(&op);
  // Loads read in registers: those a dot waits for (or given); in a loop
  // with its own `tt.num_stages` (tl.range(..., num_stages=N)), every load,
  // as Triton 3.6 pipelines such loops with or without dots.
  llvm::DenseSet<Operation *> feedingDots;
  bool everyLoad = hasOwnNumStages(loop);
  if (only.empty() && !everyLoad)
    feedingDots = loadsFeedingDots(loop);
  SmallVector<AsyncLoad> loads;
  for (Operation *op : candidates) {
    std::optional<AsyncLoad> selected;
    if (auto load = dyn_cast<LoadOp>(op)) {
      selected = selectPointerLoad(load, axisInfo);
      if (!selected &&
          (!only.empty() || everyLoad || feedingDots.contains(op)))
        selected = selectRegisterLoad(load, axisInfo);
    } else if (auto load = dyn_cast<DescriptorLoadOp>(op)) {
      selected = selectTMALoad(load);
    }
    if (selected) {
      loads.push_back(*selected);
      continue;
    }
    if (!only.empty()) {
      why = "a load the schedule puts at stage 0 cannot become an "
            "asynchronous copy into shared memory";
      return failure();
    }
  }
  if (loads.empty()) {
    bool tma = !loop.getBody()->getOps<DescriptorLoadOp>().empty();
    why = tma ? "no tensor-descriptor load lands in shared memory in the "
                "descriptor's layout, and no pointer load feeds a dot"
              : "no load feeds a dot through shared memory in vectors of 4 "
                "bytes or more";
    return failure();
  }
  return loads;
}

FailureOr<llvm::SetVector<Operation *>>
mlir::triton::gpu::stageZeroOps(scf::ForOp loop, ArrayRef<Operation *> loads,
                                std::string &why) {
  // MLIR's expander places each yielded value by the stage of the op that
  // makes it: one made outside the body (an iter_arg set to a loop-invariant
  // value, or passed on unchanged) has none.
  for (Value yielded : loop.getYieldedValues()) {
    Operation *def = yielded.getDefiningOp();
    if (!def || def->getBlock() != loop.getBody()) {
      why = "a loop-carried value is yielded unchanged or from outside the "
            "loop";
      return failure();
    }
  }
  auto stage0 = addressClosure(loop, loads);
  if (failed(stage0)) {
    why = "the loads' addresses depend on an op with side effects or "
          "regions other than scf.if";
    return failure();
  }
  // The loads become stage-0 copies.
  for (Operation *load : loads)
    stage0->insert(load);
  // A value carried by the loop and updated at stage 0 runs S-1 iterations
  // ahead of the last stage. Inside the loop that is MLIR's expander's
  // business: a later stage reads the version of its own iteration, carried
  // across stages as extra iter_args (vecadd's offsets, read by the store).
  // After the loop it is not: the prologue's updates are not predicated
  // (pure ops), so with fewer iterations than stages the result would be
  // ahead of the loop's.
  for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
    Operation *def = loop.getYieldedValues()[i].getDefiningOp();
    if (!def || !stage0->contains(def))
      continue;
    if (!loop->getResult(i).use_empty()) {
      why = "a value the loads' addresses carry across iterations is also "
            "read after the loop";
      return failure();
    }
  }
  return stage0;
}

void mlir::triton::gpu::materializeAllocs(MutableArrayRef<AsyncLoad> loads) {
  for (AsyncLoad &l : loads) {
    if (l.alloc)
      continue;
    l.alloc = l.materialize(l.load);
    l.materialize = nullptr;
    l.materialized = true;
  }
}
