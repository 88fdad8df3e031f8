// Round trip of every ttg op in Triton 3.6's assembly format.
// RUN: triton-opt %s | triton-opt | FileCheck %s
// RUN: triton-opt %s --mlir-print-op-generic | triton-opt | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 8], order = [0, 1]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared3 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared4 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory

// CHECK-DAG: #[[NV:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[NVT:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// CHECK-DAG: #[[SW1:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-DAG: #[[SW8:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-DAG: #[[SW8T:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// CHECK-LABEL: tt.func @convert_layout
// CHECK: ttg.convert_layout %arg0 : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #blocked1>
// CHECK: ttg.convert_layout %arg1 : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
tt.func @convert_layout(%x: tensor<128x64xf16, #blocked>, %m: tensor<128x64xf16, #mma>) {
  %0 = ttg.convert_layout %x : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #blocked1>
  %1 = ttg.convert_layout %m : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  tt.return
}

// CHECK-LABEL: tt.func @local_memory
// CHECK: %[[A:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #[[NV]], #smem, mutable>
// CHECK: %[[I:.+]] = ttg.local_alloc %arg0 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #[[NV]], #smem>
// CHECK: ttg.local_alloc %arg0 {alignment = 128 : i32} : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #[[SW8]], #smem, mutable>
// CHECK: %[[V:.+]] = ttg.memdesc_index %[[A]][%arg1] : !ttg.memdesc<3x128x64xf16, #[[NV]], #smem, mutable> -> !ttg.memdesc<128x64xf16, #[[NV]], #smem, mutable>
// CHECK: ttg.local_store %arg0, %[[V]] : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #[[NV]], #smem, mutable>
// CHECK: ttg.local_load %[[V]] : !ttg.memdesc<128x64xf16, #[[NV]], #smem, mutable> -> tensor<128x64xf16, #blocked>
// CHECK: ttg.local_load %[[I]] token %arg2 : !ttg.memdesc<128x64xf16, #[[NV]], #smem> -> tensor<128x64xf16, #blocked1>
// CHECK: ttg.local_barrier
// CHECK: ttg.local_dealloc %[[A]] : !ttg.memdesc<3x128x64xf16, #[[NV]], #smem, mutable>
tt.func @local_memory(%x: tensor<128x64xf16, #blocked>, %i: i32, %t: !ttg.async.token) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
  %init = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
  %aligned = ttg.local_alloc %x {alignment = 128 : i32} : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared3, #smem, mutable>
  %v = ttg.memdesc_index %a[%i] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttg.local_store %x, %v : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  %0 = ttg.local_load %v : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #blocked>
  %1 = ttg.local_load %init token %t : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf16, #blocked1>
  ttg.local_barrier
  ttg.local_dealloc %a : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
  tt.return
}

