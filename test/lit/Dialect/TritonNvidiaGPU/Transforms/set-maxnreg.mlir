// RUN: triton-opt %s -split-input-file --triton-nvidia-gpu-set-maxnreg="maxnreg=42" | FileCheck %s
// RUN: not triton-opt %s -split-input-file --triton-nvidia-gpu-set-maxnreg 2>&1 | FileCheck %s --check-prefix=ZERO

// The attribute Triton's make_ttgir sets for its maxnreg option; a value
// already there is replaced.
// CHECK: module attributes {ttg.maxnreg = 42 : i32}
// CHECK-LABEL: tt.func @f
module {
  tt.func @f() {
    tt.return
  }
}

// -----

// CHECK: module attributes {ttg.maxnreg = 42 : i32, "ttg.num-warps" = 4 : i32}
// CHECK-LABEL: tt.func @g
module attributes {"ttg.num-warps" = 4 : i32, ttg.maxnreg = 128 : i32} {
  tt.func @g() {
    tt.return
  }
}

// ZERO: set-maxnreg.mlir:8:1: error: triton-nvidia-gpu-set-maxnreg: maxnreg must be a positive number of registers, got 0
