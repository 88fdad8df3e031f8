// Every verifier rule of the ttng dialect, one case per split
// (lib/Dialect/TritonNvidiaGPU/IR/*Ops.cpp), plus the type rules the
// assembly formats enforce.
// RUN: triton-opt %s -split-input-file -verify-diagnostics

// an mbarrier is one i64
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @barrier_shape(%b: !ttg.memdesc<2xi64, #bar, #smem, mutable>) {
  // expected-error @+1 {{'ttng.init_barrier' op an mbarrier must be a 1xi64 memory descriptor, got '!ttg.memdesc<2xi64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #ttg.shared_memory, mutable>'}}
  ttng.init_barrier %b, 1 : !ttg.memdesc<2xi64, #bar, #smem, mutable>
  tt.return
}
}

// -----

// an mbarrier is one i64 (element type)
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @barrier_element(%b: !ttg.memdesc<1xi32, #bar, #smem, mutable>) {
  // expected-error @+1 {{'ttng.inval_barrier' op an mbarrier must be a 1xi64 memory descriptor}}
  ttng.inval_barrier %b : !ttg.memdesc<1xi32, #bar, #smem, mutable>
  tt.return
}
}

// -----

// an mbarrier lives in shared memory
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @barrier_space(%b: !ttg.memdesc<1xi64, #bar, "global", mutable>) {
  // expected-error @+1 {{'ttng.init_barrier' op an mbarrier must live in shared memory (#ttg.shared_memory)}}
  ttng.init_barrier %b, 1 : !ttg.memdesc<1xi64, #bar, "global", mutable>
  tt.return
}
}

// -----

// wait_barrier deps live in shared memory
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @wait_deps_space(%b: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %phase: i32, %buf: !ttg.memdesc<128x64xf16, #shared, "global", mutable>) {
  // expected-error @+1 {{'ttng.wait_barrier' op 'deps' must be shared-memory descriptors, got '!ttg.memdesc<128x64xf16}}
  ttng.wait_barrier %b, %phase deps %buf : !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, "global", mutable>
  tt.return
}
}

// -----

// init_barrier count
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @init_count(%b: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
  // expected-error @+1 {{'ttng.init_barrier' op arrival count must be at least 1, got 0}}
  ttng.init_barrier %b, 0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return
}
}

// -----

// arrive_barrier count
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @arrive_count(%b: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
  // expected-error @+1 {{'ttng.arrive_barrier' op arrival count must be at least 1, got 0}}
  ttng.arrive_barrier %b, 0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return
}
}

// -----

// arrive_barrier barrier type
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @arrive_type(%b: !ttg.memdesc<4xi64, #bar, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.arrive_barrier' op an mbarrier must be a 1xi64 memory descriptor}}
  ttng.arrive_barrier %b, 1, %p : !ttg.memdesc<4xi64, #bar, #smem, mutable>
  tt.return
}
}

// -----

// barrier_expect size
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @expect_size(%b: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.barrier_expect' op expected byte count must not be negative, got -1}}
  ttng.barrier_expect %b, -1, %p : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return
}
}

// -----

// barrier_expect barrier type
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @expect_type(%b: !ttg.memdesc<1xi32, #bar, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.barrier_expect' op an mbarrier must be a 1xi64 memory descriptor}}
  ttng.barrier_expect %b, 16, %p : !ttg.memdesc<1xi32, #bar, #smem, mutable>
  tt.return
}
}

// -----

// wait_barrier barrier type
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @wait_type(%b: !ttg.memdesc<2xi64, #bar, #smem, mutable>, %phase: i32) {
  // expected-error @+1 {{'ttng.wait_barrier' op an mbarrier must be a 1xi64 memory descriptor}}
  ttng.wait_barrier %b, %phase : !ttg.memdesc<2xi64, #bar, #smem, mutable>
  tt.return
}
}

// -----

// wait_barrier phase is i32
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// expected-note @below {{prior use here}}
tt.func @wait_phase(%b: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %phase: i64) {
  // expected-error @+1 {{use of value '%phase' expects different type than prior uses: 'i32' vs 'i64'}}
  ttng.wait_barrier %b, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return
}
}

