// Every verifier and parser rule of the ttg layout attributes, one section
// each (lib/Dialect/TritonGPU/IR/{CTAEncoding,DistributedLayouts,
// SharedLayouts,LayoutAttrs}.cpp).
// RUN: triton-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// CGALayout
//===----------------------------------------------------------------------===//

// expected-error @+1 {{expected an array of bases for 'CGALayout'}}
#layout = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = 1}>

// -----

// expected-error @+1 {{expected each 'CGALayout' basis to be an array of integers}}
#layout = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [1]}>

// -----

// expected-error @+1 {{expected integers in a 'CGALayout' basis}}
#layout = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, "x"]]}>

// -----

// expected-error @+1 {{'CGALayout' basis has 1 entries, expected the layout's rank 2}}
#layout = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1]]}>

// -----

// expected-error @+1 {{CGALayout entries must be 0 or a power of 2, got 3}}
#layout = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 3]]}>

// -----

// expected-error @+1 {{CGALayout entries must be 0 or a power of 2, got -1}}
#layout = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, -1]]}>

// -----

// expected-error @+1 {{each CGALayout basis must move in at most one dimension}}
#layout = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 1]]}>

// -----

// expected-error @+1 {{CGALayout repeats the basis 1 of dimension 0}}
#layout = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0], [1, 0]]}>

// -----

// expected-error @+1 {{the CGALayout bases of dimension 1 must be 1, 2, 4, ... without gaps}}
#layout = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 2]]}>

//===----------------------------------------------------------------------===//
// blocked
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{sizePerThread, threadsPerWarp, warpsPerCTA, and order must all have the same rank.}}
#layout = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32], warpsPerCTA = [4, 1], order = [1, 0]}>

// -----

// expected-error @+1 {{Every element in sizePerThread must be a power of two.}}
#layout = #ttg.blocked<{sizePerThread = [3], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// -----

// expected-error @+1 {{Every element in sizePerThread must be a power of two.}}
#layout = #ttg.blocked<{sizePerThread = [0], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// -----

// expected-error @+1 {{Every element in threadsPerWarp must be a power of two.}}
#layout = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [24], warpsPerCTA = [4], order = [0]}>

// -----

// expected-error @+1 {{Every element in warpsPerCTA must be a power of two.}}
#layout = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [6], order = [0]}>

// -----

// expected-error @+1 {{order must be a permutation of 0..(rank-1), but was [0, 0]}}
#layout = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [0, 0]}>

// -----

// expected-error @+1 {{order must be a permutation of 0..(rank-1), but was [2, 0]}}
#layout = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [2, 0]}>

// -----

// expected-error @+1 {{expected key 'order'}}
#layout = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1]}>

// -----

// expected-error @+1 {{unexpected key: CTAsPerCGA}}
#layout = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [1]}>

// -----

// expected-error @+1 {{expected an array of non-negative integers for 'sizePerThread'}}
#layout = #ttg.blocked<{sizePerThread = 4, threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// -----

// expected-error @+1 {{expected a non-negative integer for 'threadsPerWarp'}}
#layout = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [-32], warpsPerCTA = [4], order = [0]}>

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{expected a distributed encoding trait}}
#layout = #ttg.slice<{dim = 0, parent = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>}>

// -----

// expected-error @+1 {{slice dim=2 must be less than the parent rank=2}}
#layout = #ttg.slice<{dim = 2, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}>

// -----

// expected-error @+1 {{parent layout must have at least rank >= 2}}
#layout = #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>}>

// -----

// expected-error @+1 {{expected key 'parent'}}
#layout = #ttg.slice<{dim = 0}>

// -----

// expected-error @+1 {{expected a non-negative integer for 'dim'}}
#layout = #ttg.slice<{dim = "x", parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}>

//===----------------------------------------------------------------------===//
// nvidia_mma
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{ttg.nvidia_mma versionMajor must be 2 (mma) or 3 (wgmma), got 1}}
#layout = #ttg.nvidia_mma<{versionMajor = 1, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>

// -----

// expected-error @+1 {{ttg.nvidia_mma warpsPerCTA must have rank 2 or 3, got 1}}
#layout = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4], instrShape = [16, 8]}>

// -----

// expected-error @+1 {{Every element in warpsPerCTA must be a power of two.}}
#layout = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [3, 1], instrShape = [16, 8]}>

// -----

// expected-error @+1 {{ttg.nvidia_mma v3 instrShape must be [M, N, K] or, at rank 3, [B, M, N, K]}}
#layout = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [1, 4, 1], instrShape = [1, 1, 16, 64, 16]}>

// -----

// expected-error @+1 {{ttg.nvidia_mma v3 instrShape must be [M, N, K] or, at rank 3, [B, M, N, K]}}
#layout = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64]}>

// -----

// expected-error @+1 {{ttg.nvidia_mma v2 instrShape must be [M, N] or have the layout's rank}}
#layout = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8, 16]}>

// -----

// expected-error @+1 {{ttg.nvidia_mma instrShape entries must be positive}}
#layout = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 0, 16]}>

// -----

// expected-error @+1 {{expected key 'instrShape'}}
#layout = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2]}>

// -----

// expected-error @+1 {{unexpected key: isTransposed}}
#layout = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8], isTransposed = true}>

//===----------------------------------------------------------------------===//
// dot_op
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{ttg.dot_op opIdx parameter can be 0 or 1, got: 2}}
#layout = #ttg.dot_op<{opIdx = 2, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>

// -----

// expected-error @+1 {{ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent}}
#layout = #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>}>

// -----

// expected-error @+1 {{ttg.dot_op kWidth must be a power of two, got 3}}
#layout = #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 3}>

