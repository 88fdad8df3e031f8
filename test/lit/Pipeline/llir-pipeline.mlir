// The llir stage names the passes of Triton's stage it does not run yet and
// lowers a TTGIR kernel to the LLVM and NVVM dialects: one llvm.func kernel
// with the tt.func's arguments and the two hidden scratch pointers, the
// module's ttg.shared set, no tt/ttg op, no cf or scf left over from the
// structured control flow, nvvm ops only where no LLVM op exists.
// RUN: triton-opt %s --triton-llir-pipeline="compute-capability=89 ptx-version=84 report-skipped=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SKIP
// RUN: triton-opt %s --triton-llir-pipeline -verify-each | FileCheck %s

// SKIP-NOT: skipping tritongpu-allocate-warp-groups
// SKIP-NOT: skipping tritongpu-global-scratch-memory-allocation
// SKIP-NOT: skipping triton-nvidia-gpu-proxy-fence-insertion
// SKIP: llir: skipping convert-nv-gpu-to-llvm (arrives with an nvgpu dialect; ttng ops lower in convert-triton-gpu-to-llvm)
// SKIP-NOT: skipping convert-warp-specialize-to-llvm
// SKIP-NOT: error

// CHECK: module attributes {{{.*}}ttg.shared = 0 : i32{{.*}}"ttg.total-num-warps" = 4 : i32
// CHECK: llvm.func @scale(%{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>, %{{.*}}: f32, %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128>}
// CHECK-NOT: {{ (tt|ttg|scf|cf)\.}}
// CHECK: llvm.fmul
// CHECK-NOT: {{ (tt|ttg|scf|cf)\.}}
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scale(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %s: f32) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %v = tt.load %xp : tensor<512x!tt.ptr<f32>, #blocked>
    %ss = tt.splat %s : f32 -> tensor<512xf32, #blocked>
    %w = arith.mulf %v, %ss : tensor<512xf32, #blocked>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %yp = tt.addptr %ys, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    tt.store %yp, %w : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
