// Every verifier rule of the ttg ops (lib/Dialect/TritonGPU/IR/
// {LayoutOps,MemoryOps,WarpSpecializeOps}.cpp and their ODS traits).
// RUN: triton-opt %s -split-input-file -verify-diagnostics

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 8], order = [0, 1]}>
tt.func @convert_shape(%x: tensor<128x64xf16, #blocked>) {
  // expected-error @+1 {{'ttg.convert_layout' op requires the same shape for all operands and results}}
  %0 = ttg.convert_layout %x : tensor<128x64xf16, #blocked> -> tensor<64x128xf16, #blocked1>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 8], order = [0, 1]}>
tt.func @convert_element_type(%x: tensor<128x64xf16, #blocked>) {
  // expected-error @+1 {{'ttg.convert_layout' op requires the same element type for all operands and results}}
  %0 = ttg.convert_layout %x : tensor<128x64xf16, #blocked> -> tensor<128x64xf32, #blocked1>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @alloc_immutable_uninitialized() {
  // expected-error @+1 {{'ttg.local_alloc' op uninitialized alloc must have a mutable memdesc type}}
  %0 = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
tt.func @alloc_not_shared_memory() {
  // expected-error @+1 {{'ttg.local_alloc' op should create a buffer of shared memory}}
  %0 = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, "global", mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @alloc_subview_type() {
  // expected-error @+1 {{'ttg.local_alloc' op result shape and its alloc shape must match}}
  %0 = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 128x64>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @alloc_element_type(%x: tensor<128x64xf16, #blocked>) {
  // expected-error @+1 {{'ttg.local_alloc' op source element type 'f16' must match destination element type 'f32'}}
  %0 = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf32, #shared, #smem>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @alloc_shape(%x: tensor<128x64xf16, #blocked>) {
  // expected-error @+1 {{'ttg.local_alloc' op source shape [128, 64] must match destination shape [64, 64]}}
  %0 = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @alloc_alignment(%x: tensor<128x64xf16, #blocked>) {
  // expected-error @+1 {{'ttg.local_alloc' op alignment must be a power of 2, got 48}}
  %0 = ttg.local_alloc %x {alignment = 48 : i32} : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 8, 1], order = [2, 1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @alloc_rank(%x: tensor<2x128x64xf16, #blocked>) {
  // expected-error @+1 {{'ttg.local_alloc' op source has rank 3 but memdesc encoding has rank 2}}
  %0 = ttg.local_alloc %x : (tensor<2x128x64xf16, #blocked>) -> !ttg.memdesc<2x128x64xf16, #shared, #smem>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @store_immutable(%x: tensor<128x64xf16, #blocked>, %m: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.local_store' op Cannot store into immutable memory}}
  ttg.local_store %x, %m : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #shared, #smem>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @load_shape(%m: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.local_load' op source shape [128, 64] must match destination shape [64, 64]}}
  %0 = ttg.local_load %m : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<64x64xf16, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @async_copy_immutable(%p: tensor<128x64x!tt.ptr<f16>, #blocked>, %m: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.async_copy_global_to_local' op Cannot store into immutable memory}}
  %0 = ttg.async_copy_global_to_local %p, %m : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @async_copy_pointee(%p: tensor<128x64x!tt.ptr<f32>, #blocked>, %m: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.async_copy_global_to_local' op source pointee type 'f32' must match destination element type 'f16'}}
  %0 = ttg.async_copy_global_to_local %p, %m : tensor<128x64x!tt.ptr<f32>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @async_copy_shape(%p: tensor<128x64x!tt.ptr<f16>, #blocked>, %m: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.async_copy_global_to_local' op source shape [128, 64] must match destination shape [64, 64]}}
  %0 = ttg.async_copy_global_to_local %p, %m : tensor<128x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @async_copy_contiguity(%p: tensor<128x64x!tt.ptr<f16>, #blocked>, %m: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.async_copy_global_to_local' op contiguity must be positive, got 0}}
  %0 = ttg.async_copy_global_to_local %p, %m {contiguity = 0 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @async_copy_mask_type(%p: tensor<128x64x!tt.ptr<f16>, #blocked>, %m: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %mask: tensor<128x64xi32, #blocked>) {
  // expected-error @+1 {{'ttg.async_copy_global_to_local' op operand #2 must be ranked tensor of 1-bit signless integer values}}
  %0 = "ttg.async_copy_global_to_local"(%p, %m, %mask) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (tensor<128x64x!tt.ptr<f16>, #blocked>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, tensor<128x64xi32, #blocked>) -> !ttg.async.token
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @index_shape(%m: !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_index' op result shape must equal to srcShape[1:]}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @index_rank(%m: !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_index' op result rank must be input rank - 1}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @index_element_type(%m: !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_index' op result element type must match desc element type}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf32, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @index_of_subview(%m: !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable, 4x128x64>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_index' op We don't support memdesc_index of a subview}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable, 4x128x64> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @index_encoding(%m: !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_index' op src and result must have the same encoding}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @index_mutability(%m: !ttg.memdesc<3x128x64xf16, #shared, #smem>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_index' op result may be mutable only when the source is}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<3x128x64xf16, #shared, #smem> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @subslice_offsets_rank(%m: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op offsets must have the same rank as input}}
  %0 = ttg.memdesc_subslice %m[0] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @subslice_unsplit_offset(%m: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op A non zero offset found in a dimension that is not being split}}
  %0 = ttg.memdesc_subslice %m[32, 32] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @subslice_tile(%m: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op The split offset may not touch the tile}}
  %0 = ttg.memdesc_subslice %m[0, 16] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @subslice_out_of_bounds(%m: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op offset 64 of dimension 1 is out of bounds}}
  %0 = ttg.memdesc_subslice %m[0, 64] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @subslice_alloc_shape(%m: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op result alloc shape must be the source's}}
  %0 = ttg.memdesc_subslice %m[0, 32] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @trans_encoding(%m: !ttg.memdesc<256x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.memdesc_trans' op result type '!ttg.memdesc<64x256xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory, mutable>' does not match '!ttg.memdesc<64x256xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>, #ttg.shared_memory, mutable>', the source type transposed by order}}
  %0 = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<256x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @trans_order(%m: !ttg.memdesc<256x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{order must be a permutation of [0, 2)}}
  %0 = ttg.memdesc_trans %m {order = array<i32: 1, 1>} : !ttg.memdesc<256x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @trans_rank(%m: !ttg.memdesc<256x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{order must have as many entries as the source rank (2)}}
  %0 = ttg.memdesc_trans %m {order = array<i32: 0, 2, 1>} : !ttg.memdesc<256x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @reshape_elements(%m: !ttg.memdesc<256x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.memdesc_reshape' op number of src and dst elements of reshape must be the same}}
  %0 = ttg.memdesc_reshape %m : !ttg.memdesc<256x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @reshape_subslice(%m: !ttg.memdesc<128x64xf16, #shared, #smem, mutable, 256x64>) {
  // expected-error @+1 {{'ttg.memdesc_reshape' op NYI: memdesc_reshape of memdesc_subslice}}
  %0 = ttg.memdesc_reshape %m : !ttg.memdesc<128x64xf16, #shared, #smem, mutable, 256x64> -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @reshape_element_type(%m: !ttg.memdesc<256x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.memdesc_reshape' op requires the same element type for all operands and results}}
  %0 = ttg.memdesc_reshape %m : !ttg.memdesc<256x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<2x128x64xf32, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
// Half the columns of a row-major buffer: not one range of offsets.
tt.func @reinterpret_subview(%m: !ttg.memdesc<4x2xi32, #shared, #smem, mutable, 4x4>) {
  // expected-error @+1 {{'ttg.memdesc_reinterpret' op cannot reinterpret a subview whose elements are not a contiguous range of its buffer}}
  %0 = ttg.memdesc_reinterpret %m : !ttg.memdesc<4x2xi32, #shared, #smem, mutable, 4x4> -> !ttg.memdesc<8xi32, #shared1, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @reinterpret_memory_space(%m: !ttg.memdesc<2x1xi64, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.memdesc_reinterpret' op source and destination memory space must match}}
  %0 = ttg.memdesc_reinterpret %m : !ttg.memdesc<2x1xi64, #shared, #smem, mutable> -> !ttg.memdesc<4xi32, #shared, "other", mutable>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
tt.func @fp4_element_type(%x: tensor<32x16xi8, #blocked>) {
  // expected-error @+1 {{'ttg.fp4_to_fp' op only bf16 or f16 is supported for now, got 'f32'}}
  %0 = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<32x16xi8, #blocked> -> tensor<32x32xf32, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
tt.func @fp4_shape(%x: tensor<32x16xi8, #blocked>) {
  // expected-error @+1 {{'ttg.fp4_to_fp' op result dimension 1 must be 32 (source 16, doubled along axis)}}
  %0 = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<32x16xi8, #blocked> -> tensor<32x16xbf16, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
tt.func @fp4_axis(%x: tensor<32x16xi8, #blocked>) {
  // expected-error @+1 {{'ttg.fp4_to_fp' op axis 2 out of range for rank 2}}
  %0 = ttg.fp4_to_fp %x {axis = 2 : i32} : tensor<32x16xi8, #blocked> -> tensor<32x32xbf16, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
tt.func @fp4_encoding(%x: tensor<32x16xi8, #blocked>) {
  // expected-error @+1 {{'ttg.fp4_to_fp' op source and result must both have an encoding, or neither}}
  %0 = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<32x16xi8, #blocked> -> tensor<32x32xbf16>
  tt.return
}

// -----

tt.func @scratch_alignment() {
  // expected-error @+1 {{'ttg.global_scratch_alloc' op alignment must be a power of 2, got 12}}
  %0 = ttg.global_scratch_alloc {alignment = 12 : i32, nbytes = 64 : i32} : !tt.ptr<i8>
  tt.return
}

// -----

tt.func @warp_specialize_num_warps_count(%a: i32) {
  // expected-error @+1 {{'ttg.warp_specialize' op has 1 partitions but `partitionNumWarps` has 2 elements}}
  "ttg.warp_specialize"(%a) <{partitionNumWarps = array<i32: 4, 4>}> ({
    ttg.warp_yield
  }, {
    "ttg.warp_specialize.partitions"() ({
    ^bb0(%x: i32):
      ttg.warp_return
    }) : () -> ()
  }) : (i32) -> ()
  tt.return
}

// -----

tt.func @warp_specialize_actual_registers(%a: i32) {
  // expected-error @+1 {{'ttg.warp_specialize' op has 1 actual registers but expected 2}}
  ttg.warp_specialize(%a) attributes {actualRegisters = array<i32: 40>}
  default {
    ttg.warp_yield
  }
  partition0(%x: i32) num_warps(4) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}

// -----

tt.func @warp_specialize_power_of_two(%a: i32) {
  // expected-error @+1 {{'ttg.warp_specialize' op partition #0 number of warps (3) must be a power of 2}}
  ttg.warp_specialize(%a)
  default {
    ttg.warp_yield
  }
  partition0(%x: i32) num_warps(3) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}

// -----

tt.func @warp_specialize_capture_count(%a: i32) {
  // expected-error @+1 {{'ttg.warp_specialize' op partition region #0 has 0 arguments but expected 1}}
  ttg.warp_specialize(%a)
  default {
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}

// -----

tt.func @warp_specialize_capture_type(%a: i32) {
  // expected-error @+1 {{'ttg.warp_specialize' op partition region #0 argument #0 has type 'i64' but corresponding capture has type 'i32'}}
  ttg.warp_specialize(%a)
  default {
    ttg.warp_yield
  }
  partition0(%x: i64) num_warps(4) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}

// -----

tt.func @warp_specialize_start_ids(%a: i32) {
  // expected-error @+1 {{'ttg.warp_specialize' op has 2 warp group start IDs but expected 1}}
  ttg.warp_specialize(%a) attributes {warpGroupStartIds = array<i32: 4, 8>}
  default {
    ttg.warp_yield
  }
  partition0(%x: i32) num_warps(4) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}

// -----

module attributes {"ttg.num-warps" = 2 : i32} {
tt.func @warp_specialize_num_warps(%a: i32) {
  // expected-error @+1 {{'ttg.warp_specialize' op warp-specialized kernels requires num_warps to be a multiple of 4}}
  ttg.warp_specialize(%a)
  default {
    ttg.warp_yield
  }
  partition0(%x: i32) num_warps(4) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}
}

// -----

tt.func @warp_specialize_nested(%a: i32) {
  ttg.warp_specialize(%a)
  default {
    // expected-error @+1 {{'ttg.warp_specialize' op cannot be nested inside another `ttg.warp_specialize` op}}
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    } : () -> ()
    ttg.warp_yield
  }
  partition0(%x: i32) num_warps(4) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}

// -----

tt.func @warp_yield_count(%a: i32) {
  %0 = ttg.warp_specialize()
  default {
    // expected-error @+1 {{'ttg.warp_yield' op has 0 operands but parent op expected 1}}
    ttg.warp_yield
  } : () -> i32
  tt.return
}

// -----

tt.func @warp_yield_type(%a: i64) {
  %0 = ttg.warp_specialize()
  default {
    // expected-error @+1 {{'ttg.warp_yield' op operand #0 has type 'i64' but parent op expected 'i32'}}
    ttg.warp_yield %a : i64
  } : () -> i32
  tt.return
}

// -----

tt.func @partition_terminator(%a: i32) {
  ttg.warp_specialize(%a)
  default {
    ttg.warp_yield
  }
  // The partitions op is located where its first region starts.
  // expected-error @+1 {{'ttg.warp_specialize.partitions' op partition region #0 must end with `ttg.warp_return`}}
  partition0(%x: i32) num_warps(4) {
    tt.return
  } : (i32) -> ()
  tt.return
}
