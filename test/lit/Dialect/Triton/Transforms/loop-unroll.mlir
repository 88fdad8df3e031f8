// RUN: triton-opt %s -split-input-file -triton-loop-unroll | FileCheck %s

// A loop marked tt.loop_unroll_factor = 2 runs two bodies per iteration, with
// an epilogue loop for the remainder that is not pipelined.
// CHECK-LABEL: @unroll_by_two
tt.func @unroll_by_two(%p: !tt.ptr<f32>, %n: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant 0.000000e+00 : f32
  // CHECK: %[[MAIN:.*]] = scf.for %[[I:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) : i32 {
  // CHECK:   tt.addptr %arg0, %[[I]]
  // CHECK:   %[[L0:.*]] = tt.load
  // CHECK:   %[[S0:.*]] = arith.addf %[[ACC]], %[[L0]]
  // CHECK:   tt.addptr
  // CHECK:   %[[L1:.*]] = tt.load
  // CHECK:   %[[S1:.*]] = arith.addf %[[S0]], %[[L1]]
  // CHECK:   scf.yield %[[S1]] : f32
  // CHECK-NOT: tt.loop_unroll_factor
  // CHECK: }
  // CHECK: %[[EPI:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[MAIN]]) -> (f32) : i32 {
  // CHECK:   tt.load
  // CHECK-NOT: tt.load
  // CHECK: } {tt.num_stages = 1 : i32}
  // CHECK: tt.return %[[EPI]]
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (f32) : i32 {
    %q = tt.addptr %p, %i : !tt.ptr<f32>, i32
    %v = tt.load %q : !tt.ptr<f32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  } {tt.loop_unroll_factor = 2 : i32}
  tt.return %r : f32
}

// -----

// Constant trip count divisible by the factor: no epilogue loop.
// CHECK-LABEL: @unroll_exact
tt.func @unroll_exact(%p: tensor<16x!tt.ptr<f32>>, %v: tensor<16xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  // CHECK: scf.for
  // CHECK-COUNT-4: tt.store
  // CHECK-NOT: scf.for
  // CHECK-NOT: tt.store
  // CHECK: tt.return
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    tt.store %p, %v : tensor<16x!tt.ptr<f32>>
  } {tt.loop_unroll_factor = 4 : i32}
  tt.return
}

// -----

// Unmarked loops and a factor of 1 are left alone (the attribute is dropped).
// CHECK-LABEL: @no_unroll
tt.func @no_unroll(%p: tensor<16x!tt.ptr<f32>>, %v: tensor<16xf32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK: scf.for
  // CHECK-NEXT: tt.store
  // CHECK-NEXT: }
  // CHECK: scf.for
  // CHECK-NEXT: tt.store
  // CHECK-NEXT: }
  // CHECK-NOT: tt.loop_unroll_factor
  scf.for %i = %c0 to %n step %c1 : i32 {
    tt.store %p, %v : tensor<16x!tt.ptr<f32>>
  }
  scf.for %i = %c0 to %n step %c1 : i32 {
    tt.store %p, %v : tensor<16x!tt.ptr<f32>>
  } {tt.loop_unroll_factor = 1 : i32}
  tt.return
}
