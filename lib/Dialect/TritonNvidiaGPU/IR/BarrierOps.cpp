//===- BarrierOps.cpp - mbarrier, fence and cluster ops -------------------===//
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "OpUtils.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::nvidia_gpu;
using namespace mlir::triton::nvidia_gpu::detail;

LogicalResult
mlir::triton::nvidia_gpu::verifyBarrierType(Operation *op,
                                            gpu::MemDescType type) {
  if (type.getShape() != ArrayRef<int64_t>{1} ||
      !type.getElementType().isInteger(64))
    return op->emitOpError("an mbarrier must be a 1xi64 memory descriptor, "
                           "got ")
           << type;
  if (!isSharedMemory(type))
    return op->emitOpError("an mbarrier must live in shared memory "
                           "(#ttg.shared_memory)");
  return success();
}

//===----------------------------------------------------------------------===//
// mbarrier ops
//===----------------------------------------------------------------------===//

/// An mbarrier counts at least one arrival per phase.
static LogicalResult verifyArrivalCount(Operation *op, int64_t count) {
  if (count < 1)
    return op->emitOpError("arrival count must be at least 1, got ") << count;
  return success();
}

LogicalResult InitBarrierOp::verify() {
  if (failed(verifyBarrierType(*this, getAlloc().getType())))
    return failure();
  return verifyArrivalCount(*this, getCountAttr().getInt());
}

LogicalResult InvalBarrierOp::verify() {
  return verifyBarrierType(*this, getAlloc().getType());
}

LogicalResult BarrierExpectOp::verify() {
  if (failed(verifyBarrierType(*this, getAlloc().getType())))
    return failure();
  if (getSizeAttr().getInt() < 0)
    return emitOpError("expected byte count must not be negative, got ")
           << getSizeAttr().getInt();
  return success();
}

LogicalResult WaitBarrierOp::verify() {
  if (failed(verifyBarrierType(*this, getAlloc().getType())))
    return failure();
  for (Value dep : getDeps())
    if (!isSharedMemory(cast<gpu::MemDescType>(dep.getType())))
      return emitOpError("'deps' must be shared-memory descriptors, got ")
             << dep.getType();
  return success();
}

LogicalResult ArriveBarrierOp::verify() {
  if (failed(verifyBarrierType(*this, getAlloc().getType())))
    return failure();
  return verifyArrivalCount(*this, getCountAttr().getInt());
}

/// A constant barrier below 16, a constant thread count a positive multiple
/// of 32.
static LogicalResult verifyNamedBarrier(Operation *op, Value bar,
                                        Value numThreads) {
  APInt value;
  if (matchPattern(bar, m_ConstantInt(&value)) &&
      (value.isNegative() || value.sge(16)))
    return op->emitOpError("barrier must be one of the CTA's 16, got ")
           << value.getSExtValue();
  if (matchPattern(numThreads, m_ConstantInt(&value)) &&
      (value.sle(0) || value.getSExtValue() % 32 != 0))
    return op->emitOpError(
               "thread count must be a positive multiple of 32, got ")
           << value.getSExtValue();
  return success();
}

LogicalResult NamedBarrierArriveOp::verify() {
  return verifyNamedBarrier(*this, getBar(), getNumThreads());
}

LogicalResult NamedBarrierWaitOp::verify() {
  return verifyNamedBarrier(*this, getBar(), getNumThreads());
}

LogicalResult AsyncCopyMbarrierArriveOp::verify() {
  return verifyBarrierType(*this, getBarrier().getType());
}

//===----------------------------------------------------------------------===//
// Cluster ops
//===----------------------------------------------------------------------===//

/// Cluster-scope synchronization needs a cluster of more than one CTA
/// (`ttg.num-ctas` on the module; 1 when absent).
static LogicalResult verifyMultiCTACluster(Operation *op) {
  int numCTAs = gpu::lookupNumCTAs(op);
  if (numCTAs <= 1)
    return op->emitOpError("needs a cluster of more than one CTA "
                           "(ttg.num-ctas > 1), got ")
           << numCTAs;
  return success();
}

LogicalResult FenceMBarrierInitReleaseClusterOp::verify() {
  return verifyMultiCTACluster(*this);
}

LogicalResult ClusterArriveOp::verify() { return verifyMultiCTACluster(*this); }

LogicalResult ClusterWaitOp::verify() { return verifyMultiCTACluster(*this); }
