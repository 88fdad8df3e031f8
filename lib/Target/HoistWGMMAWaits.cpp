//===- HoistWGMMAWaits.cpp - wgmma waits before pure code -----------------===//
//
// See HoistWGMMAWaits.h. Measured with ptxas (CUDA 13.0) on the pipelined
// 128x256x64 f16 matmul: C7514 and 212 registers with the epilogue's
// address arithmetic in front of the after-loop `wgmma.wait_group 0`, no
// warning and 195 registers with the wait first.
//
//===----------------------------------------------------------------------===//
#include "HoistWGMMAWaits.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

static bool isWGMMAWait(const Instruction &inst) {
  const auto *call = dyn_cast<CallInst>(&inst);
  const auto *asmCallee =
      call ? dyn_cast<InlineAsm>(call->getCalledOperand()) : nullptr;
  return asmCallee &&
         StringRef(asmCallee->getAsmString()).contains("wgmma.wait_group");
}

PreservedAnalyses
mlir::triton::HoistWGMMAWaitsPass::run(Function &function,
                                       FunctionAnalysisManager &) {
  SmallVector<CallInst *> waits;
  for (BasicBlock &block : function)
    for (Instruction &inst : block)
      if (isWGMMAWait(inst))
        waits.push_back(cast<CallInst>(&inst));
  bool changed = false;
  for (CallInst *wait : waits) {
    Instruction *before = wait;
    while (Instruction *prev = before->getPrevNode()) {
      if (isa<PHINode>(prev) || prev->mayHaveSideEffects() ||
          prev->mayReadOrWriteMemory() || prev->isTerminator() ||
          llvm::is_contained(wait->operands(), prev))
        break;
      before = prev;
    }
    if (before != wait) {
      wait->moveBefore(before->getIterator());
      changed = true;
    }
  }
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

PreservedAnalyses
mlir::triton::FoldWGMMASkipEdgesPass::run(Function &function,
                                          FunctionAnalysisManager &) {
  // A few cheap, speculatable instructions and a branch to a block that
  // waits for wgmmas, on one edge of a conditional branch.
  constexpr unsigned kMaxHoisted = 8;
  SmallVector<BasicBlock *> edges;
  for (BasicBlock &block : function) {
    BasicBlock *pred = block.getSinglePredecessor();
    BasicBlock *succ = block.getSingleSuccessor();
    auto *branch = pred ? dyn_cast<BranchInst>(pred->getTerminator()) : nullptr;
    if (!branch || !branch->isConditional() || !succ || succ == &block ||
        block.size() > kMaxHoisted + 1)
      continue;
    if (!llvm::any_of(*succ, isWGMMAWait))
      continue;
    bool speculatable = llvm::all_of(block, [&](Instruction &inst) {
      return inst.isTerminator() ||
             (!isa<PHINode>(inst) && isSafeToSpeculativelyExecute(&inst));
    });
    if (speculatable)
      edges.push_back(&block);
  }
  for (BasicBlock *block : edges) {
    Instruction *branch = block->getSinglePredecessor()->getTerminator();
    while (&block->front() != block->getTerminator())
      block->front().moveBefore(branch->getIterator());
    TryToSimplifyUncondBranchFromEmptyBlock(block);
  }
  return edges.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}
