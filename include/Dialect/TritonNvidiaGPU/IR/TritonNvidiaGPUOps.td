//===- TritonNvidiaGPUOps.td - operations of the ttng dialect ---*- tablegen -*-===//
//
// The Hopper ops of Triton 3.6's ttng dialect, with the same names, operands,
// attributes and assembly formats, so TTGIR Triton prints parses and prints
// back unchanged. Blackwell's tensor-memory and tcgen05 ops are not here.
//
//===----------------------------------------------------------------------===//
#ifndef TRITONNVIDIAGPU_OPS_TD
#define TRITONNVIDIAGPU_OPS_TD

include "Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.td"
include "Dialect/Triton/IR/TritonTypes.td"
include "Dialect/Triton/IR/TritonAttrDefs.td"
include "Dialect/Triton/IR/TritonTraits.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

/// The resources ttng ops touch: global memory (tt's) and shared memory
/// (ttg's).
def GlobalMemory : Resource<"::mlir::triton::GlobalMemory">;
def SharedMemory : Resource<"::mlir::triton::gpu::SharedMemory">;

/// `!ttg.memdesc<...>`, matched by its C++ class.
def TTNG_MemDesc : Type<CPred<"::mlir::isa<::mlir::triton::gpu::MemDescType>($_self)">,
                        "memory descriptor", "::mlir::triton::gpu::MemDescType">;
def TTNG_TensorOrMemDesc : AnyTypeOf<[TT_Tensor, TTNG_MemDesc],
                                     "tensor or memory descriptor">;

class TTNG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonNvidiaGPU_Dialect, mnemonic, !listconcat(traits, [TensorSizeTrait])>;

//===----------------------------------------------------------------------===//
// Fences and cluster synchronization
//===----------------------------------------------------------------------===//

def TTNG_FenceAsyncSharedOp : TTNG_Op<"fence_async_shared", [
    MemoryEffects<[MemRead<SharedMemory>, MemWrite<SharedMemory>]>]> {
  let summary = "Order generic-proxy shared memory accesses before async-proxy ones";
  let description = [{
    `fence.proxy.async.shared::{cta,cluster}`: shared memory written by
    ordinary stores becomes visible to later TMA stores and wgmma reads.
    `bCluster` selects the cluster-wide variant. Triton always prints it:

    ```mlir
    ttng.fence_async_shared {bCluster = false}
    ```
  }];
  let arguments = (ins BoolAttr:$bCluster);
  let assemblyFormat = "attr-dict";
}

