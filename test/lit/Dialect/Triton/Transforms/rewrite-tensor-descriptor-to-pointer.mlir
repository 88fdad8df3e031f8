// RUN: triton-opt %s -split-input-file -triton-rewrite-tensor-descriptor-to-pointer -verify-each | FileCheck %s

// A descriptor made in the kernel: the load reads base + sum (index + range)
// * stride, masked by 0 <= index < shape in every dimension, zero padding.
// CHECK-LABEL: tt.func @load_2d
// CHECK-SAME: (%[[BASE:[a-z0-9_]+]]: !tt.ptr<f16>, %[[M:[a-z0-9_]+]]: i32, %[[N:[a-z0-9_]+]]: i32, %[[SM:[a-z0-9_]+]]: i64, %[[SN:[a-z0-9_]+]]: i64, %[[X:[a-z0-9_]+]]: i32, %[[Y:[a-z0-9_]+]]: i32)
// CHECK-NOT: tt.make_tensor_descriptor
// CHECK-DAG: %[[M64:.*]] = arith.extsi %[[M]] : i32 to i64
// CHECK-DAG: %[[N64:.*]] = arith.extsi %[[N]] : i32 to i64
// CHECK: %[[X64:.*]] = arith.extsi %[[X]] : i32 to i64
// CHECK: %[[Y64:.*]] = arith.extsi %[[Y]] : i32 to i64
// CHECK: %[[P0:.*]] = tt.splat %[[BASE]] : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
// CHECK: %[[SX:.*]] = tt.splat %[[X64]] : i64 -> tensor<64xi64>
// CHECK: %[[RX:.*]] = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
// CHECK: %[[RX64:.*]] = arith.extsi %[[RX]] : tensor<64xi32> to tensor<64xi64>
// CHECK: %[[IX:.*]] = arith.addi %[[SX]], %[[RX64]] : tensor<64xi64>
// CHECK: %[[EX:.*]] = tt.expand_dims %[[IX]] {axis = 1 : i32} : tensor<64xi64> -> tensor<64x1xi64>
// CHECK: %[[STX:.*]] = tt.splat %[[SM]] : i64 -> tensor<64x1xi64>
// CHECK: %[[MX:.*]] = arith.muli %[[EX]], %[[STX]] : tensor<64x1xi64>
// CHECK: %[[BX:.*]] = tt.broadcast %[[MX]] : tensor<64x1xi64> -> tensor<64x32xi64>
// CHECK: %[[P1:.*]] = tt.addptr %[[P0]], %[[BX]] : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi64>
// CHECK: %[[SY:.*]] = tt.splat %[[Y64]] : i64 -> tensor<32xi64>
// CHECK: %[[RY:.*]] = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
// CHECK: %[[RY64:.*]] = arith.extsi %[[RY]] : tensor<32xi32> to tensor<32xi64>
// CHECK: %[[IY:.*]] = arith.addi %[[SY]], %[[RY64]] : tensor<32xi64>
// CHECK: %[[EY:.*]] = tt.expand_dims %[[IY]] {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
// CHECK: %[[STY:.*]] = tt.splat %[[SN]] : i64 -> tensor<1x32xi64>
// CHECK: %[[MY:.*]] = arith.muli %[[EY]], %[[STY]] : tensor<1x32xi64>
// CHECK: %[[BY:.*]] = tt.broadcast %[[MY]] : tensor<1x32xi64> -> tensor<64x32xi64>
// CHECK: %[[P2:.*]] = tt.addptr %[[P1]], %[[BY]] : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi64>
// CHECK: %[[Z0:.*]] = arith.constant dense<0> : tensor<64x1xi64>
// CHECK: %[[GX:.*]] = arith.cmpi sge, %[[EX]], %[[Z0]] : tensor<64x1xi64>
// CHECK: %[[BM:.*]] = tt.splat %[[M64]] : i64 -> tensor<64x1xi64>
// CHECK: %[[LX:.*]] = arith.cmpi slt, %[[EX]], %[[BM]] : tensor<64x1xi64>
// CHECK: %[[INX:.*]] = arith.andi %[[GX]], %[[LX]] : tensor<64x1xi1>
// CHECK: %[[MASKX:.*]] = tt.broadcast %[[INX]] : tensor<64x1xi1> -> tensor<64x32xi1>
// CHECK: %[[Z1:.*]] = arith.constant dense<0> : tensor<1x32xi64>
// CHECK: %[[GY:.*]] = arith.cmpi sge, %[[EY]], %[[Z1]] : tensor<1x32xi64>
// CHECK: %[[BN:.*]] = tt.splat %[[N64]] : i64 -> tensor<1x32xi64>
// CHECK: %[[LY:.*]] = arith.cmpi slt, %[[EY]], %[[BN]] : tensor<1x32xi64>
// CHECK: %[[INY:.*]] = arith.andi %[[GY]], %[[LY]] : tensor<1x32xi1>
// CHECK: %[[MASKY:.*]] = tt.broadcast %[[INY]] : tensor<1x32xi1> -> tensor<64x32xi1>
// CHECK: %[[MASK:.*]] = arith.andi %[[MASKX]], %[[MASKY]] : tensor<64x32xi1>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x32xf16>
// CHECK: %[[V:.*]] = tt.load %[[P2]], %[[MASK]], %[[ZERO]] cacheModifier = cg : tensor<64x32x!tt.ptr<f16>>
// CHECK: tt.return %[[V]]
tt.func @load_2d(%base: !tt.ptr<f16>, %m: i32, %n: i32, %sm: i64, %sn: i64, %x: i32, %y: i32) -> tensor<64x32xf16> {
  %d = tt.make_tensor_descriptor %base, [%m, %n], [%sm, %sn] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x32xf16>>
  %v = tt.descriptor_load %d[%x, %y] cacheModifier = cg : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  tt.return %v : tensor<64x32xf16>
}

