//===- GluonDialect.td - the gluon dialect ----------------------*- tablegen -*-===//
//
// The dialect of Triton 3.6's Gluon frontend (`@gluon.jit`): TritonGPU IR
// written by hand, with two placeholder layouts the compiler fills in.
//
//===----------------------------------------------------------------------===//
#ifndef GLUON_DIALECT_TD
#define GLUON_DIALECT_TD

include "mlir/IR/OpBase.td"

def Gluon_Dialect : Dialect {
  let name = "gluon";
  let cppNamespace = "::mlir::triton::gluon";
  let summary = "Gluon: TritonGPU IR with layouts left to the compiler";
  let description = [{
    A Gluon kernel is TritonGPU IR written by hand: explicit layouts,
    shared-memory descriptors, wgmma, TMA, mbarriers and warp_specialize.
    Where the author leaves a layout open it is `#gluon.auto_encoding`
    (inferred from the neighbouring ops and `gluon.set_auto_layout`) or
    `#gluon.coalesced_encoding` (the coalesced layout of the loads and
    stores it reaches). `gluon-infer-coalesced-encodings` and
    `gluon-resolve-auto-encodings` replace both with TritonGPU layouts; the
    textual form is what Triton 3.6's Gluon frontend prints.
  }];
  let dependentDialects = [
    "::mlir::triton::TritonDialect",
    "::mlir::triton::gpu::TritonGPUDialect"
  ];
  let useDefaultAttributePrinterParser = 1;
  let usePropertiesForAttributes = 1;
}

#endif // GLUON_DIALECT_TD
