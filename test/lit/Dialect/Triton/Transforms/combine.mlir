// RUN: triton-opt %s -split-input-file -triton-combine | FileCheck %s

// add(dot(a, b, 0), d) -> dot(a, b, d), with the dot on either side.
// CHECK-LABEL: @dot_addf
// CHECK-SAME: (%[[A:.*]]: tensor<64x32xf16>, %[[B:.*]]: tensor<32x64xf16>, %[[D:.*]]: tensor<64x64xf32>)
tt.func @dot_addf(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %d: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
  %0 = tt.dot %a, %b, %zero : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  %1 = arith.addf %0, %d : tensor<64x64xf32>
  %2 = tt.dot %a, %b, %zero : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  %3 = arith.addf %d, %2 : tensor<64x64xf32>
  // CHECK-NEXT: %[[R0:.*]] = tt.dot %[[A]], %[[B]], %[[D]] : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  // CHECK-NEXT: %[[R1:.*]] = tt.dot %[[A]], %[[B]], %[[D]] : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  // CHECK-NEXT: tt.return %[[R0]], %[[R1]]
  tt.return %1, %3 : tensor<64x64xf32>, tensor<64x64xf32>
}

// -----

// CHECK-LABEL: @dot_addi
tt.func @dot_addi(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>, %d: tensor<16x16xi32>) -> tensor<16x16xi32> {
  %zero = arith.constant dense<0> : tensor<16x16xi32>
  %0 = tt.dot %a, %b, %zero : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
  %1 = arith.addi %d, %0 : tensor<16x16xi32>
  // CHECK-NEXT: %[[R:.*]] = tt.dot %arg0, %arg1, %arg2 : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
  // CHECK-NEXT: tt.return %[[R]]
  tt.return %1 : tensor<16x16xi32>
}

// -----

// Not combined: the accumulator is not zero, the dot has another use, or it
// accumulates imprecisely.
// CHECK-LABEL: @dot_add_negative
tt.func @dot_add_negative(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>, %d: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) {
  %zero = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
  // CHECK: %[[D0:.*]] = tt.dot %arg0, %arg1, %arg2
  // CHECK: arith.addf %[[D0]], %arg3
  %0 = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %1 = arith.addf %0, %d : tensor<16x16xf32>
  // CHECK: %[[D1:.*]] = tt.dot %arg0, %arg1, %cst
  // CHECK: arith.addf %[[D1]], %arg3
  %2 = tt.dot %a, %b, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %3 = arith.addf %2, %d : tensor<16x16xf32>
  // CHECK: %[[D2:.*]] = tt.dot %arg0, %arg1, %cst {maxNumImpreciseAcc = 32 : i32}
  // CHECK: arith.addf %[[D2]], %arg3
  %4 = tt.dot %a, %b, %zero {maxNumImpreciseAcc = 32 : i32} : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %5 = arith.addf %4, %d : tensor<16x16xf32>
  tt.return %1, %3, %2, %5 : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>
}

// -----

// addptr(addptr(p, i), j) -> addptr(p, i + j) for 64-bit offsets.
// CHECK-LABEL: @addptr_chain_i64
tt.func @addptr_chain_i64(%p: !tt.ptr<f32>, %i: i64, %j: i64) -> !tt.ptr<f32> {
  // CHECK-NEXT: %[[S:.*]] = arith.addi %arg1, %arg2 : i64
  // CHECK-NEXT: %[[P:.*]] = tt.addptr %arg0, %[[S]] : !tt.ptr<f32>, i64
  // CHECK-NEXT: tt.return %[[P]]
  %0 = tt.addptr %p, %i : !tt.ptr<f32>, i64
  %1 = tt.addptr %0, %j : !tt.ptr<f32>, i64
  tt.return %1 : !tt.ptr<f32>
}

// -----

// CHECK-LABEL: @addptr_chain_tensor_i64
tt.func @addptr_chain_tensor_i64(%p: tensor<128x!tt.ptr<f16>>, %i: tensor<128xi64>, %j: tensor<128xi64>) -> tensor<128x!tt.ptr<f16>> {
  // CHECK-NEXT: %[[S:.*]] = arith.addi %arg1, %arg2 : tensor<128xi64>
  // CHECK-NEXT: tt.addptr %arg0, %[[S]] : tensor<128x!tt.ptr<f16>>, tensor<128xi64>
  %0 = tt.addptr %p, %i : tensor<128x!tt.ptr<f16>>, tensor<128xi64>
  %1 = tt.addptr %0, %j : tensor<128x!tt.ptr<f16>>, tensor<128xi64>
  tt.return %1 : tensor<128x!tt.ptr<f16>>
}

// -----

// i32 offsets could wrap when summed: kept apart unless both are constants
// whose sum fits.
// CHECK-LABEL: @addptr_chain_i32
tt.func @addptr_chain_i32(%p: tensor<128x!tt.ptr<f16>>, %i: tensor<128xi32>, %j: tensor<128xi32>) -> tensor<128x!tt.ptr<f16>> {
  // CHECK-NEXT: %[[P0:.*]] = tt.addptr %arg0, %arg1 : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
  // CHECK-NEXT: tt.addptr %[[P0]], %arg2 : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
  %0 = tt.addptr %p, %i : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
  %1 = tt.addptr %0, %j : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
  tt.return %1 : tensor<128x!tt.ptr<f16>>
}

