//===- LayoutAttrs.cpp - ttg attribute registration, parsing helpers ------===//
//
// Holds the generated attribute code and the dialect's attribute
// parser/printer; each layout's own parse/print/verify is in
// DistributedLayouts.cpp and SharedLayouts.cpp.
//
//===----------------------------------------------------------------------===//
#include "AttrUtils.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton::gpu;

#include "Dialect/TritonGPU/IR/AttrInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "Dialect/TritonGPU/IR/AttrDefs.cpp.inc"

void TritonGPUDialect::registerAttributes() {
  registerCTAEncoding();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Dialect/TritonGPU/IR/AttrDefs.cpp.inc"
      >();
}

/// `<{rank = N[, CGALayout = [[...], ...]]}>`, the form printAttribute
/// gives a CTA encoding standing alone.
static Attribute parseCTAEncoding(AsmParser &parser) {
  FailureOr<DictionaryAttr> dict = layout_text::parseLayoutDict(parser);
  if (failed(dict))
    return {};
  unsigned rank = 0;
  Attribute bases;
  bool hasRank = false;
  for (NamedAttribute entry : *dict) {
    if (entry.getName() == "rank") {
      if (failed(layout_text::parseUInt(parser, entry, rank)))
        return {};
      hasRank = true;
    } else if (entry.getName() == "CGALayout") {
      bases = entry.getValue();
    } else {
      layout_text::unexpectedKey(parser, entry);
      return {};
    }
  }
  if (!hasRank) {
    layout_text::missingKey(parser, "rank");
    return {};
  }
  FailureOr<CTAEncodingAttr> layout =
      layout_text::parseCGALayout(parser, bases, rank);
  if (failed(layout))
    return {};
  return *layout;
}

Attribute TritonGPUDialect::parseAttribute(DialectAsmParser &parser,
                                           Type type) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Attribute attr;
  OptionalParseResult result =
      generatedAttributeParser(parser, &mnemonic, type, attr);
  if (result.has_value())
    return attr;
  if (mnemonic == "cta_encoding")
    return parseCTAEncoding(parser);
  parser.emitError(loc, "unknown ttg attribute: ") << mnemonic;
  return {};
}

void TritonGPUDialect::printAttribute(Attribute attr,
                                      DialectAsmPrinter &printer) const {
  if (succeeded(generatedAttributePrinter(attr, printer)))
    return;
  // The CTA encoding has no text form of its own: print its bases.
  if (auto cta = dyn_cast<CTAEncodingAttr>(attr)) {
    printer << "cta_encoding<{rank = " << cta.getRank();
    layout_text::printCGALayout(printer, cta);
    printer << "}>";
  }
}

//===----------------------------------------------------------------------===//
// Dictionary value helpers
//===----------------------------------------------------------------------===//

static InFlightDiagnostic entryError(AsmParser &parser, NamedAttribute entry,
                                     StringRef what) {
  return parser.emitError(parser.getNameLoc())
         << "expected " << what << " for '" << entry.getName().strref() << "'";
}

static LogicalResult toUInt(AsmParser &parser, NamedAttribute entry,
                            Attribute value, unsigned &result) {
  auto intAttr = dyn_cast<IntegerAttr>(value);
  if (!intAttr || intAttr.getType().isInteger(1))
    return entryError(parser, entry, "a non-negative integer");
  APInt v = intAttr.getValue();
  if ((!intAttr.getType().isUnsignedInteger() && v.isNegative()) ||
      v.getActiveBits() > 32)
    return entryError(parser, entry, "a non-negative integer");
  result = v.getZExtValue();
  return success();
}

FailureOr<DictionaryAttr> layout_text::parseLayoutDict(AsmParser &parser) {
  DictionaryAttr dict;
  if (parser.parseLess() || parser.parseAttribute(dict) ||
      parser.parseGreater())
    return failure();
  return dict;
}

InFlightDiagnostic layout_text::missingKey(AsmParser &parser, StringRef key) {
  return parser.emitError(parser.getNameLoc())
         << "expected key '" << key << "'";
}

InFlightDiagnostic layout_text::unexpectedKey(AsmParser &parser,
                                              NamedAttribute entry) {
  return parser.emitError(parser.getNameLoc())
         << "unexpected key: " << entry.getName().strref();
}

LogicalResult layout_text::parseLayoutFields(AsmParser &parser,
                                             DictionaryAttr dict,
                                             ArrayRef<LayoutField> fields) {
  for (NamedAttribute entry : dict) {
    const LayoutField *field = llvm::find_if(fields, [&](const LayoutField &f) {
      return f.key == entry.getName().strref();
    });
    if (field == fields.end())
      return unexpectedKey(parser, entry);
    LogicalResult ok = std::visit(
        [&](auto *dest) -> LogicalResult {
          using T = std::remove_pointer_t<decltype(dest)>;
          if constexpr (std::is_same_v<T, unsigned>)
            return parseUInt(parser, entry, *dest);
          else if constexpr (std::is_same_v<T, SmallVector<unsigned>>)
            return parseUIntArray(parser, entry, *dest);
          else if constexpr (std::is_same_v<T, bool>)
            return parseBool(parser, entry, *dest);
          else {
            *dest = entry.getValue();
            return success();
          }
        },
        field->dest);
    if (failed(ok))
      return failure();
  }
  for (const LayoutField &field : fields)
    if (field.required && !dict.contains(field.key))
      return missingKey(parser, field.key);
  return success();
}

LogicalResult layout_text::parseUInt(AsmParser &parser, NamedAttribute entry,
                                     unsigned &value) {
  return toUInt(parser, entry, entry.getValue(), value);
}

LogicalResult layout_text::parseUIntArray(AsmParser &parser,
                                          NamedAttribute entry,
                                          SmallVector<unsigned> &values) {
  auto array = dyn_cast<ArrayAttr>(entry.getValue());
  if (!array)
    return entryError(parser, entry, "an array of non-negative integers");
  values.clear();
  for (Attribute element : array) {
    unsigned v;
    if (failed(toUInt(parser, entry, element, v)))
      return failure();
    values.push_back(v);
  }
  return success();
}

LogicalResult layout_text::parseBool(AsmParser &parser, NamedAttribute entry,
                                     bool &value) {
  auto boolAttr = dyn_cast<BoolAttr>(entry.getValue());
  if (!boolAttr)
    return entryError(parser, entry, "true or false");
  value = boolAttr.getValue();
  return success();
}

bool layout_text::isPermutation(ArrayRef<unsigned> order) {
  SmallVector<bool> seen(order.size(), false);
  for (unsigned d : order) {
    if (d >= order.size() || seen[d])
      return false;
    seen[d] = true;
  }
  return true;
}

SmallVector<unsigned>
layout_text::countBasesPerDim(const std::vector<std::vector<int32_t>> &bases,
                              size_t rank, bool skipBroadcast) {
  SmallVector<unsigned> counts(rank, 1);
  unsigned last = 0;
  for (const std::vector<int32_t> &basis : bases) {
    auto it = llvm::find_if(basis, [](int32_t v) { return v != 0; });
    if (it != basis.end()) {
      last = it - basis.begin();
      counts[last] *= 2;
    } else if (!skipBroadcast) {
      counts[last] *= 2;
    }
  }
  return counts;
}
