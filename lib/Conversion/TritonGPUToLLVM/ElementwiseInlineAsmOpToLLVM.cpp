//===- ElementwiseInlineAsmOpToLLVM.cpp - tt.elementwise_inline_asm -------===//
//
// The user's asm runs once per group of `packed_element` elements a thread
// holds (which elements form a group is unspecified; we take consecutive
// registers). One invocation takes, operand by operand, the group's
// elements and returns, result by result, the group's results. As in
// Triton, elements narrower than 32 bits share 32-bit registers: k =
// min(32 / bits, packed_element) of them travel as one vector<k x T>; wider
// elements and pointers (64-bit) take one register each. Several registers
// out come back as a struct, results in order. So with packed_element = 4,
// an i8 operand is one `r` register and an f32 operand four.
//
// Scalars: a scalar operand of a tensor op is the same for every element;
// an op on scalars only (or on nothing, like %smid) runs the asm once,
// every slot of the group holding the scalars, and its results are the
// group's first elements.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/Triton/IR/Dialect.h"

#include "llvm/IR/InlineAsm.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// How many elements of `type` (an LLVM element type) share one register of
/// the asm when `pack` elements go to one invocation.
unsigned elementsPerRegister(Type type, unsigned pack) {
  unsigned bits = getBitWidth(type);
  if (bits >= 32)
    return 1;
  return std::min(32 / bits, pack);
}

/// The asm's registers for one operand: `values` (a group of `pack`
/// elements) with narrow elements packed into vectors.
void packOperand(Location loc, OpBuilder &b, ArrayRef<Value> values,
                 SmallVectorImpl<Value> &registers) {
  Type type = values.front().getType();
  unsigned perRegister = elementsPerRegister(type, values.size());
  if (perRegister == 1) {
    registers.append(values.begin(), values.end());
    return;
  }
  auto vectorType = VectorType::get(perRegister, type);
  for (size_t i = 0; i < values.size(); i += perRegister) {
    Value vector = LLVM::UndefOp::create(b, loc, vectorType);
    for (unsigned k = 0; k < perRegister; ++k)
      vector = LLVM::InsertElementOp::create(b, loc, vector, values[i + k],
                                             i32Val(b, loc, k));
    registers.push_back(vector);
  }
}

/// Checks the constraint string against the registers the asm gets: one
/// output per returned register, one input per operand register, then
/// clobbers, in that order (what LLVM's InlineAsm::verify requires; LLVM
/// without assertions would otherwise miscompile or crash).
LogicalResult checkConstraints(ElementwiseInlineAsmOp op, size_t numOutputs,
                               size_t numInputs) {
  StringRef constraints = op.getConstraints();
  llvm::InlineAsm::ConstraintInfoVector infos =
      llvm::InlineAsm::ParseConstraints(constraints);
  if (infos.empty() && !constraints.empty())
    return op.emitOpError("cannot parse the constraints \"")
           << constraints << "\"";
  size_t outputs = 0, inputs = 0;
  bool seenInput = false, seenClobber = false;
  for (const llvm::InlineAsm::ConstraintInfo &info : infos) {
    switch (info.Type) {
    case llvm::InlineAsm::isOutput:
      if (seenInput || seenClobber)
        return op.emitOpError("constraints: an output (\"=...\") follows an "
                              "input or clobber");
      if (info.isIndirect)
        ++inputs;
      else
        ++outputs;
      break;
    case llvm::InlineAsm::isInput:
      if (seenClobber)
        return op.emitOpError("constraints: an input follows a clobber");
      seenInput = true;
      ++inputs;
      break;
    case llvm::InlineAsm::isClobber:
      seenClobber = true;
      break;
    case llvm::InlineAsm::isLabel:
      return op.emitOpError("constraints: labels (\"!i\") are not supported");
    }
  }
  if (outputs != numOutputs || inputs != numInputs)
    return op.emitOpError("constraints \"")
           << constraints << "\" have " << outputs << " output(s) and "
           << inputs
           << " input(s); with packed_element = " << op.getPackedElement()
           << " the asm returns " << numOutputs << " register(s) and takes "
           << numInputs << " (elements under 32 bits share 32-bit registers)";
  return success();
}

