// RUN: triton-opt %s -split-input-file -verify-each -convert-triton-to-tritongpu='target=cuda:90 num-warps=4' | FileCheck %s
// RUN: triton-opt %s -split-input-file -verify-each -convert-triton-to-tritongpu='target=cuda:80 num-warps=2' | FileCheck %s --check-prefix=W2
// RUN: triton-opt %s -split-input-file -verify-each -convert-triton-to-tritongpu='target=hip:gfx942 num-warps=8 threads-per-warp=64' | FileCheck %s --check-prefix=T64
// RUN: triton-opt %s -split-input-file -verify-each -convert-triton-to-tritongpu='target=cuda:90 num-warps=4 num-ctas=2' | FileCheck %s --check-prefix=CTA2
// The reproducer form of the pass, every option spelled out, gives the same.
// RUN: triton-opt %s -split-input-file -verify-each -pass-pipeline='builtin.module(convert-triton-to-tritongpu{enable-source-remat=false num-ctas=1 num-warps=4 target=cuda:90 threads-per-warp=32})' | FileCheck %s

// Module attributes, and the default layout of 1D tensors through
// make_range, splat, addptr, load, store, arith and math.

// CHECK: #[[$B1:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}
// W2: #[[$W2B1:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
// W2: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32}
// T64: #[[$T64B1:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [8], order = [0]}>
// T64: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32}
// CTA2: #[[$CTA2B1:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = {{\[\[}}1]]}>
// CTA2: module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}

// CHECK-LABEL: tt.func public @add_1d
// CHECK-SAME: (%{{.*}}: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %{{.*}}: !tt.ptr<f32>, %{{.*}}: i32)
// CHECK: arith.constant dense<1.000000e+00> : tensor<1024xf32, #[[$B1]]>
// CHECK: tt.get_program_id x : i32
// CHECK: tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #[[$B1]]>
// CHECK: tt.splat %{{.*}} : i32 -> tensor<1024xi32, #[[$B1]]>
// CHECK: arith.addi %{{.*}}, %{{.*}} : tensor<1024xi32, #[[$B1]]>
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<1024xi32, #[[$B1]]>
// CHECK: tt.splat %{{.*}} : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #[[$B1]]>
// CHECK: tt.addptr %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[$B1]]>, tensor<1024xi32, #[[$B1]]>
// CHECK: tt.load %{{.*}}, %{{.*}} evictionPolicy = evict_last {tt.custom = 1 : i32} : tensor<1024x!tt.ptr<f32>, #[[$B1]]>
// CHECK: math.exp %{{.*}} : tensor<1024xf32, #[[$B1]]>
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<fast> : tensor<1024xf32, #[[$B1]]>
// CHECK: arith.negf %{{.*}} : tensor<1024xf32, #[[$B1]]>
// CHECK: math.fma %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024xf32, #[[$B1]]>
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024xi1, #[[$B1]]>, tensor<1024xf32, #[[$B1]]>
// CHECK: tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[$B1]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
// W2-LABEL: tt.func public @add_1d
// W2: tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #[[$W2B1]]>
// T64-LABEL: tt.func public @add_1d
// T64: tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #[[$T64B1]]>
// CTA2-LABEL: tt.func public @add_1d
// CTA2: tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #[[$CTA2B1]]>
tt.func public @add_1d(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32>, %n: i32) {
  %one = arith.constant dense<1.0> : tensor<1024xf32>
  %pid = tt.get_program_id x : i32
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %s = tt.splat %pid : i32 -> tensor<1024xi32>
  %offs = arith.addi %s, %r : tensor<1024xi32>
  %ns = tt.splat %n : i32 -> tensor<1024xi32>
  %m = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v = tt.load %xp, %m evictionPolicy = evict_last {tt.custom = 1 : i32} : tensor<1024x!tt.ptr<f32>>
  %e = math.exp %v : tensor<1024xf32>
  %a = arith.addf %e, %one fastmath<fast> : tensor<1024xf32>
  %neg = arith.negf %a : tensor<1024xf32>
  %f = math.fma %neg, %a, %one : tensor<1024xf32>
  %sel = arith.select %m, %f, %one : tensor<1024xi1>, tensor<1024xf32>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.store %yp, %sel, %m : tensor<1024x!tt.ptr<f32>>
  tt.return
}

// -----

// 2D and 3D default layouts: threads, then warps, go to the fastest
// dimension first, as far as it has elements; the slowest dimension takes
// what is left.

// CHECK-DAG: #[[$B64x64:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[$B4x4:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$B3D:.+]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]}>
// W2-DAG: #[[$W2B64x64:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 2], order = [1, 0]}>
// W2-DAG: #[[$W2B4x4:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
// T64-DAG: #[[$T64B64x64:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [8, 1], order = [1, 0]}>
// T64-DAG: #[[$T64B3D:.+]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 64], warpsPerCTA = [2, 4, 1], order = [2, 1, 0]}>
// CTA2-DAG: #[[$CTA2B64x64:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0], CGALayout = {{\[\[}}1, 0]]}>
// CTA2-DAG: #[[$CTA2B3D:.+]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 2, 2], order = [2, 1, 0], CGALayout = {{\[\[}}1, 0, 0]]}>

