// RUN: triton-opt %s -split-input-file -tritongpu-assign-latencies=num-stages=3 -tritongpu-schedule-loops -tritongpu-pipeline=num-stages=3 -verify-each 2>&1 | FileCheck %s

// The corpus matmul (matmul_f16_128x256x64_s3_w8) as it reaches the
// pipeliner on sm_90: both operand loads become cp.async copies into
// 3-buffer allocations, the copies of iterations 0 and 1 in the prologue
// (predicated on the trip count), one wait for iteration k's two groups
// (num = (3 - 2) * 2) before the buffers are read, the wgmma kept in flight
// (pendings = 1) and retired after the loop. The loop carries Triton's
// iter_args: accumulator, pointers, insert and extract indices, and the
// tokens of two iterations per copy. This is Triton 3.6's TTGIR for the
// kernel, op for op.
// CHECK-LABEL: tt.func public @matmul_kernel
// CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
// CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x256xf16, #shared, #smem, mutable>
// CHECK-COUNT-2: ttg.async_copy_global_to_local {{.*}} {contiguity = 8 : i32}
// CHECK: ttg.async_commit_group
// CHECK: ttg.async_copy_global_to_local
// CHECK: ttg.async_commit_group
// CHECK: scf.for {{.*}} -> (tensor<128x256xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked{{1?}}>, tensor<64x256x!tt.ptr<f16>, #blocked{{1?}}>, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token)
// CHECK: %[[WAIT:.*]] = ttg.async_wait %{{.*}}, %{{.*}} {num = 2 : i32}
// CHECK-NEXT: %[[SA:.*]] = ttg.memdesc_index %[[A]][%[[EXT:.*]]] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %[[SB:.*]] = ttg.memdesc_index %[[B]][%[[EXT]]]
// CHECK-NEXT: %[[D:.*]] = ttng.warp_group_dot %[[SA]], %[[SB]], %{{.*}} {inputPrecision = 0 : i32, isAsync = true}
// CHECK-NEXT: %[[W:.*]]:3 = ttng.warp_group_dot_wait %[[D]], %[[SA]], %[[SB]] {pendings = 1 : i32}
// CHECK: ttg.memdesc_index %[[A]]
// CHECK: ttg.async_copy_global_to_local
// CHECK-NEXT: ttg.async_commit_group
// CHECK: ttg.memdesc_index %[[B]]
// CHECK: ttg.async_copy_global_to_local
// CHECK-NEXT: ttg.async_commit_group
// CHECK: scf.yield %[[W]]#0,
// CHECK-NOT: ttg.pipelined_buffers
// CHECK: ttng.warp_group_dot_wait %{{.*}} {pendings = 0 : i32}
// CHECK-NEXT: ttg.async_wait {num = 0 : i32}
// CHECK-NEXT: ttg.local_dealloc %[[A]]
// CHECK-NEXT: ttg.local_dealloc %[[B]]

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @matmul_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<64> : tensor<128x64xi32, #blocked>
    %c64_i32 = arith.constant 64 : i32
    %c256_i32 = arith.constant 256 : i32
    %c128_i32 = arith.constant 128 : i32
    %c8_i32 = arith.constant 8 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x64xf16, #blocked>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64x256xf16, #blocked1>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c127_i32 = arith.constant 127 : i32
    %c255_i32 = arith.constant 255 : i32
    %c63_i32 = arith.constant 63 : i32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %0 = tt.get_program_id x : i32
    %1 = arith.addi %arg3, %c127_i32 : i32
    %2 = arith.divsi %1, %c128_i32 : i32
    %3 = arith.addi %arg4, %c255_i32 : i32
    %4 = arith.divsi %3, %c256_i32 : i32
    %5 = arith.muli %4, %c8_i32 : i32
    %6 = arith.divsi %0, %5 : i32
    %7 = arith.muli %6, %c8_i32 : i32
    %8 = arith.subi %2, %7 : i32
    %9 = arith.minsi %8, %c8_i32 : i32
    %10 = arith.remsi %0, %5 : i32
    %11 = arith.remsi %10, %9 : i32
    %12 = arith.addi %7, %11 : i32
    %13 = arith.divsi %10, %9 : i32
    %14 = arith.muli %12, %c128_i32 : i32
    %15 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %16 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %17 = tt.splat %14 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %18 = tt.splat %14 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %19 = arith.addi %17, %15 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %20 = arith.addi %18, %16 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %21 = tt.splat %arg3 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %22 = arith.remsi %19, %21 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %23 = arith.muli %13, %c256_i32 : i32
    %24 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %25 = tt.splat %23 : i32 -> tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %26 = arith.addi %25, %24 : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %27 = tt.splat %arg4 : i32 -> tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %28 = arith.remsi %26, %27 : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %29 = tt.expand_dims %22 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    %30 = tt.splat %arg6 : i32 -> tensor<128x1xi32, #blocked>
    %31 = arith.muli %29, %30 : tensor<128x1xi32, #blocked>
    %32 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked>
    %33 = tt.addptr %32, %31 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
    %34 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %35 = tt.expand_dims %34 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %36 = tt.broadcast %33 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x64x!tt.ptr<f16>, #blocked>
    %37 = tt.broadcast %35 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %38 = tt.addptr %36, %37 : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    %39 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %40 = tt.expand_dims %39 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
    %41 = tt.splat %arg7 : i32 -> tensor<64x1xi32, #blocked1>
    %42 = arith.muli %40, %41 : tensor<64x1xi32, #blocked1>
    %43 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked1>
    %44 = tt.addptr %43, %42 : tensor<64x1x!tt.ptr<f16>, #blocked1>, tensor<64x1xi32, #blocked1>
    %45 = tt.expand_dims %28 {axis = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x256xi32, #blocked1>
    %46 = tt.broadcast %44 : tensor<64x1x!tt.ptr<f16>, #blocked1> -> tensor<64x256x!tt.ptr<f16>, #blocked1>
    %47 = tt.broadcast %45 : tensor<1x256xi32, #blocked1> -> tensor<64x256xi32, #blocked1>
    %48 = tt.addptr %46, %47 : tensor<64x256x!tt.ptr<f16>, #blocked1>, tensor<64x256xi32, #blocked1>
    %49 = arith.addi %arg5, %c63_i32 : i32
    %50 = arith.divsi %49, %c64_i32 : i32
    %51 = arith.muli %arg7, %c64_i32 : i32
    %52 = tt.splat %51 : i32 -> tensor<64x256xi32, #blocked1>
    %53:3 = scf.for %arg9 = %c0_i32 to %50 step %c1_i32 iter_args(%arg10 = %cst_2, %arg11 = %38, %arg12 = %48) -> (tensor<128x256xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x256x!tt.ptr<f16>, #blocked1>)  : i32 {
      %72 = arith.muli %arg9, %c64_i32 : i32
      %73 = arith.subi %arg5, %72 : i32
      %74 = tt.splat %73 : i32 -> tensor<1x64xi32, #blocked>
      %75 = arith.cmpi slt, %35, %74 : tensor<1x64xi32, #blocked>
      %76 = tt.broadcast %75 : tensor<1x64xi1, #blocked> -> tensor<128x64xi1, #blocked>
      %77 = tt.load %arg11, %76, %cst_0 : tensor<128x64x!tt.ptr<f16>, #blocked>
      %78 = ttg.local_alloc %77 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %79 = tt.splat %73 : i32 -> tensor<64x1xi32, #blocked1>
      %80 = arith.cmpi slt, %40, %79 : tensor<64x1xi32, #blocked1>
      %81 = tt.broadcast %80 : tensor<64x1xi1, #blocked1> -> tensor<64x256xi1, #blocked1>
      %82 = tt.load %arg12, %81, %cst_1 : tensor<64x256x!tt.ptr<f16>, #blocked1>
      %83 = ttg.local_alloc %82 : (tensor<64x256xf16, #blocked1>) -> !ttg.memdesc<64x256xf16, #shared, #smem>
      %84 = ttng.warp_group_dot %78, %83, %arg10 {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      %85 = tt.addptr %arg11, %cst : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
      %86 = tt.addptr %arg12, %52 : tensor<64x256x!tt.ptr<f16>, #blocked1>, tensor<64x256xi32, #blocked1>
      scf.yield %84, %85, %86 : tensor<128x256xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x256x!tt.ptr<f16>, #blocked1>
    }
    %54 = arith.truncf %53#0 : tensor<128x256xf32, #mma> to tensor<128x256xf16, #mma>
    %55 = tt.expand_dims %20 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
    %56 = tt.splat %arg8 : i32 -> tensor<128x1xi32, #blocked1>
    %57 = arith.muli %56, %55 : tensor<128x1xi32, #blocked1>
    %58 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked1>
    %59 = tt.addptr %58, %57 : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
    %60 = tt.expand_dims %26 {axis = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x256xi32, #blocked1>
    %61 = tt.broadcast %59 : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x256x!tt.ptr<f16>, #blocked1>
    %62 = tt.broadcast %60 : tensor<1x256xi32, #blocked1> -> tensor<128x256xi32, #blocked1>
    %63 = tt.addptr %61, %62 : tensor<128x256x!tt.ptr<f16>, #blocked1>, tensor<128x256xi32, #blocked1>
    %64 = tt.splat %arg3 : i32 -> tensor<128x1xi32, #blocked1>
    %65 = arith.cmpi slt, %55, %64 : tensor<128x1xi32, #blocked1>
    %66 = tt.splat %arg4 : i32 -> tensor<1x256xi32, #blocked1>
    %67 = arith.cmpi slt, %60, %66 : tensor<1x256xi32, #blocked1>
    %68 = tt.broadcast %65 : tensor<128x1xi1, #blocked1> -> tensor<128x256xi1, #blocked1>
    %69 = tt.broadcast %67 : tensor<1x256xi1, #blocked1> -> tensor<128x256xi1, #blocked1>
    %70 = arith.andi %68, %69 : tensor<128x256xi1, #blocked1>
    %71 = ttg.convert_layout %54 : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #blocked1>
    tt.store %63, %71, %70 : tensor<128x256x!tt.ptr<f16>, #blocked1>
    tt.return
  }
}

// -----

// The same kernel on sm_80 with `tt.num_stages = 4` on its loop (as
// tl.range(num_stages=4) sets it): the conversions to mma v2 operand
// layouts become local_alloc + local_load through Triton's swizzled layout,
// the loads copies three iterations ahead (the wait leaves (4 - 2) * 2
// groups in flight), and mma.sync reads the buffers through local_load.
// local_load reads a buffer before the iteration's copies are issued, so 3
// buffers serve 4 stages (a wgmma, reading asynchronously, needs 4).
// CHECK-LABEL: tt.func public @matmul_kernel
// CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
// CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x256xf16, #shared, #smem, mutable>
// CHECK-COUNT-6: ttg.async_commit_group
// CHECK: scf.for
// CHECK: ttg.async_wait {{.*}} {num = 4 : i32}
// CHECK-NEXT: %[[SA:.*]] = ttg.memdesc_index %[[A]]
// CHECK-NEXT: ttg.local_load %[[SA]] : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %[[SB:.*]] = ttg.memdesc_index %[[B]]
// CHECK-NEXT: ttg.local_load %[[SB]]
// CHECK-NEXT: tt.dot
// CHECK-COUNT-2: ttg.async_commit_group
// CHECK: scf.yield
// CHECK: ttg.async_wait {num = 0 : i32}

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @matmul_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<64> : tensor<128x64xi32, #blocked>
    %c64_i32 = arith.constant 64 : i32
    %c256_i32 = arith.constant 256 : i32
    %c128_i32 = arith.constant 128 : i32
    %c8_i32 = arith.constant 8 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x64xf16, #blocked>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64x256xf16, #blocked1>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c127_i32 = arith.constant 127 : i32
    %c255_i32 = arith.constant 255 : i32
    %c63_i32 = arith.constant 63 : i32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %0 = tt.get_program_id x : i32
    %1 = arith.addi %arg3, %c127_i32 : i32
    %2 = arith.divsi %1, %c128_i32 : i32
    %3 = arith.addi %arg4, %c255_i32 : i32
    %4 = arith.divsi %3, %c256_i32 : i32
    %5 = arith.muli %4, %c8_i32 : i32
    %6 = arith.divsi %0, %5 : i32
    %7 = arith.muli %6, %c8_i32 : i32
    %8 = arith.subi %2, %7 : i32
    %9 = arith.minsi %8, %c8_i32 : i32
    %10 = arith.remsi %0, %5 : i32
    %11 = arith.remsi %10, %9 : i32
    %12 = arith.addi %7, %11 : i32
    %13 = arith.divsi %10, %9 : i32
    %14 = arith.muli %12, %c128_i32 : i32
    %15 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %16 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %17 = tt.splat %14 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %18 = tt.splat %14 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %19 = arith.addi %17, %15 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %20 = arith.addi %18, %16 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %21 = tt.splat %arg3 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %22 = arith.remsi %19, %21 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %23 = arith.muli %13, %c256_i32 : i32
    %24 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %25 = tt.splat %23 : i32 -> tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %26 = arith.addi %25, %24 : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %27 = tt.splat %arg4 : i32 -> tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %28 = arith.remsi %26, %27 : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %29 = tt.expand_dims %22 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    %30 = tt.splat %arg6 : i32 -> tensor<128x1xi32, #blocked>
    %31 = arith.muli %29, %30 : tensor<128x1xi32, #blocked>
    %32 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked>
    %33 = tt.addptr %32, %31 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
    %34 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %35 = tt.expand_dims %34 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %36 = tt.broadcast %33 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x64x!tt.ptr<f16>, #blocked>
    %37 = tt.broadcast %35 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %38 = tt.addptr %36, %37 : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    %39 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %40 = tt.expand_dims %39 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
    %41 = tt.splat %arg7 : i32 -> tensor<64x1xi32, #blocked1>
    %42 = arith.muli %40, %41 : tensor<64x1xi32, #blocked1>
    %43 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked1>
    %44 = tt.addptr %43, %42 : tensor<64x1x!tt.ptr<f16>, #blocked1>, tensor<64x1xi32, #blocked1>
    %45 = tt.expand_dims %28 {axis = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x256xi32, #blocked1>
    %46 = tt.broadcast %44 : tensor<64x1x!tt.ptr<f16>, #blocked1> -> tensor<64x256x!tt.ptr<f16>, #blocked1>
    %47 = tt.broadcast %45 : tensor<1x256xi32, #blocked1> -> tensor<64x256xi32, #blocked1>
    %48 = tt.addptr %46, %47 : tensor<64x256x!tt.ptr<f16>, #blocked1>, tensor<64x256xi32, #blocked1>
    %49 = arith.addi %arg5, %c63_i32 : i32
    %50 = arith.divsi %49, %c64_i32 : i32
    %51 = arith.muli %arg7, %c64_i32 : i32
    %52 = tt.splat %51 : i32 -> tensor<64x256xi32, #blocked1>
    %53:3 = scf.for %arg9 = %c0_i32 to %50 step %c1_i32 iter_args(%arg10 = %cst_2, %arg11 = %38, %arg12 = %48) -> (tensor<128x256xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x256x!tt.ptr<f16>, #blocked1>)  : i32 {
      %72 = arith.muli %arg9, %c64_i32 : i32
      %73 = arith.subi %arg5, %72 : i32
      %74 = tt.splat %73 : i32 -> tensor<1x64xi32, #blocked>
      %75 = arith.cmpi slt, %35, %74 : tensor<1x64xi32, #blocked>
      %76 = tt.broadcast %75 : tensor<1x64xi1, #blocked> -> tensor<128x64xi1, #blocked>
      %77 = tt.load %arg11, %76, %cst_0 : tensor<128x64x!tt.ptr<f16>, #blocked>
      %78 = tt.splat %73 : i32 -> tensor<64x1xi32, #blocked1>
      %79 = arith.cmpi slt, %40, %78 : tensor<64x1xi32, #blocked1>
      %80 = tt.broadcast %79 : tensor<64x1xi1, #blocked1> -> tensor<64x256xi1, #blocked1>
      %81 = tt.load %arg12, %80, %cst_1 : tensor<64x256x!tt.ptr<f16>, #blocked1>
      %82 = ttg.convert_layout %77 : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %83 = ttg.convert_layout %81 : tensor<64x256xf16, #blocked1> -> tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %84 = tt.dot %82, %83, %arg10, inputPrecision = tf32 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x256xf32, #mma>
      %85 = tt.addptr %arg11, %cst : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
      %86 = tt.addptr %arg12, %52 : tensor<64x256x!tt.ptr<f16>, #blocked1>, tensor<64x256xi32, #blocked1>
      scf.yield %84, %85, %86 : tensor<128x256xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x256x!tt.ptr<f16>, #blocked1>
    } {tt.num_stages = 4 : i32}
    %54 = arith.truncf %53#0 : tensor<128x256xf32, #mma> to tensor<128x256xf16, #mma>
    %55 = tt.expand_dims %20 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
    %56 = tt.splat %arg8 : i32 -> tensor<128x1xi32, #blocked1>
    %57 = arith.muli %56, %55 : tensor<128x1xi32, #blocked1>
    %58 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked1>
    %59 = tt.addptr %58, %57 : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
    %60 = tt.expand_dims %26 {axis = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x256xi32, #blocked1>
    %61 = tt.broadcast %59 : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x256x!tt.ptr<f16>, #blocked1>
    %62 = tt.broadcast %60 : tensor<1x256xi32, #blocked1> -> tensor<128x256xi32, #blocked1>
    %63 = tt.addptr %61, %62 : tensor<128x256x!tt.ptr<f16>, #blocked1>, tensor<128x256xi32, #blocked1>
    %64 = tt.splat %arg3 : i32 -> tensor<128x1xi32, #blocked1>
    %65 = arith.cmpi slt, %55, %64 : tensor<128x1xi32, #blocked1>
    %66 = tt.splat %arg4 : i32 -> tensor<1x256xi32, #blocked1>
    %67 = arith.cmpi slt, %60, %66 : tensor<1x256xi32, #blocked1>
    %68 = tt.broadcast %65 : tensor<128x1xi1, #blocked1> -> tensor<128x256xi1, #blocked1>
    %69 = tt.broadcast %67 : tensor<1x256xi1, #blocked1> -> tensor<128x256xi1, #blocked1>
    %70 = arith.andi %68, %69 : tensor<128x256xi1, #blocked1>
    %71 = ttg.convert_layout %54 : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #blocked1>
    tt.store %63, %71, %70 : tensor<128x256x!tt.ptr<f16>, #blocked1>
    tt.return
  }
}

// -----

// mm_bf16_64x64x32_w4_sm80 (B stored N x K, `tl.trans(b)`): B reaches its
// mma operand layout through a conversion and `tt.trans`. It is copied as
// loaded ([64, 32], K contiguous, as in global memory) and read through
// memdesc_trans with local_load, so both operands are pipelined; only
// local_loads read the buffers, so 3 buffers serve 4 stages (Triton 3.6's
// 24576 bytes).
// CHECK-LABEL: tt.func public @matmul_kernel
// CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x32xbf16, #shared, #smem, mutable>
// CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x32xbf16, #shared, #smem, mutable>
// CHECK: scf.for
// CHECK: ttg.async_wait {{.*}} {num = 4 : i32}
// CHECK: %[[SB:.*]] = ttg.memdesc_index %[[B]]
// CHECK-NEXT: %[[TB:.*]] = ttg.memdesc_trans %[[SB]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xbf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xbf16, #shared1, #smem, mutable>
// CHECK: ttg.local_load %[[TB]] : !ttg.memdesc<32x64xbf16, #shared1, #smem, mutable> -> tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NOT: tt.trans
// CHECK: tt.dot

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#linear = #ttg.linear<{register = [[0, 1], [0, 8], [0, 16], [16, 0], [32, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [0, 0]], block = []}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @matmul_kernel(%arg0: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}, %arg9: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<64x32xbf16, #blocked>
    %c8_i32 = arith.constant 8 : i32
    %c64_i32 = arith.constant 64 : i32
    %c32_i32 = arith.constant 32 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c63_i32 = arith.constant 63 : i32
    %c31_i32 = arith.constant 31 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %0 = tt.get_program_id x : i32
    %1 = arith.addi %arg4, %c63_i32 : i32
    %2 = arith.divsi %1, %c64_i32 : i32
    %3 = arith.addi %arg5, %c63_i32 : i32
    %4 = arith.divsi %3, %c64_i32 : i32
    %5 = arith.muli %4, %c8_i32 : i32
    %6 = arith.divsi %0, %5 : i32
    %7 = arith.muli %6, %c8_i32 : i32
    %8 = arith.subi %2, %7 : i32
    %9 = arith.minsi %8, %c8_i32 : i32
    %10 = arith.remsi %0, %5 : i32
    %11 = arith.remsi %10, %9 : i32
    %12 = arith.addi %7, %11 : i32
    %13 = arith.divsi %10, %9 : i32
    %14 = arith.muli %12, %c64_i32 : i32
    %15 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %16 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %17 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %18 = tt.splat %14 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %19 = tt.splat %14 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %20 = arith.addi %18, %15 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %21 = arith.addi %19, %16 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %22 = arith.muli %13, %c64_i32 : i32
    %23 = tt.splat %22 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %24 = tt.splat %22 : i32 -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %25 = arith.addi %23, %15 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %26 = arith.addi %24, %17 : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %27 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %28 = arith.addi %arg6, %c31_i32 : i32
    %29 = arith.divsi %28, %c32_i32 : i32
    %30 = tt.expand_dims %20 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %31 = tt.splat %arg4 : i32 -> tensor<64x1xi32, #blocked>
    %32 = arith.cmpi slt, %30, %31 : tensor<64x1xi32, #blocked>
    %33 = tt.splat %arg6 : i32 -> tensor<1x32xi32, #blocked>
    %34 = tt.broadcast %32 : tensor<64x1xi1, #blocked> -> tensor<64x32xi1, #blocked>
    %35 = tt.splat %arg7 : i32 -> tensor<64x1xi32, #blocked>
    %36 = arith.muli %30, %35 : tensor<64x1xi32, #blocked>
    %37 = tt.splat %arg0 : !tt.ptr<bf16> -> tensor<64x1x!tt.ptr<bf16>, #blocked>
    %38 = tt.addptr %37, %36 : tensor<64x1x!tt.ptr<bf16>, #blocked>, tensor<64x1xi32, #blocked>
    %39 = tt.broadcast %38 : tensor<64x1x!tt.ptr<bf16>, #blocked> -> tensor<64x32x!tt.ptr<bf16>, #blocked>
    %40 = tt.expand_dims %25 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %41 = tt.splat %arg5 : i32 -> tensor<64x1xi32, #blocked>
    %42 = arith.cmpi slt, %40, %41 : tensor<64x1xi32, #blocked>
    %43 = tt.broadcast %42 : tensor<64x1xi1, #blocked> -> tensor<64x32xi1, #blocked>
    %44 = tt.splat %arg8 : i32 -> tensor<64x1xi32, #blocked>
    %45 = arith.muli %40, %44 : tensor<64x1xi32, #blocked>
    %46 = tt.splat %arg1 : !tt.ptr<bf16> -> tensor<64x1x!tt.ptr<bf16>, #blocked>
    %47 = tt.addptr %46, %45 : tensor<64x1x!tt.ptr<bf16>, #blocked>, tensor<64x1xi32, #blocked>
    %48 = tt.broadcast %47 : tensor<64x1x!tt.ptr<bf16>, #blocked> -> tensor<64x32x!tt.ptr<bf16>, #blocked>
    %49 = scf.for %arg10 = %c0_i32 to %29 step %c1_i32 iter_args(%arg11 = %cst_0) -> (tensor<64x64xf32, #mma>)  : i32 {
      %68 = arith.muli %arg10, %c32_i32 : i32
      %69 = tt.splat %68 : i32 -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
      %70 = arith.addi %69, %27 : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
      %71 = tt.expand_dims %70 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
      %72 = arith.cmpi slt, %71, %33 : tensor<1x32xi32, #blocked>
      %73 = tt.broadcast %72 : tensor<1x32xi1, #blocked> -> tensor<64x32xi1, #blocked>
      %74 = arith.andi %34, %73 : tensor<64x32xi1, #blocked>
      %75 = tt.broadcast %71 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
      %76 = tt.addptr %39, %75 : tensor<64x32x!tt.ptr<bf16>, #blocked>, tensor<64x32xi32, #blocked>
      %77 = tt.load %76, %74, %cst : tensor<64x32x!tt.ptr<bf16>, #blocked>
      %78 = arith.andi %43, %73 : tensor<64x32xi1, #blocked>
      %79 = tt.addptr %48, %75 : tensor<64x32x!tt.ptr<bf16>, #blocked>, tensor<64x32xi32, #blocked>
      %80 = tt.load %79, %78, %cst : tensor<64x32x!tt.ptr<bf16>, #blocked>
      %81 = ttg.convert_layout %80 : tensor<64x32xbf16, #blocked> -> tensor<64x32xbf16, #linear>
      %82 = tt.trans %81 {order = array<i32: 1, 0>} : tensor<64x32xbf16, #linear> -> tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %83 = ttg.convert_layout %77 : tensor<64x32xbf16, #blocked> -> tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %84 = tt.dot %83, %82, %arg11, inputPrecision = tf32 : tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      scf.yield %84 : tensor<64x64xf32, #mma>
    } {tt.num_stages = 4 : i32}
    %50 = arith.truncf %49 : tensor<64x64xf32, #mma> to tensor<64x64xbf16, #mma>
    %51 = tt.expand_dims %21 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
    %52 = tt.splat %arg9 : i32 -> tensor<64x1xi32, #blocked1>
    %53 = arith.muli %52, %51 : tensor<64x1xi32, #blocked1>
    %54 = tt.splat %arg2 : !tt.ptr<bf16> -> tensor<64x1x!tt.ptr<bf16>, #blocked1>
    %55 = tt.addptr %54, %53 : tensor<64x1x!tt.ptr<bf16>, #blocked1>, tensor<64x1xi32, #blocked1>
    %56 = tt.expand_dims %26 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
    %57 = tt.broadcast %55 : tensor<64x1x!tt.ptr<bf16>, #blocked1> -> tensor<64x64x!tt.ptr<bf16>, #blocked1>
    %58 = tt.broadcast %56 : tensor<1x64xi32, #blocked1> -> tensor<64x64xi32, #blocked1>
    %59 = tt.addptr %57, %58 : tensor<64x64x!tt.ptr<bf16>, #blocked1>, tensor<64x64xi32, #blocked1>
    %60 = tt.splat %arg4 : i32 -> tensor<64x1xi32, #blocked1>
    %61 = arith.cmpi slt, %51, %60 : tensor<64x1xi32, #blocked1>
    %62 = tt.splat %arg5 : i32 -> tensor<1x64xi32, #blocked1>
    %63 = arith.cmpi slt, %56, %62 : tensor<1x64xi32, #blocked1>
    %64 = tt.broadcast %61 : tensor<64x1xi1, #blocked1> -> tensor<64x64xi1, #blocked1>
    %65 = tt.broadcast %63 : tensor<1x64xi1, #blocked1> -> tensor<64x64xi1, #blocked1>
    %66 = arith.andi %64, %65 : tensor<64x64xi1, #blocked1>
    %67 = ttg.convert_layout %50 : tensor<64x64xbf16, #mma> -> tensor<64x64xbf16, #blocked1>
    tt.store %59, %67, %66 : tensor<64x64x!tt.ptr<bf16>, #blocked1>
    tt.return
  }
}

