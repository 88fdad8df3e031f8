// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-diagnostics

// A reduction along an axis split over the CTAs of a cluster would need
// distributed shared memory: refused.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @across_ctas(%x: tensor<256xf32, #blocked>) {
    // expected-error @+2 {{lowering: reductions across CTAs (CTA bases along the axis) are unsupported}}
    // expected-error @+1 {{failed to legalize operation 'tt.reduce'}}
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<256xf32, #blocked>) -> f32
    tt.return
  }
}

// -----

// Scans are lowered for blocked layouts only (as in Triton).
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scan_slice(%x: tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked}>>) {
    // expected-error @+2 {{lowering: scans are lowered for #ttg.blocked layouts only}}
    // expected-error @+1 {{failed to legalize operation 'tt.scan'}}
    %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.scan.return %s : f32
    }) : (tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked}>>) -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    tt.return
  }
}
