// The module attributes Triton puts on TTGIR, as Triton 3.6 prints them, and
// ttg.num-warps on a function; other ttg.* attributes are left alone.
// RUN: triton-opt %s | triton-opt | FileCheck %s

// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.shared = 98304 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, "ttg.total-num-warps" = 12 : i32}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.shared = 98304 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, "ttg.total-num-warps" = 12 : i32} {
  // CHECK: tt.func @f() attributes {"ttg.num-warps" = 4 : i32}
  tt.func @f() attributes {"ttg.num-warps" = 4 : i32} {
    // CHECK: tt.return {ttg.partition = array<i32: 0>}
    tt.return {ttg.partition = array<i32: 0>}
  }
}
