// Folders and canonicalization patterns of the tt ops, and cases that must
// stay as they are.
// RUN: triton-opt %s -split-input-file -canonicalize | FileCheck %s

//===----------------------------------------------------------------------===//
// splat, expand_dims
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tt.func @splat_of_constant
// CHECK-NEXT: %[[C:.+]] = arith.constant dense<3.000000e+00> : tensor<8x4xf32>
// CHECK-NEXT: tt.return %[[C]] : tensor<8x4xf32>
tt.func @splat_of_constant() -> tensor<8x4xf32> {
  %c = arith.constant 3.0 : f32
  %0 = tt.splat %c : f32 -> tensor<8x4xf32>
  tt.return %0 : tensor<8x4xf32>
}

// -----

// CHECK-LABEL: tt.func @splat_of_argument
// CHECK-NEXT: %[[S:.+]] = tt.splat %arg0 : i32 -> tensor<8xi32>
// CHECK-NEXT: tt.return %[[S]]
tt.func @splat_of_argument(%x: i32) -> tensor<8xi32> {
  %0 = tt.splat %x : i32 -> tensor<8xi32>
  tt.return %0 : tensor<8xi32>
}

// -----

// CHECK-LABEL: tt.func @expand_dims_of_splat
// CHECK-NEXT: %[[S:.+]] = tt.splat %arg0 : f32 -> tensor<1x128xf32>
// CHECK-NEXT: tt.return %[[S]] : tensor<1x128xf32>
tt.func @expand_dims_of_splat(%x: f32) -> tensor<1x128xf32> {
  %0 = tt.splat %x : f32 -> tensor<128xf32>
  %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<128xf32> -> tensor<1x128xf32>
  tt.return %1 : tensor<1x128xf32>
}

// -----

