// Shared-memory offsets: explicit buffers (local_alloc), scratch buffers of
// ops that exchange data through shared memory, virtual buffers of calls.
// One line per buffer in post-order, then the function's total. Buffers
// share bytes only when their live ranges (extended over every value that
// may view them) do not overlap; the biggest is placed first; offsets are
// aligned (explicit: the layout's or `alignment`, scratch: 128).
// RUN: triton-opt %s -split-input-file -test-print-allocation -o /dev/null | FileCheck %s

#AL = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#A1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// CHECK-LABEL: @empty
// CHECK-NEXT: size = 0
tt.func @empty() {
  tt.return
}

// Two 16x16xf16 buffers (512 B) live together.
// CHECK-LABEL: @two_live
// CHECK-NEXT: offset = 0, size = 512
// CHECK-NEXT: offset = 512, size = 512
// CHECK-NEXT: size = 1024
tt.func @two_live() {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %1 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %2 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  %3 = ttg.local_load %1 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  tt.return
}

// The first buffer is dead (last use) before the second is allocated: both
// take offset 0. An alloc with an initial value is a buffer too.
// CHECK-LABEL: @reuse
// CHECK-NEXT: offset = 0, size = 512
// CHECK-NEXT: offset = 0, size = 512
// CHECK-NEXT: size = 512
tt.func @reuse(%t: tensor<16x16xf16, #AL>) {
  %0 = ttg.local_alloc %t : (tensor<16x16xf16, #AL>) -> !ttg.memdesc<16x16xf16, #A, #smem>
  %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem> -> tensor<16x16xf16, #AL>
  %2 = ttg.local_alloc %1 : (tensor<16x16xf16, #AL>) -> !ttg.memdesc<16x16xf16, #A, #smem>
  %3 = ttg.local_load %2 : !ttg.memdesc<16x16xf16, #A, #smem> -> tensor<16x16xf16, #AL>
  tt.return
}

// Three buffers live until one op: 4096 B at 0, 1536 B above it at 4096,
// and 512 B with `alignment = 1024` at the next multiple of 1024 above
// 5632, 6144.
// CHECK-LABEL: @alignment
// CHECK-NEXT: offset = 0, size = 4096
// CHECK-NEXT: offset = 4096, size = 1536
// CHECK-NEXT: offset = 6144, size = 512
// CHECK-NEXT: size = 6656
tt.func @alignment(%acc: tensor<16x16xf32, #AL>) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #A, #smem, mutable>
  %1 = ttg.local_alloc : () -> !ttg.memdesc<3x16x16xf16, #A, #smem, mutable>
  %2 = ttg.local_alloc {alignment = 1024 : i32} : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %3:4 = ttng.warp_group_dot_wait %acc, %0, %1, %2 {pendings = 0 : i32} : tensor<16x16xf32, #AL>, !ttg.memdesc<64x32xf16, #A, #smem, mutable>, !ttg.memdesc<3x16x16xf16, #A, #smem, mutable>, !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  tt.return
}

// The biggest buffer goes first even when allocated last; 3x1xi64 is 24 B.
// CHECK-LABEL: @biggest_first
// CHECK-NEXT: offset = 512, size = 24
// CHECK-NEXT: offset = 0, size = 512
// CHECK-NEXT: size = 536
tt.func @biggest_first(%acc: tensor<16x16xf32, #AL>) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #A1, #smem, mutable>
  %1 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %2:3 = ttng.warp_group_dot_wait %acc, %0, %1 {pendings = 0 : i32} : tensor<16x16xf32, #AL>, !ttg.memdesc<3x1xi64, #A1, #smem, mutable>, !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  tt.return
}

}

// -----

#AL = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#B1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// A buffer used inside a loop lives until the loop ends, so the reduction's
// scratch (4 warps x f32 = 16 B) in the loop cannot take its bytes; it
// starts at the next 128-byte boundary.
// CHECK-LABEL: @live_through_loop
// CHECK-NEXT: offset = 0, size = 512
// CHECK-NEXT: scratch offset = 512, size = 16
// CHECK-NEXT: size = 528
tt.func @live_through_loop(%lb: index, %ub: index, %step: index, %x: tensor<1024xf32, #B1>) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  scf.for %iv = %lb to %ub step %step {
    %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
    %2 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %3 = arith.addf %a, %b : f32
      tt.reduce.return %3 : f32
    }) : (tensor<1024xf32, #B1>) -> f32
  }
  tt.return
}