// -----

// NaN padding: out-of-bound elements read as a quiet NaN.
// CHECK-LABEL: tt.func @load_nan_padding
// CHECK: %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<128xi1>
// CHECK: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<128xf32>
// CHECK: tt.load %{{.*}}, %[[MASK]], %[[NAN]] : tensor<128x!tt.ptr<f32>>
tt.func @load_nan_padding(%base: !tt.ptr<f32>, %m: i32, %s: i64, %x: i32) -> tensor<128xf32> {
  %d = tt.make_tensor_descriptor %base, [%m], [%s] {padding = 2 : i32} : !tt.ptr<f32>, !tt.tensordesc<tensor<128xf32>>
  %v = tt.descriptor_load %d[%x] : !tt.tensordesc<tensor<128xf32>> -> tensor<128xf32>
  tt.return %v : tensor<128xf32>
}

// -----

// The loaded tensor drops the block's leading dimension of size 1: that
// dimension's index moves the base pointer once, and its bounds check is a
// scalar condition splat over the mask.
// CHECK-LABEL: tt.func @load_drops_leading_one
// CHECK-SAME: (%[[BASE:[a-z0-9_]+]]: !tt.ptr<f32>, %[[M:[a-z0-9_]+]]: i32, %[[N:[a-z0-9_]+]]: i32, %[[SM:[a-z0-9_]+]]: i64, %[[SN:[a-z0-9_]+]]: i64, %[[X:[a-z0-9_]+]]: i32, %[[Y:[a-z0-9_]+]]: i32)
// CHECK-DAG: %[[M64:.*]] = arith.extsi %[[M]] : i32 to i64
// CHECK-DAG: %[[X64:.*]] = arith.extsi %[[X]] : i32 to i64
// CHECK: %[[ROW:.*]] = arith.muli %[[X64]], %[[SM]] : i64
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK: %[[GE:.*]] = arith.cmpi sge, %[[X64]], %[[ZERO]] : i64
// CHECK: %[[LT:.*]] = arith.cmpi slt, %[[X64]], %[[M64]] : i64
// CHECK: %[[ROWIN:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK: %[[ROWBASE:.*]] = tt.addptr %[[BASE]], %[[ROW]] : !tt.ptr<f32>, i64
// CHECK: %[[P0:.*]] = tt.splat %[[ROWBASE]] : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
// CHECK: %[[ADDR:.*]] = tt.addptr %[[P0]], %{{.*}} : tensor<32x!tt.ptr<f32>>, tensor<32xi64>
// CHECK: %[[COLIN:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<32xi1>
// CHECK: %[[ROWMASK:.*]] = tt.splat %[[ROWIN]] : i1 -> tensor<32xi1>
// CHECK: %[[MASK:.*]] = arith.andi %[[COLIN]], %[[ROWMASK]] : tensor<32xi1>
// CHECK: tt.load %[[ADDR]], %[[MASK]], %{{.*}} : tensor<32x!tt.ptr<f32>>
tt.func @load_drops_leading_one(%base: !tt.ptr<f32>, %m: i32, %n: i32, %sm: i64, %sn: i64, %x: i32, %y: i32) -> tensor<32xf32> {
  %d = tt.make_tensor_descriptor %base, [%m, %n], [%sm, %sn] : !tt.ptr<f32>, !tt.tensordesc<tensor<1x32xf32>>
  %v = tt.descriptor_load %d[%x, %y] : !tt.tensordesc<tensor<1x32xf32>> -> tensor<32xf32>
  tt.return %v : tensor<32xf32>
}

