// RUN: triton-opt %s -split-input-file -triton-licm | FileCheck %s

// An invariant scalar load without a mask leaves the loop with "the loop runs"
// as its mask; the loop keeps only the use.
// CHECK-LABEL: tt.func @scalar_load_no_mask
// CHECK-SAME: (%[[P:[^ ,:()]+]]: !tt.ptr<f32>, %[[LB:[^ ,:()]+]]: i32, %[[UB:[^ ,:()]+]]: i32)
// CHECK: %[[TRIP:[^ ,:()]+]] = arith.cmpi slt, %[[LB]], %[[UB]] : i32
// CHECK-NEXT: %[[V:[^ ,:()]+]] = tt.load %[[P]], %[[TRIP]] : !tt.ptr<f32>
// CHECK-NEXT: scf.for %{{.*}} = %[[LB]] to %[[UB]]
// CHECK-NEXT: %[[S:[^ ,:()]+]] = arith.addf %{{.*}}, %[[V]] : f32
// CHECK-NEXT: scf.yield %[[S]]
tt.func @scalar_load_no_mask(%p: !tt.ptr<f32>, %lb: i32, %ub: i32) -> f32 {
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
    %v = tt.load %p : !tt.ptr<f32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  tt.return %r : f32
}

// -----

// A scalar load with a mask: the trip condition is ANDed into it, `other`
// and the cache modifier are kept.
// CHECK-LABEL: tt.func @scalar_load_masked
// CHECK-SAME: (%[[P:[^ ,:()]+]]: !tt.ptr<i32>, %[[M:[^ ,:()]+]]: i1, %[[LB:[^ ,:()]+]]: index, %[[UB:[^ ,:()]+]]: index)
// CHECK-DAG: %[[O:[^ ,:()]+]] = arith.constant 7 : i32
// CHECK: %[[TRIP:[^ ,:()]+]] = arith.cmpi slt, %[[LB]], %[[UB]] : index
// CHECK-NEXT: %[[MASK:[^ ,:()]+]] = arith.andi %[[M]], %[[TRIP]] : i1
// CHECK-NEXT: %[[V:[^ ,:()]+]] = tt.load %[[P]], %[[MASK]], %[[O]] cacheModifier = ca : !tt.ptr<i32>
// CHECK-NEXT: scf.for
// CHECK-NOT: tt.load
// CHECK: arith.addi %{{.*}}, %[[V]] : i32
tt.func @scalar_load_masked(%p: !tt.ptr<i32>, %m: i1, %lb: index, %ub: index) -> i32 {
  %c1 = arith.constant 1 : index
  %o = arith.constant 7 : i32
  %zero = arith.constant 0 : i32
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %zero) -> (i32) {
    %v = tt.load %p, %m, %o cacheModifier = ca : !tt.ptr<i32>
    %s = arith.addi %acc, %v : i32
    scf.yield %s : i32
  }
  tt.return %r : i32
}

// -----

// A tensor load without a mask gets the splatted trip condition as its mask
// (and no `other`).
// CHECK-LABEL: tt.func @tensor_load_no_mask
// CHECK-SAME: (%[[P:[^ ,:()]+]]: tensor<128x!tt.ptr<f32>>, %[[LB:[^ ,:()]+]]: i32, %[[UB:[^ ,:()]+]]: i32)
// CHECK: %[[TRIP:[^ ,:()]+]] = arith.cmpi slt, %[[LB]], %[[UB]] : i32
// CHECK-NEXT: %[[SPLAT:[^ ,:()]+]] = tt.splat %[[TRIP]] : i1 -> tensor<128xi1>
// CHECK-NEXT: %[[V:[^ ,:()]+]] = tt.load %[[P]], %[[SPLAT]] : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT: scf.for
// CHECK-NEXT: arith.addf %{{.*}}, %[[V]] : tensor<128xf32>
tt.func @tensor_load_no_mask(%p: tensor<128x!tt.ptr<f32>>, %lb: i32, %ub: i32) -> tensor<128xf32> {
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %zero) -> (tensor<128xf32>) : i32 {
    %v = tt.load %p : tensor<128x!tt.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<128xf32>
    scf.yield %s : tensor<128xf32>
  }
  tt.return %r : tensor<128xf32>
}

