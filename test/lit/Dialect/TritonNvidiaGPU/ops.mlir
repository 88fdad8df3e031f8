// Round trip of every ttng op, in the forms Triton 3.6 prints (the lines
// marked "corpus" are copied from ../shared/corpus). The second RUN line goes
// through the generic form, so both printers and both parsers must agree on
// every attribute.
// RUN: triton-opt %s -split-input-file -verify-each | triton-opt -split-input-file | FileCheck %s
// RUN: triton-opt %s -split-input-file --mlir-print-op-generic | triton-opt -split-input-file | FileCheck %s

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#shared8 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#shared8t = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#shared32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#shared32t = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// CHECK-LABEL: tt.func @wgmma_shared_operands
// corpus (matmul_tma_f16):
// CHECK: %[[D:.+]] = ttng.warp_group_dot %arg0, %arg1, %arg2 {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #{{[a-z0-9_]+}}, #smem, mutable> * !ttg.memdesc<64x256xf16, #{{[a-z0-9_]+}}, #smem, mutable> -> tensor<128x256xf32, #mma>
// corpus (matmul_tma_f16):
// CHECK-NEXT: %[[W:.+]]:3 = ttng.warp_group_dot_wait %[[D]], %arg0, %arg1 {pendings = 1 : i32} : tensor<128x256xf32, #mma>, !ttg.memdesc<128x64xf16, #{{[a-z0-9_]+}}, #smem, mutable>, !ttg.memdesc<64x256xf16, #{{[a-z0-9_]+}}, #smem, mutable>
// corpus (matmul_tma_f16):
// CHECK-NEXT: %[[R:.+]] = ttng.warp_group_dot_wait %[[W]]#0 {pendings = 0 : i32} : tensor<128x256xf32, #mma>
// Synchronous, with useC, and with the default precision (not printed).
// CHECK-NEXT: ttng.warp_group_dot %arg0, %arg1, %[[R]], %arg3 {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, {{.+}}> * !ttg.memdesc<64x256xf16, {{.+}}> -> tensor<128x256xf32, #mma>
// CHECK-NEXT: ttng.warp_group_dot %arg0, %arg1, %[[R]] : !ttg.memdesc
tt.func @wgmma_shared_operands(%a: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>,
                               %b: !ttg.memdesc<64x256xf16, #shared2, #smem, mutable>,
                               %c: tensor<128x256xf32, #mma>, %useC: i1) -> tensor<128x256xf32, #mma> {
  %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x256xf16, #shared2, #smem, mutable> -> tensor<128x256xf32, #mma>
  %w:3 = ttng.warp_group_dot_wait %d, %a, %b {pendings = 1 : i32} : tensor<128x256xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x256xf16, #shared2, #smem, mutable>
  %r = ttng.warp_group_dot_wait %w#0 {pendings = 0 : i32} : tensor<128x256xf32, #mma>
  %e = ttng.warp_group_dot %a, %b, %r, %useC {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x256xf16, #shared2, #smem, mutable> -> tensor<128x256xf32, #mma>
  %f = ttng.warp_group_dot %a, %b, %r : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x256xf16, #shared2, #smem, mutable> -> tensor<128x256xf32, #mma>
  tt.return %f : tensor<128x256xf32, #mma>
}

// CHECK-LABEL: tt.func @wgmma_register_operand
// corpus (attn_fwd_d64_full):
// CHECK: %[[D:.+]] = ttng.warp_group_dot %arg0, %arg1, %arg2 {inputPrecision = 0 : i32, isAsync = true} : tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA:mma[0-9]*]], kWidth = 2}>> * !ttg.memdesc<128x64xf16, #{{[a-z0-9_]+}}, #smem, mutable> -> tensor<128x64xf32, #[[MMA]]>
// Tensors and memory descriptors mixed, as attn_fwd_d64_full waits:
// CHECK-NEXT: %{{.+}}:4 = ttng.warp_group_dot_wait %[[D]], %arg3, %arg1, %arg2 {pendings = 0 : i32} : tensor<128x64xf32, #[[MMA]]>, !ttg.memdesc<128x64xf16, #{{[a-z0-9_]+}}, #smem>, !ttg.memdesc<128x64xf16, #{{[a-z0-9_]+}}, #smem, mutable>, tensor<128x64xf32, #[[MMA]]>
tt.func @wgmma_register_operand(%a: tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>,
                                %v: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>,
                                %acc: tensor<128x64xf32, #mma1>,
                                %q: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  %d = ttng.warp_group_dot %a, %v, %acc {inputPrecision = 0 : i32, isAsync = true} : tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf32, #mma1>
  %w:4 = ttng.warp_group_dot_wait %d, %q, %v, %acc {pendings = 0 : i32} : tensor<128x64xf32, #mma1>, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, tensor<128x64xf32, #mma1>
  tt.return
}

// The other wgmma kinds: fp8 (mixed formats, f32 accumulation after 64
// imprecise steps), i8 into i32 (inputPrecision = ieee is the default and is
// not printed), bf16, tf32, and fp16 accumulation.
// CHECK-LABEL: tt.func @wgmma_kinds
// CHECK: ttng.warp_group_dot %arg0, %arg1, %arg2 {inputPrecision = 0 : i32, maxNumImpreciseAcc = 64 : i32} : !ttg.memdesc<128x128xf8E4M3FN, {{.+}}> * !ttg.memdesc<128x256xf8E5M2, {{.+}}> -> tensor<128x256xf32, #mma>
// CHECK: ttng.warp_group_dot %arg3, %arg4, %arg5 : !ttg.memdesc<128x128xi8, {{.+}}> * !ttg.memdesc<128x256xi8, {{.+}}> -> tensor<128x256xi32, #mma>
// CHECK: ttng.warp_group_dot %arg6, %arg7, %arg2 {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xbf16, {{.+}}> * !ttg.memdesc<64x256xbf16, {{.+}}> -> tensor<128x256xf32, #mma>
// CHECK: ttng.warp_group_dot %arg8, %arg9, %arg2 {inputPrecision = 0 : i32} : !ttg.memdesc<128x32xf32, {{.+}}> * !ttg.memdesc<32x256xf32, {{.+}}> -> tensor<128x256xf32, #mma>
// CHECK: ttng.warp_group_dot %arg10, %arg11, %arg12 {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, {{.+}}> * !ttg.memdesc<64x256xf16, {{.+}}> -> tensor<128x256xf16, #mma>
tt.func @wgmma_kinds(%a8: !ttg.memdesc<128x128xf8E4M3FN, #shared8, #smem>, %b8: !ttg.memdesc<128x256xf8E5M2, #shared8t, #smem>,
                     %c: tensor<128x256xf32, #mma>,
                     %ai: !ttg.memdesc<128x128xi8, #shared8, #smem>, %bi: !ttg.memdesc<128x256xi8, #shared8t, #smem>,
                     %ci: tensor<128x256xi32, #mma>,
                     %abf: !ttg.memdesc<128x64xbf16, #shared, #smem>, %bbf: !ttg.memdesc<64x256xbf16, #shared, #smem>,
                     %a32: !ttg.memdesc<128x32xf32, #shared32, #smem>, %b32: !ttg.memdesc<32x256xf32, #shared32t, #smem>,
                     %ah: !ttg.memdesc<128x64xf16, #shared, #smem>, %bh: !ttg.memdesc<64x256xf16, #shared, #smem>,
                     %ch: tensor<128x256xf16, #mma>) {
  %0 = ttng.warp_group_dot %a8, %b8, %c {inputPrecision = 0 : i32, maxNumImpreciseAcc = 64 : i32} : !ttg.memdesc<128x128xf8E4M3FN, #shared8, #smem> * !ttg.memdesc<128x256xf8E5M2, #shared8t, #smem> -> tensor<128x256xf32, #mma>
  %1 = ttng.warp_group_dot %ai, %bi, %ci {inputPrecision = 2 : i32} : !ttg.memdesc<128x128xi8, #shared8, #smem> * !ttg.memdesc<128x256xi8, #shared8t, #smem> -> tensor<128x256xi32, #mma>
  %2 = ttng.warp_group_dot %abf, %bbf, %c {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xbf16, #shared, #smem> * !ttg.memdesc<64x256xbf16, #shared, #smem> -> tensor<128x256xf32, #mma>
  %3 = ttng.warp_group_dot %a32, %b32, %c {inputPrecision = 0 : i32} : !ttg.memdesc<128x32xf32, #shared32, #smem> * !ttg.memdesc<32x256xf32, #shared32t, #smem> -> tensor<128x256xf32, #mma>
  %4 = ttng.warp_group_dot %ah, %bh, %ch {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf16, #mma>
  tt.return
}

}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// CHECK-LABEL: tt.func @barriers
// corpus (matmul_tma_f16):
// CHECK: ttng.init_barrier %arg0, 1 : !ttg.memdesc<1xi64, #[[BAR:[a-z0-9_]+]], #smem, mutable>
// CHECK-NEXT: ttng.init_barrier %arg0, 128 : !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
// corpus (matmul_tma_f16):
// CHECK-NEXT: ttng.barrier_expect %arg0, 49152, %arg2 : !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
// corpus (matmul_tma_f16):
// CHECK-NEXT: ttng.wait_barrier %arg0, %arg1 : !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
// CHECK-NEXT: ttng.wait_barrier %arg0, %arg1, %arg2 : !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
// CHECK-NEXT: ttng.wait_barrier %arg0, %arg1 deps %arg3, %arg3 : !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>, !ttg.memdesc<128x64xf16, #{{[a-z0-9_]+}}, #smem, mutable>, !ttg.memdesc<128x64xf16, #{{[a-z0-9_]+}}, #smem, mutable>
// CHECK-NEXT: ttng.wait_barrier %arg0, %arg1, %arg2 deps %arg3 : !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>, !ttg.memdesc<128x64xf16, #{{[a-z0-9_]+}}, #smem, mutable>
// CHECK-NEXT: ttng.arrive_barrier %arg0, 2 : !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
// CHECK-NEXT: ttng.arrive_barrier %arg0, 1, %arg2 : !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
// CHECK-NEXT: ttng.arrive_barrier %arg0, 1, %arg2 {perWarpGroup} : !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
// CHECK-NEXT: ttng.async_copy_mbarrier_arrive %arg0 : !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
// CHECK-NEXT: ttng.async_copy_mbarrier_arrive %arg0 {noIncrement} : !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
// corpus (matmul_tma_f16):
// CHECK-NEXT: ttng.inval_barrier %arg0 : !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
tt.func @barriers(%bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %phase: i32, %pred: i1,
                  %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>) {
  ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.init_barrier %bar, 128 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.barrier_expect %bar, 49152, %pred : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.wait_barrier %bar, %phase, %pred : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.wait_barrier %bar, %phase deps %buf, %buf : !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.wait_barrier %bar, %phase, %pred deps %buf : !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.arrive_barrier %bar, 2 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.arrive_barrier %bar, 1, %pred : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.arrive_barrier %bar, 1, %pred {perWarpGroup} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.async_copy_mbarrier_arrive %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  tt.return
}

// CHECK-LABEL: tt.func @fences
// corpus (matmul_tma_f16, attn_fwd_d64_full):
// CHECK: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.fence_async_shared {bCluster = true}
tt.func @fences() {
  ttng.fence_async_shared {bCluster = false}
  ttng.fence_async_shared {bCluster = true}
  tt.return
}

}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// CHECK-LABEL: tt.func @tma
// corpus (matmul_tma_f16):
// CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg2, %arg3] %arg5, %arg6, %arg4 : !tt.tensordesc<tensor<128x64xf16, #[[SH:[a-z0-9_]+]]>>, !ttg.memdesc<1xi64, #{{[a-z0-9_]+}}, #smem, mutable> -> !ttg.memdesc<128x64xf16, #[[SH]], #smem, mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local %arg0[%arg2, %arg3] %arg5, %arg6, %arg4 cacheModifier = cg evictionPolicy = evict_last {isVolatile = true} : !tt.tensordesc
// Leading dimensions of size 1 of the block may be dropped.
// CHECK-NEXT: ttng.async_tma_copy_global_to_local %arg1[%arg2, %arg2, %arg3] %arg5, %arg6, %arg4 : !tt.tensordesc<tensor<1x128x64xf16, #[[SH]]>>
// corpus (matmul_tma_f16):
// CHECK-NEXT: ttng.async_tma_copy_local_to_global %arg0[%arg2, %arg3] %arg7 : !tt.tensordesc<tensor<128x64xf16, #[[SH]]>>, !ttg.memdesc<128x64xf16, #[[SH]], #smem>
// CHECK-NEXT: ttng.async_tma_reduce add, %arg0[%arg2, %arg3] %arg7 : !tt.tensordesc<tensor<128x64xf16, #[[SH]]>>, !ttg.memdesc<128x64xf16, #[[SH]], #smem>
// CHECK-NEXT: ttng.async_tma_reduce max, %arg0[%arg2, %arg3] %arg7 : !tt.tensordesc
// corpus (matmul_tma_f16):
// CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: ttng.async_tma_store_wait {pendings = 2 : i32}
tt.func @tma(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %desc3: !tt.tensordesc<tensor<1x128x64xf16, #shared>>,
             %x: i32, %y: i32, %pred: i1,
             %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>,
             %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>,
             %src: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %pred : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %pred evictionPolicy = evict_last cacheModifier = cg {isVolatile = true} : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.async_tma_copy_global_to_local %desc3[%x, %x, %y] %buf, %bar, %pred : !tt.tensordesc<tensor<1x128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.async_tma_copy_local_to_global %desc[%x, %y] %src : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem>
  ttng.async_tma_reduce add, %desc[%x, %y] %src : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem>
  ttng.async_tma_reduce max, %desc[%x, %y] %src : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem>
  ttng.async_tma_store_wait {pendings = 0 : i32}
  ttng.async_tma_store_wait {pendings = 2 : i32}
  tt.return
}

// CHECK-LABEL: tt.func @tma_gather_scatter
// CHECK: ttng.async_tma_gather %arg0[%arg1, %arg2] %arg4, %arg5, %arg3 : !tt.tensordesc<tensor<1x64xf16, #[[SH:[a-z0-9_]+]]>>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<1xi64, #{{[a-z0-9_]+}}, #smem, mutable>, !ttg.memdesc<32x64xf16, #[[SH]], #smem, mutable>, i1
// CHECK-NEXT: ttng.async_tma_scatter %arg0[%arg1, %arg2] %arg4 : !tt.tensordesc<tensor<1x64xf16, #[[SH]]>>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<32x64xf16, #[[SH]], #smem, mutable>
tt.func @tma_gather_scatter(%desc: !tt.tensordesc<tensor<1x64xf16, #shared>>, %rows: tensor<32xi32, #blocked>,
                            %y: i32, %pred: i1, %buf: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>,
                            %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>) {
  ttng.async_tma_gather %desc[%rows, %y] %buf, %bar, %pred : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, i1
  ttng.async_tma_scatter %desc[%rows, %y] %buf : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
  tt.return
}

// CHECK-LABEL: tt.func @tensormaps
// CHECK: ttng.tensormap_create %arg0, %arg1, [%arg2, %arg2], [%arg3, %arg3], [%arg4], [%arg5, %arg5] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
// CHECK-NEXT: ttng.tensormap_fenceproxy_acquire %arg0 : !tt.ptr<i8>
// CHECK-NEXT: %{{.+}} = ttng.reinterpret_tensor_descriptor %arg0 : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16, #{{[a-z0-9_]+}}>>
tt.func @tensormaps(%ptr: !tt.ptr<i8>, %base: !tt.ptr<f16>, %box: i32, %dim: i32, %stride: i64, %one: i32) {
  ttng.tensormap_create %ptr, %base, [%box, %box], [%dim, %dim], [%stride], [%one, %one] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
  ttng.tensormap_fenceproxy_acquire %ptr : !tt.ptr<i8>
  %d = ttng.reinterpret_tensor_descriptor %ptr : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16, #shared>>
  tt.return
}

}

