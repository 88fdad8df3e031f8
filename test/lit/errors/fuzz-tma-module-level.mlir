// A finding of utils/fuzz.py on the TMA seeds (minimised), once a crash:
// a TMA op at module level was converted into a module-level NVVM op that translation dereferenced (SIGSEGV). Now a located error and exit 1.
// RUN: not triton-translate %s --emit=ptx -o /dev/null 2>&1 | FileCheck %s
// CHECK: error: 'ttng.async_tma_store_wait' op lies outside any function; only functions are lowered at module level
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k() {
    tt.return
  }
  ttng.async_tma_store_wait {pendings = 0 : i32}
}
