// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-each | FileCheck %s

// memdesc_trans permutes the view's origin; the transposed B of
// mm_f16_bt_128x128x64_w4 is then K-major for wgmma (imm-trans-b 0, SBO
// 1024 B between 8-column groups of N).
// CHECK-LABEL: llvm.func @trans_b
// CHECK: llvm.mlir.constant(4611686293305294848 : i64)
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, 1, 1, 0, 0;
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @trans_b(%a: tensor<64x64xf16, #blocked>, %b: tensor<128x64xf16, #blocked>, %acc: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %a_s = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %b_s = ttg.local_alloc %b : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %b_t = ttg.memdesc_trans %b_s {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
    %d = ttng.warp_group_dot %a_s, %b_t, %acc {inputPrecision = 0 : i32, isAsync = false} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<64x128xf32, #mma>
    tt.return %d : tensor<64x128xf32, #mma>
  }
}

// -----

// memdesc_subslice adds its offsets to the origin, which the local_load's
// addressing xors into the coordinates. (memdesc_index: below.)
// CHECK-LABEL: llvm.func @index_subslice
// CHECK: %[[SIXTEEN:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: llvm.add %{{.*}}, %[[SIXTEEN]] : i32
// CHECK: llvm.xor
// CHECK: llvm.load
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @index_subslice(%i: i32) -> tensor<16x16xf16, #blocked> {
    %one = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %tile = ttg.memdesc_subslice %one[0, 16] : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable, 32x32>
    %x = ttg.local_load %tile : !ttg.memdesc<16x16xf16, #shared, #smem, mutable, 32x32> -> tensor<16x16xf16, #blocked>
    tt.return %x : tensor<16x16xf16, #blocked>
  }
}

// -----

// memdesc_reshape of a whole buffer keeps its base, origin 0.
// CHECK-LABEL: llvm.func @reshape
// CHECK: llvm.mlir.addressof @global_smem
// CHECK-NOT: llvm.mul
// CHECK: llvm.load
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reshape() -> tensor<1024xf32, #blocked> {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x32xf32, #shared, #smem, mutable>
    %flat = ttg.memdesc_reshape %buf : !ttg.memdesc<32x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<1024xf32, #shared1, #smem, mutable>
    %x = ttg.local_load %flat : !ttg.memdesc<1024xf32, #shared1, #smem, mutable> -> tensor<1024xf32, #blocked>
    tt.return %x : tensor<1024xf32, #blocked>
  }
}

// -----

// memdesc_index steps by one buffer of the CTA's part: in a cluster of 2
// CTAs splitting N (CGALayout [[0, 1]]), a 16x128 f16 buffer holds 16x64
// in each CTA, 2048 bytes, as the allocation lays them out.
// CHECK-LABEL: llvm.func @index_in_cluster
// CHECK: %[[STRIDE:.*]] = llvm.mlir.constant(2048 : i32) : i32
// CHECK: llvm.mul %{{.*}}, %[[STRIDE]] : i32
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @index_in_cluster(%i: i32) {
    %bufs = ttg.local_alloc : () -> !ttg.memdesc<4x16x128xf16, #shared, #smem, mutable>
    %b = ttg.memdesc_index %bufs[%i] : !ttg.memdesc<4x16x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x128xf16, #shared, #smem, mutable>
    ttg.local_dealloc %bufs : !ttg.memdesc<4x16x128xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// memdesc_reinterpret of a subview holding a contiguous range of its buffer
// (the second half of a 2048-byte i8 buffer, Gluon's test_slice_reinterpret):
// the base moves to the range's start (origin 1024 through the inverse
// layout, low bits cleared, times 1 byte), the origin becomes 0.
// CHECK-LABEL: llvm.func @reinterpret_subview
// CHECK: %[[ORIGIN:.*]] = llvm.mlir.constant(1024 : i32) : i32
// CHECK: %[[MASK:.*]] = llvm.mlir.constant(-1024 : i32) : i32
// CHECK: %[[START:.*]] = llvm.and %{{.*}}, %[[MASK]] : i32
// CHECK: %[[BYTES:.*]] = llvm.mul %[[START]], %{{.*}} : i32
// CHECK: llvm.getelementptr %{{.*}}[%[[BYTES]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: llvm.store
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reinterpret_subview(%v: tensor<32x8xi32, #blocked>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2048xi8, #shared, #smem, mutable>
    %half = ttg.memdesc_subslice %buf[1024] : !ttg.memdesc<2048xi8, #shared, #smem, mutable> -> !ttg.memdesc<1024xi8, #shared, #smem, mutable, 2048>
    %words = ttg.memdesc_reinterpret %half : !ttg.memdesc<1024xi8, #shared, #smem, mutable, 2048> -> !ttg.memdesc<32x8xi32, #shared1, #smem, mutable>
    ttg.local_store %v, %words : tensor<32x8xi32, #blocked> -> !ttg.memdesc<32x8xi32, #shared1, #smem, mutable>
    tt.return
  }
}
