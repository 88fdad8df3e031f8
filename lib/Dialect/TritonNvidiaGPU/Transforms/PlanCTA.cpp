//===- PlanCTA.cpp - triton-nvidia-gpu-plan-cta ---------------------------===//
//
// With num-ctas > 1, decides how the CTAs of a cluster split each tensor:
// the anchors (dots, reductions, else the first store) get CTA layouts here,
// CTAPropagation.cpp carries them through the function. With one CTA the
// pass leaves the IR alone.
//
//===----------------------------------------------------------------------===//
#include "CTAPlanner.h"

#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#define DEBUG_TYPE "triton-nvidia-gpu-plan-cta"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_TRITONNVIDIAGPUPLANCTA
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

//===----------------------------------------------------------------------===//
// Layouts
//===----------------------------------------------------------------------===//

Attribute CTAPlanner::replaceCTALayout(Attribute layout,
                                       ArrayRef<int64_t> shape,
                                       CTAEncodingAttr ctaLayout) {
  MLIRContext *ctx = layout.getContext();
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(layout))
    return BlockedEncodingAttr::get(ctx, shape, blocked.getSizePerThread(),
                                    blocked.getOrder(), numWarps,
                                    threadsPerWarp, ctaLayout);
  if (auto slice = dyn_cast<SliceEncodingAttr>(layout)) {
    // The parent's CTA layout is the slice's with the sliced dimension,
    // which the CTAs do not split, put back.
    unsigned dim = slice.getDim();
    SmallVector<SmallVector<int32_t>> bases = ctaLayout.getBases();
    for (SmallVector<int32_t> &basis : bases)
      basis.insert(basis.begin() + dim, 0);
    auto parentCTA =
        CTAEncodingAttr::getFromBases(ctx, shape.size() + 1, bases);
    Attribute parent = replaceCTALayout(slice.getParent(),
                                        slice.paddedShape(shape), parentCTA);
    if (!parent)
      return nullptr;
    return SliceEncodingAttr::get(ctx, dim,
                                  cast<DistributedEncodingTrait>(parent));
  }
  func.emitError("triton-nvidia-gpu-plan-cta cannot give ")
      << layout << " another CTA layout (only blocked and slice layouts, as "
      << "tritongpu-coalesce leaves them)";
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Anchors
//===----------------------------------------------------------------------===//

/// CTAs along M and N for an M x N dot: chunks of 128 rows (else 64) along
/// M, the rest along N while N keeps at least 64 columns per CTA.
static std::pair<unsigned, unsigned> getDotTiling(int64_t m, int64_t n,
                                                  unsigned numCTAs) {
  unsigned splitM = 1, splitN = numCTAs;
  for (int64_t chunk = 128; chunk >= 64; chunk /= 2) {
    splitM = std::clamp<int64_t>(m / chunk, 1, numCTAs);
    splitN = numCTAs / splitM;
    if (n / splitN >= 64)
      break;
  }
  return {splitM, splitN};
}

