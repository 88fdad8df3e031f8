// RUN: triton-opt %s -split-input-file -tritongpu-prefetch -verify-each | FileCheck %s

// An mma v2 loop reading both operands from loop-carried shared memory
// (A through an upcast): the first K slice (16 = 8 * kWidth) of each is
// loaded before the loop and, for the next iteration, at the end of the
// body; the dot becomes two dots of K = 16, the second slice loaded before
// the first dot.
// CHECK-LABEL: tt.func @prefetch
// CHECK: %[[A0:.*]] = ttg.memdesc_subslice %arg0[0, 0] : !ttg.memdesc<128x32xf8E5M2, #{{.*}}, #smem> -> !ttg.memdesc<128x16xf8E5M2, #{{.*}}, #smem, 128x32>
// CHECK: %[[LA0:.*]] = ttg.local_load %[[A0]]
// CHECK: %[[HA:.*]] = tt.fp_to_fp %[[LA0]] : tensor<128x16xf8E5M2, #[[DA:.*]]> -> tensor<128x16xf16, #[[DA]]>
// CHECK: %[[B0:.*]] = ttg.memdesc_subslice %arg1[0, 0] : !ttg.memdesc<32x128xf16, #{{.*}}, #smem> -> !ttg.memdesc<16x128xf16, #{{.*}}, #smem, 32x128>
// CHECK: %[[HB:.*]] = ttg.local_load %[[B0]]
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[A:.*]] = %arg0, %[[B:.*]] = %arg1, %[[PA:.*]] = %[[HA]], %[[PB:.*]] = %[[HB]])
// CHECK: ttg.memdesc_subslice %[[A]][0, 16]
// CHECK: %[[A1:.*]] = tt.fp_to_fp
// CHECK: ttg.memdesc_subslice %[[B]][16, 0]
// CHECK: %[[B1:.*]] = ttg.local_load
// CHECK: %[[D0:.*]] = tt.dot %[[PA]], %[[PB]], %[[ACC]]
// CHECK-NEXT: %[[D1:.*]] = tt.dot %[[A1]], %[[B1]], %[[D0]]
// CHECK: ttg.memdesc_subslice %arg2[0, 0]
// CHECK: %[[NA:.*]] = tt.fp_to_fp
// CHECK: ttg.memdesc_subslice %arg3[0, 0]
// CHECK: %[[NB:.*]] = ttg.local_load
// CHECK: scf.yield %[[D1]], %arg2, %arg3, %[[NA]], %[[NB]]
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#sb = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
#dA = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#dB = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @prefetch(%a0: !ttg.memdesc<128x32xf8E5M2, #sa, #smem>, %b0: !ttg.memdesc<32x128xf16, #sb, #smem>, %a1: !ttg.memdesc<128x32xf8E5M2, #sa, #smem>, %b1: !ttg.memdesc<32x128xf16, #sb, #smem>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %A = %a0, %B = %b0) -> (tensor<128x128xf32, #mma>, !ttg.memdesc<128x32xf8E5M2, #sa, #smem>, !ttg.memdesc<32x128xf16, #sb, #smem>) : i32 {
      %la = ttg.local_load %A : !ttg.memdesc<128x32xf8E5M2, #sa, #smem> -> tensor<128x32xf8E5M2, #dA>
      %a = tt.fp_to_fp %la : tensor<128x32xf8E5M2, #dA> -> tensor<128x32xf16, #dA>
      %b = ttg.local_load %B : !ttg.memdesc<32x128xf16, #sb, #smem> -> tensor<32x128xf16, #dB>
      %d = tt.dot %a, %b, %acc : tensor<128x32xf16, #dA> * tensor<32x128xf16, #dB> -> tensor<128x128xf32, #mma>
      scf.yield %d, %a1, %b1 : tensor<128x128xf32, #mma>, !ttg.memdesc<128x32xf8E5M2, #sa, #smem>, !ttg.memdesc<32x128xf16, #sb, #smem>
    }
    tt.return %r#0 : tensor<128x128xf32, #mma>
  }
}

// -----

// Left alone: operands indexed inside the loop (Triton's pipelined shape),
// and a loop with two dots.
// CHECK-LABEL: tt.func @indexed
// CHECK-NOT: memdesc_subslice
// CHECK: tt.dot
// CHECK-NOT: tt.dot
// CHECK-LABEL: tt.func @two_dots
// CHECK-NOT: memdesc_subslice
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
#dA = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#dB = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @indexed(%bufa: !ttg.memdesc<2x128x32xf16, #sa, #smem, mutable>, %bufb: !ttg.memdesc<2x32x128xf16, #sa, #smem, mutable>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %i = arith.remsi %k, %c1 : i32
      %A = ttg.memdesc_index %bufa[%i] : !ttg.memdesc<2x128x32xf16, #sa, #smem, mutable> -> !ttg.memdesc<128x32xf16, #sa, #smem, mutable>
      %B = ttg.memdesc_index %bufb[%i] : !ttg.memdesc<2x32x128xf16, #sa, #smem, mutable> -> !ttg.memdesc<32x128xf16, #sa, #smem, mutable>
      %a = ttg.local_load %A : !ttg.memdesc<128x32xf16, #sa, #smem, mutable> -> tensor<128x32xf16, #dA>
      %b = ttg.local_load %B : !ttg.memdesc<32x128xf16, #sa, #smem, mutable> -> tensor<32x128xf16, #dB>
      %d = tt.dot %a, %b, %acc : tensor<128x32xf16, #dA> * tensor<32x128xf16, #dB> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    }
    tt.return %r : tensor<128x128xf32, #mma>
  }
  tt.func @two_dots(%a0: !ttg.memdesc<128x32xf16, #sa, #smem>, %b0: !ttg.memdesc<32x128xf16, #sa, #smem>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %A = %a0, %B = %b0) -> (tensor<128x128xf32, #mma>, !ttg.memdesc<128x32xf16, #sa, #smem>, !ttg.memdesc<32x128xf16, #sa, #smem>) : i32 {
      %a = ttg.local_load %A : !ttg.memdesc<128x32xf16, #sa, #smem> -> tensor<128x32xf16, #dA>
      %b = ttg.local_load %B : !ttg.memdesc<32x128xf16, #sa, #smem> -> tensor<32x128xf16, #dB>
      %d = tt.dot %a, %b, %acc : tensor<128x32xf16, #dA> * tensor<32x128xf16, #dB> -> tensor<128x128xf32, #mma>
      %e = tt.dot %a, %b, %d : tensor<128x32xf16, #dA> * tensor<32x128xf16, #dB> -> tensor<128x128xf32, #mma>
      scf.yield %e, %A, %B : tensor<128x128xf32, #mma>, !ttg.memdesc<128x32xf16, #sa, #smem>, !ttg.memdesc<32x128xf16, #sa, #smem>
    }
    tt.return %r#0 : tensor<128x128xf32, #mma>
  }
}
