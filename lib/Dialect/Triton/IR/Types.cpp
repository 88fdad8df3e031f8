//===- Types.cpp - tt types and type helpers ------------------------------===//
#include "Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;

#define GET_TYPEDEF_CLASSES
#include "Dialect/Triton/IR/Types.cpp.inc"

void TritonDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "Dialect/Triton/IR/Types.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// PointerType: `!tt.ptr<T>` or `!tt.ptr<T, addrspace>`
//===----------------------------------------------------------------------===//

Type PointerType::parse(AsmParser &parser) {
  Type pointee;
  int addressSpace = kGlobalAddressSpace;
  if (parser.parseLess() || parser.parseType(pointee))
    return Type();
  if (succeeded(parser.parseOptionalComma()) &&
      parser.parseInteger(addressSpace))
    return Type();
  if (parser.parseGreater())
    return Type();
  return parser.getChecked<PointerType>(parser.getContext(), pointee,
                                        addressSpace);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << "<" << getPointeeType();
  if (getAddressSpace() != kGlobalAddressSpace)
    printer << ", " << getAddressSpace();
  printer << ">";
}

LogicalResult
PointerType::verify(function_ref<InFlightDiagnostic()> emitError, Type pointee,
                    int addressSpace) {
  if (addressSpace < 0)
    return emitError() << "pointer address space must be non-negative, got "
                       << addressSpace;
  if (auto tensor = dyn_cast<RankedTensorType>(pointee)) {
    if (isa<PointerType>(tensor.getElementType()))
      return emitError() << "a tensor pointer cannot point to a tensor of "
                            "pointers";
    return success();
  }
  if (isa<IntegerType, FloatType, PointerType>(pointee))
    return success();
  return emitError() << "pointee must be an integer, float, pointer or ranked "
                        "tensor type, got "
                     << pointee;
}

//===----------------------------------------------------------------------===//
// TensorDescType: `!tt.tensordesc<tensor<...>>`
//===----------------------------------------------------------------------===//

LogicalResult
TensorDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                       RankedTensorType blockType) {
  Type elt = blockType.getElementType();
  if (!isa<IntegerType, FloatType>(elt))
    return emitError() << "tensor descriptor block must hold integers or "
                          "floats, got "
                       << elt;
  if (blockType.getRank() < 1 || blockType.getRank() > 5)
    return emitError() << "tensor descriptor block rank must be in [1, 5], "
                          "got "
                       << blockType.getRank();
  if (llvm::any_of(blockType.getShape(), [](int64_t d) { return d <= 0; }))
    return emitError() << "tensor descriptor block dimensions must be "
                          "positive, got "
                       << blockType;
  return success();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

namespace mlir::triton {

Type getPointerType(Type elementType, int addressSpace) {
  return PointerType::get(elementType, addressSpace);
}

Type getPointeeType(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    auto ptr = dyn_cast<PointerType>(tensor.getElementType());
    if (!ptr)
      return Type();
    return tensor.clone(ptr.getPointeeType());
  }
  if (auto ptr = dyn_cast<PointerType>(type))
    return ptr.getPointeeType();
  return Type();
}

Type getI1SameShape(Type type) {
  if (!type)
    return Type();
  auto i1 = IntegerType::get(type.getContext(), 1);
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.clone(i1);
  return i1;
}

Type getPointerTypeSameShape(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.clone(getPointerType(tensor.getElementType()));
  return getPointerType(type);
}

Type getElementTypeOfTensorPointerType(Type type) {
  if (auto ptr = dyn_cast<PointerType>(type))
    if (auto tensor = dyn_cast<RankedTensorType>(ptr.getPointeeType()))
      return tensor.getElementType();
  return Type();
}

int getAddressSpace(Type type) {
  if (auto ptr = dyn_cast<PointerType>(getScalarElementType(type)))
    return ptr.getAddressSpace();
  if (auto ptr = dyn_cast<PointerType>(type))
    return ptr.getAddressSpace();
  return kGlobalAddressSpace;
}

bool isTensorPointerType(Type type) {
  if (auto ptr = dyn_cast<PointerType>(type))
    return isa<RankedTensorType>(ptr.getPointeeType());
  return false;
}

bool isTensorOrTensorPointerType(Type type) {
  return isa<RankedTensorType>(type) || isTensorPointerType(type);
}

Type getScalarElementType(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getElementType();
  if (isTensorPointerType(type))
    return getElementTypeOfTensorPointerType(type);
  return type;
}

unsigned getPointeeBitWidth(Type type) {
  Type elt = getScalarElementType(type);
  if (isa<PointerType>(elt))
    return 64;
  return elt.getIntOrFloatBitWidth();
}

} // namespace mlir::triton

bool mlir::triton::isDescriptorElementCompatible(Type tensorElement,
                                                 Type blockElement) {
  if (tensorElement == blockElement)
    return true;
  auto a = dyn_cast<IntegerType>(tensorElement);
  auto b = dyn_cast<IntegerType>(blockElement);
  return a && b && a.getWidth() == b.getWidth();
}
