//===- TritonGPUAttrBase.td - base class of ttg attributes ------*- tablegen -*-===//
#ifndef TRITONGPU_ATTRBASE_TD
#define TRITONGPU_ATTRBASE_TD

include "mlir/IR/AttrTypeBase.td"
include "Dialect/TritonGPU/IR/TritonGPUDialect.td"

class TritonGPU_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TritonGPU_Dialect, name, traits> {
  let attrName = "ttg." # attrMnemonic;
}

#endif // TRITONGPU_ATTRBASE_TD
