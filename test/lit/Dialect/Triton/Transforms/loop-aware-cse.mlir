// RUN: triton-opt %s -split-input-file -triton-loop-aware-cse | FileCheck %s

// Two pointers started at the same place and advanced by the same step are
// one pointer: the second iter_arg and its result are gone, both loads read
// through the first, and CSE leaves one of them.
// CHECK-LABEL: tt.func @merge_pointer_increments
// CHECK-SAME: (%[[P:[^ ,:()]+]]: tensor<16x!tt.ptr<f32>>, %[[Q:[^ ,:()]+]]: tensor<16x!tt.ptr<f32>>,
// CHECK: %[[STEP:[^ ,:()]+]] = arith.constant dense<16> : tensor<16xi32>
// CHECK: %[[R:[^ ,:()]+]]:2 = scf.for %{{.*}} iter_args(%[[A:[^ ,:()]+]] = %[[P]], %[[ACC:[^ ,:()]+]] = %{{.*}}) -> (tensor<16x!tt.ptr<f32>>, tensor<16xf32>)
// CHECK-NEXT: %[[V:[^ ,:()]+]] = tt.load %[[A]] : tensor<16x!tt.ptr<f32>>
// CHECK-NEXT: %[[S:[^ ,:()]+]] = arith.addf %[[V]], %[[V]] : tensor<16xf32>
// CHECK-NEXT: %[[T:[^ ,:()]+]] = arith.addf %[[ACC]], %[[S]] : tensor<16xf32>
// CHECK-NEXT: %[[A1:[^ ,:()]+]] = tt.addptr %[[A]], %[[STEP]] : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
// CHECK-NEXT: scf.yield %[[A1]], %[[T]] : tensor<16x!tt.ptr<f32>>, tensor<16xf32>
// CHECK: tt.store %[[Q]], %[[R]]#1
// CHECK-NEXT: %[[END:[^ ,:()]+]] = tt.load %[[R]]#0 : tensor<16x!tt.ptr<f32>>
// CHECK-NEXT: tt.store %[[Q]], %[[END]]
tt.func @merge_pointer_increments(%p: tensor<16x!tt.ptr<f32>>, %q: tensor<16x!tt.ptr<f32>>, %lb: i32, %ub: i32) {
  %c1 = arith.constant 1 : i32
  %step = arith.constant dense<16> : tensor<16xi32>
  %step2 = arith.constant dense<16> : tensor<16xi32>
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  %r:3 = scf.for %i = %lb to %ub step %c1 iter_args(%a = %p, %b = %p, %acc = %zero) -> (tensor<16x!tt.ptr<f32>>, tensor<16x!tt.ptr<f32>>, tensor<16xf32>) : i32 {
    %va = tt.load %a : tensor<16x!tt.ptr<f32>>
    %vb = tt.load %b : tensor<16x!tt.ptr<f32>>
    %s = arith.addf %va, %vb : tensor<16xf32>
    %t = arith.addf %acc, %s : tensor<16xf32>
    %a1 = tt.addptr %a, %step : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %b1 = tt.addptr %b, %step2 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    scf.yield %a1, %b1, %t : tensor<16x!tt.ptr<f32>>, tensor<16x!tt.ptr<f32>>, tensor<16xf32>
  }
  tt.store %q, %r#2 : tensor<16x!tt.ptr<f32>>
  %end = tt.load %r#1 : tensor<16x!tt.ptr<f32>>
  tt.store %q, %end : tensor<16x!tt.ptr<f32>>
  tt.return
}

// -----

