// A tensor pointer passed to a call: triton-rewrite-tensor-pointer refuses it.
tt.func private @callee(%p: !tt.ptr<tensor<16xf32>>) attributes {noinline = true} {
  tt.return
}
tt.func @caller(%base: !tt.ptr<f32>, %n: i64) {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %p = tt.make_tensor_ptr %base, [%n], [%c1], [%c0] {order = array<i32: 0>} : <tensor<16xf32>>
  tt.call @callee(%p) : (!tt.ptr<tensor<16xf32>>) -> ()
  tt.return
}
