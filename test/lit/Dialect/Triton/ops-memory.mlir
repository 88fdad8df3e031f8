// Round trip of the tt memory ops: loads, stores, atomics, pointer
// arithmetic and casts, tensor pointers and tensor descriptors. The second RUN
// line goes through the generic form, so both printers and both parsers must
// agree on every attribute.
// RUN: triton-opt %s | triton-opt | FileCheck %s
// RUN: triton-opt %s --mlir-print-op-generic | triton-opt | FileCheck %s

// CHECK-LABEL: tt.func @load_tensor_of_pointers
// CHECK-SAME: (%arg0: tensor<128x!tt.ptr<f32>>, %arg1: tensor<128xi1>, %arg2: tensor<128xf32>)
// CHECK-NEXT: %[[A:.+]] = tt.load %arg0 : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT: %[[B:.+]] = tt.load %arg0, %arg1 : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT: %[[C:.+]] = tt.load %arg0, %arg1, %arg2 : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT: tt.return %[[A]], %[[B]], %[[C]] : tensor<128xf32>, tensor<128xf32>, tensor<128xf32>
tt.func @load_tensor_of_pointers(%p: tensor<128x!tt.ptr<f32>>, %m: tensor<128xi1>, %o: tensor<128xf32>)
    -> (tensor<128xf32>, tensor<128xf32>, tensor<128xf32>) {
  %0 = tt.load %p : tensor<128x!tt.ptr<f32>>
  %1 = tt.load %p, %m : tensor<128x!tt.ptr<f32>>
  %2 = tt.load %p, %m, %o : tensor<128x!tt.ptr<f32>>
  tt.return %0, %1, %2 : tensor<128xf32>, tensor<128xf32>, tensor<128xf32>
}

// Cache modifiers and eviction policies print as keywords, cache first,
// whatever order they were written in; the defaults (none, evict_normal) are
// not printed. isVolatile stays in the attribute dictionary.
// CHECK-LABEL: tt.func @load_cache_evict_volatile
// CHECK-NEXT: tt.load %arg0, %arg1, %arg2 cacheModifier = cg evictionPolicy = evict_last {isVolatile = true} : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT: tt.load %arg0 evictionPolicy = evict_first : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT: tt.load %arg0 cacheModifier = ca : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT: tt.load %arg0 cacheModifier = cv : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT: tt.load %arg0 : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT: tt.load %arg0 : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT: tt.load %arg0 {isVolatile = true} : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT: tt.return
tt.func @load_cache_evict_volatile(%p: tensor<128x!tt.ptr<f32>>, %m: tensor<128xi1>, %o: tensor<128xf32>) {
  %0 = tt.load %p, %m, %o evictionPolicy = evict_last cacheModifier = cg {isVolatile = true} : tensor<128x!tt.ptr<f32>>
  %1 = tt.load %p evictionPolicy = evict_first : tensor<128x!tt.ptr<f32>>
  %2 = tt.load %p cacheModifier = ca : tensor<128x!tt.ptr<f32>>
  %3 = tt.load %p cacheModifier = cv : tensor<128x!tt.ptr<f32>>
  %4 = tt.load %p cacheModifier = none evictionPolicy = evict_normal : tensor<128x!tt.ptr<f32>>
  %5 = tt.load %p {isVolatile = false} : tensor<128x!tt.ptr<f32>>
  %6 = tt.load %p {isVolatile = true} : tensor<128x!tt.ptr<f32>>
  tt.return
}

