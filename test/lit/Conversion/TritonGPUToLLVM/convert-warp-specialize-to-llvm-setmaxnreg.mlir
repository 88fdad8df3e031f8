// setmaxnreg in convert-warp-specialize-to-llvm: every warp of a warp group
// must run the same setmaxnreg instruction, so registers move once, at the
// kernel's entry, on each path. Nothing moves around the regions.
// RUN: triton-opt %s -split-input-file --tritongpu-allocate-warp-groups --allocate-shared-memory-nv --convert-triton-gpu-to-llvm --convert-warp-specialize-to-llvm | FileCheck %s

// Little shared memory: two CTAs of 8 warps fit on an SM where the budget
// is 128 registers a thread (the kernel's .maxnreg); the worker warps (the
// partition that asks for 40 and its padding) go down to 40 before their
// loop, the kernel's warps up to what is left, 216.
// CHECK-LABEL: llvm.func @kernel
// CHECK-SAME: nvvm.maxnreg = 128
// CHECK: llvm.cond_br %{{.*}}, ^[[WORKERS:bb[0-9]+]], ^[[DEFAULT:bb[0-9]+]]
// CHECK: ^[[DEFAULT]]:
// CHECK-NEXT: nvvm.setmaxregister  increase 216
// CHECK: ^[[WORKERS]]:
// CHECK-NEXT: nvvm.setmaxregister  decrease 40
// CHECK-NEXT: llvm.br
// CHECK-NOT: nvvm.setmaxregister

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @kernel(%p: !tt.ptr<f32>) {
    ttg.warp_specialize(%p) attributes {requestedRegisters = array<i32: 40>}
    default {
      ttg.warp_yield
    }
    partition0(%pp: !tt.ptr<f32>) num_warps(1) {
      %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #b1>
      %s = tt.splat %pp : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #b1>
      %a = tt.addptr %s, %r : tensor<32x!tt.ptr<f32>, #b1>, tensor<32xi32, #b1>
      %v = tt.load %a : tensor<32x!tt.ptr<f32>, #b1>
      %w = arith.addf %v, %v : tensor<32xf32, #b1>
      tt.store %a, %w : tensor<32x!tt.ptr<f32>, #b1>
      ttg.warp_return
    } : (!tt.ptr<f32>) -> ()
    tt.return
  }
}

// -----

// 128 KB of shared memory: one CTA an SM, every thread starts with 256,
// the most a thread may have: the kernel's warps cannot gain, so no
// registers move at all (what the workers gave back would go to no one).
// CHECK-LABEL: llvm.func @one_cta
// CHECK-SAME: nvvm.maxnreg = 256
// CHECK-NOT: nvvm.setmaxregister
// CHECK: llvm.return
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @one_cta(%p: !tt.ptr<f32>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32768xf32, #sh, #smem, mutable>
    ttg.warp_specialize(%p, %buf) attributes {requestedRegisters = array<i32: 40>}
    default {
      ttg.warp_yield
    }
    partition0(%pp: !tt.ptr<f32>, %b: !ttg.memdesc<32768xf32, #sh, #smem, mutable>) num_warps(1) {
      %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #b1>
      %s = tt.splat %pp : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #b1>
      %a = tt.addptr %s, %r : tensor<32x!tt.ptr<f32>, #b1>, tensor<32xi32, #b1>
      %v = tt.load %a : tensor<32x!tt.ptr<f32>, #b1>
      tt.store %a, %v : tensor<32x!tt.ptr<f32>, #b1>
      ttg.warp_return
    } : (!tt.ptr<f32>, !ttg.memdesc<32768xf32, #sh, #smem, mutable>) -> ()
    tt.return
  }
}

// -----

// Shared memory for two CTAs, but the kernel's warps hold a 128 x 256 f32
// tensor: 256 registers a thread, which no cut budget leaves them (Triton's
// 4-warp specialized matmuls; at .maxnreg 128 ptxas 12.8 fails with
// "Insufficient registers" on their wgmma). The budget stays 256, and the
// kernel's warps cannot gain: no registers move.
// CHECK-LABEL: llvm.func @large_tensor
// CHECK-SAME: nvvm.maxnreg = 256
// CHECK-NOT: nvvm.setmaxregister
// CHECK: llvm.return
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#acc = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @large_tensor(%p: !tt.ptr<f32>, %acc: tensor<128x256xf32, #acc>) {
    ttg.warp_specialize(%p) attributes {requestedRegisters = array<i32: 40>}
    default {
      %twice = arith.addf %acc, %acc : tensor<128x256xf32, #acc>
      ttg.warp_yield
    }
    partition0(%pp: !tt.ptr<f32>) num_warps(1) {
      %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #b1>
      %s = tt.splat %pp : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #b1>
      %a = tt.addptr %s, %r : tensor<32x!tt.ptr<f32>, #b1>, tensor<32xi32, #b1>
      %v = tt.load %a : tensor<32x!tt.ptr<f32>, #b1>
      tt.store %a, %v : tensor<32x!tt.ptr<f32>, #b1>
      ttg.warp_return
    } : (!tt.ptr<f32>) -> ()
    tt.return
  }
}
