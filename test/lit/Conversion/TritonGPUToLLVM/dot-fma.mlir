// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-each | FileCheck %s

// tt.dot with a #ttg.blocked accumulator (Triton's FMA path, the layouts of
// mm_ieee_64x64x32_w4 on a 32x64 tile, K = 2): every accumulator register
// is a chain of llvm.fmuladd over k = 0, 1 in order.
// CHECK-LABEL: llvm.func @fma_f32
// CHECK: %[[A0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[A1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: %[[B0:.*]] = llvm.extractvalue %arg1[0]
// CHECK: %[[B4:.*]] = llvm.extractvalue %arg1[4]
// CHECK: %[[C0:.*]] = llvm.extractvalue %arg2[0]
// CHECK: %[[D0:.*]] = llvm.intr.fmuladd(%[[A0]], %[[B0]], %[[C0]])
// CHECK-NEXT: %[[D1:.*]] = llvm.intr.fmuladd(%[[A1]], %[[B4]], %[[D0]])
// CHECK-COUNT-30: llvm.intr.fmuladd
// CHECK-NOT: llvm.intr.fmuladd
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fma_f32(%a: tensor<32x2xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<2x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<32x64xf32, #blocked>) -> tensor<32x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<32x2xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x64xf32, #blocked>
    tt.return %d : tensor<32x64xf32, #blocked>
  }
}

// -----

// Integer dots multiply and add; i8 operands are sign-extended to the i32
// accumulator once each.
// CHECK-LABEL: llvm.func @fma_i8_i32
// CHECK-COUNT-4: llvm.sext %{{.*}} : i8 to i32
// CHECK: llvm.mul
// CHECK: llvm.add
// CHECK-NOT: llvm.intr.fmuladd
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fma_i8_i32(%a: tensor<16x2xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<2x8xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x8xi32, #blocked>) -> tensor<16x8xi32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<16x2xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x8xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x8xi32, #blocked>
    tt.return %d : tensor<16x8xi32, #blocked>
  }
}

// -----

// Batched (rank 3): one chain per accumulator register, K = 4, with the
// batch coordinate taken from the same register of each operand.
// CHECK-LABEL: llvm.func @fma_batched
// CHECK-COUNT-16: llvm.intr.fmuladd
// CHECK-NOT: llvm.intr.fmuladd
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [2, 1, 2], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fma_batched(%a: tensor<2x16x4xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<2x4x16xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<2x16x16xf32, #blocked>) -> tensor<2x16x16xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<2x16x4xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x4x16xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<2x16x16xf32, #blocked>
    tt.return %d : tensor<2x16x16xf32, #blocked>
  }
}
