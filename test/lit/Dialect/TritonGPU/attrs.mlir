// Round trip of every ttg layout attribute, with and without a CTA layout
// (CGALayout), and the aliases Triton prints them under.
// RUN: triton-opt %s | triton-opt | FileCheck %s
// RUN: triton-opt %s --mlir-print-op-generic | triton-opt | FileCheck %s

// One CTA per CGA: no CGALayout printed.
// CHECK-DAG: #[[B1:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[B2:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
// CHECK-DAG: #[[B3:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [2, 16, 1], warpsPerCTA = [1, 2, 2], order = [2, 0, 1]}>
// Several CTAs: the bases of the CTA id, zero for copies.
// CHECK-DAG: #[[BC:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 1], [1, 0]]}>
// CHECK-DAG: #[[BZ:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}1, 0], [0, 0]]}>
#b1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#b3 = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [2, 16, 1], warpsPerCTA = [1, 2, 2], order = [2, 0, 1]}>
#bc = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1], [1, 0]]}>
#bz = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0], [0, 0]]}>
// An explicitly empty CGALayout is the one-CTA layout: printed without it,
// and the same attribute (one alias) as #b2.
#b2e = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0], CGALayout = []}>

// CHECK-DAG: #[[MMA2:mma[0-9]*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-DAG: #[[MMA3:mma[0-9]*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
// CHECK-DAG: #[[MMAC:mma[0-9]*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = {{\[\[}}1, 0]], instrShape = [16, 128, 16]}>
#mma2 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#mma3 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#mmac = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = [[1, 0]], instrShape = [16, 128, 16]}>

// CHECK-DAG: #[[SW:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-DAG: #[[SW2:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [0, 1], CGALayout = {{\[\[}}0, 1], [0, 0]]}>
// CHECK-DAG: #[[NV:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[NVT:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
// CHECK-DAG: #[[NVF:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8, fp4Padded = true}>
// CHECK-DAG: #[[NV3:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 32, rank = 3}>
// CHECK-DAG: #[[NVC:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = {{\[\[}}1, 0]]}>
// CHECK-DAG: #[[SMEM:smem[0-9]*]] = #ttg.shared_memory
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#sw2 = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [0, 1], CGALayout = [[0, 1], [0, 0]]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvt = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
// fp4Padded = false and rank = 2 are the defaults: not printed.
#nvf = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8, fp4Padded = true, rank = 2}>
#nvd = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, fp4Padded = false}>
#nv3 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 32, rank = 3}>
#nvc = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#smem = #ttg.shared_memory

// Linear layouts: every input dimension printed, in order (an empty one as
// []); a shared linear layout leaves out an empty block.
// CHECK-DAG: #[[LIN:linear[0-9]*]] = #ttg.linear<{register = {{\[\[}}0, 1], [8, 0]], lane = {{\[\[}}0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = {{\[\[}}16, 0], [32, 0]], block = []}>
// CHECK-DAG: #[[LIN1:linear[0-9]*]] = #ttg.linear<{register = {{\[\[}}1]], lane = {{\[\[}}2], [4], [8], [16], [32]], warp = {{\[\[}}64], [0]], block = {{\[\[}}128]]}>
// CHECK-DAG: #[[SL:shared[0-9]*]] = #ttg.shared_linear<{offset = {{\[\[}}0, 1], [0, 2], [1, 0], [2, 0]]}, alignment = 16>
// CHECK-DAG: #[[SL2:shared[0-9]*]] = #ttg.shared_linear<{offset = {{\[\[}}0, 1], [1, 0]], block = {{\[\[}}0, 2]]}, alignment = 128>
// CHECK-DAG: #[[PS:shared[0-9]*]] = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>
// CHECK-DAG: #[[PS2:shared[0-9]*]] = #ttg.padded_shared<[16:+4, 64:+8] {order = [0, 1], shape = [16, 8]}>
// CHECK-DAG: #[[PSL:shared[0-9]*]] = #ttg.padded_shared<[16:+4] {offset = {{\[\[}}0, 1], [0, 2], [1, 0], [0, 4], [2, 0], [4, 0]], block = []}>
#lin = #ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>
#lin1 = #ttg.linear<{register = [[1]], lane = [[2], [4], [8], [16], [32]], warp = [[64], [0]], block = [[128]]}>
#sl = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]]}, alignment = 16>
#sl2 = #ttg.shared_linear<{offset = [[0, 1], [1, 0]], block = [[0, 2]]}, alignment = 128>
// An explicitly empty block is the same attribute as #sl.
#sle = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]], block = []}, alignment = 16>

