// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-each | FileCheck %s

// In a cluster of 2 CTAs (ttg.num-ctas = 2), as Triton 3.6 launches it: the
// kernel requires 2 CTAs per cluster, a program is a cluster, and each CTA
// moves its part of a TMA block. Here the block is split along rows
// (CGALayout [[1, 0]]): each CTA loads 4 of the 8 rows, at row
// x + 4 * cluster_ctaid, and expects 4 x 128 x 2 bytes.
// CHECK-LABEL: llvm.func @load_split_rows
// CHECK-SAME: nvvm.cluster_dim = array<i32: 2, 1, 1>
// CHECK: nvvm.read.ptx.sreg.clusterid.x
// CHECK: "@$0 mbarrier.arrive.expect_tx.shared.b64 _, [$1], 1024;"
// CHECK: %[[CTA:.+]] = nvvm.read.ptx.sreg.cluster.ctaid.x
// CHECK: %[[BIT:.+]] = llvm.and %{{.*}}, %{{.*}} : i32
// CHECK: %[[STEP:.+]] = llvm.mul %[[BIT]], %{{.*}} : i32
// CHECK: %[[ROW:.+]] = llvm.add %arg1, %[[STEP]] : i32
// CHECK: "@$0 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r" {{.*}}, %arg0, %arg2, %[[ROW]],
// CHECK-NOT: cp.async.bulk.tensor
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @load_split_rows(%d: !tt.tensordesc<tensor<8x128xf16, #shared>>, %x: i32, %y: i32, %out: !tt.ptr<i32>) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %pid = tt.get_program_id x : i32
    tt.store %out, %pid : !tt.ptr<i32>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<8x128xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 1024, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%x, %y] %buf, %bar, %true : !tt.tensordesc<tensor<8x128xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<8x128xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

// A block both CTAs hold whole (a zero basis: copies) is stored or reduced
// by the first of them only; each still stores all of it.
// CHECK-LABEL: llvm.func @reduce_copies
// CHECK: %[[CTA:.+]] = nvvm.read.ptx.sreg.cluster.ctaid.x
// CHECK: %[[MINE:.+]] = llvm.and %[[CTA]], %{{.*}} : i32
// CHECK: llvm.icmp "eq" %[[MINE]], %{{.*}} : i32
// CHECK: "@$0 cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [$1, {$2, $3}], [$4];"
// CHECK-NOT: cp.reduce.async.bulk.tensor
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 0]]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32, CGALayout = [[0, 0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reduce_copies(%d: !tt.tensordesc<tensor<8x32xf32, #shared>>, %x: i32, %v: tensor<8x32xf32, #blocked>) {
    %buf = ttg.local_alloc %v : (tensor<8x32xf32, #blocked>) -> !ttg.memdesc<8x32xf32, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_reduce add, %d[%x, %x] %buf : !tt.tensordesc<tensor<8x32xf32, #shared>>, !ttg.memdesc<8x32xf32, #shared, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}
