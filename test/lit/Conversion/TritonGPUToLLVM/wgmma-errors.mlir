// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-diagnostics

// (Operands without an nvmma_shared layout, or fp8 operands that are not
// K-major, are the ttng verifier's to refuse.)

// An unswizzled nvmma layout (row-major boxes, B here with N contiguous)
// that is not wgmma's K-major core matrices is refused by name.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#plain = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_swizzle(%a: tensor<64x64xf16, #blocked>, %b: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a_s = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #nvmma, #smem>
    %b_s = ttg.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #plain, #smem>
    // expected-error @+2 {{'ttng.warp_group_dot' op lowering to wgmma needs 2-D shared operands with a #ttg.nvmma_shared layout (or one equal to it) or unswizzled core matrices}}
    // expected-error @+1 {{failed to legalize operation 'ttng.warp_group_dot'}}
    %d = ttng.warp_group_dot %a_s, %b_s, %acc {inputPrecision = 0 : i32, isAsync = false} : !ttg.memdesc<64x64xf16, #nvmma, #smem> * !ttg.memdesc<64x64xf16, #plain, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

