//===- DotOperandLayouts.h - checks shared by the tt.dot lowerings --------===//
//
// Facts about a dot operand's layout relative to the accumulator's, used by
// the FMA and mma.sync lowerings before they pick registers by coordinate.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_CONVERSION_TRITONGPUTOLLVM_DOTOPERANDLAYOUTS_H
#define TRITON_CONVERSION_TRITONGPUTOLLVM_DOTOPERANDLAYOUTS_H

#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Tools/LinearLayout.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

namespace mlir::triton {

/// Whether, along each of the hardware dimensions `dims` (lane, warp,
/// block), `operand` places its elements where `acc` places the
/// accumulator's, with the operand's K dimension `kDim` zeroed (A:
/// (.., m, n) -> (.., m, 0); B: (.., m, n) -> (.., 0, n)): then every thread
/// already holds the operand rows or columns its accumulator needs.
inline bool operandFollowsAccumulator(const LinearLayout &operand,
                                      const LinearLayout &acc, unsigned kDim,
                                      ArrayRef<StringAttr> dims) {
  for (StringAttr dim : dims) {
    int bits = acc.hasInDim(dim) ? acc.getInDimSizeLog2(dim) : 0;
    int opBits = operand.hasInDim(dim) ? operand.getInDimSizeLog2(dim) : 0;
    if (bits != opBits)
      return false;
    for (int i = 0; i < bits; ++i) {
      SmallVector<int32_t> expected(acc.getBasis(dim, i));
      expected[kDim] = 0;
      if (SmallVector<int32_t>(operand.getBasis(dim, i)) != expected)
        return false;
    }
  }
  return true;
}

/// Whether every operand and result type of the dot `op` has a linear
/// layout (the lowerings pick registers by coordinate); emits why not.
inline LogicalResult checkDotLinearLayouts(Operation *op,
                                           ArrayRef<RankedTensorType> types) {
  for (RankedTensorType type : types)
    if (failed(gpu::tryToLinearLayout(type.getShape(), type.getEncoding(),
                                      [&] { return op->emitOpError(); })))
      return failure();
  return success();
}

} // namespace mlir::triton

#endif // TRITON_CONVERSION_TRITONGPUTOLLVM_DOTOPERANDLAYOUTS_H