// Different steps, or different starts: nothing to merge.
// CHECK-LABEL: tt.func @different_step
// CHECK: scf.for %{{.*}} iter_args(%[[A:[^ ,:()]+]] = %[[P:[^ ,:()]+]], %[[B:[^ ,:()]+]] = %[[P]]) -> (!tt.ptr<f32>, !tt.ptr<f32>)
// CHECK-DAG: tt.addptr %[[A]], %{{.*}} : !tt.ptr<f32>, i32
// CHECK-DAG: tt.addptr %[[B]], %{{.*}} : !tt.ptr<f32>, i32
// CHECK: scf.yield
// CHECK-SAME: !tt.ptr<f32>, !tt.ptr<f32>
tt.func @different_step(%p: !tt.ptr<f32>, %lb: i32, %ub: i32) -> (!tt.ptr<f32>, !tt.ptr<f32>) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%a = %p, %b = %p) -> (!tt.ptr<f32>, !tt.ptr<f32>) : i32 {
    %a1 = tt.addptr %a, %c1 : !tt.ptr<f32>, i32
    %b1 = tt.addptr %b, %c2 : !tt.ptr<f32>, i32
    scf.yield %a1, %b1 : !tt.ptr<f32>, !tt.ptr<f32>
  }
  tt.return %r#0, %r#1 : !tt.ptr<f32>, !tt.ptr<f32>
}

// CHECK-LABEL: tt.func @different_init
// CHECK-SAME: (%[[P:[^ ,:()]+]]: !tt.ptr<f32>, %[[Q:[^ ,:()]+]]: !tt.ptr<f32>,
// CHECK: %[[R:[^ ,:()]+]]:2 = scf.for %{{.*}} iter_args(%[[A:[^ ,:()]+]] = %[[P]], %[[B:[^ ,:()]+]] = %[[Q]]) -> (!tt.ptr<f32>, !tt.ptr<f32>)
// CHECK-NEXT: %[[A1:[^ ,:()]+]] = tt.addptr %[[A]], %[[C1:[^ ,:()]+]] : !tt.ptr<f32>, i32
// CHECK-NEXT: %[[B1:[^ ,:()]+]] = tt.addptr %[[B]], %[[C1]] : !tt.ptr<f32>, i32
// CHECK-NEXT: scf.yield %[[A1]], %[[B1]]
// CHECK: tt.return %[[R]]#0, %[[R]]#1
tt.func @different_init(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %lb: i32, %ub: i32) -> (!tt.ptr<f32>, !tt.ptr<f32>) {
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%a = %p, %b = %q) -> (!tt.ptr<f32>, !tt.ptr<f32>) : i32 {
    %a1 = tt.addptr %a, %c1 : !tt.ptr<f32>, i32
    %b1 = tt.addptr %b, %c1 : !tt.ptr<f32>, i32
    scf.yield %a1, %b1 : !tt.ptr<f32>, !tt.ptr<f32>
  }
  tt.return %r#0, %r#1 : !tt.ptr<f32>, !tt.ptr<f32>
}

// Yielded values that read memory are not known equal: two loads of one
// pointer may differ.
// CHECK-LABEL: tt.func @loaded_values_kept
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %[[X:[^ ,:()]+]], %{{.*}} = %[[X]]) -> (f32, f32)
tt.func @loaded_values_kept(%p: !tt.ptr<f32>, %x: f32, %lb: i32, %ub: i32) -> (f32, f32) {
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%a = %x, %b = %x) -> (f32, f32) : i32 {
    %va = tt.load %p : !tt.ptr<f32>
    tt.store %p, %a : !tt.ptr<f32>
    %vb = tt.load %p : !tt.ptr<f32>
    scf.yield %va, %vb : f32, f32
  }
  tt.return %r#0, %r#1 : f32, f32
}

// A value that uses the induction variable is not one that does not.
// CHECK-LABEL: tt.func @iv_versus_constant
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %[[X:[^ ,:()]+]], %{{.*}} = %[[X]]) -> (i32, i32)
tt.func @iv_versus_constant(%x: i32, %lb: i32, %ub: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%a = %x, %b = %x) -> (i32, i32) : i32 {
    %a1 = arith.addi %a, %i : i32
    %b1 = arith.addi %b, %c1 : i32
    scf.yield %a1, %b1 : i32, i32
  }
  tt.return %r#0, %r#1 : i32, i32
}

// -----

