//===- Attributes.h - ttg layout and memory space attributes ----*- C++ -*-===//
//
// The CTA encoding, the layout interfaces (LayoutEncodingTrait,
// DistributedEncodingTrait, SharedEncodingTrait, MmaEncodingTrait) and the
// layouts. Include Dialect/TritonGPU/IR/Dialect.h rather than this.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_DIALECT_TRITONGPU_IR_ATTRIBUTES_H
#define TRITON_DIALECT_TRITONGPU_IR_ATTRIBUTES_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/SmallVector.h"

#include "Tools/LinearLayout.h"

#define GET_ATTRDEF_CLASSES
#include "Dialect/TritonGPU/IR/CTAEncodingAttr.h.inc"

#include "Dialect/TritonGPU/IR/AttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "Dialect/TritonGPU/IR/AttrDefs.h.inc"

namespace mlir::triton::gpu {
using mlir::triton::LinearLayout;
/// The name older Triton code uses for the CTA encoding.
using CTALayoutAttr = CTAEncodingAttr;
} // namespace mlir::triton::gpu

#endif // TRITON_DIALECT_TRITONGPU_IR_ATTRIBUTES_H
