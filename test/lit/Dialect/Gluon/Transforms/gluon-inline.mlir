// gluon-inline: helpers are inlined (their automatic layouts then resolve
// with the caller's), simplified with gluon-canonicalize, not canonicalize:
// the layout conversion the helper's author wrote stays. A noinline callee
// stays a call.
// RUN: triton-opt %s -gluon-inline -verify-each | FileCheck %s

// CHECK-NOT: tt.func private @helper
// CHECK: tt.func private @kept
// CHECK-LABEL: tt.func public @kernel
// CHECK-NOT: tt.call @helper
// CHECK: tt.make_range {{.*}} : tensor<128xi32, #gluon.auto_encoding>
// CHECK: ttg.convert_layout %{{.*}} : tensor<128xi32, #blocked> -> tensor<128xi32, #blocked1>
// CHECK: tt.call @kept
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @helper(%x: tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked1> {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #gluon.auto_encoding>
    %a = gluon.set_auto_layout %r : tensor<128xi32, #gluon.auto_encoding> -> tensor<128xi32, #blocked>
    %s = arith.addi %a, %x : tensor<128xi32, #blocked>
    %c = ttg.convert_layout %s : tensor<128xi32, #blocked> -> tensor<128xi32, #blocked1>
    tt.return %c : tensor<128xi32, #blocked1>
  }
  tt.func private @kept(%x: i32) -> i32 attributes {noinline = true} {
    tt.return %x : i32
  }
  tt.func public @kernel(%x: tensor<128xi32, #blocked>, %p: !tt.ptr<i32>) {
    %y = tt.call @helper(%x) : (tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked1>
    %c0 = arith.constant 0 : i32
    %z = tt.call @kept(%c0) : (i32) -> i32
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>, #blocked1>
    %pz = tt.addptr %ps, %y : tensor<128x!tt.ptr<i32>, #blocked1>, tensor<128xi32, #blocked1>
    %zs = tt.splat %z : i32 -> tensor<128xi32, #blocked1>
    tt.store %pz, %zs : tensor<128x!tt.ptr<i32>, #blocked1>
    tt.return
  }
}
