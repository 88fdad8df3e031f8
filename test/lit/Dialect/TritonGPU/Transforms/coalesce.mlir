// RUN: triton-opt %s -split-input-file -tritongpu-coalesce -verify-each | FileCheck %s

// A contiguous, 16-byte aligned f32 access: 4 elements (128 bits) per thread.
// CHECK-DAG: [[B1:#.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: [[B4:#.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @aligned_f32
tt.func @aligned_f32(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
  %pp = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
  %ns = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
  %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #blocked>
  // CHECK: [[P:%.*]] = ttg.convert_layout %{{.*}} : tensor<1024x!tt.ptr<f32>, [[B1]]> -> tensor<1024x!tt.ptr<f32>, [[B4]]>
  // CHECK: [[M:%.*]] = ttg.convert_layout %{{.*}} : tensor<1024xi1, [[B1]]> -> tensor<1024xi1, [[B4]]>
  // CHECK: [[L:%.*]] = tt.load [[P]], [[M]] : tensor<1024x!tt.ptr<f32>, [[B4]]>
  // CHECK: ttg.convert_layout [[L]] : tensor<1024xf32, [[B4]]> -> tensor<1024xf32, [[B1]]>
  %v = tt.load %pp, %m : tensor<1024x!tt.ptr<f32>, #blocked>
  %qs = tt.splat %q : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
  %qp = tt.addptr %qs, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
  // CHECK: tt.store {{.*}} : tensor<1024x!tt.ptr<f32>, [[B4]]>
  tt.store %qp, %v, %m : tensor<1024x!tt.ptr<f32>, #blocked>
  tt.return
}
}

// -----

// A store is never wider than its own alignment allows (gaps in a warp's
// write cost bandwidth); a load takes the widest width of the accesses it is
// connected to.
// CHECK-DAG: [[B1:#.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: [[B4:#.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @unaligned_store
tt.func @unaligned_store(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f32>) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
  %pp = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
  // CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, [[B4]]>
  %v = tt.load %pp : tensor<1024x!tt.ptr<f32>, #blocked>
  %qs = tt.splat %q : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
  %qp = tt.addptr %qs, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
  // CHECK: tt.store %{{.*}} : tensor<1024x!tt.ptr<f32>, [[B1]]>
  tt.store %qp, %v : tensor<1024x!tt.ptr<f32>, #blocked>
  tt.return
}
}

// -----

// 2-D, row-major contiguous f16 rows: 8 halves (128 bits) per thread along
// dim 1, order [1, 0]; threads then warps fill the row first.
// CHECK: [[B:#.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#sl0 = #ttg.slice<{dim = 0, parent = #blocked}>
#sl1 = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @rows_f16
tt.func @rows_f16(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %stride: i32 {tt.divisibility = 16 : i32}) {
  %rm = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #sl1>
  %rn = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #sl0>
  %m2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<128xi32, #sl1> -> tensor<128x1xi32, #blocked>
  %s = tt.splat %stride : i32 -> tensor<128x1xi32, #blocked>
  %ms = arith.muli %m2, %s : tensor<128x1xi32, #blocked>
  %n2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32, #sl0> -> tensor<1x64xi32, #blocked>
  %mb = tt.broadcast %ms : tensor<128x1xi32, #blocked> -> tensor<128x64xi32, #blocked>
  %nb = tt.broadcast %n2 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
  %off = arith.addi %mb, %nb : tensor<128x64xi32, #blocked>
  %ps = tt.splat %p : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #blocked>
  %pp = tt.addptr %ps, %off : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
  // CHECK: tt.load %{{.*}} : tensor<128x64x!tt.ptr<f16>, [[B]]>
  %v = tt.load %pp : tensor<128x64x!tt.ptr<f16>, #blocked>
  tt.store %pp, %v : tensor<128x64x!tt.ptr<f16>, #blocked>
  tt.return
}
}

// -----

// Scalar pointers and tensors of non-pointers are left alone.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @scalar
tt.func @scalar(%p: !tt.ptr<f32>) {
  // CHECK-NOT: ttg.convert_layout
  %v = tt.load %p : !tt.ptr<f32>
  tt.store %p, %v : !tt.ptr<f32>
  tt.return
}
}

// -----

// Loading pointers: 64-bit elements, two per thread in 128 bits.
// CHECK: [[B2:#.*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @pointer_of_pointers
tt.func @pointer_of_pointers(%p: !tt.ptr<!tt.ptr<f32>> {tt.divisibility = 16 : i32}) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
  %ps = tt.splat %p : !tt.ptr<!tt.ptr<f32>> -> tensor<1024x!tt.ptr<!tt.ptr<f32>>, #blocked>
  %pp = tt.addptr %ps, %r : tensor<1024x!tt.ptr<!tt.ptr<f32>>, #blocked>, tensor<1024xi32, #blocked>
  // CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<!tt.ptr<f32>>, [[B2]]>
  %v = tt.load %pp : tensor<1024x!tt.ptr<!tt.ptr<f32>>, #blocked>
  tt.return
}
}

