// RUN: triton-opt %s -split-input-file --allow-unregistered-dialect -tritongpu-fuse-nested-loops -verify-each | FileCheck %s
// (fuse-nested-loops-run.mlir runs fused nests and compares their results.)

// CHECK-LABEL: @empty_function
tt.func @empty_function() {
  // CHECK-NEXT: tt.return
  tt.return
}

// -----

// A loop without inner loops is left alone.
// CHECK-LABEL: @no_inner_loop
tt.func @no_inner_loop(%lb: index, %ub: index, %step: index) -> index {
  %c0 = arith.constant 0 : index
  // CHECK: "before"
  // CHECK-NEXT: scf.for
  // CHECK-NEXT: "body"
  // CHECK-NEXT: scf.yield
  // CHECK-NEXT: } {"ttg.always-fuse"}
  // CHECK-NEXT: "after"
  "before"() : () -> ()
  %0 = scf.for %i = %lb to %ub step %step iter_args(%k = %c0) -> index {
    %1 = "body"(%i, %k) : (index, index) -> index
    scf.yield %1 : index
  } {"ttg.always-fuse"}
  "after"() : () -> ()
  tt.return %0 : index
}

// -----

// The whole structure of a fused one-level nest.
// CHECK-LABEL: @one_level
// CHECK-SAME: %[[LBI:[^:]*]]: i64, %[[UBI:[^:]*]]: i64, %[[SI:[^:]*]]: i64, %[[LBJ:[^:]*]]: i64, %[[UBJ:[^:]*]]: i64, %[[SJ:[^:]*]]: i64
tt.func @one_level(%lbi: i64, %ubi: i64, %si: i64, %lbj: i64, %ubj: i64, %sj: i64) {
  // len_i and len_j:
  // CHECK: %[[DI:.*]] = arith.subi %[[UBI]], %[[LBI]] : i64
  // CHECK-NEXT: %[[LEN_I:.*]] = arith.ceildivsi %[[DI]], %[[SI]] : i64
  // CHECK-NEXT: %[[DJ:.*]] = arith.subi %[[UBJ]], %[[LBJ]] : i64
  // CHECK-NEXT: %[[LEN_J:.*]] = arith.ceildivsi %[[DJ]], %[[SJ]] : i64
  // The part of the inner loop is [0, len_j); inner_len = max(1, len_j).
  // CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i64
  // CHECK-NEXT: %[[END:.*]] = arith.addi %[[C0]], %[[LEN_J]] : i64
  // CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i64
  // CHECK-NEXT: %[[MAX:.*]] = arith.maxsi %[[C1]], %[[LEN_J]] : i64
  // CHECK-NEXT: %[[INNER_LEN:.*]] = arith.addi %[[C0]], %[[MAX]] : i64
  // CHECK-NEXT: %[[LAST_T:.*]] = arith.subi %[[INNER_LEN]], %[[C1]] : i64
  // CHECK-NEXT: %[[TOTAL:.*]] = arith.muli %[[LEN_I]], %[[INNER_LEN]] : i64
  // T starts at -1, i at lb - step, j undefined (zero).
  // CHECK-NEXT: %[[CM1:.*]] = arith.constant -1 : i64
  // CHECK-NEXT: %[[I_INIT:.*]] = arith.subi %[[LBI]], %[[SI]] : i64
  // CHECK-NEXT: %[[J_INIT:.*]] = arith.constant 0 : i64
  // CHECK-NEXT: scf.for %{{.*}} = %[[C0]] to %[[TOTAL]] step %[[C1]] iter_args(%[[T_ARG:.*]] = %[[CM1]], %[[I_ARG:.*]] = %[[I_INIT]], %[[J_ARG:.*]] = %[[J_INIT]]) -> (i64, i64, i64) : i64 {
  scf.for %i = %lbi to %ubi step %si : i64 {
    // T = T == inner_len - 1 ? 0 : T + 1
    // CHECK-NEXT: %[[WRAP:.*]] = arith.cmpi eq, %[[T_ARG]], %[[LAST_T]] : i64
    // CHECK-NEXT: %[[T_INC:.*]] = arith.addi %[[T_ARG]], %[[C1]] : i64
    // CHECK-NEXT: %[[T:.*]] = arith.select %[[WRAP]], %[[C0]], %[[T_INC]] : i64
    // if T == 0: i += step; prologue(i); j = lb_j
    // CHECK-NEXT: %[[IS_START:.*]] = arith.cmpi eq, %[[T]], %[[C0]] : i64
    // CHECK-NEXT: %[[JI:.*]]:2 = scf.if %[[IS_START]] -> (i64, i64) {
    // CHECK-NEXT: %[[I:.*]] = arith.addi %[[I_ARG]], %[[SI]] : i64
    // CHECK-NEXT: "prologue"(%[[I]]) : (i64) -> ()
    // CHECK-NEXT: scf.yield %[[LBJ]], %[[I]] : i64, i64
    // CHECK-NEXT: } else {
    // CHECK-NEXT: scf.yield %[[J_ARG]], %[[I_ARG]] : i64, i64
    // CHECK-NEXT: }
    "prologue"(%i) : (i64) -> ()
    // if 0 <= T < len_j: body(i, j); j += step_j
    // CHECK-NEXT: %[[GE:.*]] = arith.cmpi sge, %[[T]], %[[C0]] : i64
    // CHECK-NEXT: %[[LT:.*]] = arith.cmpi slt, %[[T]], %[[END]] : i64
    // CHECK-NEXT: %[[IN_BODY:.*]] = arith.andi %[[GE]], %[[LT]] : i1
    // CHECK-NEXT: %[[J_NEXT:.*]] = scf.if %[[IN_BODY]] -> (i64) {
    // CHECK-NEXT: "body"(%[[JI]]#1, %[[JI]]#0) : (i64, i64) -> ()
    // CHECK-NEXT: %[[J_INC:.*]] = arith.addi %[[JI]]#0, %[[SJ]] : i64
    // CHECK-NEXT: scf.yield %[[J_INC]] : i64
    // CHECK-NEXT: } else {
    // CHECK-NEXT: scf.yield %[[JI]]#0 : i64
    // CHECK-NEXT: }
    scf.for %j = %lbj to %ubj step %sj : i64 {
      "body"(%i, %j) : (i64, i64) -> ()
    }
    // if T == inner_len - 1: epilogue(i)
    // CHECK-NEXT: %[[IS_END:.*]] = arith.cmpi eq, %[[T]], %[[LAST_T]] : i64
    // CHECK-NEXT: scf.if %[[IS_END]] {
    // CHECK-NEXT: "epilogue"(%[[JI]]#1) : (i64) -> ()
    // CHECK-NEXT: } else {
    // CHECK-NEXT: }
    // CHECK-NEXT: scf.yield %[[T]], %[[JI]]#1, %[[J_NEXT]] : i64, i64, i64
    // CHECK-NEXT: }
    // CHECK-NEXT: tt.return
    "epilogue"(%i) : (i64) -> ()
  } {"ttg.always-fuse"}
  tt.return
}

