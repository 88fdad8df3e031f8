// RUN: triton-opt %s -split-input-file -triton-rewrite-tensor-pointer -verify-each | FileCheck %s

// A 1-D load without boundary checks: base + (offset + range) * stride, no
// mask and no other.
// CHECK-LABEL: tt.func @load_1d_unchecked
// CHECK-SAME: (%[[BASE:[a-z0-9_]+]]: !tt.ptr<f32>, %[[M:[a-z0-9_]+]]: i64, %[[S:[a-z0-9_]+]]: i64, %[[X:[a-z0-9_]+]]: i32)
// CHECK: %[[OFF:.*]] = arith.extsi %[[X]] : i32 to i64
// CHECK: %[[PTRS:.*]] = tt.splat %[[BASE]] : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
// CHECK: %[[FIRST:.*]] = tt.splat %[[OFF]] : i64 -> tensor<128xi64>
// CHECK: %[[RANGE:.*]] = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
// CHECK: %[[WIDE:.*]] = arith.extsi %[[RANGE]] : tensor<128xi32> to tensor<128xi64>
// CHECK: %[[IDX:.*]] = arith.addi %[[FIRST]], %[[WIDE]] : tensor<128xi64>
// CHECK: %[[STRIDE:.*]] = tt.splat %[[S]] : i64 -> tensor<128xi64>
// CHECK: %[[SCALED:.*]] = arith.muli %[[IDX]], %[[STRIDE]] : tensor<128xi64>
// CHECK: %[[ADDR:.*]] = tt.addptr %[[PTRS]], %[[SCALED]] : tensor<128x!tt.ptr<f32>>, tensor<128xi64>
// CHECK-NOT: arith.cmpi
// CHECK: %[[V:.*]] = tt.load %[[ADDR]] : tensor<128x!tt.ptr<f32>>
// CHECK: tt.return %[[V]]
// CHECK-NOT: tt.make_tensor_ptr
tt.func @load_1d_unchecked(%base: !tt.ptr<f32>, %m: i64, %s: i64, %x: i32) -> tensor<128xf32> {
  %p = tt.make_tensor_ptr %base, [%m], [%s], [%x] {order = array<i32: 0>} : <tensor<128xf32>>
  %v = tt.load %p : !tt.ptr<tensor<128xf32>>
  tt.return %v : tensor<128xf32>
}

// -----

