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
// Load/store operands: a tensor of pointers, mask, value/other and result
// agree in shape (a pointer to a tensor block counts as that block's shape).
def SameLoadStoreOperandsShape : TT_NativeTrait<"SameLoadStoreOperandsShape">;
def SameLoadStoreOperandsAndResultShape : TT_NativeTrait<"SameLoadStoreOperandsAndResultShape">;
def SameLoadStoreOperandsEncoding : TT_NativeTrait<"SameLoadStoreOperandsEncoding">;
def SameLoadStoreOperandsAndResultEncoding : TT_NativeTrait<"SameLoadStoreOperandsAndResultEncoding">;

#endif // TRITON_TRAITS_TD
