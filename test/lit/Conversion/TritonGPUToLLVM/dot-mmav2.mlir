// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-each | FileCheck %s

// mm_f16_16x16x16_w1's dot (one warp): two m16n8k16 tiles along N share
// A's four packed f16x2 registers, in the fragment order a0a1, a2a3 (row
// + 8), a4a5 (k + 8), a6a7; B's registers 0-3 feed the first tile, 4-7 the
// second; the accumulator is tied to the results.
// CHECK-LABEL: llvm.func @mma_f16_16x16x16
// CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %arg0[0]
// CHECK-DAG: %[[A1:.*]] = llvm.extractvalue %arg0[1]
// CHECK-DAG: %[[B4:.*]] = llvm.extractvalue %arg1[4]
// CHECK: %[[V0:.*]] = llvm.insertelement %[[A0]]
// CHECK: %[[V1:.*]] = llvm.insertelement %[[A1]], %[[V0]]
// CHECK: %[[RA0:.*]] = llvm.bitcast %[[V1]] : vector<2xf16> to i32
// CHECK: %[[RA1:.*]] = llvm.bitcast {{.*}} : vector<2xf16> to i32
// CHECK: %[[RA2:.*]] = llvm.bitcast {{.*}} : vector<2xf16> to i32
// CHECK: %[[RA3:.*]] = llvm.bitcast {{.*}} : vector<2xf16> to i32
// CHECK: %[[RB0:.*]] = llvm.bitcast {{.*}} : vector<2xf16> to i32
// CHECK: %[[RB1:.*]] = llvm.bitcast {{.*}} : vector<2xf16> to i32
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 { $0, $1, $2, $3 }, { $4, $5, $6, $7 }, { $8, $9 }, { $10, $11, $12, $13 };", "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3" %[[RA0]], %[[RA1]], %[[RA2]], %[[RA3]], %[[RB0]], %[[RB1]],
// CHECK: llvm.insertelement %[[B4]]
// CHECK: llvm.inline_asm {{.*}}mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32{{.*}} %[[RA0]], %[[RA1]], %[[RA2]], %[[RA3]],
// CHECK-NOT: mma.sync
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_f16_16x16x16(%a: tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<16x16xf32, #mma>) -> tensor<16x16xf32, #mma> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x16xf32, #mma>
    tt.return %d : tensor<16x16xf32, #mma>
  }
}

// -----

// f16 operands with kWidth = 4 (Triton's fp8 -> f16 upcast for mma v2 on
// Hopper keeps the 8-bit layouts): lane 0 holds A's K 0-3 in registers 0-3
// (row 0), 4-7 (row 8) and K 16-19 in 8-11, 12-15; B's K 0-3 in 0-3 and
// 16-19 in 4-7. As in Triton, the first m16n8k16 takes K 0, 1 and 16, 17
// (A: 0 1, 4 5, 8 9, 12 13; B: 0 1, 4 5), the second K 2, 3 and 18, 19, on
// the first's accumulator.
// CHECK-LABEL: llvm.func @mma_f16_kwidth4
// CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %arg0[0]
// CHECK-DAG: %[[A1:.*]] = llvm.extractvalue %arg0[1]
// CHECK-DAG: %[[A2:.*]] = llvm.extractvalue %arg0[2]
// CHECK-DAG: %[[A3:.*]] = llvm.extractvalue %arg0[3]
// CHECK-DAG: %[[A4:.*]] = llvm.extractvalue %arg0[4]
// CHECK-DAG: %[[A5:.*]] = llvm.extractvalue %arg0[5]
// CHECK-DAG: %[[A8:.*]] = llvm.extractvalue %arg0[8]
// CHECK-DAG: %[[A9:.*]] = llvm.extractvalue %arg0[9]
// CHECK-DAG: %[[A12:.*]] = llvm.extractvalue %arg0[12]
// CHECK-DAG: %[[A13:.*]] = llvm.extractvalue %arg0[13]
// CHECK-DAG: %[[A14:.*]] = llvm.extractvalue %arg0[14]
// CHECK-DAG: %[[A15:.*]] = llvm.extractvalue %arg0[15]
// CHECK-DAG: %[[B0:.*]] = llvm.extractvalue %arg1[0]
// CHECK-DAG: %[[B1:.*]] = llvm.extractvalue %arg1[1]
// CHECK-DAG: %[[B4:.*]] = llvm.extractvalue %arg1[4]
// CHECK-DAG: %[[B5:.*]] = llvm.extractvalue %arg1[5]
// CHECK-DAG: %[[B6:.*]] = llvm.extractvalue %arg1[6]
// CHECK-DAG: %[[B7:.*]] = llvm.extractvalue %arg1[7]
// CHECK: llvm.insertelement %[[A0]]
// CHECK: llvm.insertelement %[[A1]]
// CHECK: %[[RA0:.*]] = llvm.bitcast {{.*}} : vector<2xf16> to i32
// CHECK: llvm.insertelement %[[A4]]
// CHECK: llvm.insertelement %[[A5]]
// CHECK: %[[RA1:.*]] = llvm.bitcast {{.*}} : vector<2xf16> to i32
// CHECK: llvm.insertelement %[[A8]]
// CHECK: llvm.insertelement %[[A9]]
// CHECK: %[[RA2:.*]] = llvm.bitcast {{.*}} : vector<2xf16> to i32
// CHECK: llvm.insertelement %[[A12]]
// CHECK: llvm.insertelement %[[A13]]
// CHECK: %[[RA3:.*]] = llvm.bitcast {{.*}} : vector<2xf16> to i32
// CHECK: llvm.insertelement %[[B0]]
// CHECK: llvm.insertelement %[[B1]]
// CHECK: %[[RB0:.*]] = llvm.bitcast {{.*}} : vector<2xf16> to i32
// CHECK: llvm.insertelement %[[B4]]
// CHECK: llvm.insertelement %[[B5]]
// CHECK: %[[RB1:.*]] = llvm.bitcast {{.*}} : vector<2xf16> to i32
// CHECK: %[[D0:.*]] = llvm.inline_asm {{.*}}"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{.*}} %[[RA0]], %[[RA1]], %[[RA2]], %[[RA3]], %[[RB0]], %[[RB1]],
// CHECK: %[[C0:.*]] = llvm.extractvalue %[[D0]][0]
// CHECK: llvm.insertelement %[[A14]]
// CHECK: llvm.insertelement %[[A15]]
// CHECK: %[[RA7:.*]] = llvm.bitcast {{.*}} : vector<2xf16> to i32
// CHECK: llvm.insertelement %[[B6]]
// CHECK: llvm.insertelement %[[B7]]
// CHECK: %[[RB3:.*]] = llvm.bitcast {{.*}} : vector<2xf16> to i32
// CHECK: llvm.inline_asm {{.*}}mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32{{.*}}, %[[RA7]], %{{.*}}, %[[RB3]], %[[C0]],
// CHECK-NOT: mma.sync
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_f16_kwidth4(%a: tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<16x8xf32, #mma>) -> tensor<16x8xf32, #mma> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<16x8xf32, #mma>
    tt.return %d : tensor<16x8xf32, #mma>
  }
}

