// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm=compute-capability=80 -verify-diagnostics | FileCheck %s

// Below sm_89 there are no fp8 conversions: float8e5 is an f16's top byte,
// so it widens by a shift, and an f16 rounds to it to nearest even as an
// integer (add 0x7f and the kept byte's lowest bit; a NaN stays a NaN:
// 0x7f00), as Triton 3.6 does on sm_80.
// CHECK-LABEL: llvm.func @fp8e5_sm80
// CHECK-NOT: cvt.rn
// CHECK: %[[W:.*]] = llvm.zext %{{.*}} : i8 to i16
// CHECK: %[[S:.*]] = llvm.shl %[[W]], %{{.*}} : i16
// CHECK: %[[H:.*]] = llvm.bitcast %[[S]] : i16 to f16
// CHECK: llvm.fpext %[[H]] : f16 to f32
// CHECK: %[[B:[0-9]+]] = llvm.add %{{.*}}, %{{.*}} : i16
// CHECK: llvm.add %[[M:[0-9]+]], %[[B]] : i16
// CHECK: llvm.icmp "ugt" %[[M]], %{{.*}} : i16
// CHECK: llvm.trunc %{{.*}} : i16 to i8
// CHECK-NOT: cvt.rn
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8e5_sm80(%q: f8E5M2, %h: f16, %pf: !tt.ptr<f32>, %p8: !tt.ptr<f8E5M2>) {
    %w = tt.fp_to_fp %q : f8E5M2 -> f32
    %e = tt.fp_to_fp %h, rounding = rtne : f16 -> f8E5M2
    tt.store %pf, %w : !tt.ptr<f32>
    tt.store %p8, %e : !tt.ptr<f8E5M2>
    tt.return
  }
}

// -----

// Below sm_89: float8e4nv has no conversion (Triton's frontend refuses the
// type there), and float8e5 rounds to nearest from f16 only.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_sm80(%q: f8E4M3FN, %x: f32, %pf: !tt.ptr<f32>, %p8: !tt.ptr<f8E5M2>) {
    // expected-error @+2 {{conversions of 'f8E4M3FN' need sm_89 or later (the target is sm_80)}}
    // expected-error @+1 {{failed to legalize operation 'tt.fp_to_fp'}}
    %w = tt.fp_to_fp %q : f8E4M3FN -> f32
    tt.store %pf, %w : !tt.ptr<f32>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f32_to_fp8e5_sm80(%x: f32, %p8: !tt.ptr<f8E5M2>) {
    // expected-error @+2 {{conversion to float8e5 rounding to nearest is lowered from f16 only below sm_89 (from 'f32', the target is sm_80)}}
    // expected-error @+1 {{failed to legalize operation 'tt.fp_to_fp'}}
    %e = tt.fp_to_fp %x, rounding = rtne : f32 -> f8E5M2
    tt.store %p8, %e : !tt.ptr<f8E5M2>
    tt.return
  }
}
