//===- Passes.td - TTGIR passes ---------------------------------*- tablegen -*-===//
//
// Passes over TritonGPU IR (tensors with layouts). Flags and options are
// Triton 3.6's, so a pipeline string from a Triton crash reproducer runs
// unchanged.
//
//===----------------------------------------------------------------------===//
#ifndef TRITONGPU_TRANSFORMS_PASSES_TD
#define TRITONGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonGPUCoalesce : Pass<"tritongpu-coalesce", "mlir::ModuleOp"> {
  let summary = "Give global loads and stores a layout that coalesces them";
  let description = [{
    A warp's global memory accesses are fast when neighbouring threads touch
    neighbouring addresses and each thread moves up to 16 bytes at once. For
    every `tt.load`, `tt.store`, `tt.atomic_rmw`, `tt.atomic_cas` and
    `ttg.async_copy_global_to_local` on a tensor of pointers, this pass reads
    the pointer's contiguity and divisibility (AxisInfo), orders the
    dimensions by contiguity, and builds a `#ttg.blocked` layout whose
    `sizePerThread` along the most contiguous dimension is as wide as the
    alignment allows (at most 128 bits, at most the elements each thread
    owns). Accesses of the same shape and order that feed each other share the
    widest such width. The access is rewritten in that layout, with
    `ttg.convert_layout` ops on its operands and results;
    `tritongpu-remove-layout-conversions` then removes those that it can.

    Beyond Triton 3.6: a load of an 8-bit operand of a dot that will run on
    wgmma, stored with its K dimension not contiguous (B as K x N), also
    gives each thread 4 consecutive K elements (`[4, 16]` where Triton has
    `[1, 16]`): wgmma reads such operands only K-major, so they go through
    registers to shared memory, and the transposing store then writes words
    instead of bytes (H100: fp8 and int8 matmuls of that shape 1.6x to 2.8x
    Triton's speed).

    ```mlir
    %v = tt.load %p : tensor<1024x!tt.ptr<f32>, #blocked_spt1>
    // becomes (with %p 16-byte aligned and contiguous)
    %p4 = ttg.convert_layout %p : ... -> tensor<1024x!tt.ptr<f32>, #blocked_spt4>
    %v4 = tt.load %p4 : tensor<1024x!tt.ptr<f32>, #blocked_spt4>
    %v = ttg.convert_layout %v4 : ... -> tensor<1024xf32, #blocked_spt1>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPURemoveLayoutConversions
    : Pass<"tritongpu-remove-layout-conversions", "mlir::ModuleOp"> {
  let summary = "Remove ttg.convert_layout ops by propagating layouts";
  let description = [{
    A `ttg.convert_layout` that changes which thread owns which element goes
    through shared memory and costs a barrier. This pass removes as many as it
    can, in Triton's four steps:

    1. Forward propagation: the layouts of anchors (expensive loads and
       stores, dots, atomics, function arguments) flow to their users
       through elementwise ops, reductions, shape ops, loops and branches. A
       value reached by several layouts keeps the one with the widest
       `sizePerThread` (blocked for memory ops, mma for compute when none is
       wider). The function is rewritten in place with the chosen layouts.
    2. Backward rematerialization: for each remaining conversion, the slice of
       cheap ops that computes its operand (make_range, splat, arithmetic,
       cheap loads, loop-carried values) is recomputed directly in the target
       layout whenever every op in it can be; like Triton 3.6 there is no
       cost model, so a conversion that only reorders registers goes too.
    3. Hoisting, in this order: a conversion that must stay is moved above
       a broadcast, expand_dims or extension (so it converts fewer bytes),
       into the branch of an `scf.if` that needs it, or next to the load
       that feeds a dot operand.
    4. Clean-up: conversions that became no-ops, dead loop-carried values and
       dead code are removed.

    ```mlir
    %a = tt.load %p : tensor<1024x!tt.ptr<f32>, #b4>
    %c = ttg.convert_layout %a : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
    %d = arith.addf %c, %c : tensor<1024xf32, #b1>
    // becomes
    %d = arith.addf %a, %a : tensor<1024xf32, #b4>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::scf::SCFDialect"];
}

def TritonGPUOptimizeThreadLocality
    : Pass<"tritongpu-optimize-thread-locality", "mlir::ModuleOp"> {
  let summary = "Keep reductions inside a thread where a loop allows it";
  let description = [{
    A reduction whose reduced dimension is spread over the lanes or warps of
    a CTA needs shuffles and shared memory. This pass removes that
    communication where it can, in three ways:

    1. A `tt.reshape ... allow_reorder` that feeds reductions along one axis
       gets a blocked layout with that axis slowest in `order` (marked
       `efficient_layout`), so no thread shares a reduced row with another;
       a `ttg.convert_layout` restores the old type for its users.
    2. A `tt.gather` gets a layout in which a warp owns whole columns along
       the gather axis, so the gather needs only warp shuffles
       (`efficient_layout`).
    3. A loop that accumulates `acc = combine(acc, reduce(load))` along the
       innermost axis of a blocked tensor (add, mul, min, max on floats,
       initial value a constant) accumulates instead the partial result of
       each thread: the loaded tensor is reshaped (`allow_reorder
       efficient_layout`) to one more dimension holding a thread's elements,
       only that dimension is reduced in the loop, and the cross-thread
       reduction runs once after the loop.

    ```mlir
    %r = scf.for ... iter_args(%acc = %cst) {
      %x = tt.load ... : tensor<32x128xf32, #blocked>
      %s = "tt.reduce"(%x) <{axis = 1 : i32}> ...
      %a = arith.addf %acc, %s
      scf.yield %a
    }
    // becomes
    %r:2 = scf.for ... iter_args(%acc = %cst, %part = %neutral) {
      %x = tt.load ... : tensor<32x128xf32, #blocked>
      %v = tt.reshape %x allow_reorder efficient_layout
          : ... -> tensor<32x32x4xf32, #blocked3d>
      %s = "tt.reduce"(%v) <{axis = 2 : i32}> ...
      %p = arith.addf %part, %s
      scf.yield %acc, %p
    }
    %t = "tt.reduce"(%r#1) <{axis = 1 : i32}> ...
    %c = ttg.convert_layout %t ...
    %res = arith.addf %cst, %c
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect"];
}

def TritonGPUPrefetch : Pass<"tritongpu-prefetch", "mlir::ModuleOp"> {
  let summary = "Load the first K slice of mma v2 operands one iteration "
                "ahead and split the dot along K";
  let description = [{
    Triton 3.6's prefetcher. In a loop whose only dot is an mma v2
    (`mma.sync`) dot reading both operands with `ttg.local_load` from
    shared-memory values the loop carries (possibly through elementwise ops,
    an upcast), the first K slice of each operand (8 * kWidth elements, 16
    for f16) is loaded before the loop and, for the next iteration, at the
    end of the body; the dot is split along K into one dot per slice, each
    further slice loaded from a `ttg.memdesc_subslice` right before the
    previous slice's dot. Other loops are left alone; on the loops Triton
    3.6's own pipeliner produces (buffers indexed inside the loop) it
    changes nothing, as in Triton.

    ```mlir
    scf.for ... iter_args(%acc = %z, %A = %a0, %B = %b0) {
      %a = ttg.local_load %A : ... -> tensor<128x32xf16, #dot_op<{opIdx = 0, ..., kWidth = 2}>>
      %b = ttg.local_load %B : ...
      %d = tt.dot %a, %b, %acc
      scf.yield %d, %An, %Bn
    }
    // becomes
    %ha = ttg.local_load %a0[0:128, 0:16]; %hb = ttg.local_load %b0[0:16, 0:128]
    scf.for ... iter_args(%acc = %z, %A = %a0, %B = %b0, %pa = %ha, %pb = %hb) {
      %a1 = ttg.local_load %A[0:128, 16:32]; %b1 = ttg.local_load %B[16:32, 0:128]
      %d0 = tt.dot %pa, %pb, %acc
      %d1 = tt.dot %a1, %b1, %d0
      %na = ttg.local_load %An[0:128, 0:16]; %nb = ttg.local_load %Bn[0:16, 0:128]
      scf.yield %d1, %An, %Bn, %na, %nb
    }
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUCoalesceAsyncCopy
    : Pass<"tritongpu-coalesce-async-copy", "mlir::ModuleOp"> {
  let summary = "Clip a cp.async source layout to what its shared "
                "destination takes in one access";
  let description = [{
    A cp.async loads and stores in one instruction. When a thread holds
    more contiguous elements of the source (its blocked layout's
    sizePerThread along the contiguous dimension) than the swizzled shared
    destination gives consecutive offsets to, each contiguous chunk of
    global memory is copied in several narrower accesses and the warp reads
    more sectors than it needs. As Triton 3.6, the source's sizePerThread
    there is clipped to the shared run (threads and warps spread over the
    rest, Triton's default distribution), the pointers, mask and other are
    converted to that layout, and the copy's contiguity is bounded by it.
    nvmma destinations are left alone.

    ```mlir
    %c = ttg.async_copy_global_to_local %p, %buf
        : tensor<64x64x!tt.ptr<i8>, #ttg.blocked<{sizePerThread = [1, 16], ...}>>
          -> <64x64xi8, #ttg.swizzled_shared<{vec = 8, ...}>, #smem, mutable>
    // becomes
    %p8 = ttg.convert_layout %p : ... -> tensor<64x64x!tt.ptr<i8>, #ttg.blocked<{sizePerThread = [1, 8], ...}>>
    %c = ttg.async_copy_global_to_local %p8, %buf {contiguity = 8 : i32} : ...
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUReduceDataDuplication
    : Pass<"tritongpu-reduce-data-duplication", "mlir::ModuleOp"> {
  let summary = "Route conversions to dot operand layouts through shared "
                "memory";
  let description = [{
    A dot operand layout replicates data over the threads that share a row
    or column of the product, so converting a distributed tensor to it
    directly duplicates the exchange for every copy. Such a
    `ttg.convert_layout` (from a blocked, slice or mma layout to
    `#ttg.dot_op`) that needs shared memory anyway is split into a store to
    shared memory in a swizzled layout chosen for the dot operand and a load
    from it, which later passes can share (CSE) and pipeline. Conversions
    that only move registers or lanes, and mma v3 accumulators to operand
    A, stay as they are.

    ```mlir
    %d = ttg.convert_layout %x : tensor<16x256xf16, #blocked>
        -> tensor<16x256xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    // becomes
    %m = ttg.local_alloc %x : (tensor<16x256xf16, #blocked>)
        -> !ttg.memdesc<16x256xf16, #shared, #smem>
    %d = ttg.local_load %m : !ttg.memdesc<16x256xf16, #shared, #smem>
        -> tensor<16x256xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUReorderInstructions
    : Pass<"tritongpu-reorder-instructions", "mlir::ModuleOp"> {
  let summary = "Move conversions and shared memory accesses to where they "
                "cost least";
  let description = [{
    Register pressure and ptxas scheduling depend on where values are made.
    This pass, in order:

    1. sinks a `ttg.convert_layout` below the `ttg.local_dealloc` ops that
       precede its first use, so its scratch buffer does not overlap them;
    2. moves a `ttg.local_load` or a conversion to a dot operand layout that
       has a single user inside another loop right before that user;
    3. moves a `ttg.local_alloc` of a tensor right after the op that makes
       the tensor, and a `tt.trans` or `ttg.memdesc_trans` right after its
       operand's definition;
    4. moves the `ttg.local_load` of a dot's B operand below the one of its
       A operand.

    ```mlir
    %b = ttg.local_load %sb : ... -> tensor<..., #ttg.dot_op<{opIdx = 1, ...}>>
    %a = ttg.local_load %sa : ... -> tensor<..., #ttg.dot_op<{opIdx = 0, ...}>>
    %d = tt.dot %a, %b, %c
    // becomes
    %a = ttg.local_load %sa ...
    %b = ttg.local_load %sb ...
    %d = tt.dot %a, %b, %c
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUCombineTensorSelectAndIf
    : Pass<"tritongpu-combine-tensor-select-and-if", "mlir::ModuleOp"> {
  let summary = "Fold an arith.select into an scf.if on the same condition";
  let description = [{
    A select on the condition of an `scf.if` in the same block computes
    what the if's branches already know. When the select comes before the
    if and every use of the select comes after it, the select's operands
    become new results of the if, yielded by the then and else branches
    (an else branch is added when missing); uses inside the branches get
    the operand of their branch.

    ```mlir
    %s = arith.select %c, %a, %b : tensor<64xf32, #blocked>
    scf.if %c { ... }
    "use"(%s)
    // becomes
    %s = scf.if %c -> (tensor<64xf32, #blocked>) {
      ... scf.yield %a
    } else {
      scf.yield %b
    }
    "use"(%s)
    ```
  }];
  let dependentDialects = ["mlir::scf::SCFDialect"];
}

def TritonGPUFuseNestedLoops
    : Pass<"tritongpu-fuse-nested-loops", "mlir::ModuleOp"> {
  let summary = "Flatten a loop nest marked tt.flatten into one loop";
  let description = [{
    The software pipeliner works on one loop. A persistent kernel written as
    an outer loop over tiles and an inner loop over K is flattened into a
    single loop so the pipeliner can overlap the next tile's loads with the
    current tile's epilogue. The pass fuses an `scf.for` nest whose outer
    loop carries `tt.flatten` and holds exactly one inner loop. Before
    fusing, invariant code is hoisted out of the outer loop, pure ops only
    used after the inner loop are sunk below it, and the inner body is made
    unguarded: directly when an `llvm.intr.assume` states `ub > lb` (as
    `tl.assume` writes it), otherwise by versioning the nest on whether the
    inner loop runs at all, which needs bounds that do not depend on the
    outer loop (their computations are hoisted). A nest whose outer loop
    carries `ttg.always-fuse` (for testing) is fused without these steps.

    Inner bounds computed from the outer induction variable by pure scalar
    ops (`for j in range(2 * i, 3 * i + 1)`) are fused as well: the first
    prologue recomputes their trip counts for each `i` from a copy of those
    ops, the fused loop carries them and `inner_len`, and its trip count is
    summed over `i` by a loop of its own placed before it. Bounds that
    depend on iteration arguments or memory leave the nest as it is.

    The fused loop runs `len(outer) * (sum of max(1, len(inner_k)) - K + 1)`
    times; a counter `T` says which part of the nest the iteration runs:

    ```mlir
    scf.for %i = %lbi to %ubi step %si {
      prologue(%i)
      scf.for %j = %lbj to %ubj step %sj { body(%i, %j) }
      epilogue(%i)
    } {tt.flatten}
    // becomes
    scf.for %it = 0 to %total step 1 iter_args(%T = -1, %i = %lbi - %si, ...) {
      %T1 = select(%T == %inner_len - 1, 0, %T + 1)
      %j, %i1 = scf.if (%T1 == 0) { %in = %i + %si; prologue(%in); yield %lbj, %in }
                else { yield %jprev, %i }
      %jn = scf.if (%T1 < %len_j) { body(%i1, %j); yield %j + %sj } else { yield %j }
      scf.if (%T1 == %inner_len - 1) { epilogue(%i1) }
      scf.yield %T1, %i1, %jn, ...
    }
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect", "mlir::ub::UBDialect"];
}

def TritonGPUF32DotTC : Pass<"tritongpu-F32DotTC", "mlir::ModuleOp"> {
  let summary = "Emulate f32 dots with several tensor core dots (3xTF32, "
                "3xBF16, 6xBF16)";
  let description = [{
    Tensor cores take f32 operands only as tf32 (10 mantissa bits) or as
    bf16. `inputPrecision = tf32x3` (with `emu-tf32=true`, as Triton sets it
    from sm_80 on), `bf16x3` and `bf16x6` ask for near-f32 accuracy: each
    operand is split into a high part and one or two low remainders and the
    products of the parts are summed by plain tensor core dots. Triton 3.6's
    order is kept: for tf32x3, `dot(aSmall, bBig, 0)`, then
    `dot(aBig, bSmall, .)`, NaNs of that partial sum zeroed (an infinite
    high part times a zero low part), then `dot(aBig, bBig, .)`, and the
    original accumulator added last.

    ```mlir
    %d = tt.dot %a, %b, %c, inputPrecision = tf32x3 : tensor<64x32xf32, #blocked> * ...
    // becomes
    %aBig = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" ... %a
    %aSmall = arith.subf %a, %aBig
    (%bBig, %bSmall likewise)
    %d1 = tt.dot %aSmall, %bBig, %zero, inputPrecision = tf32
    %d2 = tt.dot %aBig, %bSmall, %d1, inputPrecision = tf32
    %nan = arith.cmpf uno, %d2, %d2
    %d2z = arith.select %nan, %zero, %d2
    %d3 = tt.dot %aBig, %bBig, %d2z, inputPrecision = tf32
    %d = arith.addf %d3, %c
    ```
  }];
  let options = [
    Option<"emuTF32", "emu-tf32", "bool", /*default=*/"false",
           "Rewrite tf32x3 dots (Triton sets it from compute capability 8.0)">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def TritonGPUAccelerateMatmul
    : Pass<"tritongpu-accelerate-matmul", "mlir::ModuleOp"> {
  let summary = "Put tt.dot on tensor cores: mma v3 (wgmma) on sm_90, mma "
                "v2 (mma.sync) on sm_80/sm_89";
  let description = [{
    `convert-triton-to-tritongpu` gives every `tt.dot` a blocked result,
    which lowers to FMAs. This pass picks the tensor core instruction the
    target and the dot allow, as Triton 3.6 does (the target is the
    module's `ttg.target`):

    * sm_90, 2-D, `num_warps` a multiple of 4, M a multiple of 64, N of 8,
      K at least 32 bytes, f16/bf16/fp8/i8/tf32 operands:
      `ttng.warp_group_dot` with `#ttg.nvidia_mma` version 3,
      `instrShape = [16, N', 256 / bits]` (N' the largest valid N that
      divides N and fits the warps), warps `[4, 1]` grown along M first
      (all on M when another dot uses the result). B, and A when it comes
      from a load, are stored to shared memory (`ttg.local_alloc`, right
      after the value is made) in `#ttg.nvmma_shared` with the widest
      swizzle (128, 64 or 32 bytes) its contiguous rows allow; only f16 and
      bf16 may keep a transposed order, other types use K-contiguous
      memory (`transposed = true` for B). An A computed in registers (the
      P of attention) stays there as `#ttg.dot_op<{opIdx = 0, kWidth =
      32 / bits}>`.
    * sm_80 to sm_89, and sm_90 dots v3 cannot take (small tiles, one warp,
      3-D): `tt.dot` with `#ttg.nvidia_mma` version 2 (`instrShape =
      [16, 8]`, `[1, 16, 8]` batched) and operands converted to
      `#ttg.dot_op` with `kWidth = 32 / bits` of the narrowest loaded type;
      warps split to balance M and N repetitions (all on the longer side
      when dots are chained). fp8 is upcast to f16 below sm_89.
    * Otherwise (ieee f32, f64, unsupported types) the dot stays on FMAs;
      its operands are extended to the result type when they differ.

    `tt.dot_scaled` (no scaled mma below sm_100) is first decomposed as
    Triton 3.6 does: operands upcast to bf16 (f16 if either is fp16) with
    `ttg.fp4_to_fp` (e2m1) or `tt.fp_to_fp` (fp8), each e8m0 scale moved
    into the exponent field, broadcast over its 32 K elements and
    multiplied in, NaN where the scale is 0xFF (unless fastMath), then a
    `tt.dot` that goes through the rules above. Only the rhs scaled: the
    product is computed transposed, d^T = b^T a^T. fp6 operands and
    non-i8 scales are refused with an error.

    ```mlir
    %d = tt.dot_scaled %a scale %s, %b, %c lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<64x64xi8, #blocked>, tensor<64x4xi8, #blocked1> * tensor<128x64xbf16, #blocked2> -> tensor<64x64xf32, #blocked2>
    // becomes (before the tensor core rewrite)
    %up = ttg.fp4_to_fp %a {axis = 1 : i32} : tensor<64x64xi8, #blocked> -> tensor<64x128xbf16, #blocked3>
    %e = arith.extui %s ... ; %sh = arith.shli %e, dense<7> ; %sf = tt.bitcast %sh : ... -> tensor<64x4xbf16, #blocked1>
    // expand_dims, broadcast to 64x4x32, reshape to 64x128, then
    %m = arith.mulf %up, %scale : tensor<64x128xbf16, #blocked3>
    %r = arith.select %is_ff, %nan, %m : tensor<64x128xi1, #blocked3>, tensor<64x128xbf16, #blocked3>
    %d = tt.dot %r', %b', %c : ... -> tensor<64x64xf32, #blocked2>
    ```

    ```mlir
    %d = tt.dot %a, %b, %c : tensor<128x64xf16, #dot_op_a_blocked> * ... -> tensor<128x128xf32, #blocked>
    // becomes (sm_90, 4 warps)
    %sa = ttg.local_alloc %a0 : (tensor<128x64xf16, #blocked1>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %sb = ttg.local_alloc %b0 : (tensor<64x128xf16, #blocked2>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
    %c1 = ttg.convert_layout %c : tensor<128x128xf32, #blocked> -> tensor<128x128xf32, #mma>
    %d1 = ttng.warp_group_dot %sa, %sb, %c1 {inputPrecision = 0 : i32} : ... -> tensor<128x128xf32, #mma>
    %d = ttg.convert_layout %d1 : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #blocked>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect"];
}

def TritonGPUOptimizeDotOperands
    : Pass<"tritongpu-optimize-dot-operands", "mlir::ModuleOp"> {
  let summary = "Simplify how dot operands reach their layout";
  let description = [{
    Runs after `tritongpu-accelerate-matmul` (and again after pipelining):

    * a transposition stored to shared memory for wgmma,
      `ttg.local_alloc(tt.trans(x))`, becomes a view of the untransposed
      store, `ttg.memdesc_trans(ttg.local_alloc(x))`, so no register
      shuffle is needed (the `transposed` bit of `#ttg.nvmma_shared` flips);
    * with `hoist-layout-conversion=true`, a conversion to a dot operand
      layout is moved above elementwise ops whose operands are all
      conversions from the same layout (or constants), so the elementwise
      work is done on the operand layout and the conversion sits next to the
      load (tf32x3's split of A);
    * a `ttng.warp_group_dot` whose A is `ttg.local_alloc` of an mma v3
      tensor takes A from registers (`#ttg.dot_op<{opIdx = 0, kWidth}>`).

    ```mlir
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<128x64xf16, #blocked> -> tensor<64x128xf16, #blocked1>
    %s = ttg.local_alloc %t : (...) -> !ttg.memdesc<64x128xf16, #shared1, #smem>
    // becomes
    %s0 = ttg.local_alloc %x : (...) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %s = ttg.memdesc_trans %s0 {order = array<i32: 1, 0>} : ... -> !ttg.memdesc<64x128xf16, #shared1, #smem>
    ```
  }];
  let options = [
    Option<"hoistLayoutConversion", "hoist-layout-conversion", "bool",
           /*default=*/"true",
           "Move conversions to dot operand layouts above elementwise ops">,
  ];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUAssignLatencies
    : Pass<"tritongpu-assign-latencies", "mlir::ModuleOp"> {
  let summary = "Software pipelining, step 1: the loads to issue "
                "num_stages - 1 iterations ahead get a latency";
  let description = [{
    In each innermost `scf.for` with a dot, or with its own `tt.num_stages`
    (`tl.range(..., num_stages=N)`: then with or without a dot, and any
    load may go through registers, as Triton 3.6 pipelines such loops), a
    load that can become an asynchronous copy into shared memory gets
    `tt.latency = num-stages - 1` (the loop's `tt.num_stages` attribute
    overrides the option): a
    `tt.load` whose only user is a `ttg.local_alloc` (a wgmma operand) or a
    conversion to a dot operand layout (directly or through `tt.trans`),
    with a zero `other` and addresses cp.async can move in 4, 8 or 16
    bytes; a `tt.descriptor_load` landing in its descriptor's layout; and,
    as in Triton 3.6, a `tt.load` that a dot's A or B operand reaches only
    through registers (a row statistic, a scale: found walking up from the
    dots' A and B, stopping at loads), which `tritongpu-pipeline` copies into
    an unswizzled buffer read back by a local_load. The
    latencies are given only when a schedule with those loads and their
    address computations at stage 0 is sound (side-effect free, no value
    they carry read after the loop, every yielded value made in the loop
    body; a later stage reading such a value gets its own iteration's
    version, carried across stages by the expander); loads read through registers that would make it unsound are left
    out. Loops whose ops already carry
    latencies keep them. A loop with a dot left without latencies gets a
    remark saying why (outer loops, loads cp.async cannot vectorize,
    addresses behind ops with side effects).

    ```mlir
    scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z, %pa = %a0) {
      %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
      %sa = ttg.local_alloc %a : (...) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      ...
    }
    // becomes (num-stages = 3)
    scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z, %pa = %a0) {
      %a = tt.load %pa {tt.latency = 2 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked>
      ...
    }
    ```
  }];
  let options = [
    Option<"numStages", "num-stages", "int32_t", /*default=*/"3",
           "Number of pipeline stages (buffers) per loop">,
  ];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUScheduleLoops
    : Pass<"tritongpu-schedule-loops", "mlir::ModuleOp"> {
  let summary = "Software pipelining, step 2: a modulo schedule from the "
                "loads' latencies";
  let description = [{
    In a loop whose loads carry `tt.latency = L`, the loads and every op
    their operands depend on (through loop-carried values: the pointer
    increments) get `loop.stage = 0`, everything else `loop.stage = L`;
    `loop.cluster` orders them in the pipelined body (stage L's ops first,
    cluster 0, then stage 0's, cluster 1, so a copy is issued after the
    dots that read the buffer it overwrites). The loop gets
    `tt.scheduled_max_stage = L`. Latencies this two-stage schedule cannot
    honour (on ops other than the loop's loads, different from load to
    load, an unsound stage 0) get a remark and no schedule.

    ```mlir
    scf.for %k ... iter_args(%acc = %z, %pa = %a0) {
      %a = tt.load %pa {tt.latency = 2 : i32} : ...
      %sa = ttg.local_alloc %a : ...
      %d = ttng.warp_group_dot %sa, %sb, %acc : ...
      %pa2 = tt.addptr %pa, %c64 : ...
      scf.yield %d, %pa2
    }
    // becomes
    scf.for %k ... iter_args(%acc = %z, %pa = %a0) {
      %a = tt.load %pa {loop.cluster = 1 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32} : ...
      %sa = ttg.local_alloc %a {loop.cluster = 0 : i32, loop.stage = 2 : i32} : ...
      %d = ttng.warp_group_dot %sa, %sb, %acc {loop.cluster = 0 : i32, loop.stage = 2 : i32} : ...
      %pa2 = tt.addptr %pa, %c64 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : ...
      scf.yield %d, %pa2
    } {tt.scheduled_max_stage = 2 : i32}
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUPipeline : Pass<"tritongpu-pipeline", "mlir::ModuleOp"> {
  let summary = "Software pipelining, step 3: expands scheduled loops into "
                "cp.async / TMA copies num_stages - 1 iterations ahead; "
                "asynchronous warp-group dots";
  let description = [{
    Overlaps the global loads of later iterations with the dots of the
    current one, as Triton 3.6's pipeliner does. Each loop scheduled by
    `tritongpu-schedule-loops` (`tt.scheduled_max_stage = S - 1`) is
    expanded: a stage-0 `tt.load` becomes a `ttg.async_copy_global_to_local`
    into one of `S` buffers (`S - 1` when only local_loads read them; a
    conversion to an mma operand layout becomes local_alloc + local_load
    first; a load read in registers, an unswizzled buffer and a local_load
    where the load was), issued `S - 1` iterations before its dot. The copies and what
    their addresses depend on are stage 0, the rest stage `S - 1`; a
    schedule that says otherwise is refused with a remark. MLIR's scf loop
    pipeliner expands the schedule with a predicated prologue and the last
    iterations' copies masked off. A
    `tt.descriptor_load` landing in its descriptor's layout becomes a
    `ttng.async_tma_copy_global_to_local` completing on one of
    `S` mbarriers (`barrier_expect` / `wait_barrier` with the
    parity of the buffer's round; consecutive loads up to the first reader
    of one of them share a ring, each ring waited for where its last load
    was, as in Triton 3.6). A `tt.make_tensor_descriptor` in the loop
    (or in an scf.if there) gets `S` tensor maps in global scratch
    memory, written in turn, since copies issued with the maps of earlier
    iterations are still in flight; the scf.if that writes one takes its
    else branch past the end. Loops without a schedule keep their loads;
    the schedule's attributes are removed.

    A dot operand load left in registers in an expanded loop (an 8-bit B
    stored K x N, which wgmma wants K-major: cp.async cannot write it
    transposed, so it goes through registers, as in Triton) is issued one
    iteration ahead, beyond Triton 3.6: the first iteration's before the
    loop, the next one's at the top of the body from what the iteration
    yields, masked off past the end, its registers carried by the loop
    (at most 16 a thread per load, 32 per loop). Not where the loop writes
    global memory, nor where its addresses come from ops with side effects
    or regions. H100: int8 128x128x64 at 3 stages, 1.01 to 1.11 of Triton.

    Then every `ttng.warp_group_dot` in a loop becomes asynchronous: one
    stays in flight across iterations (`pendings = 1`, retired after the
    loop) when its shared operands are the pipelined buffers and its result
    only feeds the next iteration. One whose result feeds the next
    iteration through other ops (attention's P x V dot, its accumulator
    rescaled first) stays in flight until the next iteration first reads
    it (a `warp_group_dot_wait {pendings = 0}` there, before that
    iteration's copies; another after the loop); where a wait for every
    dot already comes earlier in the iteration (attention's Q x K wait),
    the accumulator goes through that one, as in Triton's TTGIR, or, where
    only the same dots read it as their accumulator (attention backward's
    dK and dV), is retired by it without going through it. The loop's
    in-flight dots retire after it in one wait. Any other is waited for at
    once (`pendings = 0`).

    Last, in every loop of more than one stage (its `tt.num_stages`, else
    `num-stages`; outer loops too, scheduled or not), a `tt.descriptor_store`
    or TMA `tt.descriptor_reduce` writes a buffer allocated before the loop
    and waits for the previous copy only before writing it again, so the
    copy overlaps the next iteration (a persistent matmul's epilogue store
    under the next tile), as Triton 3.6 does; one wait and the dealloc
    follow the loop. Stores of one buffer type share it; a descriptor made
    in the loop gets three tensor maps written in turn:

    ```mlir
    scf.for %t ... {                    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x256xf16, #shared, #smem, mutable>
      tt.descriptor_store %c[..], %h    scf.for %t ... {
    }                                     ttng.async_tma_store_wait {pendings = 0 : i32}
                                          ttg.local_store %h, %buf
                                          ttng.fence_async_shared {bCluster = false}
                                          ttng.async_tma_copy_local_to_global %c[..] %buf
                                        }
                                        ttng.async_tma_store_wait {pendings = 0 : i32}
                                        ttg.local_dealloc %buf
    ```

    ```mlir
    scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z, %pa = %a0) {
      %a = tt.load %pa, %mask, %zero {loop.stage = 0 : i32, ...} : tensor<128x64x!tt.ptr<f16>, #blocked>
      %sa = ttg.local_alloc %a : (...) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %sa, %sb, %acc : ...
      %pa2 = tt.addptr %pa, %c64 : ...
      scf.yield %d, %pa2
    } {tt.scheduled_max_stage = 2 : i32}
    // becomes (num-stages = 3; prologue: the copies of iterations 0 and 1)
    %buf = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    scf.for %k ... iter_args(%acc, %pa, %ins, %ext, %t0, %t1) {
      %w = ttg.async_wait %t0 {num = 1 : i32}
      %sa = ttg.memdesc_index %buf[%ext] : ... -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      %d = ttng.warp_group_dot %sa, %sb, %acc {isAsync = true} : ...
      %dw:3 = ttng.warp_group_dot_wait %d, %sa, %sb {pendings = 1 : i32}
      %v = ttg.memdesc_index %buf[%ins2] : ...
      %c = ttg.async_copy_global_to_local %pa, %v mask (%mask and %k < %n - 2) other %zero
      %t2 = ttg.async_commit_group tokens %c
      scf.yield %dw#0, (%pa + 64), %ins2, %ext2, %t1, %t2
    }
    ttng.warp_group_dot_wait ... {pendings = 0 : i32}
    ttg.async_wait {num = 0 : i32}
    ttg.local_dealloc %buf
    ```
  }];
  let options = [
    Option<"numStages", "num-stages", "int32_t", /*default=*/"3",
           "Stages of loops without tt.num_stages, for descriptor stores "
           "(the schedule gives the loads' stages)">,
    Option<"dumpIntermediateSteps", "dump-intermediate-steps", "bool",
           /*default=*/"false", "Accepted for compatibility; no effect">,
  ];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect"];
}

#endif // TRITONGPU_TRANSFORMS_PASSES_TD
