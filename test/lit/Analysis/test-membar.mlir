// Barriers between shared-memory accesses of different threads: a
// `gpu.barrier` goes before the first op whose accesses overlap (in the
// allocated bytes) pending ones with a write on either side; reads after
// reads need none. Loops iterate until their entry state stops growing.
// RUN: triton-opt %s -split-input-file -test-print-membar -verify-each | FileCheck %s
// The same after lowering scf to cf: barriers land in the same places.
// RUN: triton-opt %s -split-input-file -convert-scf-to-cf -test-print-membar -verify-each | FileCheck %s --check-prefix=CF

#AL = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// Read after write, write after read, write after write; not read after read.
// CHECK-LABEL: tt.func @hazards
// CHECK: ttg.local_store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: tt.return
tt.func @hazards(%t: tensor<16x16xf16, #AL>) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  ttg.local_store %t, %0 : tensor<16x16xf16, #AL> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  %2 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  ttg.local_store %t, %0 : tensor<16x16xf16, #AL> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  ttg.local_store %t, %0 : tensor<16x16xf16, #AL> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  tt.return
}

// Two buffers live together occupy different bytes: no conflict between
// them, only the read after the write of the same buffer.
// CHECK-LABEL: tt.func @disjoint
// CHECK: ttg.local_store
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: tt.return
tt.func @disjoint(%t: tensor<16x16xf16, #AL>) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %1 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  ttg.local_store %t, %0 : tensor<16x16xf16, #AL> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  ttg.local_store %t, %1 : tensor<16x16xf16, #AL> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %2 = ttg.local_load %1 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  tt.return
}

// An initialized alloc writes its buffer: its read needs a barrier. Buffers
// whose lives do not overlap share bytes: the second alloc's write follows
// the first buffer's read.
// CHECK-LABEL: tt.func @reused_bytes
// CHECK: ttg.local_alloc
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_alloc
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_load
tt.func @reused_bytes(%t: tensor<16x16xf16, #AL>) {
  %0 = ttg.local_alloc %t : (tensor<16x16xf16, #AL>) -> !ttg.memdesc<16x16xf16, #A, #smem>
  %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem> -> tensor<16x16xf16, #AL>
  %2 = ttg.local_alloc %t : (tensor<16x16xf16, #AL>) -> !ttg.memdesc<16x16xf16, #A, #smem>
  %3 = ttg.local_load %2 : !ttg.memdesc<16x16xf16, #A, #smem> -> tensor<16x16xf16, #AL>
  tt.return
}

// Views access their whole buffer (slots are not told apart).
// CHECK-LABEL: tt.func @views
// CHECK: ttg.local_store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_load
tt.func @views(%t: tensor<16x16xf16, #AL>, %i: i32, %j: i32) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<2x16x16xf16, #A, #smem, mutable>
  %1 = ttg.memdesc_index %0[%i] : !ttg.memdesc<2x16x16xf16, #A, #smem, mutable> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %2 = ttg.memdesc_index %0[%j] : !ttg.memdesc<2x16x16xf16, #A, #smem, mutable> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  ttg.local_store %t, %1 : tensor<16x16xf16, #AL> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %3 = ttg.local_load %2 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  tt.return
}

// An existing barrier orders what came before; none is added.
// CHECK-LABEL: tt.func @existing_barrier
// CHECK: ttg.local_store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NOT: gpu.barrier
tt.func @existing_barrier(%t: tensor<16x16xf16, #AL>) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  ttg.local_store %t, %0 : tensor<16x16xf16, #AL> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  gpu.barrier
  %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  tt.return
}

}

// -----

#AL = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#B1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// A loop that reads then writes a buffer: the write follows this
// iteration's read, the read the previous iteration's write.
// CHECK-LABEL: tt.func @loop_carried
// CHECK: scf.for
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: }
// CF-LABEL: tt.func @loop_carried
// CF: ^bb2:
// CF-NEXT: gpu.barrier
// CF-NEXT: ttg.local_load
// CF-NEXT: gpu.barrier
// CF-NEXT: ttg.local_store
tt.func @loop_carried(%lb: index, %ub: index, %step: index, %t: tensor<16x16xf16, #AL>) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  scf.for %iv = %lb to %ub step %step {
    %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
    ttg.local_store %t, %0 : tensor<16x16xf16, #AL> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  }
  tt.return
}

