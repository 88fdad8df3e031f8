// A kernel cut off in the middle of its body, as a partial write or a
// truncated copy leaves it: the parser reports where the input ended.
// RUN: not triton-opt %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: sh -c 'triton-opt %s >/dev/null 2>&1; test $? -eq 1'

// CHECK: {{.*}}truncated.mlir:[[# @LINE + 7]]:54: error: expected operation name in quotes
module {
  tt.func public @add_kernel(%x_ptr: !tt.ptr<f32>, %n: i32) {
    %c1024_i32 = arith.constant 1024 : i32
    %pid = tt.get_program_id x : i32
    %offs = arith.muli %pid, %c1024_i32 : i32
    %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %splat = tt.splat %offs : i32 -> tensor<1024xi32>
