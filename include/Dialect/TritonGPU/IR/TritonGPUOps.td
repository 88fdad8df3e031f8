//===- TritonGPUOps.td - ttg operations -------------------------*- tablegen -*-===//
//
// Layout conversion, shared memory buffers and their views, asynchronous
// copies, warp specialization. Assembly formats are Triton 3.6's.
//
//===----------------------------------------------------------------------===//
#ifndef TRITONGPU_OPS_TD
#define TRITONGPU_OPS_TD

include "Dialect/TritonGPU/IR/TritonGPUDialect.td"
include "Dialect/TritonGPU/IR/TritonGPUTypes.td"
include "Dialect/TritonGPU/IR/TritonGPUAttrDefs.td"
include "Dialect/Triton/IR/TritonTypes.td"
include "Dialect/Triton/IR/TritonAttrDefs.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def GlobalMemory : Resource<"::mlir::triton::GlobalMemory">;
def SharedMemory : Resource<"::mlir::triton::gpu::SharedMemory">;

/// Ops whose result is a view of their memdesc operand (same buffer).
def MemDescViewTrait : NativeOpTrait<"MemDescViewTrait"> {
  let cppNamespace = "::mlir::OpTrait";
}

/// Ops whose regions run asynchronously to each other (warp_specialize).
def AsyncRegions : NativeOpTrait<"AsyncRegions"> {
  let cppNamespace = "::mlir::OpTrait";
}

class TTG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonGPU_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Layout conversion
//===----------------------------------------------------------------------===//

