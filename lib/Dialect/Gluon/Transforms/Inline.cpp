//===- Inline.cpp - gluon-inline -------------------------------------------===//
//
// MLIR's inliner over the module, simplifying with gluon-canonicalize
// between rounds (the default, canonicalize, would rewrite layouts the
// kernel's author chose).
//
//===----------------------------------------------------------------------===//
#include "Dialect/Gluon/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::triton::gluon {
#define GEN_PASS_DEF_GLUONINLINE
#include "Dialect/Gluon/Transforms/Passes.h.inc"
} // namespace mlir::triton::gluon

using namespace mlir;
using namespace mlir::triton;

namespace {

struct InlinePass : public gluon::impl::GluonInlineBase<InlinePass> {
  void runOnOperation() override {
    OpPassManager pipeline(ModuleOp::getOperationName());
    pipeline.addPass(createInlinerPass(
        /*opPipelines=*/{}, [](OpPassManager &pm) {
          pm.addPass(gluon::createGluonCanonicalize());
        }));
    if (failed(runPipeline(pipeline, getOperation())))
      signalPassFailure();
  }
};

} // namespace
