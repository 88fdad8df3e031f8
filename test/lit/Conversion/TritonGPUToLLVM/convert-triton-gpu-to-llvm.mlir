// RUN: triton-opt %s --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

// The pass as a whole: two reductions across warps reuse one scratch buffer
// (offset 0); the pass runs Membar first, so a barrier separates the first
// reduction's last read of the buffer from the second one's first write.
// CHECK-LABEL: llvm.func @two_sums
// CHECK-COUNT-5: nvvm.shfl.sync bfly
// CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;"
// CHECK-NEXT: nvvm.barrier0
// CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;"
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NEXT: nvvm.barrier0
// CHECK: llvm.intr.maxnum
// CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;"
// CHECK-NEXT: nvvm.barrier0
// CHECK: llvm.fadd
// CHECK: "@$2 st.global.b32 [ $1 + 0 ], $0;"
// CHECK-NOT: tt.
// CHECK-NOT: ttg.
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_sums(%x: tensor<512xf32, #b>, %p: !tt.ptr<f32>) {
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%l: f32, %r: f32):
      %a = arith.addf %l, %r : f32
      tt.reduce.return %a : f32
    }) : (tensor<512xf32, #b>) -> f32
    %m = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%l: f32, %r: f32):
      %a = arith.maxnumf %l, %r : f32
      tt.reduce.return %a : f32
    }) : (tensor<512xf32, #b>) -> f32
    %t = arith.addf %s, %m : f32
    tt.store %p, %t : !tt.ptr<f32>
    tt.return
  }
}
