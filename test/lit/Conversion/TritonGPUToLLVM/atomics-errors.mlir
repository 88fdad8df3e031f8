// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-diagnostics

// Combinations PTX has no atom for are refused, naming the rule.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @max_f32(%p: !tt.ptr<f32>, %v: f32) {
    // expected-error @+2 {{cannot be lowered to PTX: 'max' needs 32- or 64-bit integers}}
    // expected-error @+1 {{failed to legalize operation 'tt.atomic_rmw'}}
    %0 = tt.atomic_rmw max, acq_rel, gpu, %p, %v : (!tt.ptr<f32>, f32) -> f32
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @add_i16(%p: !tt.ptr<i16>, %v: i16) {
    // expected-error @+2 {{cannot be lowered to PTX: 'add' needs 32- or 64-bit integers}}
    // expected-error @+1 {{failed to legalize operation 'tt.atomic_rmw'}}
    %0 = tt.atomic_rmw add, acq_rel, gpu, %p, %v : (!tt.ptr<i16>, i16) -> i16
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @exch_f16(%p: !tt.ptr<f16>, %v: f16) {
    // expected-error @+2 {{cannot be lowered to PTX: 'exch' needs 32- or 64-bit values}}
    // expected-error @+1 {{failed to legalize operation 'tt.atomic_rmw'}}
    %0 = tt.atomic_rmw exch, acq_rel, gpu, %p, %v : (!tt.ptr<f16>, f16) -> f16
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cas_i8(%p: !tt.ptr<i8>, %v: i8) {
    // expected-error @+2 {{cannot be lowered to PTX: 'cas' needs 16-, 32- or 64-bit values}}
    // expected-error @+1 {{failed to legalize operation 'tt.atomic_cas'}}
    %0 = tt.atomic_cas acq_rel, gpu, %p, %v, %v : (!tt.ptr<i8>, i8, i8) -> i8
    tt.return
  }
}

// -----

// A used scalar result cannot be shared between the CTAs of a cluster.
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cluster_scalar(%p: !tt.ptr<i32>, %v: i32) {
    // expected-error @+2 {{scalar result in a cluster of several CTAs is not supported}}
    // expected-error @+1 {{failed to legalize operation 'tt.atomic_rmw'}}
    %0 = tt.atomic_rmw add, acq_rel, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
    tt.store %p, %0 : !tt.ptr<i32>
    tt.return
  }
}