// -----

// Accesses share their elements per thread only within what def-use chains
// connect, as Triton's multiRootGetSlice finds it: kernel arguments do not
// connect them, so the unaligned copy keeps 1 per thread beside the aligned
// one's 4.
// CHECK-DAG: [[B1:#.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: [[B4:#.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @separate_copies
tt.func @separate_copies(%a: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32>, %d: !tt.ptr<f32>) {
  // CHECK: tt.load {{.*}} : tensor<1024x!tt.ptr<f32>, [[B4]]>
  // CHECK: tt.store {{.*}} : tensor<1024x!tt.ptr<f32>, [[B4]]>
  // CHECK: tt.load {{.*}} : tensor<1024x!tt.ptr<f32>, [[B1]]>
  // CHECK: tt.store {{.*}} : tensor<1024x!tt.ptr<f32>, [[B1]]>
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
  %as = tt.splat %a : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
  %ap = tt.addptr %as, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
  %av = tt.load %ap : tensor<1024x!tt.ptr<f32>, #blocked>
  %bs = tt.splat %b : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
  %bp = tt.addptr %bs, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
  tt.store %bp, %av : tensor<1024x!tt.ptr<f32>, #blocked>
  %r2 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
  %cs = tt.splat %c : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
  %cp = tt.addptr %cs, %r2 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
  %cv = tt.load %cp : tensor<1024x!tt.ptr<f32>, #blocked>
  %ds = tt.splat %d : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
  %dp = tt.addptr %ds, %r2 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
  tt.store %dp, %cv : tensor<1024x!tt.ptr<f32>, #blocked>
  tt.return
}
}

// -----

// An int8 B stored K x N feeding a wgmma (sm_90): it reaches shared memory
// through registers, transposed to K-major, so each thread also takes 4
// consecutive rows of K ([4, 16] where the load alone gives [1, 16]) and
// the store writes words. A's K is contiguous: [1, 16] as before.
// CHECK-DAG: [[KN:#.*]] = #ttg.blocked<{sizePerThread = [4, 16], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#bl = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @int8_b_k_by_n
tt.func @int8_b_k_by_n(%a: tensor<128x64xi8, #ttg.dot_op<{opIdx = 0, parent = #bl}>>, %b: !tt.ptr<i8> {tt.divisibility = 16 : i32}) -> tensor<128x128xi32, #bl> {
  %rk = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>>
  %rn = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #bl}>>
  %k2 = tt.expand_dims %rk {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>> -> tensor<64x1xi32, #bl>
  %c128 = arith.constant dense<128> : tensor<64x1xi32, #bl>
  %kk = arith.muli %k2, %c128 : tensor<64x1xi32, #bl>
  %n2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #bl}>> -> tensor<1x128xi32, #bl>
  %kb = tt.broadcast %kk : tensor<64x1xi32, #bl> -> tensor<64x128xi32, #bl>
  %nb = tt.broadcast %n2 : tensor<1x128xi32, #bl> -> tensor<64x128xi32, #bl>
  %off = arith.addi %kb, %nb : tensor<64x128xi32, #bl>
  %bs = tt.splat %b : !tt.ptr<i8> -> tensor<64x128x!tt.ptr<i8>, #bl>
  %bp = tt.addptr %bs, %off : tensor<64x128x!tt.ptr<i8>, #bl>, tensor<64x128xi32, #bl>
  // CHECK: tt.load %{{.*}} : tensor<64x128x!tt.ptr<i8>, [[KN]]>
  %bv = tt.load %bp : tensor<64x128x!tt.ptr<i8>, #bl>
  %bd = ttg.convert_layout %bv : tensor<64x128xi8, #bl> -> tensor<64x128xi8, #ttg.dot_op<{opIdx = 1, parent = #bl}>>
  %z = arith.constant dense<0> : tensor<128x128xi32, #bl>
  %d = tt.dot %a, %bd, %z : tensor<128x64xi8, #ttg.dot_op<{opIdx = 0, parent = #bl}>> * tensor<64x128xi8, #ttg.dot_op<{opIdx = 1, parent = #bl}>> -> tensor<128x128xi32, #bl>
  tt.return %d : tensor<128x128xi32, #bl>
}
}

// -----