// CHECK-LABEL: tt.func @defaults_2d_3d
// CHECK-SAME: (%{{.*}}: tensor<64x64xf32, #[[$B64x64]]>, %{{.*}}: tensor<4x4xi32, #[[$B4x4]]>, %{{.*}}: tensor<2x4x64xf16, #[[$B3D]]>)
// CHECK-SAME: -> (tensor<64x64xf32, #[[$B64x64]]>, tensor<4x4xi32, #[[$B4x4]]>, tensor<2x4x64xf32, #[[$B3D]]>)
// CHECK: arith.addf %{{.*}}, %{{.*}} : tensor<64x64xf32, #[[$B64x64]]>
// CHECK: arith.muli %{{.*}}, %{{.*}} : tensor<4x4xi32, #[[$B4x4]]>
// CHECK: arith.extf %{{.*}} : tensor<2x4x64xf16, #[[$B3D]]> to tensor<2x4x64xf32, #[[$B3D]]>
// W2-LABEL: tt.func @defaults_2d_3d
// W2-SAME: (%{{.*}}: tensor<64x64xf32, #[[$W2B64x64]]>, %{{.*}}: tensor<4x4xi32, #[[$W2B4x4]]>,
// T64-LABEL: tt.func @defaults_2d_3d
// T64-SAME: (%{{.*}}: tensor<64x64xf32, #[[$T64B64x64]]>, %{{.*}}: tensor<4x4xi32, #{{.+}}>, %{{.*}}: tensor<2x4x64xf16, #[[$T64B3D]]>)
// CTA2-LABEL: tt.func @defaults_2d_3d
// CTA2-SAME: (%{{.*}}: tensor<64x64xf32, #[[$CTA2B64x64]]>, %{{.*}}: tensor<4x4xi32, #{{.+}}>, %{{.*}}: tensor<2x4x64xf16, #[[$CTA2B3D]]>)
tt.func @defaults_2d_3d(%a: tensor<64x64xf32>, %b: tensor<4x4xi32>, %c: tensor<2x4x64xf16>)
    -> (tensor<64x64xf32>, tensor<4x4xi32>, tensor<2x4x64xf32>) {
  %0 = arith.addf %a, %a : tensor<64x64xf32>
  %1 = arith.muli %b, %b : tensor<4x4xi32>
  %2 = arith.extf %c : tensor<2x4x64xf16> to tensor<2x4x64xf32>
  tt.return %0, %1, %2 : tensor<64x64xf32>, tensor<4x4xi32>, tensor<2x4x64xf32>
}

// -----

// expand_dims takes its operand in the slice of its result's layout (the
// operand's blocked layout with a unit dimension inserted, dimensions in
// natural order); broadcast keeps its operand's layout; users that want the
// default layout get a convert_layout.

// CHECK-DAG: #[[$R1:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$ROW:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #[[$COL:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
// CHECK-DAG: #[[$D2:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[$DCOL:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CTA2-DAG: #[[$CTA2ROW:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1], CGALayout = {{\[\[}}0, 1]]}>
// CTA2-DAG: #[[$CTA2COL:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = {{\[\[}}1, 0]]}>

// CHECK-LABEL: tt.func @expand_dims_broadcast
// CHECK: %[[R:.+]] = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #[[$R1]]>
// CHECK: %[[RS:.+]] = ttg.convert_layout %[[R]] : tensor<64xi32, #[[$R1]]> -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #[[$ROW]]}>>
// CHECK: %[[E0:.+]] = tt.expand_dims %[[RS]] {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #[[$ROW]]}>> -> tensor<1x64xi32, #[[$ROW]]>
// CHECK: %[[E0D:.+]] = ttg.convert_layout %[[E0]] : tensor<1x64xi32, #[[$ROW]]> -> tensor<1x64xi32, #[[$D2]]>
// CHECK: %[[CS:.+]] = ttg.convert_layout %[[R]] : tensor<64xi32, #[[$R1]]> -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[$COL]]}>>
// CHECK: %[[E1:.+]] = tt.expand_dims %[[CS]] {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[$COL]]}>> -> tensor<64x1xi32, #[[$COL]]>
// CHECK: %[[E1D:.+]] = ttg.convert_layout %[[E1]] : tensor<64x1xi32, #[[$COL]]> -> tensor<64x1xi32, #[[$DCOL]]>
// CHECK: %[[B0:.+]] = tt.broadcast %[[E0D]] : tensor<1x64xi32, #[[$D2]]> -> tensor<64x64xi32, #[[$D2]]>
// CHECK: %[[B1:.+]] = tt.broadcast %[[E1D]] : tensor<64x1xi32, #[[$DCOL]]> -> tensor<64x64xi32, #[[$DCOL]]>
// CHECK: %[[B1D:.+]] = ttg.convert_layout %[[B1]] : tensor<64x64xi32, #[[$DCOL]]> -> tensor<64x64xi32, #[[$D2]]>
// CHECK: arith.addi %[[B0]], %[[B1D]] : tensor<64x64xi32, #[[$D2]]>
// CTA2-LABEL: tt.func @expand_dims_broadcast
// CTA2: tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #[[$CTA2ROW]]}>> -> tensor<1x64xi32, #[[$CTA2ROW]]>
// CTA2: tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[$CTA2COL]]}>> -> tensor<64x1xi32, #[[$CTA2COL]]>
tt.func @expand_dims_broadcast() -> tensor<64x64xi32> {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %row = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %col = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rb = tt.broadcast %row : tensor<1x64xi32> -> tensor<64x64xi32>
  %cb = tt.broadcast %col : tensor<64x1xi32> -> tensor<64x64xi32>
  %sum = arith.addi %rb, %cb : tensor<64x64xi32>
  tt.return %sum : tensor<64x64xi32>
}

// -----

// reduce: each result takes the slice of its operand's layout along the
// axis; a 1D operand reduces to a scalar. The combining region is kept.

