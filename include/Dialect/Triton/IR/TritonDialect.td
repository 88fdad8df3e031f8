//===- TritonDialect.td - the tt dialect ------------------------*- tablegen -*-===//
//
// The Triton dialect (`tt`): tensors of scalars and pointers without layouts,
// as Triton's frontend emits them (TTIR).
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_DIALECT_TD
#define TRITON_DIALECT_TD

include "mlir/IR/OpBase.td"

def Triton_Dialect : Dialect {
  let name = "tt";
  let cppNamespace = "::mlir::triton";
  let summary = "The Triton IR (TTIR) dialect";
  let description = [{
    Triton IR: block-level programs over tensors of scalars and pointers.
    Tensors carry no layout at this level; `ttg` adds layouts later. The
    textual form is exactly what Triton 3.6 prints.
  }];
  let dependentDialects = [
    "arith::ArithDialect",
    "math::MathDialect",
    "scf::SCFDialect",
    "cf::ControlFlowDialect",
    "ub::UBDialect"
  ];
  let extraClassDeclaration = [{
    void registerTypes();
  }];
  let hasConstantMaterializer = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let useDefaultTypePrinterParser = 1;
  let usePropertiesForAttributes = 1;
}

#endif // TRITON_DIALECT_TD
