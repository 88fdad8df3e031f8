// triton-translate's --help shows its own options only; MLIR's pass-manager
// options work on the pipelines it runs; --emit=llvm-mlir stops after the
// llir stage.
// RUN: triton-translate --help | FileCheck %s --check-prefix=HELP
// RUN: triton-translate %s --emit=llvm-mlir --mlir-print-ir-after=convert-triton-gpu-to-llvm -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: triton-translate %s --emit=llvm-mlir | FileCheck %s --check-prefix=LLVM

// HELP: triton-translate options:
// HELP: --emit=<value>
// HELP-NOT: --amdgpu
// HELP: --target=<string>

// DUMP: IR Dump After ConvertTritonGPUToLLVM (convert-triton-gpu-to-llvm)
// DUMP: llvm.func @k(

// LLVM: llvm.func @k({{.*}}) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 64>}
// LLVM-NOT: tt.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%x: !tt.ptr<i32>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #blocked>
    %xp = tt.addptr %xs, %r : tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>
    tt.store %xp, %r : tensor<64x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
