// RUN: downstream-opt %S/Inputs/add_f32.ttir -verify-each \
// RUN:   -downstream-streaming-memory -triton-ttir-pipeline \
// RUN:   '-triton-ttgir-pipeline=num-warps=8' | FileCheck %s
// RUN: downstream-opt %S/Inputs/add_f32.ttir -downstream-streaming-memory \
// RUN:   -triton-ttir-pipeline -triton-ttgir-pipeline -triton-llir-pipeline \
// RUN:   | triton-translate --emit=ptx | FileCheck %s --check-prefix=PTX

// Our pass runs in the same pass manager as Triton's named pipelines; its
// modifiers survive the ttir and ttgir stages, and the installed
// triton-translate lowers downstream-opt's output to PTX.

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90"
// CHECK-LABEL: tt.func public @add_kernel
// CHECK: tt.load %{{.*}}, %{{.*}} cacheModifier = cg : tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK: tt.load %{{.*}}, %{{.*}} cacheModifier = cg : tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK: tt.store %{{.*}}, %{{.*}}, %{{.*}} cacheModifier = cs : tensor<1024x!tt.ptr<f32>, #blocked>

// PTX: .visible .entry add_kernel(
// PTX: ld.global.cg.v4.b32
// PTX: st.global.cs.v4.b32
