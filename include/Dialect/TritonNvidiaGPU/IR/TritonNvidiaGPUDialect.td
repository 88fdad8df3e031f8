//===- TritonNvidiaGPUDialect.td - the ttng dialect -------------*- tablegen -*-===//
//
// The NVIDIA dialect of Triton (`ttng`): the Hopper instructions TTGIR uses
// once layouts are chosen (wgmma, mbarriers, TMA, proxy fences, clusters).
//
//===----------------------------------------------------------------------===//
#ifndef TRITONNVIDIAGPU_DIALECT_TD
#define TRITONNVIDIAGPU_DIALECT_TD

include "mlir/IR/OpBase.td"

def TritonNvidiaGPU_Dialect : Dialect {
  let name = "ttng";
  let cppNamespace = "::mlir::triton::nvidia_gpu";
  let summary = "NVIDIA-specific ops of TritonGPU IR";
  let description = [{
    Operations that exist only on NVIDIA GPUs: warp-group MMA (`wgmma`) and
    its waits, mbarrier management, TMA copies through tensor descriptors,
    async-proxy fences and cluster synchronization. They work on the
    `!ttg.memdesc` shared-memory descriptors and the layouts of the `ttg`
    dialect. The textual form is exactly what Triton 3.6 prints.
  }];
  let dependentDialects = [
    "::mlir::triton::TritonDialect",
    "::mlir::triton::gpu::TritonGPUDialect"
  ];
  let usePropertiesForAttributes = 1;
}

#endif // TRITONNVIDIAGPU_DIALECT_TD
