// RUN: triton-opt %s -split-input-file -tritongpu-schedule-loops -verify-each 2>/dev/null | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritongpu-schedule-loops -verify-each 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Loads with latency 2: they and their address computation (the pointer
// increment, carried to the next iteration) are stage 0, cluster 1; the
// conversions and the dot stage 2, cluster 0 (first in the pipelined
// body). The loop's last stage is 2. A loop without latencies is left as
// it is.
// CHECK-LABEL: tt.func public @two_loads
// CHECK: scf.for
// CHECK-NEXT: tt.load %{{.*}} {loop.cluster = 1 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32}
// CHECK-NEXT: ttg.convert_layout %{{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
// CHECK-NEXT: tt.load %{{.*}} {loop.cluster = 1 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32}
// CHECK-NEXT: ttg.convert_layout %{{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
// CHECK-NEXT: tt.dot {{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
// CHECK-NEXT: tt.addptr %{{.*}} {loop.cluster = 1 : i32, loop.stage = 0 : i32}
// CHECK-NEXT: scf.yield
// CHECK-NEXT: } {tt.scheduled_max_stage = 2 : i32}
// CHECK-LABEL: tt.func public @no_latencies
// CHECK-NOT: loop.stage
// CHECK-NOT: tt.scheduled_max_stage
// CHECK: tt.return
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dotA = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#dotB = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_loads(%pa: tensor<64x32x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %pb: tensor<32x64x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %n: i32) -> (tensor<64x64xf32, #blocked>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant dense<32> : tensor<64x32xi32, #blocked1>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %pa) -> (tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>) : i32 {
      %a = tt.load %p {tt.latency = 2 : i32} : tensor<64x32x!tt.ptr<f32>, #blocked1>
      %ad = ttg.convert_layout %a : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #dotA>
      %b = tt.load %pb {tt.latency = 2 : i32} : tensor<32x64x!tt.ptr<f32>, #blocked1>
      %bd = ttg.convert_layout %b : tensor<32x64xf32, #blocked1> -> tensor<32x64xf32, #dotB>
      %d = tt.dot %ad, %bd, %acc, inputPrecision = ieee : tensor<64x32xf32, #dotA> * tensor<32x64xf32, #dotB> -> tensor<64x64xf32, #blocked>
      %p2 = tt.addptr %p, %c32 : tensor<64x32x!tt.ptr<f32>, #blocked1>, tensor<64x32xi32, #blocked1>
      scf.yield %d, %p2 : tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>
    }
    tt.return %r#0 : tensor<64x64xf32, #blocked>
  }
  tt.func public @no_latencies(%pa: tensor<64x32x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %pb: tensor<32x64x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %n: i32) -> (tensor<64x64xf32, #blocked>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant dense<32> : tensor<64x32xi32, #blocked1>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %pa) -> (tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>) : i32 {
      %a = tt.load %p : tensor<64x32x!tt.ptr<f32>, #blocked1>
      %ad = ttg.convert_layout %a : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #dotA>
      %b = tt.load %pb : tensor<32x64x!tt.ptr<f32>, #blocked1>
      %bd = ttg.convert_layout %b : tensor<32x64xf32, #blocked1> -> tensor<32x64xf32, #dotB>
      %d = tt.dot %ad, %bd, %acc, inputPrecision = ieee : tensor<64x32xf32, #dotA> * tensor<32x64xf32, #dotB> -> tensor<64x64xf32, #blocked>
      %p2 = tt.addptr %p, %c32 : tensor<64x32x!tt.ptr<f32>, #blocked1>, tensor<64x32xi32, #blocked1>
      scf.yield %d, %p2 : tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>
    }
    tt.return %r#0 : tensor<64x64xf32, #blocked>
  }
}

// -----

