//===- TritonGPUConversion.cpp - type converter and target for TTGIR ------===//
#include "Conversion/TritonToTritonGPU/TritonGPUConversion.h"
#include "Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

//===----------------------------------------------------------------------===//
// TritonGPUTypeConverter
//===----------------------------------------------------------------------===//

TritonGPUTypeConverter::TritonGPUTypeConverter(MLIRContext *context,
                                               int numWarps, int threadsPerWarp,
                                               int numCTAs,
                                               bool enableSourceRemat)
    : context(context), numWarps(numWarps), threadsPerWarp(threadsPerWarp),
      numCTAs(numCTAs) {
  // Conversions are tried last-added first; everything else stays as it is.
  addConversion([](Type type) { return type; });

  addConversion([this](RankedTensorType type) -> Type {
    if (type.getEncoding())
      return type;
    // A 0-d tensor has no dimension to spread threads over.
    if (type.getRank() == 0)
      return Type();
    return type.cloneWithEncoding(getDefaultEncoding(type.getShape()));
  });

  // A tensor pointer `!tt.ptr<tensor<...>>` points at a tensor with a layout.
  addConversion([this](PointerType type) -> Type {
    auto pointee = dyn_cast<RankedTensorType>(type.getPointeeType());
    if (!pointee)
      return type;
    Type converted = convertType(pointee);
    if (!converted)
      return Type();
    return PointerType::get(converted, type.getAddressSpace());
  });

  // A value whose user needs another layout goes through a convert_layout.
  addTargetMaterialization([](OpBuilder &builder, RankedTensorType type,
                              ValueRange inputs, Location loc) -> Value {
    if (inputs.size() != 1 || !isa<RankedTensorType>(inputs[0].getType()))
      return Value();
    return ConvertLayoutOp::create(builder, loc, type, inputs[0]);
  });

  // A converted value still used in its old type by an op that was left as
  // it is: cast back only when asked to; otherwise the conversion fails.
  if (enableSourceRemat) {
    addSourceMaterialization([](OpBuilder &builder, RankedTensorType type,
                                ValueRange inputs, Location loc) -> Value {
      return UnrealizedConversionCastOp::create(builder, loc, type, inputs)
          .getResult(0);
    });
  }
}

BlockedEncodingAttr
TritonGPUTypeConverter::getDefaultEncoding(ArrayRef<int64_t> shape) const {
  return getDefaultBlockedEncoding(context, shape, numWarps, threadsPerWarp,
                                   numCTAs);
}

//===----------------------------------------------------------------------===//
// TritonGPUConversionTarget
//===----------------------------------------------------------------------===//

bool TritonGPUConversionTarget::isDynamicallyLegal(
    Operation *op, const TypeConverter &typeConverter) {
  if (!typeConverter.isLegal(op))
    return false;
  for (Region &region : op->getRegions())
    if (!typeConverter.isLegal(&region))
      return false;
  if (auto func = dyn_cast<FunctionOpInterface>(op))
    return typeConverter.isLegal(func.getArgumentTypes()) &&
           typeConverter.isLegal(func.getResultTypes());
  return true;
}

TritonGPUConversionTarget::TritonGPUConversionTarget(
    MLIRContext &context, const TritonGPUTypeConverter &typeConverter)
    : ConversionTarget(context) {
  addLegalDialect<TritonGPUDialect>();

  // Triton lowers none of these; they must not reach TTGIR.
  addIllegalOp<scf::ExecuteRegionOp, scf::ParallelOp, scf::ReduceOp,
               scf::ReduceReturnOp>();

  // Every other op, of any dialect, is legal once no type of it lacks a
  // layout. An op that is not and that no pattern converts fails the
  // conversion with an error naming it.
  auto isLegal = [&typeConverter](Operation *op) {
    return isDynamicallyLegal(op, typeConverter);
  };
  addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect,
                             TritonDialect, cf::ControlFlowDialect,
                             scf::SCFDialect, ub::UBDialect>(isLegal);
  markUnknownOpDynamicallyLegal(isLegal);

  // tt.dot also needs its A and B operands in #ttg.dot_op layouts.
  addDynamicallyLegalOp<DotOp>([&typeConverter](DotOp dot) {
    auto hasDotOperandLayout = [](Value v) {
      return isa_and_nonnull<DotOperandEncodingAttr>(
          cast<RankedTensorType>(v.getType()).getEncoding());
    };
    return isDynamicallyLegal(dot, typeConverter) &&
           hasDotOperandLayout(dot.getA()) && hasDotOperandLayout(dot.getB());
  });
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

void mlir::triton::gpu::populateControlFlowToTritonGPUPatterns(
    const TritonGPUTypeConverter &typeConverter, RewritePatternSet &patterns,
    ConversionTarget &target) {
  scf::populateSCFStructuralTypeConversionsAndLegality(typeConverter, patterns,
                                                       target);
  // cf.br / cf.cond_br operands; the blocks they jump to are converted with
  // the function body.
  populateBranchOpInterfaceTypeConversionPattern(patterns, typeConverter);
}
