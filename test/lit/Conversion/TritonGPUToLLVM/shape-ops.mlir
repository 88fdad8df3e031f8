// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-diagnostics | FileCheck %s

// trans keeps every element in its thread: result register i is operand
// register i here (both hold (row, 2 consecutive columns) as (2 rows, col)).
// CHECK-LABEL: llvm.func @trans
// CHECK: %[[A:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[B:.*]] = llvm.extractvalue %arg0[1]
// CHECK: llvm.insertvalue %[[A]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[B]], %{{.*}}[1]
// CHECK-NOT: nvvm.shfl
// CHECK: llvm.return
#b = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#bt = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @trans(%x: tensor<16x32xf32, #b>) -> tensor<32x16xf32, #bt> attributes {noinline = false} {
    %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<16x32xf32, #b> -> tensor<32x16xf32, #bt>
    tt.return %0 : tensor<32x16xf32, #bt>
  }
}

// -----

// join interleaves: the new last dimension is the fastest register.
// split takes every other register.
// CHECK-LABEL: llvm.func @join
// CHECK: %[[X0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[X1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: %[[Y0:.*]] = llvm.extractvalue %arg1[0]
// CHECK: %[[Y1:.*]] = llvm.extractvalue %arg1[1]
// CHECK: llvm.insertvalue %[[X0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[Y0]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[X1]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[Y1]], %{{.*}}[3]
// CHECK-LABEL: llvm.func @split
// CHECK: %[[A0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[A2:.*]] = llvm.extractvalue %arg0[2]
// CHECK: llvm.insertvalue %[[A0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[A2]], %{{.*}}[1]
// CHECK: %[[B1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: %[[B3:.*]] = llvm.extractvalue %arg0[3]
// CHECK: llvm.insertvalue %[[B1]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[B3]], %{{.*}}[1]
// CHECK: llvm.fadd
#b = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b3 = #ttg.blocked<{sizePerThread = [1, 2, 2], threadsPerWarp = [4, 8, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @join(%x: tensor<16x16xf32, #b>, %y: tensor<16x16xf32, #b>) -> tensor<16x16x2xf32, #b3> attributes {noinline = false} {
    %0 = tt.join %x, %y : tensor<16x16xf32, #b> -> tensor<16x16x2xf32, #b3>
    tt.return %0 : tensor<16x16x2xf32, #b3>
  }
  tt.func public @split(%x: tensor<16x16x2xf32, #b3>) -> tensor<16x16xf32, #b> attributes {noinline = false} {
    %0, %1 = tt.split %x : tensor<16x16x2xf32, #b3> -> tensor<16x16xf32, #b>
    %2 = arith.addf %0, %1 : tensor<16x16xf32, #b>
    tt.return %2 : tensor<16x16xf32, #b>
  }
}

// -----

// reshape in row-major order keeps the registers; with allow_reorder the
// registers stay where they are; cat concatenates the operands' registers.
// CHECK-LABEL: llvm.func @reshape
// CHECK-COUNT-4: llvm.extractvalue %arg0
// CHECK-NOT: nvvm.shfl
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @reshape_reorder
// CHECK: %[[R0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: llvm.insertvalue %[[R0]], %{{.*}}[0]
// CHECK-LABEL: llvm.func @cat
// CHECK: %[[L3:.*]] = llvm.extractvalue %arg0[3]
// CHECK: %[[R0:.*]] = llvm.extractvalue %arg1[0]
// CHECK: llvm.insertvalue %[[L3]], %{{.*}}[3]
// CHECK: llvm.insertvalue %[[R0]], %{{.*}}[4]
#b = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b3 = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [4, 1, 8], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#b1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @reshape(%x: tensor<16x32xf32, #b>) -> tensor<16x2x16xf32, #b3> attributes {noinline = false} {
    %0 = tt.reshape %x : tensor<16x32xf32, #b> -> tensor<16x2x16xf32, #b3>
    tt.return %0 : tensor<16x2x16xf32, #b3>
  }
  tt.func public @reshape_reorder(%x: tensor<16x32xf32, #b>) -> tensor<512xf32, #b1> attributes {noinline = false} {
    %0 = tt.reshape %x allow_reorder : tensor<16x32xf32, #b> -> tensor<512xf32, #b1>
    tt.return %0 : tensor<512xf32, #b1>
  }
  tt.func public @cat(%x: tensor<16x32xf32, #b>, %y: tensor<16x32xf32, #b>) -> tensor<32x32xf32, #b> attributes {noinline = false} {
    %0 = tt.cat %x, %y : tensor<16x32xf32, #b> -> tensor<32x32xf32, #b>
    tt.return %0 : tensor<32x32xf32, #b>
  }
}

// -----

// A reshape that would move elements between threads is invalid IR: the
// verifier asks for the layout the operand's implies.
#b = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @reshape_moves(%x: tensor<16x32xf32, #b>) -> tensor<512xf32, #b1> attributes {noinline = false} {
    // expected-error @+1 {{'tt.reshape' op result encoding #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}> does not match #ttg.linear<{register = [[1], [16]], lane = [[2], [4], [8], [32], [64]], warp = [[128], [256]], block = []}>, the encoding inferred from the operand's}}
    %0 = tt.reshape %x : tensor<16x32xf32, #b> -> tensor<512xf32, #b1>
    tt.return %0 : tensor<512xf32, #b1>
  }
}

// -----

// trans and reshape in the layouts layout propagation gives them
// (test_trans_reshape): the 4D blocked layouts transpose, the reshape to 1024
// elements takes the #ttg.linear layout it implies, and no element leaves
// its thread: each result register is an operand register (no shuffles, no
// shared memory).
// CHECK-LABEL: llvm.func @trans_reshape_linear
// CHECK-COUNT-8: llvm.extractvalue %arg0
// CHECK-NOT: nvvm.shfl
// CHECK-NOT: llvm.store
// CHECK-NOT: nvvm.barrier
// CHECK: llvm.return
#r4 = #ttg.blocked<{sizePerThread = [1, 1, 2, 2], threadsPerWarp = [4, 4, 2, 1], warpsPerCTA = [4, 1, 1, 1], order = [3, 2, 1, 0]}>
#t4 = #ttg.blocked<{sizePerThread = [1, 2, 2, 1], threadsPerWarp = [4, 2, 1, 4], warpsPerCTA = [1, 1, 1, 4], order = [2, 1, 0, 3]}>
#lin = #ttg.linear<{register = [[32], [64], [16]], lane = [[128], [256], [512], [1], [2]], warp = [[4], [8]], block = []}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @trans_reshape_linear(%x: tensor<32x4x4x2xi32, #r4>) -> tensor<1024xi32, #lin> attributes {noinline = false} {
    %0 = tt.trans %x {order = array<i32: 1, 2, 3, 0>} : tensor<32x4x4x2xi32, #r4> -> tensor<4x4x2x32xi32, #t4>
    %1 = tt.reshape %0 : tensor<4x4x2x32xi32, #t4> -> tensor<1024xi32, #lin>
    tt.return %1 : tensor<1024xi32, #lin>
  }
}