// -----

// Outer iteration arguments, a prologue value used later, an inner initial
// value computed in the nest: the prologue sets the inner loop's arguments,
// the epilogue alone updates the outer loop's.
// CHECK-LABEL: @inouts
// CHECK-SAME: %[[INOUT:[^:]*]]: index) -> index
tt.func @inouts(%lbi: i64, %ubi: i64, %si: i64, %lbj: i64, %ubj: i64, %sj: i64, %inout: index) -> index {
  // CHECK: %[[OUTS:.*]]:6 = scf.for %{{.*}} iter_args(%[[T_ARG:[^ ]*]] = %{{.*}}, %[[I_ARG:[^ ]*]] = %{{.*}}, %[[M:[^ ]*]] = %[[INOUT]], %[[J_ARG:[^ ]*]] = %{{.*}}, %[[K_ARG:[^ ]*]] = %{{.*}}, %[[P_ARG:[^ ]*]] = %{{.*}}) -> (i64, i64, index, i64, index, index)
  %out = scf.for %i = %lbi to %ubi step %si iter_args(%m = %inout) -> index : i64 {
    // CHECK: %[[PRO:.*]]:4 = scf.if %{{.*}} -> (i64, index, index, i64) {
    // CHECK-NEXT: %[[I:.*]] = arith.addi %[[I_ARG]], %{{.*}} : i64
    // CHECK-NEXT: %[[P:.*]] = "prologue"(%[[I]], %[[INOUT]], %[[M]])
    // CHECK-NEXT: scf.yield %{{.*}}, %[[P]], %[[M]], %[[I]] : i64, index, index, i64
    // CHECK-NEXT: } else {
    // CHECK-NEXT: scf.yield %[[J_ARG]], %[[P_ARG]], %[[K_ARG]], %[[I_ARG]] : i64, index, index, i64
    // CHECK-NEXT: }
    %p = "prologue"(%i, %inout, %m) : (i64, index, index) -> index
    // Without a body iteration the inner loop's value is its argument.
    // CHECK: %[[BODY:.*]]:2 = scf.if %{{.*}} -> (i64, index) {
    // CHECK-NEXT: %[[B:.*]] = "body"(%[[PRO]]#3, %[[PRO]]#0, %[[PRO]]#2, %[[PRO]]#1, %[[M]])
    // CHECK-NEXT: %[[J:.*]] = arith.addi %[[PRO]]#0, %{{.*}} : i64
    // CHECK-NEXT: scf.yield %[[J]], %[[B]] : i64, index
    // CHECK-NEXT: } else {
    // CHECK-NEXT: scf.yield %[[PRO]]#0, %[[PRO]]#2 : i64, index
    // CHECK-NEXT: }
    %r = scf.for %j = %lbj to %ubj step %sj iter_args(%k = %m) -> index : i64 {
      %b = "body"(%i, %j, %k, %p, %m) : (i64, i64, index, index, index) -> index
      scf.yield %b : index
    }
    // CHECK: %[[EPI:.*]] = scf.if %{{.*}} -> (index) {
    // CHECK-NEXT: %[[E:.*]] = "epilogue"(%[[PRO]]#3, %[[PRO]]#1, %[[BODY]]#1, %[[M]])
    // CHECK-NEXT: scf.yield %[[E]] : index
    // CHECK-NEXT: } else {
    // CHECK-NEXT: scf.yield %[[M]] : index
    // CHECK-NEXT: }
    // CHECK-NEXT: scf.yield %{{.*}}, %[[PRO]]#3, %[[EPI]], %[[BODY]]#0, %[[BODY]]#1, %[[PRO]]#1 : i64, i64, index, i64, index, index
    %e = "epilogue"(%i, %p, %r, %m) : (i64, index, index, index) -> index
    scf.yield %e : index
  } {"ttg.always-fuse"}
  // CHECK: tt.return %[[OUTS]]#2
  tt.return %out : index
}

