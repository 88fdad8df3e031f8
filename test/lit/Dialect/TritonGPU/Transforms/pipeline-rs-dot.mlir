// RUN: triton-opt %s -tritongpu-assign-latencies=num-stages=3 -tritongpu-schedule-loops -tritongpu-pipeline=num-stages=3 -verify-each | FileCheck %s

// Mixed precision (mixed_i8bf16_128x128x64_w4_s3): an i8 A loaded into
// registers and upcast for a bf16 wgmma, B through shared memory. As in
// Triton 3.6's TTGIR of the kernel (H100 dump, 2026-11-27):
// - A, read only by local_load, gets num_stages - 1 = 2 buffers, B (read by
//   the wgmma asynchronously) 3, each count with its own insertion and
//   extraction indices: 65536 shared bytes as Triton's, not 73728;
// - the wgmma, whose A the loop rewrites, is split along K into 4 dots of
//   the instruction's K = 16 (A through reshape / trans / split, B through
//   memdesc_subslice), each waited for with pendings = 3.
// CHECK-DAG: #[[SA:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-LABEL: tt.func public @mixed
// CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xi8, #[[SA]], #smem, mutable>
// CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xbf16, #{{shared[0-9]*}}, #smem, mutable>
// CHECK: scf.for {{.*}} -> (tensor<128x128xf32, #mma>, {{.*}}, i32, i32, i32, i32, !ttg.async.token
// CHECK: ttg.async_wait {{.*}} {num = 2 : i32}
// CHECK: ttg.local_load {{.*}} -> tensor<128x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: arith.sitofp
// CHECK: tt.reshape {{.*}} -> tensor<128x2x2x16xbf16
// CHECK: tt.trans {{.*}} {order = array<i32: 0, 3, 2, 1>}
// CHECK-COUNT-3: tt.split
// CHECK-COUNT-4: ttg.convert_layout {{.*}} -> tensor<128x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: %[[B0:.*]] = ttg.memdesc_subslice %{{.*}}[0, 0] : !ttg.memdesc<64x128xbf16, #{{shared[0-9]*}}, #smem, mutable> -> !ttg.memdesc<16x128xbf16, #{{shared[0-9]*}}, #smem, 64x128>
// CHECK-COUNT-3: ttg.memdesc_subslice
// CHECK: %[[D0:.*]] = ttng.warp_group_dot %{{.*}}, %[[B0]], %{{.*}} {inputPrecision = 0 : i32, isAsync = true}
// CHECK-NEXT: %[[W0:.*]]:2 = ttng.warp_group_dot_wait %[[D0]], %[[B0]] {pendings = 3 : i32}
// CHECK-NEXT: ttng.warp_group_dot %{{.*}}, %{{.*}}, %[[W0]]#0
// CHECK-NEXT: ttng.warp_group_dot_wait {{.*}} {pendings = 3 : i32}
// CHECK-NEXT: ttng.warp_group_dot
// CHECK-NEXT: ttng.warp_group_dot_wait {{.*}} {pendings = 3 : i32}
// CHECK-NEXT: ttng.warp_group_dot
// CHECK-NEXT: %[[W3:.*]]:2 = ttng.warp_group_dot_wait {{.*}} {pendings = 3 : i32}
// CHECK: ttg.memdesc_index %[[A]]
// CHECK: ttg.async_copy_global_to_local
// CHECK: ttg.memdesc_index %[[B]]
// CHECK: ttg.async_copy_global_to_local
// CHECK: scf.yield %[[W3]]#0
// CHECK: ttng.warp_group_dot_wait %{{.*}} {pendings = 0 : i32}
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mixed(%pa: tensor<128x64x!tt.ptr<i8>, #blocked> {tt.divisibility = 16 : i32, tt.contiguity = 16 : i32}, %pb: tensor<64x128x!tt.ptr<bf16>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 16 : i32}, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %sa = arith.constant dense<64> : tensor<128x64xi32, #blocked>
    %sb = arith.constant dense<8192> : tensor<64x128xi32, #blocked1>
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %a_ptr = %pa, %b_ptr = %pb) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<i8>, #blocked>, tensor<64x128x!tt.ptr<bf16>, #blocked1>) : i32 {
      %a = tt.load %a_ptr : tensor<128x64x!tt.ptr<i8>, #blocked>
      %ad = ttg.convert_layout %a : tensor<128x64xi8, #blocked> -> tensor<128x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %b = tt.load %b_ptr : tensor<64x128x!tt.ptr<bf16>, #blocked1>
      %bs = ttg.local_alloc %b : (tensor<64x128xbf16, #blocked1>) -> !ttg.memdesc<64x128xbf16, #shared, #smem>
      %af = arith.sitofp %ad : tensor<128x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> to tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = ttng.warp_group_dot %af, %bs, %acc {inputPrecision = 0 : i32} : tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x128xbf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      %a2 = tt.addptr %a_ptr, %sa : tensor<128x64x!tt.ptr<i8>, #blocked>, tensor<128x64xi32, #blocked>
      %b2 = tt.addptr %b_ptr, %sb : tensor<64x128x!tt.ptr<bf16>, #blocked1>, tensor<64x128xi32, #blocked1>
      scf.yield %d, %a2, %b2 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<i8>, #blocked>, tensor<64x128x!tt.ptr<bf16>, #blocked1>
    }
    tt.return %r#0 : tensor<128x128xf32, #mma>
  }
}
