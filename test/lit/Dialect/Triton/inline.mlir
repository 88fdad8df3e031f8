// The tt dialect's inliner interface: tt.call to a tt.func is inlined unless
// the callee says `noinline = true`; tt.return becomes a forwarded value
// (single-block callee) or a cf.br to the block after the call (several
// blocks). The first RUN line isolates the inliner (no simplification
// pipeline); the second runs it as the ttir pipeline does and then drops the
// private functions left without callers. (The inliner itself already erases
// a private callee whose calls it inlined all; symbol-dce catches what it
// leaves, see @dead_caller.)
// RUN: triton-opt %s -split-input-file -inline='default-pipeline=' | FileCheck %s
// RUN: triton-opt %s -split-input-file -inline -symbol-dce | FileCheck %s --check-prefix=DCE

// CHECK-LABEL: tt.func public @single_block
// CHECK-SAME: (%arg0: tensor<8x!tt.ptr<f32>>, %arg1: f32)
// CHECK-NEXT: %[[V:.+]] = tt.load %arg0 : tensor<8x!tt.ptr<f32>>
// CHECK-NEXT: %[[S:.+]] = tt.splat %arg1 : f32 -> tensor<8xf32>
// CHECK-NEXT: %[[M:.+]] = arith.mulf %[[V]], %[[S]] : tensor<8xf32>
// CHECK-NEXT: tt.store %arg0, %[[M]] : tensor<8x!tt.ptr<f32>>
// CHECK-NEXT: tt.return %[[M]] : tensor<8xf32>
// CHECK-NOT: tt.call
// CHECK-NOT: @scale
// DCE-NOT: @scale
// DCE-LABEL: tt.func public @single_block
// DCE-NOT: tt.call
// DCE: tt.return
// DCE-NOT: @scale
tt.func public @single_block(%p: tensor<8x!tt.ptr<f32>>, %s: f32) -> tensor<8xf32> attributes {noinline = false} {
  %0 = tt.call @scale(%p, %s) : (tensor<8x!tt.ptr<f32>>, f32) -> tensor<8xf32>
  tt.return %0 : tensor<8xf32>
}
tt.func private @scale(%p: tensor<8x!tt.ptr<f32>>, %s: f32) -> tensor<8xf32> attributes {noinline = false} {
  %v = tt.load %p : tensor<8x!tt.ptr<f32>>
  %sv = tt.splat %s : f32 -> tensor<8xf32>
  %m = arith.mulf %v, %sv : tensor<8xf32>
  tt.store %p, %m : tensor<8x!tt.ptr<f32>>
  tt.return %m : tensor<8xf32>
}

// -----

// A callee of several blocks: each tt.return becomes a branch to the block
// that continues after the call, carrying the returned values.
// CHECK-LABEL: tt.func public @multi_block
// CHECK-SAME: (%arg0: i1, %arg1: i32, %arg2: i32)
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: %[[X:.+]] = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT: cf.br ^bb3(%[[X]] : i32)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: %[[Y:.+]] = arith.muli %arg1, %arg2 : i32
// CHECK-NEXT: cf.br ^bb3(%[[Y]] : i32)
// CHECK-NEXT: ^bb3(%[[R:.+]]: i32):
// CHECK-NEXT: %[[D:.+]] = arith.addi %[[R]], %[[R]] : i32
// CHECK-NEXT: tt.return %[[D]] : i32
// CHECK-NOT: @add_or_mul
// DCE-LABEL: tt.func public @multi_block
// DCE-NOT: tt.call
// DCE: tt.return
// DCE-NOT: @add_or_mul
tt.func public @multi_block(%c: i1, %a: i32, %b: i32) -> i32 {
  %0 = tt.call @add_or_mul(%c, %a, %b) : (i1, i32, i32) -> i32
  %1 = arith.addi %0, %0 : i32
  tt.return %1 : i32
}
tt.func private @add_or_mul(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = arith.addi %a, %b : i32
  tt.return %x : i32
^bb2:
  %y = arith.muli %a, %b : i32
  tt.return %y : i32
}

// -----

// noinline = true keeps the call, and symbol-dce keeps its callee.
// CHECK-LABEL: tt.func public @noinline_callee
// CHECK-NEXT: tt.call @"kernels.scaled_copy__Pfp32_Pfp32_i32__(3,)cconstexpr_1024_"(%arg0, %arg1, %arg2) : (!tt.ptr<f32>, !tt.ptr<f32>, i32) -> ()
// CHECK-NEXT: tt.return
// CHECK: tt.func private @"kernels.scaled_copy__Pfp32_Pfp32_i32__(3,)cconstexpr_1024_"
// CHECK-SAME: attributes {noinline = true}
// CHECK-NEXT: tt.addptr
// DCE-LABEL: tt.func public @noinline_callee
// DCE-NEXT: tt.call @"kernels.scaled_copy__Pfp32_Pfp32_i32__(3,)cconstexpr_1024_"(%arg0, %arg1, %arg2)
// DCE: tt.func private @"kernels.scaled_copy__Pfp32_Pfp32_i32__(3,)cconstexpr_1024_"
tt.func public @noinline_callee(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32) attributes {noinline = false} {
  tt.call @"kernels.scaled_copy__Pfp32_Pfp32_i32__(3,)cconstexpr_1024_"(%x, %y, %n) : (!tt.ptr<f32>, !tt.ptr<f32>, i32) -> ()
  tt.return
}
tt.func private @"kernels.scaled_copy__Pfp32_Pfp32_i32__(3,)cconstexpr_1024_"(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32) attributes {noinline = true} {
  %p = tt.addptr %x, %n : !tt.ptr<f32>, i32
  %v = tt.load %p : !tt.ptr<f32>
  %q = tt.addptr %y, %n : !tt.ptr<f32>, i32
  tt.store %q, %v : !tt.ptr<f32>
  tt.return
}

