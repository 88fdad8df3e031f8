//===- PackNarrowPhis.cpp - phis of narrow lanes to phis of words ---------===//
#include "PackNarrowPhis.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

#include <map>

using namespace llvm;

namespace {

/// Where a phi's incoming values come from: one lane of a word per
/// predecessor, the same lane of the same vector type in each.
struct Lanes {
  FixedVectorType *vectorType = nullptr;
  uint64_t lane = 0;
  SmallVector<Value *> words;
};

std::optional<Lanes> lanesOf(PHINode &phi) {
  if (phi.getType()->getPrimitiveSizeInBits() >= 32 ||
      phi.getType()->isVectorTy() || phi.getNumIncomingValues() == 0)
    return std::nullopt;
  Lanes lanes;
  for (Value *incoming : phi.incoming_values()) {
    auto *extract = dyn_cast<ExtractElementInst>(incoming);
    if (!extract)
      return std::nullopt;
    auto *index = dyn_cast<ConstantInt>(extract->getIndexOperand());
    auto *bitcast = dyn_cast<BitCastInst>(extract->getVectorOperand());
    if (!index || !bitcast || !bitcast->getOperand(0)->getType()->isIntegerTy(32))
      return std::nullopt;
    auto *type = cast<FixedVectorType>(bitcast->getType());
    if (lanes.vectorType && (type != lanes.vectorType ||
                             index->getZExtValue() != lanes.lane))
      return std::nullopt;
    lanes.vectorType = type;
    lanes.lane = index->getZExtValue();
    lanes.words.push_back(bitcast->getOperand(0));
  }
  return lanes;
}

} // namespace

PreservedAnalyses
mlir::triton::PackNarrowPhisPass::run(Function &function,
                                      FunctionAnalysisManager &) {
  bool changed = false;
  for (BasicBlock &block : function) {
    SmallVector<std::pair<PHINode *, Lanes>> narrow;
    for (PHINode &phi : block.phis())
      if (std::optional<Lanes> lanes = lanesOf(phi))
        narrow.push_back({&phi, std::move(*lanes)});
    if (narrow.empty())
      continue;
    // One phi per distinct list of incoming words.
    std::map<SmallVector<Value *>, PHINode *> wordPhis;
    IRBuilder<> builder(&block, block.getFirstInsertionPt());
    for (auto &[phi, lanes] : narrow) {
      PHINode *&word = wordPhis[lanes.words];
      if (!word) {
        word = PHINode::Create(builder.getInt32Ty(), lanes.words.size(),
                               phi->getName() + ".word");
        word->insertBefore(block.begin());
        for (auto [value, predecessor] :
             llvm::zip(lanes.words, phi->blocks()))
          word->addIncoming(value, predecessor);
      }
      Value *vector = builder.CreateBitCast(word, lanes.vectorType);
      Value *lane = builder.CreateExtractElement(vector, lanes.lane);
      phi->replaceAllUsesWith(lane);
      phi->eraseFromParent();
      changed = true;
    }
  }
  if (!changed)
    return PreservedAnalyses::all();
  PreservedAnalyses preserved;
  preserved.preserveSet<CFGAnalyses>();
  return preserved;
}
