//===- Passes.h - TTIR to TTGIR conversion ----------------------*- C++ -*-===//
//
// convert-triton-to-tritongpu: createConvertTritonToTritonGPU(options) and
// registerTritonToTritonGPUPasses(), generated from Passes.td.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_CONVERSION_TRITONTOTRITONGPU_PASSES_H
#define TRITON_CONVERSION_TRITONTOTRITONGPU_PASSES_H

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir::triton {

#define GEN_PASS_DECL
#include "Conversion/TritonToTritonGPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Conversion/TritonToTritonGPU/Passes.h.inc"

} // namespace mlir::triton

#endif // TRITON_CONVERSION_TRITONTOTRITONGPU_PASSES_H
