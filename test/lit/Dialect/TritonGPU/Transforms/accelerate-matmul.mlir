// RUN: triton-opt %s -split-input-file -tritongpu-accelerate-matmul -verify-each | FileCheck %s

// sm_90, f16, 128x128x64, 4 warps (mm_f16_128x128x64_w4): wgmma with
// instrShape [16, 128, 16], warps [4, 1]; both loaded operands go to shared
// memory right after their load, with 128-byte swizzling.
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
// CHECK-DAG: #[[SH:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: @mm_f16
// CHECK: %[[A:.*]] = tt.load
// CHECK-NEXT: %[[SA:.*]] = ttg.local_alloc %[[A]] : (tensor<128x64xf16, #{{.*}}>) -> !ttg.memdesc<128x64xf16, #[[SH]], #smem>
// CHECK: %[[B:.*]] = tt.load
// CHECK-NEXT: %[[SB:.*]] = ttg.local_alloc %[[B]] : (tensor<64x128xf16, #{{.*}}>) -> !ttg.memdesc<64x128xf16, #[[SH]], #smem>
// CHECK: %[[C:.*]] = ttg.convert_layout %{{.*}} -> tensor<128x128xf32, #[[MMA]]>
// CHECK: %[[D:.*]] = ttng.warp_group_dot %[[SA]], %[[SB]], %[[C]] {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #[[SH]], #smem> * !ttg.memdesc<64x128xf16, #[[SH]], #smem> -> tensor<128x128xf32, #[[MMA]]>
// CHECK: ttg.convert_layout %[[D]] : tensor<128x128xf32, #[[MMA]]> -> tensor<128x128xf32, #blocked2>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mm_f16(%pa: tensor<128x64x!tt.ptr<f16>, #blocked>, %pb: tensor<64x128x!tt.ptr<f16>, #blocked1>, %c: tensor<128x128xf32, #blocked2>) -> tensor<128x128xf32, #blocked2> {
    %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
    %b = tt.load %pb : tensor<64x128x!tt.ptr<f16>, #blocked1>
    %a1 = ttg.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>
    %b1 = ttg.convert_layout %b : tensor<64x128xf16, #blocked1> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = tf32 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>> -> tensor<128x128xf32, #blocked2>
    tt.return %d : tensor<128x128xf32, #blocked2>
  }
}

// -----

// fp8 (mm_e4m3_128x128x64_w4): K of 32 per instruction, 64-byte rows; fp8
// operands must be K-contiguous, so B is stored transposed. The fp8
// accumulation limit is kept.
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
// CHECK-DAG: #[[SA:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
// CHECK-DAG: #[[SB:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
// CHECK-LABEL: @mm_e4m3
// CHECK: ttng.warp_group_dot {{.*}} {inputPrecision = 0 : i32, maxNumImpreciseAcc = 1073741824 : i32} : !ttg.memdesc<128x64xf8E4M3FN, #[[SA]], #smem> * !ttg.memdesc<64x128xf8E4M3FN, #[[SB]], #smem> -> tensor<128x128xf32, #[[MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mm_e4m3(%pa: tensor<128x64x!tt.ptr<f8E4M3FN>, #blocked>, %pb: tensor<64x128x!tt.ptr<f8E4M3FN>, #blocked1>, %c: tensor<128x128xf32, #blocked2>) -> tensor<128x128xf32, #blocked2> {
    %a = tt.load %pa : tensor<128x64x!tt.ptr<f8E4M3FN>, #blocked>
    %b = tt.load %pb : tensor<64x128x!tt.ptr<f8E4M3FN>, #blocked1>
    %a1 = ttg.convert_layout %a : tensor<128x64xf8E4M3FN, #blocked> -> tensor<128x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>
    %b1 = ttg.convert_layout %b : tensor<64x128xf8E4M3FN, #blocked1> -> tensor<64x128xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = tf32 {maxNumImpreciseAcc = 1073741824 : i32} : tensor<128x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>> * tensor<64x128xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>> -> tensor<128x128xf32, #blocked2>
    tt.return %d : tensor<128x128xf32, #blocked2>
  }
}

// -----

// tf32 64x64x32 (mm_tf32x3's dots): K of 8 per instruction, N of 64; an A
// computed in registers (not loaded) stays there as a dot operand with
// kWidth 1.
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
// CHECK-DAG: #[[SB:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
// CHECK-LABEL: @mm_tf32_register_a
// CHECK: %[[A:.*]] = ttg.convert_layout %{{.*}} -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 1}>>
// CHECK: ttng.warp_group_dot %[[A]], %{{.*}} : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 1}>> * !ttg.memdesc<32x64xf32, #[[SB]], #smem>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mm_tf32_register_a(%pa: tensor<64x32x!tt.ptr<f32>, #blocked>, %pb: tensor<32x64x!tt.ptr<f32>, #blocked1>, %c: tensor<64x64xf32, #blocked2>) -> tensor<64x64xf32, #blocked2> {
    %a = tt.load %pa : tensor<64x32x!tt.ptr<f32>, #blocked>
    %a2 = arith.addf %a, %a : tensor<64x32xf32, #blocked>
    %b = tt.load %pb : tensor<32x64x!tt.ptr<f32>, #blocked1>
    %a1 = ttg.convert_layout %a2 : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>
    %b1 = ttg.convert_layout %b : tensor<32x64xf32, #blocked1> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>> -> tensor<64x64xf32, #blocked2>
    tt.return %d : tensor<64x64xf32, #blocked2>
  }
}