// CHECK-DAG: #[[$RB:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$R1D:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// W2-DAG: #[[$W2R0:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
// W2-DAG: #[[$W2R1:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [2, 1], order = [1, 0]}>
// W2-DAG: #[[$W2R2:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [2, 1], order = [1, 0]}>

// CHECK-LABEL: tt.func @reduce_slices
// CHECK: "tt.reduce"(%{{.*}}) <{axis = 0 : i32}> ({
// CHECK: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
// CHECK: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: tt.reduce.return %{{.*}} : f32
// CHECK: }) {tt.keep = true} : (tensor<4x4xf32, #[[$RB]]>) -> tensor<4xf32, #ttg.slice<{dim = 0, parent = #[[$RB]]}>>
// CHECK: "tt.reduce"(%{{.*}}, %{{.*}}) <{axis = 1 : i32}> ({
// CHECK: }) : (tensor<4x4xf32, #[[$RB]]>, tensor<4x4xi32, #[[$RB]]>) -> (tensor<4xf32, #ttg.slice<{dim = 1, parent = #[[$RB]]}>>, tensor<4xi32, #ttg.slice<{dim = 1, parent = #[[$RB]]}>>)
// CHECK: "tt.reduce"(%{{.*}}) <{axis = 0 : i32}> ({
// CHECK: }) : (tensor<128xf32, #[[$R1D]]>) -> f32
// W2-LABEL: tt.func @reduce_slices
// W2: (tensor<4x4xf32, #[[$W2R0]]>) -> tensor<4xf32, #ttg.slice<{dim = 0, parent = #[[$W2R0]]}>>
// W2-LABEL: tt.func @reduce_upstream_shapes
// W2: (tensor<8x2xf32, #[[$W2R1]]>) -> tensor<2xf32, #ttg.slice<{dim = 0, parent = #[[$W2R1]]}>>
// W2: (tensor<8x2xf32, #[[$W2R1]]>) -> tensor<8xf32, #ttg.slice<{dim = 1, parent = #[[$W2R1]]}>>
// W2: (tensor<16x16xf32, #[[$W2R2]]>) -> tensor<16xf32, #ttg.slice<{dim = 0, parent = #[[$W2R2]]}>>
tt.func @reduce_slices(%a: tensor<4x4xf32>, %i: tensor<4x4xi32>, %v: tensor<128xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, f32) {
  %0 = "tt.reduce"(%a) <{axis = 0 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tt.reduce.return %s : f32
  }) {tt.keep = true} : (tensor<4x4xf32>) -> tensor<4xf32>
  %1:2 = "tt.reduce"(%a, %i) <{axis = 1 : i32}> ({
  ^bb0(%x: f32, %xi: i32, %y: f32, %yi: i32):
    %gt = arith.cmpf ogt, %x, %y : f32
    %m = arith.select %gt, %x, %y : f32
    %mi = arith.select %gt, %xi, %yi : i32
    tt.reduce.return %m, %mi : f32, i32
  }) : (tensor<4x4xf32>, tensor<4x4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  %2 = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %s = arith.maxnumf %x, %y : f32
    tt.reduce.return %s : f32
  }) : (tensor<128xf32>) -> f32
  tt.return %0, %1#0, %1#1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, f32
}

tt.func @reduce_upstream_shapes(%b: tensor<8x2xf32>, %c: tensor<16x16xf32>) -> (tensor<2xf32>, tensor<8xf32>, tensor<16xf32>) {
  %0 = "tt.reduce"(%b) <{axis = 0 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tt.reduce.return %s : f32
  }) : (tensor<8x2xf32>) -> tensor<2xf32>
  %1 = "tt.reduce"(%b) <{axis = 1 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tt.reduce.return %s : f32
  }) : (tensor<8x2xf32>) -> tensor<8xf32>
  %2 = "tt.reduce"(%c) <{axis = 0 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tt.reduce.return %s : f32
  }) : (tensor<16x16xf32>) -> tensor<16xf32>
  tt.return %0, %1, %2 : tensor<2xf32>, tensor<8xf32>, tensor<16xf32>
}

// -----

// scan and map_elementwise keep their operands' layout; their regions are
// kept.

// CHECK: #[[$S:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @scan_map
// CHECK: "tt.scan"(%{{.*}}) <{axis = 1 : i32, reverse = false}> ({
// CHECK: tt.scan.return %{{.*}} : f32
// CHECK: }) : (tensor<4x32xf32, #[[$S]]>) -> tensor<4x32xf32, #[[$S]]>
// CHECK: "tt.map_elementwise"(%{{.*}}) <{pack = 1 : i32}> ({
// CHECK: cf.cond_br
// CHECK: tt.map_elementwise.return %{{.*}} : f32
// CHECK: }) : (tensor<4x32xf32, #[[$S]]>) -> tensor<4x32xf32, #[[$S]]>
tt.func @scan_map(%a: tensor<4x32xf32>) -> tensor<4x32xf32> {
  %0 = "tt.scan"(%a) <{axis = 1 : i32, reverse = false}> ({
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tt.scan.return %s : f32
  }) : (tensor<4x32xf32>) -> tensor<4x32xf32>
  %1 = "tt.map_elementwise"(%0) <{pack = 1 : i32}> ({
  ^bb0(%x: f32):
    %zero = arith.constant 0.0 : f32
    %neg = arith.cmpf olt, %x, %zero : f32
    cf.cond_br %neg, ^bb1, ^bb2
  ^bb1:
    tt.map_elementwise.return %zero : f32
  ^bb2:
    tt.map_elementwise.return %x : f32
  }) : (tensor<4x32xf32>) -> tensor<4x32xf32>
  tt.return %1 : tensor<4x32xf32>
}

// -----