// -----

// A store writes only the in-bounds elements.
// CHECK-LABEL: tt.func @store_2d
// CHECK-SAME: %[[V:[a-z0-9_]+]]: tensor<16x8xi32>)
// CHECK: tt.addptr
// CHECK: %[[ADDR:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<16x8x!tt.ptr<i32>>, tensor<16x8xi64>
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<16x1xi64>
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<1x8xi64>
// CHECK: %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<16x8xi1>
// CHECK-NEXT: tt.store %[[ADDR]], %[[V]], %[[MASK]] : tensor<16x8x!tt.ptr<i32>>
// CHECK-NOT: tt.descriptor_store
tt.func @store_2d(%base: !tt.ptr<i32>, %m: i32, %n: i32, %sm: i64, %sn: i64, %x: i32, %y: i32, %v: tensor<16x8xi32>) {
  %d = tt.make_tensor_descriptor %base, [%m, %n], [%sm, %sn] : !tt.ptr<i32>, !tt.tensordesc<tensor<16x8xi32>>
  tt.descriptor_store %d[%x, %y], %v : !tt.tensordesc<tensor<16x8xi32>>, tensor<16x8xi32>
  tt.return
}

// -----

// A gather reads whole rows named by a tensor of row indices, from the column
// y_offset on.
// CHECK-LABEL: tt.func @gather
// CHECK-SAME: (%[[BASE:[a-z0-9_]+]]: !tt.ptr<f16>, %[[M:[a-z0-9_]+]]: i32, %[[N:[a-z0-9_]+]]: i32, %[[SM:[a-z0-9_]+]]: i64, %[[SN:[a-z0-9_]+]]: i64, %[[ROWS:[a-z0-9_]+]]: tensor<8xi32>, %[[Y:[a-z0-9_]+]]: i32)
// CHECK: %[[R64:.*]] = arith.extsi %[[ROWS]] : tensor<8xi32> to tensor<8xi64>
// CHECK: %[[Y64:.*]] = arith.extsi %[[Y]] : i32 to i64
// CHECK: %[[SY:.*]] = tt.splat %[[Y64]] : i64 -> tensor<64xi64>
// CHECK: %[[COLS:.*]] = arith.addi %[[SY]], %{{.*}} : tensor<64xi64>
// CHECK: %[[P0:.*]] = tt.splat %[[BASE]] : !tt.ptr<f16> -> tensor<8x64x!tt.ptr<f16>>
// CHECK: %[[ER:.*]] = tt.expand_dims %[[R64]] {axis = 1 : i32} : tensor<8xi64> -> tensor<8x1xi64>
// CHECK: %[[STR:.*]] = tt.splat %[[SM]] : i64 -> tensor<8x1xi64>
// CHECK: arith.muli %[[ER]], %[[STR]] : tensor<8x1xi64>
// CHECK: %[[P1:.*]] = tt.addptr %[[P0]], %{{.*}} : tensor<8x64x!tt.ptr<f16>>, tensor<8x64xi64>
// CHECK: %[[EC:.*]] = tt.expand_dims %[[COLS]] {axis = 0 : i32} : tensor<64xi64> -> tensor<1x64xi64>
// CHECK: %[[STC:.*]] = tt.splat %[[SN]] : i64 -> tensor<1x64xi64>
// CHECK: arith.muli %[[EC]], %[[STC]] : tensor<1x64xi64>
// CHECK: %[[P2:.*]] = tt.addptr %[[P1]], %{{.*}} : tensor<8x64x!tt.ptr<f16>>, tensor<8x64xi64>
// CHECK: arith.cmpi slt, %[[ER]], %{{.*}} : tensor<8x1xi64>
// CHECK: arith.cmpi slt, %[[EC]], %{{.*}} : tensor<1x64xi64>
// CHECK: %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<8x64xi1>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<8x64xf16>
// CHECK: tt.load %[[P2]], %[[MASK]], %[[ZERO]] : tensor<8x64x!tt.ptr<f16>>
tt.func @gather(%base: !tt.ptr<f16>, %m: i32, %n: i32, %sm: i64, %sn: i64, %rows: tensor<8xi32>, %y: i32) -> tensor<8x64xf16> {
  %d = tt.make_tensor_descriptor %base, [%m, %n], [%sm, %sn] : !tt.ptr<f16>, !tt.tensordesc<tensor<1x64xf16>>
  %v = tt.descriptor_gather %d[%rows, %y] : (!tt.tensordesc<tensor<1x64xf16>>, tensor<8xi32>, i32) -> tensor<8x64xf16>
  tt.return %v : tensor<8x64xf16>
}

