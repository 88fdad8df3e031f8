// Every verifier and parser rule of !ttg.memdesc (lib/Dialect/TritonGPU/IR/
// Types.cpp).
// RUN: triton-opt %s -split-input-file -verify-diagnostics

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// expected-error @+1 {{shape must have power-of-2 dimensions; got 3, 48}}
tt.func @not_power_of_two(%a: !ttg.memdesc<3x48xf16, #shared, #smem>)

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// expected-error @+1 {{memdesc dimensions must be positive; got 0, 64}}
tt.func @zero_dim(%a: !ttg.memdesc<0x64xf16, #shared, #smem>)

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// expected-error @+1 {{alloc shape must have at least as many dimensions as shape}}
tt.func @alloc_rank(%a: !ttg.memdesc<2x64x64xf16, #shared, #smem, 64x64>)

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// expected-error @+1 {{shape must be less than or equal to allocShape. shape = 64, 128, allocShape = 64, 64}}
tt.func @alloc_too_small(%a: !ttg.memdesc<64x128xf16, #shared, #smem, mutable, 64x64>)

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{is not a valid encoding}}
tt.func @distributed_encoding(%a: !ttg.memdesc<64x64xf16, #blocked, #smem>)

// -----

#smem = #ttg.shared_memory
// expected-error @+1 {{is not a valid encoding}}
tt.func @memory_space_as_encoding(%a: !ttg.memdesc<64x64xf16, #smem, #smem>)

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// expected-error @+1 {{has rank 2, more than the allocation's 1}}
tt.func @encoding_rank(%a: !ttg.memdesc<64xf16, #shared, #smem>)

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// expected-error @+1 {{expected '>'}}
tt.func @not_mutable(%a: !ttg.memdesc<64x64xf16, #shared, #smem, immutable>)

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// expected-error @+1 {{expected ','}}
tt.func @no_memory_space(%a: !ttg.memdesc<64x64xf16, #shared>)
