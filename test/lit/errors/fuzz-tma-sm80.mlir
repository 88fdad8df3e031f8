// A finding of utils/fuzz.py on the TMA seeds (minimised), once a crash:
// LLVM could not select elect.sync below sm_90 (SIGABRT). Now a located error and exit 1.
// RUN: not triton-translate %s --emit=ptx -o /dev/null 2>&1 | FileCheck %s
// CHECK: error: 'ttng.async_tma_copy_global_to_local' op lowers to TMA and mbarrier transactions, which need sm_90 or newer (the target is sm_80)
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @load_one_box(%d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %y: i32) {
    %true = arith.constant true
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%x, %y] %buf, %bar, %true : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    tt.return
  }
}
