// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-each | FileCheck %s

// Registers only (the layouts differ in register order): the result struct
// is the operand's members permuted, no shuffle, no shared memory.
// CHECK-LABEL: llvm.func @regs
// CHECK-NOT: nvvm.shfl
// CHECK-DAG: %[[R0:.*]] = llvm.extractvalue %arg0[0]
// CHECK-DAG: %[[R1:.*]] = llvm.extractvalue %arg0[1]
// CHECK-DAG: %[[R2:.*]] = llvm.extractvalue %arg0[2]
// CHECK-DAG: %[[R3:.*]] = llvm.extractvalue %arg0[3]
// CHECK: llvm.insertvalue %[[R0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[R2]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[R1]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[R3]], %{{.*}}[3]
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#a = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @regs(%x: tensor<256x2xi32, #a>) -> tensor<256x2xi32, #b> attributes {noinline = false} {
    %0 = ttg.convert_layout %x : tensor<256x2xi32, #a> -> tensor<256x2xi32, #b>
    tt.return %0 : tensor<256x2xi32, #b>
  }
}

// -----

// Lanes only: one shfl.sync.idx from the source lane, whose bits are the
// destination lane's bits rotated (dim0 bits 0-2 -> lane bits 2-4, dim1
// bits -> lane bits 0-1): two groups of bits, each moved by one shift, which
// land on different bits (or disjoint).
// CHECK-LABEL: llvm.func @lanes
// CHECK: %[[TIDX:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[TID:.*]] = llvm.and %[[TIDX]]
// CHECK: %[[LANE:.*]] = llvm.and %[[TID]]
// CHECK: %[[WORD:.*]] = llvm.and %[[LANE]], %{{.*}}
// CHECK: %[[C7:.*]] = llvm.mlir.constant(7 : i32)
// CHECK: %[[LOW:.*]] = llvm.and %[[WORD]], %[[C7]]
// CHECK: %[[UP:.*]] = llvm.shl %[[LOW]]
// CHECK: %[[C24:.*]] = llvm.mlir.constant(24 : i32)
// CHECK: %[[HIGH:.*]] = llvm.and %[[WORD]], %[[C24]]
// CHECK: %[[DOWN:.*]] = llvm.lshr %[[HIGH]]
// CHECK: %[[SRC:.*]] = llvm.or disjoint %[[UP]], %[[DOWN]]
// CHECK: nvvm.shfl.sync idx %{{.*}}, %{{.*}}, %[[SRC]], %{{.*}} : f32 -> f32
// CHECK-NOT: nvvm.shfl
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#a = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @lanes(%x: tensor<32x4xf32, #a>) -> tensor<32x4xf32, #b> attributes {noinline = false} {
    %0 = ttg.convert_layout %x : tensor<32x4xf32, #a> -> tensor<32x4xf32, #b>
    tt.return %0 : tensor<32x4xf32, #b>
  }
}

// -----

// A lane bit and a register bit trade places: each destination register
// takes one of two shuffled values (two rounds), chosen by a lane bit.
// CHECK-LABEL: llvm.func @lane_register_swap
// CHECK-COUNT-2: nvvm.shfl.sync idx {{.*}} : i32 -> i32
// CHECK: llvm.select
// CHECK-COUNT-2: nvvm.shfl.sync idx {{.*}} : i32 -> i32
// CHECK: llvm.select
// CHECK-NOT: nvvm.shfl
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#a = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @lane_register_swap(%x: tensor<64x4xf16, #a>) -> tensor<64x4xf16, #b> attributes {noinline = false} {
    %0 = ttg.convert_layout %x : tensor<64x4xf16, #a> -> tensor<64x4xf16, #b>
    tt.return %0 : tensor<64x4xf16, #b>
  }
}

// -----

// Two register bits trade places with lane bits (4 registers of 16 values
// over 4 lanes -> 1 register over 16 lanes): shuffles would take four
// rounds and three selects per register, so, as in Triton 3.6 (two or more
// mixed transpositions), the conversion goes through shared memory: one
// 16-byte store, a barrier, one load; 64 bytes of scratch.
// CHECK: ttg.shared = 64
// CHECK-LABEL: llvm.func @two_lane_register_swaps
// CHECK-NOT: nvvm.shfl
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: nvvm.shfl
// CHECK: llvm.return
#a = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @two_lane_register_swaps(%x: tensor<16xf32, #ttg.slice<{dim = 1, parent = #a}>>) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #b}>> attributes {noinline = false} {
    %0 = ttg.convert_layout %x : tensor<16xf32, #ttg.slice<{dim = 1, parent = #a}>> -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #b}>>
    tt.return %0 : tensor<16xf32, #ttg.slice<{dim = 1, parent = #b}>>
  }
}

// -----

