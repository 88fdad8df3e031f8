//===- GluonAttrDefs.td - gluon's placeholder layouts -----------*- tablegen -*-===//
#ifndef GLUON_ATTRDEFS_TD
#define GLUON_ATTRDEFS_TD

include "mlir/IR/AttrTypeBase.td"
include "Dialect/Gluon/IR/GluonDialect.td"

def Gluon_AutoEncodingAttr : AttrDef<Gluon_Dialect, "AutoEncoding"> {
  let mnemonic = "auto_encoding";
  let attrName = "gluon.auto_encoding";
  let summary = "A layout inferred from the ops around the tensor";
  let description = [{
    `tensor<128xf32, #gluon.auto_encoding>`: the layout is what the
    tensor's producers and users imply (a `gluon.set_auto_layout`, an op
    whose layout is fixed), propagated through the shape ops by
    `gluon-resolve-auto-encodings`.
  }];
}

def Gluon_CoalescedEncodingAttr : AttrDef<Gluon_Dialect, "CoalescedEncoding"> {
  let mnemonic = "coalesced_encoding";
  let attrName = "gluon.coalesced_encoding";
  let summary = "The coalesced layout of the memory accesses it reaches";
  let description = [{
    `tensor<128x!tt.ptr<f32>, #gluon.coalesced_encoding>`: the blocked
    layout `tritongpu-coalesce` would give the load or store of these
    pointers (AxisInfo's contiguity and alignment), propagated by
    `gluon-infer-coalesced-encodings`.
  }];
}

#endif // GLUON_ATTRDEFS_TD
