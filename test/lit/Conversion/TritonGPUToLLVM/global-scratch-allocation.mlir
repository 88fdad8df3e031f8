// RUN: triton-opt %s -split-input-file --tritongpu-global-scratch-memory-allocation -verify-each | FileCheck %s

// Two tensor maps and a 4-byte buffer share one slice per program, each at
// a multiple of its alignment; the module records the slice.
// CHECK: module attributes {{{.*}}ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 384 : i32
// CHECK: ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32, ttg.global_scratch_memory_offset = 0 : i32}
// CHECK: ttg.global_scratch_alloc {alignment = 4 : i32, nbytes = 4 : i32, ttg.global_scratch_memory_offset = 128 : i32}
// CHECK: ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32, ttg.global_scratch_memory_offset = 256 : i32}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @three() {
    %a = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    %b = ttg.global_scratch_alloc {alignment = 4 : i32, nbytes = 4 : i32} : !tt.ptr<i8>
    %c = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    tt.return
  }
}

// -----

// A device function's buffers form its frame; each call of a function with
// a frame gets its own place in the caller's frame, after the caller's own
// buffers before it (Triton 3.6 passes the frame as the callee's global
// scratch pointer).
// CHECK-LABEL: module attributes {{{.*}}ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 640 : i32
// CHECK: tt.func private @device
// CHECK: ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32, ttg.global_scratch_memory_offset = 0 : i32}
// CHECK: ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32, ttg.global_scratch_memory_offset = 128 : i32}
// CHECK: tt.func public @kernel
// CHECK: ttg.global_scratch_alloc {alignment = 4 : i32, nbytes = 4 : i32, ttg.global_scratch_memory_offset = 0 : i32}
// CHECK: tt.call @device() {ttg.global_scratch_memory_offset = 128 : i32}
// CHECK: tt.call @device() {ttg.global_scratch_memory_offset = 384 : i32}
// CHECK: tt.call @plain() : () -> ()
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @device() attributes {noinline = true} {
    %a = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    %b = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    tt.return
  }
  tt.func private @plain() attributes {noinline = true} {
    tt.return
  }
  tt.func public @kernel() {
    %a = ttg.global_scratch_alloc {alignment = 4 : i32, nbytes = 4 : i32} : !tt.ptr<i8>
    tt.call @device() : () -> ()
    tt.call @device() : () -> ()
    tt.call @plain() : () -> ()
    tt.return
  }
}
