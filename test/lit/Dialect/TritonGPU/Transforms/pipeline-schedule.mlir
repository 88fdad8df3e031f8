// RUN: triton-opt %s -tritongpu-pipeline -verify-each 2>/dev/null | FileCheck %s
// RUN: triton-opt %s -tritongpu-pipeline -verify-each 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// tritongpu-pipeline expands the schedules it is given (here written by
// hand, as tritongpu-schedule-loops writes them) and no others; the
// schedule's attributes are gone afterwards.
// - @scheduled: the load at stage 0 of a 3-stage schedule becomes cp.async
//   copies into 2 buffers (only a local_load reads them), 2 iterations
//   ahead.
// - @unscheduled, @latency_only: no schedule (a latency alone is not one),
//   the loads stay.
// - @wrong_stage: the conversion at stage 0 is a schedule this expander
//   does not follow: a remark, and the loop keeps its loads.
// REMARK: remark: loop not pipelined: its schedule puts ops at stages other than 0 (the loads and their addresses) and 2 (the rest)
// REMARK-NOT: remark
// CHECK-NOT: loop.stage
// CHECK-NOT: loop.cluster
// CHECK-NOT: tt.latency
// CHECK-NOT: tt.scheduled_max_stage
// CHECK-LABEL: tt.func public @scheduled
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf32
// CHECK-COUNT-2: ttg.async_copy_global_to_local
// CHECK: scf.for
// CHECK: ttg.async_wait
// CHECK: ttg.local_load
// CHECK: tt.dot
// CHECK: ttg.async_copy_global_to_local
// CHECK-LABEL: tt.func public @unscheduled
// CHECK-NOT: async_copy
// CHECK: tt.load
// CHECK-LABEL: tt.func public @latency_only
// CHECK-NOT: async_copy
// CHECK: tt.load
// CHECK-LABEL: tt.func public @wrong_stage
// CHECK-NOT: async_copy
// CHECK: tt.load
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dotA = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#dotB = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scheduled(%pa: tensor<64x32x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %b: tensor<32x64xf32, #dotB>, %n: i32) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant dense<32> : tensor<64x32xi32, #blocked1>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %pa) -> (tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>) : i32 {
      %a = tt.load %p {loop.cluster = 1 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32} : tensor<64x32x!tt.ptr<f32>, #blocked1>
      %ad = ttg.convert_layout %a {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #dotA>
      %d = tt.dot %ad, %b, %acc, inputPrecision = ieee {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x32xf32, #dotA> * tensor<32x64xf32, #dotB> -> tensor<64x64xf32, #blocked>
      %p2 = tt.addptr %p, %c32 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f32>, #blocked1>, tensor<64x32xi32, #blocked1>
      scf.yield %d, %p2 : tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>
    } {tt.scheduled_max_stage = 2 : i32}
    tt.return %r#0 : tensor<64x64xf32, #blocked>
  }
  tt.func public @unscheduled(%pa: tensor<64x32x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %b: tensor<32x64xf32, #dotB>, %n: i32) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant dense<32> : tensor<64x32xi32, #blocked1>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %pa) -> (tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>) : i32 {
      %a = tt.load %p : tensor<64x32x!tt.ptr<f32>, #blocked1>
      %ad = ttg.convert_layout %a : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #dotA>
      %d = tt.dot %ad, %b, %acc, inputPrecision = ieee : tensor<64x32xf32, #dotA> * tensor<32x64xf32, #dotB> -> tensor<64x64xf32, #blocked>
      %p2 = tt.addptr %p, %c32 : tensor<64x32x!tt.ptr<f32>, #blocked1>, tensor<64x32xi32, #blocked1>
      scf.yield %d, %p2 : tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>
    }
    tt.return %r#0 : tensor<64x64xf32, #blocked>
  }
  tt.func public @latency_only(%pa: tensor<64x32x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %b: tensor<32x64xf32, #dotB>, %n: i32) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant dense<32> : tensor<64x32xi32, #blocked1>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %pa) -> (tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>) : i32 {
      %a = tt.load %p {tt.latency = 2 : i32} : tensor<64x32x!tt.ptr<f32>, #blocked1>
      %ad = ttg.convert_layout %a : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #dotA>
      %d = tt.dot %ad, %b, %acc, inputPrecision = ieee : tensor<64x32xf32, #dotA> * tensor<32x64xf32, #dotB> -> tensor<64x64xf32, #blocked>
      %p2 = tt.addptr %p, %c32 : tensor<64x32x!tt.ptr<f32>, #blocked1>, tensor<64x32xi32, #blocked1>
      scf.yield %d, %p2 : tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>
    }
    tt.return %r#0 : tensor<64x64xf32, #blocked>
  }
  tt.func public @wrong_stage(%pa: tensor<64x32x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %b: tensor<32x64xf32, #dotB>, %n: i32) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant dense<32> : tensor<64x32xi32, #blocked1>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %pa) -> (tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>) : i32 {
      %a = tt.load %p {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f32>, #blocked1>
      %ad = ttg.convert_layout %a {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #dotA>
      %d = tt.dot %ad, %b, %acc, inputPrecision = ieee {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x32xf32, #dotA> * tensor<32x64xf32, #dotB> -> tensor<64x64xf32, #blocked>
      %p2 = tt.addptr %p, %c32 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f32>, #blocked1>, tensor<64x32xi32, #blocked1>
      scf.yield %d, %p2 : tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>
    } {tt.scheduled_max_stage = 2 : i32}
    tt.return %r#0 : tensor<64x64xf32, #blocked>
  }
}