// -----

// A tensor load with a mask and `other`, whose mask is computed in the loop
// from invariant values: the comparison leaves first, then the load with the
// splatted condition ANDed into its mask.
// CHECK-LABEL: tt.func @tensor_load_masked
// CHECK-SAME: (%[[P:[^ ,:()]+]]: tensor<64x32x!tt.ptr<f16>>, %[[A:[^ ,:()]+]]: tensor<64x32xi32>, %[[B:[^ ,:()]+]]: tensor<64x32xi32>, %[[LB:[^ ,:()]+]]: i32, %[[UB:[^ ,:()]+]]: i32)
// CHECK-DAG: %[[O:[^ ,:()]+]] = arith.constant dense<0.000000e+00> : tensor<64x32xf16>
// CHECK: %[[M:[^ ,:()]+]] = arith.cmpi slt, %[[A]], %[[B]] : tensor<64x32xi32>
// CHECK-NEXT: %[[TRIP:[^ ,:()]+]] = arith.cmpi slt, %[[LB]], %[[UB]] : i32
// CHECK-NEXT: %[[SPLAT:[^ ,:()]+]] = tt.splat %[[TRIP]] : i1 -> tensor<64x32xi1>
// CHECK-NEXT: %[[MASK:[^ ,:()]+]] = arith.andi %[[M]], %[[SPLAT]] : tensor<64x32xi1>
// CHECK-NEXT: %[[V:[^ ,:()]+]] = tt.load %[[P]], %[[MASK]], %[[O]] : tensor<64x32x!tt.ptr<f16>>
// CHECK-NEXT: scf.for
// CHECK-NEXT: arith.addf %{{.*}}, %[[V]] : tensor<64x32xf16>
tt.func @tensor_load_masked(%p: tensor<64x32x!tt.ptr<f16>>, %a: tensor<64x32xi32>, %b: tensor<64x32xi32>, %lb: i32, %ub: i32) -> tensor<64x32xf16> {
  %c1 = arith.constant 1 : i32
  %o = arith.constant dense<0.0> : tensor<64x32xf16>
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %o) -> (tensor<64x32xf16>) : i32 {
    %m = arith.cmpi slt, %a, %b : tensor<64x32xi32>
    %v = tt.load %p, %m, %o : tensor<64x32x!tt.ptr<f16>>
    %s = arith.addf %acc, %v : tensor<64x32xf16>
    scf.yield %s : tensor<64x32xf16>
  }
  tt.return %r : tensor<64x32xf16>
}

// -----

// Two loads of one loop share the trip condition; an unsigned loop compares
// unsigned.
// CHECK-LABEL: tt.func @two_loads_unsigned_loop
// CHECK-SAME: (%[[P:[^ ,:()]+]]: !tt.ptr<f32>, %[[Q:[^ ,:()]+]]: !tt.ptr<f32>, %[[LB:[^ ,:()]+]]: i32, %[[UB:[^ ,:()]+]]: i32)
// CHECK: %[[TRIP:[^ ,:()]+]] = arith.cmpi ult, %[[LB]], %[[UB]] : i32
// CHECK-NEXT: %[[V:[^ ,:()]+]] = tt.load %[[P]], %[[TRIP]] : !tt.ptr<f32>
// CHECK-NEXT: %[[W:[^ ,:()]+]] = tt.load %[[Q]], %[[TRIP]] : !tt.ptr<f32>
// CHECK-NEXT: %[[X:[^ ,:()]+]] = arith.mulf %[[V]], %[[W]] : f32
// CHECK-NEXT: scf.for unsigned
// CHECK-NEXT: arith.addf %{{.*}}, %[[X]] : f32
// CHECK-NOT: arith.cmpi
tt.func @two_loads_unsigned_loop(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %lb: i32, %ub: i32) -> f32 {
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %r = scf.for unsigned %i = %lb to %ub step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
    %v = tt.load %p : !tt.ptr<f32>
    %w = tt.load %q : !tt.ptr<f32>
    %x = arith.mulf %v, %w : f32
    %s = arith.addf %acc, %x : f32
    scf.yield %s : f32
  }
  tt.return %r : f32
}

