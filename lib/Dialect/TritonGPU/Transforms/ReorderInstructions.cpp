//===- ReorderInstructions.cpp - tritongpu-reorder-instructions -----------===//
//
// Moves layout conversions and shared memory accesses to where they cost
// least registers, as Triton's pass of the same name does.
//
//===----------------------------------------------------------------------===//
#include "Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define DEBUG_TYPE "tritongpu-reorder-instructions"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUREORDERINSTRUCTIONS
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The first op of `op`'s block that uses `op`'s results (itself or in its
/// regions); null when there is none.
Operation *getFirstUserInBlock(Operation *op) {
  Operation *first = nullptr;
  for (Operation *user : op->getUsers()) {
    Operation *ancestor = op->getBlock()->findAncestorOpInBlock(*user);
    if (ancestor && (!first || ancestor->isBeforeInBlock(first)))
      first = ancestor;
  }
  return first;
}

/// A conversion's scratch buffer must not overlap buffers that are freed
/// before its first use: move it below the last such `ttg.local_dealloc`.
void sinkConversionsBelowDeallocs(ModuleOp module) {
  SmallVector<ConvertLayoutOp> conversions;
  module.walk([&](ConvertLayoutOp cvt) { conversions.push_back(cvt); });
  for (ConvertLayoutOp cvt : conversions) {
    Operation *firstUser = getFirstUserInBlock(cvt);
    Operation *lastDealloc = nullptr;
    for (Operation *op = cvt->getNextNode(); op && op != firstUser;
         op = op->getNextNode())
      if (isa<LocalDeallocOp>(op))
        lastDealloc = op;
    if (lastDealloc)
      cvt->moveAfter(lastDealloc);
  }
}

/// Loads from shared memory and conversions to a dot operand layout make
/// values that take more registers than what they are made from.
bool increasesRegisterPressure(Operation *op) {
  if (auto load = dyn_cast<LocalLoadOp>(op)) {
    // Repeating a load inside a loop is only right when no write to the
    // buffer can come between: the buffer must be immutable.
    return !load.getSrc().getType().getMutableMemory();
  }
  auto cvt = dyn_cast<ConvertLayoutOp>(op);
  return cvt && isa<DotOperandEncodingAttr>(cvt.getType().getEncoding());
}

/// Such an op with a single user inside another loop is made right before
/// that user, so its value does not live across the loop.
void sinkIntoLoops(ModuleOp module) {
  SmallVector<std::pair<Operation *, Operation *>> moves;
  module.walk([&](Operation *op) {
    if (!increasesRegisterPressure(op) || !op->hasOneUse())
      return;
    Operation *user = *op->user_begin();
    if (user->getParentOfType<scf::ForOp>() ==
        op->getParentOfType<scf::ForOp>())
      return;
    moves.emplace_back(op, user);
  });
  for (auto [op, user] : moves)
    op->moveBefore(user);
}

/// Moves `op` right after the op defining its operand `operand`, when there
/// is one (a block argument leaves `op` in place).
void moveAfterDefinition(Operation *op, Value operand) {
  if (Operation *def = operand.getDefiningOp())
    op->moveAfter(def);
}

/// True when no op strictly between `from` and `to` (same block, `from`
/// first) may write memory.
bool nothingWritesBetween(Operation *from, Operation *to) {
  for (Operation *op = from->getNextNode(); op && op != to;
       op = op->getNextNode()) {
    if (isMemoryEffectFree(op))
      continue;
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects || effects.hasEffect<MemoryEffects::Write>() ||
        effects.hasEffect<MemoryEffects::Free>() ||
        op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return false;
  }
  return true;
}

/// A dot's B operand is read from shared memory after its A operand.
void loadOperandBAfterA(ModuleOp module, DominanceInfo &domInfo) {
  module.walk([&](LocalLoadOp load) {
    auto encoding =
        dyn_cast<DotOperandEncodingAttr>(load.getType().getEncoding());
    if (!encoding || encoding.getOpIdx() != 1 || !load->hasOneUse())
      return;
    auto dot = dyn_cast<DotOp>(*load->user_begin());
    if (!dot)
      return;
    auto loadA = dot.getA().getDefiningOp<LocalLoadOp>();
    if (!loadA || loadA->getBlock() != load->getBlock() ||
        !domInfo.properlyDominates(load.getOperation(), loadA.getOperation()))
      return;
    if (!nothingWritesBetween(load, loadA))
      return;
    load->moveAfter(loadA);
  });
}

struct ReorderInstructionsPass
    : public triton::gpu::impl::TritonGPUReorderInstructionsBase<
          ReorderInstructionsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    sinkConversionsBelowDeallocs(module);
    sinkIntoLoops(module);
    // Shared memory copies of a tensor are made as soon as the tensor is.
    module.walk([](LocalAllocOp alloc) {
      if (Value src = alloc.getSrc())
        moveAfterDefinition(alloc, src);
    });
    // Transpositions right after what they transpose.
    module.walk([](Operation *op) {
      if (auto trans = dyn_cast<TransOp>(op))
        moveAfterDefinition(trans, trans.getSrc());
      else if (auto trans = dyn_cast<MemDescTransOp>(op))
        moveAfterDefinition(trans, trans.getSrc());
    });
    DominanceInfo domInfo(module);
    loadOperandBAfterA(module, domInfo);
  }
};

} // namespace
