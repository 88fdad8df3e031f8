// triton-translate refuses a recursive noinline function with one error
// naming the call, exit 1 and no output file (it used to print the error
// five times, exit 0 and write PTX containing the recursion).
// RUN: rm -f %t.ptx
// RUN: not triton-translate %s --emit=ptx -o %t.ptx 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: sh -c 'triton-translate %s --emit=ptx -o %t.ptx >/dev/null 2>&1; test $? -eq 1'
// RUN: not test -s %t.ptx

tt.func private @r(%x: i32) -> i32 attributes {noinline = true} {
  // CHECK: recursion-translate.mlir:[[@LINE+1]]:8: error: recursive call to @r: Triton functions cannot recurse (cycle @r -> @r)
  %y = tt.call @r(%x) : (i32) -> i32
  tt.return %y : i32
}
tt.func public @k(%p: !tt.ptr<i32>) {
  %c = arith.constant 1 : i32
  %v = tt.call @r(%c) : (i32) -> i32
  tt.store %p, %v : !tt.ptr<i32>
  tt.return
}
// CHECK: error: the ttir/ttgir pipeline failed
