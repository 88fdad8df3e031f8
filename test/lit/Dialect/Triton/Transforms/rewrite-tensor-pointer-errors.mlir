// RUN: triton-opt %s -split-input-file -allow-unregistered-dialect -triton-rewrite-tensor-pointer -verify-diagnostics

// Tensor pointers do not cross function boundaries: neither the callee's
// parameter nor the call can be rewritten.
// expected-error @+1 {{'tt.func' op takes or returns a tensor pointer; tensor pointers cannot cross function boundaries}}
tt.func private @callee(%p: !tt.ptr<tensor<16xf32>>)

tt.func @call_with_tensor_pointer(%base: !tt.ptr<f32>, %m: i64, %s: i64, %x: i32) {
  %p = tt.make_tensor_ptr %base, [%m], [%s], [%x] {order = array<i32: 0>} : <tensor<16xf32>>
  // expected-error @+1 {{'tt.call' op passes or returns a tensor pointer; tensor pointers cannot cross function boundaries}}
  tt.call @callee(%p) : (!tt.ptr<tensor<16xf32>>) -> ()
  tt.return
}

// -----

// expected-error @+1 {{'tt.func' op takes or returns a tensor pointer}}
tt.func @return_tensor_pointer(%base: !tt.ptr<f32>, %m: i64, %s: i64, %x: i32) -> !tt.ptr<tensor<16xf32>> {
  %p = tt.make_tensor_ptr %base, [%m], [%s], [%x] {order = array<i32: 0>} : <tensor<16xf32>>
  tt.return %p : !tt.ptr<tensor<16xf32>>
}

// -----

// expected-error @+1 {{'tt.func' op takes or returns a tensor pointer}}
tt.func @tensor_pointer_argument(%p: !tt.ptr<tensor<16xf32>>) -> tensor<16xf32> {
  %v = tt.load %p : !tt.ptr<tensor<16xf32>>
  tt.return %v : tensor<16xf32>
}

// -----

// A block with an encoding is TTGIR: this pass runs before layouts exist.
tt.func @block_with_encoding(%base: !tt.ptr<f32>, %m: i64, %s: i64, %x: i32) {
  // expected-error @+1 {{'tt.make_tensor_ptr' op block has an encoding; tensor pointers are rewritten before layouts are assigned}}
  %p = tt.make_tensor_ptr %base, [%m], [%s], [%x] {order = array<i32: 0>} : <tensor<16xf32, "layout">>
  tt.return
}

// -----

// An op the pass does not know consumes a tensor pointer: the conversion
// fails and names it.
tt.func @unknown_user(%base: !tt.ptr<f32>, %m: i64, %s: i64, %x: i32) {
  %p = tt.make_tensor_ptr %base, [%m], [%s], [%x] {order = array<i32: 0>} : <tensor<16xf32>>
  // expected-error @+1 {{failed to legalize operation 'test.use'}}
  "test.use"(%p) : (!tt.ptr<tensor<16xf32>>) -> ()
  tt.return
}
