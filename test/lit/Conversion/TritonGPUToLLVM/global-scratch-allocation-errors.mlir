// RUN: not triton-opt %s --tritongpu-global-scratch-memory-allocation 2>&1 | FileCheck %s --check-prefix=ERR

// A frame per function needs a call graph without cycles (recursion is
// refused earlier too; this pass does not rely on it).
// ERR: error: 'tt.func' op calls itself; a global scratch frame needs a call graph without cycles
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @device() attributes {noinline = true} {
    %a = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    tt.call @device() : () -> ()
    tt.return
  }
  tt.func public @kernel() {
    tt.call @device() : () -> ()
    tt.return
  }
}
