//===- SPMDOpToLLVM.cpp - program ids and counts to NVVM special regs -----===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// The module's CTAs per cluster (ttg.num-ctas).
int getNumCTAs(Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  auto attr = module ? module->getAttrOfType<IntegerAttr>("ttg.num-ctas")
                     : IntegerAttr();
  return attr ? int(attr.getInt()) : 1;
}

/// A program is a CTA, or with `ttg.num-ctas` > 1 a cluster of CTAs (as
/// Triton launches them: the grid in CTAs is the programs times num_ctas
/// along x): its id is %clusterid, the count %nclusterid.
struct GetProgramIdOpConversion
    : public ConvertOpToLLVMPattern<triton::GetProgramIdOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::GetProgramIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type i32 = rewriter.getI32Type();
    Location loc = op.getLoc();
    bool clusters = getNumCTAs(op) > 1;
    Value id;
    switch (op.getAxis()) {
    case ProgramIDDim::X:
      id = clusters ? NVVM::ClusterIdXOp::create(rewriter, loc, i32).getResult()
                    : NVVM::BlockIdXOp::create(rewriter, loc, i32).getResult();
      break;
    case ProgramIDDim::Y:
      id = clusters ? NVVM::ClusterIdYOp::create(rewriter, loc, i32).getResult()
                    : NVVM::BlockIdYOp::create(rewriter, loc, i32).getResult();
      break;
    case ProgramIDDim::Z:
      id = clusters ? NVVM::ClusterIdZOp::create(rewriter, loc, i32).getResult()
                    : NVVM::BlockIdZOp::create(rewriter, loc, i32).getResult();
      break;
    }
    rewriter.replaceOp(op, id);
    return success();
  }
};

struct GetNumProgramsOpConversion
    : public ConvertOpToLLVMPattern<triton::GetNumProgramsOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::GetNumProgramsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type i32 = rewriter.getI32Type();
    Location loc = op.getLoc();
    bool clusters = getNumCTAs(op) > 1;
    Value count;
    switch (op.getAxis()) {
    case ProgramIDDim::X:
      count =
          clusters ? NVVM::ClusterDimXOp::create(rewriter, loc, i32).getResult()
                   : NVVM::GridDimXOp::create(rewriter, loc, i32).getResult();
      break;
    case ProgramIDDim::Y:
      count =
          clusters ? NVVM::ClusterDimYOp::create(rewriter, loc, i32).getResult()
                   : NVVM::GridDimYOp::create(rewriter, loc, i32).getResult();
      break;
    case ProgramIDDim::Z:
      count =
          clusters ? NVVM::ClusterDimZOp::create(rewriter, loc, i32).getResult()
                   : NVVM::GridDimZOp::create(rewriter, loc, i32).getResult();
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
