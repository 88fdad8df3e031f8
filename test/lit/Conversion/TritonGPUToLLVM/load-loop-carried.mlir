// RUN: triton-opt %s --convert-scf-to-cf --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-each | FileCheck %s

// Triton's tutorial matmul carries its pointers across iterations. In CFG
// form they are block arguments of the loop header, and the lowering
// converts that block's signature before it reaches the load: AxisInfo
// must still know them (8 contiguous, 16-byte aligned f16), so the load is
// one 16-byte ld.global per thread, not eight 2-byte ones.
// CHECK-LABEL: llvm.func @carried
// CHECK: ld.global.v4.b32
// CHECK-NOT: ld.global.b16
#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @carried(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<1024> : tensor<1024xi32, #blocked>
    %zero = arith.constant dense<0.000000e+00> : tensor<1024xf16, #blocked>
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %ptr = %ptrs) -> (tensor<1024xf16, #blocked>, tensor<1024x!tt.ptr<f16>, #blocked>) : i32 {
      %v = tt.load %ptr : tensor<1024x!tt.ptr<f16>, #blocked>
      %s = arith.addf %acc, %v : tensor<1024xf16, #blocked>
      %next = tt.addptr %ptr, %step : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
      scf.yield %s, %next : tensor<1024xf16, #blocked>, tensor<1024x!tt.ptr<f16>, #blocked>
    }
    %qs = tt.splat %q : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %qptrs = tt.addptr %qs, %r : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %qptrs, %res#0 : tensor<1024x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