// -----

// A store anywhere in the loop keeps every load in it, even one from another
// pointer; the invariant arithmetic still leaves.
// CHECK-LABEL: tt.func @loop_stores
// CHECK-SAME: (%[[P:[^ ,:()]+]]: !tt.ptr<f32>, %[[Q:[^ ,:()]+]]: !tt.ptr<f32>, %[[X:[^ ,:()]+]]: f32, %[[LB:[^ ,:()]+]]: i32, %[[UB:[^ ,:()]+]]: i32)
// CHECK-NOT: tt.load
// CHECK: %[[Y:[^ ,:()]+]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK-NOT: tt.load
// CHECK: scf.for
// CHECK-NEXT: %[[V:[^ ,:()]+]] = tt.load %[[P]] : !tt.ptr<f32>
// CHECK-NEXT: %[[S:[^ ,:()]+]] = arith.addf %[[V]], %[[Y]] : f32
// CHECK-NEXT: tt.store %[[Q]], %[[S]] : !tt.ptr<f32>
tt.func @loop_stores(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %x: f32, %lb: i32, %ub: i32) {
  %c1 = arith.constant 1 : i32
  scf.for %i = %lb to %ub step %c1 : i32 {
    %v = tt.load %p : !tt.ptr<f32>
    %y = arith.mulf %x, %x : f32
    %s = arith.addf %v, %y : f32
    tt.store %q, %s : !tt.ptr<f32>
  }
  tt.return
}

// -----

// An atomic, a call or a print in the loop are writes too.
// CHECK-LABEL: tt.func @loop_atomic
// CHECK: scf.for
// CHECK-NEXT: tt.load
// CHECK-NEXT: tt.atomic_rmw
tt.func @loop_atomic(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %lb: i32, %ub: i32) {
  %c1 = arith.constant 1 : i32
  scf.for %i = %lb to %ub step %c1 : i32 {
    %v = tt.load %p : !tt.ptr<f32>
    %old = tt.atomic_rmw fadd, relaxed, gpu, %q, %v : (!tt.ptr<f32>, f32) -> f32
  }
  tt.return
}

// CHECK-LABEL: tt.func @loop_call
// CHECK: scf.for
// CHECK-NEXT: tt.load
// CHECK-NEXT: tt.call @callee
tt.func @loop_call(%p: !tt.ptr<f32>, %lb: i32, %ub: i32) {
  %c1 = arith.constant 1 : i32
  scf.for %i = %lb to %ub step %c1 : i32 {
    %v = tt.load %p : !tt.ptr<f32>
    tt.call @callee(%v) : (f32) -> ()
  }
  tt.return
}

tt.func private @callee(f32)

// CHECK-LABEL: tt.func @loop_print
// CHECK: scf.for
// CHECK-NEXT: tt.load
// CHECK-NEXT: tt.print
tt.func @loop_print(%p: !tt.ptr<f32>, %lb: i32, %ub: i32) {
  %c1 = arith.constant 1 : i32
  scf.for %i = %lb to %ub step %c1 : i32 {
    %v = tt.load %p : !tt.ptr<f32>
    tt.print ": " {hex = false, isSigned = array<i32: 0>} : %v : f32
  }
  tt.return
}

// -----

