//===- BreakStructPhis.h - split phis of structs into scalar phis -*- C++
//-*-===//
#ifndef TRITON_LIB_TARGET_BREAKSTRUCTPHIS_H
#define TRITON_LIB_TARGET_BREAKSTRUCTPHIS_H

#include "llvm/IR/PassManager.h"

namespace mlir::triton {

/// Replaces every phi of a struct by one phi per field (recursively). The TTGIR
/// lowering packs the registers of a tensor into one struct, so loop-carried
/// tensors become struct phis, which SROA and the vectorizers do not look
/// through; per-field phis they do.
struct BreakStructPhisPass : llvm::PassInfoMixin<BreakStructPhisPass> {
  llvm::PreservedAnalyses run(llvm::Function &function,
                              llvm::FunctionAnalysisManager &analyses);
  static llvm::StringRef name() { return "BreakStructPhisPass"; }
};

} // namespace mlir::triton

#endif // TRITON_LIB_TARGET_BREAKSTRUCTPHIS_H
