//===- HoistWGMMAWaits.h - wgmma waits before pure code -----------*- C++ -*-===//
#ifndef TRITON_LIB_TARGET_HOISTWGMMAWAITS_H
#define TRITON_LIB_TARGET_HOISTWGMMAWAITS_H

#include "llvm/IR/PassManager.h"

namespace mlir::triton {

/// Moves each `wgmma.wait_group` inline asm above the side-effect-free
/// instructions that precede it in its block (never above a PHI, an
/// instruction with side effects or memory access, or a definition of its
/// operands). LLVM sinks address arithmetic of a matmul's epilogue into the
/// block after its loop, in front of the wait that retires the loop's last
/// in-flight wgmma; ptxas then reports C7514 ("wgmma.mma_async instructions
/// are serialized due to non wgmma instructions reading accumulator
/// registers of a wgmma between start and end of the pipeline stage") and
/// serializes every wgmma of the kernel. Waiting earlier is always correct:
/// it only retires the wgmmas sooner.
struct HoistWGMMAWaitsPass : llvm::PassInfoMixin<HoistWGMMAWaitsPass> {
  llvm::PreservedAnalyses run(llvm::Function &function,
                              llvm::FunctionAnalysisManager &analyses);
  static llvm::StringRef name() { return "HoistWGMMAWaitsPass"; }
};

/// Removes the block on a loop's skip edge that only recomputes a few
/// speculatable values for the code after the loop (GVN's PRE splits the
/// edge for them), hoisting them into the branching block, when the block
/// after the loop waits for wgmmas. Otherwise the accumulator's zero
/// initialization for the skip path is materialized in that block, laid out
/// after the loop; ptxas reports C7515 ("wgmma.mma_async instructions are
/// serialized due to non wgmma instructions defining accumulator registers
/// of a wgmma between start and end of the pipeline stage") and serializes
/// every wgmma. Without the block the zeros are set before the branch, as
/// in Triton's LLVM IR of the same kernels.
struct FoldWGMMASkipEdgesPass : llvm::PassInfoMixin<FoldWGMMASkipEdgesPass> {
  llvm::PreservedAnalyses run(llvm::Function &function,
                              llvm::FunctionAnalysisManager &analyses);
  static llvm::StringRef name() { return "FoldWGMMASkipEdgesPass"; }
};

} // namespace mlir::triton

#endif // TRITON_LIB_TARGET_HOISTWGMMAWAITS_H