// dot: the accumulator and result are blocked with up to 4x4 elements per
// thread; A and B are #ttg.dot_op of it.

// CHECK-DAG: #[[$A:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$BB:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-DAG: #[[$D:.+]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$D2:.+]] = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$D1:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>

// CHECK-LABEL: tt.func @dot_operands
// CHECK: %[[A:.+]] = ttg.convert_layout %{{.*}} : tensor<128x32xf16, #[[$A]]> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$D]]}>>
// CHECK: %[[B:.+]] = ttg.convert_layout %{{.*}} : tensor<32x128xf16, #[[$BB]]> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$D]]}>>
// CHECK: %[[C:.+]] = ttg.convert_layout %{{.*}} : tensor<128x128xf32, #[[$BB]]> -> tensor<128x128xf32, #[[$D]]>
// CHECK: %[[R:.+]] = tt.dot %[[A]], %[[B]], %[[C]], inputPrecision = tf32 {tt.note = 1 : i32} : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$D]]}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$D]]}>> -> tensor<128x128xf32, #[[$D]]>
// CHECK: ttg.convert_layout %[[R]] : tensor<128x128xf32, #[[$D]]> -> tensor<128x128xf32, #[[$BB]]>
// CHECK: tt.dot {{.*}} -> tensor<32x32xf32, #[[$D2]]>
// CHECK: tt.dot {{.*}} -> tensor<16x16xf32, #[[$D1]]>
tt.func @dot_operands(%a: tensor<128x32xf16>, %b: tensor<32x128xf16>, %c: tensor<128x128xf32>,
                      %a2: tensor<32x16xf16>, %b2: tensor<16x32xf16>, %c2: tensor<32x32xf32>,
                      %c1: tensor<16x16xf32>)
    -> (tensor<128x128xf32>, tensor<32x32xf32>, tensor<16x16xf32>) {
  %0 = tt.dot %a, %b, %c, inputPrecision = tf32 {tt.note = 1 : i32} : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
  %1 = tt.dot %a2, %b2, %c2 : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
  %2 = tt.dot %b2, %a2, %c1 : tensor<16x32xf16> * tensor<32x16xf16> -> tensor<16x16xf32>
  tt.return %0, %1, %2 : tensor<128x128xf32>, tensor<32x32xf32>, tensor<16x16xf32>
}

// -----

// A batched dot: the tile is on the two innermost dimensions. dot_scaled
// only takes the default layouts (a later pass picks its layout).

// CHECK-DAG: #[[$BD:.+]] = #ttg.blocked<{sizePerThread = [1, 4, 4], threadsPerWarp = [1, 2, 16], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
// CHECK-DAG: #[[$SA:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$SB:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-DAG: #[[$SS:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @dot_batched_and_scaled
// CHECK: tt.dot {{.*}} : tensor<2x64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$BD]]}>> * tensor<2x32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$BD]]}>> -> tensor<2x64x64xf32, #[[$BD]]>
// CHECK: tt.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}}, %{{.*}} lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<128x32xi8, #[[$SA]]>, tensor<128x2xi8, #[[$SS]]> * tensor<64x128xf8E4M3FN, #[[$SB]]> -> tensor<128x128xf32, #[[$SB]]>
tt.func @dot_batched_and_scaled(%a: tensor<2x64x32xf16>, %b: tensor<2x32x64xf16>, %c: tensor<2x64x64xf32>,
                                %sa: tensor<128x32xi8>, %sb: tensor<64x128xf8E4M3FN>, %sc: tensor<128x128xf32>,
                                %s: tensor<128x2xi8>) -> (tensor<2x64x64xf32>, tensor<128x128xf32>) {
  %0 = tt.dot %a, %b, %c : tensor<2x64x32xf16> * tensor<2x32x64xf16> -> tensor<2x64x64xf32>
  %1 = tt.dot_scaled %sa scale %s, %sb, %sc lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<128x32xi8>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
  tt.return %0, %1 : tensor<2x64x64xf32>, tensor<128x128xf32>
}

// -----

// trans, join and split derive their layouts from the operand's; split
// first converts its operand so that the split dimension is two elements of
// one thread; cat widens sizePerThread to hold both operands; reshape and
// unsplat take the default layout.

// CHECK-DAG: #[[$T:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[$TT:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
// CHECK-DAG: #[[$J1:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$J2:.+]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$SP:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$CAT:.+]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// CHECK-LABEL: tt.func @shape_ops
// CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<32x64xf32, #[[$T]]> -> tensor<64x32xf32, #[[$TT]]>
// CHECK: %[[J:.+]] = tt.join %{{.*}}, %{{.*}} : tensor<64xf32, #[[$J1]]> -> tensor<64x2xf32, #[[$J2]]>
// CHECK: %[[JD:.+]] = ttg.convert_layout %[[J]] : tensor<64x2xf32, #[[$J2]]> -> tensor<64x2xf32, #[[$SP]]>
// CHECK: %[[JS:.+]] = ttg.convert_layout %[[JD]] : tensor<64x2xf32, #[[$SP]]> -> tensor<64x2xf32, #[[$J2]]>
// CHECK: tt.split %[[JS]] : tensor<64x2xf32, #[[$J2]]> -> tensor<64xf32, #[[$J1]]>
// CHECK: tt.cat %{{.*}}, %{{.*}} : tensor<32xf32, #[[$J1]]> -> tensor<64xf32, #[[$CAT]]>
// CHECK: tt.reshape %{{.*}} allow_reorder : tensor<32x64xf32, #[[$T]]> -> tensor<2048xf32, #[[$J1]]>
// CHECK: tt.unsplat %{{.*}} : tensor<1x1xf32, #{{.+}}>{{$}}
tt.func @shape_ops(%x: tensor<32x64xf32>, %y: tensor<64xf32>, %z: tensor<32xf32>, %u: tensor<1x1xf32>)
    -> (tensor<64x32xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<2048xf32>, f32) {
  %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x64xf32> -> tensor<64x32xf32>
  %1 = tt.join %y, %y : tensor<64xf32> -> tensor<64x2xf32>
  %2, %3 = tt.split %1 : tensor<64x2xf32> -> tensor<64xf32>
  %4 = tt.cat %z, %z : tensor<32xf32> -> tensor<64xf32>
  %5 = tt.reshape %x allow_reorder : tensor<32x64xf32> -> tensor<2048xf32>
  %6 = tt.unsplat %u : tensor<1x1xf32>
  tt.return %0, %2, %3, %4, %5, %6 : tensor<64x32xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<2048xf32>, f32
}