// -----

// async_copy_mbarrier_arrive barrier type
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @cp_async_arrive_type(%b: !ttg.memdesc<1xf64, #bar, #smem, mutable>) {
  // expected-error @+1 {{'ttng.async_copy_mbarrier_arrive' op an mbarrier must be a 1xi64 memory descriptor}}
  ttng.async_copy_mbarrier_arrive %b : !ttg.memdesc<1xf64, #bar, #smem, mutable>
  tt.return
}
}

// -----

// fence_mbarrier_init_release_cluster needs a cluster

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @fence_mbarrier_init_release_cluster() {
  // expected-error @+1 {{'ttng.fence_mbarrier_init_release_cluster' op needs a cluster of more than one CTA (ttg.num-ctas > 1), got 1}}
  ttng.fence_mbarrier_init_release_cluster
  tt.return
}
}

// -----

// cluster_arrive needs a cluster

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @cluster_arrive() {
  // expected-error @+1 {{'ttng.cluster_arrive' op needs a cluster of more than one CTA (ttg.num-ctas > 1), got 1}}
  ttng.cluster_arrive
  tt.return
}
}

// -----

// cluster_wait needs a cluster

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @cluster_wait() {
  // expected-error @+1 {{'ttng.cluster_wait' op needs a cluster of more than one CTA (ttg.num-ctas > 1), got 1}}
  ttng.cluster_wait
  tt.return
}
}

// -----

// cluster ops outside a module with ttg.num-ctas: one CTA
tt.func @cluster_no_module_attr() {
  // expected-error @+1 {{'ttng.cluster_arrive' op needs a cluster of more than one CTA (ttg.num-ctas > 1), got 1}}
  ttng.cluster_arrive {relaxed = true}
  tt.return
}

// -----

// warp_group_dot: mma_v2
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#mma2 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_mma_v2(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x256xf16, #sharedT, #smem>, %c: tensor<128x256xf32, #mma2>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op result must have an #ttg.nvidia_mma layout of version 3 (Hopper wgmma), got #ttg.nvidia_mma<{versionMajor = 2}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #sharedT, #smem> -> tensor<128x256xf32, #mma2>
  tt.return
}
}

// -----

// warp_group_dot: blocked_result
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_blocked_result(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x256xf16, #sharedT, #smem>, %c: tensor<128x256xf32, #blocked>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op result must have an #ttg.nvidia_mma layout of version 3}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #sharedT, #smem> -> tensor<128x256xf32, #blocked>
  tt.return
}
}

// -----

// warp_group_dot: rank
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_rank(%a: !ttg.memdesc<2x128x64xf16, #shared3, #smem>, %b: !ttg.memdesc<64x256xf16, #sharedT, #smem>, %c: tensor<128x256xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op operands and result must be 2D}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<2x128x64xf16, #shared3, #smem> * !ttg.memdesc<64x256xf16, #sharedT, #smem> -> tensor<128x256xf32, #mma>
  tt.return
}
}

// -----

// warp_group_dot: k_mismatch
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_k_mismatch(%a: !ttg.memdesc<128x32xf16, #shared, #smem>, %b: !ttg.memdesc<64x256xf16, #sharedT, #smem>, %c: tensor<128x256xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op K of a (32) must equal K of b (64)}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x32xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #sharedT, #smem> -> tensor<128x256xf32, #mma>
  tt.return
}
}

// -----

// warp_group_dot: result_shape
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_result_shape(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x256xf16, #sharedT, #smem>, %c: tensor<128x128xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op result shape must be [M of a, N of b] = [128, 256]}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #sharedT, #smem> -> tensor<128x128xf32, #mma>
  tt.return
}
}

// -----

// warp_group_dot: register_blocked_parent
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_register_blocked_parent(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: !ttg.memdesc<64x256xf16, #sharedT, #smem>, %c: tensor<128x256xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op a register operand a must have a #ttg.dot_op layout with opIdx = 0 and the result's layout as parent}}
  %d = ttng.warp_group_dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * !ttg.memdesc<64x256xf16, #sharedT, #smem> -> tensor<128x256xf32, #mma>
  tt.return
}
}

