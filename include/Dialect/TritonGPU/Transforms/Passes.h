//===- Passes.h - TTGIR passes ----------------------------------*- C++ -*-===//
#ifndef TRITON_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H
#define TRITON_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H

#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace mlir::triton::gpu {

#define GEN_PASS_DECL
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"

} // namespace mlir::triton::gpu

#endif // TRITON_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H