// -----

// A scatter writes whole rows, masked.
// CHECK-LABEL: tt.func @scatter
// CHECK-SAME: %[[ROWS:[a-z0-9_]+]]: tensor<8xi32>, %[[Y:[a-z0-9_]+]]: i32, %[[V:[a-z0-9_]+]]: tensor<8x64xf16>)
// CHECK: arith.extsi %[[ROWS]] : tensor<8xi32> to tensor<8xi64>
// CHECK: tt.addptr
// CHECK: %[[ADDR:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<8x64x!tt.ptr<f16>>, tensor<8x64xi64>
// CHECK: %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<8x64xi1>
// CHECK-NEXT: tt.store %[[ADDR]], %[[V]], %[[MASK]] : tensor<8x64x!tt.ptr<f16>>
tt.func @scatter(%base: !tt.ptr<f16>, %m: i32, %n: i32, %sm: i64, %sn: i64, %rows: tensor<8xi32>, %y: i32, %v: tensor<8x64xf16>) {
  %d = tt.make_tensor_descriptor %base, [%m, %n], [%sm, %sn] : !tt.ptr<f16>, !tt.tensordesc<tensor<1x64xf16>>
  tt.descriptor_scatter %d[%rows, %y], %v : !tt.tensordesc<tensor<1x64xf16>>, tensor<8xi32>, i32, tensor<8x64xf16>
  tt.return
}

// -----

