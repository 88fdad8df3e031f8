//===- LayoutRematerialization.h - remat and hoisting of conversions -----===//
//
// The state shared by LayoutRematerialization.cpp (backward
// rematerialization) and LayoutHoisting.cpp (moving the conversions that
// stay): reusable rematerializations and the slice machinery.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_LIB_DIALECT_TRITONGPU_TRANSFORMS_LAYOUTREMATERIALIZATION_H
#define TRITON_LIB_DIALECT_TRITONGPU_TRANSFORMS_LAYOUTREMATERIALIZATION_H

#include "Dialect/TritonGPU/IR/Dialect.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"

#include <functional>

namespace mlir::triton::gpu {

using RematMap = DenseMap<std::pair<Value, Attribute>, Value>;

class LayoutRematerialization {
public:
  explicit LayoutRematerialization(FuncOp func) : func(func) {}

  bool backwardRematerialization();
  void hoistConvertDotOperand();
  void hoistConvertOnTopOfExtOrBroadcast();
  void hoistConvertIntoConditionals();

private:
  bool backwardRematerialization(ConvertLayoutOp convert);
  bool hoistConvertDotOperand(ConvertLayoutOp convert);
  bool hoistConvertOnTopOfExtOrBroadcast(ConvertLayoutOp convert);
  bool hoistConvertIntoConditionals(ConvertLayoutOp convert);

  /// Runs `fn` on every conversion of the function; those it leaves in place
  /// become reusable rematerializations of their operand.
  void forEachConvert(function_ref<bool(ConvertLayoutOp)> fn, bool &changed);

  void addRemat(Value old, Attribute encoding, Value remat) {
    remats[{old, encoding}] = remat;
  }
  Value getRemat(Value old, Attribute encoding) const {
    return remats.lookup({old, encoding});
  }

  LogicalResult getRematerializableSlice(
      OpOperand &root, Attribute encoding, SetVector<Value> &slice,
      DenseMap<Value, Attribute> &layout, RematMap &existing,
      std::function<bool(Operation *)> stop = nullptr);

  void rewriteSlice(SetVector<Value> &slice, DenseMap<Value, Attribute> &layout,
                    const RematMap &existing, ConvertLayoutOp convert,
                    IRMapping &mapping);
  /// Re-keys the rematerializations after `replacements` (old, new).
  void updateRemats(ArrayRef<std::tuple<Value, Value>> replacements);
  /// Drops every entry that names a result of `op`, which is about to be
  /// erased.
  void forgetRemats(Operation *op);

  FuncOp func;
  RematMap remats;
  DominanceInfo domInfo;
};

} // namespace mlir::triton::gpu

#endif // TRITON_LIB_DIALECT_TRITONGPU_TRANSFORMS_LAYOUTREMATERIALIZATION_H
