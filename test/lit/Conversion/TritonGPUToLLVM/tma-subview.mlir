// RUN: triton-translate %s --emit=llvmir | FileCheck %s

// TMA copies into and out of a view of a larger buffer (Gluon's
// `smem.slice`, test_core.py's test_tma_slice): the rows 128-255 of a
// 256x128 f32 buffer with a 128-byte swizzle. The descriptor's 128x128
// block is four 128x32 boxes; in the buffer each 32-column block spans all
// 256 rows (32 KB), and the view starts 128 rows (16 KB) into it. Warp w
// moves box w: columns 32w, at 16 KB + 32 KB * w (the bits of w: 1 << 15
// and 1 << 16 bytes), for the load and the store alike.
// CHECK-LABEL: define ptx_kernel void @slice_copy
// CHECK: %[[W0:[0-9]+]] = and i32 %{{[0-9]+}}, 1,
// CHECK: %[[X0:[0-9]+]] = shl nuw nsw i32 %[[W0]], 5
// CHECK: %[[B0:[0-9]+]] = shl nuw nsw i32 %[[W0]], 15
// CHECK: %[[W1:[0-9]+]] = and i32 %{{[0-9]+}}, 1,
// CHECK: %[[X1:[0-9]+]] = shl nuw nsw i32 %[[W1]], 6
// CHECK: %[[X:[0-9]+]] = or disjoint i32 %[[X1]], %[[X0]]
// CHECK: %[[B1:[0-9]+]] = shl nuw nsw i32 %[[W1]], 16
// CHECK: %[[P0:[0-9]+]] = getelementptr i8, ptr addrspace(3) @global_smem, i32 %[[B0]]
// CHECK: %[[P1:[0-9]+]] = getelementptr i8, ptr addrspace(3) %[[P0]], i32 %[[B1]]
// CHECK: %[[P:[0-9]+]] = getelementptr i8, ptr addrspace(3) %[[P1]], i32 16384
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes{{.*}}(i1 %{{.*}}, ptr addrspace(3) %[[P]], ptr nonnull %0, i32 %[[X]], i32 0,
// CHECK: getelementptr i8, ptr addrspace(3) %{{.*}}, i32 16384
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @slice_copy(%in: !tt.tensordesc<tensor<128x128xf32, #shared>>, %out: !tt.tensordesc<tensor<128x128xf32, #shared>>) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %smem = ttg.local_alloc : () -> !ttg.memdesc<256x128xf32, #shared, #smem, mutable>
    %s1 = ttg.memdesc_subslice %smem[128, 0] : !ttg.memdesc<256x128xf32, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf32, #shared, #smem, mutable, 256x128>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 65536, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %in[%c0, %c0] %s1, %bar, %true : !tt.tensordesc<tensor<128x128xf32, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x128xf32, #shared, #smem, mutable, 256x128>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_local_to_global %out[%c0, %c0] %s1 : !tt.tensordesc<tensor<128x128xf32, #shared>>, !ttg.memdesc<128x128xf32, #shared, #smem, mutable, 256x128>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}