// A volatile load stays, and so does its invariant neighbour: a volatile load
// counts as a write.
// CHECK-LABEL: tt.func @volatile_load
// CHECK-NOT: tt.load
// CHECK: scf.for
// CHECK-NEXT: tt.load %{{.*}} {isVolatile = true} : !tt.ptr<f32>
// CHECK-NEXT: tt.load %{{.*}} : !tt.ptr<f32>
tt.func @volatile_load(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %lb: i32, %ub: i32) -> f32 {
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
    %v = tt.load %p {isVolatile = true} : !tt.ptr<f32>
    %w = tt.load %q : !tt.ptr<f32>
    %s = arith.addf %acc, %v : f32
    %t = arith.addf %s, %w : f32
    scf.yield %t : f32
  }
  tt.return %r : f32
}

// -----

// Pointers computed from the induction variable, or loop-carried, vary.
// CHECK-LABEL: tt.func @pointer_depends_on_iv
// CHECK-SAME: (%[[P:[^ ,:()]+]]: !tt.ptr<f32>,
// CHECK-NOT: tt.load
// CHECK: scf.for %[[I:[^ ,:()]+]] = 
// CHECK-NEXT: %[[Q:[^ ,:()]+]] = tt.addptr %[[P]], %[[I]] : !tt.ptr<f32>, i32
// CHECK-NEXT: tt.load %[[Q]] : !tt.ptr<f32>
tt.func @pointer_depends_on_iv(%p: !tt.ptr<f32>, %lb: i32, %ub: i32) -> f32 {
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
    %q = tt.addptr %p, %i : !tt.ptr<f32>, i32
    %v = tt.load %q : !tt.ptr<f32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  tt.return %r : f32
}

// CHECK-LABEL: tt.func @pointer_carried
// CHECK-NOT: tt.load
// CHECK: scf.for %{{.*}} iter_args(%[[PTR:[^ ,:()]+]] = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK-NEXT: tt.load %[[PTR]] : tensor<16x!tt.ptr<f32>>
tt.func @pointer_carried(%p: tensor<16x!tt.ptr<f32>>, %lb: i32, %ub: i32) -> tensor<16xf32> {
  %c1 = arith.constant 1 : i32
  %step = arith.constant dense<16> : tensor<16xi32>
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%ptr = %p, %acc = %zero) -> (tensor<16x!tt.ptr<f32>>, tensor<16xf32>) : i32 {
    %v = tt.load %ptr : tensor<16x!tt.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<16xf32>
    %next = tt.addptr %ptr, %step : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    scf.yield %next, %s : tensor<16x!tt.ptr<f32>>, tensor<16xf32>
  }
  tt.return %r#1 : tensor<16xf32>
}

// A mask computed from the induction variable keeps the load in the loop,
// though its pointer is invariant.
// CHECK-LABEL: tt.func @mask_depends_on_iv
// CHECK-NOT: tt.load
// CHECK: scf.for %[[I:[^ ,:()]+]] =
// CHECK-NEXT: %[[M:[^ ,:()]+]] = arith.cmpi slt, %[[I]], %{{.*}} : i32
// CHECK-NEXT: tt.load %{{.*}}, %[[M]] : !tt.ptr<f32>
tt.func @mask_depends_on_iv(%p: !tt.ptr<f32>, %n: i32, %lb: i32, %ub: i32) -> f32 {
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
    %m = arith.cmpi slt, %i, %n : i32
    %v = tt.load %p, %m : !tt.ptr<f32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  tt.return %r : f32
}

// -----

