// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-diagnostics

// The constraints must name one output per register the asm returns and one
// input per register it takes: with packed_element = 4, four i8 are one
// register, so "=r,r,r,r,r" has three inputs too many.
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @too_many_inputs(%x: tensor<512xi8, #b>) {
    // expected-error @+2 {{constraints "=r,r,r,r,r" have 1 output(s) and 4 input(s); with packed_element = 4 the asm returns 1 register(s) and takes 1 (elements under 32 bits share 32-bit registers)}}
    // expected-error @+1 {{failed to legalize operation 'tt.elementwise_inline_asm'}}
    %0 = tt.elementwise_inline_asm "" {constraints = "=r,r,r,r,r", packed_element = 4 : i32, pure = true} %x : tensor<512xi8, #b> -> tensor<512xi8, #b>
    tt.return
  }
}

// -----

// Two results need two outputs.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @missing_output(%x: i32) {
    // expected-error @+2 {{constraints "=r,r" have 1 output(s) and 1 input(s); with packed_element = 1 the asm returns 2 register(s) and takes 1}}
    // expected-error @+1 {{failed to legalize operation 'tt.elementwise_inline_asm'}}
    %0:2 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : i32 -> i32, i32
    tt.return
  }
}

// -----

// Outputs come first.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @output_after_input(%x: i32) {
    // expected-error @+2 {{constraints: an output ("=...") follows an input or clobber}}
    // expected-error @+1 {{failed to legalize operation 'tt.elementwise_inline_asm'}}
    %0 = tt.elementwise_inline_asm "" {constraints = "r,=r", packed_element = 1 : i32, pure = true} %x : i32 -> i32
    tt.return
  }
}

// -----

// A clobber ends the list; it may not be followed by an input.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @input_after_clobber(%x: i32) {
    // expected-error @+2 {{constraints: an input follows a clobber}}
    // expected-error @+1 {{failed to legalize operation 'tt.elementwise_inline_asm'}}
    %0 = tt.elementwise_inline_asm "" {constraints = "=r,~{memory},r", packed_element = 1 : i32, pure = false} %x : i32 -> i32
    tt.return
  }
}

// -----

// Constraints LLVM cannot parse.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @unparsable(%x: i32) {
    // expected-error @+2 {{cannot parse the constraints "=r,{r"}}
    // expected-error @+1 {{failed to legalize operation 'tt.elementwise_inline_asm'}}
    %0 = tt.elementwise_inline_asm "" {constraints = "=r,{r", packed_element = 1 : i32, pure = true} %x : i32 -> i32
    tt.return
  }
}

// -----

// Each thread holds 2 elements here: groups of 4 do not fit (Triton stops
// with a fatal error).
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @pack_too_wide(%x: tensor<256xi8, #b>) {
    // expected-error @+2 {{packed_element = 4 does not divide the 2 element(s) each thread holds in this layout}}
    // expected-error @+1 {{failed to legalize operation 'tt.elementwise_inline_asm'}}
    %0 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %x : tensor<256xi8, #b> -> tensor<256xi8, #b>
    tt.return
  }
}