def TTNG_FenceMBarrierInitReleaseClusterOp : TTNG_Op<"fence_mbarrier_init_release_cluster", [
    MemoryEffects<[MemRead<SharedMemory>, MemWrite<SharedMemory>]>]> {
  let summary = "Make mbarrier initializations visible to the whole cluster";
  let description = [{
    `fence.mbarrier_init.release.cluster`. Only meaningful with more than one
    CTA per cluster (`ttg.num-ctas` > 1).
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def TTNG_ClusterArriveOp : TTNG_Op<"cluster_arrive", [
    MemoryEffects<[MemRead<GlobalMemory>, MemWrite<GlobalMemory>,
                   MemRead<SharedMemory>, MemWrite<SharedMemory>]>]> {
  let summary = "Arrive at the cluster barrier";
  let description = [{
    `barrier.cluster.arrive`, with `.relaxed` when `relaxed` is true (no
    memory ordering). Pairs with `ttng.cluster_wait`.
  }];
  let arguments = (ins DefaultValuedAttr<BoolAttr, "false">:$relaxed);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def TTNG_ClusterWaitOp : TTNG_Op<"cluster_wait", [
    MemoryEffects<[MemRead<GlobalMemory>, MemWrite<GlobalMemory>,
                   MemRead<SharedMemory>, MemWrite<SharedMemory>]>]> {
  let summary = "Wait until every thread of the cluster has arrived";
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Named barriers between warp groups
//===----------------------------------------------------------------------===//

class TTNG_NamedBarrierOp<string mnemonic> : TTNG_Op<mnemonic, [
    MemoryEffects<[MemRead<SharedMemory>, MemWrite<SharedMemory>]>]> {
  let arguments = (ins I32:$bar, I32:$numThreads);
  let assemblyFormat = "$bar `,` $numThreads attr-dict `:` type(operands)";
  let hasVerifier = 1;
}

def TTNG_NamedBarrierArriveOp : TTNG_NamedBarrierOp<"named_barrier_arrive"> {
  let summary = "Arrive on hardware barrier `bar` without waiting";
  let description = [{
    `bar.arrive bar, numThreads`: the executing warps count towards the
    `numThreads` threads (a multiple of 32) that complete the barrier's
    phase, and go on. With `ttng.named_barrier_wait` on the same barrier by
    other warps, one warp group hands a turn to another (the ping-pong of
    warp-specialized attention's consumer warp groups). `bar` is one of the
    CTA's 16 barriers; a constant one must be below 16.

    ```mlir
    ttng.named_barrier_arrive %c15_i32, %c256_i32 : i32, i32
    ```
  }];
}

def TTNG_NamedBarrierWaitOp : TTNG_NamedBarrierOp<"named_barrier_wait"> {
  let summary = "Arrive on hardware barrier `bar` and wait for its phase";
  let description = [{
    `bar.sync bar, numThreads`: the executing warps arrive and wait until
    `numThreads` threads (a multiple of 32; arrivals by
    `ttng.named_barrier_arrive` count) have arrived.

    ```mlir
    ttng.named_barrier_wait %c14_i32, %c256_i32 : i32, i32
    ```
  }];
}

def TTNG_WarpGroupIdOp : TTNG_Op<"warp_group_id", [Pure]> {
  let summary = "The index of the executing warp group in its region (ours)";
  let description = [{
    The thread id within the warps that run the op, divided by 128: in a
    kernel's own warps (the default region of a `ttg.warp_specialize`, or a
    kernel without one) 0 for warps 0-3, 1 for warps 4-7, and so on; in a
    partition, counted from the partition's first warp. Not in Triton 3.6;
    warp specialization uses it to give each consumer warp group its own
    named barrier.

    ```mlir
    %wg = ttng.warp_group_id : i32
    ```
  }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Warp-group MMA (wgmma)
//===----------------------------------------------------------------------===//

def TTNG_WarpGroupDotOp : TTNG_Op<"warp_group_dot", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    TypesMatchWith<"result's type matches accumulator's type", "d", "c", "$_self">]> {
  let summary = "d = a * b + c on a warp group (Hopper wgmma)";
  let description = [{
    A block matrix multiply-accumulate lowered to `wgmma.mma_async`. `a` is a
    tensor in a `#ttg.dot_op` layout (opIdx 0) or a shared-memory descriptor;
    `b` is always a shared-memory descriptor; the accumulator `c` and the
    result `d` have the same type, in an `#ttg.nvidia_mma` layout of version
    3. `useC`, when given and false, ignores `c` (zero accumulator). With
    `isAsync` the result is only valid after a `ttng.warp_group_dot_wait`
    that lists it. `inputPrecision` is `tt.dot`'s; `maxNumImpreciseAcc` is the
    number of fp8 products accumulated at low precision before promoting.

    ```mlir
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true}
        : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared1, #smem>
        -> tensor<128x256xf32, #mma>
    ```
  }];
  let arguments = (ins
    AnyTypeOf<[TT_FpIntTensor, TTNG_MemDesc]>:$a,
    TTNG_MemDesc:$b,
    TT_FpIntTensor:$c,
    Optional<I1>:$useC,
    DefaultValuedAttr<TT_InputPrecisionAttr, "::mlir::triton::InputPrecision::IEEE">:$inputPrecision,
    DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc,
    DefaultValuedAttr<BoolAttr, "false">:$isAsync);
  let results = (outs TT_FpIntTensor:$d);
  let builders = [
    OpBuilder<(ins "Value":$a, "Value":$b, "Value":$c, "Value":$useC,
                   "::mlir::triton::InputPrecision":$inputPrecision,
                   "uint32_t":$maxNumImpreciseAcc, "bool":$isAsync), [{
      build($_builder, $_state, c.getType(), a, b, c, useC, inputPrecision,
            maxNumImpreciseAcc, isAsync);
    }]>
  ];
  let assemblyFormat = [{
    $a `,` $b `,` $c (`,` $useC^)? attr-dict
    `:` type($a) `*` qualified(type($b)) `->` type($d)
  }];
  let extraClassDeclaration = [{
    /// True when fp8 products must be accumulated in a separate f32
    /// accumulator every maxNumImpreciseAcc steps of K.
    bool needsPartialAccumulator();
  }];
  let hasVerifier = 1;
}

def TTNG_WarpGroupDotWaitOp : TTNG_Op<"warp_group_dot_wait", [
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    MemoryEffects<[MemRead<SharedMemory>, MemWrite<SharedMemory>]>]> {
  let summary = "Wait until at most `pendings` async warp-group dots are in flight";
  let description = [{
    `wgmma.wait_group pendings`. Its operands are the values that must not be
    used before the wait: the results of the async dots waited on, and the
    operands those dots still read. Each result is its operand, valid after
    the wait:

    ```mlir
    %r:3 = ttng.warp_group_dot_wait %d, %a, %b {pendings = 1 : i32}
        : tensor<128x256xf32, #mma>, !ttg.memdesc<...>, !ttg.memdesc<...>
    ```

    It orders the dots' shared-memory reads before later writes, which is
    why it is modelled as reading and writing shared memory.
  }];
  let arguments = (ins Variadic<TTNG_TensorOrMemDesc>:$inputs, I32Attr:$pendings);
  let results = (outs Variadic<TTNG_TensorOrMemDesc>:$outputs);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// mbarriers
//===----------------------------------------------------------------------===//

def TTNG_InitBarrierOp : TTNG_Op<"init_barrier"> {
  let summary = "Initialize an mbarrier with an expected arrival count";
  let description = [{
    `mbarrier.init.shared::cta.b64`. `alloc` is a `1xi64` shared-memory
    descriptor; `count` (at least 1) is the number of arrivals that completes
    a phase.
  }];
  let arguments = (ins Arg<TTNG_MemDesc, "", [MemWrite<SharedMemory>]>:$alloc,
                       I32Attr:$count);
  let assemblyFormat = "$alloc `,` $count attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_InvalBarrierOp : TTNG_Op<"inval_barrier"> {
  let summary = "Invalidate an mbarrier so its memory can be reused";
  let description = [{
    `mbarrier.inval.shared::cta.b64`; PTX requires it before the barrier's
    memory is used for anything else.
  }];
  let arguments = (ins Arg<TTNG_MemDesc, "", [MemWrite<SharedMemory>]>:$alloc);
  let assemblyFormat = "$alloc attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_BarrierExpectOp : TTNG_Op<"barrier_expect"> {
  let summary = "Tell an mbarrier how many bytes the pending copies will bring";
  let description = [{
    `mbarrier.arrive.expect_tx`: the current phase completes once `size`
    bytes of TMA copies signalling this barrier have landed. Only when `pred`
    is true.

    ```mlir
    ttng.barrier_expect %bar, 49152, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ```
  }];
  let arguments = (ins Arg<TTNG_MemDesc, "", [MemWrite<SharedMemory>]>:$alloc,
                       I32Attr:$size, I1:$pred);
  let assemblyFormat = [{
    $alloc `,` $size attr-dict `,` $pred `:` qualified(type($alloc))
  }];
  let hasVerifier = 1;
}

def TTNG_WaitBarrierOp : TTNG_Op<"wait_barrier", [AttrSizedOperandSegments]> {
  let summary = "Wait until an mbarrier completes the phase of the given parity";
  let description = [{
    A loop on `mbarrier.try_wait.parity.shared::cta.b64` with `phase` (0 or 1)
    as the parity, only when `pred` (if given) is true. `deps` lists the
    shared-memory buffers the barrier guards: they may be written until the
    wait returns.

    ```mlir
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.wait_barrier %bar, %phase, %pred deps %buf : !ttg.memdesc<1xi64, ...>, !ttg.memdesc<...>
    ```
  }];
  let arguments = (ins
    Arg<TTNG_MemDesc, "", [MemRead<SharedMemory>, MemWrite<SharedMemory>]>:$alloc,
    I32:$phase,
    Optional<I1>:$pred,
    Arg<Variadic<TTNG_MemDesc>, "", [MemRead<SharedMemory>, MemWrite<SharedMemory>]>:$deps);
  let builders = [
    OpBuilder<(ins "Value":$alloc, "Value":$phase), [{
      build($_builder, $_state, alloc, phase, /*pred=*/Value(), /*deps=*/ValueRange());
    }]>
  ];
  let assemblyFormat = [{
    $alloc `,` $phase (`,` $pred^)? (`deps` $deps^)?
    attr-dict `:` qualified(type($alloc)) (`,` type($deps)^)?
  }];
  let hasVerifier = 1;
}

def TTNG_ArriveBarrierOp : TTNG_Op<"arrive_barrier"> {
  let summary = "Arrive on an mbarrier `count` times";
  let description = [{
    `mbarrier.arrive.shared::cta.b64` with a count (at least 1), only when
    `pred` (if given) is true. The first thread of the region arrives; with
    `perWarpGroup` (ours, not Triton 3.6's), the first thread of each warp
    group of the region does, once that warp group is done: a consumer of
    several warp groups then hands a buffer back without a barrier of all
    its warps (the mbarrier counts one arrival per warp group).

    ```mlir
    ttng.arrive_barrier %bar, 2 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.arrive_barrier %bar, 1, %pred : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.arrive_barrier %bar, 1, %pred {perWarpGroup} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins
    Arg<TTNG_MemDesc, "", [MemRead<SharedMemory>, MemWrite<SharedMemory>]>:$alloc,
    I32Attr:$count,
    Optional<I1>:$pred,
    UnitAttr:$perWarpGroup);
  let builders = [
    OpBuilder<(ins "Value":$alloc, "uint32_t":$count), [{
      build($_builder, $_state, alloc, count, /*pred=*/Value(),
            /*perWarpGroup=*/false);
    }]>
  ];
  let assemblyFormat = [{
    $alloc `,` $count (`,` $pred^)? attr-dict `:` qualified(type($alloc))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncCopyMbarrierArriveOp : TTNG_Op<"async_copy_mbarrier_arrive"> {
  let summary = "Arrive on an mbarrier once this thread's cp.async copies complete";
  let description = [{
    `cp.async.mbarrier.arrive(.noinc).shared::cta.b64`. With `noIncrement`
    the arrival is counted against the barrier's initial count instead of
    incrementing the pending count first.
  }];
  let arguments = (ins Arg<TTNG_MemDesc, "", [MemWrite<SharedMemory>]>:$barrier,
                       UnitAttr:$noIncrement);
  let assemblyFormat = "$barrier attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// TMA copies through tensor descriptors
//===----------------------------------------------------------------------===//

def TTNG_AsyncTMACopyGlobalToLocalOp : TTNG_Op<"async_tma_copy_global_to_local"> {
  let summary = "TMA load of a descriptor block into shared memory";
  let description = [{
    `cp.async.bulk.tensor...shared::cluster.global.mbarrier::complete_tx::bytes`:
    copies the block of `desc` at `coord` into `result` (a mutable
    shared-memory descriptor of the block's shape, leading 1s may be dropped)
    and signals `barrier` with the bytes copied. Only when `pred` is true.

    ```mlir
    ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %true
        : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
        -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins
    Arg<TT_TensorDescType, "", [MemRead<GlobalMemory>]>:$desc,
    Variadic<I32>:$coord,
    Arg<TTNG_MemDesc, "", [MemWrite<SharedMemory>]>:$barrier,
    Arg<TTNG_MemDesc, "", [MemWrite<SharedMemory>]>:$result,
    I1:$pred,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::triton::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile);
  let assemblyFormat = [{
    $desc `[` $coord `]` $result `,` $barrier `,` $pred
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` qualified(type($desc)) `,` qualified(type($barrier)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMACopyLocalToGlobalOp : TTNG_Op<"async_tma_copy_local_to_global"> {
  let summary = "TMA store of a shared-memory buffer into a descriptor block";
  let description = [{
    `cp.async.bulk.tensor...global.shared::cta.bulk_group`: copies `src` into
    the block of `desc` at `coord`. Complete (and `src` reusable) after a
    `ttng.async_tma_store_wait`.

    ```mlir
    ttng.async_tma_copy_local_to_global %desc[%x, %y] %buf
        : !tt.tensordesc<tensor<128x256xf16, #shared>>, !ttg.memdesc<128x256xf16, #shared, #smem>
    ```
  }];
  let arguments = (ins
    Arg<TT_TensorDescType, "", [MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>:$desc,
    Variadic<I32>:$coord,
    Arg<TTNG_MemDesc, "", [MemRead<SharedMemory>]>:$src);
  let assemblyFormat = [{
    $desc `[` $coord `]` $src attr-dict `:` qualified(type($desc)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMAReduceOp : TTNG_Op<"async_tma_reduce"> {
  let summary = "TMA reduction of a shared-memory buffer into a descriptor block";
  let description = [{
    `cp.reduce.async.bulk.tensor`: like `async_tma_copy_local_to_global`, but
    combines each element with global memory by `kind`, atomically per
    element with relaxed ordering.
  }];
  let arguments = (ins
    TT_DescriptorReduceKindAttr:$kind,
    Arg<TT_TensorDescType, "", [MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>:$desc,
    Variadic<I32>:$coord,
    Arg<TTNG_MemDesc, "", [MemRead<SharedMemory>]>:$src);
  let assemblyFormat = [{
    $kind `,` $desc `[` $coord `]` $src attr-dict `:` qualified(type($desc)) `,` qualified(type($src))
  }];
  let extraClassDeclaration = [{
    /// Whether TMA can reduce `elementType` with `kind`.
    static bool isSupportedReduceKind(::mlir::triton::DescriptorReduceKind kind,
                                      ::mlir::Type elementType);
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMAGatherOp : TTNG_Op<"async_tma_gather"> {
  let summary = "TMA gather of separately indexed rows into shared memory";
  let description = [{
    `cp.async.bulk.tensor.2d.tile::gather4`: row `i` of `result` is row
    `x_offsets[i]` of the 2D tensor behind `desc` (whose block is one row),
    from column `y_offset`. Signals `barrier` like
    `async_tma_copy_global_to_local`.
  }];
  let arguments = (ins
    Arg<TT_TensorDescType, "", [MemRead<GlobalMemory>]>:$desc,
    RankedTensorOf<[I32]>:$x_offsets,
    I32:$y_offset,
    Arg<TTNG_MemDesc, "", [MemWrite<SharedMemory>]>:$barrier,
    Arg<TTNG_MemDesc, "", [MemWrite<SharedMemory>]>:$result,
    I1:$pred);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` $result `,` $barrier `,` $pred
    attr-dict `:` type(operands)
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMAScatterOp : TTNG_Op<"async_tma_scatter"> {
  let summary = "TMA scatter of shared-memory rows to separately indexed rows";
  let description = [{
    `cp.async.bulk.tensor.2d.tile::scatter4`: row `i` of `src` goes to row
    `x_offsets[i]` of the 2D tensor behind `desc`, from column `y_offset`.
  }];
  let arguments = (ins
    Arg<TT_TensorDescType, "", [MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>:$desc,
    RankedTensorOf<[I32]>:$x_offsets,
    I32:$y_offset,
    Arg<TTNG_MemDesc, "", [MemRead<SharedMemory>]>:$src);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` $src attr-dict `:` type(operands)
  }];
  let hasVerifier = 1;
}

def TTNG_TMAStoreWaitOp : TTNG_Op<"async_tma_store_wait", [
    MemoryEffects<[MemRead<GlobalMemory>, MemWrite<GlobalMemory>,
                   MemRead<SharedMemory>, MemWrite<SharedMemory>]>]> {
  let summary = "Wait until at most `pendings` TMA stores are in flight";
  let description = [{
    `cp.async.bulk.wait_group.read pendings`: the shared-memory sources of
    the other stores may be overwritten afterwards.

    ```mlir
    ttng.async_tma_store_wait {pendings = 0 : i32}
    ```
  }];
  let arguments = (ins I32Attr:$pendings);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tensor maps made on the device
//===----------------------------------------------------------------------===//

def TTNG_ReinterpretTensorDescOp : TTNG_Op<"reinterpret_tensor_descriptor", [Pure]> {
  let summary = "View a pointer to a TMA descriptor as a typed tensor descriptor";
  let arguments = (ins TT_Ptr:$rawDesc);
  let results = (outs TT_TensorDescType:$result);
  let assemblyFormat = [{
    $rawDesc attr-dict `:` qualified(type($rawDesc)) `to` qualified(type($result))
  }];
}

def TTNG_TensormapCreateOp : TTNG_Op<"tensormap_create", [
    MemoryEffects<[MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>,
    AttrSizedOperandSegments]> {
  let summary = "Write a TMA descriptor (CUtensorMap) to global memory";
  let description = [{
    Fills the 128-byte tensor map at `desc_ptr` for the tensor at
    `global_address`: per dimension (innermost first) the box size, the
    global size and the element stride, and the byte strides of all
    dimensions but the innermost. `elem_type`, `interleave_layout`,
    `swizzle_mode` and `fill_mode` are the CUtensorMap enum values.
  }];
  let arguments = (ins
    TT_Ptr:$desc_ptr,
    TT_Ptr:$global_address,
    Variadic<I32>:$box_dim,
    Variadic<I32>:$global_dim,
    Variadic<I64>:$global_stride,
    Variadic<I32>:$element_stride,
    ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<15>]>:$elem_type,
    ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<2>]>:$interleave_layout,
    ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<3>]>:$swizzle_mode,
    ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<1>]>:$fill_mode);
  let extraClassDeclaration = [{
    /// The number of dimensions of the tensor map.
    int32_t getRank() { return getBoxDim().size(); }
  }];
  let assemblyFormat = [{
    $desc_ptr `,` $global_address `,`
    `[` $box_dim `]` `,`
    `[` $global_dim `]` `,`
    `[` $global_stride `]` `,`
    `[` $element_stride `]`
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def TTNG_TensormapFenceproxyAcquireOp : TTNG_Op<"tensormap_fenceproxy_acquire", [
    MemoryEffects<[MemWrite<GlobalMemory>]>]> {
  let summary = "Make a tensor map written by the generic proxy visible to TMA";
  let description = [{
    `fence.proxy.tensormap::generic.acquire.gpu` on the 128 bytes at
    `desc_ptr`, after `ttng.tensormap_create` and before the TMA ops use it.
  }];
  let arguments = (ins TT_Ptr:$desc_ptr);
  let assemblyFormat = "$desc_ptr attr-dict `:` qualified(type($desc_ptr))";
}

#endif // TRITONNVIDIAGPU_OPS_TD
