// RUN: triton-opt %s --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-each | FileCheck %s

// ttng.named_barrier_arrive / _wait become bar.arrive / bar.sync on the
// barrier and thread count they name; ttng.warp_group_id is tid.x / 128.
// CHECK-LABEL: llvm.func @named_barriers
// CHECK: %[[C128:.+]] = llvm.mlir.constant(128 : i32)
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK: %[[TID:.+]] = llvm.and
// CHECK: %[[WG:.+]] = llvm.udiv %[[TID]], %[[C128]]
// CHECK: %[[ID:.+]] = llvm.add %[[WG]]
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "bar.arrive $0, $1;", "r,r" %[[ID]], %{{.+}}
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "bar.sync $0, $1;", "r,r"
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @named_barriers() {
    %c14 = arith.constant 14 : i32
    %c256 = arith.constant 256 : i32
    %wg = ttng.warp_group_id : i32
    %id = arith.addi %c14, %wg : i32
    ttng.named_barrier_arrive %id, %c256 : i32, i32
    ttng.named_barrier_wait %c14, %c256 : i32, i32
    tt.return
  }
}
