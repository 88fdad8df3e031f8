// Fusion must not change what a loop nest computes: run each nest before and
// after tritongpu-fuse-nested-loops (tt.func lowered as func.func through the
// LLVM dialect and run by mlir-runner) and compare the traces of events.
//
// RUN: triton-opt %s | sed -e 's/tt\.func/func.func/g' -e 's/tt\.return/func.return/g' -e 's/tt\.call/func.call/g' | mlir-opt --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts | mlir-runner -e main -entry-point-result=void > %t.ref
// RUN: triton-opt %s -tritongpu-fuse-nested-loops -verify-each | sed -e 's/tt\.func/func.func/g' -e 's/tt\.return/func.return/g' -e 's/tt\.call/func.call/g' | mlir-opt --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts | mlir-runner -e main -entry-point-result=void > %t.fused
// RUN: diff %t.ref %t.fused
// RUN: FileCheck %s --check-prefix=TRACE < %t.ref
// RUN: triton-opt %s -tritongpu-fuse-nested-loops | FileCheck %s --check-prefix=IR

// Results of the nests (tags 6, 7, 13, 31, 44, 52), computed by hand.
// TRACE: 6 9103
// TRACE: 7 3
// TRACE: 6 400
// TRACE: 6 100
// TRACE-NEXT: 7 0
// TRACE: 13 110
// TRACE: 13 8
// TRACE: 13 -34
// TRACE: 13 5
// TRACE: 31 66
// TRACE-NEXT: 31 0
// TRACE: 44 132
// TRACE: 44 0
// TRACE-NEXT: 44 0
// TRACE-NEXT: 44 0
// TRACE: 52 10
// TRACE-NEXT: 52 0

// Every nest was fused: one loop per function, two for the versioned
// tt.flatten nest.
// IR-LABEL: tt.func @multi
// IR-COUNT-1: scf.for
// IR-NOT: scf.for
// IR-LABEL: tt.func @flat
// IR-COUNT-2: scf.for
// IR-NOT: scf.for
// IR-LABEL: tt.func @deep
// IR-COUNT-1: scf.for
// IR-NOT: scf.for
// IR-LABEL: tt.func @yield_inner
// IR-COUNT-1: scf.for
// IR-NOT: scf.for
// IR-LABEL: tt.func @variant
// IR-COUNT-2: scf.for
// IR-NOT: scf.for
// IR-LABEL: tt.func @dependent
// IR-COUNT-2: scf.for
// IR-NOT: scf.for
// IR-LABEL: tt.func @main

llvm.mlir.global internal constant @fmt("%ld %ld\0A\00") {addr_space = 0 : i32}
llvm.func @printf(!llvm.ptr, ...) -> i32
func.func @ev(%tag: i64, %v: i64) {
  %f = llvm.mlir.addressof @fmt : !llvm.ptr
  %r = llvm.call @printf(%f, %tag, %v) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
  func.return
}
func.func @ev32(%tag: i64, %v: i32) {
  %e = arith.extsi %v : i32 to i64
  func.call @ev(%tag, %e) : (i64, i64) -> ()
  func.return
}

