// RUN: triton-opt %s -split-input-file --triton-nvidia-tma-lowering -verify-each | FileCheck %s

// A load: a buffer in the descriptor's layout, a fresh mbarrier expecting
// the block's 8192 bytes, the copy, the wait on phase 0, then registers.
// CHECK-LABEL: tt.func public @load
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK: %[[BAR:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK: ttng.init_barrier %[[BAR]], 1
// CHECK: ttng.barrier_expect %[[BAR]], 8192, %true
// CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg1] %[[BUF]], %[[BAR]], %true
// CHECK: ttng.wait_barrier %[[BAR]], %c0_i32
// CHECK: ttng.inval_barrier %[[BAR]]
// CHECK: ttg.local_load %[[BUF]] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @load(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32) -> tensor<64x64xf16, #blocked> {
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
    tt.return %v : tensor<64x64xf16, #blocked>
  }
}

// -----

// A store and a reduction: the source written to shared memory, fenced for
// the async proxy, copied out, and the TMA unit waited for.
// CHECK-LABEL: tt.func public @store
// CHECK: %[[SRC:.*]] = ttg.local_alloc %arg2 : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_copy_local_to_global %arg0[%arg1, %arg1] %[[SRC]]
// CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK: ttg.local_alloc %arg2
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_reduce add, %arg0[%arg1, %arg1]
// CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @store(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
    tt.descriptor_reduce add, %d[%i, %i], %v : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
    tt.return
  }
}

// -----

// A rank-reduced load lands in a 2D buffer with the block's layout.
// CHECK-LABEL: tt.func public @rank_reduced
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
// CHECK: ttng.barrier_expect {{.*}}, 1024, %true
// CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg1, %arg1]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rank_reduced(%d: !tt.tensordesc<tensor<1x8x32xf32, #shared>>, %i: i32) -> tensor<8x32xf32, #blocked> {
    %v = tt.descriptor_load %d[%i, %i, %i] : !tt.tensordesc<tensor<1x8x32xf32, #shared>> -> tensor<8x32xf32, #blocked>
    tt.return %v : tensor<8x32xf32, #blocked>
  }
}

// -----

// A local_alloc of the loaded block in the descriptor's layout (a wgmma
// operand) is the TMA buffer itself, read in place through mutable views.
// CHECK-LABEL: tt.func public @alloc_in_place
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg1] %[[BUF]]
// CHECK-NOT: ttg.local_alloc
// CHECK: %[[T:.*]] = ttg.memdesc_trans %[[BUF]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #{{.*}}, #smem, mutable>
// CHECK: ttg.local_load %[[T]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @alloc_in_place(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32) -> tensor<64x64xf16, #blocked> {
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
    %s = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %t = ttg.memdesc_trans %s {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #shared1, #smem>
    %l = ttg.local_load %t : !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<64x64xf16, #blocked>
    tt.return %l : tensor<64x64xf16, #blocked>
  }
}

// -----

// A descriptor made on the device: its tensor map in 128 bytes of global
// scratch, box and dims innermost first, strides in bytes (all but the
// innermost), 128-byte swizzle (3), f16 (6), NaN fill for padding="nan".
// CHECK-LABEL: tt.func public @make_descriptor
// CHECK: %[[MAP:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
// CHECK: %[[S:.*]] = arith.muli %arg3, %c2_i64 : i64
// CHECK: ttng.tensormap_create %[[MAP]], %arg0, [%c64_i32{{.*}}, %c64_i32{{.*}}], [%arg2, %arg1], [%[[S]]], [%c1_i32{{.*}}, %c1_i32{{.*}}] {elem_type = 6 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32}
// CHECK: ttng.tensormap_fenceproxy_acquire %[[MAP]]
// CHECK: %[[D:.*]] = ttng.reinterpret_tensor_descriptor %[[MAP]] : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16, #shared>>
// CHECK: ttng.async_tma_copy_global_to_local %[[D]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @make_descriptor(%p: !tt.ptr<f16>, %m: i32, %n: i32, %s: i64, %i: i32) -> tensor<64x64xf16, #blocked> {
    %c1 = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %p, [%m, %n], [%s, %c1] {padding = 2 : i32} : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16, #shared>>
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
    tt.return %v : tensor<64x64xf16, #blocked>
  }
}

// -----

// In a cluster each CTA's TMA copy brings its part of the block: the block
// is split over 2 CTAs along rows (CGALayout [[1, 0]]), so the barrier
// expects 4 x 128 x 2 bytes, not the whole block's 2048.
// CHECK-LABEL: tt.func public @load_in_cluster
// CHECK: ttng.barrier_expect %{{.*}}, 1024, %{{.*}}
// CHECK: ttng.async_tma_copy_global_to_local
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @load_in_cluster(%d: !tt.tensordesc<tensor<8x128xf16, #shared>>, %x: i32) -> tensor<8x128xf16, #blocked> {
    %v = tt.descriptor_load %d[%x, %x] : !tt.tensordesc<tensor<8x128xf16, #shared>> -> tensor<8x128xf16, #blocked>
    tt.return %v : tensor<8x128xf16, #blocked>
  }
}

// -----

// A descriptor made on the device and captured by a ttg.warp_specialize
// (nvgpu-warp-specialization's producer): the partition receives the map's
// address, acquires it for the TMA unit (its warps never ran the kernel's
// acquire) and reads it as the descriptor. The default region keeps the
// kernel's descriptor.
// CHECK-LABEL: tt.func public @captured_descriptor
// CHECK: %[[MAP:.*]] = ttg.global_scratch_alloc
// CHECK: ttng.tensormap_fenceproxy_acquire %[[MAP]]
// CHECK: %[[D:.*]] = ttng.reinterpret_tensor_descriptor %[[MAP]]
// CHECK: ttg.warp_specialize(%[[MAP]], %{{.*}})
// CHECK: default {
// CHECK: ttng.async_tma_copy_global_to_local %[[D]]
// CHECK: partition0(%[[ARG:.*]]: !tt.ptr<i8>, %{{.*}}: i32) num_warps(1) {
// CHECK-NEXT: ttng.tensormap_fenceproxy_acquire %[[ARG]]
// CHECK-NEXT: %[[PD:.*]] = ttng.reinterpret_tensor_descriptor %[[ARG]] : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16, #shared>>
// CHECK: ttng.async_tma_copy_global_to_local %[[PD]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @captured_descriptor(%p: !tt.ptr<f16>, %m: i32, %n: i32, %s: i64, %i: i32) {
    %c1 = arith.constant 1 : i64
    %true = arith.constant true
    %d = tt.make_tensor_descriptor %p, [%m, %n], [%s, %c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16, #shared>>
    ttg.warp_specialize(%d, %i)
    default {
      %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      ttg.warp_yield
    }
    partition0(%pd: !tt.tensordesc<tensor<64x64xf16, #shared>>, %pi: i32) num_warps(1) {
      %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      %t = arith.constant true
      ttng.async_tma_copy_global_to_local %pd[%pi, %pi] %buf, %bar, %t : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttg.warp_return
    } : (!tt.tensordesc<tensor<64x64xf16, #shared>>, i32) -> ()
    tt.return
  }
}
