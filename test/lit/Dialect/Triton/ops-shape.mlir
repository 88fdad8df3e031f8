// Round trip of the tt shape ops: splat, unsplat, broadcast, expand_dims,
// reshape, cat, join, split, trans, make_range, gather and histogram.
// RUN: triton-opt %s | triton-opt | FileCheck %s
// RUN: triton-opt %s --mlir-print-op-generic | triton-opt | FileCheck %s

// CHECK-LABEL: tt.func @splat_unsplat
// CHECK-SAME: (%arg0: f32, %arg1: !tt.ptr<f16>, %arg2: i1, %arg3: tensor<1xf32>, %arg4: tensor<1x1x!tt.ptr<f16>>)
// CHECK-NEXT: tt.splat %arg0 : f32 -> tensor<8xf32>
// CHECK-NEXT: tt.splat %arg0 : f32 -> tensor<4x16xf32>
// CHECK-NEXT: tt.splat %arg1 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
// CHECK-NEXT: tt.splat %arg2 : i1 -> tensor<2x2x2xi1>
// CHECK-NEXT: %[[U:.+]] = tt.unsplat %arg3 : tensor<1xf32>{{$}}
// CHECK-NEXT: %[[P:.+]] = tt.unsplat %arg4 : tensor<1x1x!tt.ptr<f16>>{{$}}
// CHECK-NEXT: arith.addf %[[U]], %[[U]] : f32
// CHECK-NEXT: arith.constant 1 : i32
// CHECK-NEXT: tt.addptr %[[P]], %{{.+}} : !tt.ptr<f16>, i32
// CHECK-NEXT: tt.return
tt.func @splat_unsplat(%x: f32, %p: !tt.ptr<f16>, %b: i1, %t: tensor<1xf32>, %tp: tensor<1x1x!tt.ptr<f16>>) {
  %0 = tt.splat %x : f32 -> tensor<8xf32>
  %1 = tt.splat %x : f32 -> tensor<4x16xf32>
  %2 = tt.splat %p : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
  %3 = tt.splat %b : i1 -> tensor<2x2x2xi1>
  %4 = tt.unsplat %t : tensor<1xf32>
  %5 = tt.unsplat %tp : tensor<1x1x!tt.ptr<f16>>
  %6 = arith.addf %4, %4 : f32
  %c1 = arith.constant 1 : i32
  %7 = tt.addptr %5, %c1 : !tt.ptr<f16>, i32
  tt.return
}