// Chains: pointers advanced by offsets that are themselves carried are equal
// when the offsets are; the proof assumes both pairs at once. Results used
// after the loop all come from the survivors.
// CHECK-LABEL: tt.func @chain_in_one_loop
// CHECK-SAME: (%[[P:[^ ,:()]+]]: !tt.ptr<f32>, %[[OFF:[^ ,:()]+]]: i32,
// CHECK: %[[R:[^ ,:()]+]]:2 = scf.for %[[I:[^ ,:()]+]] = %{{.*}} iter_args(%[[O:[^ ,:()]+]] = %[[OFF]], %[[A:[^ ,:()]+]] = %[[P]]) -> (i32, !tt.ptr<f32>)
// CHECK-NEXT: %[[O1:[^ ,:()]+]] = arith.addi %[[O]], %[[I]] : i32
// CHECK-NEXT: %[[A1:[^ ,:()]+]] = tt.addptr %[[A]], %[[O1]] : !tt.ptr<f32>, i32
// CHECK-NEXT: scf.yield %[[O1]], %[[A1]] : i32, !tt.ptr<f32>
// CHECK: tt.return %[[R]]#1, %[[R]]#1, %[[R]]#0 : !tt.ptr<f32>, !tt.ptr<f32>, i32
tt.func @chain_in_one_loop(%p: !tt.ptr<f32>, %off: i32, %lb: i32, %ub: i32) -> (!tt.ptr<f32>, !tt.ptr<f32>, i32) {
  %c1 = arith.constant 1 : i32
  %r:4 = scf.for %i = %lb to %ub step %c1 iter_args(%o = %off, %a = %p, %o2 = %off, %b = %p) -> (i32, !tt.ptr<f32>, i32, !tt.ptr<f32>) : i32 {
    %o1 = arith.addi %o, %i : i32
    %a1 = tt.addptr %a, %o1 : !tt.ptr<f32>, i32
    %o21 = arith.addi %o2, %i : i32
    %b1 = tt.addptr %b, %o21 : !tt.ptr<f32>, i32
    scf.yield %o1, %a1, %o21, %b1 : i32, !tt.ptr<f32>, i32, !tt.ptr<f32>
  }
  tt.return %r#1, %r#3, %r#2 : !tt.ptr<f32>, !tt.ptr<f32>, i32
}

// Two arguments that swap through the same function every iteration stay
// equal.
// CHECK-LABEL: tt.func @swapped
// CHECK: scf.for %{{.*}} iter_args(%[[A:[^ ,:()]+]] = %{{.*}}) -> (i32)
// CHECK-NEXT: %[[A1:[^ ,:()]+]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT: scf.yield %[[A1]] : i32
tt.func @swapped(%x: i32, %lb: i32, %ub: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%a = %x, %b = %x) -> (i32, i32) : i32 {
    %a1 = arith.muli %b, %a : i32
    %b1 = arith.muli %a, %b : i32
    scf.yield %a1, %b1 : i32, i32
  }
  tt.return %r#0, %r#1 : i32, i32
}

// Merging in one loop makes the starts of the next loop equal, which then
// merges too.
// CHECK-LABEL: tt.func @chain_across_loops
// CHECK: %[[R1:[^ ,:()]+]] = scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (!tt.ptr<f32>)
// CHECK: %[[R2:[^ ,:()]+]] = scf.for %{{.*}} iter_args(%[[C:[^ ,:()]+]] = %[[R1]]) -> (!tt.ptr<f32>)
// CHECK-NEXT: tt.load %[[C]]
// CHECK-NOT: tt.load
// CHECK: tt.return %[[R2]], %[[R2]]
tt.func @chain_across_loops(%p: !tt.ptr<f32>, %lb: i32, %ub: i32) -> (!tt.ptr<f32>, !tt.ptr<f32>) {
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%a = %p, %b = %p) -> (!tt.ptr<f32>, !tt.ptr<f32>) : i32 {
    %a1 = tt.addptr %a, %c1 : !tt.ptr<f32>, i32
    %b1 = tt.addptr %b, %c1 : !tt.ptr<f32>, i32
    scf.yield %a1, %b1 : !tt.ptr<f32>, !tt.ptr<f32>
  }
  %s:2 = scf.for %i = %lb to %ub step %c1 iter_args(%c = %r#0, %d = %r#1) -> (!tt.ptr<f32>, !tt.ptr<f32>) : i32 {
    %vc = tt.load %c : !tt.ptr<f32>
    %vd = tt.load %d : !tt.ptr<f32>
    %cc = tt.addptr %c, %c1 : !tt.ptr<f32>, i32
    %dd = tt.addptr %d, %c1 : !tt.ptr<f32>, i32
    %s = arith.addf %vc, %vd : f32
    tt.store %cc, %s : !tt.ptr<f32>
    scf.yield %cc, %dd : !tt.ptr<f32>, !tt.ptr<f32>
  }
  tt.return %s#0, %s#1 : !tt.ptr<f32>, !tt.ptr<f32>
}

