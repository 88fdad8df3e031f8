// gluon-resolve-auto-encodings: the layouts gluon.set_auto_layout sets flow
// to every #gluon.auto_encoding tensor connected to them, both ways through
// elementwise ops, expand_dims / reduce (slices), loops and branches; the
// set_auto_layout ops go. Conflicts, tensors no layout reaches and
// automatic layouts at a function's boundary are errors.
// RUN: triton-opt %s -split-input-file -gluon-resolve-auto-encodings -verify-each -verify-diagnostics | FileCheck %s

// CHECK-LABEL: tt.func public @through_shapes
// CHECK: tt.make_range {{.*}} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK: tt.expand_dims {{.*}} -> tensor<1x64xi32, #blocked>
// CHECK: arith.constant dense<2> : tensor<1x64xi32, #blocked>
// CHECK: arith.muli {{.*}} : tensor<1x64xi32, #blocked>
// CHECK: tt.broadcast {{.*}} -> tensor<16x64xi32, #blocked>
// CHECK: "tt.reduce"
// CHECK: -> tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NOT: gluon.set_auto_layout
// CHECK-NOT: #gluon
// CHECK: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @through_shapes() -> tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #gluon.auto_encoding>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #gluon.auto_encoding> -> tensor<1x64xi32, #gluon.auto_encoding>
    %two = arith.constant dense<2> : tensor<1x64xi32, #gluon.auto_encoding>
    %m = arith.muli %e, %two : tensor<1x64xi32, #gluon.auto_encoding>
    %b = tt.broadcast %m : tensor<1x64xi32, #gluon.auto_encoding> -> tensor<16x64xi32, #gluon.auto_encoding>
    %fixed = gluon.set_auto_layout %b : tensor<16x64xi32, #gluon.auto_encoding> -> tensor<16x64xi32, #blocked>
    %s = "tt.reduce"(%b) <{axis = 1 : i32}> ({
    ^bb0(%x: i32, %y: i32):
      %z = arith.addi %x, %y : i32
      tt.reduce.return %z : i32
    }) : (tensor<16x64xi32, #gluon.auto_encoding>) -> tensor<16xi32, #gluon.auto_encoding>
    %out = gluon.set_auto_layout %s : tensor<16xi32, #gluon.auto_encoding> -> tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %out : tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

// Loop-carried and branch values take the layout of what they are tied to:
// the init, the region argument, the yielded value and the result.
// CHECK-LABEL: tt.func public @loops_and_branches
// CHECK: arith.constant dense<0> : tensor<128xi32, #blocked>
// CHECK: scf.for {{.*}} -> (tensor<128xi32, #blocked>)
// CHECK: scf.if {{.*}} -> (tensor<128xi32, #blocked>)
// CHECK-NOT: #gluon
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @loops_and_branches(%n: i32, %c: i1) -> tensor<128xi32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0> : tensor<128xi32, #gluon.auto_encoding>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128xi32, #gluon.auto_encoding>) : i32 {
      %s = tt.splat %i : i32 -> tensor<128xi32, #gluon.auto_encoding>
      %next = scf.if %c -> (tensor<128xi32, #gluon.auto_encoding>) {
        %a = arith.addi %acc, %s : tensor<128xi32, #gluon.auto_encoding>
        scf.yield %a : tensor<128xi32, #gluon.auto_encoding>
      } else {
        scf.yield %acc : tensor<128xi32, #gluon.auto_encoding>
      }
      scf.yield %next : tensor<128xi32, #gluon.auto_encoding>
    }
    %out = gluon.set_auto_layout %r : tensor<128xi32, #gluon.auto_encoding> -> tensor<128xi32, #blocked>
    tt.return %out : tensor<128xi32, #blocked>
  }
}

// -----

// A layout that came through a reshape may give way to a fixed one.
// CHECK-LABEL: tt.func public @may_vary
// CHECK: tt.reshape %{{.*}} : tensor<8x16xi32, #blocked{{[0-9]*}}> -> tensor<128xi32, #blocked{{[0-9]*}}>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @may_vary(%x: tensor<8x16xi32, #blocked1>) -> tensor<128xi32, #blocked> {
    %a = ttg.convert_layout %x : tensor<8x16xi32, #blocked1> -> tensor<8x16xi32, #gluon.auto_encoding>
    %f = gluon.set_auto_layout %a : tensor<8x16xi32, #gluon.auto_encoding> -> tensor<8x16xi32, #blocked1>
    %r = tt.reshape %a : tensor<8x16xi32, #gluon.auto_encoding> -> tensor<128xi32, #gluon.auto_encoding>
    %out = gluon.set_auto_layout %r : tensor<128xi32, #gluon.auto_encoding> -> tensor<128xi32, #blocked>
    tt.return %out : tensor<128xi32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @conflict() {
    // expected-error @+1 {{found conflicting layouts for its result}}
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #gluon.auto_encoding>
    %a = gluon.set_auto_layout %r : tensor<128xi32, #gluon.auto_encoding> -> tensor<128xi32, #blocked>
    %b = gluon.set_auto_layout %r : tensor<128xi32, #gluon.auto_encoding> -> tensor<128xi32, #blocked1>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @unresolved() {
    // expected-error @+1 {{result left with an automatic layout}}
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #gluon.auto_encoding>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{a function taking a tensor of automatic layout must be inlined (gluon-inline)}}
  tt.func private @helper(%x: tensor<128xi32, #gluon.auto_encoding>) {
    tt.return
  }
}