// Reductions become masked atomics: add on floats is fadd, integer kinds map
// one to one.
// CHECK-LABEL: tt.func @reduce
// CHECK-SAME: %[[F:[a-z0-9_]+]]: tensor<32xf32>, %[[I:[a-z0-9_]+]]: tensor<32xi32>)
// CHECK: %[[FADDR:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<32x!tt.ptr<f32>>, tensor<32xi64>
// CHECK: %[[FMASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<32xi1>
// CHECK-NEXT: tt.atomic_rmw fadd, release, gpu, %[[FADDR]], %[[F]], %[[FMASK]] : (tensor<32x!tt.ptr<f32>>, tensor<32xf32>, tensor<32xi1>) -> tensor<32xf32>
// CHECK: %[[IADDR:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<32x!tt.ptr<i32>>, tensor<32xi64>
// CHECK: %[[IMASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<32xi1>
// CHECK-NEXT: tt.atomic_rmw add, release, gpu, %[[IADDR]], %[[I]], %[[IMASK]] : (tensor<32x!tt.ptr<i32>>, tensor<32xi32>, tensor<32xi1>) -> tensor<32xi32>
// CHECK: tt.atomic_rmw min, release, gpu
// CHECK: tt.atomic_rmw max, release, gpu
// CHECK: tt.atomic_rmw and, release, gpu
// CHECK: tt.atomic_rmw or, release, gpu
// CHECK: tt.atomic_rmw xor, release, gpu
// CHECK-NOT: tt.descriptor_reduce
tt.func @reduce(%fp: !tt.ptr<f32>, %ip: !tt.ptr<i32>, %m: i32, %s: i64, %x: i32, %f: tensor<32xf32>, %i: tensor<32xi32>) {
  %fd = tt.make_tensor_descriptor %fp, [%m], [%s] : !tt.ptr<f32>, !tt.tensordesc<tensor<32xf32>>
  %id = tt.make_tensor_descriptor %ip, [%m], [%s] : !tt.ptr<i32>, !tt.tensordesc<tensor<32xi32>>
  tt.descriptor_reduce add, %fd[%x], %f : !tt.tensordesc<tensor<32xf32>>, tensor<32xf32>
  tt.descriptor_reduce add, %id[%x], %i : !tt.tensordesc<tensor<32xi32>>, tensor<32xi32>
  tt.descriptor_reduce min, %id[%x], %i : !tt.tensordesc<tensor<32xi32>>, tensor<32xi32>
  tt.descriptor_reduce max, %id[%x], %i : !tt.tensordesc<tensor<32xi32>>, tensor<32xi32>
  tt.descriptor_reduce and, %id[%x], %i : !tt.tensordesc<tensor<32xi32>>, tensor<32xi32>
  tt.descriptor_reduce or, %id[%x], %i : !tt.tensordesc<tensor<32xi32>>, tensor<32xi32>
  tt.descriptor_reduce xor, %id[%x], %i : !tt.tensordesc<tensor<32xi32>>, tensor<32xi32>
  tt.return
}

// -----

// A host-side descriptor argument, followed by its shape and strides as
// Triton flattens it, becomes the base pointer at the same position; the
// following arguments supply shape and strides.
// CHECK-LABEL: tt.func public @function_argument
// CHECK-SAME: (%[[BASE:[a-z0-9_]+]]: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %[[M:[a-z0-9_]+]]: i32, %[[N:[a-z0-9_]+]]: i32, %[[SM:[a-z0-9_]+]]: i64, %[[SN:[a-z0-9_]+]]: i64, %[[X:[a-z0-9_]+]]: i32)
// CHECK-DAG: %[[M64:.*]] = arith.extsi %[[M]] : i32 to i64
// CHECK-DAG: %[[N64:.*]] = arith.extsi %[[N]] : i32 to i64
// CHECK: tt.splat %[[BASE]] : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
// CHECK: tt.splat %[[SM]] : i64 -> tensor<16x1xi64>
// CHECK: tt.splat %[[SN]] : i64 -> tensor<1x16xi64>
// CHECK: tt.splat %[[M64]] : i64 -> tensor<16x1xi64>
// CHECK: tt.splat %[[N64]] : i64 -> tensor<1x16xi64>
// CHECK: tt.store
tt.func public @function_argument(%d: !tt.tensordesc<tensor<16x16xf16>> {tt.divisibility = 16 : i32}, %d_0: i32, %d_1: i32, %d_2: i64, %d_3: i64, %x: i32) {
  %v = tt.descriptor_load %d[%x, %x] : !tt.tensordesc<tensor<16x16xf16>> -> tensor<16x16xf16>
  tt.descriptor_store %d[%x, %x], %v : !tt.tensordesc<tensor<16x16xf16>>, tensor<16x16xf16>
  tt.return
}