// Plain invariant arithmetic leaves in order, a chain included; what uses the
// induction variable stays. No trip condition is made without a load.
// CHECK-LABEL: tt.func @arith_hoisted
// CHECK-SAME: (%[[X:[^ ,:()]+]]: i32, %[[Y:[^ ,:()]+]]: i32, %[[LB:[^ ,:()]+]]: i32, %[[UB:[^ ,:()]+]]: i32)
// CHECK: %[[A:[^ ,:()]+]] = arith.muli %[[X]], %[[Y]] : i32
// CHECK-NEXT: %[[B:[^ ,:()]+]] = arith.addi %[[A]], %[[X]] : i32
// CHECK-NEXT: %[[T:[^ ,:()]+]] = tt.splat %[[B]] : i32 -> tensor<8xi32>
// CHECK-NEXT: scf.for %[[I:[^ ,:()]+]] = %[[LB]] to %[[UB]]
// CHECK-NEXT: %[[C:[^ ,:()]+]] = arith.addi %[[B]], %[[I]] : i32
// CHECK-NEXT: %[[D:[^ ,:()]+]] = tt.splat %[[C]] : i32 -> tensor<8xi32>
// CHECK-NEXT: %[[E:[^ ,:()]+]] = arith.addi %[[D]], %[[T]] : tensor<8xi32>
// CHECK-NOT: arith.cmpi
tt.func @arith_hoisted(%x: i32, %y: i32, %lb: i32, %ub: i32) -> tensor<8xi32> {
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0> : tensor<8xi32>
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %zero) -> (tensor<8xi32>) : i32 {
    %a = arith.muli %x, %y : i32
    %b = arith.addi %a, %x : i32
    %c = arith.addi %b, %i : i32
    %t = tt.splat %b : i32 -> tensor<8xi32>
    %d = tt.splat %c : i32 -> tensor<8xi32>
    %e = arith.addi %d, %t : tensor<8xi32>
    %s = arith.addi %acc, %e : tensor<8xi32>
    scf.yield %s : tensor<8xi32>
  }
  tt.return %r : tensor<8xi32>
}

// A division may trap: it is not speculatable and stays, as in MLIR's LICM.
// CHECK-LABEL: tt.func @division_stays
// CHECK: scf.for
// CHECK-NEXT: arith.divsi
tt.func @division_stays(%x: i32, %y: i32, %lb: i32, %ub: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %zero) -> (i32) : i32 {
    %q = arith.divsi %x, %y : i32
    %s = arith.addi %acc, %q : i32
    scf.yield %s : i32
  }
  tt.return %r : i32
}

// -----

// Nested loops: the load leaves the inner loop guarded by the inner trip
// condition, then the outer loop guarded by the outer one as well.
// CHECK-LABEL: tt.func @nested_loops
// CHECK-SAME: (%[[P:[^ ,:()]+]]: tensor<32x!tt.ptr<f32>>, %[[LB:[^ ,:()]+]]: i32, %[[UB:[^ ,:()]+]]: i32, %[[N:[^ ,:()]+]]: i32)
// CHECK-DAG: %[[C0:[^ ,:()]+]] = arith.constant 0 : i32
// CHECK: %[[ITRIP:[^ ,:()]+]] = arith.cmpi slt, %[[C0]], %[[N]] : i32
// CHECK-NEXT: %[[ISPLAT:[^ ,:()]+]] = tt.splat %[[ITRIP]] : i1 -> tensor<32xi1>
// CHECK-NEXT: %[[OTRIP:[^ ,:()]+]] = arith.cmpi slt, %[[LB]], %[[UB]] : i32
// CHECK-NEXT: %[[OSPLAT:[^ ,:()]+]] = tt.splat %[[OTRIP]] : i1 -> tensor<32xi1>
// CHECK-NEXT: %[[MASK:[^ ,:()]+]] = arith.andi %[[ISPLAT]], %[[OSPLAT]] : tensor<32xi1>
// CHECK-NEXT: %[[V:[^ ,:()]+]] = tt.load %[[P]], %[[MASK]] : tensor<32x!tt.ptr<f32>>
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: arith.addf %{{.*}}, %[[V]] : tensor<32xf32>
tt.func @nested_loops(%p: tensor<32x!tt.ptr<f32>>, %lb: i32, %ub: i32, %n: i32) -> tensor<32xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<32xf32>
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %zero) -> (tensor<32xf32>) : i32 {
    %r2 = scf.for %j = %c0 to %n step %c1 iter_args(%acc2 = %acc) -> (tensor<32xf32>) : i32 {
      %v = tt.load %p : tensor<32x!tt.ptr<f32>>
      %s = arith.addf %acc2, %v : tensor<32xf32>
      scf.yield %s : tensor<32xf32>
    }
    scf.yield %r2 : tensor<32xf32>
  }
  tt.return %r : tensor<32xf32>
}

