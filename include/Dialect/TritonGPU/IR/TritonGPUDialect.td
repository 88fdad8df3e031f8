//===- TritonGPUDialect.td - the ttg dialect --------------------*- tablegen -*-===//
//
// The TritonGPU dialect (`ttg`): tensors with layouts (which thread holds
// which element), shared memory descriptors and the ops that move data
// between registers, shared and global memory (TTGIR).
//
//===----------------------------------------------------------------------===//
#ifndef TRITONGPU_DIALECT_TD
#define TRITONGPU_DIALECT_TD

include "mlir/IR/OpBase.td"

def TritonGPU_Dialect : Dialect {
  let name = "ttg";
  let cppNamespace = "::mlir::triton::gpu";
  let summary = "The TritonGPU IR (TTGIR) dialect";
  let description = [{
    TritonGPU IR: Triton programs whose tensors carry a layout encoding
    (`#ttg.blocked`, `#ttg.slice`, `#ttg.nvidia_mma`, `#ttg.dot_op`, ...),
    shared memory buffers (`!ttg.memdesc`) and asynchronous copies. The
    textual form is exactly what Triton 3.6 prints.
  }];
  let dependentDialects = [
    "triton::TritonDialect"
  ];
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
    void registerCTAEncoding();
    void registerOps();

    /// toLinearLayout's results in this context, per (layout, shape): the
    /// verifiers and every pass ask for the same layouts again and again
    /// (LinearLayoutConversions.cpp; shared by the context's threads).
    struct LinearLayoutCache;
    std::shared_ptr<LinearLayoutCache> linearLayoutCache;
    Attribute parseAttribute(DialectAsmParser &parser,
                             Type type) const override;
    void printAttribute(Attribute attr,
                        DialectAsmPrinter &printer) const override;

    /// Module attribute names.
    static constexpr llvm::StringLiteral getNumWarpsAttrName() {
      return "ttg.num-warps";
    }
    static constexpr llvm::StringLiteral getNumCTAsAttrName() {
      return "ttg.num-ctas";
    }
    static constexpr llvm::StringLiteral getThreadsPerWarpAttrName() {
      return "ttg.threads-per-warp";
    }

    /// `ttg.num-warps` of the module (4 when absent, as Triton defaults).
    static int getNumWarps(ModuleOp mod);
    /// `ttg.num-ctas` of the module (1 when absent).
    static int getNumCTAs(ModuleOp mod);
    /// `ttg.threads-per-warp` of the module (32 when absent).
    static int getThreadsPerWarp(ModuleOp mod);
  }];
  let hasOperationAttrVerify = 1;
  let useDefaultTypePrinterParser = 1;
  let usePropertiesForAttributes = 1;
}

#endif // TRITONGPU_DIALECT_TD