// -----

// tl.split of a 2-element tensor into two scalars, as Triton 3.6 prints it
// (test_split_to_scalar): expand_dims to 1x2, split into two 1-element
// tensors, unsplat each.

// CHECK-DAG: #[[$S1:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$S2:.+]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func public @split_to_scalar
// CHECK: %[[LHS:.*]], %[[RHS:.*]] = tt.split %{{.*}} : tensor<1x2xi64, #[[$S2]]> -> tensor<1xi64, #[[$S1]]>
// CHECK: %[[Z1:.*]] = tt.unsplat %[[LHS]] : tensor<1xi64, #[[$S1]]>{{$}}
// CHECK: %[[Z2:.*]] = tt.unsplat %[[RHS]] : tensor<1xi64, #[[$S1]]>{{$}}
// CHECK: tt.store %{{.*}}, %[[Z1]] : !tt.ptr<i64>
// CHECK: tt.store %{{.*}}, %[[Z2]] : !tt.ptr<i64>
tt.func public @split_to_scalar(%X: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %Z1: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %Z2: !tt.ptr<i64> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
  %x = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
  %x_0 = tt.splat %X : !tt.ptr<i64> -> tensor<2x!tt.ptr<i64>>
  %x_1 = tt.addptr %x_0, %x : tensor<2x!tt.ptr<i64>>, tensor<2xi32>
  %x_2 = tt.load %x_1 : tensor<2x!tt.ptr<i64>>
  %0 = tt.expand_dims %x_2 {axis = 0 : i32} : tensor<2xi64> -> tensor<1x2xi64>
  %outLHS, %outRHS = tt.split %0 : tensor<1x2xi64> -> tensor<1xi64>
  %1 = tt.unsplat %outLHS : tensor<1xi64>
  %2 = tt.unsplat %outRHS : tensor<1xi64>
  tt.store %Z1, %1 : !tt.ptr<i64>
  tt.store %Z2, %2 : !tt.ptr<i64>
  tt.return
}

// -----

// Atomics, histogram, gather, casts, elementwise tt ops, inline asm, extern
// calls, print and assert: types in the default layout, attributes kept.

