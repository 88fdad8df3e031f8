// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

// Kernels take their arguments, then the global and profile scratch
// pointers; other functions also the shared-memory base, and are internal.

// CHECK: llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK-LABEL: llvm.func internal @helper
// CHECK-SAME: (%{{.*}}: !llvm.ptr<1>, %{{.*}}: f32, %{{.*}}: !llvm.ptr<3>, %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>) -> f32
// CHECK-SAME: no_inline
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @kernel
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<1>, %{{.*}}: i32, %[[GS:.*]]: !llvm.ptr<1>, %[[PS:.*]]: !llvm.ptr<1>)
// CHECK-SAME: attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128>}
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: llvm.call @helper(%[[P]], %{{.*}}, %[[SMEM]], %[[GS]], %[[PS]])
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @helper(%p: !tt.ptr<f32>, %x: f32) -> f32 attributes {noinline = true} {
    %y = arith.addf %x, %x : f32
    tt.return %y : f32
  }
  tt.func public @kernel(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %c = arith.constant 1.0 : f32
    %r = tt.call @helper(%p, %c) : (!tt.ptr<f32>, f32) -> f32
    tt.return
  }
}

// -----

// Several results travel as one struct.

// CHECK-LABEL: llvm.func internal @pair
// CHECK-SAME: -> !llvm.struct<(i32, f32)>
// CHECK: llvm.return %{{.*}} : !llvm.struct<(i32, f32)>
// CHECK-LABEL: llvm.func @caller
// CHECK: %[[R:.*]] = llvm.call @pair
// CHECK: llvm.extractvalue %[[R]][0]
// CHECK: llvm.extractvalue %[[R]][1]
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @pair(%a: i32, %b: f32) -> (i32, f32) attributes {noinline = true} {
    tt.return %a, %b : i32, f32
  }
  tt.func public @caller(%a: i32, %b: f32, %p: !tt.ptr<i32>) {
    %r:2 = tt.call @pair(%a, %b) : (i32, f32) -> (i32, f32)
    tt.store %p, %r#0 : !tt.ptr<i32>
    tt.return
  }
}

// -----

// A launch of 8 warps.

// CHECK-LABEL: llvm.func @eight_warps
// CHECK-SAME: nvvm.reqntid = array<i32: 256>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @eight_warps() {
    tt.return
  }
}

// -----

// ttg.maxnreg (Triton's maxnreg option) limits the kernel's registers; a
// noinline device function gets no limit of its own.

// CHECK-LABEL: llvm.func internal @limited_helper
// CHECK-NOT: nvvm.maxnreg
// CHECK-SAME: {
// CHECK-LABEL: llvm.func @limited
// CHECK-SAME: attributes {nvvm.kernel, nvvm.maxnreg = 42 : i32, nvvm.reqntid = array<i32: 128>}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.maxnreg = 42 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @limited_helper(%x: i32) -> i32 attributes {noinline = true} {
    tt.return %x : i32
  }
  tt.func public @limited(%x: i32) {
    %r = tt.call @limited_helper(%x) : (i32) -> i32
    tt.return
  }
}