// Scalar loads and stores, masked and not.
// CHECK-LABEL: tt.func @scalar_load_store
// CHECK-SAME: (%arg0: !tt.ptr<i64>, %arg1: i1, %arg2: i64)
// CHECK-NEXT: %[[V:.+]] = tt.load %arg0, %arg1, %arg2 cacheModifier = ca : !tt.ptr<i64>
// CHECK-NEXT: tt.store %arg0, %[[V]], %arg1 : !tt.ptr<i64>
// CHECK-NEXT: tt.store %arg0, %arg2 cacheModifier = cs : !tt.ptr<i64>
// CHECK-NEXT: tt.return
tt.func @scalar_load_store(%p: !tt.ptr<i64>, %m: i1, %o: i64) {
  %0 = tt.load %p, %m, %o cacheModifier = ca : !tt.ptr<i64>
  tt.store %p, %0, %m : !tt.ptr<i64>
  tt.store %p, %o cacheModifier = cs : !tt.ptr<i64>
  tt.return
}

// CHECK-LABEL: tt.func @store_tensor_of_pointers
// CHECK-SAME: (%arg0: tensor<16x32x!tt.ptr<bf16>>, %arg1: tensor<16x32xbf16>, %arg2: tensor<16x32xi1>)
// CHECK-NEXT: tt.store %arg0, %arg1 : tensor<16x32x!tt.ptr<bf16>>
// CHECK-NEXT: tt.store %arg0, %arg1, %arg2 : tensor<16x32x!tt.ptr<bf16>>
// CHECK-NEXT: tt.store %arg0, %arg1, %arg2 cacheModifier = wb evictionPolicy = evict_first : tensor<16x32x!tt.ptr<bf16>>
// CHECK-NEXT: tt.store %arg0, %arg1 cacheModifier = wt : tensor<16x32x!tt.ptr<bf16>>
// CHECK-NEXT: tt.store %arg0, %arg1 cacheModifier = cg evictionPolicy = evict_last : tensor<16x32x!tt.ptr<bf16>>
// CHECK-NEXT: tt.store %arg0, %arg1 : tensor<16x32x!tt.ptr<bf16>>
// CHECK-NEXT: tt.return
tt.func @store_tensor_of_pointers(%p: tensor<16x32x!tt.ptr<bf16>>, %v: tensor<16x32xbf16>, %m: tensor<16x32xi1>) {
  tt.store %p, %v : tensor<16x32x!tt.ptr<bf16>>
  tt.store %p, %v, %m : tensor<16x32x!tt.ptr<bf16>>
  tt.store %p, %v, %m evictionPolicy = evict_first cacheModifier = wb : tensor<16x32x!tt.ptr<bf16>>
  tt.store %p, %v cacheModifier = wt : tensor<16x32x!tt.ptr<bf16>>
  tt.store %p, %v cacheModifier = cg evictionPolicy = evict_last : tensor<16x32x!tt.ptr<bf16>>
  tt.store %p, %v cacheModifier = none evictionPolicy = evict_normal : tensor<16x32x!tt.ptr<bf16>>
  tt.return
}

