// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-each | FileCheck %s

// A kernel's descriptor is its CUtensorMap by value (byval [128 x i8],
// align 64, grid constant). A 128x64 f16 block with a 128-byte swizzle is
// one box: one copy, from one elected lane of warp 0, innermost coordinate
// first, completing on the mbarrier. Thread 0 initializes the barrier and
// posts the expected bytes; every thread spins on the parity.
// CHECK-LABEL: llvm.func @load_one_box
// CHECK-SAME: (%arg0: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}
// CHECK: "@$0 mbarrier.init.shared::cta.b64 [$1], 1;", "b,r"
// CHECK: "@$0 mbarrier.arrive.expect_tx.shared.b64 _, [$1], 16384;", "b,r"
// CHECK: nvvm.elect.sync
// CHECK: llvm.icmp "ult" {{.*}}, %{{.*}} : i32
// CHECK: "@$0 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r" {{.*}}, %arg0, %arg2, %arg1,
// CHECK-NOT: cp.async.bulk.tensor
// CHECK: mbarrier.try_wait.parity.shared.b64 complete, [$0], $1;
// CHECK: "@$0 mbarrier.inval.shared::cta.b64 [$1];"
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @load_one_box(%d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %y: i32) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 16384, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%x, %y] %buf, %bar, %true : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

// A 128x256 f16 block is four 128x64 boxes (the 128-byte swizzle width):
// warp w (w < 4) stores box w, 64 columns and 16 KB of shared memory
// further each, then commits; the store wait reads the bulk groups.
// CHECK-LABEL: llvm.func @store_four_boxes
// CHECK: nvvm.elect.sync
// CHECK: llvm.mlir.constant(64 : i32)
// CHECK: llvm.mlir.constant(8192 : i32)
// CHECK: "@$0 cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r"
// CHECK-NOT: cp.async.bulk.tensor
// CHECK: nvvm.cp.async.bulk.commit.group
// CHECK: nvvm.cp.async.bulk.wait_group 0 {read}
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @store_four_boxes(%d: !tt.tensordesc<tensor<128x256xf16, #shared>>, %x: i32, %y: i32, %v: tensor<128x256xf16, #blocked>) {
    %buf = ttg.local_alloc %v : (tensor<128x256xf16, #blocked>) -> !ttg.memdesc<128x256xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %d[%x, %y] %buf : !tt.tensordesc<tensor<128x256xf16, #shared>>, !ttg.memdesc<128x256xf16, #shared, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

// -----

// Reductions name the operator; a predicated wait skips the spin loop.
// CHECK-LABEL: llvm.func @reduce_and_wait
// CHECK: "@$0 cp.reduce.async.bulk.tensor.2d.global.shared::cta.max.tile.bulk_group [$1, {$2, $3}], [$4];"
// CHECK: "@$0 mbarrier.arrive.shared::cta.b64 _, [$1], 2;"
// CHECK: @!$2 bra.uni skipWait;
// An arrive of each warp group: thread id % 128 == 0, and the predicate.
// CHECK: %[[LANE:.*]] = llvm.urem %{{.*}}, %{{.*}} : i32
// CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[LANE]]
// CHECK: %[[PRED:.*]] = llvm.and %[[FIRST]], %{{.*}} : i1
// CHECK: "@$0 mbarrier.arrive.shared::cta.b64 _, [$1], 1;", "b,r" %[[PRED]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 32}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reduce_and_wait(%d: !tt.tensordesc<tensor<8x8xi32, #shared>>, %x: i32, %v: tensor<8x8xi32, #blocked>, %p: i1, %ph: i32) {
    %buf = ttg.local_alloc %v : (tensor<8x8xi32, #blocked>) -> !ttg.memdesc<8x8xi32, #shared, #smem>
    ttng.async_tma_reduce max, %d[%x, %x] %buf : !tt.tensordesc<tensor<8x8xi32, #shared>>, !ttg.memdesc<8x8xi32, #shared, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.arrive_barrier %bar, 2, %p : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.wait_barrier %bar, %ph, %p : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.arrive_barrier %bar, 1, %p {perWarpGroup} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

// A matmul epilogue: the f16 accumulator goes to the TMA store's buffer
// with stmatrix, four 8x8 matrices per instruction (8 per thread here).
// CHECK-LABEL: llvm.func @epilogue_stmatrix
// CHECK-COUNT-8: "stmatrix.sync.aligned.m8n8.x4.shared.b16 [$0], { $1, $2, $3, $4 };", "r,r,r,r,r"
// CHECK-NOT: stmatrix
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @epilogue_stmatrix(%d: !tt.tensordesc<tensor<64x128xf16, #shared>>, %x: i32, %v: tensor<64x128xf16, #mma>) {
    %buf = ttg.local_alloc %v : (tensor<64x128xf16, #mma>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %d[%x, %x] %buf : !tt.tensordesc<tensor<64x128xf16, #shared>>, !ttg.memdesc<64x128xf16, #shared, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

// -----

// A device-side tensor map: the program's scratch slice (first hidden
// argument), built in shared memory by warp 0 and released to the tensor
// map proxy, then acquired and used through a generic pointer.
// CHECK-LABEL: llvm.func @device_map
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: llvm.getelementptr %arg{{[0-9]+}}[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
// CHECK: "bar.warp.sync -1;"
// CHECK: "@$0 tensormap.replace.tile.global_address.shared::cta.b1024.b64 [$1], $2;", "b,r,l"
// CHECK: "@$0 tensormap.replace.tile.rank.shared::cta.b1024.b32 [$1], $2;"
// CHECK: "@$0 tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [$1], 0, $2;"
// CHECK: "@$0 tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [$1], 0, $2;", "b,r,l"
// CHECK: "@$0 tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [$1], 6;", "b,r"
// CHECK: "@$0 tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [$1], 3;", "b,r"
// CHECK: "@$0 tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [$1], [$2], 128;", "b,l,r"
// CHECK: nvvm.barrier
// CHECK: "fence.proxy.tensormap::generic.acquire.gpu [$0], 128;", "l"
// CHECK: llvm.addrspacecast %{{.*}} : !llvm.ptr<1> to !llvm.ptr
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 128 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @device_map(%p: !tt.ptr<f16>, %m: i32, %n: i32, %s: i64) {
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %map = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32, ttg.global_scratch_memory_offset = 0 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %map, %p, [%c64, %c64], [%n, %m], [%s], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %map : !tt.ptr<i8>
    %d = ttng.reinterpret_tensor_descriptor %map : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16, #shared>>
    tt.return
  }
}
