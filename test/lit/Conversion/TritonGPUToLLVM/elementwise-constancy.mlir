// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

// Elements that AxisInfo proves equal (constancy) are computed once per
// thread and copied, as Triton's maybeDeduplicate does. The mask of a dot
// operand tile: kk < K with K divisible by 16 is constant over 16 rows.
// A thread holds 8 columns of rows r, r+8, ..., r+56: rows r and r+8 fall
// in the same block of 16, and all 8 columns are one broadcast value, so 4
// compares remain of 64 registers.
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: llvm.func @mask_rows_divisible
// CHECK-COUNT-4: llvm.icmp "slt"
// CHECK-NOT: llvm.icmp
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mask_rows_divisible(%p: !tt.ptr<i1>, %K: i32 {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #b}>>
    %e = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #b}>> -> tensor<64x1xi32, #b>
    %kk = tt.broadcast %e : tensor<64x1xi32, #b> -> tensor<64x128xi32, #b>
    %k = tt.splat %K : i32 -> tensor<64x128xi32, #b>
    %m = arith.cmpi slt, %kk, %k : tensor<64x128xi32, #b>
    %s = tt.splat %p : !tt.ptr<i1> -> tensor<64x128x!tt.ptr<i1>, #b>
    tt.store %s, %m : tensor<64x128x!tt.ptr<i1>, #b>
    tt.return
  }
}

// -----

// K of unknown divisibility: each row is compared once (the 8 columns are
// still one broadcast value).
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: llvm.func @mask_rows
// CHECK-COUNT-8: llvm.icmp "slt"
// CHECK-NOT: llvm.icmp
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mask_rows(%p: !tt.ptr<i1>, %K: i32) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #b}>>
    %e = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #b}>> -> tensor<64x1xi32, #b>
    %kk = tt.broadcast %e : tensor<64x1xi32, #b> -> tensor<64x128xi32, #b>
    %k = tt.splat %K : i32 -> tensor<64x128xi32, #b>
    %m = arith.cmpi slt, %kk, %k : tensor<64x128xi32, #b>
    %s = tt.splat %p : !tt.ptr<i1> -> tensor<64x128x!tt.ptr<i1>, #b>
    tt.store %s, %m : tensor<64x128x!tt.ptr<i1>, #b>
    tt.return
  }
}

// -----

// A run of 8 per thread against n divisible by 16: one compare per thread.
// Integer arithmetic on a splat is done once per thread, through the
// generic arith path and through the tt ops' own (tt.addptr). (AxisInfo,
// as Triton's, knows nothing of floats: float ops are never deduplicated.)
#b = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: llvm.func @runs_and_calls
// CHECK-COUNT-1: llvm.icmp "slt"
// CHECK-NOT: llvm.icmp
// CHECK-COUNT-1: llvm.mul
// CHECK-NOT: llvm.mul
// CHECK-COUNT-1: llvm.getelementptr
// CHECK-NOT: llvm.getelementptr
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @runs_and_calls(%p: !tt.ptr<i1>, %q: !tt.ptr<f32>, %n: i32 {tt.divisibility = 16 : i32}, %x: f32) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b>
    %ns = tt.splat %n : i32 -> tensor<1024xi32, #b>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #b>
    %s = tt.splat %p : !tt.ptr<i1> -> tensor<1024x!tt.ptr<i1>, #b>
    tt.store %s, %m : tensor<1024x!tt.ptr<i1>, #b>
    %xs = tt.splat %x : f32 -> tensor<1024xf32, #b>
    %sq = arith.muli %ns, %ns : tensor<1024xi32, #b>
    %qs = tt.splat %q : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b>
    %o = tt.addptr %qs, %sq : tensor<1024x!tt.ptr<f32>, #b>, tensor<1024xi32, #b>
    tt.store %o, %xs : tensor<1024x!tt.ptr<f32>, #b>
    tt.return
  }
}
