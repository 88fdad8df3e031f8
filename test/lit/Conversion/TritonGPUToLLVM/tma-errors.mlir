// RUN: not triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm 2>&1 | FileCheck %s --check-prefix=ERR

// TMA copies of blocks split over a cluster of CTAs are refused by name.

// ERR: error: 'ttng.async_tma_copy_local_to_global' op is not lowered in a cluster of CTAs (num-ctas > 1)
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cluster(%d: !tt.tensordesc<tensor<64x128xf16, #shared>>, %x: i32, %v: tensor<64x128xf16, #blocked>) {
    %buf = ttg.local_alloc %v : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
    ttng.async_tma_copy_local_to_global %d[%x, %x] %buf : !tt.tensordesc<tensor<64x128xf16, #shared>>, !ttg.memdesc<64x128xf16, #shared, #smem>
    tt.return
  }
}
