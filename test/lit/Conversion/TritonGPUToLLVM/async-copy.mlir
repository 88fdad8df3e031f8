// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-each | FileCheck %s
// RUN: not triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm="compute-capability=75" 2>&1 | FileCheck %s --check-prefix=SM75

// A pipelined f16 operand: each thread copies its 8 contiguous elements
// with one 16-byte cp.async.cg into one buffer of a 3-buffer allocation,
// zero-filling where the mask is off; commit and wait are the cp.async
// group instructions.
// CHECK-LABEL: llvm.func @copy_f16
// CHECK-COUNT-4: llvm.inline_asm has_side_effects asm_dialect = att "cp.async.cg.shared.global [ $0 + 0 ], [ $1 + 0 ], 16, $2;", "r,l,r"
// CHECK-NOT: cp.async.cg
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 1
// SM75: error: 'ttg.async_copy_global_to_local' op lowers to cp.async, which needs sm_80 or newer (the target is sm_75)
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy_f16(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %k: i32 {tt.divisibility = 16 : i32}, %i: i32) {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf16, #blocked>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r2 = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %rm = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %c64 = arith.constant dense<64> : tensor<64x1xi32, #blocked>
    %rows = arith.muli %rm2, %c64 : tensor<64x1xi32, #blocked>
    %rowsb = tt.broadcast %rows : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %colsb = tt.broadcast %r2 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %offs = arith.addi %rowsb, %colsb : tensor<64x64xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %ps, %offs : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %ks = tt.splat %k : i32 -> tensor<1x64xi32, #blocked>
    %m1 = arith.cmpi slt, %r2, %ks : tensor<1x64xi32, #blocked>
    %mask = tt.broadcast %m1 : tensor<1x64xi1, #blocked> -> tensor<64x64xi1, #blocked>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
    %view = ttg.memdesc_index %buf[%i] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %ptrs, %view mask %mask other %zero {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    %c = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %c {num = 1 : i32}
    ttg.local_dealloc %buf : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}


// -----

// Gluon's async_copy.mbarrier_arrive (test_async_copy_mbarrier): every
// thread arrives once its own cp.async copies land, counted on top of the
// barrier's initial count unless noIncrement.
// CHECK-LABEL: llvm.func @mbarrier_arrive
// CHECK: "cp.async.mbarrier.arrive.shared::cta.b64 [$0];", "r"
// CHECK: "cp.async.mbarrier.arrive.noinc.shared::cta.b64 [$0];", "r"
// SM75: error: 'ttng.async_copy_mbarrier_arrive' op lowers to cp.async, which needs sm_80 or newer (the target is sm_75)
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mbarrier_arrive() {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

// An operand every CTA of a 2-CTA cluster holds whole (CGALayout [[0, 0]]:
// test_matmul's A where the CTAs split the columns): shared memory is per
// CTA, so each CTA copies it into its own buffer: the copies are not
// predicated on the CTA id (CTA 1 would read a buffer only CTA 0 filled).
// CHECK-LABEL: llvm.func @copy_broadcast_cluster
// CHECK-COUNT-4: "cp.async.cg.shared.global [ $0 + 0 ], [ $1 + 0 ], 16, $2;", "r,l,r"
// CHECK-NOT: cp.async.cg
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 0]]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy_broadcast_cluster(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r2 = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %rm = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %c64 = arith.constant dense<64> : tensor<64x1xi32, #blocked>
    %rows = arith.muli %rm2, %c64 : tensor<64x1xi32, #blocked>
    %rowsb = tt.broadcast %rows : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %colsb = tt.broadcast %r2 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %offs = arith.addi %rowsb, %colsb : tensor<64x64xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %ps, %offs : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %ptrs, %buf {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    %c = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %c {num = 0 : i32}
    tt.return
  }
}
