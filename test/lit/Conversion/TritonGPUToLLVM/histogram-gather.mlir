// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

// Histogram of 512 values (4 per thread) into 64 bins: per value one ballot
// per bin bit (6) and one of the mask; each lane owns 2 bins (a popcount
// each); the scratch (64 x i32) is zeroed, a barrier, the warps' counts are
// added with shared atomics, a barrier, each thread reads its bin.
// CHECK: ttg.shared = 256 : i32
// CHECK-LABEL: llvm.func @hist
// CHECK-COUNT-28: nvvm.vote.sync  ballot
// CHECK-NOT: nvvm.vote.sync
// CHECK: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-2: llvm.atomicrmw add %{{.*}}, %{{.*}} monotonic : !llvm.ptr<3>, i32
// CHECK-NEXT: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#h = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @hist(%x: tensor<512xi32, #b>, %m: tensor<512xi1, #b>, %o: tensor<64x!tt.ptr<i32>, #h>) {
    %0 = tt.histogram %x, %m : tensor<512xi32, #b> -> tensor<64xi32, #h>
    tt.store %o, %0 : tensor<64x!tt.ptr<i32>, #h>
    tt.return
  }
}

// -----

// Fewer bins than lanes: 32 counters (128 bytes); one bin per lane, so 5
// ballots per value and no mask ballot. A source broadcast over the warps
// counts only in warp 0 (its ballot of the redundancy predicate).
// CHECK: ttg.shared = 128 : i32
// CHECK-LABEL: llvm.func @hist_small
// CHECK-COUNT-6: nvvm.vote.sync  ballot
// CHECK-NOT: nvvm.vote.sync
// CHECK: llvm.intr.ctpop
// CHECK-NOT: llvm.intr.ctpop
// CHECK: nvvm.barrier0
// CHECK-COUNT-1: llvm.atomicrmw add
// CHECK-NEXT: nvvm.barrier0
#h = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @hist_small(%x: tensor<32xi32, #h>, %o: tensor<16x!tt.ptr<i32>, #h>) {
    %0 = tt.histogram %x : tensor<32xi32, #h> -> tensor<16xi32, #h>
    tt.store %o, %0 : tensor<16x!tt.ptr<i32>, #h>
    tt.return
  }
}

// -----

// A gather across warps goes through scratch (16 x 32 f32 = 2048 bytes): the
// source is stored, a barrier, each result is loaded at (index, column).
// CHECK: ttg.shared = 2048 : i32
// CHECK-LABEL: llvm.func @gather_smem
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#g = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#g2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather_smem(%src: tensor<16x32xf32, #g>, %idx: tensor<16x32xi32, #g2>, %o: tensor<16x32x!tt.ptr<f32>, #g2>) {
    %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<16x32xf32, #g>, tensor<16x32xi32, #g2>) -> tensor<16x32xf32, #g2>
    tt.store %o, %0 : tensor<16x32x!tt.ptr<f32>, #g2>
    tt.return
  }
}

// -----

// A warp-local gather (the axis is within a warp's lanes) has no scratch:
// every result is shuffled from the lane holding it, one shuffle per source
// register, the wanted register selected.
// CHECK-NOT: ttg.shared = {{[1-9]}}
// CHECK-LABEL: llvm.func @gather_warp
// CHECK-NOT: nvvm.barrier0
// CHECK-COUNT-4: nvvm.shfl.sync  idx {{.*}} : f32 -> f32
// CHECK: llvm.select
// CHECK-NOT: llvm.load
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#g2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather_warp(%src: tensor<16x32xf32, #g2>, %idx: tensor<16x32xi32, #g2>, %o: tensor<16x32x!tt.ptr<f32>, #g2>) {
    %0 = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<16x32xf32, #g2>, tensor<16x32xi32, #g2>) -> tensor<16x32xf32, #g2>
    tt.store %o, %0 : tensor<16x32x!tt.ptr<f32>, #g2>
    tt.return
  }
}

// -----

// A broadcast source (gluon test_gather_layouts: 16 elements on 4 warps of
// 32 lanes, so lanes 16-31 and every warp hold copies) is still
// warp-local: each result is shuffled from the copy in lanes 0-15 of its
// own warp, with no scratch.
// CHECK-NOT: ttg.shared = {{[1-9]}}
// CHECK-LABEL: llvm.func @gather_broadcast
// CHECK-NOT: nvvm.barrier0
// CHECK: nvvm.shfl.sync  idx {{.*}} : f32 -> f32
// CHECK-NOT: llvm.load
// CHECK: llvm.return
#g3 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather_broadcast(%src: tensor<16xf32, #g3>, %idx: tensor<16xi32, #g3>, %o: tensor<16x!tt.ptr<f32>, #g3>) {
    %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<16xf32, #g3>, tensor<16xi32, #g3>) -> tensor<16xf32, #g3>
    tt.store %o, %0 : tensor<16x!tt.ptr<f32>, #g3>
    tt.return
  }
}
