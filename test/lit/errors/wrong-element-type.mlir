// Element types that do not fit the op.
// RUN: not triton-opt -split-input-file %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: sh -c 'triton-opt -split-input-file %s >/dev/null 2>&1; test $? -eq 1'

// Float addition on integer tensors.
tt.func public @addf_on_ints(%a: tensor<128xi32>) {
  // CHECK: {{.*}}wrong-element-type.mlir:[[@LINE+1]]:8: error: 'arith.addf' op operand #0 must be floating-point-like, but got 'tensor<128xi32>'
  %0 = arith.addf %a, %a : tensor<128xi32>
  tt.return
}

// -----

// A load through f32 pointers whose result is annotated as f16.
tt.func public @load_result_type(%p: tensor<128x!tt.ptr<f32>>) {
  // CHECK: {{.*}}wrong-element-type.mlir:[[@LINE+1]]:8: error: 'tt.load' op failed to verify that result matches ptr type
  %0 = "tt.load"(%p) <{boundaryCheck = array<i32>, cache = 1 : i32, evict = 1 : i32, isVolatile = false, operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<128x!tt.ptr<f32>>) -> tensor<128xf16>
  tt.return
}

// -----

// A splat that changes the element type.
tt.func public @splat_element_type(%x: f32) {
  // CHECK: {{.*}}wrong-element-type.mlir:[[@LINE+1]]:8: error: 'tt.splat' op requires the same element type for all operands and results
  %0 = tt.splat %x : f32 -> tensor<128xf16>
  tt.return
}

// -----

// A floating-point offset for tt.addptr.
tt.func public @addptr_float_offset(%p: !tt.ptr<f32>, %o: f32) {
  // CHECK: {{.*}}wrong-element-type.mlir:[[@LINE+1]]:8: error: 'tt.addptr' op operand #1 must be integer or ranked tensor of integer values, but got 'f32'
  %0 = tt.addptr %p, %o : !tt.ptr<f32>, f32
  tt.return
}
