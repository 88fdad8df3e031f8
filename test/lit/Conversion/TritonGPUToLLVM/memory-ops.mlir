// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-each | FileCheck %s

// local_alloc with a value stores every register at its swizzled offset in
// the buffer, four consecutive f32 (the swizzle's vec) per st.shared; Membar
// puts one barrier before the local_load reads it back in another layout
// (one element per access: its registers run along the strided dimension);
// local_dealloc disappears. i1 is stored as i8, four per access.
// CHECK: ttg.shared = 4096
// CHECK-LABEL: llvm.func @roundtrip
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK-NOT: llvm.store
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: llvm.store
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @store_i1
// CHECK-COUNT-4: llvm.zext %{{.*}} : i1 to i8
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<4xi8>, !llvm.ptr<3>
// CHECK-COUNT-4: llvm.zext %{{.*}} : i1 to i8
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<4xi8>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<4xi8>
// CHECK: llvm.trunc %{{.*}} : i8 to i1
// CHECK: llvm.return
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#bt = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @roundtrip(%x: tensor<32x32xf32, #b>) -> tensor<32x32xf32, #bt> attributes {noinline = false} {
    %a = ttg.local_alloc %x : (tensor<32x32xf32, #b>) -> !ttg.memdesc<32x32xf32, #shared, #smem>
    %y = ttg.local_load %a : !ttg.memdesc<32x32xf32, #shared, #smem> -> tensor<32x32xf32, #bt>
    ttg.local_dealloc %a : !ttg.memdesc<32x32xf32, #shared, #smem>
    tt.return %y : tensor<32x32xf32, #bt>
  }
  tt.func public @store_i1(%x: tensor<32x32xi1, #b>) -> tensor<32x32xi1, #b> attributes {noinline = false} {
    %a = ttg.local_alloc : () -> !ttg.memdesc<32x32xi1, #shared, #smem, mutable>
    ttg.local_store %x, %a : tensor<32x32xi1, #b> -> !ttg.memdesc<32x32xi1, #shared, #smem, mutable>
    %y = ttg.local_load %a : !ttg.memdesc<32x32xi1, #shared, #smem, mutable> -> tensor<32x32xi1, #b>
    tt.return %y : tensor<32x32xi1, #b>
  }
}

// -----

// Addresses as Triton builds them: a thread's 64 f16 of a 128B-swizzled
// tile (rows 0, 2, ..., 126 of one column, each its own access). Rows mod 8
// move the swizzle phase, which the lane bits also touch, so those register
// bits stay in a runtime base (4 bases: rows 0, 2, 4, 6 mod 8); rows 8 and
// up only add 8 * 64 = 512 elements each, a constant on top of one of the
// bases ([base + immediate] in PTX).
// CHECK-LABEL: llvm.func @additive_offsets
// CHECK: %[[B0:.*]] = llvm.getelementptr inbounds %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK-COUNT-3: llvm.getelementptr inbounds %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK-NOT: llvm.getelementptr inbounds %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32)
// CHECK: llvm.getelementptr inbounds %{{.*}}[512] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f16
// CHECK-NOT: llvm.getelementptr inbounds %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32)
// CHECK: llvm.getelementptr inbounds %[[B0]][7680] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f16
// CHECK-COUNT-64: llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : f16, !llvm.ptr<3>
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @additive_offsets(%x: tensor<128x64xf16, #b>) {
    %a = ttg.local_alloc %x : (tensor<128x64xf16, #b>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    tt.return
  }
}

// -----

// An FMA dot operand (dot_op of a blocked parent) is addressed from
// tid / 32, with no shuffle, so LLVM may hoist its bases out of a loop. (A
// tensor-core operand loaded element by element builds its bases from the
// warp-uniform id at the load instead: local-load-ldmatrix.mlir,
// @ldmatrix_i8.)
// CHECK-LABEL: llvm.func @fma_operand_load
// CHECK-NOT: nvvm.shfl
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// CHECK-NOT: nvvm.shfl
// CHECK: llvm.return
#b = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @fma_operand_load(%x: tensor<32x32xf32, #b>) -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #b}>> {
    %a = ttg.local_alloc %x : (tensor<32x32xf32, #b>) -> !ttg.memdesc<32x32xf32, #shared, #smem>
    %y = ttg.local_load %a : !ttg.memdesc<32x32xf32, #shared, #smem> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #b}>>
    tt.return %y : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #b}>>
  }
}

// -----

// An int8 tile whose registers run along N ([4, 16]: 16 columns, then 4
// rows of K) stored into a K-major buffer (a wgmma B, transposed): the
// registers are reordered so that the 4 rows of one column, consecutive in
// shared memory, make one 32-bit store (16 of them, not 64 byte stores).
// CHECK-LABEL: llvm.func @transposing_store_words
// CHECK-COUNT-16: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<4xi8>, !llvm.ptr<3>
// CHECK-NOT: llvm.store
// CHECK: llvm.return
#b = #ttg.blocked<{sizePerThread = [4, 16], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @transposing_store_words(%x: tensor<64x128xi8, #b>) {
    %0 = ttg.local_alloc %x : (tensor<64x128xi8, #b>) -> !ttg.memdesc<64x128xi8, #shared, #smem>
    tt.return
  }
}
