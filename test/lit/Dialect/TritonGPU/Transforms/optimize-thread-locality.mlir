// RUN: triton-opt %s -split-input-file -tritongpu-optimize-thread-locality -verify-each --allow-unregistered-dialect | FileCheck %s

// A loop accumulating the sum of a loaded tensor along its last dimension,
// split over the 32 lanes with 4 elements per thread: each thread sums its
// own 4 elements in the loop (a [32, 32, 4] view, reduced along the new
// dimension); the lanes are reduced once, after the loop, and the initial
// value added last.
// CHECK-DAG: #[[$B:.*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$B3:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [1, 32, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-LABEL: @sum
// CHECK: %[[INIT:.*]] = arith.constant dense<1.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[$B]]}>>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant dense<{{-?}}0.000000e+00> : tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[$B3]]}>>
// CHECK: %[[LOOP:.*]]:2 = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]], %[[PART:.*]] = %[[ZERO]])
// CHECK-NEXT: %[[X:.*]] = tt.load
// CHECK-NEXT: %[[V:.*]] = tt.reshape %[[X]] allow_reorder efficient_layout : tensor<32x128xf32, #[[$B]]> -> tensor<32x32x4xf32, #[[$B3]]>
// CHECK-NEXT: %[[R:.*]] = "tt.reduce"(%[[V]]) <{axis = 2 : i32}>
// CHECK: arith.addf
// CHECK: }) : (tensor<32x32x4xf32, #[[$B3]]>) -> tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[$B3]]}>>
// CHECK-NEXT: %[[NEXT:.*]] = arith.addf %[[PART]], %[[R]]
// CHECK-NEXT: scf.yield %[[ACC]], %[[NEXT]]
// CHECK: %[[TOTAL:.*]] = "tt.reduce"(%[[LOOP]]#1) <{axis = 1 : i32}>
// CHECK: %[[CVT:.*]] = ttg.convert_layout %[[TOTAL]] : tensor<32xf32, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 2, parent = #[[$B3]]}>}>> -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[$B]]}>>
// CHECK-NEXT: %[[RES:.*]] = arith.addf %[[INIT]], %[[CVT]]
// CHECK-NEXT: tt.return %[[RES]]

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @sum(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32, %init_arg: tensor<32xf32, #slice>) -> tensor<32xf32, #slice> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<1.000000e+00> : tensor<32xf32, #slice>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32xf32, #slice>) : i32 {
    %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
    %next = arith.addf %acc, %s : tensor<32xf32, #slice>
    scf.yield %next : tensor<32xf32, #slice>
  }
  tt.return %r : tensor<32xf32, #slice>
}
}

// -----

// The update may take the reduction first.
// CHECK-LABEL: @reduction_first
// CHECK: %[[LOOP:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[PART:.*]] = %{{.*}})
// CHECK: %[[R:.*]] = "tt.reduce"({{.*}}) <{axis = 2 : i32}>
// CHECK: arith.addf %[[R]], %[[PART]]
// CHECK: %[[CVT:.*]] = ttg.convert_layout
// CHECK-NEXT: arith.addf %[[CVT]], %{{.*}}
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @reduction_first(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32, %init_arg: tensor<32xf32, #slice>) -> tensor<32xf32, #slice> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<1.000000e+00> : tensor<32xf32, #slice>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32xf32, #slice>) : i32 {
    %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
    %next = arith.addf %s, %acc : tensor<32xf32, #slice>
    scf.yield %next : tensor<32xf32, #slice>
  }
  tt.return %r : tensor<32xf32, #slice>
}
}

// -----

// max: the thread-local accumulator starts at -inf.
// CHECK-LABEL: @max
// CHECK: arith.constant dense<0xFF800000> : tensor<32x32xf32
// CHECK: "tt.reduce"({{.*}}) <{axis = 2 : i32}>
// CHECK: arith.maximumf
// CHECK: "tt.reduce"({{.*}}) <{axis = 1 : i32}>
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : tensor<32xf32
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @max(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32, %init_arg: tensor<32xf32, #slice>) -> tensor<32xf32, #slice> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<0.000000e+00> : tensor<32xf32, #slice>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32xf32, #slice>) : i32 {
    %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.maximumf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
    %next = arith.maximumf %acc, %s : tensor<32xf32, #slice>
    scf.yield %next : tensor<32xf32, #slice>
  }
  tt.return %r : tensor<32xf32, #slice>
}
}