// A write before a loop that only reads: one barrier, in the loop before the
// read (on later iterations the read follows reads only).
// CHECK-LABEL: tt.func @loop_reads
// CHECK: ttg.local_store
// CHECK-NEXT: scf.for
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: }
// CHECK-NEXT: tt.return
tt.func @loop_reads(%lb: index, %ub: index, %step: index, %t: tensor<16x16xf16, #AL>) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  ttg.local_store %t, %0 : tensor<16x16xf16, #AL> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  scf.for %iv = %lb to %ub step %step {
    %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  }
  tt.return
}

// A write in one branch of an scf.if reaches the read after it; a loop
// that may run zero times lets the write before it through too.
// CHECK-LABEL: tt.func @if_then_read
// CHECK: scf.if
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: }
// CHECK-NEXT: scf.for
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_load
// CF-LABEL: tt.func @if_then_read
// CF: ^bb1:
// CF-NEXT: ttg.local_store
// CF-NOT: gpu.barrier
// CF: ^bb5:
// CF-NEXT: gpu.barrier
// CF-NEXT: ttg.local_load
tt.func @if_then_read(%c: i1, %lb: index, %ub: index, %step: index, %t: tensor<16x16xf16, #AL>) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  scf.if %c {
    ttg.local_store %t, %0 : tensor<16x16xf16, #AL> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  }
  scf.for %iv = %lb to %ub step %step {
  }
  %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  tt.return
}

// scf.while: the after-region's write reaches the before-region's read on
// the next trip, and follows the before-region's read.
// CHECK-LABEL: tt.func @while_carried
// CHECK: scf.while
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_load
// CHECK: do
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_store
// CF-LABEL: tt.func @while_carried
// CF: ^bb1({{.*}}):
// CF-NEXT: gpu.barrier
// CF-NEXT: ttg.local_load
// CF: ^bb2({{.*}}):
// CF-NEXT: gpu.barrier
// CF-NEXT: ttg.local_store
tt.func @while_carried(%c: i1, %t: tensor<16x16xf16, #AL>) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %1 = scf.while (%x = %c) : (i1) -> i1 {
    %2 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
    scf.condition(%x) %x : i1
  } do {
  ^bb0(%y: i1):
    ttg.local_store %t, %0 : tensor<16x16xf16, #AL> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
    scf.yield %y : i1
  }
  tt.return
}

// Scratch: a reduction writes its scratch, synchronizes, reads it back. The
// next reduction's write (same bytes) follows that read; in a loop the
// first one's write follows the last one's read of the previous iteration.
// CHECK-LABEL: tt.func @scratch_in_loop
// CHECK: scf.for
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tt.reduce
// CHECK: gpu.barrier
// CHECK-NEXT: tt.reduce
tt.func @scratch_in_loop(%lb: index, %ub: index, %step: index, %x: tensor<1024xf32, #B1>) {
  scf.for %iv = %lb to %ub step %step {
    %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<1024xf32, #B1>) -> f32
    %1 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.maxnumf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<1024xf32, #B1>) -> f32
  }
  tt.return
}

// A scratch op orders everything before it: the read after it of a buffer
// written before it needs no barrier of its own.
// CHECK-LABEL: tt.func @scratch_orders
// CHECK: ttg.local_store
// CHECK-NEXT: tt.reduce
// CHECK-NOT: gpu.barrier
// CHECK: tt.return
tt.func @scratch_orders(%x: tensor<1024xf32, #B1>, %t: tensor<16x16xf16, #AL>) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  ttg.local_store %t, %0 : tensor<16x16xf16, #AL> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %1 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<1024xf32, #B1>) -> f32
  %2 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  tt.return
}

}

// -----

#AL = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#A1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#NV = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// cp.async lands per thread: a barrier follows every wait, unless one
// already does.
// CHECK-LABEL: tt.func @async_wait
// CHECK: ttg.async_wait
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_load
// CHECK: ttg.async_wait
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NOT: gpu.barrier
tt.func @async_wait(%ptrs: tensor<16x16x!tt.ptr<f16>, #AL>) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %1 = ttg.async_copy_global_to_local %ptrs, %0 : tensor<16x16x!tt.ptr<f16>, #AL> -> <16x16xf16, #A, #smem, mutable>
  %2 = ttg.async_commit_group tokens %1
  %3 = ttg.async_wait %2 {num = 0 : i32}
  %4 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  %5 = ttg.async_wait {num = 0 : i32}
  gpu.barrier
  %6 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  tt.return
}