// -----

// An inner initial value defined above the nest initializes the fused loop
// and is reset by the epilogue, not by the prologue.
// CHECK-LABEL: @hoisted_init
// CHECK-SAME: %[[INIT:[^:]*]]: f32)
tt.func @hoisted_init(%lbi: i32, %ubi: i32, %si: i32, %lbj: i32, %ubj: i32, %sj: i32, %init: f32) {
  // CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %[[ACC:[^ ]*]] = %[[INIT]]) -> (i32, i32, i32, f32)
  // CHECK: %[[PRO:.*]]:2 = scf.if %{{.*}} -> (i32, i32) {
  // CHECK: %[[BODY:.*]]:2 = scf.if %{{.*}} -> (i32, f32) {
  // CHECK-NEXT: %[[X:.*]] = "body"(%[[ACC]])
  // CHECK: scf.yield %{{.*}}, %[[X]] : i32, f32
  // CHECK-NEXT: } else {
  // CHECK-NEXT: scf.yield %[[PRO]]#0, %[[ACC]] : i32, f32
  // CHECK: %[[EPI:.*]] = scf.if %{{.*}} -> (f32) {
  // CHECK-NEXT: "epilogue"(%[[BODY]]#1)
  // CHECK-NEXT: scf.yield %[[INIT]] : f32
  // CHECK-NEXT: } else {
  // CHECK-NEXT: scf.yield %[[BODY]]#1 : f32
  // CHECK-NEXT: }
  // CHECK-NEXT: scf.yield %{{.*}}, %[[PRO]]#1, %[[BODY]]#0, %[[EPI]] : i32, i32, i32, f32
  scf.for %i = %lbi to %ubi step %si : i32 {
    %r = scf.for %j = %lbj to %ubj step %sj iter_args(%acc = %init) -> f32 : i32 {
      %x = "body"(%acc) : (f32) -> f32
      scf.yield %x : f32
    }
    "epilogue"(%r) : (f32) -> ()
  } {"ttg.always-fuse"}
  tt.return
}

