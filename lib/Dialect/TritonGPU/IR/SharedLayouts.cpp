//===- SharedLayouts.cpp - swizzled_shared and nvmma_shared ---------------===//
#include "AttrUtils.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::layout_text;

//===----------------------------------------------------------------------===//
// SwizzledSharedEncodingAttr
//===----------------------------------------------------------------------===//

Attribute SwizzledSharedEncodingAttr::parse(AsmParser &parser, Type) {
  FailureOr<DictionaryAttr> dict = parseLayoutDict(parser);
  if (failed(dict))
    return {};
  unsigned vec = 0, perPhase = 0, maxPhase = 0;
  SmallVector<unsigned> order;
  Attribute cga;
  if (failed(parseLayoutFields(parser, *dict,
                               {
                                   {"vec", &vec},
                                   {"perPhase", &perPhase},
                                   {"maxPhase", &maxPhase},
                                   {"order", &order},
                                   {"CGALayout", &cga, /*required=*/false},
                               })))
    return {};
  FailureOr<CTAEncodingAttr> cta = parseCGALayout(parser, cga, order.size());
  if (failed(cta))
    return {};
  return parser.getChecked<SwizzledSharedEncodingAttr>(
      parser.getContext(), vec, perPhase, maxPhase, ArrayRef<unsigned>(order),
      *cta);
}

void SwizzledSharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{vec = " << getVec() << ", perPhase = " << getPerPhase()
          << ", maxPhase = " << getMaxPhase() << ", order = [" << getOrder()
          << "]";
  printCGALayout(printer, getCTALayout());
  printer << "}>";
}

LogicalResult
SwizzledSharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   unsigned vec, unsigned perPhase,
                                   unsigned maxPhase, ArrayRef<unsigned> order,
                                   CTAEncodingAttr CTALayout) {
  if (vec == 0 || perPhase == 0 || maxPhase == 0)
    return emitError() << "vec, perPhase and maxPhase must be positive";
  if (!CTALayout || order.size() != CTALayout.getRank())
    return emitError() << "order size (" << order.size()
                       << ") must match CGALayout rank ("
                       << (CTALayout ? CTALayout.getRank() : 0) << ")";
  if (!isPermutation(order))
    return emitError() << "order must be a permutation of 0..(rank-1), but "
                          "was ["
                       << order << "]";
  return success();
}

//===----------------------------------------------------------------------===//
// NVMMASharedEncodingAttr
//===----------------------------------------------------------------------===//

Attribute NVMMASharedEncodingAttr::parse(AsmParser &parser, Type) {
  FailureOr<DictionaryAttr> dict = parseLayoutDict(parser);
  if (failed(dict))
    return {};
  unsigned swizzlingByteWidth = 0, elementBitWidth = 0, rank = 2;
  bool transposed = false, fp4Padded = false;
  Attribute cga;
  if (failed(
          parseLayoutFields(parser, *dict,
                            {
                                {"swizzlingByteWidth", &swizzlingByteWidth},
                                {"transposed", &transposed},
                                {"elementBitWidth", &elementBitWidth},
                                {"fp4Padded", &fp4Padded, /*required=*/false},
                                {"rank", &rank, /*required=*/false},
                                {"CGALayout", &cga, /*required=*/false},
                            })))
    return {};
  FailureOr<CTAEncodingAttr> cta = parseCGALayout(parser, cga, rank);
  if (failed(cta))
    return {};
  return parser.getChecked<NVMMASharedEncodingAttr>(
      parser.getContext(), swizzlingByteWidth, transposed, elementBitWidth,
      fp4Padded, *cta);
}

void NVMMASharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{swizzlingByteWidth = " << getSwizzlingByteWidth()
          << ", transposed = " << getTransposed()
          << ", elementBitWidth = " << getElementBitWidth();
  if (getFp4Padded())
    printer << ", fp4Padded = true";
  // The rank is implied by the CTA bases; without them it is printed unless
  // it is the usual 2.
  CTAEncodingAttr cta = getCTALayout();
  if (cta.isDefault() && cta.getRank() != 2)
    printer << ", rank = " << cta.getRank();
  else
    printCGALayout(printer, cta);
  printer << "}>";
}

LogicalResult
NVMMASharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                unsigned swizzlingByteWidth, bool transposed,
                                unsigned elementBitWidth, bool fp4Padded,
                                CTAEncodingAttr CTALayout) {
  if (elementBitWidth == 0)
    return emitError() << "elementBitWidth must be non-zero";
  if (!llvm::is_contained({0u, 32u, 64u, 128u}, swizzlingByteWidth))
    return emitError() << "swizzlingByteWidth must be 0, 32, 64, or 128";
  if (!CTALayout || CTALayout.getRank() == 0)
    return emitError() << "nvmma_shared layouts must have rank >= 1";
  return success();
}

int NVMMASharedEncodingAttr::getVec() const {
  return getSwizzlingByteWidth() == 0 ? 1 : 128 / getElementBitWidth();
}

int NVMMASharedEncodingAttr::getPerPhase() const {
  return getSwizzlingByteWidth() == 0 ? 1 : 128 / getSwizzlingByteWidth();
}

int NVMMASharedEncodingAttr::getMaxPhase() const {
  return getSwizzlingByteWidth() == 0 ? 1 : getSwizzlingByteWidth() / 16;
}

int32_t NVMMASharedEncodingAttr::getAlignment() const {
  return 128 * getMaxPhase();
}
