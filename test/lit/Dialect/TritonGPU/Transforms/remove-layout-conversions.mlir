// RUN: triton-opt %s -split-input-file -tritongpu-remove-layout-conversions -verify-each | FileCheck %s

// After coalescing: the loads' layout flows forward to the add and the
// store, and the pointer and mask computations are rematerialized in it.
// CHECK-DAG: [[B4:#.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @add
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.make_range {{.*}} : tensor<1024xi32, [[B4]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: arith.addf {{.*}} : tensor<1024xf32, [[B4]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.store {{.*}} : tensor<1024x!tt.ptr<f32>, [[B4]]>
// CHECK-NOT: #b1
tt.func @add(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %o: !tt.ptr<f32>, %n: i32) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b1>
  %ns = tt.splat %n : i32 -> tensor<1024xi32, #b1>
  %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #b1>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b1>
  %xp = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>, #b1>, tensor<1024xi32, #b1>
  %xp4 = ttg.convert_layout %xp : tensor<1024x!tt.ptr<f32>, #b1> -> tensor<1024x!tt.ptr<f32>, #b4>
  %m4 = ttg.convert_layout %m : tensor<1024xi1, #b1> -> tensor<1024xi1, #b4>
  %xv4 = tt.load %xp4, %m4 : tensor<1024x!tt.ptr<f32>, #b4>
  %xv = ttg.convert_layout %xv4 : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b1>
  %yp = tt.addptr %ys, %r : tensor<1024x!tt.ptr<f32>, #b1>, tensor<1024xi32, #b1>
  %yp4 = ttg.convert_layout %yp : tensor<1024x!tt.ptr<f32>, #b1> -> tensor<1024x!tt.ptr<f32>, #b4>
  %yv4 = tt.load %yp4, %m4 : tensor<1024x!tt.ptr<f32>, #b4>
  %yv = ttg.convert_layout %yv4 : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
  %s = arith.addf %xv, %yv : tensor<1024xf32, #b1>
  %os = tt.splat %o : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b1>
  %op = tt.addptr %os, %r : tensor<1024x!tt.ptr<f32>, #b1>, tensor<1024xi32, #b1>
  %op4 = ttg.convert_layout %op : tensor<1024x!tt.ptr<f32>, #b1> -> tensor<1024x!tt.ptr<f32>, #b4>
  %s4 = ttg.convert_layout %s : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
  tt.store %op4, %s4, %m4 : tensor<1024x!tt.ptr<f32>, #b4>
  tt.return
}
}

// -----

// A loop-carried accumulator takes the layout of the load feeding it; the
// reduction to a scalar reads it in that layout.
// CHECK-DAG: [[B4:#.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @loop_sum
// CHECK-NOT: ttg.convert_layout
// CHECK: scf.for {{.*}} -> (tensor<1024xf32, [[B4]]>)
// CHECK-NOT: ttg.convert_layout
// CHECK: "tt.reduce"
// CHECK: (tensor<1024xf32, [[B4]]>) -> f32
tt.func @loop_sum(%x: !tt.ptr<f32>, %k: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<1024xf32, #b1>
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b1>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b1>
  %xp = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>, #b1>, tensor<1024xi32, #b1>
  %acc = scf.for %i = %c0 to %k step %c1 iter_args(%a = %zero) -> (tensor<1024xf32, #b1>) : i32 {
    %xp4 = ttg.convert_layout %xp : tensor<1024x!tt.ptr<f32>, #b1> -> tensor<1024x!tt.ptr<f32>, #b4>
    %v4 = tt.load %xp4 : tensor<1024x!tt.ptr<f32>, #b4>
    %v = ttg.convert_layout %v4 : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
    %s = arith.addf %a, %v : tensor<1024xf32, #b1>
    scf.yield %s : tensor<1024xf32, #b1>
  }
  %t = "tt.reduce"(%acc) <{axis = 0 : i32}> ({
  ^bb0(%l: f32, %rr: f32):
    %m = arith.addf %l, %rr : f32
    tt.reduce.return %m : f32
  }) : (tensor<1024xf32, #b1>) -> f32
  tt.return %t : f32
}
}

// -----

