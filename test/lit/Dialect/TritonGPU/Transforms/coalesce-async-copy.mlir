// RUN: triton-opt %s -split-input-file -tritongpu-coalesce-async-copy -verify-each | FileCheck %s

// An i8 operand copied for an upcast dot: each thread holds 16 contiguous
// bytes, the swizzled buffer (vec = 8) takes 8 consecutive ones; the
// source, mask and other are converted to sizePerThread = [1, 8] (threads
// spread over the columns, Triton's default distribution) and the copy's
// contiguity is 8. The copy into an nvmma buffer and the one whose layout
// already fits are left alone.
// CHECK-DAG: #[[B8:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @clip
// CHECK: %[[P:.*]] = ttg.convert_layout %arg0 : tensor<64x64x!tt.ptr<i8>, #{{blocked[0-9]*}}> -> tensor<64x64x!tt.ptr<i8>, #[[B8]]>
// CHECK: %[[M:.*]] = ttg.convert_layout %arg2 : tensor<64x64xi1, #{{blocked[0-9]*}}> -> tensor<64x64xi1, #[[B8]]>
// CHECK: %[[O:.*]] = ttg.convert_layout %{{.*}} : tensor<64x64xi8, #{{blocked[0-9]*}}> -> tensor<64x64xi8, #[[B8]]>
// CHECK: ttg.async_copy_global_to_local %[[P]], %arg1 mask %[[M]] other %[[O]] {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<i8>, #[[B8]]>
// CHECK-LABEL: tt.func @fits
// CHECK-NOT: ttg.convert_layout
// CHECK: ttg.async_copy_global_to_local %arg0, %arg1 {contiguity = 8 : i32}
// CHECK-LABEL: tt.func @nvmma
// CHECK-NOT: ttg.convert_layout
// CHECK: ttg.async_copy_global_to_local %arg0, %arg1 {contiguity = 16 : i32}
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked8 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @clip(%p: tensor<64x64x!tt.ptr<i8>, #blocked>, %buf: !ttg.memdesc<64x64xi8, #shared, #smem, mutable>, %m: tensor<64x64xi1, #blocked>) {
    %zero = arith.constant dense<0> : tensor<64x64xi8, #blocked>
    %c = ttg.async_copy_global_to_local %p, %buf mask %m other %zero {contiguity = 16 : i32} : tensor<64x64x!tt.ptr<i8>, #blocked> -> <64x64xi8, #shared, #smem, mutable>
    tt.return
  }
  tt.func @fits(%p: tensor<64x64x!tt.ptr<i8>, #blocked8>, %buf: !ttg.memdesc<64x64xi8, #shared, #smem, mutable>) {
    %c = ttg.async_copy_global_to_local %p, %buf {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<i8>, #blocked8> -> <64x64xi8, #shared, #smem, mutable>
    tt.return
  }
  tt.func @nvmma(%p: tensor<64x64x!tt.ptr<i8>, #blocked>, %buf: !ttg.memdesc<64x64xi8, #nvmma, #smem, mutable>) {
    %c = ttg.async_copy_global_to_local %p, %buf {contiguity = 16 : i32} : tensor<64x64x!tt.ptr<i8>, #blocked> -> <64x64xi8, #nvmma, #smem, mutable>
    tt.return
  }
}
