//===- InferCoalescedEncodings.cpp - gluon-infer-coalesced-encodings ------===//
//
// Each load, store or atomic whose pointer tensor has
// #gluon.coalesced_encoding seeds all its operands with the layout
// tritongpu-coalesce would give it (buildCoalescedEncoding, one CTA per
// cluster as in Triton 3.6); InferLayout.cpp carries the layouts to every
// coalesced-placeholder tensor connected to them.
//
//===----------------------------------------------------------------------===//
#include "InferLayout.h"

#include "Analysis/AxisInfo.h"
#include "Dialect/Gluon/IR/Dialect.h"
#include "Dialect/Gluon/Transforms/Passes.h"
#include "Dialect/TritonGPU/Transforms/LayoutUtility.h"

namespace mlir::triton::gluon {
#define GEN_PASS_DEF_GLUONINFERCOALESCEDENCODINGS
#include "Dialect/Gluon/Transforms/Passes.h.inc"
} // namespace mlir::triton::gluon

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gluon;
namespace ttg = mlir::triton::gpu;

namespace {

bool isCoalesced(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && isa_and_nonnull<CoalescedEncodingAttr>(tensor.getEncoding());
}

struct InferCoalescedEncodingsPass
    : public gluon::impl::GluonInferCoalescedEncodingsBase<
          InferCoalescedEncodingsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    ModuleAxisInfoAnalysis axisInfo(module);
    if (failed(axisInfo.getStatus()))
      return signalPassFailure();
    int threadsPerWarp = ttg::TritonGPUDialect::getThreadsPerWarp(module);
    for (auto func : module.getOps<FuncOp>()) {
      SmallVector<std::pair<Value, Attribute>> seeds;
      bool refused = false;
      func.walk([&](Operation *op) {
        Value ptr = ttg::getMemAccessPtr(op);
        auto type = ptr ? dyn_cast<RankedTensorType>(ptr.getType()) : nullptr;
        if (!type || !isa<PointerType>(type.getElementType()) ||
            !isCoalesced(type))
          return;
        if (ttg::lookupNumCTAs(op) != 1) {
          op->emitOpError("a coalesced layout over several CTAs is not "
                          "supported (Triton 3.6 has none either)");
          refused = true;
          return;
        }
        auto cta = ttg::CTAEncodingAttr::getDefault(op->getContext(),
                                                    type.getRank());
        Attribute layout = ttg::buildCoalescedEncoding(
            axisInfo, op, ttg::lookupNumWarps(op), threadsPerWarp, cta);
        for (Value operand : op->getOperands())
          seeds.push_back({operand, layout});
      });
      if (refused || failed(inferLayouts(func, isCoalesced, seeds)))
        return signalPassFailure();
    }
    if (failed(checkResolved(module, isCoalesced, "a coalesced")))
      signalPassFailure();
  }
};

} // namespace
