//===- Types.h - tt types and type helpers ----------------------*- C++ -*-===//
#ifndef TRITON_DIALECT_TRITON_IR_TYPES_H
#define TRITON_DIALECT_TRITON_IR_TYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeSupport.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "Dialect/Triton/IR/Types.h.inc"

namespace mlir::triton {

/// The address space of global memory, implied by `!tt.ptr<T>`.
constexpr int kGlobalAddressSpace = 1;
/// Triton's limit on the number of elements of one tensor.
constexpr int64_t kMaxTensorNumElements = 1048576;

/// `!tt.ptr<elementType, addressSpace>`.
Type getPointerType(Type elementType, int addressSpace = kGlobalAddressSpace);
/// The pointee of a pointer, or of every pointer of a tensor of pointers (a
/// tensor of the pointees with the same shape and encoding). A pointer to a
/// tensor block gives that block's tensor type.
Type getPointeeType(Type type);
/// The same shape (and encoding) with i1 elements; i1 for a scalar.
Type getI1SameShape(Type type);
/// A (tensor of) global pointer(s) to the given (tensor's) element type.
Type getPointerTypeSameShape(Type type);
/// The element type of the block of a `!tt.ptr<tensor<...>>`.
Type getElementTypeOfTensorPointerType(Type type);
/// The address space of a pointer type; of a tensor of pointers' element.
int getAddressSpace(Type type);

bool isTensorPointerType(Type type);
bool isTensorOrTensorPointerType(Type type);
/// The scalar type of a scalar, a tensor or a pointer to a tensor block.
Type getScalarElementType(Type type);
/// Whether a tensor of `tensorElement` can move through a descriptor of
/// `blockElement`: the same type, or integers of the same width (a block
/// may be declared signed or unsigned, `si32`/`ui32`, while tensors are
/// signless).
bool isDescriptorElementCompatible(Type tensorElement, Type blockElement);
/// Bit width of a scalar int/float type; 64 for pointers.
unsigned getPointeeBitWidth(Type type);

} // namespace mlir::triton

#endif // TRITON_DIALECT_TRITON_IR_TYPES_H
