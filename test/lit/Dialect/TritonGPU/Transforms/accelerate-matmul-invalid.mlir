// RUN: triton-opt %s -split-input-file -tritongpu-accelerate-matmul -verify-diagnostics

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scaled_fp6(%a: tensor<128x64xi8, #blocked>, %b: tensor<64x128xf8E4M3FN, #blocked>, %c: tensor<128x128xf32, #blocked>, %s: tensor<128x2xi8, #blocked>) -> tensor<128x128xf32, #blocked> {
    // expected-error @+1 {{'tt.dot_scaled' op is not supported by tritongpu-accelerate-matmul: only e2m1, e4m3, e5m2, bf16 and fp16 operands are decomposed (fp6 is not)}}
    %d = tt.dot_scaled %a scale %s, %b, %c lhs = e2m3 rhs = e4m3 {fastMath = false} : tensor<128x64xi8, #blocked>, tensor<128x2xi8, #blocked> * tensor<64x128xf8E4M3FN, #blocked> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scaled_format_mismatch(%a: tensor<128x64xi8, #blocked>, %b: tensor<64x128xf8E4M3FN, #blocked>, %c: tensor<128x128xf32, #blocked>, %s: tensor<128x2xi8, #blocked>) -> tensor<128x128xf32, #blocked> {
    // expected-error @+1 {{'tt.dot_scaled' op is not supported by tritongpu-accelerate-matmul: an operand's element type does not match its format}}
    %d = tt.dot_scaled %a scale %s, %b, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<128x64xi8, #blocked>, tensor<128x2xi8, #blocked> * tensor<64x128xf8E4M3FN, #blocked> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// expected-error @+1 {{tritongpu-accelerate-matmul: the module needs ttg.target = "cuda:<capability>"}}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
}

// -----

// Blackwell's data-centre parts take tcgen05 MMAs into tensor memory in
// Triton 3.6, which this compiler does not lower: refused by name, not
// compiled to FMA.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @blackwell_dot(%a: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // expected-error @+1 {{tensor-core dots for compute capability 10.0 (Blackwell: tcgen05 MMA and tensor memory) are not lowered by this compiler}}
    %d = tt.dot %a, %b, %c : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}