// -----

// maxnumf starts at -inf too (Triton's choice), minimumf and minnumf at
// +inf, mulf at 1.
// CHECK-LABEL: @maxnum
// CHECK: arith.constant dense<0xFF800000> : tensor<32x32xf32
// CHECK: arith.maxnumf
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @maxnum(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32, %init_arg: tensor<32xf32, #slice>) -> tensor<32xf32, #slice> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<0.000000e+00> : tensor<32xf32, #slice>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32xf32, #slice>) : i32 {
    %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.maxnumf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
    %next = arith.maxnumf %acc, %s : tensor<32xf32, #slice>
    scf.yield %next : tensor<32xf32, #slice>
  }
  tt.return %r : tensor<32xf32, #slice>
}
}

// -----

// CHECK-LABEL: @min
// CHECK: arith.constant dense<0x7F800000> : tensor<32x32xf32
// CHECK: arith.minimumf
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @min(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32, %init_arg: tensor<32xf32, #slice>) -> tensor<32xf32, #slice> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<0.000000e+00> : tensor<32xf32, #slice>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32xf32, #slice>) : i32 {
    %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.minimumf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
    %next = arith.minimumf %acc, %s : tensor<32xf32, #slice>
    scf.yield %next : tensor<32xf32, #slice>
  }
  tt.return %r : tensor<32xf32, #slice>
}
}

// -----

// CHECK-LABEL: @minnum
// CHECK: arith.constant dense<0x7F800000> : tensor<32x32xf32
// CHECK: arith.minnumf
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @minnum(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32, %init_arg: tensor<32xf32, #slice>) -> tensor<32xf32, #slice> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<0.000000e+00> : tensor<32xf32, #slice>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32xf32, #slice>) : i32 {
    %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.minnumf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
    %next = arith.minnumf %acc, %s : tensor<32xf32, #slice>
    scf.yield %next : tensor<32xf32, #slice>
  }
  tt.return %r : tensor<32xf32, #slice>
}
}

// -----

// CHECK-LABEL: @mul
// CHECK: arith.constant dense<1.000000e+00> : tensor<32x32xf32
// CHECK: "tt.reduce"({{.*}}) <{axis = 2 : i32}>
// CHECK: arith.mulf
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @mul(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32, %init_arg: tensor<32xf32, #slice>) -> tensor<32xf32, #slice> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<2.000000e+00> : tensor<32xf32, #slice>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32xf32, #slice>) : i32 {
    %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.mulf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
    %next = arith.mulf %acc, %s : tensor<32xf32, #slice>
    scf.yield %next : tensor<32xf32, #slice>
  }
  tt.return %r : tensor<32xf32, #slice>
}
}

// -----

// Left alone: the reduced tensor is not loaded directly.
// CHECK-LABEL: @not_a_load
// CHECK: scf.for
// CHECK-NOT: tt.reshape
// CHECK: "tt.reduce"({{.*}}) <{axis = 1 : i32}>
// CHECK-NOT: tt.reshape
// CHECK: scf.yield
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @not_a_load(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32, %init_arg: tensor<32xf32, #slice>) -> tensor<32xf32, #slice> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<1.000000e+00> : tensor<32xf32, #slice>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32xf32, #slice>) : i32 {
    %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
    %x2 = arith.mulf %x, %x : tensor<32x128xf32, #blocked>
    %s = "tt.reduce"(%x2) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
    %next = arith.addf %acc, %s : tensor<32xf32, #slice>
    scf.yield %next : tensor<32xf32, #slice>
  }
  tt.return %r : tensor<32xf32, #slice>
}
}

// -----

