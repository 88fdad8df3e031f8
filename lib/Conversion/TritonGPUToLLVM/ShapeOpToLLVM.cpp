//===- ShapeOpToLLVM.cpp - reshape, trans, join, split, cat ---------------===//
//
// Ops that re-index a tensor. With the layouts our TTGIR passes infer they
// never move data between threads: every result register is an operand
// register holding the same element. We find it through the linear layouts
// (after checking that lanes, warps and CTAs map alike) and refuse, naming
// the op, what would need data movement. tt.cat keeps Triton's semantics
// (the result's element order is unspecified): the operands' registers are
// concatenated.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "RegisterMap.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

using Offsets = RegisterOffsets;
using Source = RegisterSource;

/// Bits of coordinates in a row-major flattening of `shape` (powers of two).
int64_t flatten(ArrayRef<int32_t> coords, ArrayRef<int64_t> shape) {
  int64_t flat = 0;
  for (auto [c, size] : llvm::zip(coords, shape))
    flat = flat * size + c;
  return flat;
}
Offsets unflatten(int64_t flat, ArrayRef<int64_t> shape) {
  Offsets coords(shape.size());
  for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
    coords[d] = static_cast<int32_t>(flat % shape[d]);
    flat /= shape[d];
  }
  return coords;
}

bool haveLinearLayouts(Operation *op) {
  auto ok = [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor &&
           isa_and_nonnull<ttg::DistributedEncodingTrait>(
               tensor.getEncoding()) &&
           succeeded(ttg::tryToLinearLayout(tensor.getShape(),
                                            tensor.getEncoding(), nullptr));
  };
  return llvm::all_of(op->getOperandTypes(), ok) &&
         llvm::all_of(op->getResultTypes(), ok);
}

template <typename OpT>
struct ShapeOpPattern : public ConvertOpToLLVMPattern<OpT> {
  using ConvertOpToLLVMPattern<OpT>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename OpT::Adaptor;

  LogicalResult
  matchAndRewrite(OpT op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!haveLinearLayouts(op))
      return op.emitOpError("lowering to LLVM needs distributed layouts on "
                            "every operand and result");
    SmallVector<Value> results;
    if (failed(lower(op, adaptor, rewriter, results)))
      return failure();
    rewriter.replaceOp(op, results);
    return success();
  }

  virtual LogicalResult lower(OpT op, OpAdaptor adaptor,
                              ConversionPatternRewriter &rewriter,
                              SmallVectorImpl<Value> &results) const = 0;
};

struct TransOpConversion : public ShapeOpPattern<TransOp> {
  using ShapeOpPattern::ShapeOpPattern;
  LogicalResult lower(TransOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter,
                      SmallVectorImpl<Value> &results) const override {
    ArrayRef<int32_t> order = op.getOrder();
    auto project = [&](Offsets coords) {
      Offsets src(coords.size());
      for (auto [i, d] : llvm::enumerate(order))
        src[d] = coords[i];
      return Source{0, src};
    };
    return replaceByRegisterMap(op, adaptor.getOperands(), op.getType(),
                                project, getTypeConverter(), rewriter, results);
  }
};

struct ReshapeOpConversion : public ShapeOpPattern<ReshapeOp> {
  using ShapeOpPattern::ShapeOpPattern;
  LogicalResult lower(ReshapeOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter,
                      SmallVectorImpl<Value> &results) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    RankedTensorType dstType = op.getType();
    auto project = [&](Offsets coords) {
      return Source{0, unflatten(flatten(coords, dstType.getShape()),
                                 srcType.getShape())};
    };
    // Row-major order kept: the general case.
    Type structType = getTypeConverter()->convertType(dstType);
    FailureOr<SmallVector<std::pair<unsigned, int32_t>>> mapping = mapRegisters(
        {ttg::toLinearLayout(srcType)}, ttg::toLinearLayout(dstType), project);
    if (succeeded(mapping) || !op.getAllowReorder())
      return replaceByRegisterMap(op, adaptor.getOperands(), dstType, project,
                                  getTypeConverter(), rewriter, results);
    // allow_reorder: any order of the elements will do; keep the registers
    // where they are when both layouts hold as many per thread.
    SmallVector<Value> values =
        unpackLLElements(op.getLoc(), adaptor.getSrc(), rewriter);
    if (!structType ||
        cast<LLVM::LLVMStructType>(structType).getBody().size() !=
            values.size())
      return op.emitOpError("with allow_reorder needs as many registers per "
                            "thread in its result as in its operand");
    results.push_back(
        packLLElements(op.getLoc(), structType, values, rewriter));
    return success();
  }
};