// mbarrier protocol (Hopper's filter): initializations among themselves, and
// expect / TMA copy / wait among themselves, need no barrier; the first
// expect after the initializations does; the wgmma read of the TMA-written
// tile does.
// CHECK-LABEL: tt.func @mbarriers
// CHECK: ttng.init_barrier
// CHECK-NEXT: ttng.init_barrier
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttng.barrier_expect
// CHECK-NEXT: ttng.async_tma_copy_global_to_local
// CHECK-NEXT: ttng.wait_barrier
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttng.warp_group_dot
tt.func @mbarriers(%desc: !tt.tensordesc<tensor<64x64xf16, #NV>>, %i: i32, %p: i1, %acc: tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %bars = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #A1, #smem, mutable>
  %b0 = ttg.memdesc_index %bars[%c0] : !ttg.memdesc<2x1xi64, #A1, #smem, mutable> -> !ttg.memdesc<1xi64, #A1, #smem, mutable>
  %b1 = ttg.memdesc_index %bars[%c1] : !ttg.memdesc<2x1xi64, #A1, #smem, mutable> -> !ttg.memdesc<1xi64, #A1, #smem, mutable>
  %tile = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #NV, #smem, mutable>
  ttng.init_barrier %b0, 1 : !ttg.memdesc<1xi64, #A1, #smem, mutable>
  ttng.init_barrier %b1, 1 : !ttg.memdesc<1xi64, #A1, #smem, mutable>
  ttng.barrier_expect %b0, 8192, %p : !ttg.memdesc<1xi64, #A1, #smem, mutable>
  ttng.async_tma_copy_global_to_local %desc[%i, %i] %tile, %b0, %p : !tt.tensordesc<tensor<64x64xf16, #NV>>, !ttg.memdesc<1xi64, #A1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #NV, #smem, mutable>
  ttng.wait_barrier %b0, %c0 : !ttg.memdesc<1xi64, #A1, #smem, mutable>
  %d = ttng.warp_group_dot %tile, %tile, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #NV, #smem, mutable> * !ttg.memdesc<64x64xf16, #NV, #smem, mutable> -> tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>
  tt.return
}

}

// -----