// CHECK-LABEL: tt.func @views
// CHECK: ttg.memdesc_subslice %arg0[0, 32] : !ttg.memdesc<64x64xf16, #[[SW8]], #smem, mutable> -> !ttg.memdesc<64x32xf16, #[[SW8]], #smem, mutable, 64x64>
// CHECK: ttg.memdesc_subslice %arg0[32, 0] : !ttg.memdesc<64x64xf16, #[[SW8]], #smem, mutable> -> !ttg.memdesc<32x64xf16, #[[SW8]], #smem, mutable, 64x64>
// CHECK: ttg.memdesc_trans %arg1 {order = array<i32: 1, 0>} : !ttg.memdesc<256x64xf16, #[[NV]], #smem, mutable> -> !ttg.memdesc<64x256xf16, #[[NVT]], #smem, mutable>
// CHECK: ttg.memdesc_trans %arg0 {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #[[SW8]], #smem, mutable> -> !ttg.memdesc<64x64xf16, #[[SW8T]], #smem, mutable>
// CHECK: ttg.memdesc_trans %arg2 {order = array<i32: 1, 0>} : !ttg.memdesc<32x64xf16, #[[SW8]], #smem, mutable, 2x64x64> -> !ttg.memdesc<64x32xf16, #[[SW8T]], #smem, mutable, 2x64x64>
// CHECK: ttg.memdesc_reshape %arg1 : !ttg.memdesc<256x64xf16, #[[NV]], #smem, mutable> -> !ttg.memdesc<2x128x64xf16, #[[NV]], #smem, mutable>
// CHECK: ttg.memdesc_reinterpret %arg3 : !ttg.memdesc<4x1xi64, #[[SW1]], #smem, mutable> -> !ttg.memdesc<8xi32, #[[SW1]], #smem, mutable>
// A read-only view of a writable buffer (Triton 3.6's split wgmma operands).
// CHECK: ttg.memdesc_subslice %arg0[16, 0] : !ttg.memdesc<64x64xf16, #[[SW8]], #smem, mutable> -> !ttg.memdesc<16x64xf16, #[[SW8]], #smem, 64x64>
// A subview of whole rows is one range of the buffer: it may be reinterpreted.
// CHECK: ttg.memdesc_reinterpret %{{.*}} : !ttg.memdesc<32x64xf16, #[[SW8]], #smem, mutable, 64x64> -> !ttg.memdesc<1024xi32, #[[SW1]], #smem, mutable>
tt.func @views(%m: !ttg.memdesc<64x64xf16, #shared3, #smem, mutable>,
               %n: !ttg.memdesc<256x64xf16, #shared, #smem, mutable>,
               %s: !ttg.memdesc<32x64xf16, #shared3, #smem, mutable, 2x64x64>,
               %b: !ttg.memdesc<4x1xi64, #shared2, #smem, mutable>) {
  %0 = ttg.memdesc_subslice %m[0, 32] : !ttg.memdesc<64x64xf16, #shared3, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared3, #smem, mutable, 64x64>
  %1 = ttg.memdesc_subslice %m[32, 0] : !ttg.memdesc<64x64xf16, #shared3, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared3, #smem, mutable, 64x64>
  %2 = ttg.memdesc_trans %n {order = array<i32: 1, 0>} : !ttg.memdesc<256x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x256xf16, #shared1, #smem, mutable>
  %3 = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared3, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared4, #smem, mutable>
  %4 = ttg.memdesc_trans %s {order = array<i32: 1, 0>} : !ttg.memdesc<32x64xf16, #shared3, #smem, mutable, 2x64x64> -> !ttg.memdesc<64x32xf16, #shared4, #smem, mutable, 2x64x64>
  %5 = ttg.memdesc_reshape %n : !ttg.memdesc<256x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
  %6 = ttg.memdesc_reinterpret %b : !ttg.memdesc<4x1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<8xi32, #shared2, #smem, mutable>
  %7 = ttg.memdesc_subslice %m[16, 0] : !ttg.memdesc<64x64xf16, #shared3, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared3, #smem, 64x64>
  %8 = ttg.memdesc_reinterpret %1 : !ttg.memdesc<32x64xf16, #shared3, #smem, mutable, 64x64> -> !ttg.memdesc<1024xi32, #shared2, #smem, mutable>
  tt.return
}

// The pipelined copy of Triton's matmul, as the corpus has it.
// CHECK-LABEL: tt.func @async_copy
// CHECK: %[[T0:.+]] = ttg.async_copy_global_to_local %arg0, %{{.+}} mask %arg1 other %arg2 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #[[SW8]], #smem, mutable>
// CHECK: %[[T1:.+]] = ttg.async_copy_global_to_local %arg0, %{{.+}} cacheModifier = cg evictionPolicy = evict_last {isVolatile = true} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #[[SW8]], #smem, mutable>
// CHECK: %[[G:.+]] = ttg.async_commit_group tokens %[[T0]], %[[T1]]
// CHECK: ttg.async_commit_group{{$}}
// CHECK: ttg.async_wait %[[G]] {num = 1 : i32}
// CHECK: ttg.async_wait {num = 0 : i32}
tt.func @async_copy(%p: tensor<128x64x!tt.ptr<f16>, #blocked>, %mask: tensor<128x64xi1, #blocked>, %other: tensor<128x64xf16, #blocked>) {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared3, #smem, mutable>
  %t0 = ttg.async_copy_global_to_local %p, %buf mask %mask other %other {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared3, #smem, mutable>
  %t1 = ttg.async_copy_global_to_local %p, %buf cacheModifier = cg evictionPolicy = evict_last {isVolatile = true} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared3, #smem, mutable>
  %g = ttg.async_commit_group tokens %t0, %t1
  %e = ttg.async_commit_group
  %w = ttg.async_wait %g {num = 1 : i32}
  %w2 = ttg.async_wait {num = 0 : i32}
  tt.return
}

// CHECK-LABEL: tt.func @misc
// CHECK: ttg.fp4_to_fp %arg0 {axis = 1 : i32} : tensor<32x16xi8, #blocked> -> tensor<32x32xbf16, #blocked2>
// CHECK: ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 1024 : i32} : !tt.ptr<i8>
// CHECK: ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 64 : i32, third_party_allocation} : !tt.ptr<i8>
// CHECK: ttg.predicate_stage %arg1, %arg2, %arg3 maxStage 3 stage 1 : i32 -> i1
// CHECK: "ttg.mask"(%{{.+}}) ({
// CHECK-NEXT: ttg.mask.return %arg1 : i32
// CHECK-NEXT: }) : (i1) -> i32
tt.func @misc(%x: tensor<32x16xi8, #blocked>, %iv: i32, %ub: i32, %step: i32) {
  %0 = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<32x16xi8, #blocked> -> tensor<32x32xbf16, #blocked2>
  %1 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 1024 : i32} : !tt.ptr<i8>
  %2 = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 64 : i32, third_party_allocation} : !tt.ptr<i8>
  %3 = ttg.predicate_stage %iv, %ub, %step maxStage 3 stage 1 : i32 -> i1
  %4 = "ttg.mask"(%3) ({
    "ttg.mask.return"(%iv) : (i32) -> ()
  }) : (i1) -> i32
  tt.return
}

