//===- DropThreadIdRanges.cpp - tid.x without the block size's range ------===//
#include "DropThreadIdRanges.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;

PreservedAnalyses
mlir::triton::DropThreadIdRangesPass::run(Function &function,
                                          FunctionAnalysisManager &) {
  bool changed = false;
  for (BasicBlock &block : function)
    for (Instruction &instruction : block) {
      auto *call = dyn_cast<CallInst>(&instruction);
      if (!call)
        continue;
      switch (call->getIntrinsicID()) {
      case Intrinsic::nvvm_read_ptx_sreg_tid_x:
      case Intrinsic::nvvm_read_ptx_sreg_tid_y:
      case Intrinsic::nvvm_read_ptx_sreg_tid_z:
        if (call->hasRetAttr(Attribute::Range)) {
          call->removeRetAttr(Attribute::Range);
          changed = true;
        }
        break;
      default:
        break;
      }
    }
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
