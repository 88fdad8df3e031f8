// Triton's maxnreg option (test_maxnreg, whose TTIR Triton 3.6 prints as
// below): the kernel's .entry gets `.maxnreg N` right after `.reqntid`, as
// in Triton's PTX; the noinline device functions it calls do not. From
// TTIR the ttgir stage sets ttg.maxnreg; TTGIR input brings its own.
// RUN: triton-translate %s --maxnreg=42 | FileCheck %s
// RUN: triton-translate %s --maxnreg=42 --emit=ttgir | FileCheck %s --check-prefix=TTGIR
// RUN: triton-translate %s --maxnreg=42 --emit=llvm-mlir | FileCheck %s --check-prefix=LLVM
// RUN: triton-translate %s --maxnreg=42 --emit=ttgir | triton-translate | FileCheck %s
// RUN: triton-translate %s --maxnreg=42 --emit=ttgir | triton-translate --maxnreg=42 | FileCheck %s
// RUN: triton-translate %s | FileCheck %s --check-prefix=NONE
// RUN: triton-translate %s --maxnreg=42 --emit=llvm-mlir -o %t.mlir --metadata=%t.json
// RUN: FileCheck %s --check-prefix=JSON < %t.json

// CHECK-NOT: .maxnreg
// CHECK: .visible .entry kernel(
// CHECK-NOT: {
// CHECK: .reqntid 128
// CHECK-NEXT: .maxnreg 42
// CHECK-NEXT: {
// CHECK-NOT: .maxnreg
// CHECK: .func test_core_$_maxnreg_noinline1__Pi32__(
// CHECK-NOT: .maxnreg
// CHECK: .func test_core_$_maxnreg_noinline2__Pi32__(
// CHECK-NOT: .maxnreg

// TTGIR: module attributes {ttg.maxnreg = 42 : i32, "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}

// LLVM: llvm.func @kernel(
// LLVM-SAME: nvvm.maxnreg = 42 : i32
// LLVM: llvm.func internal @test_core.maxnreg_noinline1__Pi32__(
// LLVM-SAME: attributes {no_inline} {
// LLVM: llvm.func internal @test_core.maxnreg_noinline2__Pi32__(
// LLVM-SAME: attributes {no_inline} {

// NONE-NOT: .maxnreg

// The metadata JSON has it, as Triton's does.
// JSON: "maxnreg": 42,

module {
  tt.func public @kernel(%X: !tt.ptr<i32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    tt.call @test_core.maxnreg_noinline1__Pi32__(%X) : (!tt.ptr<i32>) -> ()
    tt.store %X, %c0_i32 : !tt.ptr<i32>
    tt.call @test_core.maxnreg_noinline2__Pi32__(%X) : (!tt.ptr<i32>) -> ()
    tt.return
  }
  tt.func private @test_core.maxnreg_noinline1__Pi32__(%X: !tt.ptr<i32>) attributes {noinline = true} {
    %c0_i32 = arith.constant 0 : i32
    tt.store %X, %c0_i32 : !tt.ptr<i32>
    tt.return
  }
  tt.func private @test_core.maxnreg_noinline2__Pi32__(%X: !tt.ptr<i32>) attributes {noinline = true} {
    %c0_i32 = arith.constant 0 : i32
    tt.store %X, %c0_i32 : !tt.ptr<i32>
    tt.return
  }
}
