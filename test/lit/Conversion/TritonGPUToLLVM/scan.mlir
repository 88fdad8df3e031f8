// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s

// The cumsum corpus kernel's scan: 1024 elements over 4 warps, 4
// contiguous elements a thread, 2 chunks (positions 4t..4t+3 and
// 512+4t..). Each chunk: in-thread prefix, shfl.up 1..16 over the lanes;
// lane 31 writes each warp's chunk totals to scratch[warp + 4 * chunk];
// one barrier; every thread combines the totals of the warps before it
// (and of the whole first chunk for the second one); shfl.up 1 gives each
// thread the total of the lane before it.

// CHECK-LABEL: llvm.func @cumsum
// CHECK-COUNT-3: llvm.fadd
// CHECK: nvvm.shfl.sync up %{{.*}}, %{{.*}}, %[[C1:.*]], %{{.*}} : f32 -> f32
// CHECK: nvvm.shfl.sync up %{{.*}}, %{{.*}}, %[[C2:.*]], %{{.*}} : f32 -> f32
// CHECK: nvvm.shfl.sync up
// CHECK: nvvm.shfl.sync up
// CHECK: nvvm.shfl.sync up %{{.*}}, %{{.*}}, %[[C16:.*]], %{{.*}} : f32 -> f32
// CHECK-COUNT-5: nvvm.shfl.sync up
// CHECK: %[[P0:.*]] = llvm.getelementptr %[[SMEM:.*]][%[[W:.*]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %[[P0]], %{{.*}}, %[[WR:.*]] :
// CHECK: %[[W4:.*]] = llvm.add %[[W]], %{{.*}} : i32
// CHECK: %[[P1:.*]] = llvm.getelementptr %[[SMEM]][%[[W4]]]
// CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %[[P1]], %{{.*}}, %[[WR]] :
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: nvvm.shfl.sync up %{{.*}}, %{{.*}}, %[[C1]], %{{.*}} : f32 -> f32
// (the last warp's total of the last chunk is never needed)
// CHECK-COUNT-3: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: nvvm.shfl.sync up %{{.*}}, %{{.*}}, %[[C1]], %{{.*}} : f32 -> f32
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @cumsum(%x: tensor<1024xf32, #blocked>) -> tensor<1024xf32, #blocked> {
    %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.scan.return %s : f32
    }) : (tensor<1024xf32, #blocked>) -> tensor<1024xf32, #blocked>
    tt.return %r : tensor<1024xf32, #blocked>
  }
}

// -----

// reverse, within one warp, 2 chunks: registers scanned last-to-first,
// lanes read from lane + 1, 2, ..., 16 (shfl.idx) under "31 - lane >= k",
// the second chunk (lower positions) gets the first's total from lane 0.

// CHECK-LABEL: llvm.func @reverse_one_warp
// CHECK-NOT: nvvm.barrier0
// CHECK: %[[E0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[E1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: %[[E2:.*]] = llvm.extractvalue %arg0[2]
// CHECK: %[[E3:.*]] = llvm.extractvalue %arg0[3]
// CHECK: %[[S23:.*]] = llvm.add %[[E3]], %[[E2]] : i32
// CHECK: %[[S01:.*]] = llvm.add %[[E1]], %[[E0]] : i32
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[TIDM:.*]] = llvm.and %[[TID]], %{{.*}} : i32
// CHECK: %[[LANE:.*]] = llvm.and %[[TIDM]], %{{.*}} : i32
// CHECK: %[[REV:.*]] = llvm.sub %{{.*}}, %{{.*}} : i32
// CHECK: %[[SRC1:.*]] = llvm.add %[[LANE]], %[[C1:.*]] : i32
// CHECK: nvvm.shfl.sync idx %{{.*}}, %[[S23]], %[[SRC1]], %[[C31:.*]] : i32 -> i32
// CHECK: llvm.icmp "uge" %[[REV]], %[[C1]] : i32
// CHECK-COUNT-9: nvvm.shfl.sync idx
// The first chunk's total, broadcast from lane 0.
// CHECK: %[[LANE0:.*]] = llvm.and %[[LANE]], %{{.*}} : i32
// CHECK: nvvm.shfl.sync idx %{{.*}}, %{{.*}}, %[[LANE0]], %[[C31]] : i32 -> i32
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reverse_one_warp(%x: tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked> {
    %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = true}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked>
    tt.return %r : tensor<128xi32, #blocked>
  }
}

// -----

// Two operands along axis 0 of a 2D layout: lanes 2..4 and warp bit 1 move
// the axis, lane bits 0..1 and warp bit 0 are parallel (8 parallel
// threads), 4 chunks: slot = warpAlongAxis * 8 + parallelId + 16 * chunk,
// the f32 array after the 64 i32s (byte 256). The combiner is applied as
// combine(earlier, later).

// CHECK: ttg.shared = 512 : i32
// CHECK-LABEL: llvm.func @pair_axis0
// CHECK: %[[C4:.*]] = llvm.mlir.constant(4 : i32)
// CHECK: nvvm.shfl.sync up %{{.*}}, %{{.*}}, %[[C4]], %{{.*}} : i32 -> i32
// CHECK: %[[UPF:.*]] = nvvm.shfl.sync up %{{.*}}, %[[F0:.*]], %[[C4]], %{{.*}} : f32 -> f32
// CHECK: llvm.fmul %[[UPF]], %[[F0]] : f32
// CHECK: %[[F32BASE:.*]] = llvm.getelementptr %[[SMEM:.*]][256] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: %[[PAR:.*]] = llvm.or %{{.*}}, %{{.*}} : i32
// CHECK: %[[WRITER:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i32
// CHECK: %[[WOFF:.*]] = llvm.mul %{{.*}}, %{{.*}} : i32
// CHECK: %[[SLOT:.*]] = llvm.add %[[WOFF]], %[[PAR]] : i32
// CHECK: llvm.getelementptr %[[SMEM]][%[[SLOT]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
// CHECK: llvm.getelementptr %[[F32BASE]][%[[SLOT]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK-COUNT-8: st.shared.b32
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-4: llvm.load
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @pair_axis0(%x: tensor<32x16xi32, #blocked>, %y: tensor<32x16xf32, #blocked>) -> (tensor<32x16xi32, #blocked>, tensor<32x16xf32, #blocked>) {
    %r:2 = "tt.scan"(%x, %y) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %af: f32, %b: i32, %bf: f32):
      %s = arith.addi %a, %b : i32
      %m = arith.mulf %af, %bf : f32
      tt.scan.return %s, %m : i32, f32
    }) : (tensor<32x16xi32, #blocked>, tensor<32x16xf32, #blocked>) -> (tensor<32x16xi32, #blocked>, tensor<32x16xf32, #blocked>)
    tt.return %r#0, %r#1 : tensor<32x16xi32, #blocked>, tensor<32x16xf32, #blocked>
  }
}

// -----

// Along axis 1 (the fastest), inside each warp: no scratch.

// CHECK: ttg.shared = 0 : i32
// CHECK-LABEL: llvm.func @axis1_in_warp
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.intr.maxnum
// CHECK: nvvm.shfl.sync up
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @axis1_in_warp(%x: tensor<32x8xf32, #blocked>) -> tensor<32x8xf32, #blocked> {
    %r = "tt.scan"(%x) <{axis = 1 : i32, reverse = false}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.maxnumf %a, %b : f32
      tt.scan.return %s : f32
    }) : (tensor<32x8xf32, #blocked>) -> tensor<32x8xf32, #blocked>
    tt.return %r : tensor<32x8xf32, #blocked>
  }
}
