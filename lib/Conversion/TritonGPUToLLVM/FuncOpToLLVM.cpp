//===- FuncOpToLLVM.cpp - tt.func / tt.return / tt.call to LLVM -----------===//
//
// The kernel ABI of Triton 3.6: a public tt.func becomes a `ptx_kernel`
// llvm.func (nvvm.kernel) taking its arguments and then two hidden global
// pointers (global scratch, profile scratch), with nvvm.reqntid set to the
// CTA size and nvvm.maxnreg to the module's ttg.maxnreg when it has one.
// A tensor descriptor argument is a CUtensorMap by value (byval, align 64,
// nvvm.grid_constant), seen as a pointer to it.
// Any other function also takes the caller's shared-memory base (where its
// frame starts) before the two pointers, and stays internal.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/TMAUtility.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

bool isKernel(FunctionOpInterface func) {
  return cast<SymbolOpInterface>(func.getOperation()).isPublic();
}

/// The trailing arguments every lowered function gets.
SmallVector<Type> hiddenArgumentTypes(MLIRContext *ctx, bool kernel) {
  SmallVector<Type> types;
  if (!kernel)
    types.push_back(LLVM::LLVMPointerType::get(ctx, 3));
  types.push_back(LLVM::LLVMPointerType::get(ctx, 1));
  types.push_back(LLVM::LLVMPointerType::get(ctx, 1));
  return types;
}

struct FuncOpConversion : public ConvertOpToLLVMPattern<triton::FuncOp> {
  FuncOpConversion(TypeConverterT &converter, const LoweringConfig &config)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/10), config(config) {}

  LogicalResult
  matchAndRewrite(triton::FuncOp funcOp, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *ctx = funcOp.getContext();
    bool kernel = isKernel(funcOp);
    FunctionType type = funcOp.getFunctionType();
    const TypeConverter &converter = *getTypeConverter();

    TypeConverter::SignatureConversion signature(type.getNumInputs());
    for (auto [i, argType] : llvm::enumerate(type.getInputs())) {
      Type converted = converter.convertType(argType);
      if (!converted)
        return rewriter.notifyMatchFailure(funcOp, "argument type");
      signature.addInputs(i, converted);
    }
    signature.addInputs(hiddenArgumentTypes(ctx, kernel));

    Type resultType;
    if (type.getNumResults() == 0) {
      resultType = LLVM::LLVMVoidType::get(ctx);
    } else {
      resultType = getTypeConverter()->packFunctionResults(type.getResults());
      if (!resultType)
        return rewriter.notifyMatchFailure(funcOp, "result type");
    }
    auto llvmType =
        LLVM::LLVMFunctionType::get(resultType, signature.getConvertedTypes());

    auto newFunc = LLVM::LLVMFuncOp::create(
        rewriter, funcOp.getLoc(), funcOp.getName(), llvmType,
        kernel ? LLVM::Linkage::External : LLVM::Linkage::Internal);
    if (kernel) {
      newFunc->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                       rewriter.getUnitAttr());
      // Warp-specialized partitions run on warps of their own: the block
      // has ttg.total-num-warps warps (tritongpu-allocate-warp-groups).
      int warps = config.numWarps;
      if (auto module = funcOp->getParentOfType<ModuleOp>())
        if (auto total = module->getAttrOfType<IntegerAttr>(
                triton::gpu::AttrTotalNumWarpsName))
          warps = std::max<int>(warps, total.getInt());
      newFunc->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                       rewriter.getDenseI32ArrayAttr(
                           {warps * config.threadsPerWarp}));
      // A cluster of CTAs per program: `.explicitcluster` and
      // `.reqnctapercluster N, 1, 1`, as Triton launches it.
      if (config.numCTAs > 1)
        newFunc->setAttr(NVVM::NVVMDialect::getClusterDimAttrName(),
                         rewriter.getDenseI32ArrayAttr({config.numCTAs, 1, 1}));
      // Triton's maxnreg option: the kernel's limit (`.maxnreg N` on the
      // .entry); device functions get none.
      if (config.maxnreg)
        newFunc->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                         rewriter.getI32IntegerAttr(*config.maxnreg));
    } else if (funcOp->hasAttr("noinline")) {
      newFunc.setNoInline(true);
    }
    // Argument attributes the LLVM dialect understands survive; tt.* hints
    // (divisibility, ...) have done their work in AxisInfo.
    if (ArrayAttr argAttrs = funcOp.getAllArgAttrs()) {
      for (auto [i, attrs] : llvm::enumerate(argAttrs)) {
        for (NamedAttribute attr : cast<DictionaryAttr>(attrs))
          if (attr.getName().getValue().starts_with("llvm."))
            newFunc.setArgAttr(i, attr.getName(), attr.getValue());
      }
    }
    // A kernel's tensor descriptor is its 128-byte CUtensorMap, passed by
    // value as a grid constant (Triton 3.6's launcher ABI); the function
    // sees a pointer to it in the parameter space.
    if (kernel)
      for (auto [i, argType] : llvm::enumerate(type.getInputs()))
        if (isa<triton::TensorDescType>(argType)) {
          newFunc.setArgAttr(
              i, LLVM::LLVMDialect::getByValAttrName(),
              TypeAttr::get(LLVM::LLVMArrayType::get(
                  IntegerType::get(ctx, 8), nvidia_gpu::kTensorMapBytes)));
          newFunc.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                             rewriter.getI64IntegerAttr(
                                 nvidia_gpu::kTensorMapParamAlign));
          newFunc.setArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName(),
                             rewriter.getUnitAttr());
        }
    rewriter.inlineRegionBefore(funcOp.getBody(), newFunc.getBody(),
                                newFunc.end());
    if (failed(rewriter.convertRegionTypes(&newFunc.getBody(), converter,
                                           &signature)))
      return failure();
    rewriter.eraseOp(funcOp);
    return success();
  }