// Calls. A callee's accesses are seen at the call, moved to its virtual
// buffer: those before its first barrier are checked against the caller's
// pending ones, those still pending at its return join the caller's, and a
// callee that passes a barrier on every path orders the caller's earlier
// accesses.
#AL = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// Writes its buffer and returns without a barrier.
// CHECK-LABEL: tt.func private @writer
// CHECK-NOT: gpu.barrier
// CHECK: tt.return
tt.func private @writer(%t: tensor<16x16xf16, #AL>) {
  %0 = ttg.local_alloc %t : (tensor<16x16xf16, #AL>) -> !ttg.memdesc<16x16xf16, #A, #smem>
  tt.return
}

// Writes, then (after its own barrier) reads.
// CHECK-LABEL: tt.func private @syncing
// CHECK: ttg.local_alloc
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_load
tt.func private @syncing(%t: tensor<16x16xf16, #AL>) {
  %0 = ttg.local_alloc %t : (tensor<16x16xf16, #AL>) -> !ttg.memdesc<16x16xf16, #A, #smem>
  %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem> -> tensor<16x16xf16, #AL>
  tt.return
}

// The kernel's first buffer (dead before the call) shares bytes with
// @writer's: its read comes before @writer's write, and @writer's write
// before the read of the kernel's second buffer, at the same bytes.
// CHECK-LABEL: tt.func public @calls_writer
// CHECK: ttg.local_alloc
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tt.call @writer
// CHECK-NEXT: ttg.local_alloc
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_load
tt.func public @calls_writer(%t: tensor<16x16xf16, #AL>) {
  %0 = ttg.local_alloc %t : (tensor<16x16xf16, #AL>) -> !ttg.memdesc<16x16xf16, #A, #smem>
  %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem> -> tensor<16x16xf16, #AL>
  tt.call @writer(%t) : (tensor<16x16xf16, #AL>) -> ()
  %2 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %3 = ttg.local_load %2 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  tt.return
}

// The kernel's buffer lives across the call (@syncing's bytes are above it):
// the store before the call is ordered by @syncing's barrier, so the load
// after needs none.
// CHECK-LABEL: tt.func public @calls_syncing
// CHECK: ttg.local_store
// CHECK-NEXT: tt.call @syncing
// CHECK-NEXT: ttg.local_load
tt.func public @calls_syncing(%t: tensor<16x16xf16, #AL>) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  ttg.local_store %t, %0 : tensor<16x16xf16, #AL> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  tt.call @syncing(%t) : (tensor<16x16xf16, #AL>) -> ()
  %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  tt.return
}

// Without the barrier in the callee, the same load needs its own.
// CHECK-LABEL: tt.func public @calls_writer_live
// CHECK: tt.call @writer
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_load
tt.func public @calls_writer_live(%t: tensor<16x16xf16, #AL>) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  ttg.local_store %t, %0 : tensor<16x16xf16, #AL> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  tt.call @writer(%t) : (tensor<16x16xf16, #AL>) -> ()
  %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  tt.return
}

}

// -----

#AL = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// A ttg.warp_specialize starts and ends with a barrier of all the CTA's
// warps (its lowering's contract): the store before it and the reads in
// its regions need none, nor the store after it. Inside a region, its own
// warps' accesses are ordered as anywhere: the partition's load after its
// store through the captured buffer gets a barrier; the default region's
// load of the buffer the partition writes gets none (the kernel orders
// that with mbarriers).
// CHECK-LABEL: tt.func @warp_specialize_regions
// CHECK: ttg.local_store
// CHECK-NEXT: ttg.warp_specialize
// CHECK-NEXT: default {
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.warp_yield
// CHECK: partition0
// CHECK-NEXT: tt.splat
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.warp_return
// CHECK: partition1
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.warp_return
// CHECK: } : (!ttg.memdesc
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: tt.return
// CF-LABEL: tt.func @warp_specialize_regions
// CF: partition0
// CF-NEXT: tt.splat
// CF-NEXT: ttg.local_store
// CF-NEXT: gpu.barrier
// CF-NEXT: ttg.local_load
tt.func @warp_specialize_regions(%t: tensor<16x16xf16, #AL>, %x: f16) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  ttg.local_store %t, %0 : tensor<16x16xf16, #AL> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  ttg.warp_specialize(%0, %x)
  default {
    %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
    ttg.warp_yield
  }
  partition0(%b: !ttg.memdesc<16x16xf16, #A, #smem, mutable>, %y: f16) num_warps(4) {
    %u = tt.splat %y : f16 -> tensor<16x16xf16, #AL>
    ttg.local_store %u, %b : tensor<16x16xf16, #AL> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
    %2 = ttg.local_load %b : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
    ttg.warp_return
  }
  partition1(%b: !ttg.memdesc<16x16xf16, #A, #smem, mutable>, %y: f16) num_warps(4) {
    %3 = ttg.local_load %b : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
    ttg.warp_return
  } : (!ttg.memdesc<16x16xf16, #A, #smem, mutable>, f16) -> ()
  ttg.local_store %t, %0 : tensor<16x16xf16, #AL> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  tt.return
}

}

// -----

#AL = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// An mbarrier arrive is made by one thread and tells the waiting warps that
// this region's shared-memory work is done: every access pending before it
// (the store into the buffer, the read of the other) is ordered by a
// barrier first, though the arrive's own bytes overlap none of them. So is
// a wait: a warp still before it must not see its mbarrier move on twice.
// CHECK-LABEL: tt.func @arrive_publishes
// CHECK: ttng.wait_barrier
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttng.arrive_barrier %[[E:.*]], 1
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttng.arrive_barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttng.arrive_barrier
// CHECK-NEXT: tt.return
tt.func @arrive_publishes(%t: tensor<16x16xf16, #AL>, %phase: i32) {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.init_barrier %empty, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  gpu.barrier
  ttng.wait_barrier %full, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.arrive_barrier %empty, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttg.local_store %t, %buf : tensor<16x16xf16, #AL> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  ttng.arrive_barrier %full, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %v = ttg.local_load %buf : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> tensor<16x16xf16, #AL>
  ttng.arrive_barrier %empty, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return
}

// A function that arrives before any barrier of its own: its caller orders
// what it has pending before the call.
// CHECK-LABEL: tt.func private @arrives
// CHECK-NEXT: ttng.arrive_barrier
tt.func private @arrives(%b: !ttg.memdesc<1xi64, #bar, #smem, mutable>) attributes {noinline = true} {
  ttng.arrive_barrier %b, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return
}

// CHECK-LABEL: tt.func @calls_arrive
// CHECK: ttg.local_store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tt.call @arrives
tt.func @calls_arrive(%t: tensor<16x16xf16, #AL>) {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  gpu.barrier
  ttg.local_store %t, %buf : tensor<16x16xf16, #AL> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  tt.call @arrives(%full) : (!ttg.memdesc<1xi64, #bar, #smem, mutable>) -> ()
  tt.return
}

}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#A = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// Two waits on one mbarrier: where these warps only hand buffers back per
// warp group, none can run ahead of a slow one, and no barrier separates
// the waits (with an expect or a copy of their own, one would).
// CHECK-LABEL: tt.func @waits_of_a_consumer
// CHECK: ttng.wait_barrier
// CHECK-NEXT: ttng.wait_barrier
// CHECK-NEXT: ttng.arrive_barrier
tt.func @waits_of_a_consumer(%phase: i32) {
  %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  gpu.barrier
  ttng.wait_barrier %full, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.wait_barrier %full, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.arrive_barrier %empty, 1 {perWarpGroup} : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return
}

// An expect and a copy of the region's own, on another mbarrier (a tile
// loaded before a warp-specialized loop): they cannot move the waited one
// on, so its waits still need no barrier; an expect on the waited mbarrier
// does (the second pair).
// CHECK-LABEL: tt.func @waits_beside_an_own_load
// CHECK: ttng.wait_barrier %[[OTHER:.*]], %{{.*}} :
// CHECK-NEXT: ttng.wait_barrier %[[FULL:.*]], %{{.*}} :
// CHECK-NEXT: ttng.wait_barrier %[[FULL]], %{{.*}} :
// CHECK-NEXT: tt.return
// CHECK-LABEL: tt.func @waits_beside_an_expect_on_them
// CHECK: ttng.wait_barrier
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttng.wait_barrier
tt.func @waits_beside_an_own_load(%phase: i32, %desc: !tt.tensordesc<tensor<64x64xf16, #A>>) {
  %true = arith.constant true
  %c0 = arith.constant 0 : i32
  %tile = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #A, #smem, mutable>
  %other = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.init_barrier %other, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  gpu.barrier
  ttng.barrier_expect %other, 8192, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %tile, %other, %true : !tt.tensordesc<tensor<64x64xf16, #A>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #A, #smem, mutable>
  ttng.wait_barrier %other, %c0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.wait_barrier %full, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.wait_barrier %full, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return
}

tt.func @waits_beside_an_expect_on_them(%phase: i32) {
  %true = arith.constant true
  %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  gpu.barrier
  ttng.barrier_expect %full, 8192, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.wait_barrier %full, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.wait_barrier %full, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return
}

// A warp group's wgmma reads are retired by its own warp_group_dot_wait:
// an arrive of each warp group after it needs no barrier of the region;
// the arrive of the region's first thread does.
// CHECK-LABEL: tt.func @arrive_after_wgmma
// CHECK: ttng.warp_group_dot_wait
// CHECK-NEXT: ttng.arrive_barrier %{{.*}}, 1 {perWarpGroup}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttng.arrive_barrier %{{.*}}, 1 :
tt.func @arrive_after_wgmma(%a: !ttg.memdesc<64x64xf16, #A, #smem, mutable>, %acc: tensor<64x64xf32, #mma>) {
  %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.init_barrier %empty, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  gpu.barrier
  %d = ttng.warp_group_dot %a, %a, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xf16, #A, #smem, mutable> * !ttg.memdesc<64x64xf16, #A, #smem, mutable> -> tensor<64x64xf32, #mma>
  %w:2 = ttng.warp_group_dot_wait %d, %a {pendings = 0 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #A, #smem, mutable>
  ttng.arrive_barrier %empty, 1 {perWarpGroup} : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.arrive_barrier %empty, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return
}

}