struct ElementwiseInlineAsmOpConversion
    : public ConvertOpToLLVMPattern<ElementwiseInlineAsmOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ElementwiseInlineAsmOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned pack = op.getPackedElement();

    // Results are all tensors (of one shape and layout) or all scalars.
    SmallVector<Type> resultTypes, elementTypes;
    if (failed(
            getTypeConverter()->convertTypes(op.getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "result type");
    for (Type type : resultTypes) {
      auto structType = dyn_cast<LLVM::LLVMStructType>(type);
      elementTypes.push_back(structType ? structType.getBody().front() : type);
    }
    bool onTensors = isa<RankedTensorType>(op->getResult(0).getType());
    size_t numElements =
        onTensors
            ? cast<LLVM::LLVMStructType>(resultTypes.front()).getBody().size()
            : 1;
    if (onTensors && numElements % pack != 0)
      return op.emitOpError("packed_element = ")
             << pack << " does not divide the " << numElements
             << " element(s) each thread holds in this layout";
    // Slots the invocations fill: a scalar op fills one whole group.
    size_t numSlots = onTensors ? numElements : pack;

    // Everything is checked before any IR is created.
    SmallVector<Type> operandTypes;
    for (auto [arg, lowered] : llvm::zip(op.getArgs(), adaptor.getArgs())) {
      auto structType = dyn_cast<LLVM::LLVMStructType>(lowered.getType());
      operandTypes.push_back(structType ? structType.getBody().front()
                                        : lowered.getType());
      if (isa<RankedTensorType>(arg.getType()) &&
          (!structType || structType.getBody().size() != numSlots))
        return op.emitOpError("operand layouts hold another number of "
                              "elements per thread than the results' (")
               << numSlots << ")";
    }
    // What one invocation returns: per result, pack / k registers.
    SmallVector<Type> asmTypes;
    for (Type type : elementTypes) {
      unsigned perRegister = elementsPerRegister(type, pack);
      Type registerType =
          perRegister == 1 ? type : VectorType::get(perRegister, type);
      asmTypes.append(pack / perRegister, registerType);
    }
    size_t numInputs = 0;
    for (Type type : operandTypes)
      numInputs += pack / elementsPerRegister(type, pack);
    if (failed(checkConstraints(op, asmTypes.size(), numInputs)))
      return failure();
    Type asmType =
        asmTypes.size() == 1
            ? asmTypes.front()
            : LLVM::LLVMStructType::getLiteral(getContext(), asmTypes);

    SmallVector<SmallVector<Value>> operands;
    for (auto [arg, lowered] : llvm::zip(op.getArgs(), adaptor.getArgs())) {
      SmallVector<Value> values = unpackLLElements(loc, lowered, rewriter);
      if (!isa<RankedTensorType>(arg.getType()))
        values.assign(numSlots, values.front());
      operands.push_back(std::move(values));
    }

    SmallVector<SmallVector<Value>> results(op.getNumResults());
    for (size_t first = 0; first < numSlots; first += pack) {
      SmallVector<Value> registers;
      for (const SmallVector<Value> &values : operands)
        packOperand(loc, rewriter, ArrayRef(values).slice(first, pack),
                    registers);
      Value out =
          emitInlineAsm(loc, rewriter, asmType, registers, op.getAsmString(),
                        op.getConstraints(), op.getPure());
      unsigned index = 0;
      for (auto [r, type] : llvm::enumerate(elementTypes)) {
        unsigned perRegister = elementsPerRegister(type, pack);
        for (unsigned i = 0; i < pack / perRegister; ++i) {
          Value reg =
              asmTypes.size() == 1
                  ? out
                  : LLVM::ExtractValueOp::create(rewriter, loc, out, index);
          ++index;
          if (perRegister == 1) {
            results[r].push_back(reg);
            continue;
          }
          for (unsigned k = 0; k < perRegister; ++k)
            results[r].push_back(LLVM::ExtractElementOp::create(
                rewriter, loc, reg, i32Val(rewriter, loc, k)));
        }
      }
    }

    SmallVector<Value> replacements;
    for (auto [type, values] : llvm::zip(resultTypes, results))
      replacements.push_back(onTensors
                                 ? packLLElements(loc, type, values, rewriter)
                                 : values.front());
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

} // namespace

void mlir::triton::populateElementwiseInlineAsmOpToLLVMPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns) {
  patterns.add<ElementwiseInlineAsmOpConversion>(converter);
}
