//===- AttrUtils.h - parsing helpers shared by ttg attributes ---*- C++ -*-===//
//
// Private to lib/Dialect/TritonGPU/IR. ttg layouts are printed as a
// dictionary (`<{key = value, ...}>`); these read its values with a
// diagnostic naming the key on bad input.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_LIB_DIALECT_TRITONGPU_IR_ATTRUTILS_H
#define TRITON_LIB_DIALECT_TRITONGPU_IR_ATTRUTILS_H

#include "mlir/IR/OpImplementation.h"

#include <variant>
#include <vector>

namespace mlir::triton::gpu {
class CTAEncodingAttr;

namespace layout_text {

/// `<{key = value, ...}>`, the body of every dictionary-style layout.
FailureOr<DictionaryAttr> parseLayoutDict(AsmParser &parser);
/// Error for a required key missing from a layout's dictionary.
InFlightDiagnostic missingKey(AsmParser &parser, StringRef key);
/// Error for a key the layout does not have.
InFlightDiagnostic unexpectedKey(AsmParser &parser, NamedAttribute entry);

/// A non-negative integer.
LogicalResult parseUInt(AsmParser &parser, NamedAttribute entry,
                        unsigned &value);
/// An array of non-negative integers.
LogicalResult parseUIntArray(AsmParser &parser, NamedAttribute entry,
                             SmallVector<unsigned> &values);
LogicalResult parseBool(AsmParser &parser, NamedAttribute entry, bool &value);

/// One key of a layout's dictionary: where its value goes (an integer, an
/// integer array, a bool, or the attribute as is) and whether it must be
/// there.
struct LayoutField {
  StringRef key;
  std::variant<unsigned *, SmallVector<unsigned> *, bool *, Attribute *> dest;
  bool required = true;
};
/// Reads each entry of `dict` into the field with its key. Errors name the
/// key: one no field has, a malformed value, or a required key left out.
LogicalResult parseLayoutFields(AsmParser &parser, DictionaryAttr dict,
                                ArrayRef<LayoutField> fields);

/// The `CGALayout` value (null: absent, one CTA) of a layout of `rank`.
FailureOr<CTAEncodingAttr> parseCGALayout(AsmParser &parser, Attribute value,
                                          unsigned rank);
/// `, CGALayout = [[...], ...]`, nothing for one CTA.
void printCGALayout(AsmPrinter &printer, CTAEncodingAttr layout);

/// True if `order` holds each of 0 .. order.size()-1 once.
bool isPermutation(ArrayRef<unsigned> order);

/// Per dimension, 2^(bases moving it); a zero basis doubles the dimension
/// of the preceding non-zero one (dim 0 before any) unless skipBroadcast
/// (Triton's basesPerDim).
SmallVector<unsigned>
countBasesPerDim(const std::vector<std::vector<int32_t>> &bases, size_t rank,
                 bool skipBroadcast);

} // namespace layout_text
} // namespace mlir::triton::gpu

#endif // TRITON_LIB_DIALECT_TRITONGPU_IR_ATTRUTILS_H