// Left alone: the initial value is not a constant.
// CHECK-LABEL: @init_not_constant
// CHECK: scf.for
// CHECK-NOT: tt.reshape
// CHECK: "tt.reduce"({{.*}}) <{axis = 1 : i32}>
// CHECK-NOT: tt.reshape
// CHECK: scf.yield
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @init_not_constant(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32, %init_arg: tensor<32xf32, #slice>) -> tensor<32xf32, #slice> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<1.000000e+00> : tensor<32xf32, #slice>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init_arg) -> (tensor<32xf32, #slice>) : i32 {
    %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
    %next = arith.addf %acc, %s : tensor<32xf32, #slice>
    scf.yield %next : tensor<32xf32, #slice>
  }
  tt.return %r : tensor<32xf32, #slice>
}
}

// -----

// Left alone: the update is not the reduction's combining op.
// CHECK-LABEL: @other_update
// CHECK: scf.for
// CHECK-NOT: tt.reshape
// CHECK: "tt.reduce"({{.*}}) <{axis = 1 : i32}>
// CHECK-NOT: tt.reshape
// CHECK: scf.yield
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @other_update(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32, %init_arg: tensor<32xf32, #slice>) -> tensor<32xf32, #slice> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<1.000000e+00> : tensor<32xf32, #slice>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32xf32, #slice>) : i32 {
    %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
    %next = arith.mulf %acc, %s : tensor<32xf32, #slice>
    scf.yield %next : tensor<32xf32, #slice>
  }
  tt.return %r : tensor<32xf32, #slice>
}
}

// -----

// Left alone: the accumulator is used elsewhere in the loop.
// CHECK-LABEL: @acc_used_in_loop
// CHECK: scf.for
// CHECK-NOT: tt.reshape
// CHECK: "tt.reduce"({{.*}}) <{axis = 1 : i32}>
// CHECK-NOT: tt.reshape
// CHECK: scf.yield
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @acc_used_in_loop(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32, %init_arg: tensor<32xf32, #slice>) -> tensor<32xf32, #slice> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<1.000000e+00> : tensor<32xf32, #slice>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32xf32, #slice>) : i32 {
    %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
    "use"(%acc) : (tensor<32xf32, #slice>) -> ()
    %next = arith.addf %acc, %s : tensor<32xf32, #slice>
    scf.yield %next : tensor<32xf32, #slice>
  }
  tt.return %r : tensor<32xf32, #slice>
}
}

// -----

// Left alone: integer reductions, reductions along another axis than the
// last, tensors in other layouts than blocked.
#blocked = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @integer
// CHECK-NOT: tt.reshape
// CHECK: tt.return
tt.func @integer(%p: tensor<32x128x!tt.ptr<i32>, #blocked>, %n: i32) -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<0> : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>) : i32 {
    %x = tt.load %p : tensor<32x128x!tt.ptr<i32>, #blocked>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %t = arith.addi %a, %b : i32
      tt.reduce.return %t : i32
    }) : (tensor<32x128xi32, #blocked>) -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %next = arith.addi %acc, %s : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    scf.yield %next : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
  tt.return %r : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
}
// CHECK-LABEL: @first_axis
// CHECK-NOT: tt.reshape
// CHECK: tt.return
tt.func @first_axis(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<0.0> : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>) : i32 {
    %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<32x128xf32, #blocked>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %next = arith.addf %acc, %s : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    scf.yield %next : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
  }
  tt.return %r : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
}
// CHECK-LABEL: @one_element_per_thread
// CHECK-NOT: tt.reshape
// CHECK: tt.return
tt.func @one_element_per_thread(%p: tensor<32x32x!tt.ptr<f32>, #blocked1>, %n: i32) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<0.0> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>) : i32 {
    %x = tt.load %p : tensor<32x32x!tt.ptr<f32>, #blocked1>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<32x32xf32, #blocked1>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %next = arith.addf %acc, %s : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    scf.yield %next : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
  }
  tt.return %r : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
}
// CHECK-LABEL: @not_a_combination
// CHECK-NOT: tt.reshape
// CHECK: tt.return
tt.func @not_a_combination(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<0.0> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) : i32 {
    %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %a : f32
      tt.reduce.return %t : f32
    }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %next = arith.addf %acc, %s : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    scf.yield %next : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
  tt.return %r : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
}
// CHECK-LABEL: @mma_layout
// CHECK-NOT: tt.reshape
// CHECK: tt.return
tt.func @mma_layout(%p: tensor<32x128x!tt.ptr<f32>, #mma>, %n: i32) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #mma}>> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<0.0> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #mma}>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #mma}>>) : i32 {
    %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #mma>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<32x128xf32, #mma>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %next = arith.addf %acc, %s : tensor<32xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    scf.yield %next : tensor<32xf32, #ttg.slice<{dim = 1, parent = #mma}>>
  }
  tt.return %r : tensor<32xf32, #ttg.slice<{dim = 1, parent = #mma}>>
}
}

