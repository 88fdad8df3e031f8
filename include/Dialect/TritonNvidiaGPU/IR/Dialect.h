//===- Dialect.h - the ttng dialect -----------------------------*- C++ -*-===//
//
// Include this to use the ttng dialect: Hopper's wgmma, mbarrier, TMA, fence
// and cluster ops over ttg's memory descriptors and layouts.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H
#define TRITON_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "Dialect/TritonNvidiaGPU/IR/Dialect.h.inc"

#define GET_OP_CLASSES
#include "Dialect/TritonNvidiaGPU/IR/Ops.h.inc"

namespace mlir::triton::nvidia_gpu {

/// Checks that `type` describes one mbarrier: a `1xi64` descriptor in shared
/// memory. Emits an error on `op` naming the rule otherwise.
LogicalResult verifyBarrierType(Operation *op, gpu::MemDescType type);

/// The named barriers through which warp-specialized consumer warp groups
/// take turns (nvgpu-warp-specialization's ping-pong): warp group i waits
/// on kWarpGroupTurnBarrier + i. The LLVM lowering keeps the ids below it
/// for the regions' own barriers.
constexpr int kWarpGroupTurnBarrier = 14;
constexpr int kWarpGroupTurns = 2;

} // namespace mlir::triton::nvidia_gpu

#endif // TRITON_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H
