// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-each | FileCheck %s
// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s --check-prefix=DESC
// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s --check-prefix=WG

// Both operands in shared memory (mm_f16_128x128x64_w4): 2 M reps x 4 K
// steps of m64n128k16; A is K-major (128B swizzle, SBO 1024 B, LBO unused),
// B is N-major (SBO 1024 B between 8-row K groups, LBO 8192 B to the next
// 64 columns). The descriptors are Triton's: base field + these constants.
// CHECK-LABEL: llvm.func @mm_f16_shared
// CHECK: fence.proxy.async.shared::cta;
// CHECK: nvvm.barrier0
// CHECK: wgmma.fence.sync.aligned;
// DESC-LABEL: llvm.func @mm_f16_shared
// DESC-DAG: llvm.mlir.constant(4611686293305294848 : i64)
// DESC-DAG: llvm.mlir.constant(4611686293338849280 : i64)
// DESC-DAG: llvm.mlir.constant(4611686293305295366 : i64)
// DESC-DAG: llvm.mlir.constant(4611686293338849664 : i64)
// DESC-LABEL: llvm.func @attn_reg_a
// One warp group: its first warp is 0 and no warp id shuffle is built
// (the stores into shared memory use tid / 32).
// WG-LABEL: llvm.func @mm_f16_shared
// WG-NOT: nvvm.shfl
// WG: llvm.return
// CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {$0,$1,{{.*}}$63}, $128, $129, 1, 1, 1, 0, 1;
// CHECK-NOT: wgmma.mma_async
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mm_f16_shared(%a: tensor<128x64xf16, #blocked1>, %b: tensor<64x128xf16, #blocked>, %acc: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> {
    %a_s = ttg.local_alloc %a : (tensor<128x64xf16, #blocked1>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %b_s = ttg.local_alloc %b : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    %d = ttng.warp_group_dot %a_s, %b_s, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
    %w:3 = ttng.warp_group_dot_wait %d, %a_s, %b_s {pendings = 0 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>
    tt.return %w#0 : tensor<128x128xf32, #mma>
  }
}

// -----

// A from registers (attention's P @ V, attn_d64_full_w4): four 32-bit
// registers of f16 pairs per instruction, then B's descriptor; B is
// N-major (imm-trans-b 1) and no trans-a is written. The accumulator is a
// zero constant: the first K step has scale-d 0 and no accumulator input.
// The 16 A registers are all written before wgmma.fence (one asm pins
// them), else ptxas would add a warpgroup.arrive before every mma.
// CHECK-LABEL: llvm.func @attn_reg_a
// CHECK: "// wgmma operands ready", "=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"
// CHECK-NEXT: llvm.extractvalue
// CHECK: wgmma.fence.sync.aligned;
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0,{{.*}},$31}, { $32, $33, $34, $35 }, $36, 0, 1, 1, 1;", "=f,{{.*}},=f,r,r,r,r,l"
// CHECK-COUNT-3: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0,{{.*}},$31}, { $64, $65, $66, $67 }, $68, 1, 1, 1, 1;
// CHECK-NOT: wgmma.mma_async
// CHECK: wgmma.commit_group.sync.aligned;
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @attn_reg_a(%p: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %v: tensor<64x64xf16, #blocked>) -> tensor<64x64xf32, #mma> {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %v_s = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %d = ttng.warp_group_dot %p, %v_s, %zero {inputPrecision = 0 : i32, isAsync = true} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    %w:2 = ttng.warp_group_dot_wait %d, %v_s {pendings = 0 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return %w#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// fp8 (mm_e4m3_128x128x64_w4): both K-major (64B swizzle: SBO 512 B), no
// transpose immediates. maxNumImpreciseAcc = 32 < K: every K step
// accumulates into a fresh f32 partial sum, added into the accumulator.
// CHECK-LABEL: llvm.func @e4m3_imprecise
// DESC-LABEL: llvm.func @e4m3_imprecise
// DESC-DAG: llvm.mlir.constant(-9223371899415822336 : i64)
// DESC-LABEL: llvm.func @i8_sync
// CHECK: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e5m2 {$0,{{.*}},$63}, $64, $65, 0, 1, 1;
// CHECK: llvm.fadd
// CHECK: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e5m2 {$0,{{.*}},$63}, $64, $65, 0, 1, 1;
// CHECK: llvm.fadd
// CHECK: wgmma.commit_group.sync.aligned;
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @e4m3_imprecise(%a: tensor<64x64xf8E4M3FN, #blocked>, %b: tensor<64x128xf8E5M2, #blocked>, %acc: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %a_s = ttg.local_alloc %a : (tensor<64x64xf8E4M3FN, #blocked>) -> !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem>
    %b_s = ttg.local_alloc %b : (tensor<64x128xf8E5M2, #blocked>) -> !ttg.memdesc<64x128xf8E5M2, #shared1, #smem>
    %d = ttng.warp_group_dot %a_s, %b_s, %acc {inputPrecision = 0 : i32, isAsync = false, maxNumImpreciseAcc = 32 : i32} : !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem> * !ttg.memdesc<64x128xf8E5M2, #shared1, #smem> -> tensor<64x128xf32, #mma>
    tt.return %d : tensor<64x128xf32, #mma>
  }
}

// -----

// int8 (mm_i8_128x128x64_w4): s32 accumulator in "r" registers, no scale
// immediates; isAsync = false waits right after the commit.
// CHECK-LABEL: llvm.func @i8_sync
// CHECK: wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.s8 {$0,{{.*}},$63}, $128, $129, 1;", "=r,{{.*}},=r,0,1,{{.*}},63,l,l"
// CHECK: wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.s8
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: llvm.inline_asm has_side_effects {{.*}}"wgmma.wait_group.sync.aligned 0;"
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @i8_sync(%a: tensor<64x64xi8, #blocked>, %b: tensor<64x128xi8, #blocked>, %acc: tensor<64x128xi32, #mma>) -> tensor<64x128xi32, #mma> {
    %a_s = ttg.local_alloc %a : (tensor<64x64xi8, #blocked>) -> !ttg.memdesc<64x64xi8, #shared, #smem>
    %b_s = ttg.local_alloc %b : (tensor<64x128xi8, #blocked>) -> !ttg.memdesc<64x128xi8, #shared1, #smem>
    %d = ttng.warp_group_dot %a_s, %b_s, %acc {inputPrecision = 0 : i32, isAsync = false} : !ttg.memdesc<64x64xi8, #shared, #smem> * !ttg.memdesc<64x128xi8, #shared1, #smem> -> tensor<64x128xi32, #mma>
    tt.return %d : tensor<64x128xi32, #mma>
  }
}

// -----

// An f16 accumulator travels as 32 packed i32 registers ("=r"); the wait
// with pendings = 1 ties them through wgmma.wait_group 1. The cluster fence.
// CHECK-LABEL: llvm.func @f16acc_wait1
// CHECK: fence.proxy.async.shared::cluster;
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f16.f16.f16 {$0,{{.*}},$31}, $64, $65, 1, 1, 1, 0, 0;
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK: "wgmma.wait_group.sync.aligned 1;", "=r,{{.*}},=r,0,{{.*}},31"
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f16acc_wait1(%a: tensor<64x16xf16, #blocked>, %b: tensor<16x128xf16, #blocked>, %acc: tensor<64x128xf16, #mma>) -> tensor<64x128xf16, #mma> {
    %a_s = ttg.local_alloc %a : (tensor<64x16xf16, #blocked>) -> !ttg.memdesc<64x16xf16, #shared, #smem>
    %b_s = ttg.local_alloc %b : (tensor<16x128xf16, #blocked>) -> !ttg.memdesc<16x128xf16, #shared1, #smem>
    ttng.fence_async_shared {bCluster = true}
    %d = ttng.warp_group_dot %a_s, %b_s, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x16xf16, #shared, #smem> * !ttg.memdesc<16x128xf16, #shared1, #smem> -> tensor<64x128xf16, #mma>
    %w = ttng.warp_group_dot_wait %d {pendings = 1 : i32} : tensor<64x128xf16, #mma>
    tt.return %w : tensor<64x128xf16, #mma>
  }
}

// -----

// Eight warps are two warp groups: each group's first warp is the
// warp-uniform warp id (a shuffle from lane 0, so that the descriptors
// stay in uniform registers) & ~3, added into the descriptors' base rows.
// The shuffle's source is the bare tid.x / 32, which ptxas knows uniform
// (and then drops the shuffle); the mask to the CTA's 8 warps comes after.
// WG-LABEL: llvm.func @mm_f16_two_groups
// WG: nvvm.barrier0
// WG-NEXT: %[[C5:.*]] = llvm.mlir.constant(5 : i32) : i32
// WG-NEXT: %[[T:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// WG-NEXT: %[[S:.*]] = llvm.lshr %[[T]], %[[C5]] : i32
// WG: %[[W:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[S]],
// WG-NEXT: %[[C7:.*]] = llvm.mlir.constant(7 : i32) : i32
// WG-NEXT: %[[W8:.*]] = llvm.and %[[W]], %[[C7]] : i32
// WG-NEXT: %[[M:.*]] = llvm.mlir.constant(-4 : i32) : i32
// WG-NEXT: llvm.and %[[W8]], %[[M]] : i32
// WG-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// WG-NOT: wgmma.mma_async
// WG: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mm_f16_two_groups(%a: tensor<128x64xf16, #blocked1>, %b: tensor<64x128xf16, #blocked>, %acc: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> {
    %a_s = ttg.local_alloc %a : (tensor<128x64xf16, #blocked1>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %b_s = ttg.local_alloc %b : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    %d = ttng.warp_group_dot %a_s, %b_s, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
    %w:3 = ttng.warp_group_dot_wait %d, %a_s, %b_s {pendings = 0 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>
    tt.return %w#0 : tensor<128x128xf32, #mma>
  }
}

// -----

// Eight warps, A in registers (attention's P x V): both warp groups read
// the same B, so no address depends on the warp and no warp-id shuffle is
// built (LLVM keeps a shuffle even when its result goes unused).
// WG-LABEL: llvm.func @reg_a_two_groups
// WG-NOT: nvvm.shfl.sync
// WG-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// WG-NOT: nvvm.shfl.sync
// WG: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reg_a_two_groups(%p: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %v: tensor<64x64xf16, #blocked>, %acc: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #mma> {
    %v_s = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %d = ttng.warp_group_dot %p, %v_s, %acc {inputPrecision = 0 : i32, isAsync = true} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
    %w:2 = ttng.warp_group_dot_wait %d, %v_s {pendings = 0 : i32} : tensor<128x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return %w#0 : tensor<128x64xf32, #mma>
  }
}

// -----

// @mm_f16_shared with A written as another shared layout that places every
// element alike (a swizzled layout of 16-byte vectors over 8 phases on its
// 128-byte rows; Gluon kernels write #ttg.shared_linear ones): read through
// the #ttg.nvmma_shared layout it equals, with the same descriptors. (B's
// 256-byte rows do not fit that swizzle: the 128-byte #ttg.nvmma_shared
// layout splits them into two 64-column halves.)
// DESC-LABEL: llvm.func @mm_f16_shared_equal_layouts
// DESC-DAG: llvm.mlir.constant(4611686293305294848 : i64)
// DESC-DAG: llvm.mlir.constant(4611686293338849280 : i64)
// DESC-DAG: llvm.mlir.constant(4611686293305295366 : i64)
// DESC-DAG: llvm.mlir.constant(4611686293338849664 : i64)
// CHECK-LABEL: llvm.func @mm_f16_shared_equal_layouts
// CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#sw = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mm_f16_shared_equal_layouts(%a: tensor<128x64xf16, #blocked1>, %b: tensor<64x128xf16, #blocked>, %acc: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> {
    %a_s = ttg.local_alloc %a : (tensor<128x64xf16, #blocked1>) -> !ttg.memdesc<128x64xf16, #sw, #smem>
    %b_s = ttg.local_alloc %b : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    %d = ttng.warp_group_dot %a_s, %b_s, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #sw, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
    %w:3 = ttng.warp_group_dot_wait %d, %a_s, %b_s {pendings = 0 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #sw, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>
    tt.return %w#0 : tensor<128x128xf32, #mma>
  }
}

// -----

// Unswizzled K-major core matrices (a Gluon kernel's #ttg.shared_linear
// layouts, test_mma_shared_inputs): 16-byte rows of K, eight rows back to
// back, then the next row groups (SBO 128 bytes), then the next 8 K (LBO:
// 2048 bytes for A's 128 rows, 512 for B's 32). Descriptor mode 0:
// A = (128 >> 4) << 16 | (128 >> 4) << 32, B = (512 >> 4) << 16 | (128 >> 4) << 32.
// DESC-LABEL: llvm.func @core_matrices
// DESC-DAG: llvm.mlir.constant(34368126976 : i64)
// DESC-DAG: llvm.mlir.constant(34361835520 : i64)
// CHECK-LABEL: llvm.func @core_matrices
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#sa = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [0, 8]]}, alignment = 16>
#sb = #ttg.shared_linear<{offset = [[1, 0], [2, 0], [4, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [8, 0]]}, alignment = 16>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @core_matrices(%a: tensor<128x16xf16, #blocked>, %b: tensor<16x32xf16, #blocked>, %acc: tensor<128x32xf32, #mma>) -> tensor<128x32xf32, #mma> {
    %a_s = ttg.local_alloc %a : (tensor<128x16xf16, #blocked>) -> !ttg.memdesc<128x16xf16, #sa, #smem>
    %b_s = ttg.local_alloc %b : (tensor<16x32xf16, #blocked>) -> !ttg.memdesc<16x32xf16, #sb, #smem>
    ttng.fence_async_shared {bCluster = false}
    %d = ttng.warp_group_dot %a_s, %b_s, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x16xf16, #sa, #smem> * !ttg.memdesc<16x32xf16, #sb, #smem> -> tensor<128x32xf32, #mma>
    %w:3 = ttng.warp_group_dot_wait %d, %a_s, %b_s {pendings = 0 : i32} : tensor<128x32xf32, #mma>, !ttg.memdesc<128x16xf16, #sa, #smem>, !ttg.memdesc<16x32xf16, #sb, #smem>
    tt.return %w#0 : tensor<128x32xf32, #mma>
  }
}

// -----

// Unswizzled M/N-major core matrices (test_mma_shared_inputs' transposed A
// and row-major B with swizzling 0): 16-byte rows along M (A) or N (B),
// eight rows of K back to back; LBO steps along K (8 K: 128 bytes), SBO
// along M/N (8 elements: 256 bytes), both operands transposed (imm-trans
// 1, 1). A = B = (128 >> 4) << 16 | (256 >> 4) << 32.
// DESC-LABEL: llvm.func @core_matrices_mn_major
// DESC: llvm.mlir.constant(68720001024 : i64)
// CHECK-LABEL: llvm.func @core_matrices_mn_major
// CHECK: wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {{.*}}, 1, 1, 1, 1;
// CHECK-NOT: wgmma.mma_async
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#sa = #ttg.shared_linear<{offset = [[1, 0], [2, 0], [4, 0], [0, 1], [0, 2], [0, 4], [0, 8], [8, 0], [16, 0], [32, 0]]}, alignment = 16>
#sb = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0], [4, 0], [8, 0], [0, 8], [0, 16]]}, alignment = 16>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @core_matrices_mn_major(%a: tensor<64x16xf16, #blocked>, %b: tensor<16x32xf16, #blocked>, %acc: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #mma> {
    %a_s = ttg.local_alloc %a : (tensor<64x16xf16, #blocked>) -> !ttg.memdesc<64x16xf16, #sa, #smem>
    %b_s = ttg.local_alloc %b : (tensor<16x32xf16, #blocked>) -> !ttg.memdesc<16x32xf16, #sb, #smem>
    ttng.fence_async_shared {bCluster = false}
    %d = ttng.warp_group_dot %a_s, %b_s, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x16xf16, #sa, #smem> * !ttg.memdesc<16x32xf16, #sb, #smem> -> tensor<64x32xf32, #mma>
    %w:3 = ttng.warp_group_dot_wait %d, %a_s, %b_s {pendings = 0 : i32} : tensor<64x32xf32, #mma>, !ttg.memdesc<64x16xf16, #sa, #smem>, !ttg.memdesc<16x32xf16, #sb, #smem>
    tt.return %w#0 : tensor<64x32xf32, #mma>
  }
}

// -----

// 64 rows on 8 warps (Gluon tutorial 05's small_mma): the accumulator
// layout wraps, so warp group 1 holds the rows of warp group 0 and issues
// the same wgmmas: one M block, 4 N blocks of 16, one K step.
// CHECK-LABEL: llvm.func @wrapped_rows
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 16, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @wrapped_rows(%a: !ttg.memdesc<64x16xf16, #shared, #smem, mutable>, %b: !ttg.memdesc<16x64xf16, #shared1, #smem, mutable>, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x16xf16, #shared, #smem, mutable> * !ttg.memdesc<16x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf32, #mma>
    %w = ttng.warp_group_dot_wait %d {pendings = 0 : i32} : tensor<64x64xf32, #mma>
    tt.return %w : tensor<64x64xf32, #mma>
  }
}
