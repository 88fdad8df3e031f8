//===- ConvertTritonGPUToLLVM.cpp - convert-triton-gpu-to-llvm ------------===//
//
// The pass: place the shared-memory barriers (Membar), compute AxisInfo for
// the loads and stores, then convert every op of the module to the LLVM and
// NVVM dialects in one dialect conversion. The op families' patterns are in
// <Family>OpToLLVM.cpp; arith, math, cf and ub scalars use MLIR's own.
//
//===----------------------------------------------------------------------===//
#include "Analysis/Allocation.h"
#include "Analysis/AxisInfo.h"
#include "Analysis/Membar.h"
#include "Conversion/TritonGPUToLLVM/Passes.h"
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/IR/Matchers.h"

namespace mlir::triton {
#define GEN_PASS_DEF_CONVERTTRITONGPUTOLLVM
#include "Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

/// tt.dot lowers on CUDA cores (#ttg.blocked result, DotOpToLLVM/FMA.cpp)
/// and on mma.sync (#ttg.nvidia_mma version 2, DotOpToLLVM/MMAv2.cpp).
LogicalResult checkDotLowerable(triton::DotOp dot) {
  Attribute encoding = cast<RankedTensorType>(dot.getType()).getEncoding();
  if (isa_and_nonnull<ttg::BlockedEncodingAttr>(encoding))
    return success();
  auto mma = dyn_cast_or_null<ttg::NvidiaMmaEncodingAttr>(encoding);
  if (mma && mma.getVersionMajor() == 2)
    return success();
  return dot.emitOpError("lowering to LLVM supports results in #ttg.blocked "
                         "(FMA) and #ttg.nvidia_mma version 2 (mma.sync) "
                         "layouts, got ")
         << encoding;
}

/// Constructs the patterns cannot lower, reported before converting (a
/// failing pattern would otherwise leave the op to MLIR's generic arith
/// lowering, which does not know tensors).
LogicalResult checkLowerable(ModuleOp module, int computeCapability) {
  bool ok = true;
  module.walk([&](Operation *op) {
    // Code runs inside functions; anything else at module level (a stray
    // op) would be converted into module-level LLVM ops nothing can emit.
    if (op->getParentOp() == module.getOperation() &&
        !isa<SymbolOpInterface>(op)) {
      op->emitOpError("lies outside any function; only functions are "
                      "lowered at module level");
      ok = false;
      return;
    }
    // mbarrier transactions (expect_tx), TMA and elect.sync are Hopper's.
    if (isa<nvidia_gpu::InitBarrierOp, nvidia_gpu::InvalBarrierOp,
            nvidia_gpu::BarrierExpectOp, nvidia_gpu::ArriveBarrierOp,
            nvidia_gpu::WaitBarrierOp, nvidia_gpu::AsyncTMACopyGlobalToLocalOp,
            nvidia_gpu::AsyncTMACopyLocalToGlobalOp,
            nvidia_gpu::AsyncTMAReduceOp, nvidia_gpu::TMAStoreWaitOp,
            nvidia_gpu::TensormapCreateOp,
            nvidia_gpu::TensormapFenceproxyAcquireOp>(op) &&
        computeCapability < 90) {
      op->emitOpError("lowers to TMA and mbarrier transactions, which need "
                      "sm_90 or newer (the target is sm_")
          << computeCapability << ")";
      ok = false;
      return;
    }
    if (auto copy = dyn_cast<ttg::AsyncCopyGlobalToLocalOp>(op)) {
      // cp.async zero-fills what a mask leaves out.
      Value other = copy.getOther();
      if (other && !matchPattern(other, m_Zero()) &&
          !matchPattern(other, m_AnyZeroFloat())) {
        op->emitOpError("lowers to cp.async, which fills masked-off elements "
                        "with zeros; `other` must be a zero constant");
        ok = false;
      }
    }
    if (isa<ttg::AsyncCopyGlobalToLocalOp, ttg::AsyncCommitGroupOp,
            ttg::AsyncWaitOp, nvidia_gpu::AsyncCopyMbarrierArriveOp>(op) &&
        computeCapability < 80) {
      op->emitOpError("lowers to cp.async, which needs sm_80 or newer (the "
                      "target is sm_")
          << computeCapability << ")";
      ok = false;
      return;
    }
    // Registers and shared memory are per CTA: in a cluster, a tensor moves
    // to or from shared memory only where each CTA holds the elements its
    // own buffer holds (moving others would need distributed shared memory).
    auto checkWithinCTAs = [&](RankedTensorType tensor, Value memory) {
      auto memDesc = cast<ttg::MemDescType>(memory.getType());
      if (!tensor || stayWithinCTAs(tensor, memDesc))
        return;
      op->emitOpError("moves a tensor between layouts that split the "
                      "cluster's CTAs differently (")
          << tensor.getEncoding() << " and " << memDesc.getEncoding()
          << "); that needs distributed shared memory, which is not lowered";
      ok = false;
    };
    if (auto alloc = dyn_cast<ttg::LocalAllocOp>(op); alloc && alloc.getSrc())
      checkWithinCTAs(alloc.getSrc().getType(), alloc.getResult());
    else if (auto store = dyn_cast<ttg::LocalStoreOp>(op))
      checkWithinCTAs(store.getSrc().getType(), store.getDst());
    else if (auto load = dyn_cast<ttg::LocalLoadOp>(op))
      checkWithinCTAs(load.getType(), load.getSrc());
    if (!ok)
      return;
    Dialect *dialect = op->getDialect();
    StringRef ns = dialect ? dialect->getNamespace() : "";
    if (ns == "scf") {
      op->emitOpError("must be lowered to cf first (convert-scf-to-cf)");
      ok = false;
      return;
    }
    // Ops the ttgir pipeline rewrites before this pass (scaled dots,
    // tensor-descriptor ops), warp specialization and the Hopper ops this
    // backend does not lower: say so by name rather than as a failed
    // legalization.
    if (auto ws = dyn_cast<triton::gpu::WarpSpecializeOp>(op)) {
      // Its regions lower here; thread ids and barriers need the
      // partitions placed, and named barriers are numbered per partition.
      if (computeCapability < 90) {
        op->emitOpError("needs sm_90 or newer (setmaxnreg, named barriers "
                        "per warp group)");
        ok = false;
      } else if (!ws.getWarpGroupStartIds()) {
        op->emitOpError("has no warpGroupStartIds: run "
                        "tritongpu-allocate-warp-groups first");
        ok = false;
      } else if (ws.getPartitionNumWarps().size() > kMaxPartitions) {
        op->emitOpError("has ")
            << ws.getPartitionNumWarps().size() << " partitions; at most "
            << kMaxPartitions << " get a named barrier of their own";
        ok = false;
      }
      // A function called from a partition would count thread ids and
      // barrier threads as the kernel's own warps do.
      for (Region *partition : ws.getPartitionRegions())
        partition->walk([&](CallOpInterface call) {
          call->emitOpError("in a ttg.warp_specialize partition is not "
                            "lowered (the callee's thread ids and barriers "
                            "would be the kernel's warps')");
          ok = false;
        });
      return;
    }
    if (auto dot = dyn_cast<triton::DotOp>(op)) {
      if (failed(checkDotLowerable(dot)))
        ok = false;
      return;
    }
    if (isa<triton::DotScaledOp, triton::DescriptorLoadOp,
            triton::DescriptorStoreOp, triton::DescriptorReduceOp,
            triton::DescriptorGatherOp, triton::DescriptorScatterOp,
            triton::MakeTensorDescOp>(op) ||
        (ns == "ttng" &&
         !isa<nvidia_gpu::WarpGroupDotOp, nvidia_gpu::WarpGroupDotWaitOp,
              nvidia_gpu::FenceAsyncSharedOp, nvidia_gpu::InitBarrierOp,
              nvidia_gpu::InvalBarrierOp, nvidia_gpu::BarrierExpectOp,
              nvidia_gpu::ArriveBarrierOp, nvidia_gpu::WaitBarrierOp,
              nvidia_gpu::AsyncCopyMbarrierArriveOp,
              nvidia_gpu::AsyncTMACopyGlobalToLocalOp,
              nvidia_gpu::AsyncTMACopyLocalToGlobalOp,
              nvidia_gpu::AsyncTMAReduceOp, nvidia_gpu::TMAStoreWaitOp,
              nvidia_gpu::TensormapCreateOp,
              nvidia_gpu::TensormapFenceproxyAcquireOp,
              nvidia_gpu::ReinterpretTensorDescOp,
              nvidia_gpu::NamedBarrierArriveOp, nvidia_gpu::NamedBarrierWaitOp,
              nvidia_gpu::WarpGroupIdOp>(op))) {
      op->emitOpError("is not lowered to LLVM here (the ttgir pipeline "
                      "decomposes tt.dot_scaled and turns tensor-descriptor "
                      "ops into TMA ops and tensor maps; Hopper-specific ops "
                      "other than wgmma, mbarriers, named barriers, TMA "
                      "copies and tensor maps are not supported by this "
                      "backend)");
      ok = false;
      return;
    }
    if (auto cst = dyn_cast<arith::ConstantOp>(op)) {
      if (isa<RankedTensorType>(cst.getType()) &&
          !isa<SplatElementsAttr>(cst.getValue())) {
        op->emitOpError("lowering to LLVM supports splat tensor constants "
                        "only");
        ok = false;
      }
      return;
    }
    if (auto cast = dyn_cast<triton::FpToFpOp>(op)) {
      // The sm_89+ paired conversions know e4m3 (fn) and e5m2 only.
      for (Type type : {cast.getSrc().getType(), cast.getType()}) {
        Type element = getElementTypeOrSelf(type);
        if (isFloat8(element) &&
            !isa<Float8E4M3FNType, Float8E5M2Type>(element)) {
          op->emitOpError("conversion of ")
              << element << " is not lowered (f8E4M3FN and f8E5M2 are)";
          ok = false;
        }
      }
      return;
    }
    // |x| of an 8-bit float clears its sign bit (Fp8AbsConversion).
    if ((ns == "arith" || ns == "math") && !isa<math::AbsFOp>(op) &&
        llvm::any_of(
            llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes()),
            isFloat8)) {
      op->emitOpError("on 8-bit floats is not lowered; cast with "
                      "tt.fp_to_fp first");
      ok = false;
    }
  });
  return success(ok);
}

