// convert-triton-gpu-to-llvm lowers the regions of a ttg.warp_specialize
// with the rest of the kernel (WarpSpecializeRegions.cpp): the op and its
// partitions take LLVM types and stay for convert-warp-specialize-to-llvm;
// the block has ttg.total-num-warps warps; a partition's thread ids count
// from its first warp; barriers are named per region (0: the kernel's own
// warps, 2 + N: partition N) over that region's threads, since a CTA-wide
// bar.sync would wait for warps that never arrive.
// RUN: triton-opt %s -split-input-file --tritongpu-allocate-warp-groups --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @kernel
  // CHECK-SAME: nvvm.reqntid = array<i32: 256>
  // CHECK: ttg.warp_specialize(%{{.*}}, %{{.*}}) attributes {warpGroupStartIds = array<i32: 6, 4, 7>}
  // CHECK-NEXT: default {
  // CHECK-NEXT: nvvm.read.ptx.sreg.tid.x
  // CHECK-NOT: llvm.sub
  // CHECK: [[N128:%.*]] = llvm.mlir.constant(128 : i32) : i32
  // CHECK-NEXT: [[ID0:%.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: nvvm.barrier id = [[ID0]] number_of_threads = [[N128]]
  // CHECK: ttg.warp_yield
  // CHECK-NEXT: }
  // CHECK-NEXT: partition0(%{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>) num_warps(1) {
  // CHECK-NEXT: [[TID0:%.*]] = nvvm.read.ptx.sreg.tid.x : i32
  // CHECK-NEXT: [[OFF192:%.*]] = llvm.mlir.constant(192 : i32) : i32
  // CHECK-NEXT: llvm.sub [[TID0]], [[OFF192]] : i32
  // CHECK: ttg.warp_return
  // CHECK-NEXT: }
  // CHECK-NEXT: partition1(%{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>) num_warps(2) {
  // CHECK-NEXT: [[TID1:%.*]] = nvvm.read.ptx.sreg.tid.x : i32
  // CHECK-NEXT: [[OFF128:%.*]] = llvm.mlir.constant(128 : i32) : i32
  // CHECK-NEXT: [[REL1:%.*]] = llvm.sub [[TID1]], [[OFF128]] : i32
  // CHECK-NEXT: [[MASK63:%.*]] = llvm.mlir.constant(63 : i32) : i32
  // CHECK-NEXT: llvm.and [[REL1]], [[MASK63]] : i32
  // CHECK: [[N64:%.*]] = llvm.mlir.constant(64 : i32) : i32
  // CHECK-NEXT: [[ID3:%.*]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK-NEXT: nvvm.barrier id = [[ID3]] number_of_threads = [[N64]]
  // CHECK: ttg.warp_return
  // CHECK-NEXT: }
  // CHECK-NEXT: partition2(%{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>) num_warps(1) {
  // CHECK-NEXT: ttg.warp_return
  // CHECK-NEXT: } : (!llvm.ptr<1>, !llvm.ptr<1>) -> ()
  tt.func public @kernel(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>) {
    ttg.warp_specialize(%p, %q)
    default {
      %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
      %s = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
      %a = tt.addptr %s, %r : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
      %v = tt.load %a : tensor<128x!tt.ptr<f32>, #blocked>
      %m = "tt.reduce"(%v) <{axis = 0 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %z = arith.addf %x, %y : f32
        tt.reduce.return %z : f32
      }) : (tensor<128xf32, #blocked>) -> f32
      tt.store %q, %m : !tt.ptr<f32>
      ttg.warp_yield
    }
    partition0(%pp: !tt.ptr<f32>, %qq: !tt.ptr<f32>) num_warps(1) {
      %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #b1>
      %s = tt.splat %pp : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #b1>
      %a = tt.addptr %s, %r : tensor<32x!tt.ptr<f32>, #b1>, tensor<32xi32, #b1>
      %v = tt.load %a : tensor<32x!tt.ptr<f32>, #b1>
      %t = tt.splat %qq : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #b1>
      %b = tt.addptr %t, %r : tensor<32x!tt.ptr<f32>, #b1>, tensor<32xi32, #b1>
      tt.store %b, %v : tensor<32x!tt.ptr<f32>, #b1>
      ttg.warp_return
    }
    partition1(%pp: !tt.ptr<f32>, %qq: !tt.ptr<f32>) num_warps(2) {
      %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #b2>
      %s = tt.splat %pp : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #b2>
      %a = tt.addptr %s, %r : tensor<64x!tt.ptr<f32>, #b2>, tensor<64xi32, #b2>
      %v = tt.load %a : tensor<64x!tt.ptr<f32>, #b2>
      %m = "tt.reduce"(%v) <{axis = 0 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %z = arith.maxnumf %x, %y : f32
        tt.reduce.return %z : f32
      }) : (tensor<64xf32, #b2>) -> f32
      tt.store %qq, %m : !tt.ptr<f32>
      ttg.warp_return
    } : (!tt.ptr<f32>, !tt.ptr<f32>) -> ()
    tt.return
  }
}

// -----

// The warp-uniform warp id in a partition (here for the TMA copy's issuing
// warp): a shuffle from lane 0 of the bare tid.x / 32, which ptxas knows
// warp-uniform, then the partition's first warp (4) subtracted and the
// mask to its 4 warps applied after the shuffle.
// CHECK-LABEL: llvm.func @tma_in_partition
// CHECK: partition0({{.*}}) num_warps(4) {
// CHECK: %[[C5:.*]] = llvm.mlir.constant(5 : i32) : i32
// CHECK-NEXT: %[[T:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %[[S:.*]] = llvm.lshr %[[T]], %[[C5]] : i32
// CHECK: %[[W:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[S]],
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[R:.*]] = llvm.sub %[[W]], %[[C4]] : i32
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[WP:.*]] = llvm.and %[[R]], %[[C3]] : i32
// CHECK: llvm.icmp "ult" %[[WP]], %{{.*}} : i32
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// CHECK: ttg.warp_return
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tma_in_partition(%d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %y: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttg.warp_specialize(%d, %x, %y, %buf, %bar)
    default {
      ttg.warp_yield
    }
    partition0(%dd: !tt.tensordesc<tensor<128x64xf16, #shared>>, %xx: i32, %yy: i32, %b: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %m: !ttg.memdesc<1xi64, #shared1, #smem, mutable>) num_warps(4) {
      %true = arith.constant true
      ttng.barrier_expect %m, 16384, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttng.async_tma_copy_global_to_local %dd[%xx, %yy] %b, %m, %true : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      ttg.warp_return
    } : (!tt.tensordesc<tensor<128x64xf16, #shared>>, i32, i32, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>) -> ()
    tt.return
  }
}
