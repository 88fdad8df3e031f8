// setmaxnreg in convert-warp-specialize-to-llvm: every warp of a warp group
// must run the same setmaxnreg instruction, so registers move once, at the
// kernel's entry, on each path: the worker warps (the partition that asks
// for 40 and its padding) go down to 40 before their loop; the kernel's
// warps would get more than the 256 every thread starts with, which is the
// most, so they move nothing. Nothing moves around the regions.
// RUN: triton-opt %s --tritongpu-allocate-warp-groups --allocate-shared-memory-nv --convert-triton-gpu-to-llvm --convert-warp-specialize-to-llvm | FileCheck %s
// CHECK: nvvm.maxnreg = 256
// CHECK: llvm.cond_br %{{.*}}, ^[[WORKERS:bb[0-9]+]], ^[[DEFAULT:bb[0-9]+]]
// CHECK: ^[[DEFAULT]]:
// CHECK-NOT: nvvm.setmaxregister
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
