//===- SetMaxNReg.cpp - triton-nvidia-gpu-set-maxnreg ---------------------===//
//
// Sets `ttg.maxnreg` on the module, as Triton's make_ttgir does for its
// `maxnreg` option; the TTGIR -> LLVM lowering puts it on the kernel.
//
//===----------------------------------------------------------------------===//
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

#define DEBUG_TYPE "triton-nvidia-gpu-set-maxnreg"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_TRITONNVIDIAGPUSETMAXNREG
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;

namespace {

struct SetMaxNReg
    : public triton::nvidia_gpu::impl::TritonNvidiaGPUSetMaxNRegBase<
          SetMaxNReg> {
  using TritonNvidiaGPUSetMaxNRegBase::TritonNvidiaGPUSetMaxNRegBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (maxnreg <= 0) {
      module.emitError("triton-nvidia-gpu-set-maxnreg: maxnreg must be a "
                       "positive number of registers, got ")
          << maxnreg.getValue();
      return signalPassFailure();
    }
    module->setAttr("ttg.maxnreg",
                    Builder(module.getContext()).getI32IntegerAttr(maxnreg));
  }
};

} // namespace
