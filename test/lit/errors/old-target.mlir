// Triton 3.6 compiles for compute capability 7.0 and newer (its own
// test_override_arch compiles for cuda:70): an older target, given on the
// command line or carried by the module, is refused with a location and
// exit 1 (cuda:60 used to be turned into PTX).
// RUN: not triton-translate %s --emit=ptx --target=sm_61 -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: triton-translate %s --emit=ptx --target=sm_70 | FileCheck %s --check-prefix=SM70
// RUN: sed 's/^module {/module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:60"} {/' %s > %t.mlir
// RUN: not triton-translate %t.mlir --emit=ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=ATTR
// RUN: sh -c 'triton-translate %t.mlir --emit=ptx -o /dev/null >/dev/null 2>&1; test $? -eq 1'

// FLAG: error: unknown --target 'sm_61' (expected cuda:90, sm_90a, sm_80, ...)
// SM70: .target sm_70
// ATTR: error: unknown ttg.target 'cuda:60' (expected cuda:70 or newer)
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
