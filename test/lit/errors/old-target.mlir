// Triton 3.6 compiles for compute capability 8.0 and newer: an older target,
// given on the command line or carried by the module, is refused with a
// location and exit 1 (cuda:70 used to be turned into PTX).
// RUN: not triton-translate %s --emit=ptx --target=sm_75 -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: sed 's/^module {/module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:70"} {/' %s > %t.mlir
// RUN: not triton-translate %t.mlir --emit=ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=ATTR
// RUN: sh -c 'triton-translate %t.mlir --emit=ptx -o /dev/null >/dev/null 2>&1; test $? -eq 1'

// FLAG: error: unknown --target 'sm_75' (expected cuda:90, sm_90a, sm_80, ...)
// ATTR: error: unknown ttg.target 'cuda:70' (expected cuda:80 or newer)
module {
  tt.func public @k(%p: !tt.ptr<f32>) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %a = tt.addptr %s, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %v = tt.load %a : tensor<128x!tt.ptr<f32>>
    tt.store %a, %v : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}
