// The call graph of tt.call / tt.func: roots (functions no call reaches),
// edges (callers in module order, calls in program order), post-order (callees first), reverse post-order
// (callers first), and CallGraph::walk with pre- and post-order callbacks.
// RUN: triton-opt %s -split-input-file -test-print-call-graph -o /dev/null | FileCheck %s

// A kernel without calls is the only root.
// CHECK-LABEL: roots: @lone
// CHECK-NEXT: post-order: @lone
// CHECK-NEXT: reverse post-order: @lone
// CHECK-NEXT: walk pre-order nodes: @lone
// CHECK-NEXT: walk pre-order edges:{{$}}
// CHECK-NEXT: walk post-order nodes: @lone
// CHECK-NEXT: walk post-order edges:{{$}}
tt.func public @lone() {
  tt.return
}

// -----

// A chain: every function once, callees before callers and back.
// CHECK-LABEL: roots: @chain_kernel{{$}}
// CHECK-NEXT: call: @chain_a -> @chain_b
// CHECK-NEXT: call: @chain_kernel -> @chain_a
// CHECK-NEXT: post-order: @chain_b @chain_a @chain_kernel
// CHECK-NEXT: reverse post-order: @chain_kernel @chain_a @chain_b
// CHECK-NEXT: walk pre-order nodes: @chain_kernel @chain_a @chain_b
// CHECK-NEXT: walk pre-order edges: @chain_kernel->@chain_a @chain_a->@chain_b
// CHECK-NEXT: walk post-order nodes: @chain_b @chain_a @chain_kernel
// CHECK-NEXT: walk post-order edges: @chain_a->@chain_b @chain_kernel->@chain_a
tt.func private @chain_b(%x: i32) {
  tt.return
}
tt.func private @chain_a(%x: i32) {
  tt.call @chain_b(%x) : (i32) -> ()
  tt.return
}
tt.func public @chain_kernel(%x: i32) {
  tt.call @chain_a(%x) : (i32) -> ()
  tt.return
}

// -----

// A diamond: @d is reached twice but visited once, and only after both of
// its callers in reverse post-order.
// CHECK-LABEL: roots: @diamond{{$}}
// CHECK-NEXT: call: @dia_d -> @dia_leaf
// CHECK-NEXT: call: @dia_b -> @dia_d
// CHECK-NEXT: call: @dia_c -> @dia_d
// CHECK-NEXT: call: @diamond -> @dia_b
// CHECK-NEXT: call: @diamond -> @dia_c
// CHECK-NEXT: post-order: @dia_leaf @dia_d @dia_b @dia_c @diamond
// CHECK-NEXT: reverse post-order: @diamond @dia_c @dia_b @dia_d @dia_leaf
// CHECK-NEXT: walk pre-order nodes: @diamond @dia_b @dia_d @dia_leaf @dia_c
// CHECK-NEXT: walk pre-order edges: @diamond->@dia_b @dia_b->@dia_d @dia_d->@dia_leaf @diamond->@dia_c @dia_c->@dia_d
// CHECK-NEXT: walk post-order nodes: @dia_leaf @dia_d @dia_b @dia_c @diamond
// CHECK-NEXT: walk post-order edges: @dia_d->@dia_leaf @dia_b->@dia_d @diamond->@dia_b @dia_c->@dia_d @diamond->@dia_c
tt.func private @dia_leaf() {
  tt.return
}
tt.func private @dia_d() {
  tt.call @dia_leaf() : () -> ()
  tt.return
}
tt.func private @dia_b() {
  tt.call @dia_d() : () -> ()
  tt.return
}
tt.func private @dia_c() {
  tt.call @dia_d() : () -> ()
  tt.return
}
tt.func public @diamond() {
  tt.call @dia_b() : () -> ()
  tt.call @dia_c() : () -> ()
  tt.return
}

// -----

// Several kernels share a helper; an unused private function is a root too;
// calls nested in loops and branches are edges; a declaration is a node
// without callees. One call site per edge, in program order.
// CHECK-LABEL: roots: @k1 @k2 @unused{{$}}
// CHECK-NEXT: call: @k1 -> @shared
// CHECK-NEXT: call: @k1 -> @shared
// CHECK-NEXT: call: @k2 -> @decl
// CHECK-NEXT: call: @k2 -> @shared
// CHECK-NEXT: post-order: @shared @k1 @decl @k2 @unused
// CHECK-NEXT: reverse post-order: @unused @k2 @decl @k1 @shared
// CHECK-NEXT: walk pre-order nodes: @k1 @shared @k2 @decl @unused
// CHECK-NEXT: walk pre-order edges: @k1->@shared @k1->@shared @k2->@decl @k2->@shared
// CHECK-NEXT: walk post-order nodes: @shared @k1 @decl @k2 @unused
// CHECK-NEXT: walk post-order edges: @k1->@shared @k1->@shared @k2->@decl @k2->@shared
tt.func private @shared(%x: i32) -> i32 {
  tt.return %x : i32
}
tt.func private @decl(i32) -> i32
tt.func public @k1(%x: i32, %lb: index, %ub: index, %step: index) {
  scf.for %i = %lb to %ub step %step {
    %r = tt.call @shared(%x) : (i32) -> i32
  }
  %r2 = tt.call @shared(%x) : (i32) -> i32
  tt.return
}
tt.func public @k2(%x: i32, %c: i1) {
  scf.if %c {
    %r = tt.call @decl(%x) : (i32) -> i32
    %s = tt.call @shared(%r) : (i32) -> i32
  }
  tt.return
}
tt.func private @unused() {
  tt.return
}
