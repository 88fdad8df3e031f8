//===- PackNarrowPhis.h - phis of narrow lanes to phis of words -*- C++ -*-===//
#ifndef TRITON_LIB_TARGET_PACKNARROWPHIS_H
#define TRITON_LIB_TARGET_PACKNARROWPHIS_H

#include "llvm/IR/PassManager.h"

namespace mlir::triton {

/// Replaces each phi of a value narrower than 32 bits whose incoming values
/// are all the same lane of words (`extractelement (bitcast i32 %w to
/// <4 x i8>), 1`) by that lane of a phi of the words. A loaded tensor of
/// 8- or 16-bit elements carried across a loop iteration (a dot operand
/// prefetched into registers) then takes a register per word, not per
/// element; the phis of one word become one (InstCombine merges the
/// duplicates).
struct PackNarrowPhisPass : llvm::PassInfoMixin<PackNarrowPhisPass> {
  llvm::PreservedAnalyses run(llvm::Function &function,
                              llvm::FunctionAnalysisManager &analyses);
  static llvm::StringRef name() { return "PackNarrowPhisPass"; }
};

} // namespace mlir::triton

#endif // TRITON_LIB_TARGET_PACKNARROWPHIS_H
