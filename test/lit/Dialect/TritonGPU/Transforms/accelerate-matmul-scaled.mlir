// RUN: triton-opt %s -split-input-file -tritongpu-accelerate-matmul -verify-each | FileCheck %s

// tt.dot_scaled is decomposed into upcasts and a tt.dot (Triton 3.6's
// DecomposeScaledBlocked, below sm_100), which then goes to tensor cores.
// Shapes and layouts from test_core.py::test_scaled_dot's TTIR
// (/work/dot-ref/scaled), after convert-triton-to-tritongpu.

// [64-64-128-False-False-False-e2m1-bf16], sm_90: e2m1 lhs (two fp4 per i8
// along K) scaled, bf16 rhs. The scale byte becomes the bf16 exponent
// (x << 7), is broadcast over its 32 K elements, multiplies the upcast
// operand, and 0xFF scales give NaN (0x7FC0).
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
  // CHECK-DAG: #[[B3:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [8, 4, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
  // CHECK-DAG: #[[A2:.*]] = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
  // CHECK-LABEL: tt.func @e2m1_lhs_scaled
  tt.func @e2m1_lhs_scaled(%a: tensor<64x64xi8, #blocked>, %s: tensor<64x4xi8, #blocked1>, %b: tensor<128x64xbf16, #blocked2>, %c: tensor<64x64xf32, #blocked2>) -> tensor<64x64xf32, #blocked2> {
    // CHECK: ttg.local_alloc %arg2
    // CHECK: %[[UP:.*]] = ttg.fp4_to_fp %arg0 {axis = 1 : i32} : tensor<64x64xi8, #blocked> -> tensor<64x128xbf16, #[[A2]]>
    // CHECK: %[[EXT:.*]] = arith.extui %arg1 : tensor<64x4xi8, #blocked1> to tensor<64x4xi16, #blocked1>
    // CHECK: %[[SHL:.*]] = arith.shli %[[EXT]], %{{.*}} : tensor<64x4xi16, #blocked1>
    // CHECK: %[[SF:.*]] = tt.bitcast %[[SHL]] : tensor<64x4xi16, #blocked1> -> tensor<64x4xbf16, #blocked1>
    // CHECK: %[[SL:.*]] = ttg.convert_layout %[[SF]] : tensor<64x4xbf16, #blocked1> -> tensor<64x4xbf16, #ttg.slice<{dim = 2, parent = #[[B3]]}>>
    // CHECK: %[[EX:.*]] = tt.expand_dims %[[SL]] {axis = 2 : i32} {{.*}} -> tensor<64x4x1xbf16, #[[B3]]>
    // CHECK: %[[BC:.*]] = tt.broadcast %[[EX]] : tensor<64x4x1xbf16, #[[B3]]> -> tensor<64x4x32xbf16, #[[B3]]>
    // CHECK: %[[RS:.*]] = tt.reshape %[[BC]] : tensor<64x4x32xbf16, #[[B3]]> -> tensor<64x128xbf16,
    // CHECK: %[[SC:.*]] = ttg.convert_layout %[[RS]] {{.*}} -> tensor<64x128xbf16, #[[A2]]>
    // CHECK: %[[MUL:.*]] = arith.mulf %[[UP]], %[[SC]] : tensor<64x128xbf16, #[[A2]]>
    // CHECK: %[[NAN:.*]] = arith.cmpi eq, %arg1, %{{.*}} : tensor<64x4xi8, #blocked1>
    // CHECK: tt.reshape
    // CHECK: %[[COND:.*]] = ttg.convert_layout %{{.*}} -> tensor<64x128xi1, #[[A2]]>
    // CHECK: %[[SEL:.*]] = arith.select %[[COND]], %{{.*}}, %[[MUL]] : tensor<64x128xi1, #[[A2]]>, tensor<64x128xbf16, #[[A2]]>
    // CHECK: %[[DA:.*]] = ttg.convert_layout %[[SEL]] : tensor<64x128xbf16, #[[A2]]> -> tensor<64x128xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>
    // CHECK: ttg.convert_layout %[[DA]] {{.*}} -> tensor<64x128xbf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>
    // CHECK: ttng.warp_group_dot {{.*}} -> tensor<64x64xf32, #[[MMA]]>
    // CHECK-NOT: tt.dot_scaled
    %d = tt.dot_scaled %a scale %s, %b, %c lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<64x64xi8, #blocked>, tensor<64x4xi8, #blocked1> * tensor<128x64xbf16, #blocked2> -> tensor<64x64xf32, #blocked2>
    tt.return %d : tensor<64x64xf32, #blocked2>
  }
}

// -----

