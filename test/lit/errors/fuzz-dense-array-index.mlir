// A dense array of `index` makes MLIR's own parser fault (it asks `index`
// for a bit width); the tools refuse it first, at its location, with exit 1
// (utils/fuzz.py, seed 62; every tool crashed before).
// RUN: sh -c 'triton-opt %s >/dev/null 2>&1; test $? -eq 1'
// RUN: not triton-opt %s 2>&1 | FileCheck %s
// RUN: sh -c 'triton-translate %s --emit=ptx -o /dev/null >/dev/null 2>&1; test $? -eq 1'
// RUN: not triton-translate %s --emit=ptx -o /dev/null 2>&1 | FileCheck %s
// RUN: not triton-aot compile %s --grid 1 --target sm_90a -o %t.aot 2>&1 | FileCheck %s
// CHECK: fuzz-dense-array-index.mlir:13:29: error: dense arrays of 'index' are not supported (use i32 or i64)
// An `array<index: ...>` in a comment is not looked at.
tt.func @f(%x: tensor<8x2xi32>) {
  // order = array<index: 1, 0>
  %t = tt.trans %x {order = array<index: 1, 0>} : tensor<8x2xi32> -> tensor<2x8xi32>
  tt.return
}
