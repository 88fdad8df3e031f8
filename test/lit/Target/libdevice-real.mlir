// With CUDA's own libdevice: __nv_expf is linked, inlined and flushes
// denormals (nvvm-reflect-ftz = 1): the PTX has no call and uses the .ftz
// instructions.
// REQUIRES: libdevice
// RUN: triton-translate %s --emit=ptx | FileCheck %s

// CHECK: .visible .entry k(
// CHECK-NOT: call
// CHECK: ex2.approx.ftz.f32
// CHECK-NOT: .func
module {
  llvm.func @__nv_expf(f32) -> f32
  llvm.func @k(%p: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %v = llvm.load %p : !llvm.ptr<1> -> f32
    %e = llvm.call @__nv_expf(%v) : (f32) -> f32
    llvm.store %e, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}