// -----

// A reordering reshape feeding a reduction gets a layout that keeps the
// reduced axis in one thread (threads and warps over the other axis).
// CHECK-DAG: #[[$SRC:.*]] = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
// CHECK-DAG: #[[$OLD:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [2, 1], order = [1, 0]}>
// CHECK-DAG: #[[$NEW:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [0, 1]}>
// CHECK-LABEL: @optimize_view_layout
// CHECK: %[[R:.*]] = tt.reshape %{{.*}} allow_reorder efficient_layout : tensor<8x128xf32, #[[$SRC]]> -> tensor<64x16xf32, #[[$NEW]]>
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %[[R]] : tensor<64x16xf32, #[[$NEW]]> -> tensor<64x16xf32, #[[$OLD]]>
// CHECK-NEXT: "tt.reduce"(%[[C]])
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [2, 1], order = [1, 0]}>
#local = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [1, 0]}>
#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @optimize_view_layout(%arg0: tensor<8x128xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> {
  %0 = tt.reshape %arg0 allow_reorder : tensor<8x128xf32, #blocked> -> tensor<64x16xf32, #blocked1>
  %1 = "tt.reduce"(%0) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %2 = arith.maximumf %a, %b : f32
    tt.reduce.return %2 : f32
  }) : (tensor<64x16xf32, #blocked1>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
  tt.return %1 : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
}

// Left alone: a reshape that may not reorder, and one whose reduced axis
// is already in one thread.
// (Without allow_reorder the operand's layout must reshape to the result's.)
// CHECK-LABEL: @view_no_reorder
// CHECK: tt.reshape %{{.*}} : tensor<8x128xf32, #{{.*}}> -> tensor<64x16xf32, #[[$OLD]]>
// CHECK-NOT: ttg.convert_layout
tt.func @view_no_reorder(%arg0: tensor<8x128xf32, #rows>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> {
  %0 = tt.reshape %arg0 : tensor<8x128xf32, #rows> -> tensor<64x16xf32, #blocked1>
  %1 = "tt.reduce"(%0) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %2 = arith.maximumf %a, %b : f32
    tt.reduce.return %2 : f32
  }) : (tensor<64x16xf32, #blocked1>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
  tt.return %1 : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
}
// CHECK-LABEL: @view_already_local
// CHECK: tt.reshape %{{.*}} allow_reorder : tensor<8x128xf32, #[[$SRC]]> -> tensor<64x16xf32, #[[$LOCAL:.*]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
tt.func @view_already_local(%arg0: tensor<8x128xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #local}>> {
  %0 = tt.reshape %arg0 allow_reorder : tensor<8x128xf32, #blocked> -> tensor<64x16xf32, #local>
  %1 = "tt.reduce"(%0) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %2 = arith.maximumf %a, %b : f32
    tt.reduce.return %2 : f32
  }) : (tensor<64x16xf32, #local>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #local}>>
  tt.return %1 : tensor<64xf32, #ttg.slice<{dim = 1, parent = #local}>>
}
}

// -----