def TTG_ConvertLayoutOp : TTG_Op<"convert_layout",
                                 [SameOperandsAndResultShape,
                                  SameOperandsAndResultElementType, Pure]> {
  let summary = "Move a tensor's elements to another layout";
  let description = [{
    The same tensor in another layout (which may need shuffles or a trip
    through shared memory). Example:
    `%1 = ttg.convert_layout %0 : tensor<128xf32, #blocked> -> tensor<128xf32, #blocked1>`.
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let hasCanonicalizer = 1;
  let hasFolder = 1;
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

//===----------------------------------------------------------------------===//
// Asynchronous copies
//===----------------------------------------------------------------------===//

def TTG_AsyncWaitOp : TTG_Op<"async_wait"> {
  let summary = "Wait until at most `num` async copy groups are outstanding";
  let description = [{
    Takes the tokens of the groups waited for; `num = 0` waits for all. It
    does not synchronize the threads of the CTA (see `ttg.local_barrier`).
  }];
  let arguments = (ins Variadic<TTG_AsyncToken>:$asyncToken, I32Attr:$num);
  let results = (outs TTG_AsyncToken:$retToken);
  let assemblyFormat = "($asyncToken^)? attr-dict";
}

def TTG_AsyncCommitGroupOp : TTG_Op<"async_commit_group"> {
  let summary = "Close the pending async copies into a group to wait on";
  let arguments = (ins Variadic<TTG_AsyncToken>:$inputTokens);
  let results = (outs TTG_AsyncToken:$asyncToken);
  let assemblyFormat = "(`tokens` $inputTokens^)? attr-dict";
}

def TTG_AsyncCopyGlobalToLocalOp : TTG_Op<"async_copy_global_to_local", [
  AttrSizedOperandSegments,
  OptionalTypesMatchWith<"infer mask type from src type",
                         "src", "mask", "getI1SameShape($_self)">,
  OptionalTypesMatchWith<"infer other type from src type",
                         "src", "other", "getPointeeType($_self)">
]> {
  let summary = "Copy from global to shared memory asynchronously (cp.async)";
  let description = [{
    Like `tt.load`, but into the buffer `result` instead of registers. The
    data is there after a `ttg.async_wait` on the group the copy was
    committed to. `contiguity` is the number of elements each access may
    move at once.
  }];
  let arguments = (ins
    Arg<TT_PtrTensor, "", [MemRead<GlobalMemory>]>:$src,
    Arg<TTG_MemDescType, "", [MemWrite<SharedMemory>]>:$result,
    Optional<TT_BoolTensor>:$mask,
    Optional<TT_Type>:$other,
    DefaultValuedAttr<TT_CacheModifierAttr,
                      "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr,
                      "::mlir::triton::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile,
    DefaultValuedAttr<I32Attr, "1">:$contiguity
  );
  let results = (outs TTG_AsyncToken:$token);
  // No commas between the oilist clauses (see tt.load).
  let assemblyFormat = [{
    $src `,` $result (`mask` $mask^)? (`other` $other^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Shared memory buffers
//===----------------------------------------------------------------------===//

def TTG_LocalAllocOp : TTG_Op<"local_alloc",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Allocate a buffer in shared memory";
  let description = [{
    Returns a descriptor of a new buffer, initialized from `src` if given
    (then immutable), else mutable. `alignment` overrides the layout's.
    Freeing it with `ttg.local_dealloc` is optional.
  }];
  let arguments = (ins Optional<TT_Tensor>:$src,
                       OptionalAttr<I32Attr>:$alignment);
  let results = (outs TTG_MemDescType:$result);
  let builders = [
    OpBuilder<(ins "Type":$result),
              [{ build($_builder, $_state, result, Value(), IntegerAttr()); }]>,
    OpBuilder<(ins "Type":$result, "Value":$src),
              [{ build($_builder, $_state, result, src, IntegerAttr()); }]>
  ];
  let extraClassDeclaration = [{
    bool isSharedMemoryAlloc() {
      return isa_and_nonnull<SharedMemorySpaceAttr>(getType().getMemorySpace());
    }
    /// `alignment`, else the layout's, else 16.
    int32_t getAlignmentOrDefault();
  }];
  let assemblyFormat = "($src^)? attr-dict `:` functional-type(operands, results)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TTG_LocalDeallocOp : TTG_Op<"local_dealloc"> {
  let summary = "Free a shared memory buffer";
  let arguments = (ins Arg<TTG_MemDescType, "", [MemFree<SharedMemory>]>:$src);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src))";
}

def TTG_LocalLoadOp : TTG_Op<"local_load"> {
  let summary = "Load a shared memory buffer into a distributed tensor";
  let arguments = (ins Arg<TTG_MemDescType, "", [MemRead<SharedMemory>]>:$src,
                       Optional<TTG_AsyncToken>:$token);
  let results = (outs TT_Tensor:$result);
  let builders = [
    OpBuilder<(ins "Type":$retType, "Value":$src),
              [{ build($_builder, $_state, retType, src, Value()); }]>
  ];
  let assemblyFormat = [{
    $src (`token` $token^)? attr-dict `:` qualified(type($src)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTG_LocalStoreOp : TTG_Op<"local_store"> {
  let summary = "Store a distributed tensor into a shared memory buffer";
  let arguments = (ins TT_Tensor:$src,
                       Arg<TTG_MemDescType, "", [MemWrite<SharedMemory>]>:$dst);
  let assemblyFormat = [{
    $src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def TTG_LocalBarrierOp : TTG_Op<"local_barrier",
    [MemoryEffects<[MemRead<SharedMemory>, MemWrite<SharedMemory>]>]> {
  let summary = "Synchronize the CTA's threads and their shared memory accesses";
  let description = [{
    Every thread of the CTA waits here until all have arrived, and their
    shared memory accesses before it are visible to all after it.
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Views of a buffer
//===----------------------------------------------------------------------===//

def TTG_MemDescIndexOp : TTG_Op<"memdesc_index", [Pure, MemDescViewTrait]> {
  let summary = "The `index`-th buffer along the first dimension";
  let description = [{
    `%b = ttg.memdesc_index %a[%i] : !ttg.memdesc<3x128x64xf16, ...> ->
    !ttg.memdesc<128x64xf16, ...>` is `a[i]`.
  }];
  let arguments = (ins TTG_MemDescType:$src, I32:$index);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescSubsliceOp : TTG_Op<"memdesc_subslice", [Pure, MemDescViewTrait]> {
  let summary = "A tile of the buffer at constant offsets";
  let description = [{
    `ttg.memdesc_subslice %a[2, 16] : !ttg.memdesc<32x64xf16, ...> ->
    !ttg.memdesc<8x16xf16, ..., 32x64>` covers `a[2:10, 16:32]`. Offsets
    are multiples of the result shape (zero along unsplit dimensions).
  }];
  let arguments = (ins TTG_MemDescType:$src, DenseI32ArrayAttr:$offsets);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src `[` custom<Offsets>($offsets) `]` attr-dict `:` qualified(type($src))
    `->` qualified(type($result))
  }];
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TTG_MemDescTransOp : TTG_Op<"memdesc_trans",
    [Pure, MemDescViewTrait, SameOperandsAndResultElementType]> {
  let summary = "A transposed view of the buffer";
  let description = [{
    The result's dimension i is the source's dimension `order[i]`; its
    layout is the source's transposed (an nvmma_shared layout flips
    `transposed`).
  }];
  let arguments = (ins TTG_MemDescType:$src, DenseI32ArrayAttr:$order);
  let results = (outs TTG_MemDescType:$result);
  let builders = [
    // Infers the result type (fails with an error when the layout cannot
    // be transposed without a linear layout).
    OpBuilder<(ins "Value":$src, "ArrayRef<int32_t>":$order)>
  ];
  let extraClassDeclaration = [{
    /// The type of `src` transposed by `order`.
    static FailureOr<MemDescType> inferResultType(MemDescType srcType,
                                                  ArrayRef<int32_t> order,
                                                  std::optional<Location> loc);
  }];
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TTG_MemDescReshapeOp : TTG_Op<"memdesc_reshape",
    [Pure, MemDescViewTrait, SameOperandsAndResultElementType]> {
  let summary = "The buffer viewed with another shape";
  let arguments = (ins TTG_MemDescType:$src);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescReinterpretOp : TTG_Op<"memdesc_reinterpret",
    [Pure, MemDescViewTrait]> {
  let summary = "The buffer viewed with another shape and element type";
  let description = [{
    Only for a whole buffer (not a subslice): memory descriptors have no
    strides.
  }];
  let arguments = (ins TTG_MemDescType:$src);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasFolder = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Software pipelining helpers
//===----------------------------------------------------------------------===//

def TTG_PredicateStageOp : TTG_Op<"predicate_stage",
    [Pure, AllTypesMatch<["iv", "ub", "step"]>]> {
  let summary = "Whether pipeline stage `stage` of iteration `iv` runs";
  let arguments = (ins AnySignlessIntegerOrIndex:$iv,
                       AnySignlessIntegerOrIndex:$ub,
                       AnySignlessIntegerOrIndex:$step,
                       I32Attr:$maxStage, I32Attr:$stage);
  let results = (outs I1:$result);
  let assemblyFormat = [{
    $iv `,` $ub `,` $step `maxStage` $maxStage `stage` $stage attr-dict `:` type($iv) `->` type($result)
  }];
}

def TTG_MaskOp : TTG_Op<"mask", [SingleBlock]> {
  let summary = "Ops of the region run only when `pred` holds (pipelining)";
  let arguments = (ins I1:$pred);
  let results = (outs Variadic<AnyType>:$result);
  let regions = (region SizedRegion<1>:$region);
}

def TTG_MaskReturnOp : TTG_Op<"mask.return",
    [HasParent<"MaskOp">, Pure, Terminator, ReturnLike]> {
  let summary = "Terminator of `ttg.mask`";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Conversions and global scratch memory
//===----------------------------------------------------------------------===//

def TTG_Fp4ToFpOp : TTG_Op<"fp4_to_fp", [Pure]> {
  let summary = "Unpack fp4 (e2m1) pairs stored in i8 to bf16 or f16";
  let description = [{
    Each i8 holds two fp4 values, the first in its low 4 bits, packed along
    `axis`: the result is twice as long there.
  }];
  let arguments = (ins RankedTensorOf<[I8]>:$src, I32Attr:$axis);
  let results = (outs TT_FloatTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def TTG_GlobalScratchAllocOp : TTG_Op<"global_scratch_alloc"> {
  let summary = "A global memory buffer private to the program";
  let description = [{
    `nbytes` bytes aligned to `alignment`; `third_party_allocation` marks a
    buffer a third-party tool (profiler, sanitizer) allocates.
  }];
  let arguments = (ins I32Attr:$nbytes, I32Attr:$alignment,
                       OptionalAttr<UnitAttr>:$third_party_allocation);
  let results = (outs Arg<TT_Ptr, "", [MemAlloc<GlobalMemory>]>:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Warp specialization
//===----------------------------------------------------------------------===//

def TTG_WarpSpecializeOp : TTG_Op<"warp_specialize", [
  RecursiveMemoryEffects, RecursivelySpeculatable, AsyncRegions,
  DeclareOpInterfaceMethods<RegionBranchOpInterface>
]> {
  let summary = "Run code on several warp groups at once";
  let description = [{
    The `default` region runs on the current warps and may use values from
    above; it yields the op's results. Each `partitionN` region runs on its
    own group of `num_warps(K)` warps at the same time; those regions are
    isolated from above and get the explicit captures (the operands) as
    arguments. All groups join at the end of the op.

    ```mlir
    %0 = ttg.warp_specialize(%a, %b)
    default {
      ttg.warp_yield %x : i32
    }
    partition0(%arg0: i32, %arg1: i32) num_warps(4) {
      ttg.warp_return
    } : (i32, i32) -> i32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$explicitCaptures,
                       DenseI32ArrayAttr:$partitionNumWarps,
                       OptionalAttr<DenseI32ArrayAttr>:$warpGroupStartIds,
                       OptionalAttr<DenseI32ArrayAttr>:$requestedRegisters,
                       OptionalAttr<DenseI32ArrayAttr>:$actualRegisters);
  let results = (outs Variadic<AnyType>:$defaultPassthrough);
  let regions = (region MinSizedRegion<1>:$defaultRegion,
                        SizedRegion<1>:$partitionOpHolder);
  let extraClassDeclaration = [{
    /// The partitions op in the second region (null if malformed).
    WarpSpecializePartitionsOp getPartitionOp();
    RegionRange getPartitionRegions();
    /// Warps of all partitions together.
    unsigned getTotalPartitionWarps();
  }];
  let hasVerifier = 1;
  let hasCustomAssemblyFormat = 1;
}

def TTG_WarpSpecializePartitionsOp : TTG_Op<"warp_specialize.partitions", [
  IsolatedFromAbove, RecursiveMemoryEffects, RecursivelySpeculatable,
  Terminator, HasParent<"WarpSpecializeOp">
]> {
  let summary = "Holds the isolated partition regions of `ttg.warp_specialize`";
  let regions = (region VariadicRegion<MinSizedRegion<1>>:$partitionRegions);
  let hasVerifier = 1;
}

def TTG_WarpYieldOp : TTG_Op<"warp_yield", [
  Pure, Terminator, ReturnLike, HasParent<"WarpSpecializeOp">
]> {
  let summary = "Terminator of the default region of `ttg.warp_specialize`";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^)? attr-dict (`:` type($values)^)?";
  let hasVerifier = 1;
}

def TTG_WarpReturnOp : TTG_Op<"warp_return", [
  Pure, Terminator, ReturnLike, HasParent<"WarpSpecializePartitionsOp">
]> {
  let summary = "Terminator of the partition regions of `ttg.warp_specialize`";
  let assemblyFormat = "attr-dict";
}

#endif // TRITONGPU_OPS_TD
