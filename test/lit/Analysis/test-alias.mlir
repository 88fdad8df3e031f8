// The local_alloc results every shared-memory memdesc may view: a view
// inherits its source's buffers, control flow joins what may flow in, loops
// iterate to a fixed point. Values without buffers print nothing.
// RUN: triton-opt %s -split-input-file -test-print-alias -o /dev/null | FileCheck %s

#AL = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#B = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [0, 1]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// Each alloc (with or without an initial value) is its own buffer; loads
// give tensors, which view nothing.
// CHECK-LABEL: @allocs
// CHECK-NEXT: %0 -> %0
// CHECK-NEXT: %1 -> %1
// CHECK-NOT: ->
tt.func @allocs(%t: tensor<16x16xf16, #AL>) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %1 = ttg.local_alloc %t : (tensor<16x16xf16, #AL>) -> !ttg.memdesc<16x16xf16, #A, #smem>
  %2 = ttg.local_load %1 : !ttg.memdesc<16x16xf16, #A, #smem> -> tensor<16x16xf16, #AL>
  tt.return
}

// Every view op, chained, views the one buffer.
// CHECK-LABEL: @views
// CHECK-NEXT: %0 -> %0
// CHECK-NEXT: %1 -> %0
// CHECK-NEXT: %2 -> %0
// CHECK-NEXT: %3 -> %0
// CHECK-NEXT: %4 -> %0
// CHECK-NEXT: %5 -> %0
// CHECK-NOT: ->
tt.func @views(%i: i32) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<2x16x32xf16, #A, #smem, mutable>
  %1 = ttg.memdesc_index %0[%i] : !ttg.memdesc<2x16x32xf16, #A, #smem, mutable> -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  %2 = ttg.memdesc_subslice %1[0, 16] : !ttg.memdesc<16x32xf16, #A, #smem, mutable> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable, 16x32>
  %3 = ttg.memdesc_trans %1 {order = array<i32: 1, 0>} : !ttg.memdesc<16x32xf16, #A, #smem, mutable> -> !ttg.memdesc<32x16xf16, #B, #smem, mutable>
  %4 = ttg.memdesc_reshape %0 : !ttg.memdesc<2x16x32xf16, #A, #smem, mutable> -> !ttg.memdesc<32x32xf16, #A, #smem, mutable>
  %5 = ttg.memdesc_reinterpret %0 : !ttg.memdesc<2x16x32xf16, #A, #smem, mutable> -> !ttg.memdesc<32x16xi32, #A, #smem, mutable>
  tt.return
}

// A memdesc argument views no known buffer.
// CHECK-LABEL: @argument
// CHECK-NOT: ->
tt.func @argument(%m: !ttg.memdesc<16x16xf16, #A, #smem, mutable>) {
  %0 = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> !ttg.memdesc<16x16xf16, #B, #smem, mutable>
  tt.return
}

// scf.if joins the buffers of both branches; a branch's own alloc counts.
// CHECK-LABEL: @if_join
// CHECK-NEXT: %0 -> %0
// CHECK-NEXT: %1 -> %1
// CHECK-NEXT: %2 -> %0,%1
// CHECK-NEXT: %3 -> %0,%4
// CHECK-NEXT: %4 -> %4
// CHECK-NOT: ->
tt.func @if_join(%c: i1) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %1 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %2 = scf.if %c -> (!ttg.memdesc<16x16xf16, #A, #smem, mutable>) {
    scf.yield %0 : !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  } else {
    scf.yield %1 : !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  }
  %3 = scf.if %c -> (!ttg.memdesc<16x16xf16, #A, #smem, mutable>) {
    %4 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
    scf.yield %4 : !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  } else {
    scf.yield %0 : !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  }
  tt.return
}

// Rotating iter_args: a <- b, b <- a, c <- a. The fixed point gives a and b
// both initial buffers; c its own and theirs. A loop may run zero times, so
// each result also views its initial value.
// CHECK-LABEL: @for_rotate
// CHECK-NEXT: %0 -> %0
// CHECK-NEXT: %1 -> %1
// CHECK-NEXT: %2 -> %2
// CHECK-NEXT: %3#0 -> %0,%1
// CHECK-NEXT: %3#1 -> %0,%1
// CHECK-NEXT: %3#2 -> %0,%1,%2
// CHECK-NEXT: %arg4 -> %0,%1
// CHECK-NEXT: %arg5 -> %0,%1
// CHECK-NEXT: %arg6 -> %0,%1,%2
// CHECK-NOT: ->
tt.func @for_rotate(%lb: index, %ub: index, %step: index) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %1 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %2 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %3:3 = scf.for %iv = %lb to %ub step %step iter_args(%a = %0, %b = %1, %c = %2) -> (!ttg.memdesc<16x16xf16, #A, #smem, mutable>, !ttg.memdesc<16x16xf16, #A, #smem, mutable>, !ttg.memdesc<16x16xf16, #A, #smem, mutable>) {
    scf.yield %b, %a, %a : !ttg.memdesc<16x16xf16, #A, #smem, mutable>, !ttg.memdesc<16x16xf16, #A, #smem, mutable>, !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  }
  tt.return
}