// -----

// warp_group_dot: register_parent
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_register_parent(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>, %b: !ttg.memdesc<64x256xf16, #sharedT, #smem>, %c: tensor<128x256xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op a register operand a must have a #ttg.dot_op layout with opIdx = 0 and the result's layout as parent}}
  %d = ttng.warp_group_dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * !ttg.memdesc<64x256xf16, #sharedT, #smem> -> tensor<128x256xf32, #mma>
  tt.return
}
}

// -----

// warp_group_dot: register_kwidth
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_register_kwidth(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: !ttg.memdesc<64x256xf16, #sharedT, #smem>, %c: tensor<128x256xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op a register operand a of 16-bit elements must have kWidth = 2, got 4}}
  %d = ttng.warp_group_dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * !ttg.memdesc<64x256xf16, #sharedT, #smem> -> tensor<128x256xf32, #mma>
  tt.return
}
}

// -----

// warp_group_dot: operand_space
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_operand_space(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x256xf16, #sharedT, "global">, %c: tensor<128x256xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op operand b must live in shared memory (#ttg.shared_memory)}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #sharedT, "global"> -> tensor<128x256xf32, #mma>
  tt.return
}
}

// -----

// warp_group_dot: swizzled_operand (a swizzle no #ttg.nvmma_shared layout
// has; vec = 8, perPhase = 1, maxPhase = 8 would be the 128-byte one)
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#sw = #ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_swizzled_operand(%a: !ttg.memdesc<128x64xf16, #sw, #smem>, %b: !ttg.memdesc<64x256xf16, #sharedT, #smem>, %c: tensor<128x256xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op shared-memory operand a must have an #ttg.nvmma_shared layout, one equal to it, or unswizzled core matrices (K-major, or M/N-major for 16-bit elements), got #ttg.swizzled_shared}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #sw, #smem> * !ttg.memdesc<64x256xf16, #sharedT, #smem> -> tensor<128x256xf32, #mma>
  tt.return
}
}

// -----

// warp_group_dot: fp8_mn_major
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#smem = #ttg.shared_memory
#s8 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_fp8_mn_major(%a: !ttg.memdesc<128x64xf8E4M3FN, #s8, #smem>, %b: !ttg.memdesc<64x256xf8E4M3FN, #s8, #smem>, %c: tensor<128x256xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op operand b must be K-major in shared memory: wgmma transposes only 16-bit operands, got 8-bit elements}}
  %d = ttng.warp_group_dot %a, %b, %c {maxNumImpreciseAcc = 1073741824 : i32} : !ttg.memdesc<128x64xf8E4M3FN, #s8, #smem> * !ttg.memdesc<64x256xf8E4M3FN, #s8, #smem> -> tensor<128x256xf32, #mma>
  tt.return
}
}

// -----

// warp_group_dot: tf32_mn_major_a
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#smem = #ttg.shared_memory
#s32t = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_tf32_mn_major_a(%a: !ttg.memdesc<128x32xf32, #s32t, #smem>, %b: !ttg.memdesc<32x256xf32, #s32t, #smem>, %c: tensor<128x256xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op operand a must be K-major in shared memory: wgmma transposes only 16-bit operands, got 32-bit elements}}
  %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<128x32xf32, #s32t, #smem> * !ttg.memdesc<32x256xf32, #s32t, #smem> -> tensor<128x256xf32, #mma>
  tt.return
}
}

// -----

// warp_group_dot: element_type
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#smem = #ttg.shared_memory
#s64 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 64}>
#s64t = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 64}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_element_type(%a: !ttg.memdesc<128x64xf64, #s64, #smem>, %b: !ttg.memdesc<64x256xf64, #s64t, #smem>, %c: tensor<128x256xf64, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op wgmma operands must be f16, bf16, f32 (tf32), f8E4M3FN, f8E5M2 or i8, got 'f64' and 'f64'}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf64, #s64, #smem> * !ttg.memdesc<64x256xf64, #s64t, #smem> -> tensor<128x256xf64, #mma>
  tt.return
}
}

