// Round trip of tt.func, tt.call and tt.return, and of the discardable
// attributes Triton puts on function arguments (tt.divisibility,
// tt.contiguity, tt.constancy) and on loops (tt.num_stages,
// tt.loop_unroll_factor, tt.flatten, tt.warp_specialize,
// tt.disallow_acc_multi_buffer).
// RUN: triton-opt %s | triton-opt | FileCheck %s
// RUN: triton-opt %s --mlir-print-op-generic | triton-opt | FileCheck %s

// Declarations: no body, no argument names; attributes of declared arguments
// and results survive.
// CHECK: tt.func private @decl(i32, !tt.ptr<f32>) -> f32
// CHECK-NEXT: tt.func private @decl_multi(i32 {tt.divisibility = 16 : i32}) -> (f32, i32)
// CHECK-NEXT: tt.func private @decl_void()
tt.func private @decl(i32, !tt.ptr<f32>) -> f32
tt.func private @decl_multi(%a: i32 {tt.divisibility = 16 : i32}) -> (f32, i32)
tt.func private @decl_void()

// A kernel as Triton prints one: public, `noinline = false`, hints on the
// arguments (sorted by name inside each dictionary), including a dense hint
// on a tensor argument.
// CHECK-LABEL: tt.func public @kernel
// CHECK-SAME: (%arg0: !tt.ptr<f32> {tt.contiguity = 4 : i32, tt.divisibility = 16 : i32}, %arg1: i32 {tt.constancy = 8 : i32, tt.divisibility = 16 : i32}, %arg2: f32, %arg3: tensor<4x8xi32> {tt.divisibility = dense<[16, 1]> : tensor<2xi32>}) attributes {noinline = false} {
// CHECK-NEXT: %[[R:.+]] = tt.call @decl(%arg1, %arg0) : (i32, !tt.ptr<f32>) -> f32
// CHECK-NEXT: %[[M:.+]]:2 = tt.call @decl_multi(%arg1) : (i32) -> (f32, i32)
// CHECK-NEXT: tt.call @decl_void() : () -> ()
// CHECK-NEXT: %[[H:.+]] = tt.call @helper(%[[R]]) : (f32) -> f32
// CHECK-NEXT: tt.call @"gen_corpus.scaled_copy__Pfp32_i32__(1,)cconstexpr_1024_"(%arg0, %[[M]]#1) : (!tt.ptr<f32>, i32) -> ()
// CHECK-NEXT: tt.return
tt.func public @kernel(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32},
                       %n: i32 {tt.divisibility = 16 : i32, tt.constancy = 8 : i32},
                       %s: f32,
                       %t: tensor<4x8xi32> {tt.divisibility = dense<[16, 1]> : tensor<2xi32>}) attributes {noinline = false} {
  %0 = tt.call @decl(%n, %p) : (i32, !tt.ptr<f32>) -> f32
  %1:2 = tt.call @decl_multi(%n) : (i32) -> (f32, i32)
  tt.call @decl_void() : () -> ()
  %2 = tt.call @helper(%0) : (f32) -> f32
  tt.call @"gen_corpus.scaled_copy__Pfp32_i32__(1,)cconstexpr_1024_"(%p, %1#1) : (!tt.ptr<f32>, i32) -> ()
  tt.return
}

// A private device function that must not be inlined.
// CHECK-LABEL: tt.func private @"gen_corpus.scaled_copy__Pfp32_i32__(1,)cconstexpr_1024_"
// CHECK-SAME: (%arg0: !tt.ptr<f32>, %arg1: i32) attributes {noinline = true} {
// CHECK-NEXT: tt.return
tt.func private @"gen_corpus.scaled_copy__Pfp32_i32__(1,)cconstexpr_1024_"(%p: !tt.ptr<f32>, %n: i32) attributes {noinline = true} {
  tt.return
}

// No visibility keyword means public; results are returned with their types.
// CHECK-LABEL: tt.func @helper
// CHECK-SAME: (%arg0: f32) -> f32 attributes {noinline = true} {
// CHECK-NEXT: tt.return %arg0 : f32
tt.func @helper(%x: f32) -> f32 attributes {noinline = true} {
  tt.return %x : f32
}

// Several results, one with a result attribute.
// CHECK-LABEL: tt.func @multi_result
// CHECK-SAME: (%arg0: tensor<16xf32>, %arg1: i64) -> (tensor<16xf32>, i64 {tt.divisibility = 8 : i32}) {
// CHECK-NEXT: tt.return %arg0, %arg1 : tensor<16xf32>, i64
tt.func @multi_result(%x: tensor<16xf32>, %y: i64) -> (tensor<16xf32>, i64 {tt.divisibility = 8 : i32}) {
  tt.return %x, %y : tensor<16xf32>, i64
}

// A body of several blocks.
// CHECK-LABEL: tt.func private @multi_block
// CHECK-SAME: (%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb1(%arg2 : i32)
// CHECK-NEXT: ^bb1(%[[V:.+]]: i32):
// CHECK-NEXT: tt.return %[[V]] : i32
tt.func private @multi_block(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%v: i32):
  tt.return %v : i32
}

// Loop attributes on scf.for survive both printers.
// CHECK-LABEL: tt.func @loop_attributes
// CHECK: scf.for
// CHECK: } {tt.num_stages = 3 : i32}
// CHECK: scf.for
// CHECK: } {tt.loop_unroll_factor = 4 : i32}
// CHECK: scf.for
// CHECK: } {tt.flatten}
// CHECK: scf.for
// CHECK: } {tt.warp_specialize}
// CHECK: scf.for
// CHECK: } {tt.disallow_acc_multi_buffer, tt.flatten = true, tt.num_stages = 2 : i32, tt.warp_specialize = false}
// CHECK: tt.return
tt.func @loop_attributes(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.yield
  } {tt.num_stages = 3 : i32}
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.yield
  } {tt.loop_unroll_factor = 4 : i32}
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.yield
  } {tt.flatten}
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.yield
  } {tt.warp_specialize}
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.yield
  } {tt.num_stages = 2 : i32, tt.warp_specialize = false, tt.flatten = true, tt.disallow_acc_multi_buffer}
  tt.return
}
