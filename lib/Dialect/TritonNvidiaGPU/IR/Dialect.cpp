//===- Dialect.cpp - the ttng dialect: registration and shared helpers ----===//
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "OpUtils.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::nvidia_gpu;

#include "Dialect/TritonNvidiaGPU/IR/Dialect.cpp.inc"

void TritonNvidiaGPUDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Dialect/TritonNvidiaGPU/IR/Ops.cpp.inc"
      >();
}

bool nvidia_gpu::detail::isSharedMemory(gpu::MemDescType type) {
  return isa_and_present<gpu::SharedMemorySpaceAttr>(type.getMemorySpace());
}

#define GET_OP_CLASSES
#include "Dialect/TritonNvidiaGPU/IR/Ops.cpp.inc"