// CHECK-LABEL: tt.func @warp_specialize
// CHECK: %[[R:.+]]:2 = ttg.warp_specialize(%arg0, %arg1) attributes {actualRegisters = array<i32: 232, 40, 24>, requestedRegisters = array<i32: 40, 24>, warpGroupStartIds = array<i32: 8, 12>}
// CHECK-NEXT: default {
// CHECK-NEXT: %[[S:.+]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: ttg.warp_yield %[[S]], %arg1 : i32, !ttg.memdesc<128x64xf16, #[[NV]], #smem, mutable>
// CHECK-NEXT: }
// CHECK-NEXT: partition0(%[[A0:.+]]: i32, %[[B0:.+]]: !ttg.memdesc<128x64xf16, #[[NV]], #smem, mutable>) num_warps(4) {
// CHECK-NEXT: arith.muli %[[A0]], %[[A0]] : i32
// CHECK-NEXT: ttg.warp_return
// CHECK-NEXT: }
// CHECK-NEXT: partition1(%{{.+}}: i32, %{{.+}}: !ttg.memdesc<128x64xf16, #[[NV]], #smem, mutable>) num_warps(1) {
// CHECK-NEXT: ttg.warp_return
// CHECK-NEXT: } : (i32, !ttg.memdesc<128x64xf16, #[[NV]], #smem, mutable>) -> (i32, !ttg.memdesc<128x64xf16, #[[NV]], #smem, mutable>)
// CHECK: ttg.warp_specialize()
// CHECK-NEXT: default {
// CHECK-NEXT: ttg.warp_yield
// CHECK-NEXT: } : () -> ()
tt.func @warp_specialize(%a: i32, %b: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>) {
  %0:2 = ttg.warp_specialize(%a, %b) attributes {actualRegisters = array<i32: 232, 40, 24>, requestedRegisters = array<i32: 40, 24>, warpGroupStartIds = array<i32: 8, 12>}
  default {
    %s = arith.addi %a, %a : i32
    ttg.warp_yield %s, %b : i32, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  }
  partition0(%x: i32, %y: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>) num_warps(4) {
    %m = arith.muli %x, %x : i32
    ttg.warp_return
  }
  partition1(%x: i32, %y: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>) num_warps(1) {
    ttg.warp_return
  } : (i32, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>) -> (i32, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>)
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  } : () -> ()
  tt.return
}

// After convert-scf-to-cf a partition has several blocks: those that
// branch stay within it, those that leave end with ttg.warp_return.
// CHECK-LABEL: tt.func @warp_specialize_blocks
// CHECK: partition0(%[[C:.+]]: i1) num_warps(1) {
// CHECK-NEXT: cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: ttg.warp_return
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: ttg.warp_return
tt.func @warp_specialize_blocks(%c: i1) {
  ttg.warp_specialize(%c)
  default {
    ttg.warp_yield
  }
  partition0(%x: i1) num_warps(1) {
    cf.cond_br %x, ^a, ^b
  ^a:
    ttg.warp_return
  ^b:
    ttg.warp_return
  } : (i1) -> ()
  tt.return
}

}