// -----

// Three inner loops: part k starts at sum_{m<k} max(1, len_m) - k.
// CHECK-LABEL: @multiple_loops
tt.func @multiple_loops(%lbi: i64, %ubi: i64, %si: i64, %ub0: i64, %ub1: i64, %ub2: i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  // CHECK: arith.ceildivsi
  // CHECK: %[[L0:.*]] = arith.ceildivsi
  // CHECK: %[[L1:.*]] = arith.ceildivsi
  // CHECK: %[[L2:.*]] = arith.ceildivsi
  // CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i64
  // CHECK-NEXT: %[[E0:.*]] = arith.addi %[[Z]], %[[L0]]
  // CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i64
  // CHECK-NEXT: %[[M0:.*]] = arith.maxsi %[[ONE]], %[[L0]]
  // CHECK-NEXT: %[[S1:.*]] = arith.addi %[[Z]], %[[M0]]
  // CHECK-NEXT: %[[START1:.*]] = arith.subi %[[S1]], %[[ONE]]
  // CHECK-NEXT: %[[E1:.*]] = arith.addi %[[START1]], %[[L1]]
  // CHECK-NEXT: %[[M1:.*]] = arith.maxsi %[[ONE]], %[[L1]]
  // CHECK-NEXT: %[[S2:.*]] = arith.addi %[[S1]], %[[M1]]
  // CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : i64
  // CHECK-NEXT: %[[START2:.*]] = arith.subi %[[S2]], %[[TWO]]
  // CHECK-NEXT: %[[E2:.*]] = arith.addi %[[START2]], %[[L2]]
  // CHECK-NEXT: %[[M2:.*]] = arith.maxsi %[[ONE]], %[[L2]]
  // CHECK-NEXT: %[[S3:.*]] = arith.addi %[[S2]], %[[M2]]
  // CHECK-NEXT: %[[INNER_LEN:.*]] = arith.subi %[[S3]], %[[TWO]]
  // CHECK: scf.for
  // CHECK: %[[T:.*]] = arith.select
  // CHECK: arith.cmpi eq, %[[T]], %[[Z]]
  // CHECK: "p0"
  // CHECK: arith.cmpi slt, %[[T]], %[[E0]]
  // CHECK: "b0"
  // CHECK: arith.cmpi eq, %[[T]], %[[START1]]
  // CHECK: "p1"
  // CHECK: arith.cmpi sge, %[[T]], %[[START1]]
  // CHECK-NEXT: arith.cmpi slt, %[[T]], %[[E1]]
  // CHECK: "b1"
  // CHECK: arith.cmpi eq, %[[T]], %[[START2]]
  // CHECK: "p2"
  // CHECK: arith.cmpi sge, %[[T]], %[[START2]]
  // CHECK-NEXT: arith.cmpi slt, %[[T]], %[[E2]]
  // CHECK: "b2"
  // CHECK: "e"
  // CHECK-NOT: scf.for
  scf.for %i = %lbi to %ubi step %si : i64 {
    "p0"() : () -> ()
    scf.for %j = %c0 to %ub0 step %c1 : i64 {
      "b0"() : () -> ()
    }
    "p1"() : () -> ()
    scf.for %j = %c0 to %ub1 step %c1 : i64 {
      "b1"() : () -> ()
    }
    "p2"() : () -> ()
    scf.for %j = %c0 to %ub2 step %c1 : i64 {
      "b2"() : () -> ()
    }
    "e"() : () -> ()
  } {"ttg.always-fuse"}
  tt.return
}

// -----

// Induction variables of different types: T counts in i64, the index trip
// count is cast, the i32 one extended.
// CHECK-LABEL: @mixed_types
tt.func @mixed_types(%n: i32, %m: index) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  // CHECK: %[[LEN_I:.*]] = arith.ceildivsi %{{.*}} : i32
  // CHECK: %[[LEN_J:.*]] = arith.ceildivsi %{{.*}} : index
  // CHECK: arith.index_cast %[[LEN_J]] : index to i64
  // CHECK: arith.extsi %[[LEN_I]] : i32 to i64
  // CHECK: scf.for %{{.*}} -> (i64, i32, index) : i64
  // CHECK: "body"(%{{.*}}, %{{.*}}) : (i32, index) -> ()
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %i0 to %m step %i1 {
      "body"(%i, %j) : (i32, index) -> ()
    }
  } {"ttg.always-fuse"}
  tt.return
}

