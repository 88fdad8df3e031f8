//===- SPMDOpToLLVM.cpp - program ids and counts to NVVM special regs -----===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Whether a program is a cluster of CTAs (`ttg.num-ctas` > 1): Triton then
/// launches num_ctas times the programs' CTAs along x, in clusters, and a
/// program's id and count are the cluster's.
bool programIsCluster(Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  return module && triton::gpu::TritonGPUDialect::getNumCTAs(module) > 1;
}

/// The special register `ClusterOp` in a cluster, else `CTAOp`.
template <typename ClusterOp, typename CTAOp>
Value readRegister(OpBuilder &b, Location loc, bool cluster) {
  Type i32 = b.getI32Type();
  return cluster ? ClusterOp::create(b, loc, i32).getResult()
                 : CTAOp::create(b, loc, i32).getResult();
}

/// %ctaid (%clusterid in a cluster) along the axis.
struct GetProgramIdOpConversion
    : public ConvertOpToLLVMPattern<triton::GetProgramIdOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::GetProgramIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool cluster = programIsCluster(op);
    Value id;
    switch (op.getAxis()) {
    case ProgramIDDim::X:
      id = readRegister<NVVM::ClusterIdXOp, NVVM::BlockIdXOp>(rewriter, loc,
                                                              cluster);
      break;
    case ProgramIDDim::Y:
      id = readRegister<NVVM::ClusterIdYOp, NVVM::BlockIdYOp>(rewriter, loc,
                                                              cluster);
      break;
    case ProgramIDDim::Z:
      id = readRegister<NVVM::ClusterIdZOp, NVVM::BlockIdZOp>(rewriter, loc,
                                                              cluster);
      break;
    }
    rewriter.replaceOp(op, id);
    return success();
  }
};

/// %nctaid (%nclusterid in a cluster) along the axis.
struct GetNumProgramsOpConversion
    : public ConvertOpToLLVMPattern<triton::GetNumProgramsOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::GetNumProgramsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool cluster = programIsCluster(op);
    Value count;
    switch (op.getAxis()) {
    case ProgramIDDim::X:
      count = readRegister<NVVM::ClusterDimXOp, NVVM::GridDimXOp>(rewriter,
                                                                  loc, cluster);
      break;
    case ProgramIDDim::Y:
      count = readRegister<NVVM::ClusterDimYOp, NVVM::GridDimYOp>(rewriter,
                                                                  loc, cluster);
      break;
    case ProgramIDDim::Z:
      count = readRegister<NVVM::ClusterDimZOp, NVVM::GridDimZOp>(rewriter,
                                                                  loc, cluster);
      break;
    }
    rewriter.replaceOp(op, count);
    return success();
  }
};

} // namespace

void mlir::triton::populateSPMDOpToLLVMPatterns(TypeConverterT &converter,
                                                RewritePatternSet &patterns) {
  patterns.add<GetProgramIdOpConversion, GetNumProgramsOpConversion>(converter);
}
