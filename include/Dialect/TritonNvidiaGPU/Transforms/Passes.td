//===- Passes.td - TTGIR passes for NVIDIA GPUs -----------------*- tablegen -*-===//
//
// Passes over TritonGPU IR that are specific to NVIDIA GPUs (clusters of
// CTAs, TMA, wgmma, fences). Flags and options are Triton 3.6's.
//
//===----------------------------------------------------------------------===//
#ifndef TRITONNVIDIAGPU_TRANSFORMS_PASSES_TD
#define TRITONNVIDIAGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonNvidiaGPUPlanCTA : Pass<"triton-nvidia-gpu-plan-cta", "mlir::ModuleOp"> {
  let summary = "Decide how the CTAs of a cluster split each tensor";
  let description = [{
    With `ttg.num-ctas` > 1 the CTAs of a cluster share the work of one
    program: each tensor's layout says, through its CTA layout (printed as
    `CGALayout`), which part each CTA holds. This pass picks those CTA
    layouts and must run right after `tritongpu-coalesce`, while layouts are
    still blocked:

    - a `tt.dot` splits M by chunks of 128 (else 64) rows and gives the
      remaining CTAs to N while N keeps 64 columns per CTA;
    - a `tt.reduce` splits the other dimensions, slowest first, never the
      reduced one (with nothing else to split, the CTAs hold copies);
    - without dots and reductions, the first store's CTA layout is used.

    The layouts then spread through elementwise ops, loads, stores,
    broadcasts, expand_dims, constants, splats, ranges, `scf.for` and
    `scf.if`; a blocked layout is rebuilt for its per-CTA shape. Where two
    choices meet, or at an op that keeps its layout, a `ttg.convert_layout`
    moves the data. With `ttg.num-ctas` = 1 the IR is left unchanged.

    ```mlir
    // ttg.num-ctas = 4: a 128x256 dot's accumulator is split in 4 along N
    #acc = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32],
                         warpsPerCTA = [4, 1], order = [1, 0]}>
    // becomes, rebuilt for its 128x64 tile per CTA,
    #acc = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16],
                         warpsPerCTA = [4, 1], order = [1, 0],
                         CGALayout = [[0, 1], [0, 2]]}>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonNvidiaGPUSetMaxNReg
    : Pass<"triton-nvidia-gpu-set-maxnreg", "mlir::ModuleOp"> {
  let summary = "Set the module's register limit per thread (ttg.maxnreg)";
  let description = [{
    Triton's `maxnreg` compile option caps the 32-bit registers one thread
    of a kernel may use. Triton's `make_ttgir` sets it from Python as the
    module attribute `ttg.maxnreg` before the ttgir stage's first pass; this
    pass does the same, so the ttgir pipeline stays one textual pipeline
    (it runs first when the option is given). `convert-triton-gpu-to-llvm`
    turns the attribute into `nvvm.maxnreg` on the kernel function (not on
    `noinline` device functions), which the PTX prints as `.maxnreg N` on
    the `.entry`. A value already on the module is replaced.

    ```mlir
    module {
    // becomes, with maxnreg=42,
    module attributes {ttg.maxnreg = 42 : i32} {
    ```
  }];
  let options = [
    Option<"maxnreg", "maxnreg", "int32_t", /*default=*/"0",
           "Registers per thread (positive)">,
  ];
}

def TritonGPUFenceInsertion
    : Pass<"triton-nvidia-gpu-fence-insertion", "mlir::ModuleOp"> {
  let summary = "Fence generic-proxy shared memory writes before wgmma "
                "reads them";
  let description = [{
    `wgmma` reads shared memory through the async proxy; a `ttg.local_alloc`
    from registers (or a `ttg.local_store`) writes it through the generic
    proxy, and the two are not ordered without `fence.proxy.async`. Before
    every `ttng.warp_group_dot` (version 3 mma) with a shared-memory operand
    written that way (looking through memdesc views and loop-carried
    values), this pass inserts `ttng.fence_async_shared {bCluster = false}`.
    The fence is hoisted out of loops that do not write the operands, and
    dropped when the op before it is already such a fence. Nothing is done
    below compute capability 9.0.

    ```mlir
    %s = ttg.local_alloc %x : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
    %d = ttng.warp_group_dot %a, %s, %c : ...
    // becomes
    %s = ttg.local_alloc %x : ...
    ttng.fence_async_shared {bCluster = false}
    %d = ttng.warp_group_dot %a, %s, %c : ...
    ```
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t",
           /*default=*/"90", "Target compute capability">,
  ];
  let dependentDialects = ["mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect"];
}

def TritonNvidiaGPUOptimizeDescriptorEncoding
    : Pass<"triton-nvidia-optimize-descriptor-encoding", "mlir::ModuleOp"> {
  let summary = "Give every tensor descriptor the shared layout of its block";
  let description = [{
    A TMA copy lands its block in shared memory in the swizzle mode of the
    CUtensorMap, so a `!tt.tensordesc` needs a `#ttg.nvmma_shared` layout
    before anything lowers it. A descriptor whose loads feed a
    `ttg.local_alloc` (or `local_store`) with an untransposed nvmma layout
    takes that layout, so the copy lands where the wgmma reads; any other
    takes the default nvmma layout of its block (the widest swizzle its rows
    fill). Descriptors that cross calls or returns, come from
    `reinterpret_tensor_descriptor`, or are arguments of non-kernel
    functions always take the default, and values tied through scf.for,
    scf.while and scf.if share one layout. The kernel's signature is
    updated; the launcher encodes the CUtensorMap from the same layout
    (`tensordesc_meta` in the metadata).

    ```mlir
    tt.func public @k(%d: !tt.tensordesc<tensor<128x64xf16>>, ...) {
      %a = tt.descriptor_load %d[%x, %y] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16, #blocked>
      %s = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #nvmma, #smem>
    // becomes
    tt.func public @k(%d: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, ...) {
      %a = tt.descriptor_load %d[%x, %y] : !tt.tensordesc<tensor<128x64xf16, #nvmma>> -> tensor<128x64xf16, #blocked>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonNvidiaGPUTMALowering
    : Pass<"triton-nvidia-tma-lowering", "mlir::ModuleOp"> {
  let summary = "Lower descriptor loads, stores and reductions to TMA copies";
  let description = [{
    The descriptor ops the pipeliner left become synchronous TMA transfers
    through a shared buffer in the descriptor's layout, as Triton 3.6 emits
    them. A load waits on a fresh mbarrier for the bytes of its block; a
    store or reduction writes its source to shared memory, fences it for
    the async proxy and waits until the TMA unit has read it. A
    `tt.make_tensor_descriptor` writes its CUtensorMap to global scratch
    memory and acquires it for the TMA unit; a `ttg.warp_specialize` that
    captures it hands its partitions the map's address instead, and each
    partition acquires it at its start (its warps never ran the kernel's
    acquire). Gathers and scatters (tile::gather4, sm_100 and later) are
    refused by name.

    ```mlir
    %v = tt.descriptor_load %d[%x, %y] : !tt.tensordesc<tensor<128x64xf16, #nvmma>> -> tensor<128x64xf16, #blocked>
    // becomes
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1
    ttng.barrier_expect %bar, 16384, %true
    ttng.async_tma_copy_global_to_local %d[%x, %y] %buf, %bar, %true
    ttng.wait_barrier %bar, %c0_i32
    ttng.inval_barrier %bar
    %v = ttg.local_load %buf

    tt.descriptor_store %d[%x, %y], %v
    // becomes
    %buf = ttg.local_alloc %v
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %d[%x, %y] %buf
    ttng.async_tma_store_wait {pendings = 0 : i32}
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect",
                           "mlir::arith::ArithDialect"];
}

def TritonGPUProxyFenceInsertion
    : Pass<"triton-nvidia-gpu-proxy-fence-insertion", "mlir::ModuleOp"> {
  let summary = "Fence generic-proxy shared-memory accesses before a TMA "
                "load writes the same bytes";
  let description = [{
    TMA copies and `ttng.warp_group_dot` reach shared memory through the
    async proxy; loads, stores, `cp.async` and the scratch of conversions
    and reductions through the generic proxy. Accesses of the two to the
    same bytes are ordered only across `fence.proxy.async`, whatever
    barriers lie between them. The async proxy's reads are fenced on
    structured IR (`triton-nvidia-gpu-fence-insertion` for wgmma operands
    written from registers, `triton-nvidia-tma-lowering` before each TMA
    store). This pass covers its writes, as Triton 3.6's does: run after
    shared-memory allocation, it walks each function as Membar does (control
    flow, loops until the state at their entry stops growing, calls through
    the accesses the callee leaves unfenced) keeping the generic accesses
    since the last `ttng.fence_async_shared`, and inserts one before a
    `ttng.async_tma_copy_global_to_local` or `ttng.async_tma_gather` whose
    destination bytes one of them touched. That is where buffers share
    bytes: a conversion's scratch in the epilogue and the next tile's TMA
    buffer in a persistent kernel. The accesses of async-proxy and mbarrier
    ops do not count as generic. Nothing is done below compute capability
    9.0. Triton 3.6 runs it in `make_llir` after `allocate-shared-memory-nv`.

    ```mlir
    // %a (scratch of a conversion) and %b share bytes: live one after the other
    %x = ttg.convert_layout %y : tensor<...> -> tensor<...>
    ttng.async_tma_copy_global_to_local %desc[%i, %j] %b, %bar, %true : ...
    // becomes
    %x = ttg.convert_layout %y : tensor<...> -> tensor<...>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_global_to_local %desc[%i, %j] %b, %bar, %true : ...
    ```
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t",
           /*default=*/"90", "Target compute capability">,
  ];
  let dependentDialects = ["mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect"];
}

def NVGPUWarpSpecialization
    : Pass<"nvgpu-warp-specialization", "mlir::ModuleOp"> {
  let summary = "Split a loop marked tt.warp_specialize into a TMA producer "
                "warp and the MMA consumer";
  let description = [{
    On Hopper the loads of a matmul's tiles and the wgmma that reads them
    can run on different warps: one warp issues the TMA copies into a ring
    of shared-memory buffers as soon as a buffer is free, the kernel's warps
    wait for each buffer, run the wgmma and the epilogue, and hand the
    buffer back. The producer runs ahead across the consumer's epilogue
    (in a persistent kernel, the next tile's loads overlap this tile's
    stores), and register budgets move to the consumer (`setmaxnreg`).

    For each `scf.for` marked `tt.warp_specialize` (`tl.range(...,
    warp_specialize=True)`) on sm_90: the TMA loads (`tt.descriptor_load` of
    a kernel-argument descriptor or of one made by `tt.make_tensor_descriptor`
    before the loop, whose tensor map `triton-nvidia-tma-lowering` hands the
    producer to acquire) whose tiles each feed one
    `ttng.warp_group_dot` through a `ttg.local_alloc` move to a one-warp
    partition. The loads must sit directly in one loop body (the marked
    loop's or a nested loop's), and what their coordinates need must be
    scalar code the producer can run as well (no stores, no tensors). Both
    sides count iterations with the same counter; `num-stages` (or the
    loop's `tt.num_stages`, at least 2) buffers per tile, with a `full` and
    an `empty` mbarrier per buffer and per dot. A lone dot whose
    accumulator only carries it to the next iteration (a matmul) stays in
    flight until the next one is issued and hands back the buffer before;
    with two dots (attention: K feeds Q x K, V feeds P x V) the first is
    waited for at once and hands back its buffer, and the second, whose
    result the next iteration reads only after the first's wait, stays in
    flight until that wait, which hands back its buffer too. The kernel's
    warps do not synchronize with each other through the buffers: each warp
    group hands them back on its own. With two dots and two consumer warp
    groups (8 warps) the groups take turns at the tensor cores (`ping-pong`,
    as FlashAttention-3): one issues its P x V and next Q x K back to back,
    then hands the turn over (`ttng.named_barrier_arrive`) and runs its
    softmax while the other's dots run (`ttng.named_barrier_wait` on its own
    turn barrier before its P x V). A marked loop right after another, with
    only effect-free ops between them that do not read its results and
    tiles of the same types (causal attention's diagonal block), joins its
    `ttg.warp_specialize`: both sides run the two loops in turn through the
    same rings, the counter running on, so the producer loads the second
    loop's first tiles while the consumer finishes the first. Several dots at fewer
    than 8 warps (one consumer warp group, nothing to overlap) and a lone
    dot at 8 or more (a matmul on two consumer warp groups: no faster than
    pipelined, as Triton 3.6 also leaves it) are left to the pipeliner. A marked loop that does not fit gets a remark saying why
    and is left to the software pipeliner.

    ```mlir
    scf.for %k = %lb to %ub step %c1 iter_args(%acc = %zero) {
      %a = tt.descriptor_load %da[%m, %k] : ... -> tensor<128x64xf16, #blocked>
      %as = ttg.local_alloc %a : ... -> !ttg.memdesc<128x64xf16, #shared, #smem>
      ... (%bs likewise)
      %d = ttng.warp_group_dot %as, %bs, %acc
      scf.yield %d
    } {tt.warp_specialize}
    // becomes
    %ra, %rb = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, ...>, ...
    %full, %empty = (3 mbarriers each, initialized to one arrival)
    %r = ttg.warp_specialize(%da, %db, %ra, %rb, %full, %empty, ...)
      attributes {requestedRegisters = array<i32: 24>}
    default {
      scf.for %k ... iter_args(%acc = %zero, %n = %c0) {
        ttng.wait_barrier %full[%n % 3], (%n / 3) & 1
        %d = ttng.warp_group_dot %ra[%n % 3], %rb[%n % 3], %acc {isAsync = true}
        %w = ttng.warp_group_dot_wait %d, ... {pendings = 1}
        ttng.arrive_barrier %empty[(%n - 1) % 3], 1, %n > 0
        scf.yield %w, %n + 1
      }
      (wait for the last dot, hand back its buffer)
      ttg.warp_yield ...
    }
    partition0(...) num_warps(1) {
      scf.for %k ... iter_args(%n = %c0) {
        ttng.wait_barrier %empty[%n % 3], ((%n / 3) & 1) ^ 1
        ttng.barrier_expect %full[%n % 3], 49152, %true
        ttng.async_tma_copy_global_to_local %da[%m, %k] %ra[%n % 3], %full[%n % 3], %true
        ...
        scf.yield %n + 1
      }
      ttg.warp_return
    }
    ```
  }];
  let options = [
    Option<"numStages", "num-stages", "int32_t", /*default=*/"3",
           "Buffers per loaded tile (Triton's num_stages)">,
    Option<"pingPong", "ping-pong", "bool", /*default=*/"true",
           "Two consumer warp groups of a two-dot loop take turns at the "
           "tensor cores (ours, not Triton 3.6's)">,
  ];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect"];
}

#endif // TRITONNVIDIAGPU_TRANSFORMS_PASSES_TD
