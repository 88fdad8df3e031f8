//===- TritonTypes.td - tt types and type constraints -----------*- tablegen -*-===//
#ifndef TRITON_TYPES_TD
#define TRITON_TYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "Dialect/Triton/IR/TritonDialect.td"

class TritonTypeDef<string name, string _mnemonic, list<Trait> traits = []>
    : TypeDef<Triton_Dialect, name, traits> {
  let mnemonic = _mnemonic;
}

// Scalar element types Triton accepts.
def TT_Float : AnyTypeOf<[F8E4M3FN, F8E4M3FNUZ, F8E5M2, F8E5M2FNUZ,
                          F16, BF16, F32, F64], "floating-point">;
def TT_FloatTensor : RankedTensorOf<[TT_Float]>;
def TT_FloatLike : AnyTypeOf<[TT_Float, TT_FloatTensor]>;

def TT_BoolTensor : RankedTensorOf<[I1]>;
def TT_BoolLike : AnyTypeOf<[I1, TT_BoolTensor]>;

def TT_Int : AnyTypeOf<[I1, I<4>, I8, I16, I32, I64], "integer">;
def TT_IntTensor : RankedTensorOf<[TT_Int]>;
def TT_IntLike : AnyTypeOf<[TT_Int, TT_IntTensor]>;

def TT_I32Tensor : RankedTensorOf<[I32]>;
def TT_I32Like : AnyTypeOf<[I32, TT_I32Tensor]>;
def TT_I64Tensor : RankedTensorOf<[I64]>;
def TT_I64Like : AnyTypeOf<[I64, TT_I64Tensor]>;

// `!tt.ptr<T>` and `!tt.ptr<T, addrspace>`. Address space 1 (global) is the
// default and is not printed.
def TT_PtrType : TritonTypeDef<"Pointer", "ptr"> {
  let summary = "Pointer type (`::mlir::triton::PointerType`) in Triton IR";
  let description = [{
    A pointer to a scalar (`!tt.ptr<f32>`) or to a whole tensor block
    (`!tt.ptr<tensor<64x64xf16>>`, made by `tt.make_tensor_ptr`). The
    optional second parameter is the address space; 1 (global) is implied.
  }];
  let parameters = (ins "Type":$pointeeType, "int":$addressSpace);
  let builders = [
    TypeBuilderWithInferredContext<(ins "Type":$pointeeType,
                                        "int":$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let skipDefaultBuilders = 1;
  let genVerifyDecl = 1;
}

class TT_PtrOf<list<Type> pointeeTypes, string summary = "pointer">
    : DialectType<Triton_Dialect,
        And<[CPred<"::mlir::isa<::mlir::triton::PointerType>($_self)">,
             Concat<"[](::mlir::Type pointeeType) { return ",
                    SubstLeaves<"$_self", "pointeeType", AnyTypeOf<pointeeTypes>.predicate>,
                    "; }(::mlir::cast<::mlir::triton::PointerType>($_self).getPointeeType())">]>,
        summary, "::mlir::triton::PointerType">;

def TT_Ptr : TT_PtrOf<[AnyType]>;
def TT_PtrTensor : RankedTensorOf<[TT_Ptr]>;
def TT_PtrLike : AnyTypeOf<[TT_Ptr, TT_PtrTensor]>;

def TT_FpIntTensor : RankedTensorOf<[TT_Float, TT_Int]>;
def TT_Tensor : RankedTensorOf<[TT_Float, TT_Int, TT_Ptr]>;

// A pointer to a tensor block.
def TT_TensorPtr : TT_PtrOf<[TT_Tensor], "pointer to a tensor block">;

def TT_Type : AnyTypeOf<[TT_FloatLike, TT_IntLike, TT_PtrLike, TT_TensorPtr]>;

// `!tt.tensordesc<tensor<...>>`: a tensor-map (TMA) descriptor of a block.
def TT_TensorDescType : TritonTypeDef<"TensorDesc", "tensordesc", []> {
  let summary = "Tensor descriptor type (`::mlir::triton::TensorDescType`) in Triton IR";
  let description = [{
    Describes a block of a global-memory tensor that descriptor loads and
    stores move as a whole; on Hopper it lowers to a TMA `CUtensorMap`.
  }];
  let parameters = (ins "RankedTensorType":$blockType);
  let assemblyFormat = "`<` $blockType `>`";
  let genVerifyDecl = 1;
}

#endif // TRITON_TYPES_TD
