// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-each | FileCheck %s

// A matmul's f16 epilogue (mm_f16_128x128x64_w4: #mma v3 -> #blocked):
// the rows 8 and 64 apart are registers on both sides; one pairs up into
// 32-bit vectors, the other becomes a second round, so the tile is 16 KiB
// (Triton's stmatrix tiles keep this conversion within its 32 KiB of
// operands, and fp8 kernels within 16 KiB).
// CHECK: ttg.shared = 16384
// CHECK-LABEL: llvm.func @mma_epilogue_f16
// CHECK-COUNT-32: llvm.store %{{.*}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-32: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<2xf16>
// CHECK: nvvm.barrier0
// CHECK-COUNT-32: llvm.store %{{.*}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-32: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<2xf16>
// CHECK-NOT: nvvm.barrier0
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