// A store in the outer loop keeps the load in the outer loop, after it left
// the inner one, which does not write.
// The inner trip condition is invariant in the outer loop and leaves it.
// CHECK-LABEL: tt.func @nested_outer_stores
// CHECK-SAME: (%[[P:[^ ,:()]+]]: !tt.ptr<f32>, %[[Q:[^ ,:()]+]]: !tt.ptr<f32>, %{{.*}}: i32, %{{.*}}: i32, %[[N:[^ ,:()]+]]: i32)
// CHECK: %[[TRIP:[^ ,:()]+]] = arith.cmpi slt, %{{.*}}, %[[N]] : i32
// CHECK-NOT: tt.load
// CHECK: scf.for
// CHECK-NEXT: %[[V:[^ ,:()]+]] = tt.load %[[P]], %[[TRIP]] : !tt.ptr<f32>
// CHECK-NEXT: %[[R:[^ ,:()]+]] = scf.for
// CHECK-NEXT: arith.addf %{{.*}}, %[[V]] : f32
// CHECK-NOT: tt.load
// CHECK: tt.store %[[Q]], %[[R]] : !tt.ptr<f32>
tt.func @nested_outer_stores(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %lb: i32, %ub: i32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  scf.for %i = %lb to %ub step %c1 : i32 {
    %r2 = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
      %v = tt.load %p : !tt.ptr<f32>
      %s = arith.addf %acc, %v : f32
      scf.yield %s : f32
    }
    tt.store %q, %r2 : !tt.ptr<f32>
  }
  tt.return
}

// -----

// scf.while: no trip condition to guard loads with, so only plain LICM.
// CHECK-LABEL: tt.func @while_loop
// CHECK-SAME: (%[[P:[^ ,:()]+]]: !tt.ptr<i32>, %[[X:[^ ,:()]+]]: i32, %[[N:[^ ,:()]+]]: i32)
// CHECK: %[[A:[^ ,:()]+]] = arith.muli %[[X]], %[[X]] : i32
// CHECK-NOT: tt.load
// CHECK: scf.while
// CHECK: scf.condition
// CHECK: do
// CHECK-NEXT: ^bb0(%[[ARG:[^ ,:()]+]]: i32):
// CHECK-NEXT: %[[V:[^ ,:()]+]] = tt.load %[[P]] : !tt.ptr<i32>
// CHECK-NEXT: arith.addi %[[ARG]], %[[V]] : i32
tt.func @while_loop(%p: !tt.ptr<i32>, %x: i32, %n: i32) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.cmpi slt, %a, %n : i32
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%a: i32):
    %v = tt.load %p : !tt.ptr<i32>
    %m = arith.muli %x, %x : i32
    %s = arith.addi %a, %v : i32
    %t = arith.addi %s, %m : i32
    scf.yield %t : i32
  }
  tt.return %r : i32
}

// -----

// A load through a tensor pointer takes no mask: it stays.
// CHECK-LABEL: tt.func @tensor_pointer_load
// CHECK: scf.for
// CHECK-NEXT: tt.load %{{.*}} : !tt.ptr<tensor<16xf32>>
tt.func @tensor_pointer_load(%p: !tt.ptr<tensor<16xf32>>, %lb: i32, %ub: i32) -> tensor<16xf32> {
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %zero) -> (tensor<16xf32>) : i32 {
    %v = tt.load %p : !tt.ptr<tensor<16xf32>>
    %s = arith.addf %acc, %v : tensor<16xf32>
    scf.yield %s : tensor<16xf32>
  }
  tt.return %r : tensor<16xf32>
}
