// PTX from LLVM's NVPTX backend: target and PTX ISA version from the
// options (the .version line is set to the one asked for even above what
// LLVM knows), FMA contraction unless fp fusion is off, mad.wide for
// 64-bit addressing.
// RUN: triton-translate %s | FileCheck %s
// RUN: triton-translate %s --target=cuda:90 --ptx-version=90 | FileCheck %s
// RUN: triton-translate %s --target=sm_80 --ptx-version=87 | FileCheck %s --check-prefix=SM80
// RUN: triton-translate %s --target=sm_89 --ptx-version=84 | FileCheck %s --check-prefix=SM89
// RUN: triton-translate %s --target=sm_90 --ptx-version=78 | FileCheck %s --check-prefix=SM90
// RUN: triton-translate %s --ptx-version=95 | FileCheck %s --check-prefix=NEWER
// RUN: triton-translate %s --enable-fp-fusion=false | FileCheck %s --check-prefix=NOFMA

// CHECK: .version 9.0
// CHECK: .target sm_90a
// CHECK: .address_size 64
// CHECK: .visible .entry k(
// CHECK-NEXT: .param .u64 .ptr .global .align 1 k_param_0,
// CHECK-NEXT: .param .u32 k_param_1
// CHECK: mad.wide.u32
// CHECK: fma.rn.f32

// SM80: .version 8.7
// SM80: .target sm_80
// SM89: .version 8.4
// SM89: .target sm_89
// SM90: .version 7.8
// SM90: .target sm_90{{$}}
// NEWER: .version 9.5
// NEWER: .target sm_90a

// NOFMA-NOT: fma.rn.f32
// NOFMA: mul.rn.f32
// NOFMA: add.rn.f32
module {
  llvm.func @k(%p: !llvm.ptr<1>, %n: i32) attributes {nvvm.kernel} {
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %idx = llvm.zext %tid : i32 to i64
    %q = llvm.getelementptr %p[%idx] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
    %v = llvm.load %q : !llvm.ptr<1> -> f32
    %m = llvm.fmul %v, %v : f32
    %a = llvm.fadd %m, %v : f32
    llvm.store %a, %q : f32, !llvm.ptr<1>
    llvm.return
  }
}
