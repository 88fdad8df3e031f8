// RUN: triton-opt %s -split-input-file -allow-unregistered-dialect -triton-rewrite-tensor-descriptor-to-pointer -verify-diagnostics

// inc and dec have no atomic equivalent.
tt.func @reduce_inc(%d: !tt.tensordesc<tensor<16xi32>>, %d_0: i32, %d_1: i64, %v: tensor<16xi32>, %x: i32) {
  // expected-error @+1 {{'tt.descriptor_reduce' op has no atomic equivalent for reduction 'inc' on 'i32' elements}}
  tt.descriptor_reduce inc, %d[%x], %v : !tt.tensordesc<tensor<16xi32>>, tensor<16xi32>
  tt.return
}

// -----

// Atomic min and max are integer operations.
tt.func @reduce_float_max(%d: !tt.tensordesc<tensor<16xf32>>, %d_0: i32, %d_1: i64, %v: tensor<16xf32>, %x: i32) {
  // expected-error @+1 {{'tt.descriptor_reduce' op has no atomic equivalent for reduction 'max' on 'f32' elements}}
  tt.descriptor_reduce max, %d[%x], %v : !tt.tensordesc<tensor<16xf32>>, tensor<16xf32>
  tt.return
}

// -----

// Without the shape and stride arguments after it, a descriptor argument
// cannot be rebuilt from a base pointer.
// expected-error @+1 {{'tt.func' op tensor descriptor argument #0 must be followed by its shape (2 x i32) and strides (2 x i64) arguments}}
tt.func @bare_descriptor_argument(%d: !tt.tensordesc<tensor<16x16xf32>>, %m: i32, %n: i32, %s: i64) {
  tt.return
}

// -----

// expected-error @+1 {{'tt.func' op returns a tensor descriptor; descriptors can only be passed to functions, not returned}}
tt.func private @make_descriptor(%p: !tt.ptr<f32>, %m: i32, %s: i64) -> !tt.tensordesc<tensor<16xf32>> {
  %d = tt.make_tensor_descriptor %p, [%m], [%s] : !tt.ptr<f32>, !tt.tensordesc<tensor<16xf32>>
  tt.return %d : !tt.tensordesc<tensor<16xf32>>
}

tt.func @call_returning_descriptor(%p: !tt.ptr<f32>, %m: i32, %s: i64) {
  // expected-error @+1 {{'tt.call' op returns a tensor descriptor}}
  %d = tt.call @make_descriptor(%p, %m, %s) : (!tt.ptr<f32>, i32, i64) -> !tt.tensordesc<tensor<16xf32>>
  tt.return
}

// -----

// The padding value must be a constant: a load from descriptors with
// different paddings cannot pick one.
tt.func @mixed_padding(%p: !tt.ptr<f32>, %m: i32, %s: i64, %c: i1, %x: i32) -> tensor<16xf32> {
  %a = tt.make_tensor_descriptor %p, [%m], [%s] : !tt.ptr<f32>, !tt.tensordesc<tensor<16xf32>>
  %b = tt.make_tensor_descriptor %p, [%m], [%s] {padding = 2 : i32} : !tt.ptr<f32>, !tt.tensordesc<tensor<16xf32>>
  %d = arith.select %c, %a, %b : !tt.tensordesc<tensor<16xf32>>
  // expected-error @+1 {{'tt.descriptor_load' op reads a descriptor that may come from both zero- and NaN-padded tensor descriptors}}
  %v = tt.descriptor_load %d[%x] : !tt.tensordesc<tensor<16xf32>> -> tensor<16xf32>
  tt.return %v : tensor<16xf32>
}

// -----

tt.func @nan_padding_on_integers(%p: !tt.ptr<i32>, %m: i32, %s: i64) {
  // expected-error @+1 {{'tt.make_tensor_descriptor' op NaN padding requires a floating-point element type}}
  %d = tt.make_tensor_descriptor %p, [%m], [%s] {padding = 2 : i32} : !tt.ptr<i32>, !tt.tensordesc<tensor<16xi32>>
  tt.return
}

// -----

tt.func @encoded_block(%d: !tt.tensordesc<tensor<16xf32, "layout">>, %d_0: i32, %d_1: i64, %x: i32) {
  // expected-error @+1 {{'tt.descriptor_load' op has a tensor with an encoding; tensor descriptors are lowered to pointers before layouts are assigned}}
  %v = tt.descriptor_load %d[%x] : !tt.tensordesc<tensor<16xf32, "layout">> -> tensor<16xf32, "layout">
  tt.return
}

// -----

// An op the pass does not know consumes a descriptor: the conversion fails
// and names it.
tt.func @unknown_user(%p: !tt.ptr<f32>, %m: i32, %s: i64) {
  %d = tt.make_tensor_descriptor %p, [%m], [%s] : !tt.ptr<f32>, !tt.tensordesc<tensor<16xf32>>
  // expected-error @+1 {{failed to legalize operation 'test.use'}}
  "test.use"(%d) : (!tt.tensordesc<tensor<16xf32>>) -> ()
  tt.return
}
