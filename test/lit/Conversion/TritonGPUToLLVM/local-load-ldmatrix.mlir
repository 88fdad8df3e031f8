// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-each | FileCheck %s

// mm_f16_16x16x16_w1's operand loads: A (K contiguous in shared memory) with
// one ldmatrix.x4, B (N contiguous) with one ldmatrix.x4.trans; each of the
// four 32-bit words is split into two f16 registers.
// CHECK-LABEL: llvm.func @ldmatrix_f16
// CHECK: nvvm.barrier0
// CHECK: "ldmatrix.sync.aligned.m8n8.x4.shared.b16 { $0, $1, $2, $3 }, [$4];", "=r,=r,=r,=r,r"
// CHECK-COUNT-4: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
// CHECK: "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 { $0, $1, $2, $3 }, [$4];", "=r,=r,=r,=r,r"
// CHECK-NOT: ldmatrix
// CHECK-NOT: llvm.load
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 4, maxPhase = 2, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ldmatrix_f16(%a: tensor<16x16xf16, #blocked>, %b: tensor<16x16xf16, #blocked>) -> (tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>) {
    %sa = ttg.local_alloc %a : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    %sb = ttg.local_alloc %b : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    %la = ttg.local_load %sa : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %lb = ttg.local_load %sb : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    tt.return %la, %lb : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  }
}

// -----

// mm_tf32_64x64x32_w4_sm80: A (f32, K contiguous) loads as b16 pairs with
// 8 ldmatrix.x4 (one f32 per word); B (N contiguous) cannot be transposed
// at 32 bits and stays with the generic one-element loads. The A rows
// of the second half (offset 1024: a bit no thread's row has) are the first
// four bases plus an immediate, so only four bases stay live.
// CHECK-LABEL: llvm.func @ldmatrix_tf32
// CHECK: nvvm.barrier0
// CHECK: %[[B0:.*]] = llvm.getelementptr inbounds %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK-NEXT: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}} %[[B0]]
// CHECK: %[[B1:.*]] = llvm.getelementptr inbounds %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK-NEXT: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}} %[[B1]]
// CHECK-COUNT-2: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK: %[[I0:.*]] = llvm.getelementptr inbounds %[[B0]][1024] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f32
// CHECK-NEXT: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}} %[[I0]]
// CHECK: %[[I1:.*]] = llvm.getelementptr inbounds %[[B1]][1024] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f32
// CHECK-NEXT: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}} %[[I1]]
// CHECK-COUNT-2: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NOT: ldmatrix
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ldmatrix_tf32(%a: tensor<64x32xf32, #blocked1>, %b: tensor<32x64xf32, #blocked>) -> (tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>) {
    %sa = ttg.local_alloc %a : (tensor<64x32xf32, #blocked1>) -> !ttg.memdesc<64x32xf32, #shared, #smem>
    %sb = ttg.local_alloc %b : (tensor<32x64xf32, #blocked>) -> !ttg.memdesc<32x64xf32, #shared1, #smem>
    %la = ttg.local_load %sa : !ttg.memdesc<64x32xf32, #shared, #smem> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    %lb = ttg.local_load %sb : !ttg.memdesc<32x64xf32, #shared1, #smem> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
    tt.return %la, %lb : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
  }
}

// -----

// mm_i8_64x64x64_w4_sm80: A (i8, K contiguous) with 4 ldmatrix.x4, four
// i8 per word; B (N contiguous) has no 8-bit transposing load.
// B's byte loads build their addresses from the warp-uniform warp id (a
// shuffle, which LLVM does not hoist), at the load; the stores and the
// ldmatrix use tid / 32.
// CHECK-LABEL: llvm.func @ldmatrix_i8
// CHECK-NOT: nvvm.shfl
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK: llvm.bitcast %{{.*}} : i32 to vector<4xi8>
// CHECK-COUNT-3: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NOT: ldmatrix
// CHECK: nvvm.shfl.sync idx
// CHECK-NOT: ldmatrix
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 16, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ldmatrix_i8(%a: tensor<64x64xi8, #blocked>, %b: tensor<64x64xi8, #blocked>) -> (tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>) {
    %sa = ttg.local_alloc %a : (tensor<64x64xi8, #blocked>) -> !ttg.memdesc<64x64xi8, #shared, #smem>
    %sb = ttg.local_alloc %b : (tensor<64x64xi8, #blocked>) -> !ttg.memdesc<64x64xi8, #shared1, #smem>
    %la = ttg.local_load %sa : !ttg.memdesc<64x64xi8, #shared, #smem> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    %lb = ttg.local_load %sb : !ttg.memdesc<64x64xi8, #shared1, #smem> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    tt.return %la, %lb : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
  }
}

// -----

// A narrow row (vec = 1: no 16-byte runs in shared memory) leaves the
// load to the generic pattern.
// CHECK-LABEL: llvm.func @no_ldmatrix_unswizzled_vec1
// CHECK-NOT: ldmatrix
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f16
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_ldmatrix_unswizzled_vec1(%a: tensor<16x16xf16, #blocked>) -> tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %sa = ttg.local_alloc %a : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    %la = ttg.local_load %sa : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %la : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}
