//===- SharedMemoryAccess.h - addressing a tensor in a shared buffer -*- C++ -*-===//
//
// Shared by the lowerings that move a distributed tensor's elements to or
// from a !ttg.memdesc: local_alloc/local_store/local_load
// (MemoryOpToLLVM.cpp) and cp.async (AsyncCopyOpToLLVM.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORYACCESS_H
#define TRITON_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORYACCESS_H

#include "Dialect/TritonGPU/IR/Dialect.h"
#include "mlir/IR/Builders.h"

namespace mlir::triton {

/// The shared addresses of registers 0, vec, 2 vec, ... of a tensor of
/// `tensorType` in the view `memDesc` (lowered struct `llvmMemDesc`). With
/// `atUse`, the thread's part of each address is rebuilt at the access
/// instead of being hoisted (see MemoryOpToLLVM.cpp).
SmallVector<Value> elementAddresses(Location loc, OpBuilder &b,
                                    gpu::MemDescType memDesc, Value llvmMemDesc,
                                    RankedTensorType tensorType,
                                    Type elementType, unsigned vec,
                                    bool atUse = false);

/// How many consecutive registers of `tensorType` one access to `memDesc`
/// covers: registers at consecutive offsets, aligned, at most 128 bits.
unsigned getSharedVectorSize(gpu::MemDescType memDesc,
                             RankedTensorType tensorType, unsigned storedBits);

/// Stores `values` (a tensor of `tensorType`) into the whole buffer
/// `memDesc` with stmatrix (LocalStoreStMatrix.cpp); false, having emitted
/// nothing, where stmatrix does not fit (before sm_90, other than 16-bit
/// elements, layouts without 8 x 8 fragments).
bool storeWithStMatrix(Location loc, OpBuilder &b, gpu::MemDescType memDesc,
                       Value llvmMemDesc, RankedTensorType tensorType,
                       ArrayRef<Value> values);

} // namespace mlir::triton

#endif
