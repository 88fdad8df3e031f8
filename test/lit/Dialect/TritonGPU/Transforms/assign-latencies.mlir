// RUN: triton-opt %s -split-input-file -tritongpu-assign-latencies=num-stages=3 -verify-each 2>/dev/null | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritongpu-assign-latencies=num-stages=3 -verify-each 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: triton-opt %s -split-input-file -tritongpu-assign-latencies=num-stages=1 -verify-each 2>&1 | FileCheck %s --check-prefix=ONE

// The load that feeds a dot operand gets a latency of num_stages - 1
// iterations (the loop's tt.num_stages wins over the option); its address
// computation and the conversion to the operand layout get nothing, and
// nothing is rewritten yet. At num_stages = 1 nothing is pipelined.
// CHECK-LABEL: tt.func public @fma_dot
// CHECK: scf.for
// CHECK-NEXT: tt.load %{{.*}} {tt.latency = 2 : i32}
// CHECK-NEXT: ttg.convert_layout %{{.*}} : tensor<64x32xf32, #{{blocked[0-9]*}}> -> tensor<64x32xf32, #ttg.dot_op
// CHECK-NEXT: tt.dot
// CHECK-NEXT: tt.addptr %{{[^{]*}} : tensor
// CHECK-LABEL: tt.func public @own_stages
// CHECK: tt.load %{{.*}} {tt.latency = 3 : i32}
// CHECK-LABEL: tt.func public @given
// CHECK: tt.load %{{.*}} {tt.latency = 1 : i32}
// ONE-NOT: remark
// ONE-LABEL: tt.func public @fma_dot
// ONE-NOT: tt.latency
// ONE-LABEL: tt.func public @own_stages
// ONE: tt.load %{{.*}} {tt.latency = 3 : i32}
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dotA = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#dotB = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fma_dot(%pa: tensor<64x32x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %b: tensor<32x64xf32, #dotB>, %n: i32) -> tensor<64x64xf32, #blocked> {
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
  tt.func public @own_stages(%pa: tensor<64x32x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %b: tensor<32x64xf32, #dotB>, %n: i32) -> tensor<64x64xf32, #blocked> {
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
    } {tt.num_stages = 4 : i32}
    tt.return %r#0 : tensor<64x64xf32, #blocked>
  }
  tt.func public @given(%pa: tensor<64x32x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %b: tensor<32x64xf32, #dotB>, %n: i32) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant dense<32> : tensor<64x32xi32, #blocked1>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %pa) -> (tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>) : i32 {
      %a = tt.load %p {tt.latency = 1 : i32} : tensor<64x32x!tt.ptr<f32>, #blocked1>
      %ad = ttg.convert_layout %a : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #dotA>
      %d = tt.dot %ad, %b, %acc, inputPrecision = ieee : tensor<64x32xf32, #dotA> * tensor<32x64xf32, #dotB> -> tensor<64x64xf32, #blocked>
      %p2 = tt.addptr %p, %c32 : tensor<64x32x!tt.ptr<f32>, #blocked1>, tensor<64x32xi32, #blocked1>
      scf.yield %d, %p2 : tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>
    }
    tt.return %r#0 : tensor<64x64xf32, #blocked>
  }
}

// -----

// Loops left without latencies say why: an outer loop; a load whose
// address is read from memory in the loop (an op with side effects at
// stage 0); a pointer the loads carry that the code after the loop reads.
// REMARK: remark: loop not pipelined: only innermost loops are pipelined
// REMARK: remark: loop not pipelined: the loads' addresses depend on an op with side effects or regions other than scf.if
// REMARK: remark: loop not pipelined: a value the loads' addresses carry across iterations is also read after the loop
// REMARK-NOT: remark
// CHECK-LABEL: tt.func public @outer
// CHECK-NOT: tt.latency
// CHECK-LABEL: tt.func public @indirect
// CHECK-NOT: tt.latency
// CHECK-LABEL: tt.func public @read_late
// CHECK-NOT: tt.latency
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dotA = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#dotB = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @outer(%pa: tensor<64x32x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %b: tensor<32x64xf32, #dotB>, %n: i32) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #blocked>) : i32 {
      %a = tt.load %pa : tensor<64x32x!tt.ptr<f32>, #blocked1>
      %ad = ttg.convert_layout %a : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #dotA>
      %d = tt.dot %ad, %b, %acc, inputPrecision = ieee : tensor<64x32xf32, #dotA> * tensor<32x64xf32, #dotB> -> tensor<64x64xf32, #blocked>
      %e = scf.for %j = %c0 to %n step %c1 iter_args(%x = %d) -> (tensor<64x64xf32, #blocked>) : i32 {
        %y = arith.addf %x, %x : tensor<64x64xf32, #blocked>
        scf.yield %y : tensor<64x64xf32, #blocked>
      }
      scf.yield %e : tensor<64x64xf32, #blocked>
    }
    tt.return %r : tensor<64x64xf32, #blocked>
  }
  tt.func public @indirect(%pp: tensor<64x32x!tt.ptr<!tt.ptr<f32>>, #blocked1>, %b: tensor<32x64xf32, #dotB>, %n: i32) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #blocked>) : i32 {
      %p = tt.load %pp : tensor<64x32x!tt.ptr<!tt.ptr<f32>>, #blocked1>
      %a = tt.load %p : tensor<64x32x!tt.ptr<f32>, #blocked1>
      %ad = ttg.convert_layout %a : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #dotA>
      %d = tt.dot %ad, %b, %acc, inputPrecision = ieee : tensor<64x32xf32, #dotA> * tensor<32x64xf32, #dotB> -> tensor<64x64xf32, #blocked>
      scf.yield %d : tensor<64x64xf32, #blocked>
    }
    tt.return %r : tensor<64x64xf32, #blocked>
  }
  tt.func public @read_late(%pa: tensor<64x32x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %b: tensor<32x64xf32, #dotB>, %n: i32) -> (tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>) {
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
    tt.return %r#0, %r#1 : tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>
  }
}

