// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm=compute-capability=80 -verify-diagnostics | FileCheck %s

// Before Hopper there are no vector atomics: f16 pairs are packed into one
// f16x2 atomic, f32 stays scalar.
// CHECK-LABEL: llvm.func @vec_f16
// CHECK-COUNT-4: "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.relaxed.add.noftz.f16x2 $0, [ $1 + 0 ], $2;", "=r,l,r,b"
// CHECK-NOT: atom.global
// CHECK-LABEL: llvm.func @vec_f32
// CHECK-COUNT-8: atom.global.gpu.relaxed.add.f32 $0
// CHECK-NOT: atom.global
// CHECK: llvm.return
#v = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @vec_f16(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %v: tensor<1024xf16, #v>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #v>
    %ps = tt.splat %p : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #v>
    %pp = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f16>, #v>, tensor<1024xi32, #v>
    %o = tt.atomic_rmw fadd, relaxed, gpu, %pp, %v : (tensor<1024x!tt.ptr<f16>, #v>, tensor<1024xf16, #v>) -> tensor<1024xf16, #v>
    tt.store %pp, %o : tensor<1024x!tt.ptr<f16>, #v>
    tt.return
  }
  tt.func public @vec_f32(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %v: tensor<1024xf32, #v>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #v>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #v>
    %pp = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f32>, #v>, tensor<1024xi32, #v>
    %o = tt.atomic_rmw fadd, relaxed, gpu, %pp, %v : (tensor<1024x!tt.ptr<f32>, #v>, tensor<1024xf32, #v>) -> tensor<1024xf32, #v>
    tt.store %pp, %o : tensor<1024x!tt.ptr<f32>, #v>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @bf16_add(%p: !tt.ptr<bf16>, %v: bf16) {
    // expected-error @+2 {{cannot be lowered to PTX: 'fadd' on bf16 needs compute capability 90}}
    // expected-error @+1 {{failed to legalize operation 'tt.atomic_rmw'}}
    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (!tt.ptr<bf16>, bf16) -> bf16
    tt.return
  }
}
