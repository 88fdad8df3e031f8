//===- TritonGPUTypes.td - !ttg.memdesc and !ttg.async.token ----*- tablegen -*-===//
#ifndef TRITONGPU_TYPES_TD
#define TRITONGPU_TYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "Dialect/TritonGPU/IR/TritonGPUDialect.td"

class TTG_TypeDef<string name, string _mnemonic, list<Trait> traits = []>
    : TypeDef<TritonGPU_Dialect, name, traits> {
  let mnemonic = _mnemonic;
}

def TTG_AsyncToken : TTG_TypeDef<"AsyncToken", "async.token"> {
  let summary = "Token of an asynchronous copy (group)";
  let description = [{
    `!ttg.async.token`: produced by `ttg.async_copy_global_to_local` and
    `ttg.async_commit_group`, consumed by `ttg.async_wait`.
  }];
}

def TTG_MemDescType : TTG_TypeDef<"MemDesc", "memdesc",
                                  [ShapedTypeInterface]> {
  let summary = "Descriptor of a buffer in shared (or tensor) memory";
  let description = [{
    `!ttg.memdesc<shape x elem, encoding, memorySpace[, mutable][, allocShape]>`:
    a view of a buffer with layout `encoding` in `memorySpace`
    (`#ttg.shared_memory`). `mutable` marks a buffer that may be written
    (a `ttg.local_alloc` without an initial value). `allocShape` is the
    shape of the whole allocation when the view is a part of it (after
    `ttg.memdesc_subslice`); it is printed only when it differs from
    `shape`. Example: `!ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>`.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "Type":$elementType,
                        "Attribute":$encoding,
                        "Attribute":$memorySpace,
                        "bool":$mutableMemory,
                        ArrayRefParameter<"int64_t">:$allocShape);
  let builders = [
    TypeBuilderWithInferredContext<(ins "ArrayRef<int64_t>":$shape,
                                        "Type":$elementType,
                                        "Attribute":$encoding,
                                        "Attribute":$memorySpace), [{
      return $_get(elementType.getContext(), shape, elementType, encoding,
                   memorySpace, /*mutableMemory=*/false, shape);
    }]>,
    TypeBuilderWithInferredContext<(ins "ArrayRef<int64_t>":$shape,
                                        "Type":$elementType,
                                        "Attribute":$encoding,
                                        "Attribute":$memorySpace,
                                        "bool":$mutableMemory), [{
      return $_get(elementType.getContext(), shape, elementType, encoding,
                   memorySpace, mutableMemory, shape);
    }]>,
    TypeBuilderWithInferredContext<(ins "ArrayRef<int64_t>":$shape,
                                        "Type":$elementType,
                                        "Attribute":$encoding,
                                        "Attribute":$memorySpace,
                                        "bool":$mutableMemory,
                                        "ArrayRef<int64_t>":$allocShape), [{
      return $_get(elementType.getContext(), shape, elementType, encoding,
                   memorySpace, mutableMemory, allocShape);
    }]>
  ];
  let extraClassDeclaration = [{
    MemDescType cloneWith(std::optional<ArrayRef<int64_t>> shape,
                          Type elementType) const {
      return MemDescType::get(shape.value_or(getShape()), elementType,
                              getEncoding(), getMemorySpace(),
                              getMutableMemory(), getAllocShape());
    }
    bool hasRank() const { return true; }
  }];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // TRITONGPU_TYPES_TD
