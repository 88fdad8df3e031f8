// RUN: triton-opt %s -split-input-file -tritongpu-F32DotTC="emu-tf32=true" -verify-each | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritongpu-F32DotTC -verify-each | FileCheck %s --check-prefix=NOEMU

// tf32x3 (mm_tf32x3_64x64x32_w4): aSmall*bBig, then aBig*bSmall, NaNs
// zeroed, then aBig*bBig, all tf32; the accumulator is added last.
// CHECK-LABEL: @tf32x3
// CHECK: %[[ABIG:.*]] = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %[[A:[^ ]*]]
// CHECK: %[[ASMALL:.*]] = arith.subf %[[A]], %[[ABIG]]
// CHECK: %[[BBIG:.*]] = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {{.*}} %[[B:[^ ]*]]
// CHECK: %[[BSMALL:.*]] = arith.subf %[[B]], %[[BBIG]]
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
// CHECK: %[[D1:.*]] = tt.dot %[[ASMALL]], %[[BBIG]], %[[ZERO]], inputPrecision = tf32
// CHECK: %[[D2:.*]] = tt.dot %[[ABIG]], %[[BSMALL]], %[[D1]], inputPrecision = tf32
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[D2]], %[[D2]]
// CHECK: %[[D2Z:.*]] = arith.select %[[NAN]], %{{.*}}, %[[D2]]
// CHECK: %[[D3:.*]] = tt.dot %[[ABIG]], %[[BBIG]], %[[D2Z]], inputPrecision = tf32
// CHECK: %[[R:.*]] = arith.addf %[[D3]], %arg2
// CHECK: tt.return %[[R]]
// NOEMU-LABEL: @tf32x3
// NOEMU: tt.dot {{.*}} inputPrecision = tf32x3
#blocked2 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tf32x3(%a: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>>, %c: tensor<64x64xf32, #blocked2>) -> tensor<64x64xf32, #blocked2> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32x3 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>> -> tensor<64x64xf32, #blocked2>
    tt.return %d : tensor<64x64xf32, #blocked2>
  }
}

// -----

// bf16x3: two bf16 parts per operand, three dots (mid*hi, hi*mid, hi*hi).
// CHECK-LABEL: @bf16x3
// CHECK-COUNT-2: arith.truncf %{{.*}} to tensor<64x32xbf16
// CHECK: tt.dot {{.*}} tensor<64x32xbf16
// CHECK: tt.dot {{.*}} tensor<64x32xbf16
// CHECK: arith.cmpf uno
// CHECK: tt.dot {{.*}} tensor<64x32xbf16
// CHECK-NOT: tt.dot
// CHECK: arith.addf
#blocked2 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @bf16x3(%a: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>>, %c: tensor<64x64xf32, #blocked2>) -> tensor<64x64xf32, #blocked2> {
    %d = tt.dot %a, %b, %c, inputPrecision = bf16x3 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>> -> tensor<64x64xf32, #blocked2>
    tt.return %d : tensor<64x64xf32, #blocked2>
  }
}