// -----

// mm_f16_128x128x32_w4_sm80's layouts: per warp 4 x 8 tiles of 16 x 8 and
// 2 steps of K = 16: 64 mma.sync.
// CHECK-LABEL: llvm.func @mma_f16_128x128x32
// CHECK-COUNT-64: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: mma.sync
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_f16_128x128x32(%a: tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
    tt.return %d : tensor<128x128xf32, #mma>
  }
}

// -----

// tf32 (kWidth 1): m16n8k8, each f32 is one register.
// CHECK-LABEL: llvm.func @mma_tf32
// CHECK: llvm.bitcast %{{.*}} : f32 to i32
// CHECK: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// CHECK-NOT: mma.sync
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_tf32(%a: tensor<16x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<8x8xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<16x8xf32, #mma>) -> tensor<16x8xf32, #mma> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<8x8xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<16x8xf32, #mma>
    tt.return %d : tensor<16x8xf32, #mma>
  }
}

// -----

// int8 (kWidth 4): m16n8k32 with satfinite, i32 accumulators in "r".
// CHECK-LABEL: llvm.func @mma_i8
// CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {{.*}}", "=r,=r,=r,=r,r,r,r,r,r,r,0,1,2,3"
// CHECK-NOT: mma.sync
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_i8(%a: tensor<16x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x8xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<16x8xi32, #mma>) -> tensor<16x8xi32, #mma> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x8xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<16x8xi32, #mma>
    tt.return %d : tensor<16x8xi32, #mma>
  }
}

// -----

// bf16 with f32 accumulators; f16 with f16 accumulators (two f16x2
// registers, unpacked again afterwards).
// CHECK-LABEL: llvm.func @mma_bf16
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// CHECK-LABEL: llvm.func @mma_f16_acc
// CHECK: "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 { $0, $1 }, { $2, $3, $4, $5 }, { $6, $7 }, { $8, $9 };", "=r,=r,r,r,r,r,r,r,0,1"
// CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_bf16(%a: tensor<16x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x8xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<16x8xf32, #mma>) -> tensor<16x8xf32, #mma> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x8xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x8xf32, #mma>
    tt.return %d : tensor<16x8xf32, #mma>
  }
  tt.func public @mma_f16_acc(%a: tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<16x8xf16, #mma>) -> tensor<16x8xf16, #mma> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x8xf16, #mma>
    tt.return %d : tensor<16x8xf16, #mma>
  }
}

// -----

// fp8 on sm_89: e4m3 x e5m2 with f32 accumulators, m16n8k32.
// CHECK-LABEL: llvm.func @mma_fp8
// CHECK: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:89", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_fp8(%a: tensor<16x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x8xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<16x8xf32, #mma>) -> tensor<16x8xf32, #mma> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x8xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<16x8xf32, #mma>
    tt.return %d : tensor<16x8xf32, #mma>
  }
}

// -----

// bmm_f16_4x32x32x32_w4's batched dot: each warp owns one batch, 2 x 4
// tiles and 2 steps of K.
// CHECK-LABEL: llvm.func @mma_batched
// CHECK-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: mma.sync
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1, 1], instrShape = [1, 16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_batched(%a: tensor<4x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<4x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<4x32x32xf32, #mma>) -> tensor<4x32x32xf32, #mma> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<4x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<4x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<4x32x32xf32, #mma>
    tt.return %d : tensor<4x32x32xf32, #mma>
  }
}
