// A 1-D tile's element index runs on from the lane bits into the warp bits
// (4 elements a thread, 16 warps: lane << 2 | warp << 7). In the PTX it is
// the thread id shifted once, as in Triton's code, not two shifts and an
// `or` over the lane and warp ids, which made ptxas branch around the
// predicated shared stores of Inductor's reductions (measured 2026-11-27,
// commit 831c718).
// RUN: triton-translate %s --num-warps=16 --emit=ptx | FileCheck %s
// CHECK: mov.u32 [[TID:%r[0-9]+]], %tid.x;
// CHECK-NOT: shl.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, 7;
// CHECK: shl.b32 [[IDX:%r[0-9]+]], [[TID]], 2;
// CHECK-NOT: shl.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, 7;
// CHECK: ld.global
module {
  tt.func public @sum_1d(%in: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %r = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32>
    %nb = tt.splat %n : i32 -> tensor<2048xi32>
    %m = arith.cmpi slt, %r, %nb : tensor<2048xi32>
    %pb = tt.splat %in : !tt.ptr<f32> -> tensor<2048x!tt.ptr<f32>>
    %p = tt.addptr %pb, %r : tensor<2048x!tt.ptr<f32>>, tensor<2048xi32>
    %zero = arith.constant dense<0.000000e+00> : tensor<2048xf32>
    %x = tt.load %p, %m, %zero : tensor<2048x!tt.ptr<f32>>
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<2048xf32>) -> f32
    tt.store %out, %s : !tt.ptr<f32>
    tt.return
  }
}