// A 1-D load checked against the shape, zero padding: mask 0 <= idx < M and
// other = 0.
// CHECK-LABEL: tt.func @load_1d_zero_padding
// CHECK-SAME: (%[[BASE:[a-z0-9_]+]]: !tt.ptr<f32>, %[[M:[a-z0-9_]+]]: i64, %[[S:[a-z0-9_]+]]: i64, %[[X:[a-z0-9_]+]]: i32)
// CHECK: %[[IDX:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<64xi64>
// CHECK: %[[ADDR:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<f32>>, tensor<64xi64>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0> : tensor<64xi64>
// CHECK: %[[GE:.*]] = arith.cmpi sge, %[[IDX]], %[[ZERO]] : tensor<64xi64>
// CHECK: %[[BOUND:.*]] = tt.splat %[[M]] : i64 -> tensor<64xi64>
// CHECK: %[[LT:.*]] = arith.cmpi slt, %[[IDX]], %[[BOUND]] : tensor<64xi64>
// CHECK: %[[MASK:.*]] = arith.andi %[[GE]], %[[LT]] : tensor<64xi1>
// CHECK: %[[OTHER:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf32>
// CHECK: tt.load %[[ADDR]], %[[MASK]], %[[OTHER]] : tensor<64x!tt.ptr<f32>>
tt.func @load_1d_zero_padding(%base: !tt.ptr<f32>, %m: i64, %s: i64, %x: i32) -> tensor<64xf32> {
  %p = tt.make_tensor_ptr %base, [%m], [%s], [%x] {order = array<i32: 0>} : <tensor<64xf32>>
  %v = tt.load %p {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<64xf32>>
  tt.return %v : tensor<64xf32>
}

// -----

// A 2-D load checked in both dimensions with NaN padding: each dimension's
// index is expanded, scaled by its stride and broadcast; the per-dimension
// conditions are broadcast and and-ed.
// CHECK-LABEL: tt.func @load_2d_nan_padding
// CHECK-SAME: (%[[BASE:[a-z0-9_]+]]: !tt.ptr<f16>, %[[M:[a-z0-9_]+]]: i64, %[[N:[a-z0-9_]+]]: i64, %[[SM:[a-z0-9_]+]]: i64, %[[SN:[a-z0-9_]+]]: i64, %[[X:[a-z0-9_]+]]: i32, %[[Y:[a-z0-9_]+]]: i32)
// CHECK-DAG: %[[OFFX:.*]] = arith.extsi %[[X]] : i32 to i64
// CHECK-DAG: %[[OFFY:.*]] = arith.extsi %[[Y]] : i32 to i64
// CHECK: %[[P0:.*]] = tt.splat %[[BASE]] : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
// CHECK: %[[SPLATX:.*]] = tt.splat %[[OFFX]] : i64 -> tensor<32xi64>
// CHECK: %[[ROWS:.*]] = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
// CHECK: %[[ROWS64:.*]] = arith.extsi %[[ROWS]] : tensor<32xi32> to tensor<32xi64>
// CHECK: %[[IDXX:.*]] = arith.addi %[[SPLATX]], %[[ROWS64]] : tensor<32xi64>
// CHECK: %[[EX:.*]] = tt.expand_dims %[[IDXX]] {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
// CHECK: %[[STRIDEX:.*]] = tt.splat %[[SM]] : i64 -> tensor<32x1xi64>
// CHECK: %[[MULX:.*]] = arith.muli %[[EX]], %[[STRIDEX]] : tensor<32x1xi64>
// CHECK: %[[BX:.*]] = tt.broadcast %[[MULX]] : tensor<32x1xi64> -> tensor<32x64xi64>
// CHECK: %[[P1:.*]] = tt.addptr %[[P0]], %[[BX]] : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi64>
// CHECK: %[[SPLATY:.*]] = tt.splat %[[OFFY]] : i64 -> tensor<64xi64>
// CHECK: %[[COLS:.*]] = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
// CHECK: %[[COLS64:.*]] = arith.extsi %[[COLS]] : tensor<64xi32> to tensor<64xi64>
// CHECK: %[[IDXY:.*]] = arith.addi %[[SPLATY]], %[[COLS64]] : tensor<64xi64>
// CHECK: %[[EY:.*]] = tt.expand_dims %[[IDXY]] {axis = 0 : i32} : tensor<64xi64> -> tensor<1x64xi64>
// CHECK: %[[STRIDEY:.*]] = tt.splat %[[SN]] : i64 -> tensor<1x64xi64>
// CHECK: %[[MULY:.*]] = arith.muli %[[EY]], %[[STRIDEY]] : tensor<1x64xi64>
// CHECK: %[[BY:.*]] = tt.broadcast %[[MULY]] : tensor<1x64xi64> -> tensor<32x64xi64>
// CHECK: %[[P2:.*]] = tt.addptr %[[P1]], %[[BY]] : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi64>
// CHECK: arith.cmpi sge, %[[EX]], %{{.*}} : tensor<32x1xi64>
// CHECK: %[[BOUNDX:.*]] = tt.splat %[[M]] : i64 -> tensor<32x1xi64>
// CHECK: arith.cmpi slt, %[[EX]], %[[BOUNDX]] : tensor<32x1xi64>
// CHECK: %[[INX:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<32x1xi1>
// CHECK: %[[MASKX:.*]] = tt.broadcast %[[INX]] : tensor<32x1xi1> -> tensor<32x64xi1>
// CHECK: arith.cmpi sge, %[[EY]], %{{.*}} : tensor<1x64xi64>
// CHECK: %[[BOUNDY:.*]] = tt.splat %[[N]] : i64 -> tensor<1x64xi64>
// CHECK: arith.cmpi slt, %[[EY]], %[[BOUNDY]] : tensor<1x64xi64>
// CHECK: %[[INY:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<1x64xi1>
// CHECK: %[[MASKY:.*]] = tt.broadcast %[[INY]] : tensor<1x64xi1> -> tensor<32x64xi1>
// CHECK: %[[MASK:.*]] = arith.andi %[[MASKX]], %[[MASKY]] : tensor<32x64xi1>
// CHECK: %[[NAN:.*]] = arith.constant dense<0x7E00> : tensor<32x64xf16>
// CHECK: tt.load %[[P2]], %[[MASK]], %[[NAN]] : tensor<32x64x!tt.ptr<f16>>
tt.func @load_2d_nan_padding(%base: !tt.ptr<f16>, %m: i64, %n: i64, %sm: i64, %sn: i64, %x: i32, %y: i32) -> tensor<32x64xf16> {
  %p = tt.make_tensor_ptr %base, [%m, %n], [%sm, %sn], [%x, %y] {order = array<i32: 1, 0>} : <tensor<32x64xf16>>
  %v = tt.load %p {boundaryCheck = array<i32: 0, 1>, padding = 2 : i32} : !tt.ptr<tensor<32x64xf16>>
  tt.return %v : tensor<32x64xf16>
}

// -----

// Only dimension 1 is checked, and without a padding option the load gets a
// mask but no other value.
// CHECK-LABEL: tt.func @load_2d_check_one_dim
// CHECK-SAME: (%[[BASE:[a-z0-9_]+]]: !tt.ptr<f32>, %[[M:[a-z0-9_]+]]: i64, %[[N:[a-z0-9_]+]]: i64
// CHECK: tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<8xi64> -> tensor<8x1xi64>
// CHECK: tt.addptr
// CHECK: %[[EY:.*]] = tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
// CHECK: %[[ADDR:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<8x16x!tt.ptr<f32>>, tensor<8x16xi64>
// CHECK-NOT: tt.splat %[[M]]
// CHECK: arith.cmpi sge, %[[EY]], %{{.*}} : tensor<1x16xi64>
// CHECK-NOT: tt.splat %[[M]]
// CHECK: %[[BOUND:.*]] = tt.splat %[[N]] : i64 -> tensor<1x16xi64>
// CHECK: arith.cmpi slt, %[[EY]], %[[BOUND]] : tensor<1x16xi64>
// CHECK: %[[IN:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<1x16xi1>
// CHECK: %[[MASK:.*]] = tt.broadcast %[[IN]] : tensor<1x16xi1> -> tensor<8x16xi1>
// CHECK-NEXT: %[[V:.*]] = tt.load %[[ADDR]], %[[MASK]] : tensor<8x16x!tt.ptr<f32>>
// CHECK-NEXT: tt.return %[[V]]
tt.func @load_2d_check_one_dim(%base: !tt.ptr<f32>, %m: i64, %n: i64, %s: i64, %x: i32) -> tensor<8x16xf32> {
  %c1 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%m, %n], [%s, %c1], [%x, %x] {order = array<i32: 1, 0>} : <tensor<8x16xf32>>
  %v = tt.load %p {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<8x16xf32>>
  tt.return %v : tensor<8x16xf32>
}

// -----

// Cache modifier, eviction policy and volatility carry over.
// CHECK-LABEL: tt.func @load_keeps_attrs
// CHECK: tt.load %{{.*}} cacheModifier = cg evictionPolicy = evict_last {isVolatile = true} : tensor<16x!tt.ptr<f32>>
tt.func @load_keeps_attrs(%base: !tt.ptr<f32>, %m: i64, %s: i64, %x: i32) -> tensor<16xf32> {
  %p = tt.make_tensor_ptr %base, [%m], [%s], [%x] {order = array<i32: 0>} : <tensor<16xf32>>
  %v = tt.load %p cacheModifier = cg evictionPolicy = evict_last {isVolatile = true} : !tt.ptr<tensor<16xf32>>
  tt.return %v : tensor<16xf32>
}

// -----

// A 2-D store checked in dimension 0: masked store, no mask without checks.
// CHECK-LABEL: tt.func @store_2d
// CHECK-SAME: (%[[BASE:[a-z0-9_]+]]: !tt.ptr<i32>, %[[M:[a-z0-9_]+]]: i64, %[[N:[a-z0-9_]+]]: i64, %[[S:[a-z0-9_]+]]: i64, %[[X:[a-z0-9_]+]]: i32, %[[V:[a-z0-9_]+]]: tensor<4x8xi32>)
// CHECK: %[[EX:.*]] = tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<4xi64> -> tensor<4x1xi64>
// CHECK: tt.addptr
// CHECK: %[[ADDR:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<4x8x!tt.ptr<i32>>, tensor<4x8xi64>
// CHECK: arith.cmpi sge, %[[EX]], %{{.*}} : tensor<4x1xi64>
// CHECK: %[[BOUND:.*]] = tt.splat %[[M]] : i64 -> tensor<4x1xi64>
// CHECK: arith.cmpi slt, %[[EX]], %[[BOUND]] : tensor<4x1xi64>
// CHECK: %[[IN:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<4x1xi1>
// CHECK: %[[MASK:.*]] = tt.broadcast %[[IN]] : tensor<4x1xi1> -> tensor<4x8xi1>
// CHECK: tt.store %[[ADDR]], %[[V]], %[[MASK]] cacheModifier = wb : tensor<4x8x!tt.ptr<i32>>
// CHECK: tt.addptr
// CHECK: %[[ADDR2:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<4x8x!tt.ptr<i32>>, tensor<4x8xi64>
// CHECK-NEXT: tt.store %[[ADDR2]], %[[V]] : tensor<4x8x!tt.ptr<i32>>
tt.func @store_2d(%base: !tt.ptr<i32>, %m: i64, %n: i64, %s: i64, %x: i32, %v: tensor<4x8xi32>) {
  %c1 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%m, %n], [%s, %c1], [%x, %x] {order = array<i32: 1, 0>} : <tensor<4x8xi32>>
  tt.store %p, %v cacheModifier = wb {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<4x8xi32>>
  tt.store %p, %v : !tt.ptr<tensor<4x8xi32>>
  tt.return
}

// -----

// Advancing adds the widened deltas to the offsets; the block starts there.
// CHECK-LABEL: tt.func @advance
// CHECK-SAME: (%[[BASE:[a-z0-9_]+]]: !tt.ptr<f32>, %[[M:[a-z0-9_]+]]: i64, %[[S:[a-z0-9_]+]]: i64, %[[X:[a-z0-9_]+]]: i32, %[[D:[a-z0-9_]+]]: i32)
// CHECK: %[[OFF:.*]] = arith.extsi %[[X]] : i32 to i64
// CHECK: %[[D1:.*]] = arith.extsi %[[D]] : i32 to i64
// CHECK: %[[OFF1:.*]] = arith.addi %[[OFF]], %[[D1]] : i64
// CHECK: %[[D2:.*]] = arith.extsi %[[D]] : i32 to i64
// CHECK: %[[OFF2:.*]] = arith.addi %[[OFF1]], %[[D2]] : i64
// CHECK: tt.splat %[[BASE]] : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
// CHECK: tt.splat %[[OFF2]] : i64 -> tensor<32xi64>
// CHECK: tt.load
// CHECK-NOT: tt.advance
tt.func @advance(%base: !tt.ptr<f32>, %m: i64, %s: i64, %x: i32, %d: i32) -> tensor<32xf32> {
  %p = tt.make_tensor_ptr %base, [%m], [%s], [%x] {order = array<i32: 0>} : <tensor<32xf32>>
  %p1 = tt.advance %p, [%d] : <tensor<32xf32>>
  %p2 = tt.advance %p1, [%d] : <tensor<32xf32>>
  %v = tt.load %p2 : !tt.ptr<tensor<32xf32>>
  tt.return %v : tensor<32xf32>
}

// -----

// A loop carrying a tensor pointer advanced every iteration carries its
// components instead: base, shape, stride and offset.
// CHECK-LABEL: tt.func @for_advance
// CHECK-SAME: (%[[BASE:[a-z0-9_]+]]: !tt.ptr<f32>, %[[M:[a-z0-9_]+]]: i64, %[[S:[a-z0-9_]+]]: i64, %[[X:[a-z0-9_]+]]: i32, %[[K:[a-z0-9_]+]]: i32)
// CHECK: %[[OFF:.*]] = arith.extsi %[[X]] : i32 to i64
// CHECK: %[[R:[a-z0-9_]+]]:5 = scf.for %{{.*}} = %{{.*}} to %[[K]] step %{{.*}} iter_args(%[[PB:[a-z0-9_]+]] = %[[BASE]], %[[PM:[a-z0-9_]+]] = %[[M]], %[[PS:[a-z0-9_]+]] = %[[S]], %[[PO:[a-z0-9_]+]] = %[[OFF]], %[[ACC:[a-z0-9_]+]] = %{{.*}}) -> (!tt.ptr<f32>, i64, i64, i64, tensor<128xf32>)
// CHECK:   %[[P0:.*]] = tt.splat %[[PB]] : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
// CHECK:   %[[FIRST:.*]] = tt.splat %[[PO]] : i64 -> tensor<128xi64>
// CHECK:   %[[IDX:.*]] = arith.addi %[[FIRST]], %{{.*}} : tensor<128xi64>
// CHECK:   %[[STRIDE:.*]] = tt.splat %[[PS]] : i64 -> tensor<128xi64>
// CHECK:   %[[MUL:.*]] = arith.muli %[[IDX]], %[[STRIDE]] : tensor<128xi64>
// CHECK:   %[[ADDR:.*]] = tt.addptr %[[P0]], %[[MUL]]
// CHECK:   arith.cmpi sge, %[[IDX]], %{{.*}} : tensor<128xi64>
// CHECK:   %[[BOUND:.*]] = tt.splat %[[PM]] : i64 -> tensor<128xi64>
// CHECK:   arith.cmpi slt, %[[IDX]], %[[BOUND]] : tensor<128xi64>
// CHECK:   %[[MASK:.*]] = arith.andi
// CHECK:   tt.load %[[ADDR]], %[[MASK]], %{{.*}} : tensor<128x!tt.ptr<f32>>
// CHECK:   %[[STEP:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK:   %[[NEXT:.*]] = arith.addi %[[PO]], %[[STEP]] : i64
// CHECK:   scf.yield %[[PB]], %[[PM]], %[[PS]], %[[NEXT]], %{{.*}} : !tt.ptr<f32>, i64, i64, i64, tensor<128xf32>
// CHECK: tt.splat %[[R]]#0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
// CHECK: tt.splat %[[R]]#3 : i64 -> tensor<128xi64>
// CHECK: tt.store %{{.*}}, %[[R]]#4 : tensor<128x!tt.ptr<f32>>
tt.func @for_advance(%base: !tt.ptr<f32>, %m: i64, %s: i64, %x: i32, %k: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %acc0 = arith.constant dense<0.0> : tensor<128xf32>
  %p = tt.make_tensor_ptr %base, [%m], [%s], [%x] {order = array<i32: 0>} : <tensor<128xf32>>
  %r:2 = scf.for %i = %c0 to %k step %c1 iter_args(%q = %p, %acc = %acc0) -> (!tt.ptr<tensor<128xf32>>, tensor<128xf32>) : i32 {
    %v = tt.load %q {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<128xf32>>
    %a = arith.addf %acc, %v : tensor<128xf32>
    %q2 = tt.advance %q, [%c128] : <tensor<128xf32>>
    scf.yield %q2, %a : !tt.ptr<tensor<128xf32>>, tensor<128xf32>
  }
  tt.store %r#0, %r#1 : !tt.ptr<tensor<128xf32>>
  tt.return
}

// -----

// scf.if yielding tensor pointers yields their components.
// CHECK-LABEL: tt.func @if_yield
// CHECK-SAME: (%[[BASE:[a-z0-9_]+]]: !tt.ptr<f32>, %[[OTHER:[a-z0-9_]+]]: !tt.ptr<f32>, %[[M:[a-z0-9_]+]]: i64, %[[S:[a-z0-9_]+]]: i64, %[[X:[a-z0-9_]+]]: i32, %[[C:[a-z0-9_]+]]: i1)
// CHECK: %[[OFF:.*]] = arith.extsi %[[X]] : i32 to i64
// CHECK: %[[R:[a-z0-9_]+]]:4 = scf.if %[[C]] -> (!tt.ptr<f32>, i64, i64, i64) {
// CHECK:   %[[ADV:.*]] = arith.addi %[[OFF]], %{{.*}} : i64
// CHECK:   scf.yield %[[BASE]], %[[M]], %[[S]], %[[ADV]] : !tt.ptr<f32>, i64, i64, i64
// CHECK: } else {
// CHECK:   %[[OFF2:.*]] = arith.extsi %[[X]] : i32 to i64
// CHECK:   scf.yield %[[OTHER]], %[[M]], %[[S]], %[[OFF2]] : !tt.ptr<f32>, i64, i64, i64
// CHECK: }
// CHECK: tt.splat %[[R]]#0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
// CHECK: tt.splat %[[R]]#3 : i64 -> tensor<16xi64>
// CHECK: tt.splat %[[R]]#2 : i64 -> tensor<16xi64>
// CHECK: tt.load
tt.func @if_yield(%base: !tt.ptr<f32>, %other: !tt.ptr<f32>, %m: i64, %s: i64, %x: i32, %c: i1) -> tensor<16xf32> {
  %c16 = arith.constant 16 : i32
  %p = tt.make_tensor_ptr %base, [%m], [%s], [%x] {order = array<i32: 0>} : <tensor<16xf32>>
  %q = scf.if %c -> (!tt.ptr<tensor<16xf32>>) {
    %a = tt.advance %p, [%c16] : <tensor<16xf32>>
    scf.yield %a : !tt.ptr<tensor<16xf32>>
  } else {
    %o = tt.make_tensor_ptr %other, [%m], [%s], [%x] {order = array<i32: 0>} : <tensor<16xf32>>
    scf.yield %o : !tt.ptr<tensor<16xf32>>
  }
  %v = tt.load %q : !tt.ptr<tensor<16xf32>>
  tt.return %v : tensor<16xf32>
}

// -----

// scf.while carries the components through both regions.
// CHECK-LABEL: tt.func @while_loop
// CHECK: %[[R:[a-z0-9_]+]]:5 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (!tt.ptr<i32>, i64, i64, i64, i32) -> (!tt.ptr<i32>, i64, i64, i64, i32)
// CHECK:   scf.condition(%{{.*}}) %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !tt.ptr<i32>, i64, i64, i64, i32
// CHECK: } do {
// CHECK: ^bb0(%[[B:[a-z0-9_]+]]: !tt.ptr<i32>, %[[M:[a-z0-9_]+]]: i64, %[[S:[a-z0-9_]+]]: i64, %[[O:[a-z0-9_]+]]: i64, %[[I:[a-z0-9_]+]]: i32):
// CHECK:   tt.splat %[[B]] : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
// CHECK:   tt.splat %[[O]] : i64 -> tensor<16xi64>
// CHECK:   tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x!tt.ptr<i32>>
// CHECK:   %[[NEXT:.*]] = arith.addi %[[O]], %{{.*}} : i64
// CHECK:   scf.yield %[[B]], %[[M]], %[[S]], %[[NEXT]], %{{.*}} : !tt.ptr<i32>, i64, i64, i64, i32
tt.func @while_loop(%base: !tt.ptr<i32>, %m: i64, %n: i32) {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %cst = arith.constant dense<7> : tensor<16xi32>
  %p = tt.make_tensor_ptr %base, [%m], [%c1], [%c0] {order = array<i32: 0>} : <tensor<16xi32>>
  %r:2 = scf.while (%q = %p, %i = %c0) : (!tt.ptr<tensor<16xi32>>, i32) -> (!tt.ptr<tensor<16xi32>>, i32) {
    %cond = arith.cmpi slt, %i, %n : i32
    scf.condition(%cond) %q, %i : !tt.ptr<tensor<16xi32>>, i32
  } do {
  ^bb0(%q2: !tt.ptr<tensor<16xi32>>, %i2: i32):
    tt.store %q2, %cst {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<16xi32>>
    %q3 = tt.advance %q2, [%c16] : <tensor<16xi32>>
    %i3 = arith.addi %i2, %c16 : i32
    scf.yield %q3, %i3 : !tt.ptr<tensor<16xi32>>, i32
  }
  tt.return
}

// -----

// arith.select between tensor pointers selects each component.
// CHECK-LABEL: tt.func @select
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: !tt.ptr<f32>, %[[B:[a-z0-9_]+]]: !tt.ptr<f32>, %[[M:[a-z0-9_]+]]: i64, %[[N:[a-z0-9_]+]]: i64, %[[S:[a-z0-9_]+]]: i64, %[[X:[a-z0-9_]+]]: i32, %[[C:[a-z0-9_]+]]: i1)
// CHECK: %[[SB:.*]] = arith.select %[[C]], %[[A]], %[[B]] : !tt.ptr<f32>
// CHECK: %[[SM:.*]] = arith.select %[[C]], %[[M]], %[[N]] : i64
// CHECK: arith.select %[[C]], %[[S]], %[[S]] : i64
// CHECK: %[[SO:.*]] = arith.select %[[C]], %{{.*}}, %{{.*}} : i64
// CHECK: tt.splat %[[SB]] : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
// CHECK: tt.splat %[[SO]] : i64 -> tensor<16xi64>
// CHECK: tt.splat %[[SM]] : i64 -> tensor<16xi64>
tt.func @select(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %m: i64, %n: i64, %s: i64, %x: i32, %c: i1) -> tensor<16xf32> {
  %p = tt.make_tensor_ptr %a, [%m], [%s], [%x] {order = array<i32: 0>} : <tensor<16xf32>>
  %q = tt.make_tensor_ptr %b, [%n], [%s], [%x] {order = array<i32: 0>} : <tensor<16xf32>>
  %r = arith.select %c, %p, %q : !tt.ptr<tensor<16xf32>>
  %v = tt.load %r {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<16xf32>>
  tt.return %v : tensor<16xf32>
}

// -----

// Loads and stores through plain pointers are left alone.
// CHECK-LABEL: tt.func @plain_pointers
// CHECK-NEXT: %[[V:.*]] = tt.load %arg0, %arg1 : tensor<16x!tt.ptr<f32>>
// CHECK-NEXT: tt.store %arg0, %[[V]] : tensor<16x!tt.ptr<f32>>
// CHECK-NEXT: tt.return
tt.func @plain_pointers(%p: tensor<16x!tt.ptr<f32>>, %mask: tensor<16xi1>) {
  %v = tt.load %p, %mask : tensor<16x!tt.ptr<f32>>
  tt.store %p, %v : tensor<16x!tt.ptr<f32>>
  tt.return
}
