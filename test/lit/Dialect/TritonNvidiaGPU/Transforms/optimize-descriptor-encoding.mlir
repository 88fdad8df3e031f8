// RUN: triton-opt %s -split-input-file --triton-nvidia-optimize-descriptor-encoding -verify-each | FileCheck %s

// A descriptor whose load feeds a local_alloc takes the alloc's nvmma
// layout; one that is only stored to takes the default nvmma layout of its
// block (64 f16 = 128 bytes per row: 128-byte swizzle). The kernel's
// signature follows.
// CHECK-DAG: #[[S128:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[S64:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: tt.func public @load_into_alloc
// CHECK-SAME: %arg0: !tt.tensordesc<tensor<64x64xf16, #[[S64]]>>
// CHECK-SAME: %arg1: !tt.tensordesc<tensor<64x64xf16, #[[S128]]>>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @load_into_alloc(%a: !tt.tensordesc<tensor<64x64xf16>>, %c: !tt.tensordesc<tensor<64x64xf16>>, %i: i32) {
    %v = tt.descriptor_load %a[%i, %i] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    %s = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %l = ttg.local_load %s : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #blocked>
    tt.descriptor_store %c[%i, %i], %l : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16, #blocked>
    tt.return
  }
}

// -----

// Loop-carried descriptors share one layout with their init and yield; a
// block of 8 x 16 f16 (32-byte rows) gets a 32-byte swizzle, and a 1D block
// no swizzle and no transposition. A rank-reduced load keeps the block's
// rank in the descriptor.
// CHECK-DAG: #[[S32:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[S0:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32, rank = 1}>
// CHECK-LABEL: tt.func public @carried
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %arg0) -> (!tt.tensordesc<tensor<8x16xf16, #[[S32]]>>)
// CHECK: tt.descriptor_load {{.*}} : !tt.tensordesc<tensor<8x16xf16, #[[S32]]>>
// CHECK: scf.yield {{.*}} : !tt.tensordesc<tensor<8x16xf16, #[[S32]]>>
// CHECK: tt.descriptor_load {{.*}} : !tt.tensordesc<tensor<128xf32, #[[S0]]>>
// CHECK: tt.descriptor_load {{.*}} : !tt.tensordesc<tensor<1x8x16xf16, #{{.*}}>> -> tensor<8x16xf16
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @carried(%a: !tt.tensordesc<tensor<8x16xf16>>, %b: !tt.tensordesc<tensor<128xf32>>, %r: !tt.tensordesc<tensor<1x8x16xf16>>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %d = scf.for %k = %c0 to %n step %c1 iter_args(%it = %a) -> (!tt.tensordesc<tensor<8x16xf16>>) : i32 {
      %v = tt.descriptor_load %it[%k, %k] : !tt.tensordesc<tensor<8x16xf16>> -> tensor<8x16xf16, #blocked>
      scf.yield %it : !tt.tensordesc<tensor<8x16xf16>>
    }
    %w = tt.descriptor_load %b[%c0] : !tt.tensordesc<tensor<128xf32>> -> tensor<128xf32, #blocked1>
    %x = tt.descriptor_load %r[%c0, %c0, %c0] : !tt.tensordesc<tensor<1x8x16xf16>> -> tensor<8x16xf16, #blocked>
    tt.return
  }
}

// -----

// A device function's descriptor arguments, and what it passes to calls,
// take the default layout: caller and callee agree without seeing each
// other.
// CHECK-LABEL: tt.func private @callee
// CHECK-SAME: !tt.tensordesc<tensor<64x64xf16, #[[DEF:.*]]>>
// CHECK-LABEL: tt.func public @caller
// CHECK: tt.call @callee(%arg0) : (!tt.tensordesc<tensor<64x64xf16, #[[DEF]]>>) -> ()
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @callee(%a: !tt.tensordesc<tensor<64x64xf16>>) attributes {noinline = true} {
    %c0 = arith.constant 0 : i32
    %v = tt.descriptor_load %a[%c0, %c0] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    tt.return
  }
  tt.func public @caller(%a: !tt.tensordesc<tensor<64x64xf16>>) {
    tt.call @callee(%a) : (!tt.tensordesc<tensor<64x64xf16>>) -> ()
    tt.return
  }
}

// -----

// In a cluster, a stored value's CTA split is that of the layout it is
// computed in, looking through a conversion (which folds into the store's
// buffer later): the wgmma accumulator splits N over the 2 CTAs, so the
// descriptor does too, and each CTA stores its own columns.
// CHECK: #[[S:.+]] = #ttg.nvmma_shared<{{.*}}CGALayout = {{\[\[0, 1\]\]}}
// CHECK: tt.func public @store_from_accumulator
// CHECK-SAME: !tt.tensordesc<tensor<128x128xf16, #[[S]]>>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], CGALayout = [[0, 1]], instrShape = [16, 64, 16]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @store_from_accumulator(%d: !tt.tensordesc<tensor<128x128xf16>>, %x: i32, %acc: tensor<128x128xf16, #mma>) {
    %v = ttg.convert_layout %acc : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    tt.descriptor_store %d[%x, %x], %v : !tt.tensordesc<tensor<128x128xf16>>, tensor<128x128xf16, #blocked>
    tt.return
  }
}
