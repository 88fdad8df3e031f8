// RUN: triton-opt %s -split-input-file -tritongpu-optimize-dot-operands -verify-each | FileCheck %s

// mm_f16_bt: B = trans(load) stored for wgmma becomes a transposed view of
// the untransposed store.
// CHECK-DAG: #[[SH:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[SHT:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// CHECK-LABEL: @fuse_trans
// CHECK: %[[B:.*]] = tt.load
// CHECK-NOT: tt.trans
// CHECK: %[[S:.*]] = ttg.local_alloc %[[B]] : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #[[SH]], #smem>
// CHECK: %[[T:.*]] = ttg.memdesc_trans %[[S]] {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #[[SH]], #smem> -> !ttg.memdesc<64x128xf16, #[[SHT]], #smem>
// CHECK: ttng.warp_group_dot %{{.*}}, %[[T]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fuse_trans(%sa: !ttg.memdesc<128x64xf16, #shared, #smem>, %pb: tensor<128x64x!tt.ptr<f16>, #blocked>, %c: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> {
    %b = tt.load %pb : tensor<128x64x!tt.ptr<f16>, #blocked>
    %bt = tt.trans %b {order = array<i32: 1, 0>} : tensor<128x64xf16, #blocked> -> tensor<64x128xf16, #blocked1>
    %sb = ttg.local_alloc %bt : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared1, #smem>
    %d = ttng.warp_group_dot %sa, %sb, %c {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
    tt.return %d : tensor<128x128xf32, #mma>
  }
}

// -----

// The same in a cluster of 2 CTAs splitting N: B (K x N) is split along N,
// so its untransposed store (N x K) is split along its dimension 0, and the
// memdesc_trans view is split as the original alloc was (not along K,
// where each CTA's 32 columns would be narrower than the 128-byte swizzle).
// CHECK-DAG: #[[SH:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = {{\[\[}}1, 0]]}>
// CHECK-DAG: #[[SHT:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16, CGALayout = {{\[\[}}0, 1]]}>
// CHECK-LABEL: @fuse_trans_cluster
// CHECK: %[[S:.*]] = ttg.local_alloc %{{.*}} : (tensor<256x64xf16, #blocked>) -> !ttg.memdesc<256x64xf16, #[[SH]], #smem>
// CHECK: ttg.memdesc_trans %[[S]] {order = array<i32: 1, 0>} : !ttg.memdesc<256x64xf16, #[[SH]], #smem> -> !ttg.memdesc<64x256xf16, #[[SHT]], #smem>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1], CGALayout = [[0, 1]]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = [[0, 1]], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fuse_trans_cluster(%sa: !ttg.memdesc<128x64xf16, #shared, #smem>, %pb: tensor<256x64x!tt.ptr<f16>, #blocked>, %c: tensor<128x256xf32, #mma>) -> tensor<128x256xf32, #mma> {
    %b = tt.load %pb : tensor<256x64x!tt.ptr<f16>, #blocked>
    %bt = tt.trans %b {order = array<i32: 1, 0>} : tensor<256x64xf16, #blocked> -> tensor<64x256xf16, #blocked1>
    %sb = ttg.local_alloc %bt : (tensor<64x256xf16, #blocked1>) -> !ttg.memdesc<64x256xf16, #shared1, #smem>
    %d = ttng.warp_group_dot %sa, %sb, %c {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared1, #smem> -> tensor<128x256xf32, #mma>
    tt.return %d : tensor<128x256xf32, #mma>
  }
}

// -----

// mm_tf32x3: the conversion of A to the dot operand layout moves above the
// split (inline asm, subf) to the load; both uses share the conversion of
// the loaded value.
// CHECK-LABEL: @hoist_conversion
// CHECK: %[[A:.*]] = tt.load
// CHECK: ttg.convert_layout %[[A]] : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
// CHECK: %[[CA:.*]] = ttg.convert_layout %[[A]] : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
// CHECK: %[[BIG:.*]] = tt.elementwise_inline_asm {{.*}} %[[CA]] : tensor<64x32xf32, #ttg.dot_op
// CHECK: arith.subf %{{.*}}, %[[BIG]] : tensor<64x32xf32, #ttg.dot_op
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @hoist_conversion(%pa: tensor<64x32x!tt.ptr<f32>, #blocked>, %sb: !ttg.memdesc<32x64xf32, #shared, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = tt.load %pa : tensor<64x32x!tt.ptr<f32>, #blocked>
    %big = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %a : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #blocked>
    %small = arith.subf %a, %big : tensor<64x32xf32, #blocked>
    %ca = ttg.convert_layout %small : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    %d = ttng.warp_group_dot %ca, %sb, %c {inputPrecision = 0 : i32} : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * !ttg.memdesc<32x64xf32, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// Attention's P: A stored from an mma v3 accumulator is read from registers.
// CHECK-LABEL: @register_a
// CHECK-NOT: ttg.local_alloc
// CHECK: %[[P:.*]] = ttg.convert_layout %{{.*}} : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: ttng.warp_group_dot %[[P]]
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @register_a(%p: tensor<128x64xf16, #mma>, %sv: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #mma> {
    %sp = ttg.local_alloc %p : (tensor<128x64xf16, #mma>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %d = ttng.warp_group_dot %sp, %sv, %c {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
    tt.return %d : tensor<128x64xf32, #mma>
  }
}