// -----

// Nested loops, inner first: the inner loop starts from two distinct outer
// arguments, so it merges only once the outer loop has merged them (a second
// round).
// CHECK-LABEL: tt.func @nested_inner_after_outer
// CHECK-SAME: (%[[P:[^ ,:()]+]]: !tt.ptr<f32>,
// CHECK: %[[R:[^ ,:()]+]] = scf.for %{{.*}} iter_args(%[[A:[^ ,:()]+]] = %[[P]]) -> (!tt.ptr<f32>)
// CHECK-NEXT: %[[IN:[^ ,:()]+]] = scf.for %{{.*}} iter_args(%[[C:[^ ,:()]+]] = %[[A]]) -> (!tt.ptr<f32>)
// CHECK-NEXT: %[[V:[^ ,:()]+]] = tt.load %[[C]] : !tt.ptr<f32>
// CHECK-NEXT: tt.store %[[C]], %[[V]] : !tt.ptr<f32>
// CHECK-NEXT: %[[C1:[^ ,:()]+]] = tt.addptr %[[C]], %{{.*}} : !tt.ptr<f32>, i32
// CHECK-NEXT: scf.yield %[[C1]] : !tt.ptr<f32>
// CHECK: %[[A1:[^ ,:()]+]] = tt.addptr %[[A]], %{{.*}} : !tt.ptr<f32>, i32
// CHECK-NEXT: scf.yield %[[A1]] : !tt.ptr<f32>
// CHECK: tt.return %[[R]], %[[R]]
tt.func @nested_inner_after_outer(%p: !tt.ptr<f32>, %lb: i32, %ub: i32, %n: i32) -> (!tt.ptr<f32>, !tt.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%a = %p, %b = %p) -> (!tt.ptr<f32>, !tt.ptr<f32>) : i32 {
    %in:2 = scf.for %j = %c0 to %n step %c1 iter_args(%c = %a, %d = %b) -> (!tt.ptr<f32>, !tt.ptr<f32>) : i32 {
      %v = tt.load %c : !tt.ptr<f32>
      tt.store %d, %v : !tt.ptr<f32>
      %c1p = tt.addptr %c, %c1 : !tt.ptr<f32>, i32
      %d1p = tt.addptr %d, %c1 : !tt.ptr<f32>, i32
      scf.yield %c1p, %d1p : !tt.ptr<f32>, !tt.ptr<f32>
    }
    %a1 = tt.addptr %a, %c64 : !tt.ptr<f32>, i32
    %b1 = tt.addptr %b, %c64 : !tt.ptr<f32>, i32
    scf.yield %a1, %b1 : !tt.ptr<f32>, !tt.ptr<f32>
  }
  tt.return %r#0, %r#1 : !tt.ptr<f32>, !tt.ptr<f32>
}