// Tensor pointers: make_tensor_ptr, advance, and loads/stores through them
// with boundaryCheck and padding (printed as integers, as Triton does: 1 is
// zero, 2 is nan).
// CHECK-LABEL: tt.func @tensor_pointers
// CHECK-SAME: (%arg0: !tt.ptr<f16>, %arg1: i64, %arg2: i64, %arg3: i32, %arg4: i32)
// CHECK-NEXT: %[[TP:.+]] = tt.make_tensor_ptr %arg0, [%arg1, %arg2], [%arg2, %arg1], [%arg3, %arg4] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
// CHECK-NEXT: %[[ADV:.+]] = tt.advance %[[TP]], [%arg4, %arg3] : <tensor<64x32xf16>>
// CHECK-NEXT: %[[L0:.+]] = tt.load %[[ADV]] : !tt.ptr<tensor<64x32xf16>>
// CHECK-NEXT: %[[L1:.+]] = tt.load %[[ADV]] {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x32xf16>>
// CHECK-NEXT: %[[L2:.+]] = tt.load %[[ADV]] cacheModifier = cg {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<64x32xf16>>
// CHECK-NEXT: tt.store %[[ADV]], %[[L0]] : !tt.ptr<tensor<64x32xf16>>
// CHECK-NEXT: tt.store %[[ADV]], %[[L1]] {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<64x32xf16>>
// CHECK-NEXT: tt.store %[[TP]], %[[L2]] evictionPolicy = evict_last {boundaryCheck = array<i32: 1, 0>} : !tt.ptr<tensor<64x32xf16>>
// CHECK-NEXT: tt.return
tt.func @tensor_pointers(%base: !tt.ptr<f16>, %m: i64, %n: i64, %i: i32, %j: i32) {
  %0 = tt.make_tensor_ptr %base, [%m, %n], [%n, %m], [%i, %j] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  %1 = tt.advance %0, [%j, %i] : <tensor<64x32xf16>>
  %2 = tt.load %1 : !tt.ptr<tensor<64x32xf16>>
  %3 = tt.load %1 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x32xf16>>
  %4 = tt.load %1 cacheModifier = cg {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<64x32xf16>>
  tt.store %1, %2 : !tt.ptr<tensor<64x32xf16>>
  tt.store %1, %3 {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<64x32xf16>>
  tt.store %0, %4 evictionPolicy = evict_last {boundaryCheck = array<i32: 1, 0>} : !tt.ptr<tensor<64x32xf16>>
  tt.return
}

// A 1D and a 3D block; the 3D one with an unusual order.
// CHECK-LABEL: tt.func @tensor_pointer_ranks
// CHECK-NEXT: %[[P1:.+]] = tt.make_tensor_ptr %arg0, [%arg1], [%arg1], [%arg2] {order = array<i32: 0>} : <tensor<128xi8>>
// CHECK-NEXT: %[[P3:.+]] = tt.make_tensor_ptr %arg0, [%arg1, %arg1, %arg1], [%arg1, %arg1, %arg1], [%arg2, %arg2, %arg2] {order = array<i32: 0, 2, 1>} : <tensor<2x4x8xi8>>
// CHECK-NEXT: tt.advance %[[P1]], [%arg2] : <tensor<128xi8>>
// CHECK-NEXT: tt.advance %[[P3]], [%arg2, %arg2, %arg2] : <tensor<2x4x8xi8>>
tt.func @tensor_pointer_ranks(%base: !tt.ptr<i8>, %l: i64, %i: i32) {
  %0 = tt.make_tensor_ptr %base, [%l], [%l], [%i] {order = array<i32: 0>} : <tensor<128xi8>>
  %1 = tt.make_tensor_ptr %base, [%l, %l, %l], [%l, %l, %l], [%i, %i, %i] {order = array<i32: 0, 2, 1>} : <tensor<2x4x8xi8>>
  %2 = tt.advance %0, [%i] : <tensor<128xi8>>
  %3 = tt.advance %1, [%i, %i, %i] : <tensor<2x4x8xi8>>
  tt.return
}

// Every read-modify-write kind, every memory semantic and every scope.
// CHECK-LABEL: tt.func @atomic_rmw_kinds
// CHECK-SAME: (%arg0: tensor<64x!tt.ptr<i32>>, %arg1: tensor<64xi32>, %arg2: tensor<64xi1>, %arg3: tensor<64x!tt.ptr<f32>>, %arg4: tensor<64xf32>)
// CHECK-NEXT: tt.atomic_rmw and, relaxed, gpu, %arg0, %arg1, %arg2 : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
// CHECK-NEXT: tt.atomic_rmw or, acquire, cta, %arg0, %arg1, %arg2 : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
// CHECK-NEXT: tt.atomic_rmw xor, release, sys, %arg0, %arg1 : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>) -> tensor<64xi32>
// CHECK-NEXT: tt.atomic_rmw add, acq_rel, gpu, %arg0, %arg1, %arg2 : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
// CHECK-NEXT: tt.atomic_rmw fadd, acq_rel, gpu, %arg3, %arg4, %arg2 : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32>
// CHECK-NEXT: tt.atomic_rmw max, relaxed, cta, %arg0, %arg1, %arg2 : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
// CHECK-NEXT: tt.atomic_rmw min, acquire, sys, %arg0, %arg1, %arg2 : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
// CHECK-NEXT: tt.atomic_rmw umax, release, gpu, %arg0, %arg1, %arg2 : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
// CHECK-NEXT: tt.atomic_rmw umin, acq_rel, cta, %arg0, %arg1, %arg2 : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
// CHECK-NEXT: tt.atomic_rmw exch, relaxed, sys, %arg0, %arg1, %arg2 : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
// CHECK-NEXT: tt.atomic_rmw exch, acq_rel, gpu, %arg3, %arg4 : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>) -> tensor<64xf32>
// CHECK-NEXT: tt.atomic_rmw max, acq_rel, gpu, %arg3, %arg4 : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>) -> tensor<64xf32>
// CHECK-NEXT: tt.return
tt.func @atomic_rmw_kinds(%pi: tensor<64x!tt.ptr<i32>>, %vi: tensor<64xi32>, %m: tensor<64xi1>,
                          %pf: tensor<64x!tt.ptr<f32>>, %vf: tensor<64xf32>) {
  %0 = tt.atomic_rmw and, relaxed, gpu, %pi, %vi, %m : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
  %1 = tt.atomic_rmw or, acquire, cta, %pi, %vi, %m : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
  %2 = tt.atomic_rmw xor, release, sys, %pi, %vi : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>) -> tensor<64xi32>
  %3 = tt.atomic_rmw add, acq_rel, gpu, %pi, %vi, %m : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
  %4 = tt.atomic_rmw fadd, acq_rel, gpu, %pf, %vf, %m : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32>
  %5 = tt.atomic_rmw max, relaxed, cta, %pi, %vi, %m : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
  %6 = tt.atomic_rmw min, acquire, sys, %pi, %vi, %m : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
  %7 = tt.atomic_rmw umax, release, gpu, %pi, %vi, %m : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
  %8 = tt.atomic_rmw umin, acq_rel, cta, %pi, %vi, %m : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
  %9 = tt.atomic_rmw exch, relaxed, sys, %pi, %vi, %m : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
  %10 = tt.atomic_rmw exch, acq_rel, gpu, %pf, %vf : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>) -> tensor<64xf32>
  %11 = tt.atomic_rmw max, acq_rel, gpu, %pf, %vf : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>) -> tensor<64xf32>
  tt.return
}