// -----

// Values carried before they are set start as zero for numbers and tensors
// of numbers, as ub.poison otherwise.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: @poison_and_zero
tt.func @poison_and_zero(%n: i32, %p: !tt.ptr<f16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK: %[[P0:.*]] = ub.poison : !tt.ptr<f16>
  // CHECK-NEXT: %[[Z0:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf32, #{{.*}}>
  // CHECK: scf.for {{.*}} = %[[P0]], %{{.*}} = %[[Z0]],
  scf.for %i = %c0 to %n step %c1 : i32 {
    %q = "prologue"(%i, %p) : (i32, !tt.ptr<f16>) -> !tt.ptr<f16>
    %t = "prologue"(%i) : (i32) -> tensor<64xf32, #blocked>
    %r:2 = scf.for %j = %c0 to %n step %c1 iter_args(%a = %q, %b = %t) -> (!tt.ptr<f16>, tensor<64xf32, #blocked>) : i32 {
      %x:2 = "body"(%a, %b) : (!tt.ptr<f16>, tensor<64xf32, #blocked>) -> (!tt.ptr<f16>, tensor<64xf32, #blocked>)
      scf.yield %x#0, %x#1 : !tt.ptr<f16>, tensor<64xf32, #blocked>
    }
    "epilogue"(%r#0, %r#1) : (!tt.ptr<f16>, tensor<64xf32, #blocked>) -> ()
  } {"ttg.always-fuse"}
  tt.return
}

// -----

// An inner bound computed in the nest from invariant values is hoisted; an
// inner loop whose bound is an iteration argument of the outer loop stays a
// loop inside the fused one.
// CHECK-LABEL: @bounds
tt.func @bounds(%n: i32, %m: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK: %[[UB:.*]] = arith.addi %arg1, %arg1 : i32
  // CHECK-NEXT: arith.subi %arg0
  // CHECK: arith.subi %[[UB]]
  // CHECK: scf.for
  // CHECK: scf.if
  // CHECK: "b0"
  // CHECK: scf.if
  // CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step
  // CHECK-NEXT: "b1"
  // CHECK-NOT: scf.for
  scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> i32 : i32 {
    %ub = arith.addi %m, %m : i32
    scf.for %j = %c0 to %ub step %c1 : i32 {
      "b0"() : () -> ()
    }
    scf.for %j = %c0 to %a step %c1 : i32 {
      "b1"() : () -> ()
    }
    %a2 = arith.addi %a, %i : i32
    scf.yield %a2 : i32
  } {"ttg.always-fuse"}
  tt.return
}

// -----

// Inner bounds computed from i ("sliced"): a loop before the fused one sums
// max(1, len(i)) over i; the first prologue recomputes len(i) from a copy of
// the bound ops and the fused loop carries it and inner_len (starting at 1).
// CHECK-LABEL: @sliced_bounds
tt.func @sliced_bounds(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  // CHECK: %[[TOTAL:.*]] = scf.for %[[PI:.*]] = %{{.*}} to %arg0 step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (i32)
  // CHECK-NEXT: %[[PLB:.*]] = arith.muli %[[PI]], %c2_i32
  // CHECK: %[[PLEN:.*]] = arith.ceildivsi
  // CHECK-NEXT: %[[PMAX:.*]] = arith.maxsi %[[ONE:.*]], %[[PLEN]]
  // CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[ACC]], %[[PMAX]]
  // CHECK-NEXT: scf.yield %[[NEXT]]
  // CHECK: scf.for %{{.*}} = %{{.*}} to %[[TOTAL]] step %[[ONE]] iter_args(
  // CHECK-SAME: %[[LEN:[a-z0-9_]+]] = %{{[a-z0-9_]+}}, %[[INNER:[a-z0-9_]+]] = %[[ONE]]) -> (
  // CHECK: arith.subi %[[INNER]], %{{.*}}
  // CHECK: scf.if
  // CHECK: arith.muli
  // CHECK: "pre"
  // CHECK: arith.ceildivsi
  // CHECK: scf.yield
  // CHECK: } else {
  // CHECK: %[[LEN]]
  // CHECK: "b"
  // CHECK-NOT: scf.for
  scf.for %i = %c0 to %n step %c1 : i32 {
    %lb = arith.muli %i, %c2 : i32
    "pre"() : () -> ()
    %ub = arith.addi %lb, %i : i32
    scf.for %j = %lb to %ub step %c1 : i32 {
      "b"(%j) : (i32) -> ()
    }
  } {"ttg.always-fuse"}
  tt.return
}

// -----

// Loops fused bottom-up: three levels become one loop.
// CHECK-LABEL: @three_levels
tt.func @three_levels(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: scf.for
  // CHECK-NOT: scf.for
  // CHECK: "body"
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      scf.for %k = %c0 to %n step %c1 {
        "body"(%i, %j, %k) : (index, index, index) -> ()
      }
    }
  } {"ttg.always-fuse"}
  tt.return
}