// The same buffer used only before the loop: the scratch reuses offset 0.
// CHECK-LABEL: @dead_before_loop
// CHECK-NEXT: offset = 0, size = 512
// CHECK-NEXT: scratch offset = 0, size = 16
// CHECK-NEXT: size = 512
tt.func @dead_before_loop(%lb: index, %ub: index, %step: index, %x: tensor<1024xf32, #B1>) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  scf.for %iv = %lb to %ub step %step {
    %2 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %3 = arith.addf %a, %b : f32
      tt.reduce.return %3 : f32
    }) : (tensor<1024xf32, #B1>) -> f32
  }
  tt.return
}

// The loop carries %0 and its result is read after the second alloc: %0
// lives through its alias, so the two buffers do not share bytes.
// CHECK-LABEL: @alias_extends_liveness
// CHECK-NEXT: offset = 0, size = 512
// CHECK-NEXT: offset = 512, size = 512
// CHECK-NEXT: size = 1024
tt.func @alias_extends_liveness(%lb: index, %ub: index, %step: index) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %1 = scf.for %iv = %lb to %ub step %step iter_args(%m = %0) -> (!ttg.memdesc<16x16xf16, #A, #smem, mutable>) {
    scf.yield %m : !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  }
  %2 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %3 = ttg.local_load %2 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  %4 = ttg.local_load %1 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  tt.return
}

// A view keeps its buffer live the same way.
// CHECK-LABEL: @view_extends_liveness
// CHECK-NEXT: offset = 0, size = 1024
// CHECK-NEXT: offset = 1024, size = 512
// CHECK-NEXT: size = 1536
tt.func @view_extends_liveness(%i: i32) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<2x16x16xf16, #A, #smem, mutable>
  %1 = ttg.memdesc_index %0[%i] : !ttg.memdesc<2x16x16xf16, #A, #smem, mutable> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %2 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %3 = ttg.local_load %2 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  %4 = ttg.local_load %1 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  tt.return
}

}

// -----

// Scratch sizes.
#B1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#R4 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]}>
#R22 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
#RB = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#S2 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]}>
#H = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// tt.reduce: the source shape with the axis replaced by the warps along it,
// times the bytes of every operand. 32x128 over warps [2, 2], axis 1:
// 32 x 2 x f32 = 256 B. Over warps [1, 4], axis 0 stays within each warp:
// none. An argmin-style (f32, i32) reduction over warps [1, 4], axis 1:
// 32 x 4 x 8 B = 1024 B. In #RB one warp's lanes already span the 128
// columns, so the warps along axis 1 hold copies: none. Scratch buffers live
// only at their op.
// CHECK-LABEL: @reduce
// CHECK-NEXT: scratch offset = 0, size = 256
// CHECK-NEXT: scratch offset = 0, size = 1024
// CHECK-NEXT: size = 1024
tt.func @reduce(%x: tensor<32x128xf32, #R22>, %y: tensor<32x128xf32, #R4>, %i: tensor<32x128xi32, #R4>, %z: tensor<32x128xf32, #RB>) {
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x128xf32, #R22>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #R22}>>
  %1 = "tt.reduce"(%y) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.maxnumf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x128xf32, #R4>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #R4}>>
  %2:2 = "tt.reduce"(%y, %i) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %lt = arith.cmpf olt, %a, %b : f32
    %v = arith.select %lt, %a, %b : f32
    %vi = arith.select %lt, %ai, %bi : i32
    tt.reduce.return %v, %vi : f32, i32
  }) : (tensor<32x128xf32, #R4>, tensor<32x128xi32, #R4>) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #R4}>>, tensor<32xi32, #ttg.slice<{dim = 1, parent = #R4}>>)
  %3 = "tt.reduce"(%z) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x128xf32, #RB>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #RB}>>
  tt.return
}

// tt.scan: warps x (non-axis lanes x non-axis elements per thread) x chunks.
// 1024xf32 over [4] x [32] x [4]: 4 warps x 1 x 2 chunks = 8 x 4 B = 32 B.
// 16x64xf32 over [1, 2] x [4, 8] x [1, 4], axis 1: 4 warps x (4 lanes x 1)
// x (1 chunk along the axis x 4 along dim 0) = 64 x 4 B = 256 B.
// CHECK-LABEL: @scan
// CHECK-NEXT: scratch offset = 0, size = 32
// CHECK-NEXT: scratch offset = 0, size = 256
// CHECK-NEXT: size = 256
tt.func @scan(%x: tensor<1024xf32, #B1>, %y: tensor<16x64xf32, #S2>) {
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.scan.return %s : f32
  }) : (tensor<1024xf32, #B1>) -> tensor<1024xf32, #B1>
  %1 = "tt.scan"(%y) <{axis = 1 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.scan.return %s : f32
  }) : (tensor<16x64xf32, #S2>) -> tensor<16x64xf32, #S2>
  tt.return
}