// CHECK-LABEL: tt.func @linear
// CHECK-SAME: tensor<64x8xf32, #[[LIN]]>
// CHECK-SAME: tensor<256xf32, #[[LIN1]]>
// CHECK-SAME: !ttg.memdesc<4x4xf16, #[[SL]], #[[SMEM]]>
// CHECK-SAME: !ttg.memdesc<2x4xf16, #[[SL2]], #[[SMEM]]>
// CHECK-SAME: !ttg.memdesc<4x4xf16, #[[SL]], #[[SMEM]]>
tt.func @linear(%a: tensor<64x8xf32, #lin>, %b: tensor<256xf32, #lin1>,
                %c: !ttg.memdesc<4x4xf16, #sl, #smem>,
                %d: !ttg.memdesc<2x4xf16, #sl2, #smem>,
                %e: !ttg.memdesc<4x4xf16, #sle, #smem>) {
  tt.return
}

// Padded shared layouts: the short form for one CTA's identity in some
// order, the bases otherwise (every input dimension printed).
#ps = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>
#ps2 = #ttg.padded_shared<[16:+4, 64:+8] {order = [0, 1], shape = [16, 8]}>
#psl = #ttg.padded_shared<[16:+4] {offset = [[0, 1], [0, 2], [1, 0], [0, 4], [2, 0], [4, 0]]}>
// The identity given by its bases is the short form.
#psi = #ttg.padded_shared<[32:+4] {offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block = []}>

// CHECK-LABEL: tt.func @padded
// CHECK-SAME: !ttg.memdesc<64x64xf16, #[[PS]], #[[SMEM]]>
// CHECK-SAME: !ttg.memdesc<16x8xf32, #[[PS2]], #[[SMEM]]>
// CHECK-SAME: !ttg.memdesc<8x8xi8, #[[PSL]], #[[SMEM]]>
// CHECK-SAME: !ttg.memdesc<64x64xf16, #[[PS]], #[[SMEM]]>
tt.func @padded(%a: !ttg.memdesc<64x64xf16, #ps, #smem>,
                %b: !ttg.memdesc<16x8xf32, #ps2, #smem>,
                %c: !ttg.memdesc<8x8xi8, #psl, #smem>,
                %d: !ttg.memdesc<64x64xf16, #psi, #smem>) {
  tt.return
}

// CHECK-LABEL: tt.func @blocked
// CHECK-SAME: tensor<1024xf32, #[[B1]]>
// CHECK-SAME: tensor<128x64xf16, #[[B2]]>
// CHECK-SAME: tensor<2x32x4xi32, #[[B3]]>
// CHECK-SAME: tensor<64x64xf32, #[[BC]]>
// CHECK-SAME: tensor<64x64xf32, #[[BZ]]>
// CHECK-SAME: tensor<128x64xf16, #[[B2]]>
tt.func @blocked(%a: tensor<1024xf32, #b1>, %b: tensor<128x64xf16, #b2>,
                 %c: tensor<2x32x4xi32, #b3>, %d: tensor<64x64xf32, #bc>,
                 %e: tensor<64x64xf32, #bz>, %f: tensor<128x64xf16, #b2e>) {
  tt.return
}