// -----

// Callees change like kernels; callers pass the base pointer where they
// passed the descriptor.
// CHECK-LABEL: tt.func private @callee
// CHECK-SAME: (%[[BASE:[a-z0-9_]+]]: !tt.ptr<f32>, %{{.*}}: i32, %{{.*}}: i64, %{{.*}}: i32) -> tensor<64xf32>
// CHECK: tt.splat %[[BASE]] : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
// CHECK: tt.func private @declaration(!tt.ptr<f32>, i32, i64)
// CHECK-LABEL: tt.func public @caller
// CHECK-SAME: (%[[P:[a-z0-9_]+]]: !tt.ptr<f32>, %[[M:[a-z0-9_]+]]: i32, %[[S:[a-z0-9_]+]]: i64)
// CHECK: %[[V:.*]] = tt.call @callee(%[[P]], %[[M]], %[[S]], %{{.*}}) : (!tt.ptr<f32>, i32, i64, i32) -> tensor<64xf32>
// CHECK: tt.call @declaration(%[[P]], %[[M]], %[[S]]) : (!tt.ptr<f32>, i32, i64) -> ()
tt.func private @callee(%d: !tt.tensordesc<tensor<64xf32>>, %d_0: i32, %d_1: i64, %x: i32) -> tensor<64xf32> attributes {noinline = true} {
  %v = tt.descriptor_load %d[%x] : !tt.tensordesc<tensor<64xf32>> -> tensor<64xf32>
  tt.return %v : tensor<64xf32>
}
tt.func private @declaration(!tt.tensordesc<tensor<64xf32>>, i32, i64)
tt.func public @caller(%d: !tt.tensordesc<tensor<64xf32>>, %d_0: i32, %d_1: i64) {
  %c0 = arith.constant 0 : i32
  %v = tt.call @callee(%d, %d_0, %d_1, %c0) : (!tt.tensordesc<tensor<64xf32>>, i32, i64, i32) -> tensor<64xf32>
  tt.call @declaration(%d, %d_0, %d_1) : (!tt.tensordesc<tensor<64xf32>>, i32, i64) -> ()
  tt.return
}

// -----