// A gather gets a layout in which each warp holds whole columns along the
// gather axis; its operands and result are converted.
#blocked = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[$G0:.*]] = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #[[$G1:.*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$G2:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @gather_axis_0
// CHECK-NEXT: %[[SRC:.*]] = ttg.convert_layout %arg0 : {{.*}} -> tensor<64x64xf32, #[[$G0]]>
// CHECK-NEXT: %[[IDX:.*]] = ttg.convert_layout %arg1 : {{.*}} -> tensor<64x64xi32, #[[$G0]]>
// CHECK-NEXT: %[[OUT:.*]] = tt.gather %[[SRC]][%[[IDX]]] {axis = 0 : i32, efficient_layout} : (tensor<64x64xf32, #[[$G0]]>, tensor<64x64xi32, #[[$G0]]>) -> tensor<64x64xf32, #[[$G0]]>
// CHECK-NEXT: %[[RES:.*]] = ttg.convert_layout %[[OUT]]
// CHECK-NEXT: tt.return %[[RES]]
tt.func @gather_axis_0(%arg0: tensor<64x64xf32, #blocked>, %arg1: tensor<64x64xi32, #blocked>) -> tensor<64x64xf32, #blocked> {
  %0 = tt.gather %arg0[%arg1] {axis = 0 : i32} : (tensor<64x64xf32, #blocked>, tensor<64x64xi32, #blocked>) -> tensor<64x64xf32, #blocked>
  tt.return %0 : tensor<64x64xf32, #blocked>
}
// CHECK-LABEL: @gather_axis_1
// CHECK: tt.gather {{.*}} -> tensor<64x64xf32, #[[$G1]]>
tt.func @gather_axis_1(%arg0: tensor<64x64xf32, #blocked>, %arg1: tensor<64x64xi32, #blocked>) -> tensor<64x64xf32, #blocked> {
  %0 = tt.gather %arg0[%arg1] {axis = 1 : i32} : (tensor<64x64xf32, #blocked>, tensor<64x64xi32, #blocked>) -> tensor<64x64xf32, #blocked>
  tt.return %0 : tensor<64x64xf32, #blocked>
}
// Indices wider than 32 bits are narrowed before the conversion.
// CHECK-LABEL: @gather_large_source_i64
// CHECK: %[[T:.*]] = arith.trunci %arg1 : tensor<256x8xi64, #{{.*}}> to tensor<256x8xi32, #{{.*}}>
// CHECK: ttg.convert_layout %[[T]] : {{.*}} -> tensor<256x8xi32, #[[$G2]]>
// CHECK: tt.gather {{.*}} -> tensor<256x8xf32, #[[$G2]]>
tt.func @gather_large_source_i64(%arg0: tensor<256x256xf32, #blocked>, %arg1: tensor<256x8xi64, #blocked>) -> tensor<256x8xf32, #blocked> {
  %0 = tt.gather %arg0[%arg1] {axis = 1 : i32} : (tensor<256x256xf32, #blocked>, tensor<256x8xi64, #blocked>) -> tensor<256x8xf32, #blocked>
  tt.return %0 : tensor<256x8xf32, #blocked>
}
// Left alone: a gather already laid out.
// CHECK-LABEL: @gather_done
// CHECK-NOT: ttg.convert_layout
tt.func @gather_done(%arg0: tensor<64x64xf32, #blocked>, %arg1: tensor<64x64xi32, #blocked>) -> tensor<64x64xf32, #blocked> {
  %0 = tt.gather %arg0[%arg1] {axis = 1 : i32, efficient_layout} : (tensor<64x64xf32, #blocked>, tensor<64x64xi32, #blocked>) -> tensor<64x64xf32, #blocked>
  tt.return %0 : tensor<64x64xf32, #blocked>
}
}

// -----

// A 1D gather is left alone (its warps cannot each hold the whole axis).
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @gather_1d
// CHECK-NOT: ttg.convert_layout
tt.func @gather_1d(%arg0: tensor<512xf32, #blocked>, %arg1: tensor<512xi32, #blocked>) -> tensor<512xf32, #blocked> {
  %0 = tt.gather %arg0[%arg1] {axis = 0 : i32} : (tensor<512xf32, #blocked>, tensor<512xi32, #blocked>) -> tensor<512xf32, #blocked>
  tt.return %0 : tensor<512xf32, #blocked>
}
}