// -----

// warp_group_dot: kind_mismatch
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_kind_mismatch(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x256xbf16, #sharedT, #smem>, %c: tensor<128x256xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op operands a and b must be of the same wgmma kind, got 'f16' and 'bf16'}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xbf16, #sharedT, #smem> -> tensor<128x256xf32, #mma>
  tt.return
}
}

// -----

// warp_group_dot: accumulator
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_accumulator(%a: !ttg.memdesc<128x64xbf16, #shared, #smem>, %b: !ttg.memdesc<64x256xbf16, #sharedT, #smem>, %c: tensor<128x256xf16, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op wgmma cannot accumulate 'bf16' products in 'f16'}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xbf16, #shared, #smem> * !ttg.memdesc<64x256xbf16, #sharedT, #smem> -> tensor<128x256xf16, #mma>
  tt.return
}
}

// -----

// warp_group_dot: i8_accumulator
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#smem = #ttg.shared_memory
#s8 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#s8t = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_i8_accumulator(%a: !ttg.memdesc<128x64xi8, #s8, #smem>, %b: !ttg.memdesc<64x256xi8, #s8t, #smem>, %c: tensor<128x256xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op wgmma cannot accumulate 'i8' products in 'f32'}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xi8, #s8, #smem> * !ttg.memdesc<64x256xi8, #s8t, #smem> -> tensor<128x256xf32, #mma>
  tt.return
}
}

// -----

// warp_group_dot: tf32_precision
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#smem = #ttg.shared_memory
#s32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#s32t = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_tf32_precision(%a: !ttg.memdesc<128x32xf32, #s32, #smem>, %b: !ttg.memdesc<32x256xf32, #s32t, #smem>, %c: tensor<128x256xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op f32 operands are multiplied as tf32: inputPrecision must be tf32}}
  %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 2 : i32} : !ttg.memdesc<128x32xf32, #s32, #smem> * !ttg.memdesc<32x256xf32, #s32t, #smem> -> tensor<128x256xf32, #mma>
  tt.return
}
}

// -----

// warp_group_dot: fp8_imprecise_acc
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#smem = #ttg.shared_memory
#s8 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#s8t = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_fp8_imprecise_acc(%a: !ttg.memdesc<128x64xf8E5M2, #s8, #smem>, %b: !ttg.memdesc<64x256xf8E5M2, #s8t, #smem>, %c: tensor<128x256xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op an f32 accumulator of fp8 products needs maxNumImpreciseAcc >= 32, got 16}}
  %d = ttng.warp_group_dot %a, %b, %c {maxNumImpreciseAcc = 16 : i32} : !ttg.memdesc<128x64xf8E5M2, #s8, #smem> * !ttg.memdesc<64x256xf8E5M2, #s8t, #smem> -> tensor<128x256xf32, #mma>
  tt.return
}
}

// -----

// warp_group_dot: num_warps
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#mma2w = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [2, 1], instrShape = [16, 256, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_num_warps(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x256xf16, #sharedT, #smem>, %c: tensor<128x256xf32, #mma2w>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op wgmma needs whole warp groups: ttg.num-warps must be a multiple of 4, got 2}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #sharedT, #smem> -> tensor<128x256xf32, #mma2w>
  tt.return
}
}

// -----

// warp_group_dot: m_tile
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_m_tile(%a: !ttg.memdesc<32x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x256xf16, #sharedT, #smem>, %c: tensor<32x256xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op M per CTA must be a multiple of 64, got 32}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<32x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #sharedT, #smem> -> tensor<32x256xf32, #mma>
  tt.return
}
}

// -----

// warp_group_dot: n_tile
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_n_tile(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x4xf16, #sharedT, #smem>, %c: tensor<128x4xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op N per CTA must be a multiple of 8, got 4}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x4xf16, #sharedT, #smem> -> tensor<128x4xf32, #mma>
  tt.return
}
}

// -----