// The same on sm_80 (mma.sync reads B from shared memory through ldmatrix
// in either order): [1, 16].
// CHECK-DAG: [[ROW:#.*]] = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#bl = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @int8_b_k_by_n_sm80
tt.func @int8_b_k_by_n_sm80(%a: tensor<128x64xi8, #ttg.dot_op<{opIdx = 0, parent = #bl}>>, %b: !tt.ptr<i8> {tt.divisibility = 16 : i32}) -> tensor<128x128xi32, #bl> {
  %rk = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>>
  %rn = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #bl}>>
  %k2 = tt.expand_dims %rk {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>> -> tensor<64x1xi32, #bl>
  %c128 = arith.constant dense<128> : tensor<64x1xi32, #bl>
  %kk = arith.muli %k2, %c128 : tensor<64x1xi32, #bl>
  %n2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #bl}>> -> tensor<1x128xi32, #bl>
  %kb = tt.broadcast %kk : tensor<64x1xi32, #bl> -> tensor<64x128xi32, #bl>
  %nb = tt.broadcast %n2 : tensor<1x128xi32, #bl> -> tensor<64x128xi32, #bl>
  %off = arith.addi %kb, %nb : tensor<64x128xi32, #bl>
  %bs = tt.splat %b : !tt.ptr<i8> -> tensor<64x128x!tt.ptr<i8>, #bl>
  %bp = tt.addptr %bs, %off : tensor<64x128x!tt.ptr<i8>, #bl>, tensor<64x128xi32, #bl>
  // CHECK: tt.load %{{.*}} : tensor<64x128x!tt.ptr<i8>, [[ROW]]>
  %bv = tt.load %bp : tensor<64x128x!tt.ptr<i8>, #bl>
  %bd = ttg.convert_layout %bv : tensor<64x128xi8, #bl> -> tensor<64x128xi8, #ttg.dot_op<{opIdx = 1, parent = #bl}>>
  %z = arith.constant dense<0> : tensor<128x128xi32, #bl>
  %d = tt.dot %a, %bd, %z : tensor<128x64xi8, #ttg.dot_op<{opIdx = 0, parent = #bl}>> * tensor<64x128xi8, #ttg.dot_op<{opIdx = 1, parent = #bl}>> -> tensor<128x128xi32, #bl>
  tt.return %d : tensor<128x128xi32, #bl>
}
}

// -----

// The same for an int8 A stored K x M (M contiguous): 4 consecutive K a
// thread along dim 1 ([16, 4]).
// CHECK-DAG: [[KM:#.*]] = #ttg.blocked<{sizePerThread = [16, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#bl = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @int8_a_k_by_m
tt.func @int8_a_k_by_m(%a: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %b: tensor<64x128xi8, #ttg.dot_op<{opIdx = 1, parent = #bl}>>) -> tensor<128x128xi32, #bl> {
  %rm = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #bl}>>
  %rk = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bl}>>
  %m2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #bl}>> -> tensor<128x1xi32, #bl>
  %k2 = tt.expand_dims %rk {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bl}>> -> tensor<1x64xi32, #bl>
  %c128 = arith.constant dense<128> : tensor<1x64xi32, #bl>
  %kk = arith.muli %k2, %c128 : tensor<1x64xi32, #bl>
  %mb = tt.broadcast %m2 : tensor<128x1xi32, #bl> -> tensor<128x64xi32, #bl>
  %kb = tt.broadcast %kk : tensor<1x64xi32, #bl> -> tensor<128x64xi32, #bl>
  %off = arith.addi %mb, %kb : tensor<128x64xi32, #bl>
  %as = tt.splat %a : !tt.ptr<i8> -> tensor<128x64x!tt.ptr<i8>, #bl>
  %ap = tt.addptr %as, %off : tensor<128x64x!tt.ptr<i8>, #bl>, tensor<128x64xi32, #bl>
  // CHECK: tt.load %{{.*}} : tensor<128x64x!tt.ptr<i8>, [[KM]]>
  %av = tt.load %ap : tensor<128x64x!tt.ptr<i8>, #bl>
  %ad = ttg.convert_layout %av : tensor<128x64xi8, #bl> -> tensor<128x64xi8, #ttg.dot_op<{opIdx = 0, parent = #bl}>>
  %z = arith.constant dense<0> : tensor<128x128xi32, #bl>
  %d = tt.dot %ad, %b, %z : tensor<128x64xi8, #ttg.dot_op<{opIdx = 0, parent = #bl}>> * tensor<64x128xi8, #ttg.dot_op<{opIdx = 1, parent = #bl}>> -> tensor<128x128xi32, #bl>
  tt.return %d : tensor<128x128xi32, #bl>
}
}