// Atomics returning a used scalar broadcast it through one element; an
// unused result or a tensor result every thread holds alone needs none.
// tt.histogram: max(bins, lanes) counters: max(16, 32) x 4 B = 128 B.
// CHECK-LABEL: @atomics_and_histogram
// CHECK-NEXT: scratch offset = 0, size = 4
// CHECK-NEXT: scratch offset = 0, size = 2
// CHECK-NEXT: scratch offset = 0, size = 128
// CHECK-NEXT: size = 128
tt.func @atomics_and_histogram(%p: !tt.ptr<f32>, %v: f32, %q: !tt.ptr<f16>, %c: f16, %ps: tensor<128x!tt.ptr<f32>, #H>, %vs: tensor<128xf32, #H>, %h: tensor<128xi32, #H>) -> (f32, f16, tensor<128xf32, #H>) {
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (!tt.ptr<f32>, f32) -> f32
  %1 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (!tt.ptr<f32>, f32) -> f32
  %2 = tt.atomic_cas acq_rel, gpu, %q, %c, %c : (!tt.ptr<f16>, f16, f16) -> f16
  %3 = tt.atomic_rmw fadd, acq_rel, gpu, %ps, %vs : (tensor<128x!tt.ptr<f32>, #H>, tensor<128xf32, #H>) -> tensor<128xf32, #H>
  %4 = tt.histogram %h : tensor<128xi32, #H> -> tensor<16xi32, #H>
  tt.return %0, %2, %3 : f32, f16, tensor<128xf32, #H>
}

}

// -----

// ttg.convert_layout: through shared memory when data moves between warps,
// or within warps with two or more register bits trading places with lane
// bits; the scratch tile is Triton's swizzled tile (see
// ConvertLayoutScratch.cpp), here worked by hand.
#ROW = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#COL = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#P = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#Q = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#L0 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#L1 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]}>
#S0 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#S1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// 32x32xf32, rows over lanes to columns over lanes: no register is common
// to both layouts, so the tile is the whole tensor, 1024 x 4 B.
// 64x32xf32 from #P to #Q: the registers (0,16) and (16,0) are common and
// vectorized; (32,0) is common and falls in the segment bits, so it becomes
// a round: half the tensor, 1024 x 4 B of 2048 elements.
// #L0 -> #L1 only permutes lanes within warps (no register bit trades
// places with a lane bit): shuffles, no scratch. #S0 -> #S1 (16 values: 4
// registers over 4 lanes -> 1 register over 16 lanes) trades two register
// bits with lane bits: through shared memory, as in Triton 3.6, the 16
// values x 4 B.
// CHECK-LABEL: @convert_layout
// CHECK-NEXT: scratch offset = 0, size = 4096
// CHECK-NEXT: scratch offset = 0, size = 4096
// CHECK-NEXT: scratch offset = 0, size = 64
// CHECK-NEXT: size = 4096
tt.func @convert_layout(%a: tensor<32x32xf32, #ROW>, %b: tensor<64x32xf32, #P>, %c: tensor<16x16xf16, #L0>, %d: tensor<16xf32, #ttg.slice<{dim = 1, parent = #S0}>>) {
  %0 = ttg.convert_layout %a : tensor<32x32xf32, #ROW> -> tensor<32x32xf32, #COL>
  %1 = ttg.convert_layout %b : tensor<64x32xf32, #P> -> tensor<64x32xf32, #Q>
  %2 = ttg.convert_layout %c : tensor<16x16xf16, #L0> -> tensor<16x16xf16, #L1>
  %3 = ttg.convert_layout %d : tensor<16xf32, #ttg.slice<{dim = 1, parent = #S0}>> -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #S1}>>
  tt.return
}

}

// -----