// -----

// expected-error @+1 {{ttg.dot_op opIdx parameter must be 0 for Hopper MMA parent}}
#layout = #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>, kWidth = 2}>

// -----

// expected-error @+1 {{ttg.dot_op kWidth parameter is not supported when the parent is a blocked layout}}
#layout = #ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>, kWidth = 2}>

// -----

// expected-error @+1 {{ttg.dot_op unexpected parent layout}}
#layout = #ttg.dot_op<{opIdx = 0, parent = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>}>

// -----

// expected-error @+1 {{expected key 'opIdx'}}
#layout = #ttg.dot_op<{parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}>

//===----------------------------------------------------------------------===//
// swizzled_shared
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{vec, perPhase and maxPhase must be positive}}
#layout = #ttg.swizzled_shared<{vec = 0, perPhase = 1, maxPhase = 1, order = [0]}>

// -----

// expected-error @+1 {{order must be a permutation of 0..(rank-1), but was [1]}}
#layout = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1]}>

// -----

// expected-error @+1 {{expected key 'maxPhase'}}
#layout = #ttg.swizzled_shared<{vec = 1, perPhase = 1, order = [0]}>

//===----------------------------------------------------------------------===//
// nvmma_shared
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{elementBitWidth must be non-zero}}
#layout = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 0}>

// -----

// expected-error @+1 {{swizzlingByteWidth must be 0, 32, 64, or 128}}
#layout = #ttg.nvmma_shared<{swizzlingByteWidth = 16, transposed = false, elementBitWidth = 16}>

// -----

// expected-error @+1 {{expected true or false for 'transposed'}}
#layout = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = 1, elementBitWidth = 16}>

// -----

// expected-error @+1 {{nvmma_shared layouts must have rank >= 1}}
#layout = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 0}>

// -----

// expected-error @+1 {{'CGALayout' basis has 2 entries, expected the layout's rank 3}}
#layout = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3, CGALayout = [[1, 0]]}>

// -----

// expected-error @+1 {{expected key 'elementBitWidth'}}
#layout = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false}>

//===----------------------------------------------------------------------===//
// other
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{unknown ttg attribute: blocked_layout}}
#layout = #ttg.blocked_layout<{}>

// -----

// expected-error @+1 {{expected key 'rank'}}
#layout = #ttg.cta_encoding<{CGALayout = [[1]]}>

// -----

//===----------------------------------------------------------------------===//
// linear and shared_linear
//===----------------------------------------------------------------------===//

// expected-error @+1 {{In a distributed layout, each base must move in at most one dimension.}}
#layout = #ttg.linear<{register = [[1, 1], [0, 1]], lane = [], warp = [], block = []}>

// -----

// expected-error @+1 {{invalid linear layout: layout is not surjective}}
#layout = #ttg.linear<{register = [[0, 2]], lane = [], warp = [], block = []}>

// -----

// expected-error @+1 {{expected basis of 'block' not found}}
#layout = #ttg.linear<{register = [[1]], lane = [], warp = []}>

// -----

// expected-error @+1 {{unexpected key: foo}}
#layout = #ttg.linear<{register = [[1]], lane = [], warp = [], block = [], foo = []}>

// -----

// expected-error @+1 {{Empty Layout not supported}}
#layout = #ttg.linear<{register = [], lane = [], warp = [], block = []}>

// -----

// expected-error @+1 {{expected array of integers in basis for 'lane'}}
#layout = #ttg.linear<{register = [[1]], lane = [1], warp = [], block = []}>

// -----

// expected-error @+1 {{block bases must be 0 or powers of two}}
#layout = #ttg.linear<{register = [[1]], lane = [], warp = [], block = [[3]]}>

// -----

// expected-error @+1 {{alignment must be a positive power of two}}
#layout = #ttg.shared_linear<{offset = [[1]]}, alignment = 3>

// -----

// expected-error @+1 {{alignment must be specified outside of the linear layout braces}}
#layout = #ttg.shared_linear<{offset = [[1]], alignment = 16}>

// -----

// expected-error @+1 {{After removing the zero bases the layout must be bijective}}
#layout = #ttg.shared_linear<{offset = [[1], [1]]}, alignment = 16>

// -----

// expected-error @+1 {{expected basis of 'offset' not found}}
#layout = #ttg.shared_linear<{block = []}, alignment = 16>

// -----

// Intervals and paddings come in pairs.
// expected-error @+1 {{expected integer value}}
#layout = #ttg.padded_shared<[32:+4, 64:+] {order = [0], shape = [64]}>

// -----

// expected-error @+1 {{interval values must all be power of two}}
#layout = #ttg.padded_shared<[24:+4] {order = [0], shape = [64]}>

// -----

// expected-error @+1 {{padding values must all be power of two}}
#layout = #ttg.padded_shared<[32:+3] {order = [0], shape = [64]}>

// -----

// expected-error @+1 {{interval values cannot have duplicates}}
#layout = #ttg.padded_shared<[32:+4, 32:+8] {order = [0], shape = [64]}>

// -----

// expected-error @+1 {{Broadcasting is not supported.}}
#layout = #ttg.padded_shared<[32:+4] {offset = [[1], [0]]}>

// -----

// expected-error @+1 {{Each offset basis must move in at most one dimension.}}
#layout = #ttg.padded_shared<[32:+4] {offset = [[1, 1], [0, 1]]}>

// -----

// expected-error @+1 {{Mismatch of shape and order ranks in padded layout}}
#layout = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64]}>

// -----

// expected-error @+1 {{unexpected key: orders}}
#layout = #ttg.padded_shared<[32:+4] {orders = [0], shape = [64]}>
