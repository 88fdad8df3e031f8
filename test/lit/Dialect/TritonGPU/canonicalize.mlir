// Folds and canonicalization patterns of the ttg ops: a convert_layout folds
// into producers that can make any layout (and into consumers that take any
// layout); trivial views fold away.
// RUN: triton-opt %s -split-input-file -canonicalize -verify-each | FileCheck %s
// (Aliases are renumbered per split: only the layouts used remain.)

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: tt.func @convert_chains
// CHECK-SAME: (%[[X:.+]]: tensor<64x64xf32, #blocked>)
// CHECK-NEXT: %[[C:.+]] = ttg.convert_layout %[[X]] : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
// CHECK-NEXT: tt.return %[[X]], %[[C]], %[[X]]
tt.func @convert_chains(%x: tensor<64x64xf32, #blocked>) -> (tensor<64x64xf32, #blocked>, tensor<64x64xf32, #blocked2>, tensor<64x64xf32, #blocked>) {
  // To the same layout: nothing to do.
  %0 = ttg.convert_layout %x : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked>
  // cvt(cvt(x)): one conversion.
  %1 = ttg.convert_layout %x : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
  %2 = ttg.convert_layout %1 : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked2>
  // ... and none when it converts back.
  %3 = ttg.convert_layout %1 : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked>
  tt.return %0, %2, %3 : tensor<64x64xf32, #blocked>, tensor<64x64xf32, #blocked2>, tensor<64x64xf32, #blocked>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked2 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// The producer makes the result layout directly.
// CHECK-LABEL: tt.func @convert_into_producers
// CHECK-DAG: %[[S:.+]] = tt.splat %arg0 : f32 -> tensor<64x64xf32, #blocked1>
// CHECK-DAG: %[[R:.+]] = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked2>
// CHECK-DAG: %[[K:.+]] = arith.constant dense<1.000000e+00> : tensor<64x64xf32, #blocked1>
// CHECK-DAG: %[[H:.+]] = tt.histogram %arg1 : tensor<128xi32, #blocked> -> tensor<16xi32, #blocked2>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return %[[S]], %[[R]], %[[K]], %[[H]]
tt.func @convert_into_producers(%f: f32, %v: tensor<128xi32, #blocked2>) -> (tensor<64x64xf32, #blocked1>, tensor<128xi32, #blocked3>, tensor<64x64xf32, #blocked1>, tensor<16xi32, #blocked3>) {
  %s = tt.splat %f : f32 -> tensor<64x64xf32, #blocked>
  %0 = ttg.convert_layout %s : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked2>
  %1 = ttg.convert_layout %r : tensor<128xi32, #blocked2> -> tensor<128xi32, #blocked3>
  %c = arith.constant dense<1.0> : tensor<64x64xf32, #blocked>
  %2 = ttg.convert_layout %c : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
  %h = tt.histogram %v : tensor<128xi32, #blocked2> -> tensor<16xi32, #blocked2>
  %3 = ttg.convert_layout %h : tensor<16xi32, #blocked2> -> tensor<16xi32, #blocked3>
  tt.return %0, %1, %2, %3 : tensor<64x64xf32, #blocked1>, tensor<128xi32, #blocked3>, tensor<64x64xf32, #blocked1>, tensor<16xi32, #blocked3>
}
}

// -----

// A dense constant that is not a splat keeps its elements in the new layout.
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: tt.func @convert_dense_constant
// CHECK: %[[K:.+]] = arith.constant dense<"0x0000000001000000{{[0-9A-F]+}}7F000000"> : tensor<128xi32, #blocked>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return %[[K]]
tt.func @convert_dense_constant() -> tensor<128xi32, #b4> {
  %c = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127]> : tensor<128xi32, #b1>
  %0 = ttg.convert_layout %c : tensor<128xi32, #b1> -> tensor<128xi32, #b4>
  tt.return %0 : tensor<128xi32, #b4>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// mma -> dot_op conversions stay, as in Triton (fused attention keeps them).
