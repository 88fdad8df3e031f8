// The LLVM IR of a kernel: Triton's triple and data layout (32-bit pointers
// to shared, const and local memory), the nvvm-reflect-ftz flag, the
// kernel calling convention and O3 applied.
// RUN: triton-translate %s --emit=llvmir | FileCheck %s

// CHECK: target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
// CHECK: target triple = "nvptx64-nvidia-cuda"
// CHECK: define ptx_kernel void @k(ptr addrspace(1) {{.*}}%0, ptr addrspace(3) {{.*}}%1)
// O3 folded the add of zero away.
// CHECK-NOT: add i32
// CHECK: !{i32 4, !"nvvm-reflect-ftz", i32 1}
module {
  llvm.func @k(%p: !llvm.ptr<1>, %s: !llvm.ptr<3>) attributes {nvvm.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %v = llvm.load %p : !llvm.ptr<1> -> i32
    %w = llvm.add %v, %c0 : i32
    llvm.store %w, %s : i32, !llvm.ptr<3>
    llvm.return
  }
}
