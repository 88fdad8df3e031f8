// RUN: triton-opt %s -split-input-file -tritongpu-reduce-data-duplication -verify-each | FileCheck %s

// A blocked tensor converted to mma v2 operand A (M contiguous) goes through
// shared memory swizzled for the operand: 8-element vectors along M, 8 rows
// per phase (128 bytes of a 16-row column), 2 phases (16 / 8).
// CHECK-DAG: #[[$SHARED:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 8, maxPhase = 2, order = [0, 1]}>
// CHECK-LABEL: @operand_a_m_contiguous
// CHECK: %[[M:.*]] = ttg.local_alloc %arg0 : (tensor<16x256xf16, #{{.*}}>) -> !ttg.memdesc<16x256xf16, #[[$SHARED]], #smem>
// CHECK-NEXT: %[[L:.*]] = ttg.local_load %[[M]] : !ttg.memdesc<16x256xf16, #[[$SHARED]], #smem> -> tensor<16x256xf16, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}, kWidth = 4}>>
// CHECK-NEXT: tt.return %[[L]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @operand_a_m_contiguous(%arg0: tensor<16x256xf16, #blocked>) -> tensor<16x256xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> {
    %0 = ttg.convert_layout %arg0 : tensor<16x256xf16, #blocked> -> tensor<16x256xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    tt.return %0 : tensor<16x256xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
  }
}

// -----

// K contiguous for A: 16-element vectors along K (4 * kWidth), 2 rows of 64
// per phase, 4 phases; N contiguous for B: 8-element vectors along N, rows
// packed by 4, 4 phases. An mma accumulator converted to an operand takes
// the same path.
// CHECK-DAG: #[[$B:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 4, maxPhase = 4, order = [1, 0]}>
// CHECK-DAG: #[[$A:.*]] = #ttg.swizzled_shared<{vec = 16, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @operand_b
  // CHECK: ttg.local_alloc %arg0 : (tensor<64x128xf16, #{{.*}}>) -> !ttg.memdesc<64x128xf16, #[[$B]], #smem>
  // CHECK-NEXT: ttg.local_load
  tt.func @operand_b(%b: tensor<64x128xf16, #blocked>) -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> {
    %0 = ttg.convert_layout %b : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    tt.return %0 : tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
  }
  // CHECK-LABEL: @operand_a_k_contiguous
  // CHECK: ttg.local_alloc %arg0 : (tensor<128x64xf16, #{{.*}}>) -> !ttg.memdesc<128x64xf16, #[[$A]], #smem>
  // CHECK-NEXT: ttg.local_load
  tt.func @operand_a_k_contiguous(%a: tensor<128x64xf16, #blocked>) -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> {
    %0 = ttg.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    tt.return %0 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
  }
  // CHECK-LABEL: @mma_to_operand
  // CHECK: ttg.local_alloc %arg0 : (tensor<128x64xf16, #{{.*}}>) -> !ttg.memdesc<128x64xf16, #[[$B]], #smem>
  // CHECK-NEXT: ttg.local_load
  tt.func @mma_to_operand(%a: tensor<128x64xf16, #mma>) -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> {
    %0 = ttg.convert_layout %a : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    tt.return %0 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
  }
  // Left alone: a conversion to a layout other than a dot operand's.
  // CHECK-LABEL: @not_an_operand
  // CHECK-NOT: ttg.local_alloc
  // CHECK: ttg.convert_layout
  tt.func @not_an_operand(%a: tensor<128x64xf16, #mma>) -> tensor<128x64xf16, #blocked> {
    %0 = ttg.convert_layout %a : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #blocked>
    tt.return %0 : tensor<128x64xf16, #blocked>
  }
}

// -----

// Left alone: conversions that need no shared memory. A blocked tensor to
// an FMA operand of the same blocked parent only moves registers and
// lanes; a wgmma accumulator to wgmma operand A (16-bit, kWidth 2) keeps
// every element in its thread.
#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [16, 2], warpsPerCTA = [4, 2], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @blocked_to_fma_operand
  // CHECK-NOT: ttg.local_alloc
  // CHECK: ttg.convert_layout
  tt.func @blocked_to_fma_operand(%arg0: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> {
    %0 = ttg.convert_layout %arg0 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    tt.return %0 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
  }
  // CHECK-LABEL: @wgmma_register_operand
  // CHECK-NOT: ttg.local_alloc
  // CHECK: ttg.convert_layout
  tt.func @wgmma_register_operand(%acc: tensor<128x128xf16, #mma>) -> tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> {
    %0 = ttg.convert_layout %acc : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>
    tt.return %0 : tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>
  }
}

// -----

// A wgmma register operand stored as i8 and upcast (kWidth 2 for bf16):
// phases count the stored bytes, 64-byte rows two to a phase, as Triton
// 3.6 swizzles it (mixed_i8bf16_128x128x64_w4_s3); mma v2 keeps the
// 4 / kWidth-byte formula above.
// CHECK-DAG: #[[$I8:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-LABEL: @wgmma_i8_operand
// CHECK: ttg.local_alloc %arg0 : (tensor<128x64xi8, #{{.*}}>) -> !ttg.memdesc<128x64xi8, #[[$I8]], #smem>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wgmma_i8_operand(%a: tensor<128x64xi8, #blocked>) -> tensor<128x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %0 = ttg.convert_layout %a : tensor<128x64xi8, #blocked> -> tensor<128x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %0 : tensor<128x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}