// CHECK-LABEL: tt.func @expand_dims_of_constant
// CHECK-NEXT: %[[C:.+]] = arith.constant dense<7> : tensor<128x1xi32>
// CHECK-NEXT: tt.return %[[C]] : tensor<128x1xi32>
tt.func @expand_dims_of_constant() -> tensor<128x1xi32> {
  %c = arith.constant dense<7> : tensor<128xi32>
  %0 = tt.expand_dims %c {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  tt.return %0 : tensor<128x1xi32>
}

// -----

// expand_dims(broadcast(x)) -> broadcast(expand_dims(x)): the broadcast
// moves towards its users.
// CHECK-LABEL: tt.func @expand_dims_of_broadcast
// CHECK-NEXT: %[[E:.+]] = tt.expand_dims %arg0 {axis = 0 : i32} : tensor<1x8xf32> -> tensor<1x1x8xf32>
// CHECK-NEXT: %[[B:.+]] = tt.broadcast %[[E]] : tensor<1x1x8xf32> -> tensor<1x4x8xf32>
// CHECK-NEXT: tt.return %[[B]] : tensor<1x4x8xf32>
tt.func @expand_dims_of_broadcast(%x: tensor<1x8xf32>) -> tensor<1x4x8xf32> {
  %0 = tt.broadcast %x : tensor<1x8xf32> -> tensor<4x8xf32>
  %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<4x8xf32> -> tensor<1x4x8xf32>
  tt.return %1 : tensor<1x4x8xf32>
}

// -----

// Not with an encoding: the inner expand_dims would need an inferred layout.
// CHECK-LABEL: tt.func @expand_dims_of_broadcast_with_encoding
// CHECK-NEXT: %[[B:.+]] = tt.broadcast %arg0 : tensor<1x8xf32, "enc"> -> tensor<4x8xf32, "enc">
// CHECK-NEXT: %[[E:.+]] = tt.expand_dims %[[B]] {axis = 2 : i32} : tensor<4x8xf32, "enc"> -> tensor<4x8x1xf32, "enc">
// CHECK-NEXT: tt.return %[[E]]
tt.func @expand_dims_of_broadcast_with_encoding(%x: tensor<1x8xf32, "enc">) -> tensor<4x8x1xf32, "enc"> {
  %0 = tt.broadcast %x : tensor<1x8xf32, "enc"> -> tensor<4x8xf32, "enc">
  %1 = tt.expand_dims %0 {axis = 2 : i32} : tensor<4x8xf32, "enc"> -> tensor<4x8x1xf32, "enc">
  tt.return %1 : tensor<4x8x1xf32, "enc">
}

// -----

// CHECK-LABEL: tt.func @expand_dims_of_argument
// CHECK-NEXT: %[[E:.+]] = tt.expand_dims %arg0 {axis = 1 : i32} : tensor<8xf32> -> tensor<8x1xf32>
// CHECK-NEXT: tt.return %[[E]]
tt.func @expand_dims_of_argument(%x: tensor<8xf32>) -> tensor<8x1xf32> {
  %0 = tt.expand_dims %x {axis = 1 : i32} : tensor<8xf32> -> tensor<8x1xf32>
  tt.return %0 : tensor<8x1xf32>
}

//===----------------------------------------------------------------------===//
// reshape
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: tt.func @reshape_of_splat
// CHECK-NEXT: %[[S:.+]] = tt.splat %arg0 : f16 -> tensor<4x8xf16>
// CHECK-NEXT: tt.return %[[S]] : tensor<4x8xf16>
tt.func @reshape_of_splat(%x: f16) -> tensor<4x8xf16> {
  %0 = tt.splat %x : f16 -> tensor<32xf16>
  %1 = tt.reshape %0 : tensor<32xf16> -> tensor<4x8xf16>
  tt.return %1 : tensor<4x8xf16>
}

// -----

// CHECK-LABEL: tt.func @reshape_of_constant
// CHECK-NEXT: %[[C:.+]] = arith.constant dense<1.000000e+00> : tensor<2x16xf32>
// CHECK-NEXT: tt.return %[[C]]
tt.func @reshape_of_constant() -> tensor<2x16xf32> {
  %c = arith.constant dense<1.0> : tensor<32xf32>
  %0 = tt.reshape %c allow_reorder : tensor<32xf32> -> tensor<2x16xf32>
  tt.return %0 : tensor<2x16xf32>
}

// -----

// CHECK-LABEL: tt.func @reshape_of_reshape
// CHECK-NEXT: %[[R:.+]] = tt.reshape %arg0 : tensor<4x8xf32> -> tensor<2x16xf32>
// CHECK-NEXT: tt.return %[[R]] : tensor<2x16xf32>
tt.func @reshape_of_reshape(%x: tensor<4x8xf32>) -> tensor<2x16xf32> {
  %0 = tt.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
  %1 = tt.reshape %0 : tensor<32xf32> -> tensor<2x16xf32>
  tt.return %1 : tensor<2x16xf32>
}

// -----

// Reordering allowed by either step is allowed for the merged reshape.
// CHECK-LABEL: tt.func @reshape_of_reshape_allow_reorder
// CHECK-NEXT: %[[R:.+]] = tt.reshape %arg0 allow_reorder : tensor<4x8xf32> -> tensor<2x16xf32>
// CHECK-NEXT: tt.return %[[R]] : tensor<2x16xf32>
tt.func @reshape_of_reshape_allow_reorder(%x: tensor<4x8xf32>) -> tensor<2x16xf32> {
  %0 = tt.reshape %x allow_reorder : tensor<4x8xf32> -> tensor<32xf32>
  %1 = tt.reshape %0 : tensor<32xf32> -> tensor<2x16xf32>
  tt.return %1 : tensor<2x16xf32>
}

// -----

// efficient_layout pins a layout: such reshapes are not merged.
// CHECK-LABEL: tt.func @reshape_of_reshape_efficient_layout
// CHECK-NEXT: %[[A:.+]] = tt.reshape %arg0 efficient_layout : tensor<4x8xf32> -> tensor<32xf32>
// CHECK-NEXT: %[[B:.+]] = tt.reshape %[[A]] : tensor<32xf32> -> tensor<2x16xf32>
// CHECK-NEXT: tt.return %[[B]] : tensor<2x16xf32>
tt.func @reshape_of_reshape_efficient_layout(%x: tensor<4x8xf32>) -> tensor<2x16xf32> {
  %0 = tt.reshape %x efficient_layout : tensor<4x8xf32> -> tensor<32xf32>
  %1 = tt.reshape %0 : tensor<32xf32> -> tensor<2x16xf32>
  tt.return %1 : tensor<2x16xf32>
}

// -----

// CHECK-LABEL: tt.func @reshape_identity
// CHECK-NEXT: tt.return %arg0 : tensor<4x8xf32>
tt.func @reshape_identity(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tt.reshape %x : tensor<4x8xf32> -> tensor<4x8xf32>
  tt.return %0 : tensor<4x8xf32>
}

// -----

// With allow_reorder the elements may move: not an identity.
// CHECK-LABEL: tt.func @reshape_identity_allow_reorder
// CHECK-NEXT: %[[R:.+]] = tt.reshape %arg0 allow_reorder : tensor<4x8xf32> -> tensor<4x8xf32>
// CHECK-NEXT: tt.return %[[R]]
tt.func @reshape_identity_allow_reorder(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tt.reshape %x allow_reorder : tensor<4x8xf32> -> tensor<4x8xf32>
  tt.return %0 : tensor<4x8xf32>
}

// -----

// A round trip through another shape merges into an identity and vanishes.
// CHECK-LABEL: tt.func @reshape_round_trip
// CHECK-NEXT: tt.return %arg0 : tensor<4x8xf32>
tt.func @reshape_round_trip(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tt.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
  %1 = tt.reshape %0 : tensor<32xf32> -> tensor<4x8xf32>
  tt.return %1 : tensor<4x8xf32>
}

//===----------------------------------------------------------------------===//
// broadcast
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: tt.func @broadcast_identity
// CHECK-NEXT: tt.return %arg0 : tensor<4x8xf32>
tt.func @broadcast_identity(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tt.broadcast %x : tensor<4x8xf32> -> tensor<4x8xf32>
  tt.return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: tt.func @broadcast_of_splat
// CHECK-NEXT: %[[S:.+]] = tt.splat %arg0 : !tt.ptr<f32> -> tensor<4x8x!tt.ptr<f32>>
// CHECK-NEXT: tt.return %[[S]] : tensor<4x8x!tt.ptr<f32>>
tt.func @broadcast_of_splat(%p: !tt.ptr<f32>) -> tensor<4x8x!tt.ptr<f32>> {
  %0 = tt.splat %p : !tt.ptr<f32> -> tensor<1x8x!tt.ptr<f32>>
  %1 = tt.broadcast %0 : tensor<1x8x!tt.ptr<f32>> -> tensor<4x8x!tt.ptr<f32>>
  tt.return %1 : tensor<4x8x!tt.ptr<f32>>
}

// -----

// CHECK-LABEL: tt.func @broadcast_of_broadcast
// CHECK-NEXT: %[[B:.+]] = tt.broadcast %arg0 : tensor<1x1xi32> -> tensor<4x8xi32>
// CHECK-NEXT: tt.return %[[B]] : tensor<4x8xi32>
tt.func @broadcast_of_broadcast(%x: tensor<1x1xi32>) -> tensor<4x8xi32> {
  %0 = tt.broadcast %x : tensor<1x1xi32> -> tensor<1x8xi32>
  %1 = tt.broadcast %0 : tensor<1x8xi32> -> tensor<4x8xi32>
  tt.return %1 : tensor<4x8xi32>
}

// -----

// CHECK-LABEL: tt.func @broadcast_of_constant
// CHECK-NEXT: %[[C:.+]] = arith.constant dense<true> : tensor<64x32xi1>
// CHECK-NEXT: tt.return %[[C]]
tt.func @broadcast_of_constant() -> tensor<64x32xi1> {
  %c = arith.constant dense<true> : tensor<1x32xi1>
  %0 = tt.broadcast %c : tensor<1x32xi1> -> tensor<64x32xi1>
  tt.return %0 : tensor<64x32xi1>
}

// -----

// CHECK-LABEL: tt.func @broadcast_of_argument
// CHECK-NEXT: %[[B:.+]] = tt.broadcast %arg0 : tensor<4x1xf32> -> tensor<4x8xf32>
// CHECK-NEXT: tt.return %[[B]]
tt.func @broadcast_of_argument(%x: tensor<4x1xf32>) -> tensor<4x8xf32> {
  %0 = tt.broadcast %x : tensor<4x1xf32> -> tensor<4x8xf32>
  tt.return %0 : tensor<4x8xf32>
}

//===----------------------------------------------------------------------===//
// trans
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: tt.func @trans_identity
// CHECK-NEXT: tt.return %arg0 : tensor<2x4x8xf32>
tt.func @trans_identity(%x: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
  %0 = tt.trans %x {order = array<i32: 0, 1, 2>} : tensor<2x4x8xf32> -> tensor<2x4x8xf32>
  tt.return %0 : tensor<2x4x8xf32>
}

// -----

// Swapping two dimensions of equal size keeps the type but is no identity.
// CHECK-LABEL: tt.func @trans_same_type_not_identity
// CHECK-NEXT: %[[T:.+]] = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<8x8xf32> -> tensor<8x8xf32>
// CHECK-NEXT: tt.return %[[T]]
tt.func @trans_same_type_not_identity(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<8x8xf32> -> tensor<8x8xf32>
  tt.return %0 : tensor<8x8xf32>
}

// -----

// Result dimension i of trans(trans(x, o1), o2) is x's dimension o1[o2[i]]:
// o1 = [2, 0, 1], o2 = [2, 0, 1] gives [1, 2, 0].
// CHECK-LABEL: tt.func @trans_of_trans
// CHECK-NEXT: %[[T:.+]] = tt.trans %arg0 {order = array<i32: 1, 2, 0>} : tensor<2x4x8xf32> -> tensor<4x8x2xf32>
// CHECK-NEXT: tt.return %[[T]] : tensor<4x8x2xf32>
tt.func @trans_of_trans(%x: tensor<2x4x8xf32>) -> tensor<4x8x2xf32> {
  %0 = tt.trans %x {order = array<i32: 2, 0, 1>} : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
  %1 = tt.trans %0 {order = array<i32: 2, 0, 1>} : tensor<8x2x4xf32> -> tensor<4x8x2xf32>
  tt.return %1 : tensor<4x8x2xf32>
}

// -----

// Two transposes that undo each other vanish.
// CHECK-LABEL: tt.func @trans_of_trans_identity
// CHECK-NEXT: tt.return %arg0 : tensor<16x32xf16>
tt.func @trans_of_trans_identity(%x: tensor<16x32xf16>) -> tensor<16x32xf16> {
  %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<16x32xf16> -> tensor<32x16xf16>
  %1 = tt.trans %0 {order = array<i32: 1, 0>} : tensor<32x16xf16> -> tensor<16x32xf16>
  tt.return %1 : tensor<16x32xf16>
}

// -----

// CHECK-LABEL: tt.func @trans_of_constant
// CHECK-NEXT: %[[C:.+]] = arith.constant dense<2.000000e+00> : tensor<32x16xf16>
// CHECK-NEXT: tt.return %[[C]]
tt.func @trans_of_constant() -> tensor<32x16xf16> {
  %c = arith.constant dense<2.0> : tensor<16x32xf16>
  %0 = tt.trans %c {order = array<i32: 1, 0>} : tensor<16x32xf16> -> tensor<32x16xf16>
  tt.return %0 : tensor<32x16xf16>
}

// -----

// A constant that is not a splat does not fold.
// CHECK-LABEL: tt.func @trans_of_non_splat_constant
// CHECK-NEXT: %[[C:.+]] = arith.constant dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>
// CHECK-NEXT: %[[T:.+]] = tt.trans %[[C]] {order = array<i32: 1, 0>} : tensor<2x2xi32> -> tensor<2x2xi32>
// CHECK-NEXT: tt.return %[[T]]
tt.func @trans_of_non_splat_constant() -> tensor<2x2xi32> {
  %c = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %0 = tt.trans %c {order = array<i32: 1, 0>} : tensor<2x2xi32> -> tensor<2x2xi32>
  tt.return %0 : tensor<2x2xi32>
}

//===----------------------------------------------------------------------===//
// make_range
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: tt.func @make_range_one_element
// CHECK-NEXT: %[[C:.+]] = arith.constant dense<5> : tensor<1xi32>
// CHECK-NEXT: tt.return %[[C]] : tensor<1xi32>
tt.func @make_range_one_element() -> tensor<1xi32> {
  %0 = tt.make_range {end = 6 : i32, start = 5 : i32} : tensor<1xi32>
  tt.return %0 : tensor<1xi32>
}

// -----

// CHECK-LABEL: tt.func @make_range_two_elements
// CHECK-NEXT: %[[R:.+]] = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
// CHECK-NEXT: tt.return %[[R]]
tt.func @make_range_two_elements() -> tensor<2xi32> {
  %0 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
  tt.return %0 : tensor<2xi32>
}

//===----------------------------------------------------------------------===//
// addptr, advance
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: tt.func @addptr_zero
// CHECK-NEXT: tt.return %arg0, %arg1 : !tt.ptr<f32>, tensor<8x!tt.ptr<f32>>
tt.func @addptr_zero(%p: !tt.ptr<f32>, %tp: tensor<8x!tt.ptr<f32>>) -> (!tt.ptr<f32>, tensor<8x!tt.ptr<f32>>) {
  %c0 = arith.constant 0 : i64
  %z = arith.constant dense<0> : tensor<8xi32>
  %0 = tt.addptr %p, %c0 : !tt.ptr<f32>, i64
  %1 = tt.addptr %tp, %z : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.return %0, %1 : !tt.ptr<f32>, tensor<8x!tt.ptr<f32>>
}

// -----

// A splat of zero folds to a zero constant first, then the addptr goes.
// CHECK-LABEL: tt.func @addptr_splat_zero
// CHECK-NEXT: tt.return %arg0 : tensor<8x!tt.ptr<f32>>
tt.func @addptr_splat_zero(%tp: tensor<8x!tt.ptr<f32>>) -> tensor<8x!tt.ptr<f32>> {
  %c0 = arith.constant 0 : i32
  %z = tt.splat %c0 : i32 -> tensor<8xi32>
  %0 = tt.addptr %tp, %z : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.return %0 : tensor<8x!tt.ptr<f32>>
}

// -----

// CHECK-LABEL: tt.func @addptr_nonzero
// CHECK-NEXT: %[[C:.+]] = arith.constant 1 : i32
// CHECK-NEXT: %[[A:.+]] = tt.addptr %arg0, %[[C]] : !tt.ptr<f32>, i32
// CHECK-NEXT: %[[B:.+]] = tt.addptr %arg0, %arg1 : !tt.ptr<f32>, i32
// CHECK-NEXT: tt.return %[[A]], %[[B]]
tt.func @addptr_nonzero(%p: !tt.ptr<f32>, %o: i32) -> (!tt.ptr<f32>, !tt.ptr<f32>) {
  %c1 = arith.constant 1 : i32
  %0 = tt.addptr %p, %c1 : !tt.ptr<f32>, i32
  %1 = tt.addptr %p, %o : !tt.ptr<f32>, i32
  tt.return %0, %1 : !tt.ptr<f32>, !tt.ptr<f32>
}

// -----

// CHECK-LABEL: tt.func @advance_zeros
// CHECK-NEXT: tt.return %arg0 : !tt.ptr<tensor<8x8xf32>>
tt.func @advance_zeros(%p: !tt.ptr<tensor<8x8xf32>>) -> !tt.ptr<tensor<8x8xf32>> {
  %c0 = arith.constant 0 : i32
  %0 = tt.advance %p, [%c0, %c0] : <tensor<8x8xf32>>
  tt.return %0 : !tt.ptr<tensor<8x8xf32>>
}

// -----

// CHECK-LABEL: tt.func @advance_one_nonzero
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : i32
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : i32
// CHECK: %[[A:.+]] = tt.advance %arg0, [%[[C0]], %[[C4]]] : <tensor<8x8xf32>>
// CHECK-NEXT: tt.return %[[A]]
tt.func @advance_one_nonzero(%p: !tt.ptr<tensor<8x8xf32>>) -> !tt.ptr<tensor<8x8xf32>> {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %0 = tt.advance %p, [%c0, %c4] : <tensor<8x8xf32>>
  tt.return %0 : !tt.ptr<tensor<8x8xf32>>
}

//===----------------------------------------------------------------------===//
// bitcast, fp_to_fp
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: tt.func @bitcast_identity
// CHECK-NEXT: tt.return %arg0, %arg1 : tensor<8xf32>, !tt.ptr<f16>
tt.func @bitcast_identity(%x: tensor<8xf32>, %p: !tt.ptr<f16>) -> (tensor<8xf32>, !tt.ptr<f16>) {
  %0 = tt.bitcast %x : tensor<8xf32> -> tensor<8xf32>
  %1 = tt.bitcast %p : !tt.ptr<f16> -> !tt.ptr<f16>
  tt.return %0, %1 : tensor<8xf32>, !tt.ptr<f16>
}

// -----

// CHECK-LABEL: tt.func @bitcast_round_trip
// CHECK-NEXT: tt.return %arg0, %arg1 : tensor<8xf32>, !tt.ptr<f32>
tt.func @bitcast_round_trip(%x: tensor<8xf32>, %p: !tt.ptr<f32>) -> (tensor<8xf32>, !tt.ptr<f32>) {
  %0 = tt.bitcast %x : tensor<8xf32> -> tensor<8xi32>
  %1 = tt.bitcast %0 : tensor<8xi32> -> tensor<8xf32>
  %2 = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<i8>
  %3 = tt.bitcast %2 : !tt.ptr<i8> -> !tt.ptr<f32>
  tt.return %1, %3 : tensor<8xf32>, !tt.ptr<f32>
}

// -----

// Two casts that do not return to the source type stay.
// CHECK-LABEL: tt.func @bitcast_chain
// CHECK-NEXT: %[[A:.+]] = tt.bitcast %arg0 : !tt.ptr<f32> -> !tt.ptr<i32>
// CHECK-NEXT: %[[B:.+]] = tt.bitcast %[[A]] : !tt.ptr<i32> -> !tt.ptr<f16>
// CHECK-NEXT: tt.return %[[B]]
tt.func @bitcast_chain(%p: !tt.ptr<f32>) -> !tt.ptr<f16> {
  %0 = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<i32>
  %1 = tt.bitcast %0 : !tt.ptr<i32> -> !tt.ptr<f16>
  tt.return %1 : !tt.ptr<f16>
}

// -----

// Zeros (of either sign) and other values the destination holds exactly
// fold, whatever the rounding mode; so does a cast to the same type.
// CHECK-LABEL: tt.func @fp_to_fp_exact_constants
// CHECK-DAG: %[[Z:.+]] = arith.constant dense<0.000000e+00> : tensor<8xf8E4M3FN>
// CHECK-DAG: %[[NZ:.+]] = arith.constant -0.000000e+00 : f8E5M2
// CHECK-DAG: %[[H:.+]] = arith.constant 5.000000e-01 : f16
// CHECK-DAG: %[[U:.+]] = arith.constant dense<-1.500000e+00> : tensor<4xf32>
// CHECK: tt.return %[[Z]], %[[NZ]], %[[H]], %[[U]], %arg0 : tensor<8xf8E4M3FN>, f8E5M2, f16, tensor<4xf32>, tensor<4xbf16>
tt.func @fp_to_fp_exact_constants(%x: tensor<4xbf16>) -> (tensor<8xf8E4M3FN>, f8E5M2, f16, tensor<4xf32>, tensor<4xbf16>) {
  %zero = arith.constant dense<0.0> : tensor<8xf32>
  %negzero = arith.constant -0.0 : f32
  %half = arith.constant 0.5 : f32
  %up = arith.constant dense<-1.5> : tensor<4xf8E4M3FN>
  %0 = tt.fp_to_fp %zero, rounding = rtne : tensor<8xf32> -> tensor<8xf8E4M3FN>
  %1 = tt.fp_to_fp %negzero, rounding = rtz : f32 -> f8E5M2
  %2 = tt.fp_to_fp %half, rounding = rtz : f32 -> f16
  %3 = tt.fp_to_fp %up : tensor<4xf8E4M3FN> -> tensor<4xf32>
  %4 = tt.fp_to_fp %x : tensor<4xbf16> -> tensor<4xbf16>
  tt.return %0, %1, %2, %3, %4 : tensor<8xf8E4M3FN>, f8E5M2, f16, tensor<4xf32>, tensor<4xbf16>
}

// -----

// Inexact, out-of-range, infinite and NaN values are left to the hardware
// conversion (which rounds per its mode and saturates where APFloat would
// give NaN or infinity).
// CHECK-LABEL: tt.func @fp_to_fp_not_folded
// CHECK: %[[A:.+]] = tt.fp_to_fp %{{.+}}, rounding = rtz : f32 -> f16
// CHECK: %[[B:.+]] = tt.fp_to_fp %{{.+}}, rounding = rtne : f32 -> f8E4M3FN
// CHECK: %[[C:.+]] = tt.fp_to_fp %{{.+}}, rounding = rtne : f32 -> f8E5M2
// CHECK: %[[D:.+]] = tt.fp_to_fp %{{.+}}, rounding = rtne : tensor<4xf32> -> tensor<4xbf16>
// CHECK: %[[E:.+]] = tt.fp_to_fp %{{.+}} : tensor<4xf8E5M2> -> tensor<4xf32>
// CHECK-NEXT: tt.return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]]
tt.func @fp_to_fp_not_folded() -> (f16, f8E4M3FN, f8E5M2, tensor<4xbf16>, tensor<4xf32>) {
  %inexact = arith.constant 0.1 : f32
  %big = arith.constant 1000.0 : f32
  %inf = arith.constant 0x7F800000 : f32
  %nan = arith.constant dense<0x7FC00000> : tensor<4xf32>
  %nan8 = arith.constant dense<0x7F> : tensor<4xf8E5M2>
  %0 = tt.fp_to_fp %inexact, rounding = rtz : f32 -> f16
  %1 = tt.fp_to_fp %big, rounding = rtne : f32 -> f8E4M3FN
  %2 = tt.fp_to_fp %inf, rounding = rtne : f32 -> f8E5M2
  %3 = tt.fp_to_fp %nan, rounding = rtne : tensor<4xf32> -> tensor<4xbf16>
  %4 = tt.fp_to_fp %nan8 : tensor<4xf8E5M2> -> tensor<4xf32>
  tt.return %0, %1, %2, %3, %4 : f16, f8E4M3FN, f8E5M2, tensor<4xbf16>, tensor<4xf32>
}

//===----------------------------------------------------------------------===//
// Masked loads and stores
//===----------------------------------------------------------------------===//

// -----

// An all-true mask goes, and `other` with it; the cache modifier stays.
// CHECK-LABEL: tt.func @load_mask_all_true
// CHECK-NEXT: %[[A:.+]] = tt.load %arg0 cacheModifier = ca : tensor<8x!tt.ptr<f32>>
// CHECK-NEXT: %[[B:.+]] = tt.load %arg1 : !tt.ptr<i32>
// CHECK-NEXT: tt.return %[[A]], %[[B]]
tt.func @load_mask_all_true(%p: tensor<8x!tt.ptr<f32>>, %s: !tt.ptr<i32>) -> (tensor<8xf32>, i32) {
  %true = arith.constant dense<true> : tensor<8xi1>
  %other = arith.constant dense<1.0> : tensor<8xf32>
  %t = arith.constant true
  %0 = tt.load %p, %true, %other cacheModifier = ca : tensor<8x!tt.ptr<f32>>
  %1 = tt.load %s, %t : !tt.ptr<i32>
  tt.return %0, %1 : tensor<8xf32>, i32
}

// -----

// A mask that is a splat of true is all true too.
// CHECK-LABEL: tt.func @load_mask_splat_true
// CHECK-NEXT: %[[A:.+]] = tt.load %arg0 : tensor<8x!tt.ptr<f32>>
// CHECK-NEXT: tt.return %[[A]]
tt.func @load_mask_splat_true(%p: tensor<8x!tt.ptr<f32>>) -> tensor<8xf32> {
  %t = arith.constant true
  %m = tt.splat %t : i1 -> tensor<8xi1>
  %0 = tt.load %p, %m : tensor<8x!tt.ptr<f32>>
  tt.return %0 : tensor<8xf32>
}

// -----

// An all-false mask with `other` reads nothing: the load becomes `other`.
// CHECK-LABEL: tt.func @load_mask_all_false_with_other
// CHECK-NEXT: %[[O:.+]] = arith.constant dense<2.000000e+00> : tensor<8xf32>
// CHECK-NEXT: tt.return %[[O]], %arg2 : tensor<8xf32>, i32
tt.func @load_mask_all_false_with_other(%p: tensor<8x!tt.ptr<f32>>, %s: !tt.ptr<i32>, %o: i32) -> (tensor<8xf32>, i32) {
  %false = arith.constant dense<false> : tensor<8xi1>
  %other = arith.constant dense<2.0> : tensor<8xf32>
  %f = arith.constant false
  %0 = tt.load %p, %false, %other : tensor<8x!tt.ptr<f32>>
  %1 = tt.load %s, %f, %o : !tt.ptr<i32>
  tt.return %0, %1 : tensor<8xf32>, i32
}

// -----

// Without `other` the result is undefined: left alone. A volatile load is
// never dropped.
// CHECK-LABEL: tt.func @load_mask_all_false_kept
// CHECK-DAG: %[[F:.+]] = arith.constant dense<false> : tensor<8xi1>
// CHECK-DAG: %[[O:.+]] = arith.constant dense<2.000000e+00> : tensor<8xf32>
// CHECK: %[[A:.+]] = tt.load %arg0, %[[F]] : tensor<8x!tt.ptr<f32>>
// CHECK-NEXT: %[[B:.+]] = tt.load %arg0, %[[F]], %[[O]] {isVolatile = true} : tensor<8x!tt.ptr<f32>>
// CHECK-NEXT: tt.return %[[A]], %[[B]]
tt.func @load_mask_all_false_kept(%p: tensor<8x!tt.ptr<f32>>) -> (tensor<8xf32>, tensor<8xf32>) {
  %false = arith.constant dense<false> : tensor<8xi1>
  %other = arith.constant dense<2.0> : tensor<8xf32>
  %0 = tt.load %p, %false : tensor<8x!tt.ptr<f32>>
  %1 = tt.load %p, %false, %other {isVolatile = true} : tensor<8x!tt.ptr<f32>>
  tt.return %0, %1 : tensor<8xf32>, tensor<8xf32>
}

// -----

// A mask that is not constant, or not uniform, stays.
// CHECK-LABEL: tt.func @load_mask_not_constant
// CHECK: %[[A:.+]] = tt.load %arg0, %arg1, %{{.+}} : tensor<2x!tt.ptr<f32>>
// CHECK: %[[B:.+]] = tt.load %arg0, %{{.+}} : tensor<2x!tt.ptr<f32>>
// CHECK-NEXT: tt.return %[[A]], %[[B]]
tt.func @load_mask_not_constant(%p: tensor<2x!tt.ptr<f32>>, %m: tensor<2xi1>) -> (tensor<2xf32>, tensor<2xf32>) {
  %other = arith.constant dense<0.0> : tensor<2xf32>
  %mixed = arith.constant dense<[true, false]> : tensor<2xi1>
  %0 = tt.load %p, %m, %other : tensor<2x!tt.ptr<f32>>
  %1 = tt.load %p, %mixed : tensor<2x!tt.ptr<f32>>
  tt.return %0, %1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// CHECK-LABEL: tt.func @store_mask_all_true
// CHECK-NEXT: tt.store %arg0, %arg1 evictionPolicy = evict_last : tensor<8x!tt.ptr<f32>>
// CHECK-NEXT: tt.store %arg2, %arg3 : !tt.ptr<i32>
// CHECK-NEXT: tt.return
tt.func @store_mask_all_true(%p: tensor<8x!tt.ptr<f32>>, %v: tensor<8xf32>, %s: !tt.ptr<i32>, %x: i32) {
  %true = arith.constant dense<true> : tensor<8xi1>
  %t = arith.constant true
  tt.store %p, %v, %true evictionPolicy = evict_last : tensor<8x!tt.ptr<f32>>
  tt.store %s, %x, %t : !tt.ptr<i32>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @store_mask_all_false
// CHECK-NEXT: tt.return
tt.func @store_mask_all_false(%p: tensor<8x!tt.ptr<f32>>, %v: tensor<8xf32>, %s: !tt.ptr<i32>, %x: i32) {
  %false = arith.constant dense<false> : tensor<8xi1>
  %f = arith.constant false
  tt.store %p, %v, %false : tensor<8x!tt.ptr<f32>>
  tt.store %s, %x, %f : !tt.ptr<i32>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @store_mask_not_constant
// CHECK: tt.store %arg0, %arg1, %arg2 : tensor<2x!tt.ptr<f32>>
// CHECK-NEXT: tt.store %arg0, %{{.+}}, %{{.+}} : tensor<2x!tt.ptr<f32>>
// CHECK-NEXT: tt.return
tt.func @store_mask_not_constant(%p: tensor<2x!tt.ptr<f32>>, %v: tensor<2xf32>, %m: tensor<2xi1>) {
  %mixed = arith.constant dense<[false, true]> : tensor<2xi1>
  tt.store %p, %v, %m : tensor<2x!tt.ptr<f32>>
  tt.store %p, %v, %mixed : tensor<2x!tt.ptr<f32>>
  tt.return
}