// Pointers carried through an inner loop: the outer loop yields the inner
// loop's results, which are equal when the inner loop's arguments are. Both
// loops shrink to one pointer.
// CHECK-LABEL: tt.func @nested_through_inner_results
// CHECK-SAME: (%[[P:[^ ,:()]+]]: !tt.ptr<f32>,
// CHECK: %[[R:[^ ,:()]+]] = scf.for %{{.*}} iter_args(%[[A:[^ ,:()]+]] = %[[P]]) -> (!tt.ptr<f32>)
// CHECK-NEXT: %[[IN:[^ ,:()]+]] = scf.for %{{.*}} iter_args(%[[C:[^ ,:()]+]] = %[[A]]) -> (!tt.ptr<f32>)
// CHECK-NEXT: %[[C1:[^ ,:()]+]] = tt.addptr %[[C]], %{{.*}} : !tt.ptr<f32>, i32
// CHECK-NEXT: scf.yield %[[C1]] : !tt.ptr<f32>
// CHECK: scf.yield %[[IN]] : !tt.ptr<f32>
// CHECK: tt.return %[[R]], %[[R]]
tt.func @nested_through_inner_results(%p: !tt.ptr<f32>, %lb: i32, %ub: i32, %n: i32) -> (!tt.ptr<f32>, !tt.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%a = %p, %b = %p) -> (!tt.ptr<f32>, !tt.ptr<f32>) : i32 {
    %in:2 = scf.for %j = %c0 to %n step %c1 iter_args(%c = %a, %d = %b) -> (!tt.ptr<f32>, !tt.ptr<f32>) : i32 {
      %c1p = tt.addptr %c, %c1 : !tt.ptr<f32>, i32
      %d1p = tt.addptr %d, %c1 : !tt.ptr<f32>, i32
      scf.yield %c1p, %d1p : !tt.ptr<f32>, !tt.ptr<f32>
    }
    scf.yield %in#0, %in#1 : !tt.ptr<f32>, !tt.ptr<f32>
  }
  tt.return %r#0, %r#1 : !tt.ptr<f32>, !tt.ptr<f32>
}

// The inner loops differ (different steps): the outer pair stays too.
// CHECK-LABEL: tt.func @nested_inner_differs
// CHECK: scf.for %{{.*}} iter_args(%[[A:[^ ,:()]+]] = %[[P:[^ ,:()]+]], %[[B:[^ ,:()]+]] = %[[P]]) -> (!tt.ptr<f32>, !tt.ptr<f32>)
// CHECK-NEXT: scf.for %{{.*}} iter_args(%{{.*}} = %[[A]], %{{.*}} = %[[B]]) -> (!tt.ptr<f32>, !tt.ptr<f32>)
tt.func @nested_inner_differs(%p: !tt.ptr<f32>, %lb: i32, %ub: i32, %n: i32) -> (!tt.ptr<f32>, !tt.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%a = %p, %b = %p) -> (!tt.ptr<f32>, !tt.ptr<f32>) : i32 {
    %in:2 = scf.for %j = %c0 to %n step %c1 iter_args(%c = %a, %d = %b) -> (!tt.ptr<f32>, !tt.ptr<f32>) : i32 {
      %c1p = tt.addptr %c, %c1 : !tt.ptr<f32>, i32
      %d1p = tt.addptr %d, %c2 : !tt.ptr<f32>, i32
      scf.yield %c1p, %d1p : !tt.ptr<f32>, !tt.ptr<f32>
    }
    scf.yield %in#0, %in#1 : !tt.ptr<f32>, !tt.ptr<f32>
  }
  tt.return %r#0, %r#1 : !tt.ptr<f32>, !tt.ptr<f32>
}

// -----

// The rebuilt loop keeps its unsigned comparison and discardable attributes.
// CHECK-LABEL: tt.func @keeps_loop_attrs
// CHECK: scf.for unsigned %{{.*}} iter_args(%[[A:[^ ,:()]+]] = %{{.*}}) -> (i32)
// CHECK-NEXT: arith.addi %[[A]], %{{.*}} : i32
// CHECK-NEXT: scf.yield
// CHECK-NEXT: } {tt.num_stages = 3 : i32}
tt.func @keeps_loop_attrs(%x: i32, %lb: i32, %ub: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for unsigned %i = %lb to %ub step %c1 iter_args(%a = %x, %b = %x) -> (i32, i32) : i32 {
    %a1 = arith.addi %a, %c1 : i32
    %b1 = arith.addi %b, %c1 : i32
    scf.yield %a1, %b1 : i32, i32
  } {tt.num_stages = 3 : i32}
  tt.return %r#0, %r#1 : i32, i32
}