// The store's pointers are an argument in another layout: the product is
// converted once for it; the load, too expensive to recompute, keeps its own.
// CHECK-DAG: [[B1:#.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: [[B4:#.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @keep_expensive_load
// CHECK: [[L:%.*]] = tt.load %arg0 : tensor<1024x!tt.ptr<f32>, [[B4]]>
// CHECK: [[M:%.*]] = arith.mulf [[L]], [[L]] : tensor<1024xf32, [[B4]]>
// CHECK: [[C:%.*]] = ttg.convert_layout [[M]] : tensor<1024xf32, [[B4]]> -> tensor<1024xf32, [[B1]]>
// CHECK: tt.store %arg1, [[C]] : tensor<1024x!tt.ptr<f32>, [[B1]]>
// CHECK-NOT: ttg.convert_layout
tt.func @keep_expensive_load(%p: tensor<1024x!tt.ptr<f32>, #b4>, %q: tensor<1024x!tt.ptr<f32>, #b1>) {
  %v4 = tt.load %p : tensor<1024x!tt.ptr<f32>, #b4>
  %v = ttg.convert_layout %v4 : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
  %w = arith.mulf %v, %v : tensor<1024xf32, #b1>
  tt.store %q, %w : tensor<1024x!tt.ptr<f32>, #b1>
  tt.return
}
}

// -----

// A conversion after a broadcast moves above it: it then converts 64
// elements instead of 4096.
// CHECK-DAG: [[BA:#.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
// CHECK-DAG: [[BB:#.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#ba = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#bb = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @hoist_above_broadcast
// CHECK: [[C:%.*]] = ttg.convert_layout %arg0 : tensor<64x1xf32, [[BA]]> -> tensor<64x1xf32, [[BB]]>
// CHECK: tt.broadcast [[C]] : tensor<64x1xf32, [[BB]]> -> tensor<64x64xf32, [[BB]]>
tt.func @hoist_above_broadcast(%a: tensor<64x1xf32, #ba>, %p: tensor<64x64x!tt.ptr<f32>, #bb>) {
  %b = tt.broadcast %a : tensor<64x1xf32, #ba> -> tensor<64x64xf32, #ba>
  %c = ttg.convert_layout %b : tensor<64x64xf32, #ba> -> tensor<64x64xf32, #bb>
  tt.store %p, %c : tensor<64x64x!tt.ptr<f32>, #bb>
  tt.return
}
}

// -----

// A gather's result follows its indices' layout; a histogram and an assert
// take their operands in the layout propagated to them: no conversion is
// left (Triton 3.6 leaves none on examples/hist_gather_i32).
// CHECK-LABEL: tt.func public @gather_histogram_assert
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.histogram %{{.*}} : tensor<1024xi32, #[[B4:blocked[0-9]*]]> -> tensor<64xi32,
// CHECK: tt.assert %{{.*}}, "in range" : tensor<1024xi1, #[[B4]]>
// CHECK: tt.gather %{{.*}}[%{{.*}}] {axis = 0 : i32} : (tensor<1024xi32, #[[B4]]>, tensor<1024xi32, #[[B4]]>) -> tensor<1024xi32, #[[B4]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather_histogram_assert(%x: tensor<1024x!tt.ptr<i32>, #b4>, %i: tensor<1024x!tt.ptr<i32>, #b4>, %out: tensor<1024x!tt.ptr<i32>, #b4>) -> tensor<64xi32, #b1> {
    %zero = arith.constant dense<0> : tensor<1024xi32, #b1>
    %v4 = tt.load %x : tensor<1024x!tt.ptr<i32>, #b4>
    %v = ttg.convert_layout %v4 : tensor<1024xi32, #b4> -> tensor<1024xi32, #b1>
    %h = tt.histogram %v : tensor<1024xi32, #b1> -> tensor<64xi32, #b1>
    %idx4 = tt.load %i : tensor<1024x!tt.ptr<i32>, #b4>
    %idx = ttg.convert_layout %idx4 : tensor<1024xi32, #b4> -> tensor<1024xi32, #b1>
    %ok = arith.cmpi sge, %idx, %zero : tensor<1024xi32, #b1>
    tt.assert %ok, "in range" : tensor<1024xi1, #b1>
    %g = tt.gather %v[%idx] {axis = 0 : i32} : (tensor<1024xi32, #b1>, tensor<1024xi32, #b1>) -> tensor<1024xi32, #b1>
    %g4 = ttg.convert_layout %g : tensor<1024xi32, #b1> -> tensor<1024xi32, #b4>
    tt.store %out, %g4 : tensor<1024x!tt.ptr<i32>, #b4>
    tt.return %h : tensor<64xi32, #b1>
  }
}

// -----

