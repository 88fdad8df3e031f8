//===- Types.h - !ttg.memdesc and !ttg.async.token --------------*- C++ -*-===//
#ifndef TRITON_DIALECT_TRITONGPU_IR_TYPES_H
#define TRITON_DIALECT_TRITONGPU_IR_TYPES_H

#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeSupport.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "Dialect/TritonGPU/IR/Types.h.inc"

#endif // TRITON_DIALECT_TRITONGPU_IR_TYPES_H