// -----

// The fused loop takes the largest stage count and the scheduling flags of
// the loops it replaces.
// CHECK-LABEL: @attributes
tt.func @attributes(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK: scf.for
  // CHECK: } {tt.disallow_acc_multi_buffer, tt.num_stages = 4 : i32, tt.warp_specialize}
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %n step %c1 : i32 {
      "body"(%i, %j) : (i32, i32) -> ()
    } {tt.num_stages = 4 : i32, tt.disallow_acc_multi_buffer}
  } {"ttg.always-fuse", tt.num_stages = 2 : i32, tt.warp_specialize}
  tt.return
}

// -----

// tt.flatten: invariant code leaves the outer loop, what only the epilogue
// needs is sunk into it, and the nest is versioned on the inner loop
// running, so its fused body runs unguarded.
// CHECK-LABEL: @flatten
// CHECK-SAME: %[[N:[^:]*]]: i32, %[[K:[^:]*]]: i32, %[[X:[^:]*]]: f32
tt.func @flatten(%n: i32, %k: i32, %x: f32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK: %[[INV:.*]] = arith.muli %[[K]], %[[K]] : i32
  // CHECK-NEXT: %[[D:.*]] = arith.subi %[[K]], %{{.*}} : i32
  // CHECK-NEXT: %[[LEN:.*]] = arith.ceildivsi %[[D]], %{{.*}} : i32
  // CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
  // CHECK-NEXT: %[[NONE:.*]] = arith.cmpi sle, %[[LEN]], %[[Z]] : i32
  // CHECK-NEXT: %[[R:.*]] = scf.if %[[NONE]] -> (f32) {
  // The copy without the inner loop:
  // CHECK-NEXT: %[[COPY:.*]] = scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[X]]) -> (f32) : i32 {
  // CHECK-NEXT: "prologue"(%[[I]])
  // CHECK-NEXT: %[[LATE:.*]] = arith.addi %[[I]], %[[INV]] : i32
  // CHECK-NEXT: %[[E:.*]] = "epilogue"(%[[ACC]], %[[LATE]])
  // CHECK-NEXT: scf.yield %[[E]] : f32
  // CHECK-NEXT: } {tt.flatten}
  // CHECK-NEXT: scf.yield %[[COPY]] : f32
  // CHECK-NEXT: } else {
  // The fused nest, its inner body unguarded:
  // CHECK: %[[FUSED:.*]]:5 = scf.for
  // CHECK: "prologue"
  // CHECK: %[[TRUE:.*]] = arith.constant true
  // CHECK-NEXT: scf.if %[[TRUE]] -> (i32, f32) {
  // CHECK-NEXT: "body"
  // CHECK: scf.if %{{.*}} -> (f32) {
  // CHECK-NEXT: arith.addi %{{.*}}, %[[INV]] : i32
  // CHECK-NEXT: "epilogue"
  // CHECK: scf.yield %[[FUSED]]#2 : f32
  // CHECK-NEXT: }
  // CHECK-NEXT: tt.return %[[R]] : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> f32 : i32 {
    %inv = arith.muli %k, %k : i32
    %late = arith.addi %i, %inv : i32
    "prologue"(%i) : (i32) -> ()
    %s = scf.for %j = %c0 to %k step %c1 iter_args(%t = %acc) -> f32 : i32 {
      %u = "body"(%t, %j) : (f32, i32) -> f32
      scf.yield %u : f32
    }
    %e = "epilogue"(%s, %late) : (f32, i32) -> f32
    scf.yield %e : f32
  } {tt.flatten}
  tt.return %r : f32
}

