// A module followed by a stray op: the parser wraps both in an implicit
// outer module. The ttgir pipeline and triton-translate refuse it with a
// location and exit 1 (they used to crash in tritongpu-coalesce).
// RUN: not triton-opt %s --triton-ttgir-pipeline="num-warps=4" 2>&1 | FileCheck %s
// RUN: sh -c 'triton-opt %s --triton-ttgir-pipeline="num-warps=4" >/dev/null 2>&1; test $? -eq 1'
// RUN: not triton-translate %s --emit=ptx -o /dev/null 2>&1 | FileCheck %s
// RUN: sh -c 'triton-translate %s --emit=ptx -o /dev/null >/dev/null 2>&1; test $? -eq 1'

// CHECK: nested-module.mlir:[[@LINE+1]]:1: error: a Triton program is a single module of functions; nested modules are not supported
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
%c = arith.constant 1 : i32