struct ConvertTritonGPUToLLVM
    : public triton::impl::ConvertTritonGPUToLLVMBase<ConvertTritonGPUToLLVM> {
  using ConvertTritonGPUToLLVMBase::ConvertTritonGPUToLLVMBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();

    if (failed(checkLowerable(module, computeCapability)))
      return signalPassFailure();

    LoweringConfig config;
    config.computeCapability = computeCapability;
    config.ptxVersion = ptxVersion;
    config.numWarps = ttg::TritonGPUDialect::getNumWarps(module);
    config.threadsPerWarp = ttg::TritonGPUDialect::getThreadsPerWarp(module);
    config.numCTAs = ttg::TritonGPUDialect::getNumCTAs(module);
    // (The ttg dialect verifies it is a positive i32.)
    if (auto maxnreg = module->getAttrOfType<IntegerAttr>("ttg.maxnreg"))
      config.maxnreg = maxnreg.getInt();

    // Barriers between shared-memory accesses that may conflict.
    {
      ModuleAllocation allocation(module);
      // A recursive call graph has no allocation (the error names the call).
      if (failed(allocation.getStatus()))
        return signalPassFailure();
      ModuleMembarAnalysis membar(&allocation);
      membar.run();
    }
    ModuleAxisInfoAnalysis axisInfo(module);

    LowerToLLVMOptions options(ctx);
    options.overrideIndexBitwidth(32);
    TritonGPUToLLVMTypeConverter converter(ctx, options);

    RewritePatternSet patterns(ctx);
    populateFuncOpToLLVMPatterns(converter, patterns, config);
    populateSPMDOpToLLVMPatterns(converter, patterns);
    populateElementwiseOpToLLVMPatterns(converter, patterns, axisInfo, config);
    populateCastOpToLLVMPatterns(converter, patterns, axisInfo, config);
    populateElementwiseInlineAsmOpToLLVMPatterns(converter, patterns);
    populateMapElementwiseOpToLLVMPatterns(converter, patterns);
    populateLoadStoreOpToLLVMPatterns(converter, patterns, axisInfo, config);
    populateAtomicOpToLLVMPatterns(converter, patterns, axisInfo, config);
    populatePrintAssertOpToLLVMPatterns(converter, patterns);
    populateHistogramGatherOpToLLVMPatterns(converter, patterns, config);
    populateViewOpToLLVMPatterns(converter, patterns);
    populateReduceOpToLLVMPatterns(converter, patterns, config);
    populateScanOpToLLVMPatterns(converter, patterns, config);
    populateConvertLayoutOpToLLVMPatterns(converter, patterns, config);
    populateShapeOpToLLVMPatterns(converter, patterns);
    populateMemoryOpToLLVMPatterns(converter, patterns, config);
    populateAsyncCopyOpToLLVMPatterns(converter, patterns, axisInfo);
    populateBarrierOpToLLVMPatterns(converter, patterns);
    populateMBarrierOpToLLVMPatterns(converter, patterns);
    populateTMAOpToLLVMPatterns(converter, patterns);
    populateTensormapOpToLLVMPatterns(converter, patterns);
    populateWGMMAOpToLLVMPatterns(converter, patterns);
    populateMemDescViewOpToLLVMPatterns(converter, patterns);
    populateFMADotOpToLLVMPatterns(converter, patterns);
    populateMMAv2DotOpToLLVMPatterns(converter, patterns, config);
    populateLocalLoadLdMatrixPatterns(converter, patterns, config);
    populateFp4ToFpOpToLLVMPatterns(converter, patterns);
    // arith.ceildivsi/ceildivui/floordivsi (Triton's frontend emits them
    // for `//` and cdiv) become divisions, compares and selects, on
    // tensors too, which the patterns above and below then lower.
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    ub::populateUBToLLVMConversionPatterns(converter, patterns);

    ConversionTarget target(*ctx);
    target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect>();
    target.addLegalOp<ModuleOp>();
    populateWarpSpecializeRegionPatterns(converter, patterns, target);
    if (failed(applyFullConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    attachLoopAnnotations(module);
  }

  /// Loop options (tl.range(..., disable_licm=True), tl.condition) reach
  /// the loop's back-edge branch as the discardable `llvm.loop_annotation`
  /// convert-scf-to-cf copies there; the LLVM branches carry it as their
  /// own `loop_annotation`, which the translation turns into !llvm.loop
  /// metadata (llvm.licm.disable, ...).
  static void attachLoopAnnotations(ModuleOp module) {
    StringRef name = "llvm.loop_annotation";
    module.walk([&](Operation *op) {
      auto annotation =
          dyn_cast_or_null<LLVM::LoopAnnotationAttr>(op->getDiscardableAttr(name));
      if (!annotation)
        return;
      if (auto br = dyn_cast<LLVM::BrOp>(op))
        br.setLoopAnnotationAttr(annotation);
      else if (auto condBr = dyn_cast<LLVM::CondBrOp>(op))
        condBr.setLoopAnnotationAttr(annotation);
      else
        return;
      op->removeDiscardableAttr(name);
    });
  }
};

} // namespace
