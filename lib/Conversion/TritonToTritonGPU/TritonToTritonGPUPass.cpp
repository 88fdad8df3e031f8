//===- TritonToTritonGPUPass.cpp - convert-triton-to-tritongpu ------------===//
#include "Analysis/CallGraph.h"
#include "Conversion/TritonToTritonGPU/Passes.h"
#include "Conversion/TritonToTritonGPU/TritonGPUConversion.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "convert-triton-to-tritongpu"

namespace mlir::triton {
#define GEN_PASS_DEF_CONVERTTRITONTOTRITONGPU
#include "Conversion/TritonToTritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

struct ConvertTritonToTritonGPUPass
    : triton::impl::ConvertTritonToTritonGPUBase<ConvertTritonToTritonGPUPass> {
  using ConvertTritonToTritonGPUBase::ConvertTritonToTritonGPUBase;

  /// The options describe a machine: a target, and powers of two for the
  /// thread, warp and CTA counts (every layout divides by them).
  LogicalResult checkOptions(ModuleOp mod) {
    if (target.getValue().empty())
      return emitError(mod.getLoc(), "'convert-triton-to-tritongpu' requires "
                                     "'target' option to be set");
    auto check = [&](int32_t value, StringRef name) -> LogicalResult {
      if (value > 0 && llvm::isPowerOf2_32(value))
        return success();
      return emitError(mod.getLoc(), "'convert-triton-to-tritongpu' option '")
             << name << "' must be a power of two, got " << value;
    };
    return success(succeeded(check(numWarps, "num-warps")) &&
                   succeeded(check(threadsPerWarp, "threads-per-warp")) &&
                   succeeded(check(numCTAs, "num-ctas")));
  }

  /// A Triton program is one module of functions: the module's attributes
  /// (warps, target) and its analyses cover only the ops directly in it.
  /// A nested module (explicit, or the implicit one the parser wraps around
  /// a module followed by other top-level ops) is refused where it is.
  LogicalResult checkStructure(ModuleOp mod) {
    for (Operation &op : mod.getBody()->getOperations()) {
      if (isa<ModuleOp>(op))
        return op.emitError("a Triton program is a single module of "
                            "functions; nested modules are not supported");
      if (!isa<FunctionOpInterface>(op))
        return op.emitError("a Triton program holds only functions at its "
                            "top level, found '")
               << op.getName() << "'";
    }
    return success();
  }

  void runOnOperation() override {
    ModuleOp mod = getOperation();
    if (failed(checkOptions(mod)) || failed(checkStructure(mod)))
      return signalPassFailure();
    // Triton functions cannot recurse: the call graph names the cycle.
    if (failed(CallGraphBase(mod).getStatus()))
      return signalPassFailure();

    MLIRContext *context = &getContext();
    TritonGPUTypeConverter typeConverter(context, numWarps, threadsPerWarp,
                                         numCTAs, enableSourceRemat);
    TritonGPUConversionTarget conversionTarget(*context, typeConverter);
    RewritePatternSet patterns(context);
    populateArithMathToTritonGPUPatterns(typeConverter, patterns);
    populateTritonToTritonGPUPatterns(typeConverter, patterns);
    populateControlFlowToTritonGPUPatterns(typeConverter, patterns,
                                           conversionTarget);

    Builder b(context);
    mod->setAttr(AttrNumWarpsName, b.getI32IntegerAttr(numWarps));
    mod->setAttr(AttrNumThreadsPerWarp, b.getI32IntegerAttr(threadsPerWarp));
    mod->setAttr(AttrNumCTAsName, b.getI32IntegerAttr(numCTAs));
    mod->setAttr(AttrTargetName, b.getStringAttr(target.getValue()));

    if (failed(
            applyPartialConversion(mod, conversionTarget, std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