// A loop-carried descriptor carries base, shape and strides; the padding of
// the descriptor made before the loop still applies inside it.
// CHECK-LABEL: tt.func @loop_carried
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: !tt.ptr<f32>, %[[B:[a-z0-9_]+]]: !tt.ptr<f32>, %[[M:[a-z0-9_]+]]: i32, %[[S:[a-z0-9_]+]]: i64, %[[K:[a-z0-9_]+]]: i32)
// CHECK: %[[M64:.*]] = arith.extsi %[[M]] : i32 to i64
// CHECK: %[[R:.*]]:3 = scf.for %[[I:[a-z0-9_]+]] = %{{.*}} to %[[K]] step %{{.*}} iter_args(%[[PB:[a-z0-9_]+]] = %[[A]], %[[PM:[a-z0-9_]+]] = %[[M64]], %[[PS:[a-z0-9_]+]] = %[[S]]) -> (!tt.ptr<f32>, i64, i64)
// CHECK:   %[[I64:.*]] = arith.extsi %[[I]] : i32 to i64
// CHECK:   tt.splat %[[PB]] : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
// CHECK:   tt.splat %[[I64]] : i64 -> tensor<16xi64>
// CHECK:   tt.splat %[[PS]] : i64 -> tensor<16xi64>
// CHECK:   tt.splat %[[PM]] : i64 -> tensor<16xi64>
// CHECK:   %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<16xf32>
// CHECK:   tt.load %{{.*}}, %{{.*}}, %[[NAN]] : tensor<16x!tt.ptr<f32>>
// CHECK:   %[[BM:.*]] = arith.extsi %[[M]] : i32 to i64
// CHECK:   scf.yield %[[B]], %[[BM]], %[[S]] : !tt.ptr<f32>, i64, i64
// CHECK: tt.splat %[[R]]#0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
// CHECK: tt.store
tt.func @loop_carried(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %m: i32, %s: i64, %k: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cst = arith.constant dense<1.0> : tensor<16xf32>
  %d = tt.make_tensor_descriptor %a, [%m], [%s] {padding = 2 : i32} : !tt.ptr<f32>, !tt.tensordesc<tensor<16xf32>>
  %r = scf.for %i = %c0 to %k step %c1 iter_args(%e = %d) -> (!tt.tensordesc<tensor<16xf32>>) : i32 {
    %v = tt.descriptor_load %e[%i] : !tt.tensordesc<tensor<16xf32>> -> tensor<16xf32>
    %next = tt.make_tensor_descriptor %b, [%m], [%s] {padding = 2 : i32} : !tt.ptr<f32>, !tt.tensordesc<tensor<16xf32>>
    scf.yield %next : !tt.tensordesc<tensor<16xf32>>
  }
  tt.descriptor_store %r[%c0], %cst : !tt.tensordesc<tensor<16xf32>>, tensor<16xf32>
  tt.return
}

// -----

// scf.if yielding descriptors yields their components.
// CHECK-LABEL: tt.func @if_yield
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: !tt.ptr<f32>, %[[B:[a-z0-9_]+]]: !tt.ptr<f32>, %[[M:[a-z0-9_]+]]: i32, %[[S:[a-z0-9_]+]]: i64, %[[C:[a-z0-9_]+]]: i1, %[[X:[a-z0-9_]+]]: i32)
// CHECK: %[[R:.*]]:3 = scf.if %[[C]] -> (!tt.ptr<f32>, i64, i64) {
// CHECK:   scf.yield %[[A]], %{{.*}}, %[[S]] : !tt.ptr<f32>, i64, i64
// CHECK: } else {
// CHECK:   scf.yield %[[B]], %{{.*}}, %[[S]] : !tt.ptr<f32>, i64, i64
// CHECK: }
// CHECK: tt.splat %[[R]]#0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
// CHECK: tt.splat %[[R]]#2 : i64 -> tensor<16xi64>
// CHECK: tt.splat %[[R]]#1 : i64 -> tensor<16xi64>
// CHECK: tt.load
tt.func @if_yield(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %m: i32, %s: i64, %c: i1, %x: i32) -> tensor<16xf32> {
  %d = scf.if %c -> (!tt.tensordesc<tensor<16xf32>>) {
    %da = tt.make_tensor_descriptor %a, [%m], [%s] : !tt.ptr<f32>, !tt.tensordesc<tensor<16xf32>>
    scf.yield %da : !tt.tensordesc<tensor<16xf32>>
  } else {
    %db = tt.make_tensor_descriptor %b, [%m], [%s] : !tt.ptr<f32>, !tt.tensordesc<tensor<16xf32>>
    scf.yield %db : !tt.tensordesc<tensor<16xf32>>
  }
  %v = tt.descriptor_load %d[%x] : !tt.tensordesc<tensor<16xf32>> -> tensor<16xf32>
  tt.return %v : tensor<16xf32>
}

// -----

