// gluon-infer-coalesced-encodings: a load or store of pointers in
// #gluon.coalesced_encoding gets tritongpu-coalesce's layout (here f32 rows
// of 64 contiguous, 16-byte aligned elements: 4 per thread along the row),
// carried to every coalesced-placeholder tensor connected to it. Automatic
// layouts are left for gluon-resolve-auto-encodings.
// RUN: triton-opt %s -split-input-file -gluon-infer-coalesced-encodings -verify-each -verify-diagnostics | FileCheck %s

// CHECK: #[[C:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func public @rows
// CHECK: tt.make_range {{.*}} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #[[C]]}>>
// CHECK: arith.constant dense<64> : tensor<32x1xi32, #[[C]]>
// CHECK: tt.load %{{.*}} : tensor<32x64x!tt.ptr<f32>, #[[C]]>
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<32x64x!tt.ptr<f32>, #[[C]]>
// CHECK: gluon.set_auto_layout %{{.*}} : tensor<32x64xf32, #gluon.auto_encoding> -> tensor<32x64xf32, #[[C]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rows(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #gluon.coalesced_encoding>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #gluon.coalesced_encoding> -> tensor<1x64xi32, #gluon.coalesced_encoding>
    %c = arith.constant dense<64> : tensor<32x1xi32, #gluon.coalesced_encoding>
    %r2 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #gluon.coalesced_encoding>
    %e2 = tt.expand_dims %r2 {axis = 1 : i32} : tensor<32xi32, #gluon.coalesced_encoding> -> tensor<32x1xi32, #gluon.coalesced_encoding>
    %rows = arith.muli %e2, %c : tensor<32x1xi32, #gluon.coalesced_encoding>
    %rb = tt.broadcast %rows : tensor<32x1xi32, #gluon.coalesced_encoding> -> tensor<32x64xi32, #gluon.coalesced_encoding>
    %cb = tt.broadcast %e : tensor<1x64xi32, #gluon.coalesced_encoding> -> tensor<32x64xi32, #gluon.coalesced_encoding>
    %off = arith.addi %rb, %cb : tensor<32x64xi32, #gluon.coalesced_encoding>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #gluon.coalesced_encoding>
    %pp = tt.addptr %ps, %off : tensor<32x64x!tt.ptr<f32>, #gluon.coalesced_encoding>, tensor<32x64xi32, #gluon.coalesced_encoding>
    %v = tt.load %pp : tensor<32x64x!tt.ptr<f32>, #gluon.coalesced_encoding>
    %qs = tt.splat %q : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #gluon.coalesced_encoding>
    %qp = tt.addptr %qs, %off : tensor<32x64x!tt.ptr<f32>, #gluon.coalesced_encoding>, tensor<32x64xi32, #gluon.coalesced_encoding>
    tt.store %qp, %v : tensor<32x64x!tt.ptr<f32>, #gluon.coalesced_encoding>
    %a = ttg.convert_layout %v : tensor<32x64xf32, #gluon.coalesced_encoding> -> tensor<32x64xf32, #blocked>
    %auto = ttg.convert_layout %a : tensor<32x64xf32, #blocked> -> tensor<32x64xf32, #gluon.auto_encoding>
    %back = gluon.set_auto_layout %auto : tensor<32x64xf32, #gluon.auto_encoding> -> tensor<32x64xf32, #gluon.coalesced_encoding>
    tt.store %pp, %back : tensor<32x64x!tt.ptr<f32>, #gluon.coalesced_encoding>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_access() {
    // expected-error @+1 {{result left with a coalesced layout}}
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #gluon.coalesced_encoding>
    tt.return
  }
}
