//===- Dialect.h - the tt dialect -------------------------------*- C++ -*-===//
//
// Include this to use the tt dialect: its types, enums and ops.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_DIALECT_TRITON_IR_DIALECT_H
#define TRITON_DIALECT_TRITON_IR_DIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "Dialect/Triton/IR/Traits.h"
#include "Dialect/Triton/IR/Types.h"

#include "Dialect/Triton/IR/Dialect.h.inc"
#include "Dialect/Triton/IR/OpsEnums.h.inc"

namespace mlir::triton {
/// The side-effect resource of global memory.
struct GlobalMemory : public SideEffects::Resource::Base<GlobalMemory> {
  StringRef getName() final { return "<GlobalMemory>"; }
};
} // namespace mlir::triton

#define GET_OP_CLASSES
#include "Dialect/Triton/IR/Ops.h.inc"

namespace mlir::triton {
/// Discardable attributes Triton puts on function arguments and loops.
namespace attrs {
inline constexpr llvm::StringLiteral kDivisibility = "tt.divisibility";
inline constexpr llvm::StringLiteral kContiguity = "tt.contiguity";
inline constexpr llvm::StringLiteral kConstancy = "tt.constancy";
inline constexpr llvm::StringLiteral kNumStages = "tt.num_stages";
inline constexpr llvm::StringLiteral kLoopUnrollFactor = "tt.loop_unroll_factor";
inline constexpr llvm::StringLiteral kWarpSpecialize = "tt.warp_specialize";
inline constexpr llvm::StringLiteral kFlatten = "tt.flatten";
inline constexpr llvm::StringLiteral kDisallowAccMultiBuffer =
    "tt.disallow_acc_multi_buffer";
inline constexpr llvm::StringLiteral kNoInline = "noinline";
} // namespace attrs
} // namespace mlir::triton

#endif // TRITON_DIALECT_TRITON_IR_DIALECT_H