// -----

// ieee f32 stays on FMAs (mm_ieee_64x64x32_w4).
// CHECK-NOT: nvidia_mma
// CHECK-LABEL: @mm_ieee
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mm_ieee(%a: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>>, %c: tensor<64x64xf32, #blocked2>) -> tensor<64x64xf32, #blocked2> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>> -> tensor<64x64xf32, #blocked2>
    tt.return %d : tensor<64x64xf32, #blocked2>
  }
}

// -----

// sm_80, i8 (mm_i8_64x64x64_w4_sm80): mma v2, warps balanced [2, 2], operands
// with kWidth 4 (32 / 8 bits).
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: @mm_i8_sm80
// CHECK: ttg.convert_layout %{{.*}} -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 4}>>
// CHECK: ttg.convert_layout %{{.*}} -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 4}>>
// CHECK: tt.dot {{.*}} -> tensor<64x64xi32, #[[MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mm_i8_sm80(%a: tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xi32, #blocked>) -> tensor<64x64xi32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xi32, #blocked>
    tt.return %d : tensor<64x64xi32, #blocked>
  }
}

// -----

// sm_90 with one warp and a 16x16 tile (mm_f16_16x16x16_w1): too small for
// wgmma, mma v2.
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
// CHECK-LABEL: @mm_f16_16x16_w1
// CHECK: tt.dot {{.*}} -> tensor<16x16xf32, #[[MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mm_f16_16x16_w1(%a: tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x16xf32, #blocked>) -> tensor<16x16xf32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xf32, #blocked>
    tt.return %d : tensor<16x16xf32, #blocked>
  }
}

// -----

// A batched dot on sm_90 (bmm_f16_4x32x32x32_w4): mma v2, instrShape
// [1, 16, 8], all warps on the batch.
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1, 1], instrShape = [1, 16, 8]}>
// CHECK-LABEL: @bmm_f16
// CHECK: tt.dot {{.*}} -> tensor<4x32x32xf32, #[[MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [4, 1, 1], order = [2, 0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @bmm_f16(%a: tensor<4x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<4x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<4x32x32xf32, #blocked>) -> tensor<4x32x32xf32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<4x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<4x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<4x32x32xf32, #blocked>
    tt.return %d : tensor<4x32x32xf32, #blocked>
  }
}

// -----

// In a cluster of 2 CTAs splitting the result along N (CGALayout [[0, 1]]),
// the wgmma operands in shared memory split as the accumulator does along
// their non-K dimension: A (M x K) is held whole by both CTAs, B (K x N) is
// split along N; every CTA holds all of K.
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = {{\[\[0, 1\]\]}}, instrShape = [16, 64, 16]}>
// CHECK-DAG: #[[SA:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = {{\[\[0, 0\]\]}}}>
// CHECK-DAG: #[[SB:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = {{\[\[0, 1\]\]}}}>
// CHECK-LABEL: @mm_cluster
// CHECK: ttng.warp_group_dot {{.*}} : !ttg.memdesc<128x64xf16, #[[SA]], #smem> * !ttg.memdesc<64x128xf16, #[[SB]], #smem> -> tensor<128x128xf32, #[[MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0], CGALayout = [[0, 1]]}>
#blocked2 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mm_cluster(%pa: tensor<128x64x!tt.ptr<f16>, #blocked>, %pb: tensor<64x128x!tt.ptr<f16>, #blocked1>, %c: tensor<128x128xf32, #blocked2>) -> tensor<128x128xf32, #blocked2> {
    %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
    %b = tt.load %pb : tensor<64x128x!tt.ptr<f16>, #blocked1>
    %a1 = ttg.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>
    %b1 = ttg.convert_layout %b : tensor<64x128xf16, #blocked1> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = tf32 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>> -> tensor<128x128xf32, #blocked2>
    tt.return %d : tensor<128x128xf32, #blocked2>
  }
}

// -----

// sm_120 (Blackwell's workstation parts) takes mma.sync again in Triton
// 3.6: mma v2, as on sm_80 (only 10.x and 11.x, tcgen05, are refused).
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: @mm_i8_sm120
// CHECK: tt.dot {{.*}} -> tensor<64x64xi32, #[[MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:120", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mm_i8_sm120(%a: tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xi32, #blocked>) -> tensor<64x64xi32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xi32, #blocked>
    tt.return %d : tensor<64x64xi32, #blocked>
  }
}
