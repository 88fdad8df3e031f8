//===- SPMDOpToLLVM.cpp - program ids and counts to NVVM special regs -----===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

struct GetProgramIdOpConversion
    : public ConvertOpToLLVMPattern<triton::GetProgramIdOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::GetProgramIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type i32 = rewriter.getI32Type();
    Location loc = op.getLoc();
    Value id;
    switch (op.getAxis()) {
    case ProgramIDDim::X:
      id = NVVM::BlockIdXOp::create(rewriter, loc, i32);
      break;
    case ProgramIDDim::Y:
      id = NVVM::BlockIdYOp::create(rewriter, loc, i32);
      break;
    case ProgramIDDim::Z:
      id = NVVM::BlockIdZOp::create(rewriter, loc, i32);
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
    Value count;
    switch (op.getAxis()) {
    case ProgramIDDim::X:
      count = NVVM::GridDimXOp::create(rewriter, loc, i32);
      break;
    case ProgramIDDim::Y:
      count = NVVM::GridDimYOp::create(rewriter, loc, i32);
      break;
    case ProgramIDDim::Z:
      count = NVVM::GridDimZOp::create(rewriter, loc, i32);
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
