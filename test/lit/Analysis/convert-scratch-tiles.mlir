// Scratch bytes of ttg.convert_layout: the tile Triton 3.6 chooses among
// pairs of store and load instructions (st.shared, stmatrix[.trans] /
// ld.shared, ldmatrix[.trans]), checked against Triton's metadata for the
// kernels these conversions come from.
// RUN: triton-opt %s -split-input-file -test-print-allocation -o /dev/null | FileCheck %s

// f32 512x2 (Inductor's triton_poi_fused_add_clone_permute_select_backward_view_14,
// Triton's shared = 2048): 16-byte st.shared rows of the source's 4
// registers read by the destination's lanes 0-1 as ldmatrix rows; the
// column bit, a register on both sides, is a round: half the tensor.
// CHECK-LABEL: @f32_ldmatrix_rows
// CHECK: scratch offset = 0, size = 2048
// CHECK: size = 2048
#src = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#dst = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @f32_ldmatrix_rows(%x: tensor<512x2xf32, #src>) -> tensor<512x2xf32, #dst> {
  %0 = ttg.convert_layout %x : tensor<512x2xf32, #src> -> tensor<512x2xf32, #dst>
  tt.return %0 : tensor<512x2xf32, #dst>
}
}

// -----

// An f16 mma accumulator to a row layout on sm_80 (no stmatrix; ldmatrix
// cannot read a destination whose lanes step along the row): the ld/st
// tile, one round of the whole 32 KiB, as Triton reserves for
// mm_f16_128x128x32_w4_sm80.
// CHECK-LABEL: @f16_epilogue_sm80
// CHECK: scratch offset = 0, size = 32768
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
tt.func @f16_epilogue_sm80(%c: tensor<128x128xf16, #mma>) -> tensor<128x128xf16, #blocked> {
  %0 = ttg.convert_layout %c : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
  tt.return %0 : tensor<128x128xf16, #blocked>
}
}

// -----

// An f16 transpose: 16-byte st.shared rows read back with ldmatrix.trans,
// no bank conflicts, the most rounds: 4 rounds of 8 KiB.
// CHECK-LABEL: @f16_transpose
// CHECK: scratch offset = 0, size = 8192
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @f16_transpose(%x: tensor<128x128xf16, #a>) -> tensor<128x128xf16, #b> {
  %0 = ttg.convert_layout %x : tensor<128x128xf16, #a> -> tensor<128x128xf16, #b>
  tt.return %0 : tensor<128x128xf16, #b>
}
}
