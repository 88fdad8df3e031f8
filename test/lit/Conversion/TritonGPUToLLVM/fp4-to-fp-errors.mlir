// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-diagnostics

// The two nibbles of a byte must land in consecutive registers of the
// thread that holds the byte.
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp4_bad_layout(%x: tensor<4x64xi8, #blocked>) -> tensor<4x128xbf16, #blocked1> {
    // expected-error @+2 {{failed to legalize operation 'ttg.fp4_to_fp'}}
    // expected-error @+1 {{'ttg.fp4_to_fp' op lowering needs the result layout to be the source's with the two nibbles of a byte in consecutive registers along the axis}}
    %y = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<4x64xi8, #blocked> -> tensor<4x128xbf16, #blocked1>
    tt.return %y : tensor<4x128xbf16, #blocked1>
  }
}
