// RUN: not triton-opt %s --tritongpu-global-scratch-memory-allocation 2>&1 | FileCheck %s --check-prefix=ERR

// Device functions get no global scratch of their own.
// ERR: error: 'ttg.global_scratch_alloc' op global scratch memory is allocated in kernels only, not in device functions
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @device() attributes {noinline = true} {
    %a = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    tt.return
  }
}