// Scalar atomics, f16 fadd, and compare-and-swap on scalars and tensors.
// CHECK-LABEL: tt.func @atomic_scalar_and_cas
// CHECK-NEXT: tt.atomic_rmw fadd, relaxed, gpu, %arg0, %arg1, %arg2 : (!tt.ptr<f16>, f16, i1) -> f16
// CHECK-NEXT: tt.atomic_cas acq_rel, gpu, %arg3, %arg4, %arg5 : (!tt.ptr<i64>, i64, i64) -> i64
// CHECK-NEXT: tt.atomic_cas relaxed, sys, %arg6, %arg7, %arg7 : (tensor<8x!tt.ptr<i32>>, tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
// CHECK-NEXT: tt.atomic_cas acquire, cta, %arg3, %arg4, %arg5 : (!tt.ptr<i64>, i64, i64) -> i64
tt.func @atomic_scalar_and_cas(%ph: !tt.ptr<f16>, %h: f16, %m: i1, %pl: !tt.ptr<i64>, %c: i64, %v: i64,
                               %pt: tensor<8x!tt.ptr<i32>>, %t: tensor<8xi32>) {
  %0 = tt.atomic_rmw fadd, relaxed, gpu, %ph, %h, %m : (!tt.ptr<f16>, f16, i1) -> f16
  %1 = tt.atomic_cas acq_rel, gpu, %pl, %c, %v : (!tt.ptr<i64>, i64, i64) -> i64
  %2 = tt.atomic_cas relaxed, sys, %pt, %t, %t : (tensor<8x!tt.ptr<i32>>, tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %3 = tt.atomic_cas acquire, cta, %pl, %c, %v : (!tt.ptr<i64>, i64, i64) -> i64
  tt.return
}

// Pointer arithmetic and casts, on scalars and tensors, with i32 and i64
// offsets.
// CHECK-LABEL: tt.func @pointer_arith_and_casts
// CHECK-SAME: (%arg0: !tt.ptr<f32>, %arg1: i32, %arg2: i64, %arg3: tensor<4x!tt.ptr<f32>>, %arg4: tensor<4xi32>, %arg5: tensor<4xi64>)
// CHECK-NEXT: tt.addptr %arg0, %arg1 : !tt.ptr<f32>, i32
// CHECK-NEXT: tt.addptr %arg0, %arg2 : !tt.ptr<f32>, i64
// CHECK-NEXT: tt.addptr %arg3, %arg4 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
// CHECK-NEXT: tt.addptr %arg3, %arg5 : tensor<4x!tt.ptr<f32>>, tensor<4xi64>
// CHECK-NEXT: %[[PI:.+]] = tt.ptr_to_int %arg0 : !tt.ptr<f32> -> i64
// CHECK-NEXT: tt.int_to_ptr %[[PI]] : i64 -> !tt.ptr<f32>
// CHECK-NEXT: %[[TI:.+]] = tt.ptr_to_int %arg3 : tensor<4x!tt.ptr<f32>> -> tensor<4xi64>
// CHECK-NEXT: tt.int_to_ptr %[[TI]] : tensor<4xi64> -> tensor<4x!tt.ptr<f32>>
// CHECK-NEXT: tt.int_to_ptr %arg2 : i64 -> !tt.ptr<!tt.ptr<f32>>
// CHECK-NEXT: tt.return
tt.func @pointer_arith_and_casts(%p: !tt.ptr<f32>, %i: i32, %l: i64,
                                 %tp: tensor<4x!tt.ptr<f32>>, %ti: tensor<4xi32>, %tl: tensor<4xi64>) {
  %0 = tt.addptr %p, %i : !tt.ptr<f32>, i32
  %1 = tt.addptr %p, %l : !tt.ptr<f32>, i64
  %2 = tt.addptr %tp, %ti : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %3 = tt.addptr %tp, %tl : tensor<4x!tt.ptr<f32>>, tensor<4xi64>
  %4 = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
  %5 = tt.int_to_ptr %4 : i64 -> !tt.ptr<f32>
  %6 = tt.ptr_to_int %tp : tensor<4x!tt.ptr<f32>> -> tensor<4xi64>
  %7 = tt.int_to_ptr %6 : tensor<4xi64> -> tensor<4x!tt.ptr<f32>>
  %8 = tt.int_to_ptr %l : i64 -> !tt.ptr<!tt.ptr<f32>>
  tt.return
}

// Address spaces: 1 (global) is implied and not printed, any other is.
// CHECK-LABEL: tt.func @address_spaces
// CHECK-SAME: (%arg0: !tt.ptr<f32, 3>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<i8, 0>, %arg3: i32)
// CHECK-NEXT: %[[Q:.+]] = tt.addptr %arg0, %arg3 : !tt.ptr<f32, 3>, i32
// CHECK-NEXT: %[[S:.+]] = tt.splat %[[Q]] : !tt.ptr<f32, 3> -> tensor<32x!tt.ptr<f32, 3>>
// CHECK-NEXT: %[[V:.+]] = tt.load %[[S]] : tensor<32x!tt.ptr<f32, 3>>
// CHECK-NEXT: tt.store %[[S]], %[[V]] : tensor<32x!tt.ptr<f32, 3>>
// CHECK-NEXT: tt.ptr_to_int %arg2 : !tt.ptr<i8, 0> -> i64
// CHECK-NEXT: tt.bitcast %arg0 : !tt.ptr<f32, 3> -> !tt.ptr<i32, 3>
// CHECK-NEXT: tt.return
tt.func @address_spaces(%shared: !tt.ptr<f32, 3>, %global: !tt.ptr<f32, 1>, %generic: !tt.ptr<i8, 0>, %i: i32) {
  %0 = tt.addptr %shared, %i : !tt.ptr<f32, 3>, i32
  %1 = tt.splat %0 : !tt.ptr<f32, 3> -> tensor<32x!tt.ptr<f32, 3>>
  %2 = tt.load %1 : tensor<32x!tt.ptr<f32, 3>>
  tt.store %1, %2 : tensor<32x!tt.ptr<f32, 3>>
  %3 = tt.ptr_to_int %generic : !tt.ptr<i8, 0> -> i64
  %4 = tt.bitcast %shared : !tt.ptr<f32, 3> -> !tt.ptr<i32, 3>
  tt.return
}

// Tensor descriptors: creation (with and without NaN padding), loads (also
// dropping a leading 1 of the block), stores, reductions of every kind,
// gathers and scatters.
// CHECK-LABEL: tt.func @tensor_descriptors
// CHECK-SAME: (%arg0: !tt.ptr<f16>, %arg1: i32, %arg2: i64, %arg3: tensor<64x32xf16>)
// CHECK-NEXT: %[[D:.+]] = tt.make_tensor_descriptor %arg0, [%arg1, %arg1], [%arg2, %arg2] : <f16>, <tensor<64x32xf16>>
// CHECK-NEXT: %[[D3:.+]] = tt.make_tensor_descriptor %arg0, [%arg1, %arg1, %arg1], [%arg2, %arg2, %arg2] {padding = 2 : i32} : <f16>, <tensor<1x64x32xf16>>
// CHECK-NEXT: tt.descriptor_load %[[D]][%arg1, %arg1] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
// CHECK-NEXT: tt.descriptor_load %[[D]][%arg1, %arg1] cacheModifier = cg evictionPolicy = evict_last : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
// CHECK-NEXT: tt.descriptor_load %[[D3]][%arg1, %arg1, %arg1] : !tt.tensordesc<tensor<1x64x32xf16>> -> tensor<64x32xf16>
// CHECK-NEXT: tt.descriptor_store %[[D]][%arg1, %arg1], %arg3 : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
// CHECK-NEXT: tt.descriptor_store %[[D3]][%arg1, %arg1, %arg1], %arg3 : !tt.tensordesc<tensor<1x64x32xf16>>, tensor<64x32xf16>
// CHECK-NEXT: tt.descriptor_reduce add, %[[D]][%arg1, %arg1], %arg3 : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
// CHECK-NEXT: tt.descriptor_reduce min, %[[D]][%arg1, %arg1], %arg3 : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
// CHECK-NEXT: tt.descriptor_reduce max, %[[D3]][%arg1, %arg1, %arg1], %arg3 : !tt.tensordesc<tensor<1x64x32xf16>>, tensor<64x32xf16>
// CHECK-NEXT: tt.return
tt.func @tensor_descriptors(%base: !tt.ptr<f16>, %i: i32, %l: i64, %v: tensor<64x32xf16>) {
  %d = tt.make_tensor_descriptor %base, [%i, %i], [%l, %l] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x32xf16>>
  %d3 = tt.make_tensor_descriptor %base, [%i, %i, %i], [%l, %l, %l] {padding = 2 : i32} : <f16>, <tensor<1x64x32xf16>>
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  %1 = tt.descriptor_load %d[%i, %i] evictionPolicy = evict_last cacheModifier = cg : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  %2 = tt.descriptor_load %d3[%i, %i, %i] : !tt.tensordesc<tensor<1x64x32xf16>> -> tensor<64x32xf16>
  tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
  tt.descriptor_store %d3[%i, %i, %i], %v : !tt.tensordesc<tensor<1x64x32xf16>>, tensor<64x32xf16>
  tt.descriptor_reduce add, %d[%i, %i], %v : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
  tt.descriptor_reduce min, %d[%i, %i], %v : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
  tt.descriptor_reduce max, %d3[%i, %i, %i], %v : !tt.tensordesc<tensor<1x64x32xf16>>, tensor<64x32xf16>
  tt.return
}

// The integer-only reduction kinds.
// CHECK-LABEL: tt.func @descriptor_reduce_integer_kinds
// CHECK-NEXT: tt.descriptor_reduce inc, %arg0[%arg1], %arg2 : !tt.tensordesc<tensor<128xi32>>, tensor<128xi32>
// CHECK-NEXT: tt.descriptor_reduce dec, %arg0[%arg1], %arg2 : !tt.tensordesc<tensor<128xi32>>, tensor<128xi32>
// CHECK-NEXT: tt.descriptor_reduce and, %arg0[%arg1], %arg2 : !tt.tensordesc<tensor<128xi32>>, tensor<128xi32>
// CHECK-NEXT: tt.descriptor_reduce or, %arg0[%arg1], %arg2 : !tt.tensordesc<tensor<128xi32>>, tensor<128xi32>
// CHECK-NEXT: tt.descriptor_reduce xor, %arg0[%arg1], %arg2 : !tt.tensordesc<tensor<128xi32>>, tensor<128xi32>
// CHECK-NEXT: tt.return
tt.func @descriptor_reduce_integer_kinds(%d: !tt.tensordesc<tensor<128xi32>>, %i: i32, %v: tensor<128xi32>) {
  tt.descriptor_reduce inc, %d[%i], %v : !tt.tensordesc<tensor<128xi32>>, tensor<128xi32>
  tt.descriptor_reduce dec, %d[%i], %v : !tt.tensordesc<tensor<128xi32>>, tensor<128xi32>
  tt.descriptor_reduce and, %d[%i], %v : !tt.tensordesc<tensor<128xi32>>, tensor<128xi32>
  tt.descriptor_reduce or, %d[%i], %v : !tt.tensordesc<tensor<128xi32>>, tensor<128xi32>
  tt.descriptor_reduce xor, %d[%i], %v : !tt.tensordesc<tensor<128xi32>>, tensor<128xi32>
  tt.return
}

// Row gathers and scatters through a 1xN descriptor.
// CHECK-LABEL: tt.func @descriptor_gather_scatter
// CHECK-SAME: (%arg0: !tt.tensordesc<tensor<1x128xbf16>>, %arg1: tensor<32xi32>, %arg2: i32)
// CHECK-NEXT: %[[G:.+]] = tt.descriptor_gather %arg0[%arg1, %arg2] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xbf16>
// CHECK-NEXT: tt.descriptor_scatter %arg0[%arg1, %arg2], %[[G]] : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32, tensor<32x128xbf16>
// CHECK-NEXT: tt.return
tt.func @descriptor_gather_scatter(%d: !tt.tensordesc<tensor<1x128xbf16>>, %x: tensor<32xi32>, %y: i32) {
  %0 = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xbf16>
  tt.descriptor_scatter %d[%x, %y], %0 : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32, tensor<32x128xbf16>
  tt.return
}

// Descriptors of rank 1 to 5 and of fp8 blocks are valid types.
// CHECK-LABEL: tt.func @descriptor_types
// CHECK-SAME: !tt.tensordesc<tensor<16xf32>>
// CHECK-SAME: !tt.tensordesc<tensor<1x1x2x4x8xi8>>
// CHECK-SAME: !tt.tensordesc<tensor<64x64xf8E4M3FN>>
tt.func @descriptor_types(%a: !tt.tensordesc<tensor<16xf32>>, %b: !tt.tensordesc<tensor<1x1x2x4x8xi8>>,
                          %c: !tt.tensordesc<tensor<64x64xf8E4M3FN>>) {
  tt.return
}
