// RUN: triton-translate --emit=ptx %s | FileCheck %s

// The PTX of a TMA load in a cluster of 2 CTAs, as Triton 3.6 writes it:
// `.explicitcluster` / `.reqnctapercluster 2, 1, 1`, and each CTA loading
// its 4 of the block's 8 rows from row x + 4 * %cluster_ctaid.x.
// CHECK: .explicitcluster
// CHECK: .reqnctapercluster 2, 1, 1
// CHECK: mov.u32 %r[[CTA:[0-9]+]], %cluster_ctaid.x;
// CHECK: shl.b32 %r[[STEP:[0-9]+]], %r[[CTA]], 2;
// CHECK: add.s32 %r[[ROW:[0-9]+]], %r{{[0-9]+}}, %r[[STEP]];
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r[[ROW]]}], [%r{{[0-9]+}}];
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @load_split_rows(%d: !tt.tensordesc<tensor<8x128xf16, #shared>>, %x: i32, %y: i32) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<8x128xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 1024, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%x, %y] %buf, %bar, %true : !tt.tensordesc<tensor<8x128xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<8x128xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
}
