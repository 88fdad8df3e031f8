// RUN: triton-opt %s --convert-scf-to-cf --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

// tl.range(..., disable_licm=True) puts llvm.loop_annotation on the loop;
// convert-scf-to-cf copies it to the back edge, where the LLVM branch
// carries it as its own loop_annotation (!llvm.loop with llvm.licm.disable
// in the LLVM IR; Triton's test_disable_licm). Other branches get none.
// CHECK: #[[LICM:.*]] = #llvm.loop_licm<disable = true>
// CHECK: #[[LOOP:.*]] = #llvm.loop_annotation<licm = #[[LICM]]>
// CHECK-LABEL: llvm.func @for_no_licm
// CHECK: llvm.br ^{{bb[0-9]+}}(%{{.*}} : i32){{$}}
// CHECK: llvm.br ^{{bb[0-9]+}}(%{{.*}} : i32) {loop_annotation = #[[LOOP]]}
// CHECK-NOT: llvm.loop_annotation
#loop_annotation = #llvm.loop_annotation<licm = <disable = true>>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @for_no_licm(%n: i32, %p: !tt.ptr<i32>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %q = tt.addptr %p, %i : !tt.ptr<i32>, i32
      tt.store %q, %i : !tt.ptr<i32>
    } {llvm.loop_annotation = #loop_annotation}
    tt.return
  }
}