// -----

// Loads a dot needs through registers: the scale of A is pipelined with A
// (@scaled); one whose address is read from memory in the loop is left in
// place while A still is, with no remark (@scale_indirect); a load that
// reaches only the accumulator is not waited for by the dot and stays
// (@bias_in_acc: Triton 3.6 follows A and B only).
// REMARK-NOT: remark
// CHECK-LABEL: tt.func public @scaled
// CHECK: tt.load %{{.*}} {tt.latency = 2 : i32} : tensor<64x32x!tt.ptr<f32>
// CHECK-NEXT: tt.load %{{.*}} {tt.latency = 2 : i32} : tensor<64x!tt.ptr<f32>
// CHECK-LABEL: tt.func public @scale_indirect
// CHECK: tt.load %{{.*}} {tt.latency = 2 : i32} : tensor<64x32x!tt.ptr<f32>
// CHECK-NEXT: tt.load %{{[^{]*}} : tensor<64x!tt.ptr<!tt.ptr<f32>>
// CHECK-NEXT: tt.load %{{[^{]*}} : tensor<64x!tt.ptr<f32>
// CHECK-LABEL: tt.func public @bias_in_acc
// CHECK: tt.load %{{.*}} {tt.latency = 2 : i32} : tensor<64x32x!tt.ptr<f32>
// CHECK-NEXT: tt.load %{{[^{]*}} : tensor<64x64x!tt.ptr<f32>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #ttg.slice<{dim = 1, parent = #blocked1}>
#dotA = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#dotB = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scaled(%pa: tensor<64x32x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %ps: tensor<64x!tt.ptr<f32>, #row> {tt.divisibility = 16 : i32, tt.contiguity = 64 : i32}, %b: tensor<32x64xf32, #dotB>, %n: i32) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #blocked>) : i32 {
      %a = tt.load %pa : tensor<64x32x!tt.ptr<f32>, #blocked1>
      %s = tt.load %ps : tensor<64x!tt.ptr<f32>, #row>
      %s1 = tt.expand_dims %s {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #blocked1>
      %s2 = tt.broadcast %s1 : tensor<64x1xf32, #blocked1> -> tensor<64x32xf32, #blocked1>
      %as = arith.mulf %a, %s2 : tensor<64x32xf32, #blocked1>
      %ad = ttg.convert_layout %as : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #dotA>
      %d = tt.dot %ad, %b, %acc, inputPrecision = ieee : tensor<64x32xf32, #dotA> * tensor<32x64xf32, #dotB> -> tensor<64x64xf32, #blocked>
      scf.yield %d : tensor<64x64xf32, #blocked>
    }
    tt.return %r : tensor<64x64xf32, #blocked>
  }
  tt.func public @scale_indirect(%pa: tensor<64x32x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %pps: tensor<64x!tt.ptr<!tt.ptr<f32>>, #row>, %b: tensor<32x64xf32, #dotB>, %n: i32) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #blocked>) : i32 {
      %a = tt.load %pa : tensor<64x32x!tt.ptr<f32>, #blocked1>
      %ps = tt.load %pps : tensor<64x!tt.ptr<!tt.ptr<f32>>, #row>
      %s = tt.load %ps : tensor<64x!tt.ptr<f32>, #row>
      %s1 = tt.expand_dims %s {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #blocked1>
      %s2 = tt.broadcast %s1 : tensor<64x1xf32, #blocked1> -> tensor<64x32xf32, #blocked1>
      %ad = ttg.convert_layout %a : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #dotA>
      %d = tt.dot %ad, %b, %acc, inputPrecision = ieee : tensor<64x32xf32, #dotA> * tensor<32x64xf32, #dotB> -> tensor<64x64xf32, #blocked>
      %sd = ttg.convert_layout %s2 : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #dotA>
      %e = tt.dot %sd, %b, %d, inputPrecision = ieee : tensor<64x32xf32, #dotA> * tensor<32x64xf32, #dotB> -> tensor<64x64xf32, #blocked>
      scf.yield %e : tensor<64x64xf32, #blocked>
    }
    tt.return %r : tensor<64x64xf32, #blocked>
  }
  tt.func public @bias_in_acc(%pa: tensor<64x32x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %pc: tensor<64x64x!tt.ptr<f32>, #blocked> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %b: tensor<32x64xf32, #dotB>, %n: i32) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #blocked>) : i32 {
      %a = tt.load %pa : tensor<64x32x!tt.ptr<f32>, #blocked1>
      %c = tt.load %pc : tensor<64x64x!tt.ptr<f32>, #blocked>
      %ad = ttg.convert_layout %a : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #dotA>
      %acc2 = arith.addf %acc, %c : tensor<64x64xf32, #blocked>
      %d = tt.dot %ad, %b, %acc2, inputPrecision = ieee : tensor<64x32xf32, #dotA> * tensor<32x64xf32, #dotB> -> tensor<64x64xf32, #blocked>
      scf.yield %d : tensor<64x64xf32, #blocked>
    }
    tt.return %r : tensor<64x64xf32, #blocked>
  }
}

