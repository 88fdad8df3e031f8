// RUN: triton-opt %s --triton-ttir-pipeline | FileCheck %s
// RUN: triton-opt %s --pass-pipeline='builtin.module(triton-ttir-pipeline{compute-capability=90})' | FileCheck %s

// TTIR as Triton's frontend emits it, before the ttir stage: a helper that
// must be inlined, a noinline helper that must stay a call, an accumulation
// that folds into the dot, duplicated work for CSE and a marked loop.

// The inlined private helper is gone; the noinline one stays.
// CHECK-NOT: tt.func private @scale
// CHECK: tt.func private @keep
// CHECK-SAME: noinline = true
// CHECK-LABEL: tt.func public @kernel
// CHECK-NOT: tt.call @scale
// CHECK: arith.mulf
// CHECK: tt.call @keep
// CHECK: scf.for
// The dot absorbed the addition of the accumulator, and the loop is unrolled
// by two: two dots in one body.
// CHECK-NEXT: %[[D:.*]] = tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
// CHECK-NEXT: %[[D2:.*]] = tt.dot %{{.*}}, %{{.*}}, %[[D]] : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
// CHECK-NEXT: scf.yield %[[D2]]
// CHECK-NOT: arith.addf
// CHECK-NOT: tt.loop_unroll_factor
// CHECK: tt.store
// CHECK: tt.return
// CHECK-NOT: tt.func
module {
  tt.func private @scale(%x: f32) -> f32 attributes {noinline = false} {
    %c = arith.constant 2.000000e+00 : f32
    %r = arith.mulf %x, %c : f32
    tt.return %r : f32
  }
  tt.func private @keep(%p: !tt.ptr<f32>, %v: f32) attributes {noinline = true} {
    tt.store %p, %v : !tt.ptr<f32>
    tt.return
  }
  tt.func public @kernel(%out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %n: i32, %s: f32, %po: tensor<16x16x!tt.ptr<f32>>) attributes {noinline = false} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
    %x = tt.call @scale(%s) : (f32) -> f32
    tt.call @keep(%out, %x) : (!tt.ptr<f32>, f32) -> ()
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
      %d = tt.dot %a, %b, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
      %next = arith.addf %acc, %d : tensor<16x16xf32>
      scf.yield %next : tensor<16x16xf32>
    } {tt.loop_unroll_factor = 2 : i32}
    tt.store %po, %r : tensor<16x16x!tt.ptr<f32>>
    tt.return
  }
}
