// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-each | FileCheck %s

// #ttg.padded_shared (Gluon's test_padded_shared_layout_subslice): each
// element's offset through the inverse of the linear component, then
// offset + (offset >> 5) << 2 for 4 elements of padding after every 32. The
// buffer is 64 * 64 + 127 * 4 i32, 18416 bytes. A subslice's origin is
// xor-ed into the coordinates before the padding is added.
// CHECK: ttg.shared = 18416 : i32
// CHECK-LABEL: llvm.func @padded_subslice
// CHECK: %[[BLOCKS:.*]] = llvm.lshr %[[OFF:[0-9]+]], %{{.*}} : i32
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[PAD:.*]] = llvm.shl %[[BLOCKS]], %[[TWO]] : i32
// CHECK-NEXT: %[[PADDED:.*]] = llvm.add %[[OFF]], %[[PAD]] : i32
// CHECK-NEXT: llvm.getelementptr %{{.*}}[%[[PADDED]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
// CHECK: llvm.store
// CHECK: llvm.xor
// CHECK: llvm.lshr
// CHECK: llvm.load
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
#padded = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @padded_subslice(%v: tensor<64x64xi32, #blocked>) -> tensor<16x16xi32, #blocked> {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xi32, #padded, #smem, mutable>
    ttg.local_store %v, %buf : tensor<64x64xi32, #blocked> -> !ttg.memdesc<64x64xi32, #padded, #smem, mutable>
    %rows = ttg.memdesc_subslice %buf[48, 0] : !ttg.memdesc<64x64xi32, #padded, #smem, mutable> -> !ttg.memdesc<16x64xi32, #padded, #smem, mutable, 64x64>
    %tile = ttg.memdesc_subslice %rows[0, 16] : !ttg.memdesc<16x64xi32, #padded, #smem, mutable, 64x64> -> !ttg.memdesc<16x16xi32, #padded, #smem, mutable, 64x64>
    %x = ttg.local_load %tile : !ttg.memdesc<16x16xi32, #padded, #smem, mutable, 64x64> -> tensor<16x16xi32, #blocked>
    tt.return %x : tensor<16x16xi32, #blocked>
  }
}

// -----

// Vectors stop at the smallest interval or padding: f16 rows of 8 elements
// per thread, 2 elements of padding after every 64, are stored 2 at a time
// (4 bytes), not as one 16-byte vector.
// CHECK-LABEL: llvm.func @padded_vectors
// CHECK-COUNT-4: llvm.store %{{.*}} : vector<2xf16>, !llvm.ptr<3>
// CHECK-NOT: llvm.store
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#padded = #ttg.padded_shared<[64:+2] {order = [1, 0], shape = [16, 64]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @padded_vectors(%v: tensor<16x64xf16, #blocked>) {
    %buf = ttg.local_alloc %v : (tensor<16x64xf16, #blocked>) -> !ttg.memdesc<16x64xf16, #padded, #smem>
    tt.return
  }
}

