// Allocation and Membar need the call graph: a recursive module is rejected
// at the call closing the cycle and the passes fail cleanly.
// RUN: triton-opt %s -split-input-file -verify-diagnostics -test-print-allocation -o /dev/null
// RUN: triton-opt %s -split-input-file -verify-diagnostics -test-print-membar -o /dev/null

#A = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func private @ping() {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  tt.call @pong() : () -> ()
  tt.return
}
tt.func private @pong() {
  // expected-error @below {{recursive call to @ping: Triton functions cannot recurse (cycle @ping -> @pong -> @ping)}}
  tt.call @ping() : () -> ()
  tt.return
}
}