// Latencies a two-stage schedule cannot honour: loads with different
// latencies; a latency on an op that is not a load; a pointer the loads
// carry that the code after the loop reads. Each loop gets a remark and no
// schedule.
// REMARK: remark: loop not scheduled: its loads' latencies are not one positive number
// REMARK: remark: loop not scheduled: a latency on an op other than a load of the loop body
// REMARK: remark: loop not scheduled: a value the loads' addresses carry across iterations is also read after the loop
// REMARK-NOT: remark
// CHECK-NOT: loop.stage
// CHECK-NOT: tt.scheduled_max_stage
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dotA = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#dotB = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mixed(%pa: tensor<64x32x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %pb: tensor<32x64x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %n: i32) -> (tensor<64x64xf32, #blocked>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant dense<32> : tensor<64x32xi32, #blocked1>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %pa) -> (tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>) : i32 {
      %a = tt.load %p {tt.latency = 2 : i32} : tensor<64x32x!tt.ptr<f32>, #blocked1>
      %ad = ttg.convert_layout %a : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #dotA>
      %b = tt.load %pb {tt.latency = 1 : i32} : tensor<32x64x!tt.ptr<f32>, #blocked1>
      %bd = ttg.convert_layout %b : tensor<32x64xf32, #blocked1> -> tensor<32x64xf32, #dotB>
      %d = tt.dot %ad, %bd, %acc, inputPrecision = ieee : tensor<64x32xf32, #dotA> * tensor<32x64xf32, #dotB> -> tensor<64x64xf32, #blocked>
      %p2 = tt.addptr %p, %c32 : tensor<64x32x!tt.ptr<f32>, #blocked1>, tensor<64x32xi32, #blocked1>
      scf.yield %d, %p2 : tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>
    }
    tt.return %r#0 : tensor<64x64xf32, #blocked>
  }
  tt.func public @on_dot(%pa: tensor<64x32x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %pb: tensor<32x64x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %n: i32) -> (tensor<64x64xf32, #blocked>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant dense<32> : tensor<64x32xi32, #blocked1>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %pa) -> (tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>) : i32 {
      %a = tt.load %p : tensor<64x32x!tt.ptr<f32>, #blocked1>
      %ad = ttg.convert_layout %a : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #dotA>
      %b = tt.load %pb : tensor<32x64x!tt.ptr<f32>, #blocked1>
      %bd = ttg.convert_layout %b : tensor<32x64xf32, #blocked1> -> tensor<32x64xf32, #dotB>
      %d = tt.dot %ad, %bd, %acc, inputPrecision = ieee {tt.latency = 1 : i32} : tensor<64x32xf32, #dotA> * tensor<32x64xf32, #dotB> -> tensor<64x64xf32, #blocked>
      %p2 = tt.addptr %p, %c32 : tensor<64x32x!tt.ptr<f32>, #blocked1>, tensor<64x32xi32, #blocked1>
      scf.yield %d, %p2 : tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>
    }
    tt.return %r#0 : tensor<64x64xf32, #blocked>
  }
  tt.func public @read_late(%pa: tensor<64x32x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %pb: tensor<32x64x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %n: i32) -> (tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant dense<32> : tensor<64x32xi32, #blocked1>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %pa) -> (tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>) : i32 {
      %a = tt.load %p {tt.latency = 2 : i32} : tensor<64x32x!tt.ptr<f32>, #blocked1>
      %ad = ttg.convert_layout %a : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #dotA>
      %b = tt.load %pb : tensor<32x64x!tt.ptr<f32>, #blocked1>
      %bd = ttg.convert_layout %b : tensor<32x64xf32, #blocked1> -> tensor<32x64xf32, #dotB>
      %d = tt.dot %ad, %bd, %acc, inputPrecision = ieee : tensor<64x32xf32, #dotA> * tensor<32x64xf32, #dotB> -> tensor<64x64xf32, #blocked>
      %p2 = tt.addptr %p, %c32 : tensor<64x32x!tt.ptr<f32>, #blocked1>, tensor<64x32xi32, #blocked1>
      scf.yield %d, %p2 : tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>
    }
    tt.return %r#0, %r#1 : tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>
  }
}
