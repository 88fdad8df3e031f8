// RUN: not triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm 2>&1 | FileCheck %s --check-prefix=ERR

// In a cluster, registers and shared memory are per CTA: a tensor split
// along N (the wgmma accumulator) cannot be stored into a buffer split
// along M without distributed shared memory, which is refused by name.

// ERR: error: 'ttg.local_alloc' op moves a tensor between layouts that split the cluster's CTAs differently (#ttg.nvidia_mma<{{.*}}CGALayout = {{\[\[0, 1\]\]}}{{.*}}> and #ttg.nvmma_shared<{{.*}}CGALayout = {{\[\[1, 0\]\]}}}>); that needs distributed shared memory, which is not lowered
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], CGALayout = [[0, 1]], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cross_cta(%d: !tt.tensordesc<tensor<128x128xf16, #shared>>, %x: i32, %v: tensor<128x128xf16, #mma>) {
    %buf = ttg.local_alloc %v : (tensor<128x128xf16, #mma>) -> !ttg.memdesc<128x128xf16, #shared, #smem>
    ttng.async_tma_copy_local_to_global %d[%x, %x] %buf : !tt.tensordesc<tensor<128x128xf16, #shared>>, !ttg.memdesc<128x128xf16, #shared, #smem>
    tt.return
  }
}


// -----

// A padded buffer is not a TMA source or destination (the op's verifier).
// ERR: error: 'ttng.async_tma_copy_local_to_global' op TMA shared memory must have an #ttg.nvmma_shared layout, got #ttg.padded_shared<[64:+8] {order = [1, 0], shape = [64, 64]}>
#padded = #ttg.padded_shared<[64:+8] {order = [1, 0], shape = [64, 64]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @padded_tma(%d: !tt.tensordesc<tensor<64x64xf16, #nvmma>>, %x: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #padded, #smem, mutable>
    ttng.async_tma_copy_local_to_global %d[%x, %x] %buf : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, !ttg.memdesc<64x64xf16, #padded, #smem, mutable>
    tt.return
  }
}

// -----

// Unswizzled, a TMA box's rows are one box row apart; in a view of the
// right half of an 8x64 buffer they are a whole buffer row apart. The box
// is not whole in the allocation: refused by name. (Views the allocation
// holds whole: tma-subview.mlir.)
// ERR: error: 'ttng.async_tma_copy_local_to_global' op TMA copy of a 8x32 view of a 8x64 buffer: the buffer's layout does not hold each 8x32 TMA box whole, aligned to its swizzle
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @strided_view(%d: !tt.tensordesc<tensor<8x32xf32, #nvmma>>, %x: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<8x64xf32, #nvmma, #smem, mutable>
    %view = ttg.memdesc_subslice %buf[0, 32] : !ttg.memdesc<8x64xf32, #nvmma, #smem, mutable> -> !ttg.memdesc<8x32xf32, #nvmma, #smem, mutable, 8x64>
    ttng.async_tma_copy_local_to_global %d[%x, %x] %view : !tt.tensordesc<tensor<8x32xf32, #nvmma>>, !ttg.memdesc<8x32xf32, #nvmma, #smem, mutable, 8x64>
    tt.return
  }
}
