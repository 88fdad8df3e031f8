// RUN: triton-opt %s -verify-each -convert-triton-to-tritongpu='target=cuda:90 num-warps=4' | FileCheck %s
// RUN: not triton-opt %s -convert-triton-to-tritongpu='target=cuda:80 num-warps=2' 2>&1 | FileCheck %s --check-prefix=W2

// W2: error: 'arith.addf' op result #0 has layout #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}> with 4 warps, but the op runs on 2 (ttg.num-warps)

// Tensors that already have a layout are left as they are.

// CHECK: #[[$KEEP:.+]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @already_converted
// CHECK-NEXT: arith.addf %{{.*}}, %{{.*}} : tensor<512xf32, #[[$KEEP]]>
// CHECK-NEXT: tt.return
#keep = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func @already_converted(%x: tensor<512xf32, #keep>) -> tensor<512xf32, #keep> {
  %0 = arith.addf %x, %x : tensor<512xf32, #keep>
  tt.return %0 : tensor<512xf32, #keep>
}