// Across warps: through the op's scratch memory in one round, stored and
// loaded as 128-bit vectors (the swizzled tile's vector is the two register
// bases both layouts share), one barrier between the write and the read.
// i1 travels as i8, pointers as i64 (64-bit elements: two rounds).
// CHECK: llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// Offsets the thread's offset never touches are added as constants to a
// few per-thread bases ([base + imm] in PTX): two bases for the stores.
// CHECK-LABEL: llvm.func @transpose
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem
// CHECK: %[[S0:.*]] = llvm.getelementptr inbounds %[[SMEM]][%{{.*}}] : (!llvm.ptr<3>, i32)
// CHECK: %[[S1:.*]] = llvm.getelementptr inbounds %[[SMEM]][%{{.*}}] : (!llvm.ptr<3>, i32)
// CHECK: llvm.getelementptr inbounds %[[S0]][128] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f32
// CHECK: llvm.getelementptr inbounds %[[S1]][384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f32
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: llvm.store
// CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @transpose_i1
// CHECK-COUNT-16: llvm.zext %{{.*}} : i1 to i8
// CHECK: llvm.store %{{.*}} : vector<16xi8>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xi8>
// CHECK: llvm.icmp "ne"
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @transpose_ptr
// CHECK: llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
// CHECK-COUNT-8: llvm.store %{{.*}} : vector<2xi64>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-8: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<2xi64>
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: llvm.store %{{.*}} : vector<2xi64>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-8: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<2xi64>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
// CHECK: llvm.return
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @transpose(%x: tensor<64x64xf32, #a>) -> tensor<64x64xf32, #b> attributes {noinline = false} {
    %0 = ttg.convert_layout %x : tensor<64x64xf32, #a> -> tensor<64x64xf32, #b>
    tt.return %0 : tensor<64x64xf32, #b>
  }
  tt.func public @transpose_i1(%x: tensor<64x64xi1, #a>) -> tensor<64x64xi1, #b> attributes {noinline = false} {
    %0 = ttg.convert_layout %x : tensor<64x64xi1, #a> -> tensor<64x64xi1, #b>
    tt.return %0 : tensor<64x64xi1, #b>
  }
  tt.func public @transpose_ptr(%x: tensor<64x64x!tt.ptr<f16>, #a>) -> tensor<64x64x!tt.ptr<f16>, #b> attributes {noinline = false} {
    %0 = ttg.convert_layout %x : tensor<64x64x!tt.ptr<f16>, #a> -> tensor<64x64x!tt.ptr<f16>, #b>
    tt.return %0 : tensor<64x64x!tt.ptr<f16>, #b>
  }
}

// -----

// f16 128x128 transposed: of Triton 3.6's instruction pairs, 16-byte
// st.shared rows read back with ldmatrix.trans have no bank conflicts and
// the most rounds: 4 rounds of 8 KiB (the generic ld/st tile would take the
// whole 32 KiB in one).
// CHECK: ttg.shared = 8192
// CHECK-LABEL: llvm.func @rounds
// CHECK-COUNT-4: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK: llvm.return
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @rounds(%x: tensor<128x128xf16, #a>) -> tensor<128x128xf16, #b> attributes {noinline = false} {
    %0 = ttg.convert_layout %x : tensor<128x128xf16, #a> -> tensor<128x128xf16, #b>
    tt.return %0 : tensor<128x128xf16, #b>
  }
}

// -----

// A tensor split over a 2-CTA cluster (rows 64-127 in CTA 1), both sides
// with the same CTA split: each CTA converts its own 64 x 64 part through a
// 16 KiB tile, exactly the code of the one-CTA 64 x 64 conversion (Gluon's
// test_mma_shared_inputs with ctas_per_cga = [2, 1]).
// CHECK: ttg.shared = 16384
// CHECK-LABEL: llvm.func @cluster_rows
// CHECK-COUNT-8: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = [[1, 0]], instrShape = [16, 64, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @cluster_rows(%x: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #blocked> attributes {noinline = false} {
    %0 = ttg.convert_layout %x : tensor<128x64xf32, #mma> -> tensor<128x64xf32, #blocked>
    tt.return %0 : tensor<128x64xf32, #blocked>
  }
}

// -----

// A rank-3 wgmma layout (instrShape [M, N, K]: a batch of 1 per
// instruction; Gluon's test_convert2d_layouts slices a dot operand of one)
// converts like any distributed layout.
// CHECK-LABEL: llvm.func @mma_v3_rank3
// CHECK: llvm.return
#mma3 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1, 1], instrShape = [16, 32, 16]}>
#b3 = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 4, 8], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @mma_v3_rank3(%x: tensor<4x16x32xf32, #mma3>) -> tensor<4x16x32xf32, #b3> attributes {noinline = false} {
    %0 = ttg.convert_layout %x : tensor<4x16x32xf32, #mma3> -> tensor<4x16x32xf32, #b3>
    tt.return %0 : tensor<4x16x32xf32, #b3>
  }
}