// -----

// Cluster synchronization needs more than one CTA per cluster.
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: tt.func @cluster
// CHECK: ttng.fence_mbarrier_init_release_cluster
// CHECK-NEXT: ttng.cluster_arrive{{$}}
// CHECK-NEXT: ttng.cluster_arrive {relaxed = true}
// CHECK-NEXT: ttng.cluster_wait
tt.func @cluster() {
  ttng.fence_mbarrier_init_release_cluster
  ttng.cluster_arrive
  ttng.cluster_arrive {relaxed = true}
  ttng.cluster_wait
  tt.return
}
}

// -----

// Named barriers and the warp group index (the ping-pong of warp-specialized
// attention's consumer warp groups).
// CHECK-LABEL: tt.func @named_barriers
// CHECK: %[[WG:.+]] = ttng.warp_group_id : i32
// CHECK-NEXT: ttng.named_barrier_arrive %[[WG]], %{{.+}} : i32, i32
// CHECK-NEXT: ttng.named_barrier_wait %{{.+}}, %{{.+}} : i32, i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @named_barriers() {
  %c15 = arith.constant 15 : i32
  %c256 = arith.constant 256 : i32
  %wg = ttng.warp_group_id : i32
  ttng.named_barrier_arrive %wg, %c256 : i32, i32
  ttng.named_barrier_wait %c15, %c256 : i32, i32
  tt.return
}
}