// -----

// A chain of calls inlines all the way down; a single-block callee inlines
// inside a loop body too.
// CHECK-LABEL: tt.func public @chain_in_loop
// CHECK: scf.for
// CHECK-NEXT: %[[A:.+]] = arith.addi %{{.+}}, %arg1 : i32
// CHECK-NEXT: %[[B:.+]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT: scf.yield %[[B]] : i32
// CHECK-NOT: tt.call
// CHECK-NOT: @outer
// CHECK-NOT: @inner
// DCE-LABEL: tt.func public @chain_in_loop
// DCE-NOT: tt.call
// DCE-NOT: @outer
// DCE-NOT: @inner
tt.func public @chain_in_loop(%n: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %0 = tt.call @outer(%acc, %b) : (i32, i32) -> i32
    scf.yield %0 : i32
  }
  tt.return %r : i32
}
tt.func private @outer(%a: i32, %b: i32) -> i32 {
  %s = arith.addi %a, %b : i32
  %0 = tt.call @inner(%s) : (i32) -> i32
  tt.return %0 : i32
}
tt.func private @inner(%x: i32) -> i32 {
  %sq = arith.muli %x, %x : i32
  tt.return %sq : i32
}

// -----

// A callee of several blocks cannot go into a single-block loop body: the
// call stays.
// CHECK-LABEL: tt.func public @multi_block_in_loop
// CHECK: scf.for
// CHECK-NEXT: %[[R:.+]] = tt.call @pick(%arg1, %{{.+}}) : (i1, i32) -> i32
// CHECK-NEXT: scf.yield %[[R]] : i32
// DCE-LABEL: tt.func public @multi_block_in_loop
// DCE: tt.call @pick
// DCE: tt.func private @pick
tt.func public @multi_block_in_loop(%n: i32, %c: i1) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %0 = tt.call @pick(%c, %acc) : (i1, i32) -> i32
    scf.yield %0 : i32
  }
  tt.return %r : i32
}
tt.func private @pick(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  tt.return %a : i32
^bb2:
  %z = arith.constant 0 : i32
  tt.return %z : i32
}

// -----

// Declarations have no body to inline. A public callee is inlined but kept.
// CHECK-LABEL: tt.func public @declaration_and_public
// CHECK-NEXT: %[[E:.+]] = tt.call @extern_fn(%arg0) : (f32) -> f32
// CHECK-NEXT: %[[N:.+]] = arith.negf %[[E]] : f32
// CHECK-NEXT: tt.return %[[N]] : f32
// DCE-LABEL: tt.func public @declaration_and_public
// DCE: tt.func private @extern_fn
// DCE: tt.func public @public_helper
tt.func public @declaration_and_public(%x: f32) -> f32 {
  %0 = tt.call @extern_fn(%x) : (f32) -> f32
  %1 = tt.call @public_helper(%0) : (f32) -> f32
  tt.return %1 : f32
}
tt.func private @extern_fn(f32) -> f32
tt.func public @public_helper(%x: f32) -> f32 {
  %n = arith.negf %x : f32
  tt.return %n : f32
}

// -----

// A private noinline function nobody calls is dead; the helper it called is
// inlined into it first and, once the dead function is gone, has no caller
// left either: symbol-dce removes both, the kernel stays.
// CHECK-LABEL: tt.func public @dead_caller
// CHECK-NOT: @noinline_dead
// DCE-NOT: @noinline_dead
// DCE-NOT: @helper_of_dead
// DCE-LABEL: tt.func public @dead_caller
// DCE-NEXT: tt.return %arg0 : i32
// DCE-NEXT: }
// DCE-NEXT: }
tt.func private @noinline_dead(%x: i32) -> i32 attributes {noinline = true} {
  %0 = tt.call @helper_of_dead(%x) : (i32) -> i32
  tt.return %0 : i32
}
tt.func private @helper_of_dead(%x: i32) -> i32 {
  %y = arith.addi %x, %x : i32
  tt.return %y : i32
}
tt.func public @dead_caller(%x: i32) -> i32 {
  tt.return %x : i32
}
