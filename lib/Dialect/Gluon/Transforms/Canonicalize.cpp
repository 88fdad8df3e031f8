//===- Canonicalize.cpp - gluon-canonicalize -------------------------------===//
//
// canonicalize without the patterns that change layouts: arith's, scf's and
// cf's canonicalizations, and of the Triton ops only tt.load's, tt.store's,
// tt.broadcast's, tt.expand_dims' and ttg.warp_specialize's (what Triton
// 3.6's gluon-canonicalize keeps). Folders still run; a layout conversion
// only folds away when it converts to the layout it has.
//
//===----------------------------------------------------------------------===//
#include "Dialect/Gluon/Transforms/Passes.h"

#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton::gluon {
#define GEN_PASS_DEF_GLUONCANONICALIZE
#include "Dialect/Gluon/Transforms/Passes.h.inc"
} // namespace mlir::triton::gluon

using namespace mlir;
using namespace mlir::triton;

namespace {

struct CanonicalizePass
    : public gluon::impl::GluonCanonicalizeBase<CanonicalizePass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    for (StringRef dialect : {arith::ArithDialect::getDialectNamespace(),
                              scf::SCFDialect::getDialectNamespace(),
                              cf::ControlFlowDialect::getDialectNamespace()}) {
      ctx->getLoadedDialect(dialect)->getCanonicalizationPatterns(patterns);
      for (RegisteredOperationName op :
           ctx->getRegisteredOperationsByDialect(dialect))
        op.getCanonicalizationPatterns(patterns, ctx);
    }
    LoadOp::getCanonicalizationPatterns(patterns, ctx);
    StoreOp::getCanonicalizationPatterns(patterns, ctx);
    BroadcastOp::getCanonicalizationPatterns(patterns, ctx);
    ExpandDimsOp::getCanonicalizationPatterns(patterns, ctx);
    gpu::WarpSpecializeOp::getCanonicalizationPatterns(patterns, ctx);
    gpu::WarpSpecializePartitionsOp::getCanonicalizationPatterns(patterns, ctx);
    // Region simplification removes dead block arguments and unreachable
    // blocks, as canonicalize does. Equal constants stay apart: before
    // gluon-resolve-auto-encodings two splats of #gluon.auto_encoding may
    // be equal only for now (each one's users give it its own layout, as
    // Triton 3.6 keeps them).
    GreedyRewriteConfig config;
    config.enableConstantCSE(false);
    (void)applyPatternsGreedily(getOperation(), std::move(patterns), config);
  }
};

} // namespace
