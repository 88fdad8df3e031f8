// RUN: triton-opt %s -split-input-file -triton-nvidia-gpu-fence-insertion="compute-capability=90" -verify-each | FileCheck %s
// RUN: triton-opt %s -split-input-file -triton-nvidia-gpu-fence-insertion="compute-capability=80" -verify-each | FileCheck %s --check-prefix=SM80

// attn_d64_full: Q is stored from registers before the loop, K inside it: the
// fence stays in the loop, right before the dot. The second dot's V is
// stored in the loop too; one fence each.
// CHECK-LABEL: @attention
// CHECK: %[[Q:.*]] = ttg.local_alloc
// CHECK-NOT: ttng.fence_async_shared
// CHECK: scf.for
// CHECK: %[[K:.*]] = ttg.local_alloc
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.warp_group_dot %[[Q]], %[[K]]
// CHECK: %[[V:.*]] = ttg.local_alloc
// CHECK: ttg.convert_layout
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.warp_group_dot %{{.*}}, %[[V]]
// SM80-NOT: ttng.fence_async_shared
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @attention(%q: tensor<128x64xf16, #blocked>, %k: tensor<64x64xf16, #blocked1>, %v: tensor<64x64xf16, #blocked>, %c: tensor<128x64xf32, #mma>, %n: i32) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %sq = ttg.local_alloc %q : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<128x64xf32, #mma>) : i32 {
      %sk = ttg.local_alloc %k : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared1, #smem>
      %qk = ttng.warp_group_dot %sq, %sk, %c {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
      %p = arith.truncf %qk : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %sv = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %pa = ttg.convert_layout %p : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = ttng.warp_group_dot %pa, %sv, %acc {inputPrecision = 0 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
      scf.yield %d : tensor<128x64xf32, #mma>
    }
    tt.return %r : tensor<128x64xf32, #mma>
  }
}

// -----

// Operands stored before the loop: the fence is hoisted out of it. A
// transposed view is looked through.
// CHECK-LABEL: @hoisted
// CHECK: ttg.memdesc_trans
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: scf.for
// CHECK-NOT: ttng.fence_async_shared
// CHECK: ttng.warp_group_dot
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @hoisted(%q: tensor<128x64xf16, #blocked>, %k: tensor<64x64xf16, #blocked>, %c: tensor<128x64xf32, #mma>, %n: i32) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %sq = ttg.local_alloc %q : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %sk = ttg.local_alloc %k : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %skt = ttg.memdesc_trans %sk {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #shared1, #smem>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<128x64xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %sq, %skt, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
      scf.yield %d : tensor<128x64xf32, #mma>
    }
    tt.return %r : tensor<128x64xf32, #mma>
  }
}