// Two inner loops (an i64 one whose initial value comes from the prologue,
// an i32 one with an initial value from above the nest), outer loop results.
tt.func @multi(%lbi: i64, %ubi: i64, %lb0: i64, %ub0: i64, %lb1: i32, %ub1: i32) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %c5 = arith.constant 5 : i64
  %c6 = arith.constant 6 : i64
  %c7 = arith.constant 7 : i64
  %c3_32 = arith.constant 3 : i32
  %c100 = arith.constant 100 : i64
  %r:2 = scf.for %i = %lbi to %ubi step %c1 iter_args(%acc = %c100, %cnt = %c0) -> (i64, i64) : i64 {
    %p = arith.muli %i, %c2 : i64
    func.call @ev(%c1, %p) : (i64, i64) -> ()
    %s0 = scf.for %j = %lb0 to %ub0 step %c2 iter_args(%x = %p) -> i64 : i64 {
      %y = arith.addi %x, %j : i64
      %y2 = arith.addi %y, %acc : i64
      func.call @ev(%c2, %y2) : (i64, i64) -> ()
      scf.yield %y : i64
    }
    %q = arith.addi %s0, %acc : i64
    func.call @ev(%c3, %q) : (i64, i64) -> ()
    %s1 = scf.for %j = %lb1 to %ub1 step %c3_32 iter_args(%z = %c100) -> i64 : i32 {
      %je = arith.extsi %j : i32 to i64
      %w = arith.addi %z, %je : i64
      %w2 = arith.addi %w, %q : i64
      func.call @ev(%c4, %w2) : (i64, i64) -> ()
      scf.yield %w2 : i64
    }
    func.call @ev(%c5, %s1) : (i64, i64) -> ()
    %acc2 = arith.addi %acc, %s1 : i64
    %cnt2 = arith.addi %cnt, %c1 : i64
    scf.yield %acc2, %cnt2 : i64, i64
  } {"ttg.always-fuse"}
  func.call @ev(%c6, %r#0) : (i64, i64) -> ()
  func.call @ev(%c7, %r#1) : (i64, i64) -> ()
  tt.return
}

// The tt.flatten path: invariant code, a value only the epilogue needs, an
// inner loop whose trip count may be zero or negative.
tt.func @flat(%n: i32, %k: i32, %x0: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  %t10 = arith.constant 10 : i64
  %t11 = arith.constant 11 : i64
  %t12 = arith.constant 12 : i64
  %t13 = arith.constant 13 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x0) -> i32 : i32 {
    %inv = arith.muli %k, %c7 : i32
    %pre = arith.addi %i, %inv : i32
    func.call @ev32(%t10, %a) : (i64, i32) -> ()
    %s = scf.for %j = %c0 to %k step %c1 iter_args(%t = %a) -> i32 : i32 {
      %u = arith.addi %t, %j : i32
      func.call @ev32(%t11, %u) : (i64, i32) -> ()
      scf.yield %u : i32
    }
    %e = arith.addi %s, %pre : i32
    func.call @ev32(%t12, %e) : (i64, i32) -> ()
    scf.yield %e : i32
  } {tt.flatten}
  func.call @ev32(%t13, %r) : (i64, i32) -> ()
  tt.return
}

// Three levels, flattened bottom-up; the innermost bounds are computed in
// the middle loop's prologue from invariant values.
tt.func @deep(%n: index, %m: index, %l: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t20 = arith.constant 20 : i64
  %t21 = arith.constant 21 : i64
  %t22 = arith.constant 22 : i64
  %t23 = arith.constant 23 : i64
  %t24 = arith.constant 24 : i64
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i64
    func.call @ev(%t20, %ii) : (i64, i64) -> ()
    %o = scf.for %j = %c0 to %m step %c1 iter_args(%sj = %ii) -> i64 {
      %ub = arith.addi %l, %c1 : index
      %jj = arith.index_cast %j : index to i64
      func.call @ev(%t21, %jj) : (i64, i64) -> ()
      %in = scf.for %k = %c0 to %ub step %c2 iter_args(%sk = %sj) -> i64 {
        %kk = arith.index_cast %k : index to i64
        %v = arith.addi %sk, %kk : i64
        func.call @ev(%t22, %v) : (i64, i64) -> ()
        scf.yield %v : i64
      }
      func.call @ev(%t23, %in) : (i64, i64) -> ()
      scf.yield %in : i64
    }
    func.call @ev(%t24, %o) : (i64, i64) -> ()
  } {"ttg.always-fuse"}
  tt.return
}

// The outer loop yields the inner loop's result directly while the inner
// body reads the outer iteration argument: the argument must only change at
// the end of an outer iteration.
tt.func @yield_inner(%n: i64, %m: i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %t30 = arith.constant 30 : i64
  %t31 = arith.constant 31 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c1) -> i64 : i64 {
    %s = scf.for %j = %c0 to %m step %c1 iter_args(%t = %c0) -> i64 : i64 {
      %u = arith.addi %t, %a : i64
      %u2 = arith.addi %u, %j : i64
      func.call @ev(%t30, %u2) : (i64, i64) -> ()
      scf.yield %u2 : i64
    }
    scf.yield %s : i64
  } {"ttg.always-fuse"}
  func.call @ev(%t31, %r) : (i64, i64) -> ()
  tt.return
}

