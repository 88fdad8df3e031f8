// RUN: triton-opt %s -split-input-file -triton-reorder-broadcast | FileCheck %s

// elementwise(splat) -> splat(elementwise): the work is done once.
// CHECK-LABEL: @splat_unary
tt.func @splat_unary(%x: f32) -> tensor<128xf32> {
  // CHECK-NEXT: %[[E:.*]] = math.exp %arg0 : f32
  // CHECK-NEXT: %[[S:.*]] = tt.splat %[[E]] : f32 -> tensor<128xf32>
  // CHECK-NEXT: tt.return %[[S]]
  %0 = tt.splat %x : f32 -> tensor<128xf32>
  %1 = math.exp %0 : tensor<128xf32>
  tt.return %1 : tensor<128xf32>
}

// -----

// A splat and a splat constant: the constant becomes a scalar.
// CHECK-LABEL: @splat_binary_const
tt.func @splat_binary_const(%x: i32) -> tensor<64x64xi1> {
  // CHECK-DAG: %[[C:.*]] = arith.constant 7 : i32
  // CHECK: %[[CMP:.*]] = arith.cmpi slt, %arg0, %[[C]] : i32
  // CHECK-NEXT: %[[S:.*]] = tt.splat %[[CMP]] : i1 -> tensor<64x64xi1>
  // CHECK-NEXT: tt.return %[[S]]
  %c = arith.constant dense<7> : tensor<64x64xi32>
  %0 = tt.splat %x : i32 -> tensor<64x64xi32>
  %1 = arith.cmpi slt, %0, %c : tensor<64x64xi32>
  tt.return %1 : tensor<64x64xi1>
}

// -----

// elementwise(broadcast(a), broadcast(b)) -> broadcast(elementwise(a, b)).
// CHECK-LABEL: @broadcast_binary
tt.func @broadcast_binary(%a: tensor<1x64xf32>, %b: tensor<1x64xf32>) -> tensor<32x64xf32> {
  // CHECK-NEXT: %[[M:.*]] = arith.mulf %arg0, %arg1 : tensor<1x64xf32>
  // CHECK-NEXT: %[[B:.*]] = tt.broadcast %[[M]] : tensor<1x64xf32> -> tensor<32x64xf32>
  // CHECK-NEXT: tt.return %[[B]]
  %0 = tt.broadcast %a : tensor<1x64xf32> -> tensor<32x64xf32>
  %1 = tt.broadcast %b : tensor<1x64xf32> -> tensor<32x64xf32>
  %2 = arith.mulf %0, %1 : tensor<32x64xf32>
  tt.return %2 : tensor<32x64xf32>
}

// -----

// A splat operand of a broadcast elementwise op is re-splat to the small shape.
// CHECK-LABEL: @broadcast_and_splat
tt.func @broadcast_and_splat(%a: tensor<32x1xi32>, %n: i32) -> tensor<32x64xi1> {
  // CHECK-NEXT: %[[S:.*]] = tt.splat %arg1 : i32 -> tensor<32x1xi32>
  // CHECK-NEXT: %[[C:.*]] = arith.cmpi slt, %arg0, %[[S]] : tensor<32x1xi32>
  // CHECK-NEXT: %[[B:.*]] = tt.broadcast %[[C]] : tensor<32x1xi1> -> tensor<32x64xi1>
  // CHECK-NEXT: tt.return %[[B]]
  %0 = tt.broadcast %a : tensor<32x1xi32> -> tensor<32x64xi32>
  %1 = tt.splat %n : i32 -> tensor<32x64xi32>
  %2 = arith.cmpi slt, %0, %1 : tensor<32x64xi32>
  tt.return %2 : tensor<32x64xi1>
}

// -----

// Broadcasts from different shapes stay where they are.
// CHECK-LABEL: @broadcast_mismatched
tt.func @broadcast_mismatched(%a: tensor<1x64xf32>, %b: tensor<32x1xf32>) -> tensor<32x64xf32> {
  // CHECK: tt.broadcast %arg0
  // CHECK: tt.broadcast %arg1
  // CHECK: arith.addf %{{.*}}, %{{.*}} : tensor<32x64xf32>
  %0 = tt.broadcast %a : tensor<1x64xf32> -> tensor<32x64xf32>
  %1 = tt.broadcast %b : tensor<32x1xf32> -> tensor<32x64xf32>
  %2 = arith.addf %0, %1 : tensor<32x64xf32>
  tt.return %2 : tensor<32x64xf32>
}

// -----

// Ops with side effects are not moved (a load of splat pointers stays).
// CHECK-LABEL: @no_side_effects_moved
tt.func @no_side_effects_moved(%p: !tt.ptr<f32>) -> tensor<16xf32> {
  // CHECK-NEXT: %[[S:.*]] = tt.splat %arg0
  // CHECK-NEXT: tt.load %[[S]]
  %0 = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %1 = tt.load %0 : tensor<16x!tt.ptr<f32>>
  tt.return %1 : tensor<16xf32>
}

// -----

// expand_dims(splat) -> splat, then the elementwise op moves past it.
// CHECK-LABEL: @expand_dims_of_splat
tt.func @expand_dims_of_splat(%x: f32) -> tensor<1x32xf32> {
  // CHECK-NEXT: %[[E:.*]] = math.sqrt %arg0 : f32
  // CHECK-NEXT: %[[S:.*]] = tt.splat %[[E]] : f32 -> tensor<1x32xf32>
  // CHECK-NEXT: tt.return %[[S]]
  %0 = tt.splat %x : f32 -> tensor<32xf32>
  %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xf32> -> tensor<1x32xf32>
  %2 = math.sqrt %1 : tensor<1x32xf32>
  tt.return %2 : tensor<1x32xf32>
}

// -----

// expand_dims(broadcast(x)) -> broadcast(expand_dims(x)).
// CHECK-LABEL: @expand_dims_of_broadcast
tt.func @expand_dims_of_broadcast(%x: tensor<1x16xf32>) -> tensor<8x1x16xf32> {
  // CHECK-NEXT: %[[E:.*]] = tt.expand_dims %arg0 {axis = 1 : i32} : tensor<1x16xf32> -> tensor<1x1x16xf32>
  // CHECK-NEXT: %[[B:.*]] = tt.broadcast %[[E]] : tensor<1x1x16xf32> -> tensor<8x1x16xf32>
  // CHECK-NEXT: tt.return %[[B]]
  %0 = tt.broadcast %x : tensor<1x16xf32> -> tensor<8x16xf32>
  %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<8x16xf32> -> tensor<8x1x16xf32>
  tt.return %1 : tensor<8x1x16xf32>
}
