// An op the tt dialect does not have, in the custom and the generic form,
// and an unknown dialect.
// RUN: not triton-opt -split-input-file %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: sh -c 'triton-opt -split-input-file %s >/dev/null 2>&1; test $? -eq 1'
// RUN: sh -c 'triton-opt %s >/dev/null 2>&1; test $? -eq 1'

tt.func public @custom_form(%x: i32) {
  // CHECK: {{.*}}unknown-op.mlir:[[@LINE+1]]:8: error: custom op 'tt.frobnicate' is unknown
  %0 = tt.frobnicate %x : i32
  tt.return
}

// -----

tt.func public @generic_form(%x: i32) {
  // CHECK: {{.*}}unknown-op.mlir:[[@LINE+1]]:8: error: unregistered operation 'tt.frobnicate' found in dialect ('tt') that does not allow unknown operations
  %0 = "tt.frobnicate"(%x) : (i32) -> i32
  tt.return
}

// -----

tt.func public @unknown_dialect(%x: i32) {
  // CHECK: {{.*}}unknown-op.mlir:[[@LINE+1]]:8: error: Dialect `ttx' not found for custom op 'ttx.load'
  %0 = ttx.load %x : i32
  tt.return
}
