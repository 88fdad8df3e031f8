//===- OpUtils.h - helpers of the ttng op implementations -------*- C++ -*-===//
#ifndef TRITON_LIB_DIALECT_TRITONNVIDIAGPU_IR_OPUTILS_H
#define TRITON_LIB_DIALECT_TRITONNVIDIAGPU_IR_OPUTILS_H

#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

namespace mlir::triton::nvidia_gpu::detail {

/// True if `type` lives in shared memory (`#ttg.shared_memory`).
bool isSharedMemory(gpu::MemDescType type);

} // namespace mlir::triton::nvidia_gpu::detail

#endif // TRITON_LIB_DIALECT_TRITONNVIDIAGPU_IR_OPUTILS_H