// [64-64-128-False-False-True-e2m1-fp16], sm_90: fp16 lhs, e2m1 rhs scaled.
// Only the rhs is scaled: the dot is transposed (d^T = b^T a^T) so the
// scaled operand is the lhs. With an fp16 operand the compute type is f16:
// the scale goes through f32 (x << 23) and is truncated; NaN is 0x7E00.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @e2m1_rhs_scaled_f16
  tt.func @e2m1_rhs_scaled_f16(%a: tensor<64x128xf16, #blocked>, %b: tensor<64x64xi8, #blocked>, %s: tensor<64x4xi8, #blocked1>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // CHECK: %[[BT:.*]] = tt.trans %arg1 {order = array<i32: 1, 0>} : tensor<64x64xi8, #blocked> -> tensor<64x64xi8, #[[BTL:.*]]>
    // CHECK: %[[AT:.*]] = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<64x128xf16, #blocked> -> tensor<128x64xf16,
    // CHECK: %[[CT:.*]] = tt.trans %arg3 {order = array<i32: 1, 0>}
    // CHECK: ttg.fp4_to_fp %[[BT]] {axis = 1 : i32} : tensor<64x64xi8, #[[BTL]]> -> tensor<64x128xf16,
    // CHECK: arith.extui %arg2 : tensor<64x4xi8, #blocked1> to tensor<64x4xi32, #blocked1>
    // CHECK: arith.constant dense<23> : tensor<64x4xi32, #blocked1>
    // CHECK: tt.bitcast %{{.*}} : tensor<64x4xi32, #blocked1> -> tensor<64x4xf32, #blocked1>
    // CHECK: arith.truncf %{{.*}} : tensor<64x4xf32, #blocked1> to tensor<64x4xf16, #blocked1>
    // CHECK: arith.constant dense<0x7E00> : tensor<64x128xf16
    // CHECK: arith.select
    // CHECK: %[[D:.*]] = ttng.warp_group_dot
    // CHECK: %[[DT:.*]] = tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<64x64xf32, {{.*}}> -> tensor<64x64xf32, #blocked>
    // CHECK: tt.return %[[DT]]
    %d = tt.dot_scaled %a, %b scale %s, %c lhs = fp16 rhs = e2m1 {fastMath = false} : tensor<64x128xf16, #blocked> * tensor<64x64xi8, #blocked>, tensor<64x4xi8, #blocked1> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// fastMath: no NaN check. e4m3 upcast with tt.fp_to_fp. Both operands
// scaled: no transposition; the rhs scale [N, K/32] is transposed.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @both_scaled_fast_math
  tt.func @both_scaled_fast_math(%a: tensor<64x128xf8E4M3FN, #blocked>, %sa: tensor<64x4xi8, #blocked1>, %b: tensor<128x64xf8E5M2, #blocked>, %sb: tensor<64x4xi8, #blocked1>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // CHECK-NOT: arith.select
    // CHECK: tt.fp_to_fp %arg0 : tensor<64x128xf8E4M3FN, #blocked> -> tensor<64x128xbf16, #blocked>
    // CHECK: arith.mulf
    // CHECK: tt.fp_to_fp %arg2 : tensor<128x64xf8E5M2, #blocked> -> tensor<128x64xbf16, #blocked>
    // CHECK: tt.trans %arg3 {order = array<i32: 1, 0>} : tensor<64x4xi8, #blocked1> -> tensor<4x64xi8,
    // CHECK: tt.trans %{{.*}} {order = array<i32: 0, 2, 1>} : tensor<4x64x32xbf16, {{.*}}> -> tensor<4x32x64xbf16,
    // CHECK: arith.mulf
    // CHECK-NOT: arith.select
    // CHECK: ttng.warp_group_dot
    %d = tt.dot_scaled %a scale %sa, %b scale %sb, %c lhs = e4m3 rhs = e5m2 {fastMath = true} : tensor<64x128xf8E4M3FN, #blocked>, tensor<64x4xi8, #blocked1> * tensor<128x64xf8E5M2, #blocked>, tensor<64x4xi8, #blocked1> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// sm_80: the decomposed dot goes to mma v2; an operand unpacked from fp4
// counts as 4 bits wide (kWidth = 8), as in Triton.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: #[[MMA2:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
  // CHECK-LABEL: tt.func @e2m1_sm80
  tt.func @e2m1_sm80(%a: tensor<32x32xi8, #blocked>, %s: tensor<32x2xi8, #blocked1>, %b: tensor<64x32xf8E5M2, #blocked>, %c: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
    // CHECK: ttg.fp4_to_fp %arg0 {axis = 1 : i32}
    // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA2]], kWidth = 8}>> * tensor<64x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA2]], kWidth = 8}>> -> tensor<32x32xf32, #[[MMA2]]>
    %d = tt.dot_scaled %a scale %s, %b, %c lhs = e2m1 rhs = e5m2 {fastMath = false} : tensor<32x32xi8, #blocked>, tensor<32x2xi8, #blocked1> * tensor<64x32xf8E5M2, #blocked> -> tensor<32x32xf32, #blocked>
    tt.return %d : tensor<32x32xf32, #blocked>
  }
}