// CHECK: #[[$E:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: #[[$G:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @misc_ops
// CHECK: tt.atomic_rmw fadd, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<128x!tt.ptr<f32>, #[[$E]]>, tensor<128xf32, #[[$E]]>, tensor<128xi1, #[[$E]]>) -> tensor<128xf32, #[[$E]]>
// CHECK: tt.atomic_cas relaxed, sys, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<128x!tt.ptr<i32>, #[[$E]]>, tensor<128xi32, #[[$E]]>, tensor<128xi32, #[[$E]]>) -> tensor<128xi32, #[[$E]]>
// CHECK: tt.histogram %{{.*}} : tensor<128xi32, #[[$E]]> -> tensor<32xi32, #[[$E]]>
// CHECK: tt.gather %{{.*}}[%{{.*}}] {axis = 0 : i32} : (tensor<8x32xf32, #[[$G]]>, tensor<16x32xi32, #[[$G]]>) -> tensor<16x32xf32, #[[$G]]>
// CHECK: tt.ptr_to_int %{{.*}} : tensor<128x!tt.ptr<f32>, #[[$E]]> -> tensor<128xi64, #[[$E]]>
// CHECK: tt.int_to_ptr %{{.*}} : tensor<128xi64, #[[$E]]> -> tensor<128x!tt.ptr<f32>, #[[$E]]>
// CHECK: tt.bitcast %{{.*}} : tensor<128xf32, #[[$E]]> -> tensor<128xi32, #[[$E]]>
// CHECK: tt.fp_to_fp %{{.*}}, rounding = rtne : tensor<128xf32, #[[$E]]> -> tensor<128xf8E4M3FN, #[[$E]]>
// CHECK: tt.clampf %{{.*}}, %{{.*}}, %{{.*}}, propagateNan = all : tensor<128xf32, #[[$E]]>
// CHECK: tt.precise_sqrt %{{.*}} : tensor<128xf32, #[[$E]]>
// CHECK: tt.precise_divf %{{.*}}, %{{.*}} : tensor<128xf32, #[[$E]]>
// CHECK: tt.mulhiui %{{.*}}, %{{.*}} : tensor<128xi32, #[[$E]]>
// CHECK: tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %{{.*}} : tensor<128xi32, #[[$E]]> -> tensor<128xi32, #[[$E]]>
// CHECK: tt.extern_elementwise %{{.*}}, %{{.*}} {libname = "", libpath = "", pure = true, symbol = "__nv_fmaxf"} : (tensor<128xf32, #[[$E]]>, tensor<128xf32, #[[$E]]>) -> tensor<128xf32, #[[$E]]>
// CHECK: tt.get_num_programs y : i32
// CHECK: tt.print " x: " {hex = false, isSigned = array<i32: 0>} : %{{.*}} : tensor<128xf32, #[[$E]]>
// CHECK: tt.assert %{{.*}}, "in range" : tensor<128xi1, #[[$E]]>
// CHECK: ub.poison : tensor<128xf32, #[[$E]]>
tt.func @misc_ops(%p: tensor<128x!tt.ptr<f32>>, %pi: tensor<128x!tt.ptr<i32>>, %v: tensor<128xf32>,
                  %i: tensor<128xi32>, %m: tensor<128xi1>, %src: tensor<8x32xf32>, %idx: tensor<16x32xi32>) {
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : (tensor<128x!tt.ptr<f32>>, tensor<128xf32>, tensor<128xi1>) -> tensor<128xf32>
  %1 = tt.atomic_cas relaxed, sys, %pi, %i, %i : (tensor<128x!tt.ptr<i32>>, tensor<128xi32>, tensor<128xi32>) -> tensor<128xi32>
  %2 = tt.histogram %i : tensor<128xi32> -> tensor<32xi32>
  %3 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<8x32xf32>, tensor<16x32xi32>) -> tensor<16x32xf32>
  %4 = tt.ptr_to_int %p : tensor<128x!tt.ptr<f32>> -> tensor<128xi64>
  %5 = tt.int_to_ptr %4 : tensor<128xi64> -> tensor<128x!tt.ptr<f32>>
  %6 = tt.bitcast %v : tensor<128xf32> -> tensor<128xi32>
  %7 = tt.fp_to_fp %v, rounding = rtne : tensor<128xf32> -> tensor<128xf8E4M3FN>
  %8 = tt.clampf %v, %v, %v, propagateNan = all : tensor<128xf32>
  %9 = tt.precise_sqrt %v : tensor<128xf32>
  %10 = tt.precise_divf %v, %v : tensor<128xf32>
  %11 = tt.mulhiui %i, %i : tensor<128xi32>
  %12 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %i : tensor<128xi32> -> tensor<128xi32>
  %13 = tt.extern_elementwise %v, %v {libname = "", libpath = "", pure = true, symbol = "__nv_fmaxf"} : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
  %14 = tt.get_num_programs y : i32
  tt.print " x: " {hex = false, isSigned = array<i32: 0>} : %v : tensor<128xf32>
  tt.assert %m, "in range" : tensor<128xi1>
  %15 = ub.poison : tensor<128xf32>
  tt.return
}

// -----

// Every form of tt.elementwise_inline_asm (as Triton 3.6 prints them):
// several results of different types, pointer operands, packing, no
// operands (tl.extra.cuda.smid) and scalars. All tensors take the default
// layout; scalars stay scalars.

// CHECK: #[[$IA:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func public @inline_asm_forms
// CHECK: %{{.*}}:2 = tt.elementwise_inline_asm "\0A sub.u32 $0, $2, $3;\0A sub.u32 $1, $3, $2;\0A " {constraints = "=r,=r,r,r", packed_element = 1 : i32, pure = true} %{{.*}}, %{{.*}} : tensor<512xi32, #[[$IA]]>, tensor<512xi32, #[[$IA]]> -> tensor<512xi32, #[[$IA]]>, tensor<512xi32, #[[$IA]]>
// CHECK: %{{.*}}:2 = tt.elementwise_inline_asm "cvt" {constraints = "=r,=r,=r,=r,=r,=r,=r,=r,r,r,r,r,r", packed_element = 4 : i32, pure = true} %{{.*}}, %{{.*}} : tensor<512xi8, #[[$IA]]>, tensor<512xf32, #[[$IA]]> -> tensor<512xi32, #[[$IA]]>, tensor<512xf32, #[[$IA]]>
// CHECK: tt.elementwise_inline_asm "ld.global.b8 $0, [$1]; st.global.b8 [$2], $0;" {constraints = "=r,l,l", packed_element = 1 : i32, pure = false} %{{.*}}, %{{.*}} : tensor<512x!tt.ptr<i8>, #[[$IA]]>, tensor<512x!tt.ptr<i8>, #[[$IA]]> -> tensor<512xi8, #[[$IA]]>
// CHECK: %[[SMID:.*]] = tt.elementwise_inline_asm "mov.u32 $0, %smid;" {constraints = "=r", packed_element = 1 : i32, pure = true} -> i32
// CHECK: tt.elementwise_inline_asm "add.s32 $0, $1, $2;" {constraints = "=r,r,r", packed_element = 1 : i32, pure = true} %[[SMID]], %[[SMID]] : i32, i32 -> i32
tt.func public @inline_asm_forms(%a: tensor<512xi32>, %b: tensor<512xi32>, %c: tensor<512xi8>, %d: tensor<512xf32>, %x: tensor<512x!tt.ptr<i8>>, %y: tensor<512x!tt.ptr<i8>>) {
  %0:2 = tt.elementwise_inline_asm "\0A sub.u32 $0, $2, $3;\0A sub.u32 $1, $3, $2;\0A " {constraints = "=r,=r,r,r", packed_element = 1 : i32, pure = true} %a, %b : tensor<512xi32>, tensor<512xi32> -> tensor<512xi32>, tensor<512xi32>
  %1:2 = tt.elementwise_inline_asm "cvt" {constraints = "=r,=r,=r,=r,=r,=r,=r,=r,r,r,r,r,r", packed_element = 4 : i32, pure = true} %c, %d : tensor<512xi8>, tensor<512xf32> -> tensor<512xi32>, tensor<512xf32>
  %2 = tt.elementwise_inline_asm "ld.global.b8 $0, [$1]; st.global.b8 [$2], $0;" {constraints = "=r,l,l", packed_element = 1 : i32, pure = false} %x, %y : tensor<512x!tt.ptr<i8>>, tensor<512x!tt.ptr<i8>> -> tensor<512xi8>
  %3 = tt.elementwise_inline_asm "mov.u32 $0, %smid;" {constraints = "=r", packed_element = 1 : i32, pure = true} -> i32
  %4 = tt.elementwise_inline_asm "add.s32 $0, $1, $2;" {constraints = "=r,r,r", packed_element = 1 : i32, pure = true} %3, %3 : i32, i32 -> i32
  tt.return
}

