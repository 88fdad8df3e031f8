// RUN: triton-opt %s -split-input-file -tritongpu-accelerate-matmul -verify-diagnostics

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scaled(%a: tensor<128x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x128xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<128x128xf32, #blocked>, %s: tensor<128x2xi8, #blocked>) -> tensor<128x128xf32, #blocked> {
    // expected-error @+1 {{'tt.dot_scaled' op is not supported yet: tritongpu-accelerate-matmul does not decompose scaled dots}}
    %d = tt.dot_scaled %a scale %s, %b, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<128x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, tensor<128x2xi8, #blocked> * tensor<64x128xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// expected-error @+1 {{tritongpu-accelerate-matmul: the module needs ttg.target = "cuda:<capability>"}}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
}
