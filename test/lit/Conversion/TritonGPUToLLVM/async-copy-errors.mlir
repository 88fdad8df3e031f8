// RUN: triton-opt %s --allocate-shared-memory-nv --convert-triton-gpu-to-llvm --verify-diagnostics

// A non-zero `other` cannot be what cp.async fills in.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy_other(%ptrs: tensor<64x64x!tt.ptr<f16>, #blocked>, %mask: tensor<64x64xi1, #blocked>) {
    %one = arith.constant dense<1.000000e+00> : tensor<64x64xf16, #blocked>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // expected-error @+1 {{lowers to cp.async, which fills masked-off elements with zeros; `other` must be a zero constant}}
    %t = ttg.async_copy_global_to_local %ptrs, %buf mask %mask other %one : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}