// warp_group_dot: accumulator type
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// expected-note @below {{prior use here}}
tt.func @dot_acc_type(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x256xf16, #sharedT, #smem>, %c: tensor<128x256xf16, #mma>) {
  // expected-error @+1 {{use of value '%c' expects different type than prior uses: 'tensor<128x256xf32}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #sharedT, #smem> -> tensor<128x256xf32, #mma>
  tt.return
}
}

// -----

// warp_group_dot_wait: no operands

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @wait_nothing() {
  // expected-error @+1 {{'ttng.warp_group_dot_wait' op must wait on at least one value}}
  "ttng.warp_group_dot_wait"() <{pendings = 0 : i32}> : () -> ()
  tt.return
}
}

// -----

// warp_group_dot_wait: pendings
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @wait_pendings(%c: tensor<128x256xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot_wait' op pendings must not be negative, got -1}}
  %r = ttng.warp_group_dot_wait %c {pendings = -1 : i32} : tensor<128x256xf32, #mma>
  tt.return
}
}

// -----

// async_tma_copy_global_to_local: barrier
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @load_barrier(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %y: i32, %bar: !ttg.memdesc<2xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op an mbarrier must be a 1xi64 memory descriptor}}
  ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<2xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  tt.return
}
}

// -----

// async_tma_copy_global_to_local: immutable
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @load_immutable(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %y: i32, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<128x64xf16, #shared, #smem>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op a TMA load writes its destination: the memory descriptor must be mutable}}
  ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem>
  tt.return
}
}

// -----

// async_tma_copy_global_to_local: coords
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @load_coords(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %y: i32, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op expects 2 coordinates, one per descriptor block dimension, got 1}}
  ttng.async_tma_copy_global_to_local %desc[%x] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  tt.return
}
}

// -----

// async_tma_copy_global_to_local: element
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @load_element(%desc: !tt.tensordesc<tensor<128x64xbf16, #shared>>, %x: i32, %y: i32, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op shared memory element type 'f16' must match the descriptor block's 'bf16'}}
  ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xbf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  tt.return
}
}

// -----

// async_tma_copy_global_to_local: shape
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @load_shape(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %x: i32, %y: i32, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op shared memory shape must match the descriptor block shape (leading 1s may be dropped)}}
  ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %p : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  tt.return
}
}

// -----

// async_tma_copy_global_to_local: dropped_not_one
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @load_dropped_not_one(%desc: !tt.tensordesc<tensor<2x128x64xf16, #shared>>, %x: i32, %y: i32, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op shared memory shape must match the descriptor block shape (leading 1s may be dropped)}}
  ttng.async_tma_copy_global_to_local %desc[%x, %x, %y] %buf, %bar, %p : !tt.tensordesc<tensor<2x128x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  tt.return
}
}

// -----

// async_tma_copy_global_to_local: space
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @load_space(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %y: i32, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<128x64xf16, #shared, "global", mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op TMA copies to and from shared memory; the memory descriptor must be in #ttg.shared_memory}}
  ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, "global", mutable>
  tt.return
}
}

// -----

// async_tma_copy_global_to_local: layout
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#sw = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @load_layout(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %y: i32, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<128x64xf16, #sw, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op TMA shared memory must have an #ttg.nvmma_shared layout, got #ttg.swizzled_shared}}
  ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #sw, #smem, mutable>
  tt.return
}
}

// -----

// async_tma_copy_global_to_local: desc_layout
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @load_desc_layout(%desc: !tt.tensordesc<tensor<128x64xf16>>, %x: i32, %y: i32, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op the descriptor block must have an #ttg.nvmma_shared layout}}
  ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  tt.return
}
}

// -----

// async_tma_copy_global_to_local: layout_mismatch
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#s64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @load_layout_mismatch(%desc: !tt.tensordesc<tensor<128x64xf16, #s64>>, %x: i32, %y: i32, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op shared memory layout #ttg.nvmma_shared<{swizzlingByteWidth = 128}}
  ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #s64>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  tt.return
}
}

// -----

// async_tma_copy_global_to_local: transposed
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @load_transposed(%desc: !tt.tensordesc<tensor<128x64xf16, #sharedT>>, %x: i32, %y: i32, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<128x64xf16, #sharedT, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op TMA cannot copy a transposed #ttg.nvmma_shared layout}}
  ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #sharedT>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #sharedT, #smem, mutable>
  tt.return
}
}

