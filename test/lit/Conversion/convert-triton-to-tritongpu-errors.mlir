// RUN: triton-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:90 num-warps=4' -verify-diagnostics
// RUN: not triton-opt %s -split-input-file -convert-triton-to-tritongpu='num-warps=4' 2>&1 | FileCheck %s --check-prefix=NOTARGET
// RUN: not triton-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:90 num-warps=3' 2>&1 | FileCheck %s --check-prefix=WARPS
// RUN: not triton-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:90 threads-per-warp=0' 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: not triton-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:90 num-ctas=6' 2>&1 | FileCheck %s --check-prefix=CTAS

// NOTARGET: error: 'convert-triton-to-tritongpu' requires 'target' option to be set
// WARPS: error: 'convert-triton-to-tritongpu' option 'num-warps' must be a power of two, got 3
// THREADS: error: 'convert-triton-to-tritongpu' option 'threads-per-warp' must be a power of two, got 0
// CTAS: error: 'convert-triton-to-tritongpu' option 'num-ctas' must be a power of two, got 6

// Triton never lowers scf.execute_region; it must not reach TTGIR.
tt.func @execute_region(%x: tensor<128xf32>) -> tensor<128xf32> {
  // expected-error @+1 {{failed to legalize operation 'scf.execute_region' that was explicitly marked illegal}}
  %0 = scf.execute_region -> tensor<128xf32> {
    scf.yield %x : tensor<128xf32>
  }
  tt.return %0 : tensor<128xf32>
}

// -----

// An op the pass has no pattern for, holding tensors without a layout,
// fails the conversion instead of being left behind.
// expected-error @+1 {{failed to legalize operation 'func.func'}}
func.func @not_a_triton_function(%x: tensor<128xf32>) -> tensor<128xf32> {
  return %x : tensor<128xf32>
}

// -----

// A 0-d tensor has no dimension to lay threads along.
tt.func @zero_rank() {
  // expected-error @+1 {{failed to legalize operation 'arith.constant'}}
  %c = arith.constant dense<1.0> : tensor<f32>
  %0 = arith.addf %c, %c : tensor<f32>
  tt.return
}

// -----

// A tensor constant whose values are not a dense attribute (a resource
// blob) cannot take a layout.
tt.func @resource_constant() -> tensor<4xi32> {
  // expected-error @+1 {{failed to legalize operation 'arith.constant'}}
  %0 = arith.constant dense_resource<blob1> : tensor<4xi32>
  tt.return %0 : tensor<4xi32>
}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x0400000001000000020000000300000004000000"
    }
  }
#-}

// -----

// A Triton program is one module of functions (issue 19: a nested module
// crashed tritongpu-coalesce). An explicit inner module:
module {
  // expected-error @+1 {{a Triton program is a single module of functions; nested modules are not supported}}
  module {
    tt.func public @k(%p: !tt.ptr<f32>) {
      tt.return
    }
  }
}

// -----

// Another op beside the functions (the parser wraps a module followed by a
// stray op into an implicit outer module; see errors/nested-module.mlir).
// expected-error @+1 {{a Triton program holds only functions at its top level, found 'arith.constant'}}
%c = arith.constant 1 : i32
tt.func public @k2(%p: !tt.ptr<f32>) {
  tt.return
}
