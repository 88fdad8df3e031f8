// Round trip of !ttg.memdesc (mutable or not, with an allocation shape that
// differs from the view's) and !ttg.async.token.
// RUN: triton-opt %s | triton-opt | FileCheck %s
// RUN: triton-opt %s --mlir-print-op-generic | triton-opt | FileCheck %s

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

// CHECK-LABEL: tt.func @memdesc
// The leading (buffer) dimension need not be a power of 2.
// CHECK-SAME: %arg0: !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
// CHECK-SAME: %arg1: !ttg.memdesc<128x64xf16, #shared, #smem>
// CHECK-SAME: %arg2: !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>
// An allocation shape equal to the shape is not printed.
// CHECK-SAME: %arg3: !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-SAME: %arg4: !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 2x64x64>
// CHECK-SAME: %arg5: !ttg.memdesc<32x64xf16, #shared, #smem, 128x64>
// CHECK-SAME: %arg6: !ttg.async.token
tt.func @memdesc(%a: !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>,
                 %b: !ttg.memdesc<128x64xf16, #shared, #smem>,
                 %c: !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>,
                 %d: !ttg.memdesc<1xi64, #shared1, #smem, mutable, 1>,
                 %e: !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 2x64x64>,
                 %f: !ttg.memdesc<32x64xf16, #shared, #smem, 128x64>,
                 %t: !ttg.async.token) {
  tt.return
}