// -----

// CHECK-LABEL: @addptr_chain_i32_constants
tt.func @addptr_chain_i32_constants(%p: !tt.ptr<f32>) -> (!tt.ptr<f32>, !tt.ptr<f32>) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %cmax = arith.constant 2147483647 : i32
  // CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i32
  // CHECK: %[[P:.*]] = tt.addptr %arg0, %[[C3]] : !tt.ptr<f32>, i32
  %0 = tt.addptr %p, %c1 : !tt.ptr<f32>, i32
  %1 = tt.addptr %0, %c2 : !tt.ptr<f32>, i32
  // The sum would overflow i32: not combined.
  // CHECK: %[[Q0:.*]] = tt.addptr %arg0, %c2147483647_i32
  // CHECK: %[[Q1:.*]] = tt.addptr %[[Q0]], %c2147483647_i32
  // CHECK: tt.return %[[P]], %[[Q1]]
  %2 = tt.addptr %p, %cmax : !tt.ptr<f32>, i32
  %3 = tt.addptr %2, %cmax : !tt.ptr<f32>, i32
  tt.return %1, %3 : !tt.ptr<f32>, !tt.ptr<f32>
}

// -----

// select(c, load(p, splat(c)), o) -> load(p, splat(c), o)
// CHECK-LABEL: @select_masked_load
tt.func @select_masked_load(%p: tensor<64x!tt.ptr<f32>>, %c: i1, %o: tensor<64xf32>) -> tensor<64xf32> {
  // CHECK-NEXT: %[[M:.*]] = tt.splat %arg1 : i1 -> tensor<64xi1>
  // CHECK-NEXT: %[[L:.*]] = tt.load %arg0, %[[M]], %arg2 : tensor<64x!tt.ptr<f32>>
  // CHECK-NEXT: tt.return %[[L]]
  %m = tt.splat %c : i1 -> tensor<64xi1>
  %l = tt.load %p, %m : tensor<64x!tt.ptr<f32>>
  %r = arith.select %c, %l, %o : tensor<64xf32>
  tt.return %r : tensor<64xf32>
}

// -----

// The mask is not the select's condition: no change.
// CHECK-LABEL: @select_masked_load_other_cond
tt.func @select_masked_load_other_cond(%p: tensor<64x!tt.ptr<f32>>, %c: i1, %d: i1, %o: tensor<64xf32>) -> tensor<64xf32> {
  // CHECK: tt.load %arg0, %{{.*}} : tensor<64x!tt.ptr<f32>>
  // CHECK: arith.select %arg2
  %m = tt.splat %c : i1 -> tensor<64xi1>
  %l = tt.load %p, %m : tensor<64x!tt.ptr<f32>>
  %r = arith.select %d, %l, %o : tensor<64xf32>
  tt.return %r : tensor<64xf32>
}

// -----

// sum(a[:, :, None] * b[None, :, :], axis=1) -> dot(a, b, 0)
// CHECK-LABEL: @broadcast_mul_reduce
tt.func @broadcast_mul_reduce(%a: tensor<32x16xf32>, %b: tensor<16x64xf32>) -> tensor<32x64xf32> {
  // CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<32x64xf32>
  // CHECK-NEXT: %[[D:.*]] = tt.dot %arg0, %arg1, %[[Z]] : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
  // CHECK-NEXT: tt.return %[[D]]
  %0 = tt.expand_dims %a {axis = 2 : i32} : tensor<32x16xf32> -> tensor<32x16x1xf32>
  %1 = tt.broadcast %0 : tensor<32x16x1xf32> -> tensor<32x16x64xf32>
  %2 = tt.expand_dims %b {axis = 0 : i32} : tensor<16x64xf32> -> tensor<1x16x64xf32>
  %3 = tt.broadcast %2 : tensor<1x16x64xf32> -> tensor<32x16x64xf32>
  %4 = arith.mulf %1, %3 : tensor<32x16x64xf32>
  %5 = "tt.reduce"(%4) <{axis = 1 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x16x64xf32>) -> tensor<32x64xf32>
  tt.return %5 : tensor<32x64xf32>
}

// -----

// A max-reduction of the products is no matmul.
// CHECK-LABEL: @broadcast_mul_reduce_max
tt.func @broadcast_mul_reduce_max(%a: tensor<32x16xf32>, %b: tensor<16x64xf32>) -> tensor<32x64xf32> {
  // CHECK-NOT: tt.dot
  // CHECK: "tt.reduce"
  %0 = tt.expand_dims %a {axis = 2 : i32} : tensor<32x16xf32> -> tensor<32x16x1xf32>
  %1 = tt.broadcast %0 : tensor<32x16x1xf32> -> tensor<32x16x64xf32>
  %2 = tt.expand_dims %b {axis = 0 : i32} : tensor<16x64xf32> -> tensor<1x16x64xf32>
  %3 = tt.broadcast %2 : tensor<1x16x64xf32> -> tensor<32x16x64xf32>
  %4 = arith.mulf %1, %3 : tensor<32x16x64xf32>
  %5 = "tt.reduce"(%4) <{axis = 1 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %s = arith.maxnumf %x, %y : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x16x64xf32>) -> tensor<32x64xf32>
  tt.return %5 : tensor<32x64xf32>
}