// -----

// Tensor descriptors keep their type; loads and stores through them use the
// default layout; descriptor_gather and descriptor_scatter take their row
// offsets in the slice of a [1, 4]-per-thread layout (TMA gather4/scatter4).

// CHECK-DAG: #[[$DL:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$IDX:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$G4:.+]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-DAG: #[[$ROWS:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-LABEL: tt.func @descriptors
// CHECK: %[[D:.+]] = tt.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] : <f16>, <tensor<64x32xf16>>
// CHECK: tt.descriptor_load %[[D]][%{{.*}}, %{{.*}}] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16, #[[$DL]]>
// CHECK: tt.descriptor_store %[[D]][%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16, #[[$DL]]>
// CHECK: tt.descriptor_reduce add, %[[D]][%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16, #[[$DL]]>
// CHECK: %[[X:.+]] = ttg.convert_layout %{{.*}} : tensor<32xi32, #[[$IDX]]> -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #[[$G4]]}>>
// CHECK: %[[G:.+]] = tt.descriptor_gather %{{.*}}[%[[X]], %{{.*}}] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32, #ttg.slice<{dim = 0, parent = #[[$G4]]}>>, i32) -> tensor<32x128xbf16, #[[$ROWS]]>
// CHECK: %[[X2:.+]] = ttg.convert_layout %{{.*}} : tensor<32xi32, #[[$IDX]]> -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #[[$G4]]}>>
// CHECK: tt.descriptor_scatter %{{.*}}[%[[X2]], %{{.*}}], %[[G]] : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32, #ttg.slice<{dim = 0, parent = #[[$G4]]}>>, i32, tensor<32x128xbf16, #[[$ROWS]]>
tt.func @descriptors(%base: !tt.ptr<f16>, %i: i32, %l: i64, %gd: !tt.tensordesc<tensor<1x128xbf16>>, %x: tensor<32xi32>) {
  %d = tt.make_tensor_descriptor %base, [%i, %i], [%l, %l] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x32xf16>>
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  tt.descriptor_store %d[%i, %i], %0 : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
  tt.descriptor_reduce add, %d[%i, %i], %0 : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
  %1 = tt.descriptor_gather %gd[%x, %i] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xbf16>
  tt.descriptor_scatter %gd[%x, %i], %1 : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32, tensor<32x128xbf16>
  tt.return
}

// -----

// Tensor pointers point at tensors with the default layout.

// CHECK: #[[$P:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @tensor_pointer
// CHECK: %[[P:.+]] = tt.make_tensor_ptr %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] {order = array<i32: 1, 0>} : <tensor<64x32xf16, #[[$P]]>>
// CHECK: %[[Q:.+]] = tt.advance %[[P]], [%{{.*}}, %{{.*}}] : <tensor<64x32xf16, #[[$P]]>>
// CHECK: tt.load %[[Q]] {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<64x32xf16, #[[$P]]>>
tt.func @tensor_pointer(%base: !tt.ptr<f16>, %m: i64, %i: i32) -> tensor<64x32xf16> {
  %0 = tt.make_tensor_ptr %base, [%m, %m], [%m, %m], [%i, %i] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  %1 = tt.advance %0, [%i, %i] : <tensor<64x32xf16>>
  %2 = tt.load %1 {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<64x32xf16>>
  tt.return %2 : tensor<64x32xf16>
}

// -----

// scf.for, scf.if and scf.while carry converted types; a value yielded in
// another layout is converted back to the loop-carried one.

// CHECK-DAG: #[[$L:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$ACC:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[$DOT:.+]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @scf_ops
// CHECK: %[[F:.+]]:2 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[V:.+]] = %{{.*}}, %[[ACC:.+]] = %{{.*}}) -> (tensor<128xf32, #[[$L]]>, tensor<64x64xf32, #[[$ACC]]>)  : i32 {
// CHECK: arith.addf %[[V]], %[[V]] : tensor<128xf32, #[[$L]]>
// CHECK: %[[DOTR:.+]] = tt.dot {{.*}} -> tensor<64x64xf32, #[[$DOT]]>
// CHECK: %[[BACK:.+]] = ttg.convert_layout %[[DOTR]] : tensor<64x64xf32, #[[$DOT]]> -> tensor<64x64xf32, #[[$ACC]]>
// CHECK: scf.yield %{{.*}}, %[[BACK]] : tensor<128xf32, #[[$L]]>, tensor<64x64xf32, #[[$ACC]]>
// CHECK: %[[IF:.+]] = scf.if %{{.*}} -> (tensor<128xf32, #[[$L]]>) {
// CHECK: scf.yield %[[F]]#0 : tensor<128xf32, #[[$L]]>
// CHECK: } else {
// CHECK: scf.yield %{{.*}} : tensor<128xf32, #[[$L]]>
// CHECK: %[[W:.+]] = scf.while (%[[WA:.+]] = %[[IF]]) : (tensor<128xf32, #[[$L]]>) -> tensor<128xf32, #[[$L]]> {
// CHECK: scf.condition(%{{.*}}) %[[WA]] : tensor<128xf32, #[[$L]]>
// CHECK: ^bb0(%[[WB:.+]]: tensor<128xf32, #[[$L]]>):
// CHECK: scf.yield %{{.*}} : tensor<128xf32, #[[$L]]>
// CHECK: tt.return %[[W]], %[[F]]#1 : tensor<128xf32, #[[$L]]>, tensor<64x64xf32, #[[$ACC]]>
tt.func @scf_ops(%n: i32, %c: i1, %v0: tensor<128xf32>, %a: tensor<64x64xf16>) -> (tensor<128xf32>, tensor<64x64xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %f:2 = scf.for %k = %c0 to %n step %c1 iter_args(%v = %v0, %acc = %zero) -> (tensor<128xf32>, tensor<64x64xf32>) : i32 {
    %w = arith.addf %v, %v : tensor<128xf32>
    %d = tt.dot %a, %a, %acc : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %w, %d : tensor<128xf32>, tensor<64x64xf32>
  }
  %r = scf.if %c -> tensor<128xf32> {
    scf.yield %f#0 : tensor<128xf32>
  } else {
    scf.yield %v0 : tensor<128xf32>
  }
  %w = scf.while (%x = %r) : (tensor<128xf32>) -> tensor<128xf32> {
    %red = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%p: f32, %q: f32):
      %s = arith.addf %p, %q : f32
      tt.reduce.return %s : f32
    }) : (tensor<128xf32>) -> f32
    %zf = arith.constant 0.0 : f32
    %go = arith.cmpf ogt, %red, %zf : f32
    scf.condition(%go) %x : tensor<128xf32>
  } do {
  ^bb0(%y: tensor<128xf32>):
    %h = arith.mulf %y, %y : tensor<128xf32>
    scf.yield %h : tensor<128xf32>
  }
  tt.return %w, %f#1 : tensor<128xf32>, tensor<64x64xf32>
}

