//===- GluonOps.td - the gluon ops -------------------------------*- tablegen -*-===//
#ifndef GLUON_OPS_TD
#define GLUON_OPS_TD

include "Dialect/Gluon/IR/GluonDialect.td"
include "Dialect/Gluon/IR/GluonAttrDefs.td"
include "Dialect/Triton/IR/TritonTypes.td"

include "mlir/Interfaces/SideEffectInterfaces.td"

class Gluon_Op<string mnemonic, list<Trait> traits = []>
    : Op<Gluon_Dialect, mnemonic, traits>;

def Gluon_SetAutoLayoutOp : Gluon_Op<"set_auto_layout", [
  Pure, SameOperandsAndResultShape, SameOperandsAndResultElementType
]> {
  let summary = "Fix the layout of a tensor whose layout is automatic";
  let description = [{
    `gl.set_auto_layout(x, layout)`: `x` has `#gluon.auto_encoding`; the
    result has the concrete layout (or `#gluon.coalesced_encoding`), which
    seeds the inference of `x`'s. Once the layouts are resolved the op is
    the identity and goes.

    ```mlir
    %r = gluon.set_auto_layout %x : tensor<128xi32, #gluon.auto_encoding> -> tensor<128xi32, #blocked>
    ```
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let builders = [OpBuilder<(ins "Attribute":$encoding, "Value":$value)>];
  let hasVerifier = 1;
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

#endif // GLUON_OPS_TD
