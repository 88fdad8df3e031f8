//===- BreakStructPhis.cpp - split phis of structs into scalar phis -------===//
#include "BreakStructPhis.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace {

/// Splits `phi` (of struct type) into one phi per field: each incoming value
/// is taken apart with extractvalue at the end of its block and the fields
/// are put back together with insertvalue after the block's phis. Returns
/// the new phis.
SmallVector<PHINode *> breakPhi(PHINode *phi) {
  auto *structType = cast<StructType>(phi->getType());
  BasicBlock *block = phi->getParent();
  IRBuilder<> builder(block, block->getFirstInsertionPt());
  Value *rebuilt = PoisonValue::get(structType);
  SmallVector<PHINode *> fieldPhis;
  for (unsigned field = 0, e = structType->getNumElements(); field < e;
       ++field) {
    auto *fieldPhi = PHINode::Create(structType->getElementType(field),
                                     phi->getNumIncomingValues(),
                                     phi->getName() + ".f" + Twine(field));
    fieldPhi->insertBefore(phi->getIterator());
    fieldPhis.push_back(fieldPhi);
  }
  for (unsigned i = 0, e = phi->getNumIncomingValues(); i < e; ++i) {
    Value *incoming = phi->getIncomingValue(i);
    BasicBlock *predecessor = phi->getIncomingBlock(i);
    IRBuilder<> predBuilder(predecessor->getTerminator());
    for (auto [field, fieldPhi] : llvm::enumerate(fieldPhis)) {
      Value *value = predBuilder.CreateExtractValue(incoming, field);
      fieldPhi->addIncoming(value, predecessor);
    }
  }
  for (auto [field, fieldPhi] : llvm::enumerate(fieldPhis))
    rebuilt = builder.CreateInsertValue(rebuilt, fieldPhi, field);
  phi->replaceAllUsesWith(rebuilt);
  phi->eraseFromParent();
  return fieldPhis;
}

} // namespace

PreservedAnalyses
mlir::triton::BreakStructPhisPass::run(Function &function,
                                       FunctionAnalysisManager &) {
  SmallVector<PHINode *> structPhis;
  for (BasicBlock &block : function)
    for (PHINode &phi : block.phis())
      if (isa<StructType>(phi.getType()))
        structPhis.push_back(&phi);
  if (structPhis.empty())
    return PreservedAnalyses::all();
  // A field that is a struct itself gets split in turn.
  while (!structPhis.empty()) {
    PHINode *phi = structPhis.pop_back_val();
    for (PHINode *fieldPhi : breakPhi(phi))
      if (isa<StructType>(fieldPhi->getType()))
        structPhis.push_back(fieldPhi);
  }
  PreservedAnalyses preserved;
  preserved.preserveSet<CFGAnalyses>();
  return preserved;
}
