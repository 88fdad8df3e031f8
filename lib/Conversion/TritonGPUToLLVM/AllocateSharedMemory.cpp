//===- AllocateSharedMemory.cpp - allocate-shared-memory-nv ---------------===//
#include "Analysis/Allocation.h"
#include "Conversion/TritonGPUToLLVM/Passes.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

namespace mlir::triton {
#define GEN_PASS_DEF_ALLOCATESHAREDMEMORYNV
#include "Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

struct AllocateSharedMemoryNv
    : public triton::impl::AllocateSharedMemoryNvBase<AllocateSharedMemoryNv> {
  using AllocateSharedMemoryNvBase::AllocateSharedMemoryNvBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    ModuleAllocation allocation(module);
    // A recursive call graph has no allocation (the error names the call).
    if (failed(allocation.getStatus()))
      return signalPassFailure();
    MLIRContext *ctx = module.getContext();
    Type i32 = IntegerType::get(ctx, 32);

    module.walk([&](FunctionOpInterface func) {
      Allocation *funcAllocation = allocation.getAllocation(func);
      if (!funcAllocation)
        return;
      func.walk([&](Operation *op) {
        Allocation::BufferId id = funcAllocation->getBufferId(op);
        if (id == Allocation::InvalidBufferId && op->getNumResults() == 1)
          id = funcAllocation->getBufferId(op->getResult(0));
        if (id == Allocation::InvalidBufferId)
          return;
        op->setAttr("allocation.offset",
                    IntegerAttr::get(i32, funcAllocation->getOffset(id)));
      });
    });
    module->setAttr("ttg.shared",
                    IntegerAttr::get(i32, allocation.getSharedMemorySize()));
  }
};

} // namespace
