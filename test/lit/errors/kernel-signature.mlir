// A kernel that returns a value or takes a shared-memory pointer is refused
// by every tool that compiles it, from TTIR (the ttir pipeline) and from
// TTGIR (the llir pipeline, where TTGIR input starts), with a location and
// exit 1 (both used to compile to a cubin).
// RUN: not triton-translate %s --emit=ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=TTIR
// RUN: sed 's/^module {/module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {/' %s > %t.ttgir
// RUN: not triton-translate %t.ttgir --emit=ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=TTGIR
// RUN: sh -c 'triton-translate %t.ttgir --emit=ptx -o /dev/null >/dev/null 2>&1; test $? -eq 1'
// RUN: not triton-aot compile %s --grid 1 --target sm_90a -o %t.aot 2>&1 | FileCheck %s --check-prefix=TTIR

// TTIR: kernel-signature.mlir:[[@LINE+4]]:3: error: kernel @k returns 'i32'
// TTIR: kernel-signature.mlir:[[@LINE+3]]:30: error: kernel @k argument #1 is '!tt.ptr<f32, 3>'
// TTGIR: error: kernel @k returns 'i32'
module {
  tt.func public @k(%p: i32, %q: !tt.ptr<f32, 3>) -> i32 {
    tt.return %p : i32
  }
}