// A conversion that moves no data (both layouts give element i to lane
// i % 16 of every warp) is still removed when its operand can be recomputed:
// Triton 3.6 has no cost model here. The index and the mask are computed
// again in the store's layout, as in Triton's TTGIR of Inductor's
// triton_red_fused_sum kernels.
// CHECK-DAG: [[S:#.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#store = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @register_only_conversion
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = [[S]]}>>
// CHECK: arith.cmpi slt, %{{.*}} : tensor<16x1xi32, [[S]]>
// CHECK: tt.addptr %{{.*}} : tensor<16x1x!tt.ptr<f32>, [[S]]>, tensor<16x1xi32, [[S]]>
// CHECK: tt.store %{{.*}} : tensor<16x1x!tt.ptr<f32>, [[S]]>
// CHECK-NOT: ttg.convert_layout
tt.func @register_only_conversion(%out: !tt.ptr<f32>, %v: tensor<16x1xf32, #store>) {
  %c16 = arith.constant 16 : i32
  %n = arith.constant dense<7168> : tensor<16x1xi32, #rows>
  %pid = tt.get_program_id x : i32
  %base = arith.muli %pid, %c16 : i32
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #rows}>>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #rows}>> -> tensor<16x1xi32, #rows>
  %b = tt.splat %base : i32 -> tensor<16x1xi32, #rows>
  %idx = arith.addi %b, %r2 : tensor<16x1xi32, #rows>
  %mask = arith.cmpi slt, %idx, %n : tensor<16x1xi32, #rows>
  %ps = tt.splat %out : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>, #rows>
  %p = tt.addptr %ps, %idx : tensor<16x1x!tt.ptr<f32>, #rows>, tensor<16x1xi32, #rows>
  %pc = ttg.convert_layout %p : tensor<16x1x!tt.ptr<f32>, #rows> -> tensor<16x1x!tt.ptr<f32>, #store>
  %mc = ttg.convert_layout %mask : tensor<16x1xi1, #rows> -> tensor<16x1xi1, #store>
  tt.store %pc, %v, %mc : tensor<16x1x!tt.ptr<f32>, #store>
  tt.return
}
}

// -----

// The product of a 2x1024 load (8 per thread) and a broadcast 1x1024 row
// (4 per thread) was computed in the row's layout and converted back. The
// conversion moves above the broadcast (converting 1024 elements, not 2048)
// because the other operand's slice ends at a conversion of a value that is
// already in the wanted layout: nothing there needs recomputing (a GELU +
// LayerNorm backward of Inductor's, one conversion as in Triton's TTGIR).
// CHECK-DAG: [[B8:#.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [2, 4], order = [1, 0]}>
// CHECK-DAG: [[B4:#.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
#b8 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [2, 4], order = [1, 0]}>
#b4 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @hoist_above_broadcast
// CHECK: [[A:%.*]] = tt.load %{{.*}} : tensor<2x1024x!tt.ptr<f16>, [[B8]]>
// CHECK: [[AE:%.*]] = arith.extf [[A]] : tensor<2x1024xf16, [[B8]]> to tensor<2x1024xf32, [[B8]]>
// CHECK: [[WE:%.*]] = arith.extf %{{.*}} : tensor<1x1024xf16, [[B4]]> to tensor<1x1024xf32, [[B4]]>
// CHECK: [[WC:%.*]] = ttg.convert_layout [[WE]] : tensor<1x1024xf32, [[B4]]> -> tensor<1x1024xf32, [[B8]]>
// CHECK: [[WB:%.*]] = tt.broadcast [[WC]] : tensor<1x1024xf32, [[B8]]> -> tensor<2x1024xf32, [[B8]]>
// CHECK: arith.mulf [[AE]], [[WB]] : tensor<2x1024xf32, [[B8]]>
// CHECK-NOT: ttg.convert_layout
tt.func @hoist_above_broadcast(%pa: tensor<2x1024x!tt.ptr<f16>, #b8>, %pb: tensor<1x1024x!tt.ptr<f16>, #b4>, %out: tensor<2x1024x!tt.ptr<f32>, #b8>) {
  %a = tt.load %pa : tensor<2x1024x!tt.ptr<f16>, #b8>
  %ac = ttg.convert_layout %a : tensor<2x1024xf16, #b8> -> tensor<2x1024xf16, #b4>
  %ae = arith.extf %ac : tensor<2x1024xf16, #b4> to tensor<2x1024xf32, #b4>
  %w = tt.load %pb : tensor<1x1024x!tt.ptr<f16>, #b4>
  %we = arith.extf %w : tensor<1x1024xf16, #b4> to tensor<1x1024xf32, #b4>
  %wb = tt.broadcast %we : tensor<1x1024xf32, #b4> -> tensor<2x1024xf32, #b4>
  %m = arith.mulf %ae, %wb : tensor<2x1024xf32, #b4>
  %mc = ttg.convert_layout %m : tensor<2x1024xf32, #b4> -> tensor<2x1024xf32, #b8>
  tt.store %out, %mc : tensor<2x1024x!tt.ptr<f32>, #b8>
  tt.return
}
}
