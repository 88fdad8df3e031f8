// The memory effects of ttng ops, seen through the generic passes that use
// them: cse merges only ops that at most read and have no write in between;
// canonicalize removes unused ops that at most read, and keeps the ones that
// write (barriers, fences, waits, TMA copies).
// RUN: triton-opt %s -split-input-file -cse | FileCheck %s --check-prefix=CSE
// RUN: triton-opt %s -split-input-file -canonicalize | FileCheck %s --check-prefix=DCE

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// warp_group_dot only reads shared memory: two identical dots are one, unless
// shared memory is written in between.
// CSE-LABEL: tt.func @dot_reads_shared
// CSE: %[[D:.+]] = ttng.warp_group_dot
// CSE-NOT: ttng.warp_group_dot
// CSE: ttng.init_barrier
// CSE-NEXT: %[[E:.+]] = ttng.warp_group_dot
// CSE-NEXT: tt.return %[[D]], %[[D]], %[[E]]
tt.func @dot_reads_shared(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x256xf16, #sharedT, #smem>,
                          %c: tensor<128x256xf32, #mma>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>)
    -> (tensor<128x256xf32, #mma>, tensor<128x256xf32, #mma>, tensor<128x256xf32, #mma>) {
  %0 = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #sharedT, #smem> -> tensor<128x256xf32, #mma>
  %1 = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #sharedT, #smem> -> tensor<128x256xf32, #mma>
  ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %2 = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #sharedT, #smem> -> tensor<128x256xf32, #mma>
  tt.return %0, %1, %2 : tensor<128x256xf32, #mma>, tensor<128x256xf32, #mma>, tensor<128x256xf32, #mma>
}

// A wait is a synchronization point: two identical waits stay two.
// CSE-LABEL: tt.func @waits_are_not_merged
// CSE-COUNT-2: ttng.warp_group_dot_wait
tt.func @waits_are_not_merged(%c: tensor<128x256xf32, #mma>) -> (tensor<128x256xf32, #mma>, tensor<128x256xf32, #mma>) {
  %0 = ttng.warp_group_dot_wait %c {pendings = 0 : i32} : tensor<128x256xf32, #mma>
  %1 = ttng.warp_group_dot_wait %c {pendings = 0 : i32} : tensor<128x256xf32, #mma>
  tt.return %0, %1 : tensor<128x256xf32, #mma>, tensor<128x256xf32, #mma>
}

// Unused reads disappear; synchronization and copies stay.
// DCE-LABEL: tt.func @unused_results
// DCE-NOT: ttng.warp_group_dot %
// DCE: ttng.warp_group_dot_wait
// DCE-NEXT: ttng.reinterpret_tensor_descriptor %arg5 : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16
// DCE-NEXT: ttng.fence_async_shared {bCluster = false}
// DCE-NEXT: ttng.init_barrier
// DCE-NEXT: ttng.barrier_expect
// DCE-NEXT: ttng.async_tma_copy_global_to_local
// DCE-NEXT: ttng.wait_barrier
// DCE-NEXT: ttng.async_tma_copy_local_to_global
// DCE-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
// DCE-NEXT: ttng.inval_barrier
// DCE-NEXT: ttng.tensormap_fenceproxy_acquire
// DCE-NEXT: tt.return
tt.func @unused_results(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x256xf16, #sharedT, #smem>,
                        %c: tensor<128x256xf32, #mma>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>,
                        %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %ptr: !tt.ptr<i8>,
                        %x: i32, %pred: i1) {
  %0 = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #sharedT, #smem> -> tensor<128x256xf32, #mma>
  %1 = ttng.warp_group_dot_wait %c {pendings = 0 : i32} : tensor<128x256xf32, #mma>
  %desc = ttng.reinterpret_tensor_descriptor %ptr : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16, #shared>>
  %unused = ttng.reinterpret_tensor_descriptor %ptr : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16, #shared>>
  ttng.fence_async_shared {bCluster = false}
  ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.barrier_expect %bar, 16384, %pred : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.async_tma_copy_global_to_local %desc[%x, %x] %buf, %bar, %pred : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.wait_barrier %bar, %x : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.async_tma_copy_local_to_global %desc[%x, %x] %a : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem>
  ttng.async_tma_store_wait {pendings = 0 : i32}
  ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.tensormap_fenceproxy_acquire %ptr : !tt.ptr<i8>
  tt.return
}

}
