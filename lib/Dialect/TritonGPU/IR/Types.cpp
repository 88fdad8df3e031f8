//===- Types.cpp - !ttg.memdesc and !ttg.async.token ----------------------===//
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton::gpu;

#define GET_TYPEDEF_CLASSES
#include "Dialect/TritonGPU/IR/Types.cpp.inc"

void TritonGPUDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "Dialect/TritonGPU/IR/Types.cpp.inc"
      >();
}

static constexpr StringLiteral kMutable = "mutable";

Type MemDescType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> shape;
  Type elementType;
  Attribute encoding, memorySpace;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseAttribute(encoding) || parser.parseComma() ||
      parser.parseAttribute(memorySpace))
    return {};
  bool mutableMemory = false;
  SmallVector<int64_t> allocShape;
  if (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalKeyword(kMutable))) {
      mutableMemory = true;
      if (succeeded(parser.parseOptionalComma()) &&
          parser.parseDimensionList(allocShape, /*allowDynamic=*/false,
                                    /*withTrailingX=*/false))
        return {};
    } else if (parser.parseDimensionList(allocShape, /*allowDynamic=*/false,
                                         /*withTrailingX=*/false)) {
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  if (allocShape.empty())
    allocShape = shape;
  return parser.getChecked<MemDescType>(loc, parser.getContext(), shape,
                                        elementType, encoding, memorySpace,
                                        mutableMemory, allocShape);
}

void MemDescType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t dim : getShape())
    printer << dim << "x";
  printer << getElementType();
  if (getEncoding())
    printer << ", " << getEncoding();
  if (getMemorySpace())
    printer << ", " << getMemorySpace();
  if (getMutableMemory())
    printer << ", " << kMutable;
  if (getAllocShape() != getShape()) {
    printer << ", ";
    llvm::interleave(getAllocShape(), printer, "x");
  }
  printer << ">";
}

LogicalResult MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elementType,
                                  Attribute encoding, Attribute memorySpace,
                                  bool mutableMemory,
                                  ArrayRef<int64_t> allocShape) {
  if (llvm::any_of(shape, [](int64_t d) { return d <= 0; }))
    return emitError() << "memdesc dimensions must be positive; got "
                       << shape;
  // Every dimension but the first (the pipelining buffers) is a power of 2.
  if (llvm::any_of(shape.drop_front(1),
                   [](int64_t d) { return !llvm::isPowerOf2_64(d); }))
    return emitError() << "shape must have power-of-2 dimensions; got "
                       << shape;
  if (allocShape.size() < shape.size())
    return emitError()
           << "alloc shape must have at least as many dimensions as shape";
  for (auto [dim, alloc] :
       llvm::zip(shape, allocShape.take_back(shape.size())))
    if (dim > alloc)
      return emitError() << "shape must be less than or equal to allocShape. "
                         << "shape = " << shape
                         << ", allocShape = " << allocShape;
  if (!encoding)
    return emitError() << "memdesc must have an encoding";
  if (!memorySpace)
    return emitError() << "memdesc must have a memory space";
  // Distributed layouts describe registers, not memory. Layouts of other
  // dialects (ttng's tensor memory) verify themselves.
  if (isa<DistributedEncodingTrait>(encoding) ||
      (isa<TritonGPUDialect>(encoding.getDialect()) &&
       !isa<SharedEncodingTrait>(encoding)))
    return emitError() << encoding << " is not a valid encoding";
  if (auto shared = dyn_cast<LayoutEncodingTrait>(encoding)) {
    // A shared layout describes the trailing dimensions; leading ones index
    // buffers.
    if (shared.getRank() > allocShape.size())
      return emitError() << "encoding " << encoding << " has rank "
                         << shared.getRank()
                         << ", more than the allocation's "
                         << allocShape.size();
  }
  return success();
}
