// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv | FileCheck %s

// Every op with a buffer gets its offset; the module the bytes to reserve.

// CHECK: module attributes {{.*}}ttg.shared = 2304 : i32
// CHECK-LABEL: tt.func public @buffers
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
// CHECK: "tt.reduce"
// CHECK: allocation.offset = 2048 : i32
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @buffers(%x: tensor<16x128xf32, #blocked>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<16x32xf32, #shared, #smem, mutable>
    %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%l: f32, %rr: f32):
      %s = arith.addf %l, %rr : f32
      tt.reduce.return %s : f32
    }) : (tensor<16x128xf32, #blocked>) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    ttg.local_dealloc %a : !ttg.memdesc<16x32xf32, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// Without buffers the module still says how much it needs: nothing.

// CHECK: module attributes {{.*}}ttg.shared = 0 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @nothing() {
    tt.return
  }
}
