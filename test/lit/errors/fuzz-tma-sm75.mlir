// A finding of utils/fuzz.py on the TMA seeds (minimised), once a crash:
// LLVM could not select the bulk-group wait below sm_90 (SIGABRT). Now a located error and exit 1.
// RUN: not triton-translate %s --emit=ptx -o /dev/null 2>&1 | FileCheck %s
// CHECK: error: 'ttng.async_tma_store_wait' op lowers to TMA and mbarrier transactions, which need sm_90 or newer (the target is sm_75)
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:75", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @store_wait() {
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}
