// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

// CHECK-LABEL: llvm.func @ids
// CHECK: nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK: nvvm.read.ptx.sreg.ctaid.y : i32
// CHECK: nvvm.read.ptx.sreg.ctaid.z : i32
// CHECK: nvvm.read.ptx.sreg.nctaid.x : i32
// CHECK: nvvm.read.ptx.sreg.nctaid.y : i32
// CHECK: nvvm.read.ptx.sreg.nctaid.z : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ids(%p: !tt.ptr<i32>) {
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = tt.get_program_id z : i32
    %3 = tt.get_num_programs x : i32
    %4 = tt.get_num_programs y : i32
    %5 = tt.get_num_programs z : i32
    %a = arith.addi %0, %1 : i32
    %b = arith.addi %a, %2 : i32
    %c = arith.addi %b, %3 : i32
    %d = arith.addi %c, %4 : i32
    %e = arith.addi %d, %5 : i32
    tt.store %p, %e : !tt.ptr<i32>
    tt.return
  }
}

// -----

// With ttg.num-ctas = 2 a program is a cluster of 2 CTAs (Triton launches
// num_ctas times the grid's CTAs along x, in clusters): its ids and counts
// are the cluster's.
// CHECK-LABEL: llvm.func @cluster_ids
// CHECK-SAME: nvvm.cluster_dim = array<i32: 2, 1, 1>
// CHECK: nvvm.read.ptx.sreg.clusterid.x : i32
// CHECK: nvvm.read.ptx.sreg.clusterid.y : i32
// CHECK: nvvm.read.ptx.sreg.nclusterid.x : i32
// CHECK-NOT: ctaid
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cluster_ids(%p: !tt.ptr<i32>) {
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = tt.get_num_programs x : i32
    %a = arith.addi %0, %1 : i32
    %b = arith.addi %a, %2 : i32
    tt.store %p, %b : !tt.ptr<i32>
    tt.return
  }
}