// CHECK-LABEL: tt.func @broadcast_expand_dims
// CHECK-SAME: (%arg0: tensor<128xi32>, %arg1: tensor<1x64x!tt.ptr<f32>>, %arg2: tensor<1x4x1xf16>)
// CHECK-NEXT: %[[E0:.+]] = tt.expand_dims %arg0 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
// CHECK-NEXT: %[[E1:.+]] = tt.expand_dims %arg0 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
// CHECK-NEXT: tt.expand_dims %arg2 {axis = 3 : i32} : tensor<1x4x1xf16> -> tensor<1x4x1x1xf16>
// CHECK-NEXT: tt.broadcast %[[E0]] : tensor<1x128xi32> -> tensor<64x128xi32>
// CHECK-NEXT: tt.broadcast %[[E1]] : tensor<128x1xi32> -> tensor<128x64xi32>
// CHECK-NEXT: tt.broadcast %arg1 : tensor<1x64x!tt.ptr<f32>> -> tensor<32x64x!tt.ptr<f32>>
// CHECK-NEXT: tt.broadcast %arg2 : tensor<1x4x1xf16> -> tensor<2x4x8xf16>
// CHECK-NEXT: tt.return
tt.func @broadcast_expand_dims(%r: tensor<128xi32>, %p: tensor<1x64x!tt.ptr<f32>>, %h: tensor<1x4x1xf16>) {
  %0 = tt.expand_dims %r {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %1 = tt.expand_dims %r {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %2 = tt.expand_dims %h {axis = 3 : i32} : tensor<1x4x1xf16> -> tensor<1x4x1x1xf16>
  %3 = tt.broadcast %0 : tensor<1x128xi32> -> tensor<64x128xi32>
  %4 = tt.broadcast %1 : tensor<128x1xi32> -> tensor<128x64xi32>
  %5 = tt.broadcast %p : tensor<1x64x!tt.ptr<f32>> -> tensor<32x64x!tt.ptr<f32>>
  %6 = tt.broadcast %h : tensor<1x4x1xf16> -> tensor<2x4x8xf16>
  tt.return
}

// The two unit flags of reshape print as keywords, allow_reorder first.
// CHECK-LABEL: tt.func @reshape
// CHECK-SAME: (%arg0: tensor<4x8xf32>)
// CHECK-NEXT: tt.reshape %arg0 : tensor<4x8xf32> -> tensor<32xf32>
// CHECK-NEXT: tt.reshape %arg0 allow_reorder : tensor<4x8xf32> -> tensor<32xf32>
// CHECK-NEXT: tt.reshape %arg0 efficient_layout : tensor<4x8xf32> -> tensor<2x16xf32>
// CHECK-NEXT: tt.reshape %arg0 allow_reorder efficient_layout : tensor<4x8xf32> -> tensor<2x2x8xf32>
// CHECK-NEXT: tt.reshape %arg0 allow_reorder efficient_layout : tensor<4x8xf32> -> tensor<8x4xf32>
// CHECK-NEXT: tt.return
tt.func @reshape(%x: tensor<4x8xf32>) {
  %0 = tt.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
  %1 = tt.reshape %x allow_reorder : tensor<4x8xf32> -> tensor<32xf32>
  %2 = tt.reshape %x efficient_layout : tensor<4x8xf32> -> tensor<2x16xf32>
  %3 = tt.reshape %x allow_reorder efficient_layout : tensor<4x8xf32> -> tensor<2x2x8xf32>
  %4 = tt.reshape %x {allow_reorder, efficient_layout} : tensor<4x8xf32> -> tensor<8x4xf32>
  tt.return
}

// CHECK-LABEL: tt.func @cat_join_split
// CHECK-SAME: (%arg0: tensor<4x8xf32>, %arg1: tensor<16xi8>)
// CHECK-NEXT: tt.cat %arg0, %arg0 : tensor<4x8xf32> -> tensor<8x8xf32>
// CHECK-NEXT: tt.cat %arg1, %arg1 : tensor<16xi8> -> tensor<32xi8>
// CHECK-NEXT: %[[J:.+]] = tt.join %arg0, %arg0 : tensor<4x8xf32> -> tensor<4x8x2xf32>
// CHECK-NEXT: %[[J1:.+]] = tt.join %arg1, %arg1 : tensor<16xi8> -> tensor<16x2xi8>
// CHECK-NEXT: %[[L:.+]], %[[R:.+]] = tt.split %[[J]] : tensor<4x8x2xf32> -> tensor<4x8xf32>
// CHECK-NEXT: tt.split %[[J1]] : tensor<16x2xi8> -> tensor<16xi8>
// CHECK-NEXT: tt.return %[[L]], %[[R]] : tensor<4x8xf32>, tensor<4x8xf32>
tt.func @cat_join_split(%x: tensor<4x8xf32>, %y: tensor<16xi8>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %0 = tt.cat %x, %x : tensor<4x8xf32> -> tensor<8x8xf32>
  %1 = tt.cat %y, %y : tensor<16xi8> -> tensor<32xi8>
  %2 = tt.join %x, %x : tensor<4x8xf32> -> tensor<4x8x2xf32>
  %3 = tt.join %y, %y : tensor<16xi8> -> tensor<16x2xi8>
  %4, %5 = tt.split %2 : tensor<4x8x2xf32> -> tensor<4x8xf32>
  %6, %7 = tt.split %3 : tensor<16x2xi8> -> tensor<16xi8>
  tt.return %4, %5 : tensor<4x8xf32>, tensor<4x8xf32>
}

// CHECK-LABEL: tt.func @trans
// CHECK-SAME: (%arg0: tensor<2x4x8xf32>, %arg1: tensor<16x32x!tt.ptr<f16>>)
// CHECK-NEXT: tt.trans %arg0 {order = array<i32: 2, 0, 1>} : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
// CHECK-NEXT: tt.trans %arg0 {order = array<i32: 0, 2, 1>} : tensor<2x4x8xf32> -> tensor<2x8x4xf32>
// CHECK-NEXT: tt.trans %arg1 {order = array<i32: 1, 0>} : tensor<16x32x!tt.ptr<f16>> -> tensor<32x16x!tt.ptr<f16>>
// CHECK-NEXT: tt.return
tt.func @trans(%x: tensor<2x4x8xf32>, %p: tensor<16x32x!tt.ptr<f16>>) {
  %0 = tt.trans %x {order = array<i32: 2, 0, 1>} : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
  %1 = tt.trans %x {order = array<i32: 0, 2, 1>} : tensor<2x4x8xf32> -> tensor<2x8x4xf32>
  %2 = tt.trans %p {order = array<i32: 1, 0>} : tensor<16x32x!tt.ptr<f16>> -> tensor<32x16x!tt.ptr<f16>>
  tt.return
}

// Triton prints end before start (attribute dictionaries are sorted).
// CHECK-LABEL: tt.func @make_range
// CHECK-NEXT: tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
// CHECK-NEXT: tt.make_range {end = 48 : i32, start = 16 : i32} : tensor<32xi32>
// CHECK-NEXT: tt.return
tt.func @make_range() {
  %0 = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %1 = tt.make_range {end = 48 : i32, start = 16 : i32} : tensor<32xi32>
  tt.return
}

// Gather along either axis, with smaller index tensors, and the
// efficient_layout flag.
// CHECK-LABEL: tt.func @gather
// CHECK-SAME: (%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xi32>, %arg2: tensor<2x16xi64>)
// CHECK-NEXT: tt.gather %arg0[%arg1] {axis = 1 : i32} : (tensor<4x8xf32>, tensor<4x8xi32>) -> tensor<4x8xf32>
// CHECK-NEXT: tt.gather %arg0[%arg1] {axis = 0 : i32, efficient_layout} : (tensor<4x8xf32>, tensor<4x8xi32>) -> tensor<4x8xf32>
// CHECK-NEXT: tt.gather %arg0[%arg2] {axis = 1 : i32} : (tensor<4x8xf32>, tensor<2x16xi64>) -> tensor<2x16xf32>
// CHECK-NEXT: tt.return
tt.func @gather(%src: tensor<4x8xf32>, %idx: tensor<4x8xi32>, %idx2: tensor<2x16xi64>) {
  %0 = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<4x8xf32>, tensor<4x8xi32>) -> tensor<4x8xf32>
  %1 = tt.gather %src[%idx] {axis = 0 : i32, efficient_layout} : (tensor<4x8xf32>, tensor<4x8xi32>) -> tensor<4x8xf32>
  %2 = tt.gather %src[%idx2] {axis = 1 : i32} : (tensor<4x8xf32>, tensor<2x16xi64>) -> tensor<2x16xf32>
  tt.return
}

// CHECK-LABEL: tt.func @histogram
// CHECK-SAME: (%arg0: tensor<64xi32>, %arg1: tensor<64xi1>)
// CHECK-NEXT: tt.histogram %arg0 : tensor<64xi32> -> tensor<16xi32>
// CHECK-NEXT: tt.histogram %arg0, %arg1 : tensor<64xi32> -> tensor<16xi32>
// CHECK-NEXT: tt.histogram %arg0 : tensor<64xi32> -> tensor<256xi64>
// CHECK-NEXT: tt.return
tt.func @histogram(%x: tensor<64xi32>, %m: tensor<64xi1>) {
  %0 = tt.histogram %x : tensor<64xi32> -> tensor<16xi32>
  %1 = tt.histogram %x, %m : tensor<64xi32> -> tensor<16xi32>
  %2 = tt.histogram %x : tensor<64xi32> -> tensor<256xi64>
  tt.return
}
