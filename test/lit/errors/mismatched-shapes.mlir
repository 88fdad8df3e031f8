// Operands whose shapes do not agree.
// RUN: not triton-opt -split-input-file %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: sh -c 'triton-opt -split-input-file %s >/dev/null 2>&1; test $? -eq 1'

// 128 pointers offset by 64 offsets.
tt.func public @addptr_shapes(%p: tensor<128x!tt.ptr<f32>>, %o: tensor<64xi32>) {
  // CHECK: {{.*}}mismatched-shapes.mlir:[[@LINE+1]]:8: error: 'tt.addptr' op all non-scalar operands/results must have the same shape and base type
  %0 = tt.addptr %p, %o : tensor<128x!tt.ptr<f32>>, tensor<64xi32>
  tt.return
}

// -----

// A mask of another shape than the pointers: the custom form takes the
// mask's type from the pointers', so the parser reports the mismatch.
tt.func public @load_mask_shape(%p: tensor<128x!tt.ptr<f32>>, %m: tensor<64xi1>) {
  // CHECK: {{.*}}mismatched-shapes.mlir:[[@LINE+1]]:20: error: use of value '%m' expects different type than prior uses: 'tensor<128xi1>' vs 'tensor<64xi1>'
  %0 = tt.load %p, %m : tensor<128x!tt.ptr<f32>>
  tt.return
}

// -----

// Broadcast may only grow dimensions of size 1.
tt.func public @broadcast_shapes(%x: tensor<2x128xf32>) {
  // CHECK: {{.*}}mismatched-shapes.mlir:[[@LINE+1]]:8: error: 'tt.broadcast' op dimension 0 of size 2 cannot be broadcast; only dimensions of size 1 can (to 64)
  %0 = tt.broadcast %x : tensor<2x128xf32> -> tensor<64x128xf32>
  tt.return
}

// -----

// The K dimensions of a dot disagree (32 vs 16).
tt.func public @dot_shapes(%a: tensor<16x32xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // CHECK: {{.*}}mismatched-shapes.mlir:[[@LINE+1]]:8: error: 'tt.dot' op reduction dimensions of a (32) and b (16) must match
  %0 = tt.dot %a, %b, %c : tensor<16x32xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}