struct JoinOpConversion : public ShapeOpPattern<JoinOp> {
  using ShapeOpPattern::ShapeOpPattern;
  LogicalResult lower(JoinOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter,
                      SmallVectorImpl<Value> &results) const override {
    auto project = [](Offsets coords) {
      unsigned k = coords.back();
      coords.pop_back();
      return Source{k, coords};
    };
    return replaceByRegisterMap(op, adaptor.getOperands(), op.getType(),
                                project, getTypeConverter(), rewriter, results);
  }
};

struct SplitOpConversion : public ShapeOpPattern<SplitOp> {
  using ShapeOpPattern::ShapeOpPattern;
  LogicalResult lower(SplitOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter,
                      SmallVectorImpl<Value> &results) const override {
    for (int32_t k = 0; k < 2; ++k) {
      // Result k's element c is the operand's element (c, k).
      auto project = [k](Offsets coords) {
        coords.push_back(k);
        return Source{0, coords};
      };
      auto resultType = cast<RankedTensorType>(op->getResult(k).getType());
      Type structType = getTypeConverter()->convertType(resultType);
      if (!structType)
        return rewriter.notifyMatchFailure(op, "result type");
      LinearLayout src =
          ttg::toLinearLayout(cast<RankedTensorType>(op.getSrc().getType()));
      LinearLayout dst = ttg::toLinearLayout(resultType);
      auto linearPart = [](Offsets coords) {
        coords.push_back(0);
        return Source{0, coords};
      };
      // Threads must match on the linear part; registers then take half k.
      if (failed(mapRegisters({src}, dst, linearPart)))
        return op.emitOpError("operand and result layouts do not place "
                              "threads alike; lowering to LLVM cannot move "
                              "data here");
      MLIRContext *ctx = op.getContext();
      std::map<Offsets, int32_t> registerOf;
      for (int32_t r = src.getInDimSize(kRegister(ctx)) - 1; r >= 0; --r)
        registerOf[applyLinearLayoutConst(src, {{kRegister(ctx), r}})] = r;
      SmallVector<Value> values =
          unpackLLElements(op.getLoc(), adaptor.getSrc(), rewriter);
      SmallVector<Value> elements;
      for (int32_t r = 0; r < dst.getInDimSize(kRegister(ctx)); ++r) {
        auto it = registerOf.find(
            project(applyLinearLayoutConst(dst, {{kRegister(ctx), r}})).second);
        if (it == registerOf.end())
          return op.emitOpError("operand holds no register for an element of "
                                "its result; lowering to LLVM cannot move "
                                "data here");
        elements.push_back(values[it->second]);
      }
      results.push_back(
          packLLElements(op.getLoc(), structType, elements, rewriter));
    }
    return success();
  }
};

struct CatOpConversion : public ShapeOpPattern<CatOp> {
  using ShapeOpPattern::ShapeOpPattern;
  LogicalResult lower(CatOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter,
                      SmallVectorImpl<Value> &results) const override {
    Type structType = getTypeConverter()->convertType(op.getType());
    if (!structType)
      return rewriter.notifyMatchFailure(op, "result type");
    SmallVector<Value> values =
        unpackLLElements(op.getLoc(), adaptor.getLhs(), rewriter);
    llvm::append_range(
        values, unpackLLElements(op.getLoc(), adaptor.getRhs(), rewriter));
    if (cast<LLVM::LLVMStructType>(structType).getBody().size() !=
        values.size())
      return op.emitOpError("needs a result layout holding as many registers "
                            "per thread as both operands together");
    results.push_back(
        packLLElements(op.getLoc(), structType, values, rewriter));
    return success();
  }
};

} // namespace

void mlir::triton::populateShapeOpToLLVMPatterns(TypeConverterT &converter,
                                                 RewritePatternSet &patterns) {
  patterns.add<TransOpConversion, ReshapeOpConversion, JoinOpConversion,
               SplitOpConversion, CatOpConversion>(converter);
}
