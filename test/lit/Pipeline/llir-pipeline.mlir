// The llir stage names the passes of Triton's stage it does not run yet, and
// builds the shared-memory allocation and the TTGIR lowering with the
// compute capability and PTX version it is given. Until the TTGIR lowering
// is registered, building the pipeline fails naming the missing pass.
// RUN: triton-opt %s --triton-llir-pipeline="compute-capability=89 ptx-version=84 report-skipped=true" -o /dev/null 2> %t.err || true
// RUN: FileCheck %s --check-prefix=SKIP < %t.err

// SKIP: llir: skipping tritongpu-allocate-warp-groups (arrives with warp specialization)
// SKIP: llir: skipping tritongpu-global-scratch-memory-allocation (arrives with ops that need global scratch memory)
// SKIP: llir: skipping triton-nvidia-gpu-proxy-fence-insertion{compute-capability=89} (arrives with TMA and tensor cores (async proxy))
// SKIP: llir: skipping convert-nv-gpu-to-llvm (arrives with TMA and tensor cores (nvgpu ops))
// SKIP: llir: skipping convert-warp-specialize-to-llvm (arrives with warp specialization)
module {
}
