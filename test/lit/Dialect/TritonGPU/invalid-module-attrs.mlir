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