// -----

// TMA loads through a host descriptor (loop-invariant) are pipelined with
// mbarriers. A descriptor made in the loop gets num_stages (3) tensor maps
// in global scratch memory, written in turn at stage 0: the map an
// iteration writes is the one its copies read, 128 bytes further each time.
// CHECK-LABEL: tt.func public @tma_loads
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #{{.*}}, #smem, mutable>
// CHECK-COUNT-3: ttng.init_barrier
// CHECK: scf.for
// CHECK: ttng.wait_barrier
// CHECK: ttng.warp_group_dot
// CHECK: ttng.barrier_expect {{.*}}, 8192, %{{.*}}
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK: scf.yield
// CHECK-COUNT-3: ttng.inval_barrier
// CHECK-LABEL: tt.func public @tma_descriptor_in_loop
// CHECK: %[[MAPS:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 384 : i32} : !tt.ptr<i8>
// CHECK-COUNT-3: ttng.init_barrier
// The prologue writes maps 0 and 1 for iterations 0 and 1.
// CHECK: ttng.tensormap_create
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK: ttng.tensormap_create
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK: scf.for {{.*}} iter_args(%{{[a-z0-9_]+}} = %{{[a-z0-9_]+}}, %[[MAP:[a-z0-9_]+]] = %{{[a-z0-9_]+}},
// CHECK: ttng.wait_barrier
// CHECK: ttng.warp_group_dot
// CHECK: %[[OFF:.*]] = arith.muli %[[MAP]], %{{.*}} : i32
// CHECK: %[[PTR:.*]] = tt.addptr %[[MAPS]], %[[OFF]] : !tt.ptr<i8>, i32
// CHECK: ttng.tensormap_create %[[PTR]]
// CHECK: ttng.tensormap_fenceproxy_acquire %[[PTR]]
// CHECK: %[[DESC:.*]] = ttng.reinterpret_tensor_descriptor %[[PTR]]
// CHECK: ttng.async_tma_copy_global_to_local %[[DESC]]
// CHECK-NOT: tt.make_tensor_descriptor
// CHECK: scf.yield
// A descriptor made in an scf.if (a persistent kernel's new tile): the if
// yields the advanced counter from the branch that writes a map and the
// old one from the other; past the end, its condition is false.
// CHECK-LABEL: tt.func public @tma_descriptor_in_if
// CHECK: ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 512 : i32}
// CHECK: scf.for {{.*}} iter_args(%{{[a-z0-9_]+}} = %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} = %{{[a-z0-9_#]+}}, %[[CNT:[a-z0-9_]+]] = %{{[a-z0-9_#]+}},
// CHECK: ttng.warp_group_dot
// CHECK: %[[COND:.*]] = arith.andi
// CHECK: %{{.*}}:2 = scf.if %[[COND]] -> (!tt.tensordesc<tensor<64x64xf16, #shared>>, i32)
// CHECK: ttng.tensormap_create
// CHECK: %[[NEXT:.*]] = arith.select
// CHECK: scf.yield %{{.*}}, %[[NEXT]]
// CHECK: } else {
// CHECK: scf.yield %{{.*}}, %[[CNT]]
// CHECK: ttng.async_tma_copy_global_to_local
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tma_loads(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %x = arith.muli %k, %c64 : i32
      %v = tt.descriptor_load %d[%c0, %x] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %a = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %acc2 = ttng.warp_group_dot %a, %b, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %acc2 : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
  tt.func public @tma_descriptor_in_loop(%p: !tt.ptr<f16>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %c64_i64 = arith.constant 64 : i64
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %d = tt.make_tensor_descriptor %p, [%n, %n], [%c64_i64, %c1_i64] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16, #shared>>
      %v = tt.descriptor_load %d[%c0, %k] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %a = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %acc2 = ttng.warp_group_dot %a, %b, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %acc2 : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
  tt.func public @tma_descriptor_in_if(%p: !tt.ptr<f16>, %d0: !tt.tensordesc<tensor<64x64xf16, #shared>>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    %c1_i64 = arith.constant 1 : i64
    %c64_i64 = arith.constant 64 : i64
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %d = %d0) -> (tensor<64x64xf32, #mma>, !tt.tensordesc<tensor<64x64xf16, #shared>>) : i32 {
      %t = arith.remsi %k, %c4 : i32
      %new = arith.cmpi eq, %t, %c0 : i32
      %dk = scf.if %new -> (!tt.tensordesc<tensor<64x64xf16, #shared>>) {
        %base = tt.addptr %p, %k : !tt.ptr<f16>, i32
        %m = tt.make_tensor_descriptor %base, [%n, %n], [%c64_i64, %c1_i64] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16, #shared>>
        scf.yield %m : !tt.tensordesc<tensor<64x64xf16, #shared>>
      } else {
        scf.yield %d : !tt.tensordesc<tensor<64x64xf16, #shared>>
      }
      %v = tt.descriptor_load %dk[%c0, %t] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %a = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %acc2 = ttng.warp_group_dot %a, %b, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %acc2, %dk : tensor<64x64xf32, #mma>, !tt.tensordesc<tensor<64x64xf16, #shared>>
    } {tt.num_stages = 4 : i32}
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// Two dots (attention's Q x K and P x V): the first is waited for at once;
// the second, whose accumulator is rescaled before the next one, stays in
// flight until the next iteration's wait for the first (pendings = 0 retires
// every dot), which the accumulator goes through, as in Triton's TTGIR; the
// last one is waited for after the loop.
// K and V have a ring of mbarriers each (Q x K reads K before V is loaded:
// Triton 3.6 groups TMA loads only up to the first reader of one of them),
// each waited for where its load was.
// CHECK-LABEL: tt.func public @two_dots
// CHECK: %[[KBARS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
// CHECK: %[[VBARS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
// CHECK: scf.for {{.*}} iter_args(%[[ACC:[a-z0-9_]+]] = %{{[a-z0-9_]+}},
// CHECK: %[[KBAR:.*]] = ttg.memdesc_index %[[KBARS]]
// CHECK-NEXT: ttng.wait_barrier %[[KBAR]]
// CHECK: %[[QK:.*]] = ttng.warp_group_dot {{.*}}isAsync = true
// CHECK-NEXT: %[[W:.*]]:4 = ttng.warp_group_dot_wait %[[QK]], %{{.*}}, %{{.*}}, %[[ACC]] {pendings = 0 : i32}
// CHECK-NEXT: arith.mulf %[[W]]#3
// CHECK: %[[VBAR:.*]] = ttg.memdesc_index %[[VBARS]]
// CHECK-NEXT: ttng.wait_barrier %[[VBAR]]
// CHECK: %[[PV:.*]] = ttng.warp_group_dot {{.*}}isAsync = true
// CHECK-NOT: ttng.warp_group_dot_wait
// CHECK: ttng.barrier_expect %{{.*}}, 8192
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK: ttng.barrier_expect %{{.*}}, 8192
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK: scf.yield {{.*}}%[[PV]]
// CHECK: ttng.warp_group_dot_wait %{{.*}}#0 {pendings = 0 : i32}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_dots(%dk: !tt.tensordesc<tensor<64x64xf16, #shared>>, %dv: !tt.tensordesc<tensor<64x64xf16, #shared>>, %q: !ttg.memdesc<64x64xf16, #shared, #smem>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %half = arith.constant dense<5.000000e-01> : tensor<64x64xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %x = arith.muli %k, %c64 : i32
      %kt = tt.descriptor_load %dk[%x, %c0] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %ks = ttg.local_alloc %kt : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %s = ttng.warp_group_dot %q, %ks, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      %scaled = arith.mulf %acc, %half : tensor<64x64xf32, #mma>
      %p = arith.truncf %s : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
      %pa = ttg.convert_layout %p : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %vt = tt.descriptor_load %dv[%x, %c0] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %vs = ttg.local_alloc %vt : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %o = ttng.warp_group_dot %pa, %vs, %scaled {inputPrecision = 0 : i32} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %o : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// One dot whose accumulator is rescaled before it: no earlier wait for every
// dot in the iteration, so the next iteration waits for it (pendings = 0) on
// its own, before its first reader.
// CHECK-LABEL: tt.func public @one_carried_dot
// CHECK: scf.for {{.*}} iter_args(%[[ACC:[a-z0-9_]+]] = %{{[a-z0-9_]+}},
// CHECK: %[[W:.*]] = ttng.warp_group_dot_wait %[[ACC]] {pendings = 0 : i32}
// CHECK-NEXT: arith.mulf %[[W]]
// CHECK: %[[PV:.*]] = ttng.warp_group_dot {{.*}}isAsync = true
// CHECK-NOT: ttng.warp_group_dot_wait
// CHECK: scf.yield {{.*}}%[[PV]]
// CHECK: ttng.warp_group_dot_wait %{{.*}}#0 {pendings = 0 : i32}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @one_carried_dot(%dv: !tt.tensordesc<tensor<64x64xf16, #shared>>, %pa: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %half = arith.constant dense<5.000000e-01> : tensor<64x64xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %x = arith.muli %k, %c64 : i32
      %scaled = arith.mulf %acc, %half : tensor<64x64xf32, #mma>
      %vt = tt.descriptor_load %dv[%x, %c0] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %vs = ttg.local_alloc %vt : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %o = ttng.warp_group_dot %pa, %vs, %scaled {inputPrecision = 0 : i32} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %o : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// An FMA dot (f32, IEEE: operands in dot_op layouts of a blocked parent):
// its loads are pipelined too, through unswizzled buffers, num_stages - 1
// of them since only local_loads read them (Triton 3.6 does the same: its
// shared bytes for Inductor's f32 templates are 3 stages of A and B at
// num_stages = 4).
// CHECK-LABEL: tt.func public @fma_dot
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf32, #[[SH:shared[0-9]*]], #smem, mutable>
// CHECK: ttg.async_copy_global_to_local
// CHECK: scf.for
// CHECK: ttg.async_wait
// CHECK: %[[V:.*]] = ttg.memdesc_index
// CHECK: ttg.local_load %[[V]] : !ttg.memdesc<64x32xf32, #[[SH]], #smem, mutable> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #{{blocked[0-9]*}}}>>
// CHECK: tt.dot
// CHECK: ttg.async_copy_global_to_local
// CHECK: ttg.async_commit_group
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fma_dot(%pa: tensor<64x32x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %n: i32) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant dense<32> : tensor<64x32xi32, #blocked1>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %pa) -> (tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>) : i32 {
      %a = tt.load %p : tensor<64x32x!tt.ptr<f32>, #blocked1>
      %ad = ttg.convert_layout %a : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
      %d = tt.dot %ad, %b, %acc, inputPrecision = ieee : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
      %p2 = tt.addptr %p, %c32 : tensor<64x32x!tt.ptr<f32>, #blocked1>, tensor<64x32xi32, #blocked1>
      scf.yield %d, %p2 : tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>
    }
    tt.return %r#0 : tensor<64x64xf32, #blocked>
  }
}