private:
  LoweringConfig config;
};

struct ReturnOpConversion : public ConvertOpToLLVMPattern<triton::ReturnOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
    if (!func)
      return rewriter.notifyMatchFailure(op, "enclosing function not lowered");
    ValueRange operands = adaptor.getOperands();
    if (operands.size() <= 1) {
      rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, operands);
      return success();
    }
    Type packed = func.getFunctionType().getReturnType();
    Value result = packLLElements(op.getLoc(), packed, operands, rewriter);
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, result);
    return success();
  }
};

struct CallOpConversion : public ConvertOpToLLVMPattern<triton::CallOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::CallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto caller = op->getParentOfType<LLVM::LLVMFuncOp>();
    if (!caller)
      return rewriter.notifyMatchFailure(op, "enclosing function not lowered");
    SmallVector<Value> args(adaptor.getOperands());
    // The callee's frame starts at the call's own allocation offset; a call
    // without one uses no shared memory and gets the caller's base.
    if (op->hasAttr("allocation.offset")) {
      FailureOr<Value> base = getSharedMemoryAddress(loc, rewriter, op);
      if (failed(base))
        return failure();
      args.push_back(*base);
    } else {
      args.push_back(getFunctionSharedMemoryBase(loc, rewriter, op));
    }
    // The callee's global scratch frame starts at the call's offset in the
    // caller's (a call without one needs none: the caller's own pointer).
    unsigned n = caller.getNumArguments();
    if (auto offset = op->getAttrOfType<IntegerAttr>(
            "ttg.global_scratch_memory_offset")) {
      FailureOr<Value> frame = getGlobalScratchFrame(rewriter, loc, op);
      if (failed(frame))
        return op.emitOpError("has a global scratch offset but its caller "
                              "has no global scratch frame");
      args.push_back(LLVM::GEPOp::create(
          rewriter, loc, frame->getType(), rewriter.getI8Type(), *frame,
          i64Val(rewriter, loc, offset.getInt())));
    } else {
      args.push_back(caller.getArgument(n - 2));
    }
    args.push_back(caller.getArgument(n - 1));

    SmallVector<Type> resultTypes;
    if (failed(
            getTypeConverter()->convertTypes(op.getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "result type");
    Type resultType;
    if (resultTypes.size() == 1)
      resultType = resultTypes.front();
    else if (resultTypes.size() > 1)
      resultType = getTypeConverter()->packFunctionResults(op.getResultTypes());
    auto call = LLVM::CallOp::create(
        rewriter, loc, resultType ? TypeRange(resultType) : TypeRange(),
        op.getCalleeAttr(), args);
    if (resultTypes.size() <= 1) {
      rewriter.replaceOp(op, call.getResults());
      return success();
    }
    rewriter.replaceOp(op, unpackLLElements(loc, call.getResult(), rewriter));
    return success();
  }
};

} // namespace

void mlir::triton::populateFuncOpToLLVMPatterns(TypeConverterT &converter,
                                                RewritePatternSet &patterns,
                                                const LoweringConfig &config) {
  patterns.add<FuncOpConversion>(converter, config);
  patterns.add<ReturnOpConversion, CallOpConversion>(converter);
}
