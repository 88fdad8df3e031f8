// Regions that end in the wrong terminator.
// RUN: not triton-opt -split-input-file %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: sh -c 'triton-opt -split-input-file %s >/dev/null 2>&1; test $? -eq 1'

// A reduction region must end in tt.reduce.return, not tt.return.
tt.func public @reduce_ends_in_return(%x: tensor<128xf32>) -> f32 {
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    // CHECK: {{.*}}wrong-terminator.mlir:[[@LINE+1]]:5: error: 'tt.return' op expects parent op 'tt.func'
    tt.return %s : f32
  }) : (tensor<128xf32>) -> f32
  tt.return %0 : f32
}

// -----

// tt.reduce.return outside a reduction.
tt.func public @reduce_return_in_func(%x: f32) -> f32 {
  // CHECK: {{.*}}wrong-terminator.mlir:[[@LINE+1]]:3: error: 'tt.reduce.return' op expects parent op 'tt.reduce'
  tt.reduce.return %x : f32
}

// -----

// A scan region ending in tt.reduce.return.
tt.func public @scan_ends_in_reduce_return(%x: tensor<128xf32>) -> tensor<128xf32> {
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    // CHECK: {{.*}}wrong-terminator.mlir:[[@LINE+1]]:5: error: 'tt.reduce.return' op expects parent op 'tt.reduce'
    tt.reduce.return %s : f32
  }) : (tensor<128xf32>) -> tensor<128xf32>
  tt.return %0 : tensor<128xf32>
}

// -----

// A function body with no terminator at all.
tt.func public @no_terminator(%x: i32) {
  // CHECK: {{.*}}wrong-terminator.mlir:[[@LINE+1]]:8: error: block with no terminator, has %0 = "arith.addi"
  %0 = arith.addi %x, %x : i32
}