LogicalResult CTAPlanner::processDots() {
  WalkResult result = func.walk([&](DotOp dot) {
    auto aType = cast<RankedTensorType>(dot.getA().getType());
    auto bType = cast<RankedTensorType>(dot.getB().getType());
    auto dType = cast<RankedTensorType>(dot.getD().getType());
    auto aLayout =
        dyn_cast_or_null<DotOperandEncodingAttr>(aType.getEncoding());
    auto bLayout =
        dyn_cast_or_null<DotOperandEncodingAttr>(bType.getEncoding());
    auto dLayout = dyn_cast_or_null<BlockedEncodingAttr>(dType.getEncoding());
    if (!aLayout || !bLayout || !dLayout) {
      dot.emitOpError("is planned by triton-nvidia-gpu-plan-cta only with "
                      "#ttg.dot_op operands and a #ttg.blocked result (run "
                      "the pass right after tritongpu-coalesce)");
      return WalkResult::interrupt();
    }
    if (dType.getRank() != 2) {
      dot.emitOpError("is planned by triton-nvidia-gpu-plan-cta only in 2D");
      return WalkResult::interrupt();
    }
    auto [splitM, splitN] =
        getDotTiling(dType.getDimSize(0), dType.getDimSize(1), numCTAs);
    if (splitM * splitN != numCTAs) {
      dot.emitOpError("cannot split ")
          << dType.getDimSize(0) << "x" << dType.getDimSize(1) << " over "
          << numCTAs << " CTAs";
      return WalkResult::interrupt();
    }
    tiled = true;
    MLIRContext *ctx = dot.getContext();
    auto ctaLayout = CTAEncodingAttr::fromSplitParams(ctx, {splitM, splitN},
                                                      {splitM, splitN}, {1, 0});
    auto newD = BlockedEncodingAttr::get(
        ctx, dType.getShape(), dLayout.getSizePerThread(), dLayout.getOrder(),
        numWarps, threadsPerWarp, ctaLayout);
    auto newA = DotOperandEncodingAttr::get(ctx, aLayout.getOpIdx(), newD);
    auto newB = DotOperandEncodingAttr::get(ctx, bLayout.getOpIdx(), newD);
    insertCasts(dot, {newA, newB, newD}, {newD});
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

LogicalResult CTAPlanner::processReduces() {
  WalkResult result = func.walk([&](ReduceOp reduce) {
    RankedTensorType srcType = reduce.getInputTypes().front();
    Attribute layout = srcType.getEncoding();
    if (!isa_and_nonnull<DistributedEncodingTrait>(layout)) {
      reduce.emitOpError("is planned by triton-nvidia-gpu-plan-cta only on "
                         "tensors with a distributed layout");
      return WalkResult::interrupt();
    }
    ArrayRef<int64_t> shape = srcType.getShape();
    unsigned rank = shape.size();
    unsigned axis = reduce.getAxis();
    SmallVector<unsigned> order = getOrder(layout);
    SmallVector<unsigned> sizePerThread = getSizePerThread(layout);

    // CTAs go to the other dimensions, slowest first, as far as they hold
    // distinct data; what is left goes to the slowest of them. With no
    // other dimension the CTAs hold copies: none reduces across CTAs.
    SmallVector<unsigned> ctasPerCGA(rank, 1);
    unsigned remaining = numCTAs;
    for (unsigned dim : llvm::reverse(order)) {
      if (dim == axis)
        continue;
      unsigned room = std::max<int64_t>(shape[dim] / sizePerThread[dim], 1);
      ctasPerCGA[dim] = std::min(room, remaining);
      remaining /= ctasPerCGA[dim];
    }
    std::optional<unsigned> slowest;
    for (unsigned dim : llvm::reverse(order)) {
      if (dim != axis) {
        slowest = dim;
        break;
      }
    }
    SmallVector<unsigned> splitNum = ctasPerCGA;
    if (slowest) {
      ctasPerCGA[*slowest] *= remaining;
      splitNum[*slowest] *= remaining;
    } else {
      ctasPerCGA[axis] *= remaining;
    }

    MLIRContext *ctx = reduce.getContext();
    auto ctaLayout = CTAEncodingAttr::fromSplitParams(ctx, ctasPerCGA, splitNum,
                                                      getCTAOrder(layout));
    tiled = true;
    Attribute newSrc = replaceCTALayout(layout, shape, ctaLayout);
    if (!newSrc)
      return WalkResult::interrupt();
    Attribute newResult;
    if (rank > 1)
      newResult = SliceEncodingAttr::get(
          ctx, axis, cast<DistributedEncodingTrait>(newSrc));
    insertCasts(reduce,
                SmallVector<Attribute>(reduce->getNumOperands(), newSrc),
                SmallVector<Attribute>(reduce->getNumResults(), newResult));
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

LogicalResult CTAPlanner::processStores() {
  SmallVector<Operation *> stores;
  func.walk([&](Operation *op) {
    if (isa<StoreOp, AtomicRMWOp, AtomicCASOp>(op))
      stores.push_back(op);
  });
  // The CTA layout of the first store of a tensor is the function's.
  CTAEncodingAttr ctaLayout;
  for (Operation *store : stores) {
    auto type = dyn_cast<RankedTensorType>(store->getOperand(0).getType());
    if (!type || !type.getEncoding())
      continue;
    if (!ctaLayout)
      ctaLayout = getCTALayout(type.getEncoding());
    Attribute layout =
        replaceCTALayout(type.getEncoding(), type.getShape(), ctaLayout);
    if (!layout)
      return failure();
    processElementwise(store, layout);
  }
  tiled = true;
  return success();
}

LogicalResult CTAPlanner::run() {
  if (failed(processDots()) || failed(processReduces()))
    return failure();
  if (!tiled && failed(processStores()))
    return failure();

  // Every op is visited a few times at most; a planner going round in
  // circles is an internal error, reported rather than looped on.
  unsigned numOps = 0;
  func.walk([&](Operation *) { ++numOps; });
  unsigned maxSteps = std::max(10000u, 100 * numOps);
  for (unsigned step = 0; !queue.empty(); ++step) {
    if (step == maxSteps)
      return func.emitError("triton-nvidia-gpu-plan-cta did not converge");
    CastOp cast = queue.front();
    queue.pop_front();
    bool changed = false;
    if (failed(propagate(cast, changed)))
      return failure();
    if (changed) {
      stepsUnchanged = 0;
    } else {
      queue.push_back(cast);
      ++stepsUnchanged;
    }
  }
  // Every planner cast has been resolved into the IR.
  WalkResult leftover = func.walk([](CastOp cast) {
    return cast->hasAttr(kPlannerCastAttrName) ? WalkResult::interrupt()
                                               : WalkResult::advance();
  });
  if (leftover.wasInterrupted())
    return func.emitError(
        "triton-nvidia-gpu-plan-cta left a layout cast unresolved");
  return success();
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {
struct PlanCTAPass
    : public nvidia_gpu::impl::TritonNvidiaGPUPlanCTABase<PlanCTAPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    unsigned numCTAs = lookupNumCTAs(module);
    if (numCTAs == 1)
      return;
    unsigned threadsPerWarp = TritonGPUDialect::getThreadsPerWarp(module);
    for (FuncOp func : module.getOps<FuncOp>()) {
      int numWarps = lookupNumWarps(func);
      if (numWarps == 0)
        return signalPassFailure();
      CTAPlanner planner(func, numCTAs, numWarps, threadsPerWarp);
      if (failed(planner.run()))
        return signalPassFailure();
    }
  }
};
} // namespace
