// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

// broadcast keeps the thread mapping: result register i takes the operand
// register holding the same element (rows are broadcast: 0,1,0,1).
// CHECK-LABEL: llvm.func @broadcast_rows
// (The 1x8 operand holds each element twice: its size-1 rows are copies.)
// CHECK: %[[E0:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(i32, i32, i32, i32)>
// CHECK: %[[E1:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(i32, i32, i32, i32)>
// CHECK: llvm.insertvalue %[[E0]], %{{.*}}[0] : !llvm.struct<(i32, i32, i32, i32)>
// CHECK: llvm.insertvalue %[[E1]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[E0]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[E1]], %{{.*}}[3]
#b = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @broadcast_rows(%x: tensor<1x8xi32, #b>) -> tensor<64x8xi32, #b> attributes {noinline = false} {
    %y = tt.broadcast %x : tensor<1x8xi32, #b> -> tensor<64x8xi32, #b>
    tt.return %y : tensor<64x8xi32, #b>
  }
}

// -----

// make_range: lane * 4 + warp * 128 + register, plus the start; a thread's
// four registers differ by the constants 1, 2, 3.
// CHECK-LABEL: llvm.func @range
// CHECK: %[[TIDX:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[TID:.*]] = llvm.and %[[TIDX]], %{{.*}} : i32
// CHECK: %[[LANE:.*]] = llvm.and %[[TID]], %{{.*}} : i32
// CHECK: %[[W:.*]] = llvm.lshr %[[TID]]
// CHECK-NOT: nvvm.shfl
// CHECK: llvm.add %{{.*}}, %[[START:[0-9]+]] : i32
// CHECK-COUNT-3: llvm.add %{{.*}}, %[[START]] : i32
// CHECK: llvm.return
#b1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @range() -> tensor<512xi32, #b1> attributes {noinline = false} {
    %r = tt.make_range {end = 528 : i32, start = 16 : i32} : tensor<512xi32, #b1>
    tt.return %r : tensor<512xi32, #b1>
  }
}

// -----

// expand_dims of a slice: same registers, the new dimension has size 1;
// a splat constant fills every register.
// CHECK-LABEL: llvm.func @expand
// CHECK: %[[E0:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(f32, f32)>
// CHECK: %[[E1:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(f32, f32)>
// CHECK: llvm.insertvalue %[[E0]], %{{.*}}[0] : !llvm.struct<(f32, f32)>
// CHECK: llvm.insertvalue %[[E1]], %{{.*}}[1] : !llvm.struct<(f32, f32)>
// CHECK: %[[C:.*]] = llvm.mlir.constant(2.500000e+00 : f32) : f32
// CHECK: llvm.insertvalue %[[C]], %{{.*}}[0] : !llvm.struct<(f32, f32)>
// CHECK: llvm.insertvalue %[[C]], %{{.*}}[1] : !llvm.struct<(f32, f32)>
#b2 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @expand(%x: tensor<256xf32, #ttg.slice<{dim = 0, parent = #b2}>>) -> tensor<1x256xf32, #b2> attributes {noinline = false} {
    %y = tt.expand_dims %x {axis = 0 : i32} : tensor<256xf32, #ttg.slice<{dim = 0, parent = #b2}>> -> tensor<1x256xf32, #b2>
    %c = arith.constant dense<2.5> : tensor<1x256xf32, #b2>
    %z = arith.addf %y, %c : tensor<1x256xf32, #b2>
    tt.return %z : tensor<1x256xf32, #b2>
  }
}

// -----

// A #ttg.linear tensor lowers like any other: two registers per thread here.
// CHECK-LABEL: llvm.func @linear_layout
// CHECK-SAME: !llvm.struct<(f32, f32)>
// CHECK-COUNT-2: st.global.b32
#lin = #ttg.linear<{register = [[1]], lane = [[2], [4], [8], [16], [32]], warp = [[64], [128]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @linear_layout(%x: tensor<256xf32, #lin>, %p: !tt.ptr<f32>) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #lin>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #lin>
    %pp = tt.addptr %ps, %r : tensor<256x!tt.ptr<f32>, #lin>, tensor<256xi32, #lin>
    tt.store %pp, %x : tensor<256x!tt.ptr<f32>, #lin>
    tt.return
  }
}

// -----

// unsplat: a one-element tensor's element is in every register of every
// thread; the first one is the scalar. test_split_to_scalar's split of a
// 1x2 tensor into two one-element tensors, then two unsplats.
// CHECK-LABEL: llvm.func @split_to_scalars
// CHECK: %[[A:.*]] = llvm.extractvalue %arg0[0] : !llvm.struct<(i64, i64)>
// CHECK: %[[L:.*]] = llvm.insertvalue %[[A]], %{{.*}}[0] : !llvm.struct<(i64)>
// CHECK: %[[B:.*]] = llvm.extractvalue %arg0[1] : !llvm.struct<(i64, i64)>
// CHECK: %[[R:.*]] = llvm.insertvalue %[[B]], %{{.*}}[0] : !llvm.struct<(i64)>
// CHECK: %[[SL:.*]] = llvm.extractvalue %[[L]][0] : !llvm.struct<(i64)>
// CHECK: %[[SR:.*]] = llvm.extractvalue %[[R]][0] : !llvm.struct<(i64)>
// CHECK: llvm.inline_asm {{.*}}st.global.b64 {{.*}} %[[SL]], %arg1
// CHECK: llvm.inline_asm {{.*}}st.global.b64 {{.*}} %[[SR]], %arg2
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @split_to_scalars(%x: tensor<1x2xi64, #b2>, %z1: !tt.ptr<i64>, %z2: !tt.ptr<i64>) attributes {noinline = false} {
    %outLHS, %outRHS = tt.split %x : tensor<1x2xi64, #b2> -> tensor<1xi64, #b>
    %0 = tt.unsplat %outLHS : tensor<1xi64, #b>
    %1 = tt.unsplat %outRHS : tensor<1xi64, #b>
    tt.store %z1, %0 : !tt.ptr<i64>
    tt.store %z2, %1 : !tt.ptr<i64>
    tt.return
  }
}

// -----

// A layout wider than the tensor: every register holds the one element.
// CHECK-LABEL: llvm.func @unsplat_replicated
// CHECK: %[[E:.*]] = llvm.extractvalue %arg0[0] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK: llvm.return %[[E]] : f32
#b = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @unsplat_replicated(%x: tensor<1x1xf32, #b>) -> f32 attributes {noinline = false} {
    %0 = tt.unsplat %x : tensor<1x1xf32, #b>
    tt.return %0 : f32
  }
}
