// RUN: triton-opt %s -split-input-file -tritongpu-pipeline=num-stages=3 -verify-each | FileCheck %s

// tritongpu-pipeline, descriptor stores (TMAStores.cpp): in a loop of more
// than one stage a store writes a buffer allocated before the loop and
// waits for the previous copy only before writing it again; one wait and
// the dealloc after the loop. The persistent matmul's tile loop (not
// innermost) is such a loop.

// CHECK-LABEL: tt.func public @tile_loop
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK: scf.for
// CHECK:   scf.for
// CHECK:   }
// CHECK:   ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: ttg.local_store %{{.*}}, %[[BUF]]
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_copy_local_to_global %arg0[%{{.*}}, %{{.*}}] %[[BUF]]
// CHECK-NOT: tt.descriptor_store
// CHECK: }
// CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: ttg.local_dealloc %[[BUF]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tile_loop(%c: !tt.tensordesc<tensor<128x64xf16, #shared>>, %n: i32, %k: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #blocked>
    scf.for %t = %c0 to %n step %c1 : i32 {
      %acc = scf.for %i = %c0 to %k step %c1 iter_args(%a = %zero) -> (tensor<128x64xf32, #blocked>) : i32 {
        %a2 = arith.addf %a, %a : tensor<128x64xf32, #blocked>
        scf.yield %a2 : tensor<128x64xf32, #blocked>
      }
      %h = arith.truncf %acc : tensor<128x64xf32, #blocked> to tensor<128x64xf16, #blocked>
      tt.descriptor_store %c[%t, %c0], %h : !tt.tensordesc<tensor<128x64xf16, #shared>>, tensor<128x64xf16, #blocked>
    }
    tt.return
  }
}

// -----

// Stores of one buffer type share it (each waits for every copy before it
// writes); a reduction of another type has its own; a store under scf.if
// keeps its wait there. A store in a nested loop belongs to that loop.
// CHECK-LABEL: tt.func public @shared_buffers
// CHECK-DAG: %[[H:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-DAG: %[[F:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf32, #shared1, #smem, mutable>
// CHECK: scf.for
// CHECK:   ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK:   ttg.local_store %{{.*}}, %[[H]]
// CHECK:   ttng.async_tma_copy_local_to_global %arg0{{.*}} %[[H]]
// CHECK:   scf.if
// CHECK:     ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK:     ttg.local_store %{{.*}}, %[[H]]
// CHECK:     ttng.async_tma_copy_local_to_global %arg1{{.*}} %[[H]]
// CHECK:   }
// CHECK:   ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK:   ttg.local_store %{{.*}}, %[[F]]
// CHECK:   ttng.async_tma_reduce add, %arg2{{.*}} %[[F]]
// CHECK: }
// CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-DAG: ttg.local_dealloc %[[H]]
// CHECK-DAG: ttg.local_dealloc %[[F]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @shared_buffers(%d0: !tt.tensordesc<tensor<64x64xf16, #shared>>, %d1: !tt.tensordesc<tensor<64x64xf16, #shared>>, %d2: !tt.tensordesc<tensor<64x64xf32, #shared32>>, %n: i32, %flag: i1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %h = arith.constant dense<1.000000e+00> : tensor<64x64xf16, #blocked>
    %f = arith.constant dense<2.000000e+00> : tensor<64x64xf32, #blocked>
    scf.for %t = %c0 to %n step %c1 : i32 {
      tt.descriptor_store %d0[%t, %c0], %h : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
      scf.if %flag {
        tt.descriptor_store %d1[%t, %c0], %h : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
      }
      tt.descriptor_reduce add, %d2[%t, %c0], %f : !tt.tensordesc<tensor<64x64xf32, #shared32>>, tensor<64x64xf32, #blocked>
    }
    tt.return
  }
}

// -----

// One stage (the loop's tt.num_stages): the store stays for
// triton-nvidia-tma-lowering, which waits right after its copy. In the
// nest, the store belongs to the inner loop: its buffer sits before it.
// CHECK-LABEL: tt.func public @one_stage_and_nest
// CHECK: scf.for
// CHECK:   tt.descriptor_store
// CHECK: } {tt.num_stages = 1 : i32}
// CHECK: scf.for
// CHECK:   %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK:   scf.for
// CHECK:     ttg.local_store %{{.*}}, %[[B]]
// CHECK:   }
// CHECK:   ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK:   ttg.local_dealloc %[[B]]
// CHECK: }
// CHECK-NEXT: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @one_stage_and_nest(%d0: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %h = arith.constant dense<1.000000e+00> : tensor<64x64xf16, #blocked>
    scf.for %t = %c0 to %n step %c1 : i32 {
      tt.descriptor_store %d0[%t, %c0], %h : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
    } {tt.num_stages = 1 : i32}
    scf.for %t = %c0 to %n step %c1 : i32 {
      scf.for %u = %c0 to %n step %c1 : i32 {
        tt.descriptor_store %d0[%t, %u], %h : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
      }
    }
    tt.return
  }
}

// -----

// A descriptor made in the loop: its tensor map gets three copies in
// global scratch memory, written in turn, since the previous iteration's
// copy may still read its map.
// CHECK-LABEL: tt.func public @device_descriptor
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK: %[[MAPS:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 384 : i32}
// CHECK: scf.for {{.*}} iter_args(%[[I:[a-z0-9_]+]] = %c0_i32{{.*}})
// CHECK:   arith.muli %[[I]], %c128_i32
// CHECK:   ttng.tensormap_create
// CHECK:   ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK:   ttng.async_tma_copy_local_to_global
// CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @device_descriptor(%p: !tt.ptr<f16>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %c64_i64 = arith.constant 64 : i64
    %h = arith.constant dense<1.000000e+00> : tensor<64x64xf16, #blocked>
    scf.for %t = %c0 to %n step %c1 : i32 {
      %d = tt.make_tensor_descriptor %p, [%n, %n], [%c64_i64, %c1_i64] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16, #shared>>
      tt.descriptor_store %d[%t, %c0], %h : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
    }
    tt.return
  }
}