// -----

// A transposed operand whose tt.trans comes before the conversion (load ->
// tt.trans -> convert_layout -> dot operand, as the layout passes leave
// A^T of an FMA dot): the buffer keeps the loaded K x M orientation and the
// operand is read through memdesc_trans, as when the conversion comes first.
// CHECK-LABEL: tt.func public @trans_then_convert
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<2x32x64xf32, #[[SH:shared[0-9]*]], #smem, mutable>
// CHECK: scf.for
// CHECK: %[[V:.*]] = ttg.memdesc_index
// CHECK: %[[T:.*]] = ttg.memdesc_trans %[[V]] {order = array<i32: 1, 0>} : !ttg.memdesc<32x64xf32, #[[SH]], #smem, mutable> -> !ttg.memdesc<64x32xf32, #{{shared[0-9]*}}, #smem, mutable>
// CHECK: ttg.local_load %[[T]]
// CHECK-NOT: tt.trans
// CHECK: tt.dot
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @trans_then_convert(%pa: tensor<32x64x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %n: i32) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant dense<2048> : tensor<32x64xi32, #blocked1>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %pa) -> (tensor<64x64xf32, #blocked>, tensor<32x64x!tt.ptr<f32>, #blocked1>) : i32 {
      %a = tt.load %p : tensor<32x64x!tt.ptr<f32>, #blocked1>
      %at = tt.trans %a {order = array<i32: 1, 0>} : tensor<32x64xf32, #blocked1> -> tensor<64x32xf32, #blocked2>
      %ad = ttg.convert_layout %at : tensor<64x32xf32, #blocked2> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
      %d = tt.dot %ad, %b, %acc, inputPrecision = ieee : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
      %p2 = tt.addptr %p, %c32 : tensor<32x64x!tt.ptr<f32>, #blocked1>, tensor<32x64xi32, #blocked1>
      scf.yield %d, %p2 : tensor<64x64xf32, #blocked>, tensor<32x64x!tt.ptr<f32>, #blocked1>
    }
    tt.return %r#0 : tensor<64x64xf32, #blocked>
  }
}


