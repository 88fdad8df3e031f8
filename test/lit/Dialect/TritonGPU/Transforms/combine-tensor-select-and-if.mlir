// RUN: triton-opt %s -split-input-file -tritongpu-combine-tensor-select-and-if -verify-each --allow-unregistered-dialect | FileCheck %s

// A select before an if on the same condition, used after it: the select's
// operands become a new result of the if.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @select_into_if
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: tensor<64xf32, #{{.*}}>, %[[B:.*]]: tensor<64xf32, #{{.*}}>
tt.func @select_into_if(%c: i1, %a: tensor<64xf32, #blocked>, %b: tensor<64xf32, #blocked>, %p: !tt.ptr<f32>) -> tensor<64xf32, #blocked> {
  // CHECK-NOT: arith.select
  // CHECK: %[[R:.*]] = scf.if %[[C]] -> (tensor<64xf32, #{{.*}}>) {
  // CHECK-NEXT: "use"(%{{.*}}) : (!tt.ptr<f32>) -> ()
  // CHECK-NEXT: scf.yield %[[A]]
  // CHECK-NEXT: } else {
  // CHECK-NEXT: scf.yield %[[B]]
  // CHECK-NEXT: }
  // CHECK-NEXT: tt.return %[[R]]
  %s = arith.select %c, %a, %b : tensor<64xf32, #blocked>
  scf.if %c {
    "use"(%p) : (!tt.ptr<f32>) -> ()
  }
  tt.return %s : tensor<64xf32, #blocked>
}
}

// -----

// The if already has results and an else branch: the select's value is
// appended after them.
// CHECK-LABEL: @if_with_results
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32)
tt.func @if_with_results(%c: i1, %a: i32, %b: i32) -> (i32, i32) {
  // CHECK: %[[R:.*]]:2 = scf.if %[[C]] -> (i32, i32) {
  // CHECK-NEXT: %[[X:.*]] = arith.addi
  // CHECK-NEXT: scf.yield %[[X]], %[[A]] : i32, i32
  // CHECK-NEXT: } else {
  // CHECK-NEXT: %[[Y:.*]] = arith.subi
  // CHECK-NEXT: scf.yield %[[Y]], %[[B]] : i32, i32
  // CHECK-NEXT: }
  // CHECK-NEXT: tt.return %[[R]]#0, %[[R]]#1
  %s = arith.select %c, %a, %b : i32
  %r = scf.if %c -> i32 {
    %x = arith.addi %a, %b : i32
    scf.yield %x : i32
  } else {
    %y = arith.subi %a, %b : i32
    scf.yield %y : i32
  }
  tt.return %r, %s : i32, i32
}

// -----

// Two selects on one if: both become results, in program order, of a single
// rebuilt if.
// CHECK-LABEL: @two_selects
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32)
tt.func @two_selects(%c: i1, %a: i32, %b: i32) -> (i32, i32) {
  // CHECK-NOT: arith.select
  // CHECK: %[[R:.*]]:2 = scf.if %[[C]] -> (i32, i32) {
  // CHECK-NEXT: "use"() : () -> ()
  // CHECK-NEXT: scf.yield %[[A]], %[[B]] : i32, i32
  // CHECK-NEXT: } else {
  // CHECK-NEXT: scf.yield %[[B]], %[[A]] : i32, i32
  // CHECK-NEXT: }
  // CHECK-NEXT: tt.return %[[R]]#0, %[[R]]#1
  %s0 = arith.select %c, %a, %b : i32
  %s1 = arith.select %c, %b, %a : i32
  scf.if %c {
    "use"() : () -> ()
  }
  tt.return %s0, %s1 : i32, i32
}

// -----

// Inside a branch the condition is known: the select there is its branch's
// operand.
// CHECK-LABEL: @use_inside_branches
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32)
tt.func @use_inside_branches(%c: i1, %a: i32, %b: i32) -> i32 {
  // CHECK: %[[R:.*]] = scf.if %[[C]] -> (i32) {
  // CHECK-NEXT: "use"(%[[A]])
  // CHECK-NEXT: scf.yield %[[A]]
  // CHECK-NEXT: } else {
  // CHECK-NEXT: "use"(%[[B]])
  // CHECK-NEXT: scf.yield %[[B]]
  // CHECK-NEXT: }
  // CHECK-NEXT: tt.return %[[R]]
  %s = arith.select %c, %a, %b : i32
  scf.if %c {
    "use"(%s) : (i32) -> ()
  } else {
    "use"(%s) : (i32) -> ()
  }
  tt.return %s : i32
}

// -----

// Left alone: the select is used before the if.
// CHECK-LABEL: @use_before_if
tt.func @use_before_if(%c: i1, %a: i32, %b: i32) {
  // CHECK: %[[S:.*]] = arith.select
  // CHECK-NEXT: "use"(%[[S]])
  // CHECK-NEXT: scf.if
  // CHECK-NOT: scf.yield
  // CHECK: tt.return
  %s = arith.select %c, %a, %b : i32
  "use"(%s) : (i32) -> ()
  scf.if %c {
    "use"(%s) : (i32) -> ()
  }
  tt.return
}

// -----

// Left alone: the if comes before the select.
// CHECK-LABEL: @if_before_select
tt.func @if_before_select(%c: i1, %a: i32, %b: i32) -> i32 {
  // CHECK: scf.if
  // CHECK: %[[S:.*]] = arith.select
  // CHECK-NEXT: tt.return %[[S]]
  scf.if %c {
    "use"() : () -> ()
  }
  %s = arith.select %c, %a, %b : i32
  tt.return %s : i32
}

// -----

// Left alone: different conditions, and an if in another block.
// CHECK-LABEL: @no_match
tt.func @no_match(%c: i1, %d: i1, %a: i32, %b: i32, %n: index) -> i32 {
  // CHECK: %[[S:.*]] = arith.select %arg0
  // CHECK: scf.if %arg1 {
  // CHECK: scf.for
  // CHECK-NEXT: scf.if %arg0 {
  // CHECK: tt.return %[[S]]
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = arith.select %c, %a, %b : i32
  scf.if %d {
    "use"() : () -> ()
  }
  scf.for %i = %c0 to %n step %c1 {
    scf.if %c {
      "use"() : () -> ()
    }
  }
  tt.return %s : i32
}

// -----

// Inside a loop body: the select and the if share the body block.
// CHECK-LABEL: @in_loop
tt.func @in_loop(%c: i1, %a: f32, %b: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: scf.for
  // CHECK-NOT: arith.select
  // CHECK: %[[R:.*]] = scf.if %arg0 -> (f32) {
  // CHECK: "use"(%[[R]])
  scf.for %i = %c0 to %n step %c1 {
    %s = arith.select %c, %a, %b : f32
    scf.if %c {
      "use"() : () -> ()
    }
    "use"(%s) : (f32) -> ()
  }
  tt.return
}