// -----

// cf branches: block arguments of every block of a function are converted,
// also when the function's signature has no tensor.

// CHECK: #[[$CF:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @cf_branches
// CHECK: cf.cond_br %{{.*}}, ^bb1(%{{.*}} : tensor<128xi32, #[[$CF]]>), ^bb2(%{{.*}} : tensor<128xi32, #[[$CF]]>)
// CHECK: ^bb1(%{{.*}}: tensor<128xi32, #[[$CF]]>):
// CHECK: cf.br ^bb2(%{{.*}} : tensor<128xi32, #[[$CF]]>)
// CHECK: ^bb2(%[[ARG:.+]]: tensor<128xi32, #[[$CF]]>):
// CHECK: tt.store %{{.*}}, %[[ARG]] : tensor<128x!tt.ptr<i32>, #[[$CF]]>
tt.func @cf_branches(%ptr: !tt.ptr<i32>, %c: i1) {
  %a = arith.constant dense<1> : tensor<128xi32>
  %b = arith.constant dense<2> : tensor<128xi32>
  cf.cond_br %c, ^bb1(%a : tensor<128xi32>), ^bb2(%b : tensor<128xi32>)
^bb1(%x: tensor<128xi32>):
  %y = arith.addi %x, %x : tensor<128xi32>
  cf.br ^bb2(%y : tensor<128xi32>)
^bb2(%z: tensor<128xi32>):
  %ptrs = tt.splat %ptr : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
  tt.store %ptrs, %z : tensor<128x!tt.ptr<i32>>
  tt.return
}

// -----

// A noinline callee taking and returning tensors: its signature, the call
// and the return are converted; attributes stay.

// CHECK: #[[$FN:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func private @callee
// CHECK-SAME: (%{{.*}}: tensor<128xi32, #[[$FN]]> {tt.divisibility = 16 : i32}, %{{.*}}: !tt.ptr<i32>) -> tensor<128xi32, #[[$FN]]> attributes {noinline = true}
// CHECK: tt.return %{{.*}} : tensor<128xi32, #[[$FN]]>
// CHECK-LABEL: tt.func public @caller
// CHECK: %[[V:.+]] = tt.call @callee(%{{.*}}, %{{.*}}) : (tensor<128xi32, #[[$FN]]>, !tt.ptr<i32>) -> tensor<128xi32, #[[$FN]]>
// CHECK: tt.store %{{.*}}, %[[V]] : tensor<128x!tt.ptr<i32>, #[[$FN]]>
// CHECK-LABEL: tt.func private @declared
// CHECK-SAME: (tensor<16xf32, #[[$FN]]>) -> tensor<16xf32, #[[$FN]]>
tt.func private @callee(%x: tensor<128xi32> {tt.divisibility = 16 : i32}, %p: !tt.ptr<i32>) -> tensor<128xi32> attributes {noinline = true} {
  %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %1 = arith.addi %0, %x : tensor<128xi32>
  tt.return %1 : tensor<128xi32>
}

tt.func public @caller(%ptr: !tt.ptr<i32>) attributes {noinline = false} {
  %x = arith.constant dense<3> : tensor<128xi32>
  %v = tt.call @callee(%x, %ptr) : (tensor<128xi32>, !tt.ptr<i32>) -> tensor<128xi32>
  %ptrs = tt.splat %ptr : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
  tt.store %ptrs, %v : tensor<128x!tt.ptr<i32>>
  tt.return
}

tt.func private @declared(tensor<16xf32>) -> tensor<16xf32>