// A multi-buffered loop: the iter_arg is a slot of the one buffer, and a
// nested if that allocates inside the loop adds that alloc (%4 in the then
// region) to the carried set; the else region's slot (also printed %4)
// views the outer buffer.
// CHECK-LABEL: @for_if_nested
// CHECK-NEXT: %0 -> %0
// CHECK-NEXT: %1 -> %0
// CHECK-NEXT: %2 -> %0,%4
// CHECK-NEXT: %arg6 -> %0,%4
// CHECK-NEXT: %3 -> %0,%4
// CHECK-NEXT: %4 -> %4
// CHECK-NEXT: %4 -> %0
// CHECK-NOT: ->
tt.func @for_if_nested(%lb: index, %ub: index, %step: index, %c: i1, %i: i32) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<2x16x16xf16, #A, #smem, mutable>
  %1 = ttg.memdesc_index %0[%i] : !ttg.memdesc<2x16x16xf16, #A, #smem, mutable> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %2 = scf.for %iv = %lb to %ub step %step iter_args(%s = %1) -> (!ttg.memdesc<16x16xf16, #A, #smem, mutable>) {
    %3 = scf.if %c -> (!ttg.memdesc<16x16xf16, #A, #smem, mutable>) {
      %5 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
      scf.yield %5 : !ttg.memdesc<16x16xf16, #A, #smem, mutable>
    } else {
      %6 = ttg.memdesc_index %0[%i] : !ttg.memdesc<2x16x16xf16, #A, #smem, mutable> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
      scf.yield %6 : !ttg.memdesc<16x16xf16, #A, #smem, mutable>
    }
    scf.yield %3 : !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  }
  tt.return
}

// scf.while: the before-region argument joins the init and what the
// after-region yields; the condition forwards it to the after-region and
// the result.
// CHECK-LABEL: @while_loop
// CHECK-NEXT: %0 -> %0
// CHECK-NEXT: %1 -> %1
// CHECK-NEXT: %2 -> %0,%1
// CHECK-NEXT: %arg1 -> %0,%1
// CHECK-NEXT: %arg1 -> %0,%1
// CHECK-NOT: ->
tt.func @while_loop(%c: i1) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %1 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %2 = scf.while (%x = %0) : (!ttg.memdesc<16x16xf16, #A, #smem, mutable>) -> !ttg.memdesc<16x16xf16, #A, #smem, mutable> {
    scf.condition(%c) %x : !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  } do {
  ^bb0(%y: !ttg.memdesc<16x16xf16, #A, #smem, mutable>):
    scf.yield %1 : !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  }
  tt.return
}

// Unstructured control flow: a block argument joins its predecessors.
// CHECK-LABEL: @cf_branches
// CHECK-NEXT: %0 -> %0
// CHECK-NEXT: %1 -> %1
// CHECK-NEXT: %2 -> %0,%1
// CHECK-NOT: ->
tt.func @cf_branches(%c: i1) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %1 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  cf.cond_br %c, ^bb1(%0 : !ttg.memdesc<16x16xf16, #A, #smem, mutable>), ^bb1(%1 : !ttg.memdesc<16x16xf16, #A, #smem, mutable>)
^bb1(%2: !ttg.memdesc<16x16xf16, #A, #smem, mutable>):
  tt.return
}

// ttng.warp_group_dot_wait forwards each operand to the result at its
// position: the two results view different buffers.
// CHECK-LABEL: @dot_wait_forwards
// CHECK-NEXT: %0 -> %0
// CHECK-NEXT: %1 -> %1
// CHECK-NEXT: %2#1 -> %0
// CHECK-NEXT: %2#2 -> %1
// CHECK-NOT: ->
tt.func @dot_wait_forwards(%acc: tensor<16x16xf32, #AL>) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %1 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #B, #smem, mutable>
  %2:3 = ttng.warp_group_dot_wait %acc, %0, %1 {pendings = 0 : i32} : tensor<16x16xf32, #AL>, !ttg.memdesc<16x16xf16, #A, #smem, mutable>, !ttg.memdesc<16x16xf16, #B, #smem, mutable>
  tt.return
}

// The arguments of a warp_specialize partition view what the explicit
// captures view; a view made inside the partition inherits them.
// CHECK-LABEL: @warp_specialize_captures
// CHECK-NEXT: %0 -> %0
// CHECK-NEXT: %1 -> %1
// CHECK-DAG: %arg1 -> %0
// CHECK-DAG: %arg2 -> %1
// CHECK-DAG: %2 -> %1
// CHECK-NOT: ->
tt.func @warp_specialize_captures(%i: i32) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  %1 = ttg.local_alloc : () -> !ttg.memdesc<2x16x16xf16, #A, #smem, mutable>
  ttg.warp_specialize(%0, %1, %i)
  default {
    ttg.warp_yield
  }
  partition0(%a: !ttg.memdesc<16x16xf16, #A, #smem, mutable>, %b: !ttg.memdesc<2x16x16xf16, #A, #smem, mutable>, %j: i32) num_warps(4) {
    %2 = ttg.memdesc_index %b[%j] : !ttg.memdesc<2x16x16xf16, #A, #smem, mutable> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
    ttg.warp_return
  } : (!ttg.memdesc<16x16xf16, #A, #smem, mutable>, !ttg.memdesc<2x16x16xf16, #A, #smem, mutable>, i32) -> ()
  tt.return
}

// CHECK-LABEL: @end
tt.func @end() {
  tt.return
}

}
