// RUN: triton-opt %s --triton-ttgir-pipeline="report-skipped=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SKIP
// RUN: triton-opt %s --triton-ttgir-pipeline="num-warps=8" | FileCheck %s
// RUN: triton-opt %s --triton-ttgir-pipeline="num-warps=8 maxnreg=64" | FileCheck %s --check-prefix=MAXNREG
// RUN: not triton-opt %s --triton-ttgir-pipeline="maxnreg=-1" 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// The passes of Triton's stage that belong to later capabilities are named.
// The tensor core, pipelining and TMA passes run.
// SKIP-NOT: skipping tritongpu-F32DotTC
// SKIP-NOT: skipping triton-nvidia-optimize-descriptor-encoding
// SKIP-NOT: skipping tritongpu-accelerate-matmul
// SKIP-NOT: skipping tritongpu-assign-latencies
// SKIP-NOT: skipping tritongpu-schedule-loops
// SKIP-NOT: skipping tritongpu-pipeline
// SKIP-NOT: skipping tritongpu-prefetch
// SKIP-NOT: skipping tritongpu-coalesce-async-copy
// SKIP-NOT: skipping triton-nvidia-tma-lowering
// SKIP-NOT: skipping triton-nvidia-gpu-fence-insertion
// SKIP: ttgir: skipping triton-nvidia-mma-lowering (arrives with Blackwell tensor cores

// CHECK: #[[B:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}
// CHECK-NOT: ttg.maxnreg
// CHECK-LABEL: tt.func @scale
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.load {{.*}} : tensor<1024x!tt.ptr<f32>, #[[B]]>
// CHECK: tt.store {{.*}} : tensor<1024x!tt.ptr<f32>, #[[B]]>
// Triton's maxnreg option sets ttg.maxnreg on the module.
// MAXNREG: module attributes {ttg.maxnreg = 64 : i32, "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}
// NEGATIVE: maxnreg must not be negative

tt.func @scale(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v = tt.load %xp : tensor<1024x!tt.ptr<f32>>
  %w = arith.addf %v, %v : tensor<1024xf32>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.store %yp, %w : tensor<1024x!tt.ptr<f32>>
  tt.return
}
