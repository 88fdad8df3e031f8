// RUN: triton-opt %s -split-input-file -tritongpu-assign-latencies="num-stages=1" -tritongpu-schedule-loops -tritongpu-pipeline="num-stages=1" -verify-each | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritongpu-assign-latencies="num-stages=3" -tritongpu-schedule-loops -tritongpu-pipeline="num-stages=3" -verify-each 2>&1 | FileCheck %s --check-prefix=REMARK

// A wgmma in a loop (mm_f16_128x128x64_w4) becomes async and is waited for
// right away, on its result and both shared operands.
// CHECK-LABEL: @loop
// CHECK: scf.for
// CHECK: %[[SA:.*]] = ttg.local_alloc
// CHECK: %[[SB:.*]] = ttg.local_alloc
// CHECK: %[[D:.*]] = ttng.warp_group_dot %[[SA]], %[[SB]], %{{.*}} {inputPrecision = 0 : i32, isAsync = true}
// CHECK-NEXT: %[[W:.*]]:3 = ttng.warp_group_dot_wait %[[D]], %[[SA]], %[[SB]] {pendings = 0 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>
// CHECK-NEXT: scf.yield %[[W]]#0
// With num-stages=3, each loop with a dot that is not pipelined says why
// (pipeline-loads.mlir has loops that are): here the loads move 2 bytes
// per thread and access, too few for cp.async, and the second loop loads
// nothing.
// REMARK-COUNT-2: remark: loop not pipelined: no load feeds a dot through shared memory in vectors of 4 bytes or more
// REMARK-NOT: remark
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @loop(%pa: tensor<128x64x!tt.ptr<f16>, #blocked>, %pb: tensor<64x128x!tt.ptr<f16>, #blocked1>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
      %sa = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %b = tt.load %pb : tensor<64x128x!tt.ptr<f16>, #blocked1>
      %sb = ttg.local_alloc %b : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %d = ttng.warp_group_dot %sa, %sb, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    }
    tt.return %r : tensor<128x128xf32, #mma>
  }
}

// -----

// A register A operand is not waited on; the result's later users (here
// the second dot's accumulator chain) read the wait's result. A dot outside
// a loop stays synchronous.
// CHECK-LABEL: @register_a
// CHECK: %[[D:.*]] = ttng.warp_group_dot %{{.*}}, %[[SV:[^ ,]*]], %{{.*}} {inputPrecision = 0 : i32, isAsync = true}
// CHECK-NEXT: %[[W:.*]]:2 = ttng.warp_group_dot_wait %[[D]], %[[SV]] {pendings = 0 : i32}
// CHECK-NEXT: arith.addf %[[W]]#0
// CHECK: ttng.warp_group_dot {{.*}} {inputPrecision = 0 : i32} :
// CHECK-NOT: warp_group_dot_wait
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @register_a(%p: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %sv: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<128x64xf32, #mma>, %n: i32) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<128x64xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %p, %sv, %acc {inputPrecision = 0 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
      %e = arith.addf %d, %d : tensor<128x64xf32, #mma>
      scf.yield %e : tensor<128x64xf32, #mma>
    }
    %o = ttng.warp_group_dot %p, %sv, %r {inputPrecision = 0 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
    tt.return %o : tensor<128x64xf32, #mma>
  }
}
