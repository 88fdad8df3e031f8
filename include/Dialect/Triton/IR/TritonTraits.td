//===- TritonTraits.td - op traits of the tt dialect ------------*- tablegen -*-===//
//
// Native traits implemented in Dialect/Triton/IR/Traits.h. Encodings are the
// optional layout attributes of ranked tensors; TTIR has none, TTGIR has them
// everywhere, and these traits hold in both.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_TRAITS_TD
#define TRITON_TRAITS_TD

include "mlir/IR/OpBase.td"

class TT_NativeTrait<string name> : NativeOpTrait<name> {
  let cppNamespace = "::mlir::OpTrait";
}

// Every tensor operand and result has a power-of-two number of elements, at
// most 2^20 (Triton's limit).
def TensorSizeTrait : TT_NativeTrait<"TensorSizeTrait">;
def SameOperandsEncoding : TT_NativeTrait<"SameOperandsEncoding">;
def SameOperandsAndResultEncoding : TT_NativeTrait<"SameOperandsAndResultEncoding">;

#endif // TRITON_TRAITS_TD
