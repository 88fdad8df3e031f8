//===- RegisterMap.h - results built from operand registers ---*- C++ -*-===//
//
// Ops that re-index tensors without moving data between threads
// (broadcast, expand_dims, trans, reshape, join, split, cat) lower to a
// choice of operand register for every result register. The choice is
// found through the linear layouts: `project` maps a result element's
// coordinates to the operand and coordinates it comes from.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_LIB_CONVERSION_TRITONGPUTOLLVM_REGISTERMAP_H
#define TRITON_LIB_CONVERSION_TRITONGPUTOLLVM_REGISTERMAP_H

#include "Tools/LinearLayout.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::triton {

using RegisterOffsets = SmallVector<int32_t>;
/// A result coordinate's source: which operand, at which coordinates.
using RegisterSource = std::pair<unsigned, RegisterOffsets>;

/// For each result register, the (operand, register) holding its element.
/// `project` must be linear (bit-wise), as every re-indexing here is on
/// power-of-two shapes. Fails when a lane, warp or CTA basis of the result
/// does not come from the same basis of operand 0 (all operands share one
/// layout), or an element has no source register.
FailureOr<SmallVector<std::pair<unsigned, int32_t>>>
mapRegisters(ArrayRef<LinearLayout> operands, const LinearLayout &result,
             function_ref<RegisterSource(RegisterOffsets)> project);

/// Appends to `results` the struct of `resultType` built from registers of
/// `op`'s lowered `operands` through mapRegisters; emits an error at `op`
/// naming the rule when the layouts do not allow it.
LogicalResult replaceByRegisterMap(
    Operation *op, ValueRange operands, RankedTensorType resultType,
    function_ref<RegisterSource(RegisterOffsets)> project,
    const TypeConverter *converter, ConversionPatternRewriter &rewriter,
    SmallVectorImpl<Value> &results);

} // namespace mlir::triton

#endif // TRITON_LIB_CONVERSION_TRITONGPUTOLLVM_REGISTERMAP_H