// Inner bounds computed from the outer induction variable: a variant loop
// (empty for some i, negative trip counts for others) and an invariant one,
// a value carried through both, outer loop results.
tt.func @variant(%n: i32, %m: i32, %k: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %t40 = arith.constant 40 : i64
  %t41 = arith.constant 41 : i64
  %t42 = arith.constant 42 : i64
  %t43 = arith.constant 43 : i64
  %t44 = arith.constant 44 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> i32 : i32 {
    %lb = arith.muli %i, %c2 : i32
    %ub = arith.subi %m, %i : i32
    func.call @ev32(%t40, %i) : (i64, i32) -> ()
    %s = scf.for %j = %lb to %ub step %c1 iter_args(%t = %a) -> i32 : i32 {
      %u = arith.addi %t, %j : i32
      func.call @ev32(%t41, %u) : (i64, i32) -> ()
      scf.yield %u : i32
    }
    %ub2 = arith.addi %i, %k : i32
    %s2 = scf.for %j = %c0 to %k step %c1 iter_args(%t = %s) -> i32 : i32 {
      %u = arith.addi %t, %ub2 : i32
      func.call @ev32(%t42, %u) : (i64, i32) -> ()
      scf.yield %u : i32
    }
    func.call @ev32(%t43, %s2) : (i64, i32) -> ()
    scf.yield %s2 : i32
  } {"ttg.always-fuse"}
  func.call @ev32(%t44, %r) : (i64, i32) -> ()
  tt.return
}

// test_tl_range_fuse_dependent's nest: tt.flatten, inner bounds from i, and
// tl.assume(ub > lb) instead of versioning.
tt.func @dependent(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %t50 = arith.constant 50 : i64
  %t51 = arith.constant 51 : i64
  %t52 = arith.constant 52 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%k = %c0) -> i32 : i32 {
    %lb = arith.muli %i, %c2 : i32
    %x = arith.addi %lb, %i : i32
    %ub = arith.addi %x, %c1 : i32
    %gt = arith.cmpi sgt, %ub, %lb : i32
    llvm.intr.assume %gt : i1
    %k2 = scf.for %j = %lb to %ub step %c1 iter_args(%kk = %k) -> i32 : i32 {
      func.call @ev32(%t50, %i) : (i64, i32) -> ()
      func.call @ev32(%t51, %j) : (i64, i32) -> ()
      %kn = arith.addi %kk, %c1 : i32
      scf.yield %kn : i32
    }
    scf.yield %k2 : i32
  } {tt.flatten}
  func.call @ev32(%t52, %r) : (i64, i32) -> ()
  tt.return
}

tt.func @main() {
  %a = arith.constant 0 : i64
  %b = arith.constant 3 : i64
  %c5 = arith.constant 5 : i64
  %c2 = arith.constant 2 : i64
  %d = arith.constant 0 : i32
  %e = arith.constant 7 : i32
  %f = arith.constant -2 : i32
  tt.call @multi(%a, %b, %a, %c5, %d, %e) : (i64, i64, i64, i64, i32, i32) -> ()
  tt.call @multi(%a, %b, %c5, %c5, %d, %e) : (i64, i64, i64, i64, i32, i32) -> ()
  tt.call @multi(%a, %b, %a, %c5, %e, %d) : (i64, i64, i64, i64, i32, i32) -> ()
  tt.call @multi(%a, %b, %c5, %a, %e, %e) : (i64, i64, i64, i64, i32, i32) -> ()
  tt.call @multi(%c2, %c2, %a, %c5, %d, %e) : (i64, i64, i64, i64, i32, i32) -> ()
  %n3 = arith.constant 3 : i32
  %k0 = arith.constant 0 : i32
  %k4 = arith.constant 4 : i32
  %x0 = arith.constant 5 : i32
  tt.call @flat(%n3, %k4, %x0) : (i32, i32, i32) -> ()
  tt.call @flat(%n3, %k0, %x0) : (i32, i32, i32) -> ()
  tt.call @flat(%n3, %f, %x0) : (i32, i32, i32) -> ()
  tt.call @flat(%k0, %k4, %x0) : (i32, i32, i32) -> ()
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  tt.call @deep(%i2, %i3, %i3) : (index, index, index) -> ()
  tt.call @deep(%i2, %i0, %i3) : (index, index, index) -> ()
  tt.call @deep(%i2, %i2, %i0) : (index, index, index) -> ()
  tt.call @yield_inner(%b, %b) : (i64, i64) -> ()
  tt.call @yield_inner(%c2, %a) : (i64, i64) -> ()
  %v4 = arith.constant 4 : i32
  %v9 = arith.constant 9 : i32
  tt.call @variant(%v4, %v9, %n3) : (i32, i32, i32) -> ()
  tt.call @variant(%v4, %k0, %k0) : (i32, i32, i32) -> ()
  tt.call @variant(%k0, %v9, %n3) : (i32, i32, i32) -> ()
  tt.call @variant(%f, %v9, %n3) : (i32, i32, i32) -> ()
  tt.call @dependent(%v4) : (i32) -> ()
  tt.call @dependent(%k0) : (i32) -> ()
  tt.return
}
