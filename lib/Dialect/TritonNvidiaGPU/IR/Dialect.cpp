//===- Dialect.cpp - the ttng dialect: registration and shared helpers ----===//
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "OpUtils.h"

#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::nvidia_gpu;

#include "Dialect/TritonNvidiaGPU/IR/Dialect.cpp.inc"

namespace {
/// ttng ops may be inlined with the function that holds them (a Gluon
/// kernel's helpers, gluon-inline).
struct TritonNvidiaGPUInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void TritonNvidiaGPUDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Dialect/TritonNvidiaGPU/IR/Ops.cpp.inc"
      >();
  addInterfaces<TritonNvidiaGPUInlinerInterface>();
}

bool nvidia_gpu::detail::isSharedMemory(gpu::MemDescType type) {
  return isa_and_present<gpu::SharedMemorySpaceAttr>(type.getMemorySpace());
}

#define GET_OP_CLASSES
#include "Dialect/TritonNvidiaGPU/IR/Ops.cpp.inc"
