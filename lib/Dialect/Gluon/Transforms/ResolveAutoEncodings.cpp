//===- ResolveAutoEncodings.cpp - gluon-resolve-auto-encodings ------------===//
//
// Each gluon.set_auto_layout seeds its operand with its result's layout;
// InferLayout.cpp carries the layouts to every #gluon.auto_encoding tensor
// connected to the seeds; then the set_auto_layout ops are identities and
// go. A tensor no seed reaches is an error naming it.
//
//===----------------------------------------------------------------------===//
#include "InferLayout.h"

#include "Dialect/Gluon/IR/Dialect.h"
#include "Dialect/Gluon/Transforms/Passes.h"

namespace mlir::triton::gluon {
#define GEN_PASS_DEF_GLUONRESOLVEAUTOENCODINGS
#include "Dialect/Gluon/Transforms/Passes.h.inc"
} // namespace mlir::triton::gluon

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gluon;

namespace {

bool isAuto(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && isa_and_nonnull<AutoEncodingAttr>(tensor.getEncoding());
}

struct ResolveAutoEncodingsPass
    : public gluon::impl::GluonResolveAutoEncodingsBase<ResolveAutoEncodingsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (auto func : module.getOps<FuncOp>()) {
      SmallVector<std::pair<Value, Attribute>> seeds;
      func.walk([&](SetAutoLayoutOp op) {
        seeds.push_back({op.getSrc(), op.getType().getEncoding()});
      });
      if (failed(inferLayouts(func, isAuto, seeds)))
        return signalPassFailure();
    }
    WalkResult walk = module.walk([&](SetAutoLayoutOp op) {
      if (op.getSrc().getType() != op.getType()) {
        op.emitOpError("operand resolved to ")
            << op.getSrc().getType().getEncoding() << ", not to the layout "
            << op.getType().getEncoding() << " it sets";
        return WalkResult::interrupt();
      }
      op.getResult().replaceAllUsesWith(op.getSrc());
      op.erase();
      return WalkResult::advance();
    });
    if (walk.wasInterrupted() ||
        failed(checkResolved(module, isAuto, "an automatic")))
      signalPassFailure();
  }
};

} // namespace
