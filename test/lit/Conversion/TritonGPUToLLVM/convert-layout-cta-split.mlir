// The last case is refused, so the tool exits 1 (not): its diagnostic is
// checked apart (ERR), the lowered cases on stdout.
// RUN: not triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-each 2>/dev/null | FileCheck %s
// RUN: not triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-each 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR

// A tensor split over two CTAs alike on both sides (CGALayout [[1, 0]]: CTA
// 1 holds rows 64-127): each CTA converts its own 64 x 64 block through its
// own shared memory, exactly as the one-CTA conversion of a 64 x 64 tensor
// below does (Triton 3.6's test_simple_matmul with num_ctas=2 stores its
// wgmma accumulator this way). Same scratch bytes, same shared accesses.
// CHECK-LABEL: module attributes {{.*}}"ttg.num-ctas" = 2
// CHECK-SAME: ttg.shared = 16384
// CHECK: llvm.func @split
// CHECK-COUNT-8: llvm.store {{.*}} : vector<4xf32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: llvm.load {{.*}} : !llvm.ptr<3> -> vector<4xf32>
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = [[1, 0]], instrShape = [16, 64, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @split(%x: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #blocked> attributes {noinline = false} {
    %0 = ttg.convert_layout %x : tensor<128x64xf32, #mma> -> tensor<128x64xf32, #blocked>
    tt.return %0 : tensor<128x64xf32, #blocked>
  }
}

// -----

// CHECK-LABEL: module attributes {{.*}}"ttg.num-ctas" = 1
// CHECK-SAME: ttg.shared = 16384
// CHECK: llvm.func @single
// CHECK-COUNT-8: llvm.store {{.*}} : vector<4xf32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: llvm.load {{.*}} : !llvm.ptr<3> -> vector<4xf32>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @single(%x: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #blocked> attributes {noinline = false} {
    %0 = ttg.convert_layout %x : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
    tt.return %0 : tensor<64x64xf32, #blocked>
  }
}

// -----

// The two sides split the tensor over CTAs differently (rows against
// columns): data would move between CTAs (distributed shared memory),
// which is refused by name.
// ERR: error: 'ttg.convert_layout' op lowering to LLVM does not support layout conversions that move data between CTAs
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = [[1, 0]], instrShape = [16, 64, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @moves(%x: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #blocked> attributes {noinline = false} {
    %0 = ttg.convert_layout %x : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #blocked>
    tt.return %0 : tensor<128x128xf32, #blocked>
  }
}