// -----

// async_tma_copy_local_to_global: shape
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @store_shape(%desc: !tt.tensordesc<tensor<128x128xf16, #shared>>, %x: i32, %src: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttng.async_tma_copy_local_to_global' op shared memory shape must match the descriptor block shape (leading 1s may be dropped)}}
  ttng.async_tma_copy_local_to_global %desc[%x, %x] %src : !tt.tensordesc<tensor<128x128xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem>
  tt.return
}
}

// -----

// async_tma_copy_local_to_global: fp4 padding
#smem = #ttg.shared_memory
#fp4 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8, fp4Padded = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @store_fp4(%desc: !tt.tensordesc<tensor<128x64xi8, #fp4>>, %x: i32, %src: !ttg.memdesc<128x64xi8, #fp4, #smem>) {
  // expected-error @+1 {{'ttng.async_tma_copy_local_to_global' op cannot read fp4_padded shared memory}}
  ttng.async_tma_copy_local_to_global %desc[%x, %x] %src : !tt.tensordesc<tensor<128x64xi8, #fp4>>, !ttg.memdesc<128x64xi8, #fp4, #smem>
  tt.return
}
}

// -----

// async_tma_copy_local_to_global: layout
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#s32 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @store_layout(%desc: !tt.tensordesc<tensor<128x64xf16, #s32>>, %x: i32, %src: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttng.async_tma_copy_local_to_global' op shared memory layout}}
  ttng.async_tma_copy_local_to_global %desc[%x, %x] %src : !tt.tensordesc<tensor<128x64xf16, #s32>>, !ttg.memdesc<128x64xf16, #shared, #smem>
  tt.return
}
}

// -----

// async_tma_reduce: kind
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @reduce_kind(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %src: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttng.async_tma_reduce' op TMA cannot reduce 'f16' with 'and'}}
  ttng.async_tma_reduce and, %desc[%x, %x] %src : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem>
  tt.return
}
}

// -----

// async_tma_reduce: coordinates
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @reduce_coords(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %src: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttng.async_tma_reduce' op expects 2 coordinates, one per descriptor block dimension, got 3}}
  ttng.async_tma_reduce add, %desc[%x, %x, %x] %src : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem>
  tt.return
}
}

// -----

// async_tma_gather: barrier
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#blk = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @gather_barrier(%desc: !tt.tensordesc<tensor<1x64xf16, #shared>>, %rows: tensor<32xi32, #blk>, %y: i32, %bar: !ttg.memdesc<1xi32, #bar, #smem, mutable>, %buf: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_gather' op an mbarrier must be a 1xi64 memory descriptor}}
  ttng.async_tma_gather %desc[%rows, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #blk>, i32, !ttg.memdesc<1xi32, #bar, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, i1
  tt.return
}
}

// -----

// async_tma_gather: immutable
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#blk = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @gather_immutable(%desc: !tt.tensordesc<tensor<1x64xf16, #shared>>, %rows: tensor<32xi32, #blk>, %y: i32, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<32x64xf16, #shared, #smem>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_gather' op a TMA load writes its destination: the memory descriptor must be mutable}}
  ttng.async_tma_gather %desc[%rows, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #blk>, i32, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem>, i1
  tt.return
}
}

// -----

// async_tma_gather: block
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#blk = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @gather_block(%desc: !tt.tensordesc<tensor<2x64xf16, #shared>>, %rows: tensor<32xi32, #blk>, %y: i32, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_gather' op descriptor block must be a single row (1xN), got 'tensor<2x64xf16}}
  ttng.async_tma_gather %desc[%rows, %y] %buf, %bar, %p : !tt.tensordesc<tensor<2x64xf16, #shared>>, tensor<32xi32, #blk>, i32, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, i1
  tt.return
}
}

// -----