// -----

// A flattened persistent loop (tritongpu-fuse-nested-loops): the K counter
// the copies index with comes out of an scf.if whose else branch passes the
// loop-carried counter through, and the increment of that counter is
// yielded. Both the schedule and the expansion put the increment at stage
// 0 (it feeds the next iteration's copy through the branch); the expansion
// used to leave it at the last stage, and MLIR's pipeliner refused the
// loop ("operation scheduled before its operands").
// CHECK-LABEL: tt.func public @counter_through_if
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK: scf.for
// CHECK: ttng.warp_group_dot
// CHECK: scf.if
// CHECK: ttng.async_tma_copy_global_to_local
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @counter_through_if(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %n: i32, %tiles: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %k = %c0) -> (tensor<64x64xf32, #mma>, i32) : i32 {
      %rem = arith.remsi %i, %tiles : i32
      %first = arith.cmpi eq, %rem, %c0 : i32
      %kk = scf.if %first -> (i32) {
        scf.yield %c0 : i32
      } else {
        scf.yield %k : i32
      }
      %x = arith.muli %kk, %c64 : i32
      %v = tt.descriptor_load %d[%c0, %x] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %a = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %acc2 = ttng.warp_group_dot %a, %b, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      %k2 = arith.addi %kk, %c1 : i32
      scf.yield %acc2, %k2 : tensor<64x64xf32, #mma>, i32
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// Loads a dot needs only through registers (here a row scale and the A tile
// it scales, as attention backward reads its row statistics): pipelined as
// Triton 3.6 does, into unswizzled buffers (num_stages - 1 of them: only
// local_loads read them), each read back by a local_load where the load was,
// after the one wait.
// CHECK-LABEL: tt.func public @through_registers
// CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf32, #[[SA:shared[0-9]*]], #smem, mutable>
// CHECK: %[[S:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64xf32, #[[SS:shared[0-9]*]], #smem, mutable>
// CHECK: scf.for
// CHECK: ttg.async_wait {{.*}} {num = 2 : i32}
// CHECK-NEXT: %[[VA:.*]] = ttg.memdesc_index %[[A]]
// CHECK-NEXT: %[[RA:.*]] = ttg.local_load %[[VA]] {{.*}} -> tensor<64x32xf32, #[[L:blocked[0-9]*]]>
// CHECK-NEXT: %[[VS:.*]] = ttg.memdesc_index %[[S]]
// CHECK-NEXT: %[[RS:.*]] = ttg.local_load %[[VS]] {{.*}} -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[L]]}>>
// CHECK-NEXT: tt.expand_dims %[[RS]]
// CHECK: tt.dot
// CHECK: ttg.async_copy_global_to_local {{.*}} -> <64x32xf32, #[[SA]], #smem, mutable>
// CHECK: ttg.async_copy_global_to_local {{.*}} -> <64xf32, #[[SS]], #smem, mutable>
// CHECK: ttg.local_dealloc %[[A]]
// CHECK: ttg.local_dealloc %[[S]]
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @through_registers(%pa: tensor<64x32x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %ps: tensor<64x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked1}>> {tt.divisibility = 16 : i32, tt.contiguity = 64 : i32}, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %n: i32) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant dense<32> : tensor<64x32xi32, #blocked1>
    %c64 = arith.constant dense<64> : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %pa, %q = %ps) -> (tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>, tensor<64x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked1}>>) : i32 {
      %a = tt.load %p : tensor<64x32x!tt.ptr<f32>, #blocked1>
      %s = tt.load %q : tensor<64x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %s1 = tt.expand_dims %s {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xf32, #blocked1>
      %s2 = tt.broadcast %s1 : tensor<64x1xf32, #blocked1> -> tensor<64x32xf32, #blocked1>
      %as = arith.mulf %a, %s2 : tensor<64x32xf32, #blocked1>
      %ad = ttg.convert_layout %as : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
      %d = tt.dot %ad, %b, %acc, inputPrecision = ieee : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
      %p2 = tt.addptr %p, %c32 : tensor<64x32x!tt.ptr<f32>, #blocked1>, tensor<64x32xi32, #blocked1>
      %q2 = tt.addptr %q, %c64 : tensor<64x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      scf.yield %d, %p2, %q2 : tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>, tensor<64x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked1}>>
    }
    tt.return %r#0 : tensor<64x64xf32, #blocked>
  }
}