// Slices are printed inline, never aliased.
// CHECK-LABEL: tt.func @slice
// CHECK-SAME: tensor<128xi32, #ttg.slice<{dim = 1, parent = #[[B2]]}>>
// CHECK-SAME: tensor<64xi32, #ttg.slice<{dim = 0, parent = #[[B2]]}>>
// CHECK-SAME: tensor<128xf32, #ttg.slice<{dim = 1, parent = #[[MMA3]]}>>
// CHECK-SAME: tensor<32xi32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #[[B3]]}>}>>
// CHECK-SAME: tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[BC]]}>>
tt.func @slice(%a: tensor<128xi32, #ttg.slice<{dim = 1, parent = #b2}>>,
               %b: tensor<64xi32, #ttg.slice<{dim = 0, parent = #b2}>>,
               %c: tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma3}>>,
               %d: tensor<32xi32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #b3}>}>>,
               %e: tensor<64xf32, #ttg.slice<{dim = 1, parent = #bc}>>) {
  tt.return
}

// CHECK-LABEL: tt.func @mma_and_dot_operands
// CHECK-SAME: tensor<64x64xf32, #[[MMA2]]>
// CHECK-SAME: tensor<128x256xf32, #[[MMA3]]>
// CHECK-SAME: tensor<128x128xf32, #[[MMAC]]>
// CHECK-SAME: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA2]], kWidth = 2}>>
// CHECK-SAME: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA2]], kWidth = 2}>>
// CHECK-SAME: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA3]], kWidth = 2}>>
// CHECK-SAME: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #[[B2]]}>>
// CHECK-SAME: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #[[B2]]}>>
tt.func @mma_and_dot_operands(
    %c2: tensor<64x64xf32, #mma2>, %c3: tensor<128x256xf32, #mma3>,
    %cc: tensor<128x128xf32, #mmac>,
    %a2: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>>,
    %b2: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 2}>>,
    %a3: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma3, kWidth = 2}>>,
    %af: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #b2}>>,
    %bf: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #b2}>>) {
  tt.return
}

// CHECK-LABEL: tt.func @shared
// CHECK-SAME: !ttg.memdesc<3x1xi64, #[[SW]], #[[SMEM]], mutable>
// CHECK-SAME: !ttg.memdesc<64x64xf16, #[[SW2]], #[[SMEM]]>
// CHECK-SAME: !ttg.memdesc<3x128x64xf16, #[[NV]], #[[SMEM]], mutable>
// CHECK-SAME: !ttg.memdesc<64x128xf8E4M3FN, #[[NVT]], #[[SMEM]]>
// CHECK-SAME: !ttg.memdesc<64x64xi8, #[[NVF]], #[[SMEM]]>
// CHECK-SAME: !ttg.memdesc<128x64xf16, #[[NV]], #[[SMEM]]>
// CHECK-SAME: !ttg.memdesc<2x32x32xf32, #[[NV3]], #[[SMEM]]>
// CHECK-SAME: !ttg.memdesc<128x64xf16, #[[NVC]], #[[SMEM]]>
tt.func @shared(%a: !ttg.memdesc<3x1xi64, #sw, #smem, mutable>,
                %b: !ttg.memdesc<64x64xf16, #sw2, #smem>,
                %c: !ttg.memdesc<3x128x64xf16, #nv, #smem, mutable>,
                %d: !ttg.memdesc<64x128xf8E4M3FN, #nvt, #smem>,
                %e: !ttg.memdesc<64x64xi8, #nvf, #smem>,
                %f: !ttg.memdesc<128x64xf16, #nvd, #smem>,
                %g: !ttg.memdesc<2x32x32xf32, #nv3, #smem>,
                %h: !ttg.memdesc<128x64xf16, #nvc, #smem>) {
  tt.return
}

// The CTA encoding on its own (it never appears alone in Triton's output).
// CHECK-LABEL: tt.func @cta_encoding
// CHECK-SAME: cta = #ttg.cta_encoding<{rank = 2, CGALayout = {{\[\[}}0, 1], [0, 0]]}>
// CHECK-SAME: one = #ttg.cta_encoding<{rank = 3}>
tt.func @cta_encoding() attributes {
    cta = #ttg.cta_encoding<{rank = 2, CGALayout = [[0, 1], [0, 0]]}>,
    one = #ttg.cta_encoding<{rank = 3}>} {
  tt.return
}
