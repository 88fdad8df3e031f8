// Recursion is rejected at the call that closes the cycle, whether direct,
// mutual, reached from a kernel or not; the analysis fails cleanly.
// RUN: triton-opt %s -split-input-file -verify-diagnostics -test-print-call-graph -o /dev/null
// RUN: triton-opt %s -split-input-file -verify-diagnostics -test-print-alignment -o /dev/null

tt.func public @self(%x: i32) {
  // expected-error @below {{recursive call to @self: Triton functions cannot recurse (cycle @self -> @self)}}
  tt.call @self(%x) : (i32) -> ()
  tt.return
}

// -----

tt.func private @ping(%x: i32) {
  tt.call @pong(%x) : (i32) -> ()
  tt.return
}
tt.func private @pong(%x: i32) {
  // expected-error @below {{recursive call to @ping: Triton functions cannot recurse (cycle @ping -> @pong -> @ping)}}
  tt.call @ping(%x) : (i32) -> ()
  tt.return
}
tt.func public @kernel(%x: i32) {
  tt.call @ping(%x) : (i32) -> ()
  tt.return
}

// -----

// No kernel reaches this cycle: it has no root, and is still found.
tt.func private @a(%x: i32) {
  tt.call @b(%x) : (i32) -> ()
  tt.return
}
tt.func private @b(%x: i32) {
  tt.call @c(%x) : (i32) -> ()
  tt.return
}
tt.func private @c(%x: i32) {
  // expected-error @below {{recursive call to @a: Triton functions cannot recurse (cycle @a -> @b -> @c -> @a)}}
  tt.call @a(%x) : (i32) -> ()
  tt.return
}

// -----

// A recursive call nested in a loop, below a function that is reached twice.
tt.func private @leaf(%x: i32) {
  tt.return
}
tt.func private @mid(%x: i32, %lb: index, %ub: index, %st: index) {
  tt.call @leaf(%x) : (i32) -> ()
  scf.for %i = %lb to %ub step %st {
    // expected-error @below {{recursive call to @mid: Triton functions cannot recurse (cycle @mid -> @mid)}}
    tt.call @mid(%x, %lb, %ub, %st) : (i32, index, index, index) -> ()
  }
  tt.return
}
tt.func public @top(%x: i32, %lb: index, %ub: index, %st: index) {
  tt.call @mid(%x, %lb, %ub, %st) : (i32, index, index, index) -> ()
  tt.call @mid(%x, %lb, %ub, %st) : (i32, index, index, index) -> ()
  tt.return
}
