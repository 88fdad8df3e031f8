// libdevice is linked only when the module calls __nv_* functions, only the
// functions it needs (and what they call) come in, and they become
// internal: external linkage would make NVPTX emit them as device entry
// points.
// RUN: split-file %s %t
// RUN: llvm-as %S/Inputs/fake-libdevice.ll -o %t/libdevice.bc
// RUN: triton-translate %t/calls.mlir --emit=llvmir --libdevice-path=%t/libdevice.bc | FileCheck %s --check-prefix=CALLS
// RUN: triton-translate %t/none.mlir --emit=llvmir --libdevice-path=%t/missing.bc | FileCheck %s --check-prefix=NONE
// RUN: not triton-translate %t/calls.mlir --emit=llvmir --libdevice-path=%t/missing.bc 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: env TRITON_LIBDEVICE_PATH=%t/libdevice.bc triton-translate %t/calls.mlir --emit=llvmir | FileCheck %s --check-prefix=CALLS

// CALLS: define ptx_kernel void @k(
// CALLS: call {{.*}}float @__nv_expf(
// CALLS: define internal {{.*}}float @__nv_expf(
// CALLS: define internal {{.*}}float @__nv_helper(
// CALLS: fmul float %{{.*}}, 4.200000e+01
// CALLS-NOT: __nv_sinf

// NONE: define ptx_kernel void @k(
// NONE-NOT: __nv_

// MISSING: error: libdevice not found at '{{.*}}' (the module calls __nv_* functions; give its path with --libdevice-path or TRITON_LIBDEVICE_PATH)

//--- calls.mlir
module {
  llvm.func @__nv_expf(f32) -> f32
  llvm.func @k(%p: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %v = llvm.load %p : !llvm.ptr<1> -> f32
    %e = llvm.call @__nv_expf(%v) : (f32) -> f32
    llvm.store %e, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}

//--- none.mlir
module {
  llvm.func @k(%p: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %v = llvm.load %p : !llvm.ptr<1> -> f32
    %e = llvm.fadd %v, %v : f32
    llvm.store %e, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}
