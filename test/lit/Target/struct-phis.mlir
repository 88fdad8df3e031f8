// A loop-carried struct (how the TTGIR lowering carries a tensor's
// registers) becomes one phi per field before the vectorizers, so no phi of
// a struct is left in the optimized LLVM IR.
// RUN: triton-translate %s --emit=llvmir | FileCheck %s

// CHECK-LABEL: define ptx_kernel void @k(
// CHECK-NOT: phi {
// CHECK: phi float
// CHECK-NOT: phi {
// CHECK: ret void
module {
  llvm.func @k(%p: !llvm.ptr<1>, %n: i32) attributes {nvvm.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %f0 = llvm.mlir.constant(0.0 : f32) : f32
    %u = llvm.mlir.undef : !llvm.struct<(f32, f32)>
    %s0 = llvm.insertvalue %f0, %u[0] : !llvm.struct<(f32, f32)>
    %s1 = llvm.insertvalue %f0, %s0[1] : !llvm.struct<(f32, f32)>
    llvm.br ^loop(%c0, %s1 : i32, !llvm.struct<(f32, f32)>)
  ^loop(%i: i32, %acc: !llvm.struct<(f32, f32)>):
    %done = llvm.icmp "sge" %i, %n : i32
    llvm.cond_br %done, ^exit, ^body
  ^body:
    %q = llvm.getelementptr %p[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %v = llvm.load volatile %q : !llvm.ptr<1> -> f32
    %a = llvm.extractvalue %acc[0] : !llvm.struct<(f32, f32)>
    %b = llvm.extractvalue %acc[1] : !llvm.struct<(f32, f32)>
    %a2 = llvm.fadd %a, %v : f32
    %b2 = llvm.fmul %b, %v : f32
    %t0 = llvm.insertvalue %a2, %acc[0] : !llvm.struct<(f32, f32)>
    %t1 = llvm.insertvalue %b2, %t0[1] : !llvm.struct<(f32, f32)>
    %next = llvm.add %i, %c1 : i32
    llvm.br ^loop(%next, %t1 : i32, !llvm.struct<(f32, f32)>)
  ^exit:
    %ra = llvm.extractvalue %acc[0] : !llvm.struct<(f32, f32)>
    %rb = llvm.extractvalue %acc[1] : !llvm.struct<(f32, f32)>
    %r = llvm.fadd %ra, %rb : f32
    llvm.store %r, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}