// -----

// An iter_arg the loads' address reads but yielded from outside the loop (a
// fuzz mutant of the causal attention kernel: MLIR's expander found no
// stage for the yielded value and crashed): not pipelined, with a remark.
// REMARK: remark: loop not pipelined: a loop-carried value is yielded unchanged or from outside the loop
// CHECK-LABEL: tt.func public @invariant_yield
// CHECK-NOT: tt.latency
// CHECK: tt.return
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dotA = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#dotB = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @invariant_yield(%pa: tensor<64x32x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %pb: tensor<64x32x!tt.ptr<f32>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %b: tensor<32x64xf32, #dotB>, %n: i32) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %pa) -> (tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>) : i32 {
      %a = tt.load %p : tensor<64x32x!tt.ptr<f32>, #blocked1>
      %ad = ttg.convert_layout %a : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #dotA>
      %d = tt.dot %ad, %b, %acc, inputPrecision = ieee : tensor<64x32xf32, #dotA> * tensor<32x64xf32, #dotB> -> tensor<64x64xf32, #blocked>
      scf.yield %d, %pb : tensor<64x64xf32, #blocked>, tensor<64x32x!tt.ptr<f32>, #blocked1>
    }
    tt.return %r#0 : tensor<64x64xf32, #blocked>
  }
}

// -----

// A loop with its own tt.num_stages is pipelined without a dot, as Triton
// 3.6 does (test_pipeliner.py's vecadd): both loads get latencies, though
// the store at the last stage reads the offsets the loads' addresses carry
// (the expander carries the store's version across stages). The same loop
// without tt.num_stages gets nothing, and no remark.
// CHECK-LABEL: tt.func public @vecadd
// CHECK: scf.for
// CHECK: tt.load %{{.*}} {tt.latency = 2 : i32}
// CHECK: tt.load %{{.*}} {tt.latency = 2 : i32}
// CHECK: tt.store
// CHECK-NOT: tt.latency
// CHECK: tt.num_stages = 3
// CHECK-LABEL: tt.func public @vecadd_default
// CHECK-NOT: tt.latency
// CHECK: tt.return
// REMARK-NOT: remark
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
  tt.func public @vecadd_default(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %blocks: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<256> : tensor<256xi32, #blocked>
    %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %r = scf.for %i = %c0 to %blocks step %c1 iter_args(%offs = %range) -> (tensor<256xi32, #blocked>) : i32 {
      %pa = tt.splat %a : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
      %pa1 = tt.addptr %pa, %offs : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
      %x = tt.load %pa1 : tensor<256x!tt.ptr<f16>, #blocked>
      %po = tt.splat %out : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
      %po1 = tt.addptr %po, %offs : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
      tt.store %po1, %x : tensor<256x!tt.ptr<f16>, #blocked>
      %next = arith.addi %offs, %step : tensor<256xi32, #blocked>
      scf.yield %next : tensor<256xi32, #blocked>
    }
    tt.return
  }
}
