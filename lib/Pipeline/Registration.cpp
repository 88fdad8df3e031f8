//===- Registration.cpp - dialects and passes every tool registers --------===//
#include "Pipeline/Registration.h"
#include "Conversion/TritonGPUToLLVM/Passes.h"
#include "Conversion/TritonToTritonGPU/Passes.h"
#include "Dialect/Gluon/IR/Dialect.h"
#include "Dialect/Gluon/Transforms/Passes.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/Triton/Transforms/Passes.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h"
#include "Pipeline/Pipelines.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/InlinerInterfaceImpl.h"
#include "mlir/Transforms/Passes.h"

void mlir::triton::registerTritonDialects(DialectRegistry &registry) {
  registry.insert<TritonDialect, gpu::TritonGPUDialect,
                  nvidia_gpu::TritonNvidiaGPUDialect, gluon::GluonDialect,
                  arith::ArithDialect,
                  math::MathDialect, scf::SCFDialect, cf::ControlFlowDialect,
                  ub::UBDialect, mlir::gpu::GPUDialect, LLVM::LLVMDialect,
                  NVVM::NVVMDialect, func::FuncDialect>();
  func::registerInlinerExtension(registry);
  LLVM::registerInlinerInterface(registry);
}

void mlir::triton::registerTritonPasses() {
  // MLIR's generic passes: canonicalize, cse, inline, sccp, symbol-dce,
  // loop-invariant-code-motion, ...
  registerTransformsPasses();
  registerSCFToControlFlowPass();
  registerConvertNVVMToLLVMPass();
  registerTritonTransformsPasses();
  registerTritonToTritonGPUPasses();
  registerTritonGPUToLLVMPasses();
  gpu::registerTritonGPUTransformsPasses();
  nvidia_gpu::registerTritonNvidiaGPUTransformsPasses();
  gluon::registerGluonTransformsPasses();
  registerTritonPipelines();
}
