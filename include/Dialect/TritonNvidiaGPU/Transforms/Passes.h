//===- Passes.h - TTGIR passes for NVIDIA GPUs ------------------*- C++ -*-===//
#ifndef TRITON_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_H
#define TRITON_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_H

#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir::triton::nvidia_gpu {

#define GEN_PASS_DECL
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"

} // namespace mlir::triton::nvidia_gpu

#endif // TRITON_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_H