// -----

// Two dots whose accumulators only the next iteration's same dots read (as
// attention backward's dK and dV): both stay in flight, retired by the
// iteration's first wait for every dot without going through it (wgmma
// chains on an accumulator in flight), and after the loop by one wait, as
// in Triton 3.6's TTGIR.
// CHECK-LABEL: tt.func public @accumulators_in_flight
// CHECK: scf.for
// CHECK: %[[S:.*]] = ttng.warp_group_dot {{.*}}isAsync = true
// CHECK-NEXT: %{{.*}}:3 = ttng.warp_group_dot_wait %[[S]], %{{[^,]*}}, %{{[^,]*}} {pendings = 0 : i32}
// CHECK: ttng.warp_group_dot {{.*}}isAsync = true
// CHECK: ttng.warp_group_dot {{.*}}isAsync = true
// CHECK-NOT: ttng.warp_group_dot_wait
// CHECK: scf.yield
// CHECK: ttng.warp_group_dot_wait %{{.*}}#1, %{{.*}}#0 {pendings = 0 : i32}
// CHECK-NOT: ttng.warp_group_dot_wait
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @accumulators_in_flight(%dq: !tt.tensordesc<tensor<64x64xf16, #shared>>, %k: !ttg.memdesc<64x64xf16, #shared, #smem>, %n: i32) -> (tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%dk = %zero, %dv = %zero) -> (tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>) : i32 {
      %x = arith.muli %i, %c64 : i32
      %qt = tt.descriptor_load %dq[%x, %c0] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %qs = ttg.local_alloc %qt : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %s = ttng.warp_group_dot %k, %qs, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      %p = arith.truncf %s : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
      %pa = ttg.convert_layout %p : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %dv2 = ttng.warp_group_dot %pa, %qs, %dv {inputPrecision = 0 : i32} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      %dk2 = ttng.warp_group_dot %pa, %qs, %dk {inputPrecision = 0 : i32} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %dk2, %dv2 : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>
    } {tt.num_stages = 3 : i32}
    tt.return %r#0, %r#1 : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>
  }
}

