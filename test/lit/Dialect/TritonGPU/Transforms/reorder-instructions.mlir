// RUN: triton-opt %s -split-input-file -tritongpu-reorder-instructions -verify-each --allow-unregistered-dialect | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [1, 0]}>
#blockedT = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// A conversion moves below the deallocations before its first use.
// CHECK-LABEL: @sink_convert_below_dealloc
// CHECK: ttg.local_dealloc %0
// CHECK-NEXT: ttg.local_dealloc %1
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %arg0
// CHECK-NEXT: "use"(%[[C]])
// CHECK-NEXT: ttg.local_dealloc %2
tt.func @sink_convert_below_dealloc(%arg0: tensor<32x32xf32, #blocked>) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<4x128x64xf16, #shared, #smem, mutable>
  %1 = ttg.local_alloc : () -> !ttg.memdesc<4x128x64xf16, #shared, #smem, mutable>
  %2 = ttg.local_alloc : () -> !ttg.memdesc<4x128x64xf16, #shared, #smem, mutable>
  %3 = ttg.convert_layout %arg0 : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked1>
  ttg.local_dealloc %0 : !ttg.memdesc<4x128x64xf16, #shared, #smem, mutable>
  ttg.local_dealloc %1 : !ttg.memdesc<4x128x64xf16, #shared, #smem, mutable>
  "use"(%3) : (tensor<32x32xf32, #blocked1>) -> ()
  ttg.local_dealloc %2 : !ttg.memdesc<4x128x64xf16, #shared, #smem, mutable>
  tt.return
}

// Shared memory loads and conversions to dot operands with a single user in
// a loop are made in the loop; a local_alloc of a tensor right after the
// tensor is made.
// CHECK-LABEL: @sink_into_loop
// CHECK: %[[X:.*]] = "producer"()
// CHECK-NEXT: %[[M:.*]] = ttg.local_alloc %[[X]]
// CHECK-NEXT: "other"()
// CHECK: scf.for
// CHECK-NEXT: %[[A:.*]] = ttg.local_load %[[M]]
// CHECK-NEXT: %[[B:.*]] = ttg.convert_layout %arg0
// CHECK-NEXT: tt.dot %[[A]], %[[B]]
tt.func @sink_into_loop(%b: tensor<32x32xf16, #blocked>, %n: i32) -> tensor<32x32xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
  %x = "producer"() : () -> tensor<32x32xf16, #blocked>
  "other"() : () -> ()
  %m = ttg.local_alloc %x : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
  %la = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  %cb = ttg.convert_layout %b : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %cst) -> tensor<32x32xf32, #mma> : i32 {
    %d = tt.dot %la, %cb, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    scf.yield %d : tensor<32x32xf32, #mma>
  }
  tt.return %r : tensor<32x32xf32, #mma>
}

// Left alone: a load from a mutable buffer (the loop could write it), and a
// conversion with two users.
// CHECK-LABEL: @no_sink
// CHECK: ttg.local_load
// CHECK-NEXT: ttg.convert_layout
// CHECK-NEXT: scf.for
tt.func @no_sink(%b: tensor<32x32xf16, #blocked>, %m: !ttg.memdesc<32x32xf16, #shared, #smem, mutable>, %n: i32) -> tensor<32x32xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
  %la = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  %cb = ttg.convert_layout %b : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %cst) -> tensor<32x32xf32, #mma> : i32 {
    %d = tt.dot %la, %cb, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    scf.yield %d : tensor<32x32xf32, #mma>
  }
  "use"(%cb) : (tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>) -> ()
  tt.return %r : tensor<32x32xf32, #mma>
}

// Transpositions right after their operand.
// CHECK-LABEL: @transpose_early
// CHECK: %[[X:.*]] = "producer"()
// CHECK-NEXT: tt.trans %[[X]]
// CHECK-NEXT: %[[M:.*]] = "producer_m"()
// CHECK-NEXT: ttg.memdesc_trans %[[M]]
// CHECK-NEXT: "other"()
tt.func @transpose_early() {
  %x = "producer"() : () -> tensor<32x16xf32, #blocked>
  %m = "producer_m"() : () -> !ttg.memdesc<32x16xf16, #shared, #smem>
  "other"() : () -> ()
  %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x16xf32, #blocked> -> tensor<16x32xf32, #blockedT>
  %u = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<32x16xf16, #shared, #smem> -> !ttg.memdesc<16x32xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>, #smem>
  "use"(%t, %u) : (tensor<16x32xf32, #blockedT>, !ttg.memdesc<16x32xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>, #smem>) -> ()
  tt.return
}

// A dot's B operand is read from shared memory after its A operand.
// CHECK-LABEL: @b_after_a
// CHECK: %[[A:.*]] = ttg.local_load %arg0
// CHECK-NEXT: %[[B:.*]] = ttg.local_load %arg1
// CHECK-NEXT: tt.dot %[[A]], %[[B]]
tt.func @b_after_a(%sa: !ttg.memdesc<32x32xf16, #shared, #smem>, %sb: !ttg.memdesc<32x32xf16, #shared, #smem>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
  %b = ttg.local_load %sb : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  %a = ttg.local_load %sa : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  %d = tt.dot %a, %b, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
  tt.return %d : tensor<32x32xf32, #mma>
}

// Left alone: a store to shared memory between the two loads.
// CHECK-LABEL: @b_stays_before_store
// CHECK: %[[B:.*]] = ttg.local_load %arg1
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: %[[A:.*]] = ttg.local_load %arg0
tt.func @b_stays_before_store(%sa: !ttg.memdesc<32x32xf16, #shared, #smem, mutable>, %sb: !ttg.memdesc<32x32xf16, #shared, #smem, mutable>, %c: tensor<32x32xf32, #mma>, %v: tensor<32x32xf16, #blocked>) -> tensor<32x32xf32, #mma> {
  %b = ttg.local_load %sb : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  ttg.local_store %v, %sb : tensor<32x32xf16, #blocked> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
  %a = ttg.local_load %sa : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  %d = tt.dot %a, %b, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
  tt.return %d : tensor<32x32xf32, #mma>
}
}
