// gluon-canonicalize: arith and scf simplify as in canonicalize, but the
// layout conversions of a hand-written kernel stay where its author put
// them (canonicalize folds a conversion into the op that makes its operand,
// a splat here); one to the layout the tensor has folds away.
// RUN: triton-opt %s -gluon-canonicalize -verify-each | FileCheck %s
// RUN: triton-opt %s -canonicalize -verify-each | FileCheck %s --check-prefix=CANON

// CHECK-LABEL: tt.func public @kernel
// CHECK: %[[S:.*]] = tt.splat %{{.*}} : i32 -> tensor<128xi32, #[[B:blocked[0-9]*]]>
// CHECK: %[[C:.*]] = ttg.convert_layout %[[S]] : tensor<128xi32, #[[B]]> -> tensor<128xi32, #[[B1:blocked[0-9]*]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return %[[C]]
// CANON-LABEL: tt.func public @kernel
// CANON-NOT: ttg.convert_layout
// CANON: tt.splat %{{.*}} : i32 -> tensor<128xi32, #blocked>
// CANON-NEXT: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @kernel(%n: i32) -> tensor<128xi32, #blocked1> {
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %three = arith.addi %c1, %c2 : i32
    %x = arith.muli %n, %three : i32
    %s = tt.splat %x : i32 -> tensor<128xi32, #blocked>
    %same = ttg.convert_layout %s : tensor<128xi32, #blocked> -> tensor<128xi32, #blocked>
    %c = ttg.convert_layout %same : tensor<128xi32, #blocked> -> tensor<128xi32, #blocked1>
    tt.return %c : tensor<128xi32, #blocked1>
  }
}
