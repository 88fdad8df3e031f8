//===- PatternUtils.h - shared pieces of the TTGIR patterns -*- C++ -*-===//
//
// The generic "same op, converted types" pattern, the pattern-set helpers
// every family uses, and the families the public populate functions are
// made of.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_LIB_CONVERSION_TRITONTOTRITONGPU_PATTERNUTILS_H
#define TRITON_LIB_CONVERSION_TRITONTOTRITONGPU_PATTERNUTILS_H

#include "Conversion/TritonToTritonGPU/TritonGPUConversion.h"

namespace mlir::triton::gpu {

/// Rebuilds an op of one name with its operands remapped (in the layouts the
/// type converter gives their original types) and its result types
/// converted. Inherent and discardable attributes are kept; regions are
/// moved over and their block argument types converted.
class GenericOpConversion : public ConversionPattern {
public:
  GenericOpConversion(const TypeConverter &typeConverter, StringRef opName,
                      MLIRContext *context)
      : ConversionPattern(typeConverter, opName, /*benefit=*/1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override;
};

/// Replaces `op` by the same op (name, attributes, successors) on
/// `operands`, with its result types converted and its regions moved over
/// (block argument types converted). Fails when a type has no conversion
/// (the rewriter then rolls back what was done).
LogicalResult replaceWithConvertedTypes(Operation *op, ValueRange operands,
                                        const TypeConverter &typeConverter,
                                        ConversionPatternRewriter &rewriter);

/// Adds a GenericOpConversion for each of `Ops`.
template <typename... Ops>
void addGenericConversions(const TypeConverter &typeConverter,
                           RewritePatternSet &patterns) {
  (patterns.add<GenericOpConversion>(typeConverter, Ops::getOperationName(),
                                     patterns.getContext()),
   ...);
}

/// Copies the discardable attributes of `from` (tt.contiguity, ...) that
/// `to` does not have yet.
void copyDiscardableAttrs(Operation *from, Operation *to);

/// The tt shape ops: expand_dims, broadcast, trans, join, split, cat.
void populateShapeOpPatterns(const TritonGPUTypeConverter &typeConverter,
                             RewritePatternSet &patterns);

} // namespace mlir::triton::gpu

#endif // TRITON_LIB_CONVERSION_TRITONTOTRITONGPU_PATTERNUTILS_H
