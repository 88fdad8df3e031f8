// setmaxnreg in convert-warp-specialize-to-llvm: a partition that asks for
// 40 registers gets them at its start (its warp group gives the rest of
// the 256 every thread starts with back) and returns to 256 before the
// join; the default warps' budget (capped at 256) equals the start, so
// they move nothing.
// RUN: triton-opt %s --tritongpu-allocate-warp-groups --allocate-shared-memory-nv --convert-triton-gpu-to-llvm --convert-warp-specialize-to-llvm | FileCheck %s
// CHECK: nvvm.maxnreg = 256
// CHECK-NOT: nvvm.setmaxregister  increase 256
// CHECK: llvm.switch
// CHECK: nvvm.setmaxregister  decrease 40
// CHECK: nvvm.setmaxregister  increase 256
// CHECK: nvvm.barrier id

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
