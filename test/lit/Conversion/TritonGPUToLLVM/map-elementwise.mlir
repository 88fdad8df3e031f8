// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-each | FileCheck %s

// test_map_elementwise's compare (its if/elif after convert-scf-to-cf):
// two registers per thread, so the region is inlined twice, each copy
// entered with the element's operands and leaving to a block whose
// argument is the element's result.
// CHECK-LABEL: llvm.func @compare
// CHECK: llvm.br ^[[ENTRY0:bb[0-9]+]](%{{.*}}, %{{.*}} : i32, i32)
// CHECK: ^[[ENTRY0]](%{{.*}}: i32, %{{.*}}: i32):
// CHECK: llvm.cond_br
// CHECK: llvm.br ^[[NEXT0:bb[0-9]+]](%{{.*}} : i32)
// CHECK: ^[[NEXT0]](%[[R0:[0-9]+]]: i32):
// CHECK-NEXT: llvm.br ^[[ENTRY1:bb[0-9]+]](%{{.*}}, %{{.*}} : i32, i32)
// CHECK: ^[[ENTRY1]](
// CHECK: ^{{bb[0-9]+}}(%[[R1:[0-9]+]]: i32):
// CHECK: llvm.insertvalue %[[R0]], %{{.*}}[0]
// CHECK-NEXT: llvm.insertvalue %[[R1]], %{{.*}}[1]
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @compare(%x: tensor<256xi32, #b>, %y: tensor<256xi32, #b>) -> tensor<256xi32, #b> {
    %z = "tt.map_elementwise"(%x, %y) <{pack = 1 : i32}> ({
    ^bb0(%a: i32, %c: i32):
      %lt = arith.cmpi slt, %a, %c : i32
      cf.cond_br %lt, ^less, ^other
    ^less:
      %m1 = arith.constant -1 : i32
      tt.map_elementwise.return %m1 : i32
    ^other:
      %eq = arith.cmpi eq, %a, %c : i32
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %r = arith.select %eq, %zero, %one : i32
      tt.map_elementwise.return %r : i32
    }) : (tensor<256xi32, #b>, tensor<256xi32, #b>) -> tensor<256xi32, #b>
    tt.return %z : tensor<256xi32, #b>
  }
}

// -----

// pack = 2 with two results (test_map_elementwise_pack's divmod): one copy
// of the region per pair of registers, arguments a0, a1, b0, b1, results
// q0, q1, r0, r1.
// CHECK-LABEL: llvm.func @divmod_pack
// CHECK: llvm.br ^{{bb[0-9]+}}(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, i32, i32)
// CHECK: llvm.udiv
// CHECK: llvm.urem
// CHECK: ^{{.*}}(%{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32):
// CHECK-NOT: llvm.br ^
// CHECK: llvm.return
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @divmod_pack(%a: tensor<256xi32, #b>, %b: tensor<256xi32, #b>) -> (tensor<256xi32, #b>, tensor<256xi32, #b>) {
    %q, %r = "tt.map_elementwise"(%a, %b) <{pack = 2 : i32}> ({
    ^bb0(%a0: i32, %a1: i32, %b0: i32, %b1: i32):
      %q0 = arith.divui %a0, %b0 : i32
      %q1 = arith.divui %a1, %b1 : i32
      %r0 = arith.remui %a0, %b0 : i32
      %r1 = arith.remui %a1, %b1 : i32
      tt.map_elementwise.return %q0, %q1, %r0, %r1 : i32, i32, i32, i32
    }) : (tensor<256xi32, #b>, tensor<256xi32, #b>) -> (tensor<256xi32, #b>, tensor<256xi32, #b>)
    tt.return %q, %r : tensor<256xi32, #b>, tensor<256xi32, #b>
  }
}

