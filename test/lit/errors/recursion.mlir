// Triton functions cannot recurse: the ttgir pipeline and triton-translate
// name the call that closes the cycle once and exit 1 (they used to print
// the error, go on, and exit 0, triton-translate with a PTX file).
// RUN: not triton-opt %s -split-input-file --triton-ttgir-pipeline="num-warps=4" 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: sh -c 'triton-opt %s -split-input-file --triton-ttgir-pipeline="num-warps=4" >/dev/null 2>&1; test $? -eq 1'
// (triton-translate: recursion-translate.mlir.)

module {
  tt.func private @r(%x: i32) -> i32 attributes {noinline = true} {
    // CHECK: recursion.mlir:[[@LINE+1]]:10: error: recursive call to @r: Triton functions cannot recurse (cycle @r -> @r)
    %y = tt.call @r(%x) : (i32) -> i32
    tt.return %y : i32
  }
  tt.func public @k(%p: !tt.ptr<i32>) {
    %c = arith.constant 1 : i32
    %v = tt.call @r(%c) : (i32) -> i32
    tt.store %p, %v : !tt.ptr<i32>
    tt.return
  }
}

// -----

// Mutual recursion: @a -> @b -> @a.
module {
  tt.func private @a(%x: i32) -> i32 attributes {noinline = true} {
    %y = tt.call @b(%x) : (i32) -> i32
    tt.return %y : i32
  }
  tt.func private @b(%x: i32) -> i32 attributes {noinline = true} {
    // CHECK: recursion.mlir:[[@LINE+1]]:10: error: recursive call to @a: Triton functions cannot recurse (cycle @a -> @b -> @a)
    %y = tt.call @a(%x) : (i32) -> i32
    tt.return %y : i32
  }
  tt.func public @k(%p: !tt.ptr<i32>) {
    %c = arith.constant 1 : i32
    %v = tt.call @a(%c) : (i32) -> i32
    tt.store %p, %v : !tt.ptr<i32>
    tt.return
  }
}
