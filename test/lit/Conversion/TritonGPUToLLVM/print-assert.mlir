// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

// One vprintf per element with Triton's format: pid, index (padded to the
// digits of each dimension), prefix, "(operand n) " with several operands,
// the value (f16 promoted to double; i8 sign-extended when isSigned).
// CHECK-DAG: llvm.mlir.global internal constant @printfPrefix_0(" x: \00")
// CHECK-DAG: llvm.mlir.global internal constant @[[F0:printfFormat_[0-9]+]]("pid (%u, %u, %u) idx (%2u, %1u)%s(operand 0) %f\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[F1:printfFormat_[0-9]+]]("pid (%u, %u, %u) idx (%2u, %1u)%s(operand 1) %i\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @{{printfFormat_[0-9]+}}("pid (%u, %u, %u) idx ()%s0x%016llx\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @{{printfFormat_[0-9]+}}("pid (%u, %u, %u)%s\0A\00")
// CHECK-DAG: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
// CHECK-LABEL: llvm.func @print_ops
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: nvvm.read.ptx.sreg.ctaid.y
// CHECK: nvvm.read.ptx.sreg.ctaid.z
// CHECK: llvm.fpext %{{.*}} : f16 to f64
// CHECK: %[[FMT:.*]] = llvm.mlir.addressof @[[F0]]
// CHECK: %[[BUF:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i32, i32, ptr, f64)>
// CHECK: llvm.call @vprintf(%[[FMT]], %[[BUF]])
// CHECK-COUNT-1: llvm.call @vprintf
// CHECK: llvm.sext %{{.*}} : i8 to i32
// CHECK: llvm.mlir.addressof @[[F1]]
// CHECK-COUNT-2: llvm.call @vprintf
// CHECK: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, ptr, i64)>
// CHECK: llvm.call @vprintf
// CHECK: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, ptr)>
// CHECK: llvm.call @vprintf
// CHECK-NOT: llvm.call @vprintf
// CHECK: llvm.return
#b = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @print_ops(%x: tensor<64x4xf16, #b>, %y: tensor<64x4xi8, #b>, %s: i64) {
    tt.print " x: " {hex = false, isSigned = array<i32: 0, 1>} : %x, %y : tensor<64x4xf16, #b>, tensor<64x4xi8, #b>
    tt.print " s: " {hex = true, isSigned = array<i32: 0>} : %s : i64
    tt.print "hello" {hex = false, isSigned = array<i32>}
    tt.return
  }
}

// -----

// A tensor assert: any false element of the thread calls __assertfail with
// the message, the file and line of the op's location, the function name
// and char size 1; then a barrier. A scalar assert has no barrier.
// CHECK-LABEL: // -----
// CHECK-DAG: llvm.mlir.global internal constant @[[MSG:assertMessage_[0-9]+]]("c is false\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[FILE:assertFile_[0-9]+]]("kernel.py\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[FUNC:assertFunc_[0-9]+]]("assert_ops\00")
// CHECK-DAG: llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64)
// CHECK-LABEL: llvm.func @assert_ops
// CHECK: %[[E0:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i1
// CHECK: %[[E1:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i1
// CHECK: %[[ANY:.*]] = llvm.or %[[E0]], %[[E1]] : i1
// CHECK: llvm.cond_br %[[ANY]], ^[[FAIL:.*]], ^[[OK:.*]]
// CHECK: ^[[FAIL]]:
// CHECK: %[[M:.*]] = llvm.mlir.addressof @[[MSG]]
// CHECK: %[[F:.*]] = llvm.mlir.addressof @[[FILE]]
// CHECK: %[[FN:.*]] = llvm.mlir.addressof @[[FUNC]]
// CHECK: %[[LINE:.*]] = llvm.mlir.constant(42 : i32)
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i64)
// CHECK: llvm.call @__assertfail(%[[M]], %[[F]], %[[LINE]], %[[FN]], %[[ONE]])
// CHECK: llvm.br ^[[OK]]
// CHECK: ^[[OK]]:
// CHECK-NEXT: nvvm.barrier0
// CHECK: llvm.cond_br
// CHECK: llvm.call @__assertfail
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#l = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @assert_ops(%c: tensor<256xi1, #l>, %d: i1) {
    tt.assert %c, "c is false" : tensor<256xi1, #l> loc(#loc1)
    tt.assert %d, "d is false" : i1
    tt.return
  }
}
#loc1 = loc("kernel.py":42:7)