// CHECK-LABEL: tt.func @mma_to_dot_operand_kept
// CHECK: %[[S:.+]] = tt.splat %arg0 : f16 -> tensor<64x64xf16, #mma>
// CHECK: ttg.convert_layout %[[S]] : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
tt.func @mma_to_dot_operand_kept(%f: f16) -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
  %s = tt.splat %f : f16 -> tensor<64x64xf16, #mma>
  %0 = ttg.convert_layout %s : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  tt.return %0 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
// Shared memory takes and gives any layout. A load moved into the
// conversion stays where the load was: before the store that follows it.
// CHECK-LABEL: tt.func @convert_and_shared_memory
// CHECK: %[[A:.+]] = ttg.local_alloc %arg0 : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
// CHECK: %[[L:.+]] = ttg.local_load %arg1 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked1>
// CHECK-NEXT: ttg.local_store %arg0, %arg1 : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return %[[A]], %[[L]]
tt.func @convert_and_shared_memory(%x: tensor<64x64xf16, #blocked>, %m: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) -> (!ttg.memdesc<64x64xf16, #shared, #smem>, tensor<64x64xf16, #blocked1>) {
  %c = ttg.convert_layout %x : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
  %a = ttg.local_alloc %c : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
  %l = ttg.local_load %m : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
  ttg.local_store %c, %m : tensor<64x64xf16, #blocked1> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  %0 = ttg.convert_layout %l : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
  tt.return %a, %0 : !ttg.memdesc<64x64xf16, #shared, #smem>, tensor<64x64xf16, #blocked1>
}

// local_alloc(local_load(m)) is m when m is an immutable buffer of the same
// type.
// CHECK-LABEL: tt.func @alloc_of_load
// CHECK-NEXT: tt.return %arg0
tt.func @alloc_of_load(%m: !ttg.memdesc<64x64xf16, #shared, #smem>) -> !ttg.memdesc<64x64xf16, #shared, #smem> {
  %l = ttg.local_load %m : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #blocked>
  %a = ttg.local_alloc %l : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
  tt.return %a : !ttg.memdesc<64x64xf16, #shared, #smem>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// A plain gather goes through shared memory and takes any source layout;
// one whose layout the compiler chose (efficient_layout) keeps it.
// CHECK-LABEL: tt.func @convert_into_gather
// CHECK: %[[C:.+]] = ttg.convert_layout %arg0
// CHECK: tt.gather %arg0[%arg1] {axis = 0 : i32} : (tensor<64x64xf32, #blocked>, tensor<64x64xi32, #blocked1>)
// CHECK: tt.gather %[[C]][%arg1] {axis = 0 : i32, efficient_layout}
tt.func @convert_into_gather(%x: tensor<64x64xf32, #blocked>, %i: tensor<64x64xi32, #blocked1>) -> (tensor<64x64xf32, #blocked1>, tensor<64x64xf32, #blocked1>) {
  %c = ttg.convert_layout %x : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
  %0 = tt.gather %c[%i] {axis = 0 : i32} : (tensor<64x64xf32, #blocked1>, tensor<64x64xi32, #blocked1>) -> tensor<64x64xf32, #blocked1>
  %1 = tt.gather %c[%i] {axis = 0 : i32, efficient_layout} : (tensor<64x64xf32, #blocked1>, tensor<64x64xi32, #blocked1>) -> tensor<64x64xf32, #blocked1>
  tt.return %0, %1 : tensor<64x64xf32, #blocked1>, tensor<64x64xf32, #blocked1>
}
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
// Views that change nothing are their source.
// CHECK-LABEL: tt.func @trivial_views
// CHECK-NEXT: tt.return %arg0, %arg0, %arg1
tt.func @trivial_views(%m: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %b: !ttg.memdesc<4xi64, #shared1, #smem, mutable>) -> (!ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<4xi64, #shared1, #smem, mutable>) {
  %0 = ttg.memdesc_trans %m {order = array<i32: 0, 1>} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  %1 = ttg.memdesc_subslice %m[0, 0] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  %2 = ttg.memdesc_reinterpret %b : !ttg.memdesc<4xi64, #shared1, #smem, mutable> -> !ttg.memdesc<4xi64, #shared1, #smem, mutable>
  tt.return %0, %1, %2 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<4xi64, #shared1, #smem, mutable>
}
}
