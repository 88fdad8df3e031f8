//===- ReduceScanCommon.cpp - shared by the reduce and scan lowerings -----===//
#include "ReduceScanCommon.h"

#include "Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::triton;

ElementTuple mlir::triton::applyCombiner(ConversionPatternRewriter &rewriter,
                                         Location loc,
                                         const TypeConverter &converter,
                                         Region &combiner, ValueRange lhs,
                                         ValueRange rhs) {
  Block &body = combiner.front();
  IRMapping mapping;
  for (auto [i, arg] : llvm::enumerate(body.getArguments())) {
    Value value = i < lhs.size() ? lhs[i] : rhs[i - lhs.size()];
    if (value.getType() != arg.getType())
      value = UnrealizedConversionCastOp::create(rewriter, loc, arg.getType(),
                                                 value)
                  .getResult(0);
    mapping.map(arg, value);
  }
  for (Operation &op : body.without_terminator())
    rewriter.clone(op, mapping);
  ElementTuple results;
  for (Value yielded : body.getTerminator()->getOperands()) {
    Value value = mapping.lookupOrDefault(yielded);
    Type lowered = converter.convertType(value.getType());
    if (lowered && lowered != value.getType())
      value = UnrealizedConversionCastOp::create(rewriter, loc, lowered, value)
                  .getResult(0);
    results.push_back(value);
  }
  return results;
}

ElementTuple mlir::triton::selectTuple(OpBuilder &b, Location loc, Value cond,
                                       ValueRange ifTrue, ValueRange ifFalse) {
  ElementTuple result;
  for (auto [t, f] : llvm::zip_equal(ifTrue, ifFalse))
    result.push_back(t == f ? t : LLVM::SelectOp::create(b, loc, cond, t, f));
  return result;
}

Type mlir::triton::getScratchType(Type llvmType) {
  auto intType = dyn_cast<IntegerType>(llvmType);
  if (intType && intType.getWidth() < 8)
    return IntegerType::get(llvmType.getContext(), 8);
  return llvmType;
}

Value mlir::triton::toScratch(OpBuilder &b, Location loc, Value value) {
  Type scratchType = getScratchType(value.getType());
  if (scratchType == value.getType())
    return value;
  return LLVM::ZExtOp::create(b, loc, scratchType, value);
}

Value mlir::triton::fromScratch(OpBuilder &b, Location loc, Value value,
                                Type llvmType) {
  if (value.getType() == llvmType)
    return value;
  return LLVM::TruncOp::create(b, loc, llvmType, value);
}

/// Bytes one element of lowered type `llvmType` takes in scratch memory.
static unsigned scratchBytes(Type llvmType) {
  return llvm::divideCeil(getBitWidth(getScratchType(llvmType)), 8);
}

unsigned mlir::triton::getScratchBytes(unsigned elems,
                                       ArrayRef<Type> llvmTypes) {
  unsigned bytes = 0;
  for (Type type : llvmTypes)
    bytes += elems * scratchBytes(type);
  return bytes;
}

FailureOr<SmallVector<Value>>
mlir::triton::getScratchBases(OpBuilder &b, Location loc, Operation *op,
                              unsigned elems, ArrayRef<Type> llvmTypes) {
  FailureOr<Value> base = getSharedMemoryAddress(loc, b, op);
  if (failed(base))
    return failure();
  SmallVector<unsigned> order(llvmTypes.size());
  std::iota(order.begin(), order.end(), 0);
  llvm::stable_sort(order, [&](unsigned x, unsigned y) {
    return scratchBytes(llvmTypes[x]) > scratchBytes(llvmTypes[y]);
  });
  SmallVector<Value> bases(llvmTypes.size());
  int32_t offset = 0;
  for (unsigned i : order) {
    bases[i] =
        offset == 0
            ? *base
            : Value(LLVM::GEPOp::create(b, loc, base->getType(), b.getI8Type(),
                                        *base, ArrayRef<LLVM::GEPArg>{offset}));
    offset += elems * scratchBytes(llvmTypes[i]);
  }
  return bases;
}

Value mlir::triton::scratchElementPtr(OpBuilder &b, Location loc, Value base,
                                      Type llvmType, Value index) {
  return LLVM::GEPOp::create(b, loc, base.getType(), getScratchType(llvmType),
                             base, ValueRange{index});
}

SmallVector<int> mlir::triton::basesAlongAxis(const LinearLayout &layout,
                                              StringAttr inDim, unsigned axis) {
  SmallVector<int> bits;
  if (!layout.hasInDim(inDim))
    return bits;
  for (int i = 0, e = layout.getInDimSizeLog2(inDim); i < e; ++i)
    if (layout.getBasis(inDim, i)[axis] != 0)
      bits.push_back(i);
  return bits;
}

bool mlir::triton::hasMixedBasis(const LinearLayout &layout, StringAttr inDim,
                                 unsigned axis) {
  for (int i : basesAlongAxis(layout, inDim, axis)) {
    ArrayRef<int32_t> basis = layout.getBasis(inDim, i);
    for (auto [d, v] : llvm::enumerate(basis))
      if (d != axis && v != 0)
        return true;
  }
  return false;
}

std::pair<Value, Value> mlir::triton::getLaneAndWarp(OpBuilder &b, Location loc,
                                                     int threadsPerWarp) {
  Value tid = getThreadId(b, loc);
  Value lane =
      LLVM::AndOp::create(b, loc, tid, i32Val(b, loc, threadsPerWarp - 1));
  Value warp = LLVM::LShrOp::create(
      b, loc, tid, i32Val(b, loc, llvm::Log2_32(threadsPerWarp)));
  return {lane, warp};
}

Value mlir::triton::gatherBits(OpBuilder &b, Location loc, Value value,
                               ArrayRef<int> bits) {
  Value result;
  // Runs of consecutive bits move together.
  for (size_t j = 0; j < bits.size();) {
    size_t end = j + 1;
    while (end < bits.size() && bits[end] == bits[end - 1] + 1)
      ++end;
    int width = end - j;
    Value run = value;
    if (bits[j] != 0)
      run = LLVM::LShrOp::create(b, loc, run, i32Val(b, loc, bits[j]));
    run = LLVM::AndOp::create(b, loc, run, i32Val(b, loc, (1 << width) - 1));
    if (j != 0)
      run = LLVM::ShlOp::create(b, loc, run, i32Val(b, loc, j));
    result = result ? LLVM::OrOp::create(b, loc, result, run) : run;
    j = end;
  }
  return result ? result : i32Val(b, loc, 0);
}