// -----

// tt.flatten applies to an outer loop with exactly one inner loop and no
// deeper nesting: these nests stay.
// CHECK-LABEL: @flatten_two_inner
tt.func @flatten_two_inner(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK-NOT: scf.if
  // CHECK-COUNT-3: scf.for
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %n step %c1 : i32 {
      "b0"() : () -> ()
    }
    scf.for %j = %c0 to %n step %c1 : i32 {
      "b1"() : () -> ()
    }
  } {tt.flatten}
  tt.return
}

// CHECK-LABEL: @flatten_three_levels
tt.func @flatten_three_levels(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK-NOT: scf.if
  // CHECK-COUNT-3: scf.for
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %n step %c1 : i32 {
      scf.for %k = %c0 to %n step %c1 : i32 {
        "b"() : () -> ()
      }
    }
  } {tt.flatten}
  tt.return
}

// -----

// tt.flatten with an inner bound that depends on the outer loop and no
// assumption that it runs: not versioned, not fused.
// CHECK-LABEL: @flatten_variant_bound
tt.func @flatten_variant_bound(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK-NOT: scf.if
  // CHECK: scf.for %[[I:.*]] = 
  // CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[I]]
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %i step %c1 : i32 {
      "b"() : () -> ()
    }
  } {tt.flatten}
  tt.return
}

// -----

// tt.flatten with inner bounds from i and tl.assume(ub > lb): the inner body
// runs unguarded without versioning (test_tl_range_fuse_dependent).
// CHECK-LABEL: @flatten_assumed_bound
tt.func @flatten_assumed_bound(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK-NOT: scf.if
  // CHECK: scf.for
  // CHECK: scf.yield
  // CHECK-NEXT: }
  // CHECK-NOT: "b"
  // CHECK: scf.for
  // CHECK: %[[TRUE:.*]] = arith.constant true
  // CHECK-NEXT: scf.if %[[TRUE]]
  // CHECK-NEXT: "b"
  scf.for %i = %c0 to %n step %c1 : i32 {
    %ub = arith.addi %i, %c1 : i32
    %gt = arith.cmpi sgt, %ub, %i : i32
    llvm.intr.assume %gt : i1
    scf.for %j = %i to %ub step %c1 : i32 {
      "b"() : () -> ()
    }
  } {tt.flatten}
  tt.return
}

// -----

// Without tt.flatten (or ttg.always-fuse) a nest stays.
// CHECK-LABEL: @not_marked
tt.func @not_marked(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK-COUNT-2: scf.for
  // CHECK-NOT: scf.if
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %n step %c1 : i32 {
      "b"() : () -> ()
    }
  }
  tt.return
}

// -----

// Unsigned loops are left alone (trip counts are computed signed).
// CHECK-LABEL: @unsigned_loops
tt.func @unsigned_loops(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK-COUNT-4: scf.for
  scf.for unsigned %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %n step %c1 : i32 {
      "b"() : () -> ()
    }
  } {"ttg.always-fuse"}
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for unsigned %j = %c0 to %n step %c1 : i32 {
      "b"() : () -> ()
    }
  } {"ttg.always-fuse"}
  tt.return
}

// -----

// A region op between two loops separates nests: the outer loop has no
// child; the nest inside the scf.if is fused on its own.
// CHECK-LABEL: @nest_in_if
tt.func @nest_in_if(%n: i32, %c: i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK: scf.for
  // CHECK: scf.if %arg1 {
  // CHECK: scf.for
  // CHECK-NOT: scf.for
  // CHECK: "b"
  // CHECK: } {"ttg.always-fuse"}
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.if %c {
      scf.for %j = %c0 to %n step %c1 : i32 {
        scf.for %k = %c0 to %n step %c1 : i32 {
          "b"() : () -> ()
        }
      } {"ttg.always-fuse"}
    }
  } {"ttg.always-fuse"}
  tt.return
}
