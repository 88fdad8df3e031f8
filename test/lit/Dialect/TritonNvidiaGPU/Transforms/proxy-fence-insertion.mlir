// triton-nvidia-gpu-proxy-fence-insertion: a TMA load into bytes a generic
// access touched since the last fence gets ttng.fence_async_shared before
// it. The pass finds shared bytes through the allocation's offsets (the
// first RUN prints them: ALLOC).
// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv | FileCheck %s --check-prefix=ALLOC
// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --triton-nvidia-gpu-proxy-fence-insertion | FileCheck %s
// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --triton-nvidia-gpu-proxy-fence-insertion=compute-capability=80 | FileCheck %s --check-prefix=SM80

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// %a is dead when %b is allocated: both at offset 0. The generic read of %a
// and the TMA write of %b share bytes.
// ALLOC-LABEL: tt.func @reused_bytes
// ALLOC: ttg.local_alloc %{{.*}} {allocation.offset = 0 : i32}
// ALLOC: ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<128x64xf16
// CHECK-LABEL: tt.func @reused_bytes
// CHECK: ttg.local_load
// CHECK: ttng.barrier_expect
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_copy_global_to_local
// CHECK-NOT: ttng.fence_async_shared
// SM80-LABEL: tt.func @reused_bytes
// SM80-NOT: ttng.fence_async_shared
// SM80: tt.func @separate_bytes
tt.func @reused_bytes(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %t: tensor<128x64xf16, #blocked>, %x: i32, %pred: i1) -> tensor<128x64xf16, #blocked> {
  %a = ttg.local_alloc %t : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
  %v = ttg.local_load %a : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf16, #blocked>
  %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %b = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.barrier_expect %bar, 16384, %pred : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.async_tma_copy_global_to_local %desc[%x, %x] %b, %bar, %pred : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.wait_barrier %bar, %x : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %w = ttg.local_load %b : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #blocked>
  ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %s = arith.addf %v, %w : tensor<128x64xf16, #blocked>
  tt.return %s : tensor<128x64xf16, #blocked>
}

// %a is still live at the TMA load: the buffers do not share bytes, and the
// mbarrier's own accesses do not count.
// CHECK-LABEL: tt.func @separate_bytes
// CHECK-NOT: ttng.fence_async_shared
// CHECK: tt.return
tt.func @separate_bytes(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %t: tensor<128x64xf16, #blocked>, %x: i32, %pred: i1) -> tensor<128x64xf16, #blocked> {
  %a = ttg.local_alloc %t : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
  %v = ttg.local_load %a : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf16, #blocked>
  %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %b = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.barrier_expect %bar, 16384, %pred : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.async_tma_copy_global_to_local %desc[%x, %x] %b, %bar, %pred : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.wait_barrier %bar, %x : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %w = ttg.local_load %b : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #blocked>
  %v2 = ttg.local_load %a : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf16, #blocked>
  ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %s = arith.addf %v2, %w : tensor<128x64xf16, #blocked>
  tt.return %s : tensor<128x64xf16, #blocked>
}

// A fence already between them: no second one.
// CHECK-LABEL: tt.func @already_fenced
// CHECK: ttng.fence_async_shared
// CHECK-NOT: ttng.fence_async_shared
// CHECK: tt.return
tt.func @already_fenced(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %t: tensor<128x64xf16, #blocked>, %x: i32, %pred: i1) -> tensor<128x64xf16, #blocked> {
  %a = ttg.local_alloc %t : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
  %v = ttg.local_load %a : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf16, #blocked>
  ttng.fence_async_shared {bCluster = false}
  %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %b = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.barrier_expect %bar, 16384, %pred : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.async_tma_copy_global_to_local %desc[%x, %x] %b, %bar, %pred : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.wait_barrier %bar, %x : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %w = ttg.local_load %b : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #blocked>
  ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %s = arith.addf %v, %w : tensor<128x64xf16, #blocked>
  tt.return %s : tensor<128x64xf16, #blocked>
}

// A conversion's scratch (offset 0) in one branch of an scf.if, then a TMA
// load into a buffer allocated at the same offset after the join.
// ALLOC-LABEL: tt.func @scratch_in_branch
// ALLOC: ttg.convert_layout {{.*}}allocation.offset = 0 : i32
// ALLOC: ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<128x64xf16
// CHECK-LABEL: tt.func @scratch_in_branch
// CHECK: scf.if
// CHECK: ttg.convert_layout
// CHECK: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_copy_global_to_local
tt.func @scratch_in_branch(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %t: tensor<128x64xf16, #blocked>, %x: i32, %pred: i1, %out: !tt.ptr<f16>) -> tensor<128x64xf16, #blocked> {
  scf.if %pred {
    %c = ttg.convert_layout %t : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #blocked1>
    %p = tt.splat %out : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #blocked1>
    tt.store %p, %c : tensor<128x64x!tt.ptr<f16>, #blocked1>
  }
  %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %b = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.barrier_expect %bar, 16384, %pred : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.async_tma_copy_global_to_local %desc[%x, %x] %b, %bar, %pred : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.wait_barrier %bar, %x : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %w = ttg.local_load %b : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #blocked>
  ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return %w : tensor<128x64xf16, #blocked>
}

// A barrier orders no proxy: the generic store before the
// ttg.warp_specialize reaches the partition's TMA load into the same
// buffer, which gets the fence.
// CHECK-LABEL: tt.func @warp_specialize_partition
// CHECK: partition0
// CHECK: ttng.barrier_expect
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_copy_global_to_local
// CHECK: ttg.warp_return
tt.func @warp_specialize_partition(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %t: tensor<128x64xf16, #blocked>, %x: i32, %pred: i1) {
  %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %b = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttg.local_store %t, %b : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttg.warp_specialize(%desc, %b, %bar, %x, %pred)
  default {
    ttg.warp_yield
  }
  partition0(%d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %br: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %i: i32, %p: i1) num_warps(4) {
    ttng.barrier_expect %br, 16384, %p : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%i, %i] %buf, %br, %p : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.wait_barrier %br, %i : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttg.warp_return
  } : (!tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>, i32, i1) -> ()
  ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return
}
}