// async_tma_gather: offsets
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#blk2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @gather_offsets(%desc: !tt.tensordesc<tensor<1x64xf16, #shared>>, %rows: tensor<4x8xi32, #blk2>, %y: i32, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_gather' op x offsets must be a 1D tensor, got 'tensor<4x8xi32}}
  ttng.async_tma_gather %desc[%rows, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<4x8xi32, #blk2>, i32, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, i1
  tt.return
}
}

// -----

// async_tma_gather: shape
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#blk = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @gather_shape(%desc: !tt.tensordesc<tensor<1x64xf16, #shared>>, %rows: tensor<32xi32, #blk>, %y: i32, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<16x64xf16, #shared, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_gather' op shared memory must be [number of x offsets, row width] = [32, 64]}}
  ttng.async_tma_gather %desc[%rows, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #blk>, i32, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<16x64xf16, #shared, #smem, mutable>, i1
  tt.return
}
}

// -----

// async_tma_gather: element
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#blk = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @gather_element(%desc: !tt.tensordesc<tensor<1x64xf16, #shared>>, %rows: tensor<32xi32, #blk>, %y: i32, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<32x64xbf16, #shared, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_gather' op shared memory element type 'bf16' must match the descriptor block's 'f16'}}
  ttng.async_tma_gather %desc[%rows, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #blk>, i32, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<32x64xbf16, #shared, #smem, mutable>, i1
  tt.return
}
}

// -----

// async_tma_gather: rows
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#blk = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @gather_rows(%desc: !tt.tensordesc<tensor<1x64xf16, #shared>>, %rows: tensor<4xi32, #blk>, %y: i32, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<4x64xf16, #shared, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_gather' op TMA gathers and scatters move at least 8 rows, got 4}}
  ttng.async_tma_gather %desc[%rows, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<4xi32, #blk>, i32, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<4x64xf16, #shared, #smem, mutable>, i1
  tt.return
}
}

// -----

// async_tma_gather: columns
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#blk = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @gather_columns(%desc: !tt.tensordesc<tensor<1x8xf16, #shared>>, %rows: tensor<32xi32, #blk>, %y: i32, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<32x8xf16, #shared, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_gather' op rows of 16-bit elements need at least 16 columns (32 bytes), got 8}}
  ttng.async_tma_gather %desc[%rows, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x8xf16, #shared>>, tensor<32xi32, #blk>, i32, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<32x8xf16, #shared, #smem, mutable>, i1
  tt.return
}
}

// -----

// async_tma_gather: wide
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#blk = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#s64 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 64}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @gather_wide(%desc: !tt.tensordesc<tensor<1x64xf64, #s64>>, %rows: tensor<32xi32, #blk>, %y: i32, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %buf: !ttg.memdesc<32x64xf64, #s64, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_gather' op TMA gathers and scatters move elements of at most 32 bits, got 64}}
  ttng.async_tma_gather %desc[%rows, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x64xf64, #s64>>, tensor<32xi32, #blk>, i32, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<32x64xf64, #s64, #smem, mutable>, i1
  tt.return
}
}

// -----

// async_tma_scatter: layout
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#blk = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#sw = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @scatter_layout(%desc: !tt.tensordesc<tensor<1x64xf16, #shared>>, %rows: tensor<32xi32, #blk>, %y: i32, %src: !ttg.memdesc<32x64xf16, #sw, #smem>) {
  // expected-error @+1 {{'ttng.async_tma_scatter' op TMA shared memory must have an #ttg.nvmma_shared layout}}
  ttng.async_tma_scatter %desc[%rows, %y] %src : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #blk>, i32, !ttg.memdesc<32x64xf16, #sw, #smem>
  tt.return
}
}

// -----

// async_tma_scatter: rows
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#blk = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @scatter_rows(%desc: !tt.tensordesc<tensor<1x64xf16, #shared>>, %rows: tensor<64xi32, #blk>, %y: i32, %src: !ttg.memdesc<32x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttng.async_tma_scatter' op shared memory must be [number of x offsets, row width] = [64, 64]}}
  ttng.async_tma_scatter %desc[%rows, %y] %src : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<64xi32, #blk>, i32, !ttg.memdesc<32x64xf16, #shared, #smem>
  tt.return
}
}

