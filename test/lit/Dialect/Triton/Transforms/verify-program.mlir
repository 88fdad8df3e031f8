// RUN: not triton-opt %s -split-input-file --triton-verify-program 2>&1 | FileCheck %s --check-prefix=OK
// RUN: not triton-opt %s -split-input-file --triton-verify-program 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not triton-opt %s -split-input-file --triton-ttir-pipeline 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: sh -c 'triton-opt %s -split-input-file --triton-ttir-pipeline >/dev/null 2>&1; test $? -eq 1'

// An acyclic graph (a diamond: @k calls @a and @b, both call @leaf) passes
// unchanged.
// OK-LABEL: tt.func private @leaf
// OK: tt.func private @a
// OK: tt.call @leaf
// OK: tt.func public @k
module {
  tt.func private @leaf(%x: i32) -> i32 attributes {noinline = true} {
    tt.return %x : i32
  }
  tt.func private @a(%x: i32) -> i32 attributes {noinline = true} {
    %y = tt.call @leaf(%x) : (i32) -> i32
    tt.return %y : i32
  }
  tt.func private @b(%x: i32) -> i32 attributes {noinline = true} {
    %y = tt.call @leaf(%x) : (i32) -> i32
    tt.return %y : i32
  }
  tt.func public @k(%p: !tt.ptr<i32>) {
    %c = arith.constant 1 : i32
    %u = tt.call @a(%c) : (i32) -> i32
    %v = tt.call @b(%u) : (i32) -> i32
    tt.store %p, %v : !tt.ptr<i32>
    tt.return
  }
}

// -----

// Direct recursion, also of a function the inliner would inline.
module {
  tt.func private @r(%x: i32) -> i32 {
    // CHECK: verify-program.mlir:[[@LINE+1]]:10: error: recursive call to @r: Triton functions cannot recurse (cycle @r -> @r)
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

// A three-function cycle below the kernel: @a -> @b -> @c -> @a.
module {
  tt.func private @a(%x: i32) -> i32 attributes {noinline = true} {
    %y = tt.call @b(%x) : (i32) -> i32
    tt.return %y : i32
  }
  tt.func private @b(%x: i32) -> i32 attributes {noinline = true} {
    %y = tt.call @c(%x) : (i32) -> i32
    tt.return %y : i32
  }
  tt.func private @c(%x: i32) -> i32 attributes {noinline = true} {
    // CHECK: verify-program.mlir:[[@LINE+1]]:10: error: recursive call to @a: Triton functions cannot recurse (cycle @a -> @b -> @c -> @a)
    %y = tt.call @a(%x) : (i32) -> i32
    tt.return %y : i32
  }
  tt.func public @k(%p: !tt.ptr<i32>) {
    %c1 = arith.constant 1 : i32
    %v = tt.call @a(%c1) : (i32) -> i32
    tt.store %p, %v : !tt.ptr<i32>
    tt.return
  }
}

// -----

// A kernel returns nothing: its results could not reach the host. A
// private function may return values; a generic (0) or global (1) pointer
// argument is fine, a shared (3) one is not.
module {
  tt.func private @helper(%x: i32) -> i32 {
    tt.return %x : i32
  }
  // CHECK: verify-program.mlir:[[@LINE+1]]:3: error: kernel @k returns 'i32': a kernel launched from the host has no results (store them through a pointer argument, or make the function private)
  tt.func public @k(%p: !tt.ptr<i32>, %q: !tt.ptr<i32, 0>) -> i32 {
    %c = arith.constant 1 : i32
    tt.return %c : i32
  }
  // CHECK: verify-program.mlir:[[@LINE+1]]:23: error: kernel @s argument #1 is '!tt.ptr<f32, 3>', a pointer in address space 3: a kernel's pointers come from the host and are global (address space 1)
  tt.func @s(%p: i32, %q: !tt.ptr<f32, 3>) {
    tt.return
  }
}
