// convert-warp-specialize-to-llvm: the worker warps (from ttg.num-warps on)
// loop at barrier 1 over all warps and run the partition their state byte
// names; the kernel's warps write the states and captures, start them,
// run the default region, join, and release them before returning.
// RUN: triton-opt %s --tritongpu-allocate-warp-groups --allocate-shared-memory-nv --convert-triton-gpu-to-llvm --convert-warp-specialize-to-llvm | FileCheck %s
// REQUIRES: ptxas
// RUN: triton-translate %s --emit=cubin -o %t.cubin --metadata=%t.json
// RUN: FileCheck %s --check-prefix=META < %t.json
// META-DAG: "num_warps": 8
// META-DAG: "shared": 24

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: module attributes {{.*}}ttg.shared = 24 : i32
  // CHECK-LABEL: llvm.func @kernel
  // CHECK-SAME: nvvm.reqntid = array<i32: 256>
  // CHECK-NOT: ttg.warp
  // CHECK: nvvm.read.ptx.sreg.tid.x
  // CHECK: llvm.icmp "uge" %{{.*}}, %{{.*}} : i32
  // CHECK-NEXT: llvm.cond_br %{{.*}}, ^[[LOOP:bb[0-9]+]], ^[[BODY:bb[0-9]+]]
  // CHECK: ^[[BODY]]:
  // CHECK: llvm.store %{{.*}}, %{{.*}} : i8, !llvm.ptr<3>
  // CHECK: llvm.store %{{.*}}, %{{.*}} : !llvm.ptr<1>, !llvm.ptr<3>
  // CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
  // CHECK: ^[[LOOP]]:
  // CHECK: nvvm.barrier
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
  // CHECK: llvm.switch %{{.*}} : i32, ^{{.*}} [
  // CHECK-NEXT: 1: ^{{.*}},
  // CHECK-NEXT: 2: ^{{.*}},
  // CHECK-NEXT: 3: ^{{.*}}
  // CHECK-NEXT: ]
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<1>
  tt.func public @kernel(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>) {
    ttg.warp_specialize(%p, %q)
    default {
      ttg.warp_yield
    }
    partition0(%pp: !tt.ptr<f32>, %qq: !tt.ptr<f32>) num_warps(1) {
      %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #b1>
      %s = tt.splat %pp : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #b1>
      %a = tt.addptr %s, %r : tensor<32x!tt.ptr<f32>, #b1>, tensor<32xi32, #b1>
      %v = tt.load %a : tensor<32x!tt.ptr<f32>, #b1>
      %t = tt.splat %qq : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #b1>
      %b = tt.addptr %t, %r : tensor<32x!tt.ptr<f32>, #b1>, tensor<32xi32, #b1>
      tt.store %b, %v : tensor<32x!tt.ptr<f32>, #b1>
      ttg.warp_return
    } : (!tt.ptr<f32>, !tt.ptr<f32>) -> ()
    tt.return
  }
}
