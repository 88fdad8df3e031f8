// RUN: triton-opt %s -split-input-file -tritongpu-remove-layout-conversions -verify-each | FileCheck %s

// Layouts flow forward through tt.reshape and tt.trans (test_trans_reshape
// of Triton's test_core.py, after coalescing): the load's layout reshapes to
// a blocked 4D layout, transposes, and reshapes to the #ttg.linear layout it
// implies for 1024 elements. Only the conversion to the store's layout is
// left, as in Triton 3.6's TTGIR.
// CHECK-DAG: #[[$LD:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$R4:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 2, 2], threadsPerWarp = [4, 4, 2, 1], warpsPerCTA = [4, 1, 1, 1], order = [3, 2, 1, 0]}>
// CHECK-DAG: #[[$T4:.*]] = #ttg.blocked<{sizePerThread = [1, 2, 2, 1], threadsPerWarp = [4, 2, 1, 4], warpsPerCTA = [1, 1, 1, 4], order = [2, 1, 0, 3]}>
// CHECK-DAG: #[[$ST:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$LIN:.*]] = #ttg.linear<{register = {{\[}}[32], [64], [16]], lane = {{\[}}[128], [256], [512], [1], [2]], warp = {{\[}}[4], [8]], block = []}>
// CHECK-LABEL: @trans_reshape
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.reshape %{{.*}} : tensor<32x32xi32, #[[$LD]]> -> tensor<32x4x4x2xi32, #[[$R4]]>
// CHECK-NEXT: tt.trans %{{.*}} {order = array<i32: 1, 2, 3, 0>} : tensor<32x4x4x2xi32, #[[$R4]]> -> tensor<4x4x2x32xi32, #[[$T4]]>
// CHECK-NEXT: tt.reshape %{{.*}} : tensor<4x4x2x32xi32, #[[$T4]]> -> tensor<1024xi32, #[[$LIN]]>
// CHECK-NEXT: ttg.convert_layout %{{.*}} : tensor<1024xi32, #[[$LIN]]> -> tensor<1024xi32, #[[$ST]]>
// CHECK-NEXT: tt.store
#ld = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#d2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#d4 = #ttg.blocked<{sizePerThread = [1, 1, 1, 1], threadsPerWarp = [1, 4, 4, 2], warpsPerCTA = [4, 1, 1, 1], order = [3, 2, 1, 0]}>
#t4 = #ttg.blocked<{sizePerThread = [1, 1, 1, 1], threadsPerWarp = [4, 4, 2, 1], warpsPerCTA = [1, 1, 1, 4], order = [2, 1, 0, 3]}>
#d4b = #ttg.blocked<{sizePerThread = [1, 1, 1, 1], threadsPerWarp = [1, 1, 1, 32], warpsPerCTA = [1, 2, 2, 1], order = [3, 2, 1, 0]}>
#d1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#st = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @trans_reshape(%p: tensor<32x32x!tt.ptr<i32>, #ld>, %q: tensor<1024x!tt.ptr<i32>, #st>) {
  %x = tt.load %p : tensor<32x32x!tt.ptr<i32>, #ld>
  %c = ttg.convert_layout %x : tensor<32x32xi32, #ld> -> tensor<32x32xi32, #d2>
  %r = tt.reshape %c : tensor<32x32xi32, #d2> -> tensor<32x4x4x2xi32, #d4>
  %t = tt.trans %r {order = array<i32: 1, 2, 3, 0>} : tensor<32x4x4x2xi32, #d4> -> tensor<4x4x2x32xi32, #t4>
  %c2 = ttg.convert_layout %t : tensor<4x4x2x32xi32, #t4> -> tensor<4x4x2x32xi32, #d4b>
  %f = tt.reshape %c2 : tensor<4x4x2x32xi32, #d4b> -> tensor<1024xi32, #d1>
  %c3 = ttg.convert_layout %f : tensor<1024xi32, #d1> -> tensor<1024xi32, #st>
  tt.store %q, %c3 : tensor<1024x!tt.ptr<i32>, #st>
  tt.return
}
}

// -----

