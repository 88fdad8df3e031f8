// RUN: not triton-opt %s -split-input-file --triton-nvidia-tma-lowering 2>&1 | FileCheck %s --check-prefix=ERR

// Without optimize-descriptor-encoding there is no layout to copy into;
// gathers need sm_100.
// ERR: error: TMA lowering: the descriptor block 'tensor<64x64xf16>' has no #ttg.nvmma_shared layout; run triton-nvidia-optimize-descriptor-encoding first
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_layout(%d: !tt.tensordesc<tensor<64x64xf16>>, %i: i32) -> tensor<64x64xf16, #blocked> {
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    tt.return %v : tensor<64x64xf16, #blocked>
  }
}

// -----

// ERR: error: TMA lowering: tt.descriptor_gather needs TMA gather4/scatter4 (sm_100 and later), which Hopper does not have
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather(%d: !tt.tensordesc<tensor<1x64xf16, #shared>>, %x: tensor<32xi32, #blocked1>, %y: i32) -> tensor<32x64xf16, #blocked> {
    %v = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #blocked1>, i32) -> tensor<32x64xf16, #blocked>
    tt.return %v : tensor<32x64xf16, #blocked>
  }
}
