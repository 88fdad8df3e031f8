//===- DropThreadIdRanges.h - tid.x without the block size's range -*- C++ -*-===//
#ifndef TRITON_LIB_TARGET_DROPTHREADIDRANGES_H
#define TRITON_LIB_TARGET_DROPTHREADIDRANGES_H

#include "llvm/IR/PassManager.h"

namespace mlir::triton {

/// Removes the call-site `range` NVPTX's NVVMIntrRange puts on the thread-id
/// reads (`llvm.nvvm.read.ptx.sreg.tid.*`) from the kernel's block size,
/// leaving the intrinsic's own [0, 1024). Triton 3.6 runs O3 without the
/// NVPTX target machine, so its IR never has that range: the thread id's
/// masks (`tid & 255`) and the compares that pick single writers stay as
/// written, and ptxas keeps such stores predicated, where LLVM, knowing
/// the range, folds `tid < 16 && (tid & 15) == 0` into `tid == 0`, around
/// which ptxas puts a branch.
struct DropThreadIdRangesPass : llvm::PassInfoMixin<DropThreadIdRangesPass> {
  llvm::PreservedAnalyses run(llvm::Function &function,
                              llvm::FunctionAnalysisManager &analyses);
  static llvm::StringRef name() { return "DropThreadIdRangesPass"; }
};

} // namespace mlir::triton

#endif // TRITON_LIB_TARGET_DROPTHREADIDRANGES_H
