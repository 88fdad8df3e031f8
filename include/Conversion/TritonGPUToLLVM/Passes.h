//===- Passes.h - TTGIR to the LLVM and NVVM dialects -----------*- C++ -*-===//
//
// allocate-shared-memory-nv and convert-triton-gpu-to-llvm, generated from
// Passes.td; registerTritonGPUToLLVMPasses() registers both.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_CONVERSION_TRITONGPUTOLLVM_PASSES_H
#define TRITON_CONVERSION_TRITONGPUTOLLVM_PASSES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir::triton {

#define GEN_PASS_DECL
#include "Conversion/TritonGPUToLLVM/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Conversion/TritonGPUToLLVM/Passes.h.inc"

} // namespace mlir::triton

#endif // TRITON_CONVERSION_TRITONGPUTOLLVM_PASSES_H
