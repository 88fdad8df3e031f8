// The gluon dialect as Triton 3.6's Gluon frontend prints it: the two
// placeholder layouts on tensors of any tt op, and gluon.set_auto_layout.
// Printed and parsed again, the module is unchanged.
// RUN: triton-opt %s -verify-each | triton-opt -verify-each | FileCheck %s

// CHECK-LABEL: tt.func public @placeholders
// CHECK: tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #gluon.auto_encoding>
// CHECK: tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<128xi32, #gluon.auto_encoding> -> tensor<1x128xi32, #gluon.auto_encoding>
// CHECK: "tt.reduce"
// CHECK: -> tensor<1xi32, #gluon.auto_encoding>
// CHECK: gluon.set_auto_layout %{{.*}} : tensor<128xi32, #gluon.auto_encoding> -> tensor<128xi32, #blocked>
// CHECK: gluon.set_auto_layout %{{.*}} : tensor<128xi32, #gluon.auto_encoding> -> tensor<128xi32, #gluon.coalesced_encoding>
// CHECK: tt.splat %{{.*}} : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #gluon.coalesced_encoding>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @placeholders(%p: !tt.ptr<f32>) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #gluon.auto_encoding>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<128xi32, #gluon.auto_encoding> -> tensor<1x128xi32, #gluon.auto_encoding>
    %s = "tt.reduce"(%e) <{axis = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %x = arith.addi %a, %b : i32
      tt.reduce.return %x : i32
    }) : (tensor<1x128xi32, #gluon.auto_encoding>) -> tensor<1xi32, #gluon.auto_encoding>
    %b = gluon.set_auto_layout %r : tensor<128xi32, #gluon.auto_encoding> -> tensor<128xi32, #blocked>
    %c = gluon.set_auto_layout %r : tensor<128xi32, #gluon.auto_encoding> -> tensor<128xi32, #gluon.coalesced_encoding>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #gluon.coalesced_encoding>
    %pp = tt.addptr %ps, %c : tensor<128x!tt.ptr<f32>, #gluon.coalesced_encoding>, tensor<128xi32, #gluon.coalesced_encoding>
    tt.return
  }
}
