// RUN: not triton-opt %s -convert-triton-to-tritongpu='target=cuda:90 num-warps=4' 2>&1 | FileCheck %s --check-prefix=NOREMAT
// RUN: triton-opt %s -verify-each -convert-triton-to-tritongpu='target=cuda:90 num-warps=4 enable-source-remat=true' | FileCheck %s --check-prefix=REMAT

// ttg ops are legal as they are, so one still using a tensor without a
// layout keeps the old type. Without enable-source-remat the conversion
// fails there; with it, the converted value is cast back.

// NOREMAT: error: failed to legalize unresolved materialization from ('tensor<16x16xf16, #ttg.blocked<{{.*}}>>') to ('tensor<16x16xf16>') that remained live after conversion
// NOREMAT: note: see existing live user here: {{.*}}ttg.local_alloc

// REMAT: #[[$B:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// REMAT-LABEL: tt.func @remat
// REMAT: %[[ADD:.+]] = arith.addf %{{.*}}, %{{.*}} : tensor<16x16xf16, #[[$B]]>
// REMAT: %[[CAST:.+]] = builtin.unrealized_conversion_cast %[[ADD]] : tensor<16x16xf16, #[[$B]]> to tensor<16x16xf16>
// REMAT: ttg.local_alloc %[[CAST]] : (tensor<16x16xf16>) -> !ttg.memdesc<16x16xf16, #{{.+}}, #{{.+}}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @remat(%x: tensor<16x16xf16>) {
  %0 = arith.addf %x, %x : tensor<16x16xf16>
  %1 = ttg.local_alloc %0 : (tensor<16x16xf16>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
  tt.return
}
