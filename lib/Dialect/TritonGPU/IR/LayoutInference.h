//===- LayoutInference.h - ttg's tt layout inference ------------*- C++ -*-===//
//
// Private to lib/Dialect/TritonGPU/IR: the implementation of tt's
// DialectInferLayoutInterface the dialect registers.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_LIB_DIALECT_TRITONGPU_IR_LAYOUTINFERENCE_H
#define TRITON_LIB_DIALECT_TRITONGPU_IR_LAYOUTINFERENCE_H

#include "Dialect/Triton/IR/LayoutInference.h"

namespace mlir::triton::gpu {

/// Result encodings of tt shape ops over ttg layouts: reduce gives a slice,
/// expand_dims its parent, trans permutes a blocked or shared layout,
/// join/split add/remove a size-2 innermost dimension of a blocked layout,
/// reshape keeps a blocked layout blocked where its structure allows
/// (ReshapeInference.cpp); other layouts go through their linear layouts and
/// give a #ttg.linear (#ttg.shared_linear) layout, as in Triton.
struct TritonGPUInferLayoutInterface
    : public triton::DialectInferLayoutInterface {
  using DialectInferLayoutInterface::DialectInferLayoutInterface;

  LogicalResult
  inferExpandDimsOpEncoding(Attribute operandEncoding, unsigned axis,
                            Attribute &resultEncoding,
                            std::optional<Location> loc) const override;
  LogicalResult
  inferReduceOpEncoding(Attribute operandEncoding, unsigned axis,
                        Attribute &resultEncoding,
                        std::optional<Location> loc) const override;
  LogicalResult
  inferTransOpEncoding(Attribute operandEncoding, ArrayRef<int64_t> shape,
                       ArrayRef<int32_t> order, Attribute &resultEncoding,
                       std::optional<Location> loc) const override;
  LogicalResult
  inferJoinOpEncoding(Attribute operandEncoding, ArrayRef<int64_t> shape,
                      Attribute &resultEncoding,
                      std::optional<Location> loc) const override;
  LogicalResult
  inferSplitOpEncoding(Attribute operandEncoding, ArrayRef<int64_t> shape,
                       Attribute &resultEncoding,
                       std::optional<Location> loc) const override;
  LogicalResult
  inferReshapeOpEncoding(ArrayRef<int64_t> srcShape, Attribute srcEncoding,
                         ArrayRef<int64_t> dstShape, Attribute &dstEncoding,
                         std::optional<Location> loc) const override;
  LogicalResult
  inferDotOpEncoding(Attribute operandEncoding, unsigned opIdx,
                     Attribute resultEncoding,
                     std::optional<Location> loc) const override;
  LogicalResult
  verifyLayoutsAreEqual(ArrayRef<int64_t> shape, Attribute expected,
                        Attribute got,
                        std::optional<Location> loc) const override;
  LogicalResult
  verifyDotOpEncodingCompatibility(Operation *op, Attribute aEncoding,
                                   Attribute bEncoding) const override;
};

} // namespace mlir::triton::gpu

#endif // TRITON_LIB_DIALECT_TRITONGPU_IR_LAYOUTINFERENCE_H