// tt.gather: the whole source tensor, unless every index finds its source
// column in its own warp. #G0 has warps along the gather axis: 32x16xf32 =
// 2048 B. #G1 keeps warps along dim 1 and each column in one warp's lanes:
// none. ttng.tensormap_create builds the 128-byte descriptor in shared
// memory first.
#G0 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#G1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// CHECK-LABEL: @gather_and_tensormap
// CHECK-NEXT: scratch offset = 0, size = 2048
// CHECK-NEXT: scratch offset = 0, size = 128
// CHECK-NEXT: size = 2048
tt.func @gather_and_tensormap(%s0: tensor<32x16xf32, #G0>, %i0: tensor<8x16xi32, #G0>, %s1: tensor<32x16xf32, #G1>, %i1: tensor<8x16xi32, #G1>, %p: !tt.ptr<i8>, %base: !tt.ptr<f16>, %n: i32, %stride: i64) {
  %0 = tt.gather %s0[%i0] {axis = 0 : i32} : (tensor<32x16xf32, #G0>, tensor<8x16xi32, #G0>) -> tensor<8x16xf32, #G0>
  %1 = tt.gather %s1[%i1] {axis = 0 : i32} : (tensor<32x16xf32, #G1>, tensor<8x16xi32, #G1>) -> tensor<8x16xf32, #G1>
  ttng.tensormap_create %p, %base, [%n, %n], [%n, %n], [%stride], [%n, %n] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
  tt.return
}

}

// -----

// Calls: the callee's footprint is a virtual buffer of the call, live at the
// call only; the callee's own offsets are relative to it. A callee without
// shared memory reserves nothing.
#AL = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// CHECK-LABEL: @leaf
// CHECK-NEXT: offset = 0, size = 512
// CHECK-NEXT: size = 512
tt.func private @leaf() {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  tt.return
}

// CHECK-LABEL: @nothing
// CHECK-NEXT: size = 0
tt.func private @nothing() {
  tt.return
}

// The 1024 B buffer lives across both calls; @leaf's 512 B go above it.
// CHECK-LABEL: @middle
// CHECK-NEXT: offset = 0, size = 1024
// CHECK-NEXT: virtual offset = 1024, size = 512
// CHECK-NEXT: size = 1536
tt.func private @middle() {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<32x16xf16, #A, #smem, mutable>
  tt.call @leaf() : () -> ()
  tt.call @nothing() : () -> ()
  %1 = ttg.local_load %0 : !ttg.memdesc<32x16xf16, #A, #smem, mutable> -> tensor<32x16xf16, #AL>
  tt.return
}

// The kernel's buffer is dead before the call: @middle's 1536 B start at 0.
// CHECK-LABEL: @kernel
// CHECK-NEXT: offset = 0, size = 512
// CHECK-NEXT: virtual offset = 0, size = 1536
// CHECK-NEXT: size = 1536
tt.func public @kernel(%t: tensor<16x16xf16, #AL>) {
  %0 = ttg.local_alloc %t : (tensor<16x16xf16, #AL>) -> !ttg.memdesc<16x16xf16, #A, #smem>
  %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem> -> tensor<16x16xf16, #AL>
  tt.call @middle() : () -> ()
  tt.return
}

}

// -----

#AL = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// The default region and the partitions of a ttg.warp_specialize run at
// the same time: their buffers never share bytes, though their post-order
// live ranges do not overlap. Within one partition a dead buffer's bytes
// are reused (%p0a, %p0b); after the op, everything is free again.
// CHECK-LABEL: @warp_specialize_concurrent
// CHECK-NEXT: offset = 0, size = 512
// CHECK-NEXT: offset = 512, size = 512
// CHECK-NEXT: offset = 512, size = 512
// CHECK-NEXT: offset = 1024, size = 512
// CHECK-NEXT: offset = 0, size = 512
// CHECK-NEXT: size = 1536
tt.func @warp_specialize_concurrent() {
  ttg.warp_specialize()
  default {
    %d = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
    %dl = ttg.local_load %d : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    %p0a = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
    %l0 = ttg.local_load %p0a : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
    %p0b = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
    %l1 = ttg.local_load %p0b : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
    ttg.warp_return
  }
  partition1() num_warps(4) {
    %p1 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
    %l2 = ttg.local_load %p1 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
    ttg.warp_return
  } : () -> ()
  %after = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %l3 = ttg.local_load %after : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  tt.return
}

}

// -----

// A padded layout pads each buffer on its own: 64x64 i32 with 4 elements
// after every 32 is 4096 + 127 * 4 elements (none after the last), 18416 B;
// three such buffers 55248 B.
#P = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @padded
// CHECK-NEXT: offset = 55248, size = 18416
// CHECK-NEXT: offset = 0, size = 55248
// CHECK-NEXT: size = 73664
tt.func @padded() {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<64x64xi32, #P, #smem, mutable>
  %1 = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xi32, #P, #smem, mutable>
  ttg.local_dealloc %0 : !ttg.memdesc<64x64xi32, #P, #smem, mutable>
  ttg.local_dealloc %1 : !ttg.memdesc<3x64x64xi32, #P, #smem, mutable>
  tt.return
}
}
