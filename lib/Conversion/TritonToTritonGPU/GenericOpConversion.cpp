//===- GenericOpConversion.cpp - same op, converted types -----------------===//
#include "PatternUtils.h"

using namespace mlir;
using namespace mlir::triton::gpu;

void mlir::triton::gpu::copyDiscardableAttrs(Operation *from, Operation *to) {
  for (NamedAttribute attr : from->getDiscardableAttrs())
    if (!to->hasAttr(attr.getName()))
      to->setAttr(attr.getName(), attr.getValue());
}

LogicalResult mlir::triton::gpu::replaceWithConvertedTypes(
    Operation *op, ValueRange operands, const TypeConverter &typeConverter,
    ConversionPatternRewriter &rewriter) {
  SmallVector<Type> resultTypes;
  if (failed(typeConverter.convertTypes(op->getResultTypes(), resultTypes)))
    return rewriter.notifyMatchFailure(op, "a result type has no layout");

  OperationState state(op->getLoc(), op->getName(), operands, resultTypes,
                       op->getDiscardableAttrDictionary().getValue(),
                       op->getSuccessors());
  state.propertiesAttr = op->getPropertiesAsAttribute();
  for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i)
    state.addRegion();
  Operation *newOp = rewriter.create(state);

  for (auto [oldRegion, newRegion] :
       llvm::zip(op->getRegions(), newOp->getRegions())) {
    rewriter.inlineRegionBefore(oldRegion, newRegion, newRegion.end());
    if (failed(rewriter.convertRegionTypes(&newRegion, typeConverter)))
      return rewriter.notifyMatchFailure(op, "a block argument has no layout");
  }
  rewriter.replaceOp(op, newOp->getResults());
  return success();
}

LogicalResult GenericOpConversion::matchAndRewrite(
    Operation *op, ArrayRef<Value> operands,
    ConversionPatternRewriter &rewriter) const {
  return replaceWithConvertedTypes(op, operands, *getTypeConverter(), rewriter);
}