// scf.while carries the components through both regions; the NaN padding of
// the descriptor made before the loop reaches the load in the after region.
// CHECK-LABEL: tt.func @while_loop
// CHECK: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (!tt.ptr<f32>, i64, i64, i32) -> (!tt.ptr<f32>, i64, i64, i32)
// CHECK:   scf.condition(%{{.*}}) %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !tt.ptr<f32>, i64, i64, i32
// CHECK: } do {
// CHECK: ^bb0(%[[B:[a-z0-9_]+]]: !tt.ptr<f32>, %[[M:[a-z0-9_]+]]: i64, %[[S:[a-z0-9_]+]]: i64, %[[I:[a-z0-9_]+]]: i32):
// CHECK:   tt.splat %[[B]] : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
// CHECK:   tt.splat %[[S]] : i64 -> tensor<16xi64>
// CHECK:   tt.splat %[[M]] : i64 -> tensor<16xi64>
// CHECK:   %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<16xf32>
// CHECK:   tt.load %{{.*}}, %{{.*}}, %[[NAN]] : tensor<16x!tt.ptr<f32>>
// CHECK:   scf.yield %[[B]], %[[M]], %[[S]], %{{.*}} : !tt.ptr<f32>, i64, i64, i32
tt.func @while_loop(%p: !tt.ptr<f32>, %m: i32, %s: i64, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %d = tt.make_tensor_descriptor %p, [%m], [%s] {padding = 2 : i32} : !tt.ptr<f32>, !tt.tensordesc<tensor<16xf32>>
  %r:2 = scf.while (%e = %d, %i = %c0) : (!tt.tensordesc<tensor<16xf32>>, i32) -> (!tt.tensordesc<tensor<16xf32>>, i32) {
    %cond = arith.cmpi slt, %i, %n : i32
    scf.condition(%cond) %e, %i : !tt.tensordesc<tensor<16xf32>>, i32
  } do {
  ^bb0(%e2: !tt.tensordesc<tensor<16xf32>>, %i2: i32):
    %v = tt.descriptor_load %e2[%i2] : !tt.tensordesc<tensor<16xf32>> -> tensor<16xf32>
    tt.descriptor_store %e2[%i2], %v : !tt.tensordesc<tensor<16xf32>>, tensor<16xf32>
    %i3 = arith.addi %i2, %c16 : i32
    scf.yield %e2, %i3 : !tt.tensordesc<tensor<16xf32>>, i32
  }
  tt.return
}

// -----

// arith.select between descriptors selects each component.
// CHECK-LABEL: tt.func @select
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: !tt.ptr<f32>, %[[B:[a-z0-9_]+]]: !tt.ptr<f32>, %[[M:[a-z0-9_]+]]: i32, %[[S:[a-z0-9_]+]]: i64, %[[T:[a-z0-9_]+]]: i64, %[[C:[a-z0-9_]+]]: i1, %[[X:[a-z0-9_]+]]: i32)
// CHECK: %[[SB:.*]] = arith.select %[[C]], %[[A]], %[[B]] : !tt.ptr<f32>
// CHECK: arith.select %[[C]], %{{.*}}, %{{.*}} : i64
// CHECK: %[[SS:.*]] = arith.select %[[C]], %[[S]], %[[T]] : i64
// CHECK: tt.splat %[[SB]] : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
// CHECK: tt.splat %[[SS]] : i64 -> tensor<16xi64>
// CHECK: tt.load
tt.func @select(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %m: i32, %s: i64, %t: i64, %c: i1, %x: i32) -> tensor<16xf32> {
  %da = tt.make_tensor_descriptor %a, [%m], [%s] : !tt.ptr<f32>, !tt.tensordesc<tensor<16xf32>>
  %db = tt.make_tensor_descriptor %b, [%m], [%t] : !tt.ptr<f32>, !tt.tensordesc<tensor<16xf32>>
  %d = arith.select %c, %da, %db : !tt.tensordesc<tensor<16xf32>>
  %v = tt.descriptor_load %d[%x] : !tt.tensordesc<tensor<16xf32>> -> tensor<16xf32>
  tt.return %v : tensor<16xf32>
}