// A conversion is rematerialized backward through a tt.reshape: the
// make_range feeding the reshape is built directly in the layout the load's
// implies for 32768 elements (test_chained_reductions; before, 32768
// pointers went through shared memory, 256 KiB).
// CHECK-DAG: #[[$LD5:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 1, 1, 1], threadsPerWarp = [4, 8, 1, 1, 1], warpsPerCTA = [1, 4, 1, 1, 1], order = [0, 1, 2, 3, 4]}>
// CHECK-DAG: #[[$LIN:.*]] = #ttg.linear<{register = {{\[}}[8], [16], [32], [64], [128], [2], [4], [1]], lane = {{\[}}[8192], [16384], [256], [512], [1024]], warp = {{\[}}[2048], [4096]], block = []}>
// CHECK-LABEL: @reshape_remat
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.make_range {end = 32768 : i32, start = 0 : i32} : tensor<32768xi32, #[[$LIN]]>
// CHECK-NEXT: tt.reshape %{{.*}} : tensor<32768xi32, #[[$LIN]]> -> tensor<4x32x32x4x2xi32, #[[$LD5]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.load %{{.*}} : tensor<4x32x32x4x2x!tt.ptr<i32>, #[[$LD5]]>
#d1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#d5 = #ttg.blocked<{sizePerThread = [1, 1, 1, 1, 1], threadsPerWarp = [1, 1, 4, 4, 2], warpsPerCTA = [1, 1, 4, 1, 1], order = [4, 3, 2, 1, 0]}>
#ld5 = #ttg.blocked<{sizePerThread = [1, 1, 1, 1, 1], threadsPerWarp = [4, 8, 1, 1, 1], warpsPerCTA = [1, 4, 1, 1, 1], order = [0, 1, 2, 3, 4]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @reshape_remat(%base: !tt.ptr<i32>) -> tensor<4x32x32x4x2xi32, #ld5> {
  %idx = tt.make_range {end = 32768 : i32, start = 0 : i32} : tensor<32768xi32, #d1>
  %r = tt.reshape %idx : tensor<32768xi32, #d1> -> tensor<4x32x32x4x2xi32, #d5>
  %s = tt.splat %base : !tt.ptr<i32> -> tensor<4x32x32x4x2x!tt.ptr<i32>, #d5>
  %a = tt.addptr %s, %r : tensor<4x32x32x4x2x!tt.ptr<i32>, #d5>, tensor<4x32x32x4x2xi32, #d5>
  %c = ttg.convert_layout %a : tensor<4x32x32x4x2x!tt.ptr<i32>, #d5> -> tensor<4x32x32x4x2x!tt.ptr<i32>, #ld5>
  %v = tt.load %c : tensor<4x32x32x4x2x!tt.ptr<i32>, #ld5>
  tt.return %v : tensor<4x32x32x4x2xi32, #ld5>
}
}

// -----

// Blocked layouts stay blocked through reshapes that keep their structure:
// merged dimensions adjacent in the order, the first one more major
// (2x2x32 with order [1, 0, 2] merges dims 0 and 1 into dim 0 of 4x32, now
// fastest), each level of the hierarchy filling the minor dimension of a
// merged group first; warps beyond the shape stay on the group's most major
// dimension (4 warps over 2 rows; 4 warps over 1024 / (16 x 32) = 2 runs).
// CHECK-DAG: #[[$M:.*]] = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [0, 1]}>
// CHECK-DAG: #[[$V:.*]] = #ttg.blocked<{sizePerThread = [16], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: @reshape_blocked
// CHECK: tt.reshape %{{.*}} : tensor<2x2x32xf32, #{{.*}}> -> tensor<4x32xf32, #[[$M]]>
// CHECK: tt.reshape %{{.*}} : tensor<64x16xf32, #{{.*}}> -> tensor<1024xf32, #[[$V]]>
#m3 = #ttg.blocked<{sizePerThread = [1, 2, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [4, 1, 1], order = [1, 0, 2]}>
#d3 = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>
#m2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#r2 = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#d2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#v = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @reshape_blocked(%p: tensor<2x2x32x!tt.ptr<f32>, #m3>, %q: tensor<4x32x!tt.ptr<f32>, #m2>,
                         %p2: tensor<64x16x!tt.ptr<f32>, #r2>, %q2: tensor<1024x!tt.ptr<f32>, #v>) {
  %x = tt.load %p : tensor<2x2x32x!tt.ptr<f32>, #m3>
  %c = ttg.convert_layout %x : tensor<2x2x32xf32, #m3> -> tensor<2x2x32xf32, #d3>
  %r = tt.reshape %c : tensor<2x2x32xf32, #d3> -> tensor<4x32xf32, #m2>
  tt.store %q, %r : tensor<4x32x!tt.ptr<f32>, #m2>
  %y = tt.load %p2 : tensor<64x16x!tt.ptr<f32>, #r2>
  %c2 = ttg.convert_layout %y : tensor<64x16xf32, #r2> -> tensor<64x16xf32, #d2>
  %r2 = tt.reshape %c2 : tensor<64x16xf32, #d2> -> tensor<1024xf32, #v>
  tt.store %q2, %r2 : tensor<1024x!tt.ptr<f32>, #v>
  tt.return
}
}

// -----

// A reordering reshape takes no layout from its operand: it stays an anchor
// (tritongpu-optimize-thread-locality picks its layouts).
// CHECK-LABEL: @reshape_reorder
// CHECK: tt.reshape %{{.*}} allow_reorder : tensor<64x16xf32, #[[$R2:.*]]> -> tensor<1024xf32, #[[$D1:.*]]>
// CHECK-NEXT: tt.store %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[$D1]]>
#r2 = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#d2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#v = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @reshape_reorder(%p2: tensor<64x16x!tt.ptr<f32>, #r2>, %q2: tensor<1024x!tt.ptr<f32>, #v>) {
  %y = tt.load %p2 : tensor<64x16x!tt.ptr<f32>, #r2>
  %r2 = tt.reshape %y allow_reorder : tensor<64x16xf32, #r2> -> tensor<1024xf32, #v>
  tt.store %q2, %r2 : tensor<1024x!tt.ptr<f32>, #v>
  tt.return
}
}
