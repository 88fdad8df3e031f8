// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-each | FileCheck %s

// A matmul's f16 epilogue on sm_90 (mm_f16_128x128x64_w4 at ragged sizes:
// #mma v3 -> #blocked with rows in registers), as Triton 3.6 lowers it:
// each warp writes its 8x8 accumulator fragments transposed with
// stmatrix.trans, so that 8 rows of a column are 16 contiguous bytes, and
// reads them back as one 128-bit vector; rows 8 and 64 apart are rounds,
// so the tile is 8 KiB in 4 rounds (Triton's PTX: 4 stmatrix.x4.trans and
// 4 ld.shared.v4 per round).
// CHECK: ttg.shared = 8192
// CHECK-LABEL: llvm.func @mma_epilogue_f16
// CHECK-COUNT-4: llvm.inline_asm has_side_effects asm_dialect = att "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [$0], {$1, $2, $3, $4};", "r,r,r,r,r"
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: stmatrix.sync.aligned.m8n8.x4.trans
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} -> vector<8xf16>
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: stmatrix.sync.aligned.m8n8.x4.trans
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} -> vector<8xf16>
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: stmatrix.sync.aligned.m8n8.x4.trans
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} -> vector<8xf16>
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: llvm.store
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_epilogue_f16(%c: tensor<128x128xf16, #mma>) -> tensor<128x128xf16, #blocked> {
    %0 = ttg.convert_layout %c : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    tt.return %0 : tensor<128x128xf16, #blocked>
  }
}

// -----

// With 8 columns per thread (the epilogue when C's strides are multiples of
// 16; mm_bf16_128x128x64_w4_s3 at its benchmark size): each thread's 8
// columns go to shared memory as one st.shared.v4 and come back with
// ldmatrix, 4 rounds of 8 KiB, as Triton 3.6's PTX for that kernel (4
// st.shared.v4.b32, bar.sync, 4 ldmatrix.x4, bar.sync a round; H100 dump,
// 2026-11-27).
// CHECK-LABEL: llvm.func @mma_epilogue_f16_rows
// CHECK-NOT: stmatrix
// CHECK-COUNT-4: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr<3>
// CHECK-NOT: stmatrix
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_epilogue_f16_rows(%c: tensor<128x128xbf16, #mma>) -> tensor<128x128xbf16, #blocked> {
    %0 = ttg.convert_layout %c : tensor<128x128xbf16, #mma> -> tensor<128x128xbf16, #blocked>
    tt.return %0 : tensor<128x128xbf16, #blocked>
  }
}

// -----

// sm_80 has no stmatrix, and ldmatrix cannot read this destination (its
// lanes step along the row): Triton's ld/st tile, whose vector takes a
// pair of registers plus the two register bits the destination holds in
// lanes (16 elements, written as 32 bytes), in one round of 32 KiB, as
// Triton reserves for mm_f16_128x128x32_w4_sm80 (32768 in its metadata).
// CHECK: ttg.shared = 32768
// CHECK-LABEL: llvm.func @mma_epilogue_f16_sm80
// CHECK-NOT: stmatrix
// CHECK-COUNT-8: llvm.store %{{.*}} {alignment = 32 : i64} : vector<16xf16>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-32: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<4xf16>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_epilogue_f16_sm80(%c: tensor<128x128xf16, #mma>) -> tensor<128x128xf16, #blocked> {
    %0 = ttg.convert_layout %c : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    tt.return %0 : tensor<128x128xf16, #blocked>
  }
}

// -----

// 32-bit elements keep the generic tile, 128-bit vectors (rows 8 and 64 apart) and
// no rounds (mm_i8_128x128x64_w4: 64 KiB, as in Triton's metadata).
// CHECK: ttg.shared = 65536
// CHECK-LABEL: llvm.func @mma_epilogue_i32
// CHECK-COUNT-32: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_epilogue_i32(%c: tensor<128x128xi32, #mma>) -> tensor<128x128xi32, #blocked> {
    %0 = ttg.convert_layout %c : tensor<128x128xi32, #mma> -> tensor<128x128xi32, #blocked>
    tt.return %0 : tensor<128x128xi32, #blocked>
  }
}

// -----

// The 128x256 tile of 8 warps (mm_f16_128x256x64_w8): a store layout whose
// row of 8 columns spreads over a thread's register 0 and lanes 0-1, which
// the accumulator holds in three of its registers (columns 1, 8, 16). The
// accumulator writes those as 16-byte vectors and the store layout reads
// them back with ldmatrix, in 2 rounds of 32 KiB, as Triton 3.6 does (its
// PTX: 8 st.shared.v4.b32 and 8 ldmatrix.x4 a round).
// CHECK: ttg.shared = 32768
// CHECK-LABEL: llvm.func @mma_epilogue_f16_ldmatrix
// CHECK-COUNT-8: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,r"
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: llvm.load
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_epilogue_f16_ldmatrix(%c: tensor<128x256xf16, #mma>) -> tensor<128x256xf16, #blocked> {
    %0 = ttg.convert_layout %c : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #blocked>
    tt.return %0 : tensor<128x256xf16, #blocked>
  }
}
