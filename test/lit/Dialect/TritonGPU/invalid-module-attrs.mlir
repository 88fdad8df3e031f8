// Placement and values of the ttg module attributes
// (TritonGPUDialect::verifyOperationAttribute).
// RUN: triton-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{'builtin.module' op attribute 'ttg.num-warps' must be positive, got 0}}
module attributes {"ttg.num-warps" = 0 : i32} {}

// -----

// expected-error @+1 {{'builtin.module' op attribute 'ttg.num-ctas' must be an i32 integer}}
module attributes {"ttg.num-ctas" = 1 : i64} {}

// -----

// expected-error @+1 {{'builtin.module' op attribute 'ttg.threads-per-warp' must be an i32 integer}}
module attributes {"ttg.threads-per-warp" = "32"} {}

// -----

// expected-error @+1 {{'builtin.module' op attribute 'ttg.total-num-warps' must be positive, got -4}}
module attributes {"ttg.total-num-warps" = -4 : i32} {}

// -----

// expected-error @+1 {{'builtin.module' op attribute 'ttg.target' must be a string}}
module attributes {ttg.target = 90 : i32} {}

// -----

// expected-error @+1 {{'builtin.module' op attribute 'ttg.shared' must be a non-negative i32 integer}}
module attributes {ttg.shared = -1 : i32} {}

// -----

// Triton's maxnreg option: a positive number of registers, on the module.
// expected-error @+1 {{'builtin.module' op attribute 'ttg.maxnreg' must be positive, got 0}}
module attributes {ttg.maxnreg = 0 : i32} {}

// -----

// expected-error @+1 {{'builtin.module' op attribute 'ttg.maxnreg' must be an i32 integer}}
module attributes {ttg.maxnreg = "many"} {}

// -----

module {
  // expected-error @+1 {{'tt.func' op has unexpected attribute "ttg.maxnreg" which is expected only on `module` ops}}
  tt.func @f() attributes {ttg.maxnreg = 32 : i32} {
    tt.return
  }
}

// -----

module {
  // expected-error @+1 {{'tt.func' op has unexpected attribute "ttg.num-ctas" which is expected only on `module` ops}}
  tt.func @f() attributes {"ttg.num-ctas" = 1 : i32} {
    tt.return
  }
}

// -----

module {
  tt.func @f() {
    // expected-error @+1 {{'tt.return' op has unexpected attribute "ttg.num-warps" which is expected only on `module` or `tt.func` ops}}
    tt.return {"ttg.num-warps" = 4 : i32}
  }
}

// -----

// 64 warps of 32 threads: 2048 threads, past CUDA's 1024 per CTA.
// expected-error @+1 {{'builtin.module' op attribute 'ttg.num-warps' = 64 with 32 threads per warp is 2048 threads per CTA; CUDA allows at most 1024}}
module attributes {"ttg.num-warps" = 64 : i32, "ttg.threads-per-warp" = 32 : i32} {}

// -----

// A blocked layout of 16 threads per warp in a module of 32.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @lanes() {
    // expected-error @+1 {{'tt.make_range' op result #0 has layout #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [4], order = [0]}> with 16 threads per warp, but the module's ttg.threads-per-warp is 32}}
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    tt.return
  }
}

// -----

// warpsPerCTA of 8 warps in a 4-warp module, seen through a slice.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @warps() {
    // expected-error @+1 {{'tt.make_range' op result #0 has layout #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}> with 8 warps, but the op runs on 4 (ttg.num-warps)}}
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    tt.return
  }
}

// -----

// An mma layout's warps, on a block argument.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{'tt.func' op block argument #0 has layout #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}> with 4 warps, but the op runs on 8 (ttg.num-warps)}}
  tt.func public @mma_warps(%acc: tensor<32x32xf32, #mma>) {
    tt.return
  }
}

// -----

// CTAs run as one cluster: a power of two up to 16 (a fuzz finding: 64 CTAs
// on cuda:80 reached NVPTX's instruction selection, which aborted on
// %clusterid).
// expected-error @+1 {{'builtin.module' op attribute 'ttg.num-ctas' = 64 is not a cluster size (a power of two up to 16)}}
module attributes {"ttg.num-ctas" = 64 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
}

// -----

// expected-error @+1 {{'builtin.module' op attribute 'ttg.num-ctas' = 3 is not a cluster size (a power of two up to 16)}}
module attributes {"ttg.num-ctas" = 3 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
}

// -----

// Clusters need sm_90.
// expected-error @+1 {{'builtin.module' op attribute 'ttg.num-ctas' = 2: clusters of CTAs need compute capability 9.0 or later, the target is cuda:80}}
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
}
