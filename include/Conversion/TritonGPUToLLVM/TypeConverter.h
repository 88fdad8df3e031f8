//===- TypeConverter.h - TTGIR types to LLVM types --------------*- C++ -*-===//
//
// How TTGIR values look after lowering:
//   tensor<... x T, #distributed>  -> !llvm.struct<(T', T', ...)>, one member
//                                     per register of the layout's linear
//                                     layout, in register order
//   !tt.ptr<T, AS>                 -> !llvm.ptr<AS>
//   !ttg.memdesc<... x T, #shared> -> !llvm.struct<(ptr<3>, i32 x rank)>:
//                                     the buffer's base and the offsets of
//                                     a view into it (SharedMemoryObject)
//   f8E4M3FN / f8E5M2 (no LLVM type) -> i8
//   !ttg.async.token               -> i32
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_CONVERSION_TRITONGPUTOLLVM_TYPECONVERTER_H
#define TRITON_CONVERSION_TRITONGPUTOLLVM_TYPECONVERTER_H

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::triton {

class TritonGPUToLLVMTypeConverter : public LLVMTypeConverter {
public:
  TritonGPUToLLVMTypeConverter(MLIRContext *ctx,
                               const LowerToLLVMOptions &options);

  /// The LLVM type of one element of a tensor of `elementType` (also the
  /// type of a scalar of that type).
  Type convertElementType(Type elementType) const;

  /// The struct a tensor with a distributed layout lowers to, or null when
  /// its layout is missing or not distributed.
  Type convertTensorType(RankedTensorType type) const;
};

} // namespace mlir::triton

#endif // TRITON_CONVERSION_TRITONGPUTOLLVM_TYPECONVERTER_H
