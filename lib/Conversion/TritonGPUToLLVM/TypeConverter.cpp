//===- TypeConverter.cpp - TTGIR types to LLVM types ----------------------===//
#include "Conversion/TritonGPUToLLVM/TypeConverter.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

TritonGPUToLLVMTypeConverter::TritonGPUToLLVMTypeConverter(
    MLIRContext *ctx, const LowerToLLVMOptions &options)
    : LLVMTypeConverter(ctx, options) {
  addConversion([ctx](PointerType type) -> std::optional<Type> {
    if (isa<RankedTensorType>(type.getPointeeType()))
      return std::nullopt; // block pointers: rewrite-tensor-pointer first
    return LLVM::LLVMPointerType::get(ctx, type.getAddressSpace());
  });
  addConversion([this](RankedTensorType type) -> std::optional<Type> {
    if (Type converted = convertTensorType(type))
      return converted;
    return std::nullopt;
  });
  addConversion([ctx](ttg::MemDescType type) -> Type {
    SmallVector<Type> members{LLVM::LLVMPointerType::get(ctx, 3)};
    members.append(type.getRank(), IntegerType::get(ctx, 32));
    return LLVM::LLVMStructType::getLiteral(ctx, members);
  });
  // A tensor descriptor is the address of its CUtensorMap: a kernel
  // parameter (byval, grid constant) or global memory.
  addConversion([ctx](TensorDescType) -> Type {
    return LLVM::LLVMPointerType::get(ctx);
  });
  addConversion(
      [ctx](ttg::AsyncTokenType) -> Type { return IntegerType::get(ctx, 32); });
  // LLVM has no 8-bit float types; fp8 values travel as i8.
  addConversion([ctx](FloatType type) -> std::optional<Type> {
    if (type.getWidth() != 8)
      return std::nullopt; // the LLVM converter's own rules
    return IntegerType::get(ctx, 8);
  });
}

Type TritonGPUToLLVMTypeConverter::convertElementType(Type elementType) const {
  return convertType(elementType);
}

Type TritonGPUToLLVMTypeConverter::convertTensorType(
    RankedTensorType type) const {
  Attribute encoding = type.getEncoding();
  if (!encoding || !isa<ttg::DistributedEncodingTrait>(encoding))
    return {};
  FailureOr<LinearLayout> layout = ttg::tryToLinearLayout(
      type.getShape(), encoding, [] { return InFlightDiagnostic(); });
  if (failed(layout))
    return {};
  Type element = convertElementType(type.getElementType());
  if (!element)
    return {};
  MLIRContext *ctx = type.getContext();
  int32_t registers = layout->getInDimSize(StringAttr::get(ctx, "register"));
  SmallVector<Type> members(registers, element);
  return LLVM::LLVMStructType::getLiteral(ctx, members);
}