// -----

// async_tma_store_wait: pendings

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @store_wait() {
  // expected-error @+1 {{'ttng.async_tma_store_wait' op pendings must not be negative, got -3}}
  ttng.async_tma_store_wait {pendings = -3 : i32}
  tt.return
}
}

// -----

// tensormap_create: rank

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @tensormap_rank(%p: !tt.ptr<i8>, %base: !tt.ptr<f16>, %i: i32, %s: i64) {
  // expected-error @+1 {{'ttng.tensormap_create' op a tensor map has 1 to 5 dimensions, got 6}}
  ttng.tensormap_create %p, %base, [%i, %i, %i, %i, %i, %i], [%i, %i, %i, %i, %i, %i], [%s, %s, %s, %s, %s], [%i, %i, %i, %i, %i, %i] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i64, i64, i64, i64, i64, i32, i32, i32, i32, i32, i32) -> ()
  tt.return
}
}

// -----

// tensormap_create: global_dim

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @tensormap_global_dim(%p: !tt.ptr<i8>, %base: !tt.ptr<f16>, %i: i32, %s: i64) {
  // expected-error @+1 {{'ttng.tensormap_create' op expects 2 global dims, one per box dim, got 1}}
  ttng.tensormap_create %p, %base, [%i, %i], [%i], [%s], [%i, %i] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i64, i32, i32) -> ()
  tt.return
}
}

// -----

// tensormap_create: global_stride

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @tensormap_global_stride(%p: !tt.ptr<i8>, %base: !tt.ptr<f16>, %i: i32, %s: i64) {
  // expected-error @+1 {{'ttng.tensormap_create' op expects 1 global strides, one per dim but the innermost, got 2}}
  ttng.tensormap_create %p, %base, [%i, %i], [%i, %i], [%s, %s], [%i, %i] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i64, i32, i32) -> ()
  tt.return
}
}

// -----

// tensormap_create: element_stride

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @tensormap_element_stride(%p: !tt.ptr<i8>, %base: !tt.ptr<f16>, %i: i32, %s: i64) {
  // expected-error @+1 {{'ttng.tensormap_create' op expects 2 element strides, one per box dim, got 1}}
  ttng.tensormap_create %p, %base, [%i, %i], [%i, %i], [%s], [%i] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32) -> ()
  tt.return
}
}

// -----

// tensormap_create: elem_type

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @tensormap_elem_type(%p: !tt.ptr<i8>, %base: !tt.ptr<f16>, %i: i32, %s: i64) {
  // expected-error @+1 {{'ttng.tensormap_create' op attribute 'elem_type' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative whose maximum value is 15}}
  ttng.tensormap_create %p, %base, [%i, %i], [%i, %i], [%s], [%i, %i] {elem_type = 16 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
  tt.return
}
}

// -----

// tensormap_create: swizzle_mode

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @tensormap_swizzle_mode(%p: !tt.ptr<i8>, %base: !tt.ptr<f16>, %i: i32, %s: i64) {
  // expected-error @+1 {{'ttng.tensormap_create' op attribute 'swizzle_mode' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative whose maximum value is 3}}
  ttng.tensormap_create %p, %base, [%i, %i], [%i, %i], [%s], [%i, %i] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 4 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
  tt.return
}
}

// -----

// named_barrier_arrive / named_barrier_wait: a constant barrier below 16, a
// constant thread count a positive multiple of 32

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @named_barrier_id() {
  %c16 = arith.constant 16 : i32
  %c256 = arith.constant 256 : i32
  // expected-error @+1 {{'ttng.named_barrier_arrive' op barrier must be one of the CTA's 16, got 16}}
  ttng.named_barrier_arrive %c16, %c256 : i32, i32
  tt.return
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func @named_barrier_threads() {
  %c1 = arith.constant 1 : i32
  %c100 = arith.constant 100 : i32
  // expected-error @+1 {{'ttng.named_barrier_wait' op thread count must be a positive multiple of 32, got 100}}
  ttng.named_barrier_wait %c1, %c100 : i32, i32
  tt.return
}
}