// -----

// A loop with its own tt.num_stages and no dot (test_pipeliner.py's vecadd):
// both loads become copies two iterations ahead (4 in the prologue, 2 per
// iteration, 2 buffers each: only local_loads read them), and the store at
// the last stage reads the offsets of its own iteration, carried across
// stages (the first iteration's: the loop's initial offsets).
// CHECK-LABEL: tt.func public @vecadd
// CHECK: %[[RANGE:.*]] = tt.make_range
// CHECK-COUNT-2: ttg.local_alloc : () -> !ttg.memdesc<2x256xf16
// CHECK-COUNT-4: ttg.async_copy_global_to_local
// CHECK: scf.for {{.*}}%[[OLD:arg[0-9]+]] = %[[RANGE]],
// CHECK: arith.addf
// CHECK: tt.addptr %{{.*}}, %[[OLD]]
// CHECK-NEXT: tt.store
// CHECK-COUNT-2: ttg.async_copy_global_to_local
// CHECK: scf.yield
// CHECK-NOT: ttg.async_copy_global_to_local
// CHECK: tt.return
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @vecadd(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}, %blocks: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<256> : tensor<256xi32, #blocked>
    %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %r = scf.for %i = %c0 to %blocks step %c1 iter_args(%offs = %range) -> (tensor<256xi32, #blocked>) : i32 {
      %ns = tt.splat %n : i32 -> tensor<256xi32, #blocked>
      %mask = arith.cmpi slt, %offs, %ns : tensor<256xi32, #blocked>
      %pa = tt.splat %a : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
      %pa1 = tt.addptr %pa, %offs : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
      %x = tt.load %pa1, %mask : tensor<256x!tt.ptr<f16>, #blocked>
      %pb = tt.splat %b : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
      %pb1 = tt.addptr %pb, %offs : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
      %y = tt.load %pb1, %mask : tensor<256x!tt.ptr<f16>, #blocked>
      %sum = arith.addf %x, %y : tensor<256xf16, #blocked>
      %po = tt.splat %out : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
      %po1 = tt.addptr %po, %offs : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
      tt.store %po1, %sum, %mask : tensor<256x!tt.ptr<f16>, #blocked>
      %next = arith.addi %offs, %step : tensor<256xi32, #blocked>
      scf.yield %next : tensor<256xi32, #blocked>
    } {tt.num_stages = 3 : i32}
    tt.return
  }
}
