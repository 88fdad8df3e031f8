//===- RewriteTensorPointer.cpp - tensor pointers to tensors of pointers --===//
//
// A tensor pointer (`!tt.ptr<tensor<...>>`) is split into its components:
// base pointer, then shape, strides and offsets (i64, one per dimension).
// `tt.make_tensor_ptr` and `tt.advance` only compute components; loads and
// stores through a tensor pointer build the tensor of pointers, the mask from
// `boundaryCheck` and `other` from `padding`. A 1:N dialect conversion carries
// the components through scf.for, scf.if, scf.while and arith.select.
//
//===----------------------------------------------------------------------===//
#include "BlockPointerUtils.h"

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/DialectConversion.h"

#define DEBUG_TYPE "triton-rewrite-tensor-pointer"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONREWRITETENSORPOINTER
#include "Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

/// The components of a split tensor pointer.
struct TensorPointerParts {
  Value base;
  ValueRange shape, strides, offsets;

  explicit TensorPointerParts(ValueRange parts) {
    size_t rank = (parts.size() - 1) / 3;
    base = parts.front();
    shape = parts.slice(1, rank);
    strides = parts.slice(1 + rank, rank);
    offsets = parts.slice(1 + 2 * rank, rank);
  }

  /// The pointers and mask of the block `blockShape` at the offsets,
  /// checking the bounds of the dimensions in `boundaryCheck`.
  BlockAccess buildAccess(OpBuilder &b, Location loc,
                          ArrayRef<int64_t> blockShape,
                          ArrayRef<int32_t> boundaryCheck) const {
    SmallVector<BlockDim> dims;
    for (auto [d, size] : llvm::enumerate(blockShape)) {
      Value bound;
      if (llvm::is_contained(boundaryCheck, static_cast<int32_t>(d)))
        bound = shape[d];
      dims.push_back({/*index=*/nullptr, strides[d], bound,
                      /*rangeStart=*/offsets[d], /*rangeSize=*/size});
    }
    return buildBlockAccess(b, loc, base, dims);
  }
};

/// `make_tensor_ptr` becomes its operands, offsets widened to i64.
struct RewriteMakeTensorPtr : OpConversionPattern<MakeTensorPtrOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MakeTensorPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> parts{adaptor.getBase()};
    llvm::append_range(parts, adaptor.getShape());
    llvm::append_range(parts, adaptor.getStrides());
    for (Value offset : adaptor.getOffsets())
      parts.push_back(castToI64(rewriter, op.getLoc(), offset));
    SmallVector<SmallVector<Value>> replacements{std::move(parts)};
    rewriter.replaceOpWithMultiple(op, std::move(replacements));
    return success();
  }
};

/// `advance` adds its (widened) offsets to the pointer's offsets.
struct RewriteAdvance : OpConversionPattern<AdvanceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AdvanceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange ptr = adaptor.getPtr();
    TensorPointerParts parts(ptr);
    SmallVector<Value> deltas = getSingleValues(adaptor.getOffsets());
    SmallVector<Value> result(ptr.begin(), ptr.end());
    size_t first = ptr.size() - parts.offsets.size();
    for (auto [d, delta] : llvm::enumerate(deltas)) {
      Value wide = castToI64(rewriter, op.getLoc(), delta);
      result[first + d] =
          arith::AddIOp::create(rewriter, op.getLoc(), parts.offsets[d], wide);
    }
    SmallVector<SmallVector<Value>> replacements{std::move(result)};
    rewriter.replaceOpWithMultiple(op, std::move(replacements));
    return success();
  }
};

struct RewriteLoad : OpConversionPattern<LoadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isTensorPointerType(op.getPtr().getType()))
      return rewriter.notifyMatchFailure(op, "not through a tensor pointer");
    Location loc = op.getLoc();
    auto block = cast<RankedTensorType>(op.getType());
    BlockAccess access = TensorPointerParts(adaptor.getPtr())
                             .buildAccess(rewriter, loc, block.getShape(),
                                          op.getBoundaryCheck());
    // Without a padding option out-of-bound elements are undefined, as in
    // Triton: the load gets a mask but no `other`.
    Value other;
    if (access.mask && op.getPadding())
      other = buildPaddingValue(rewriter, loc, block, *op.getPadding());
    auto load =
        LoadOp::create(rewriter, loc, access.ptrs, access.mask, other,
                       op.getCache(), op.getEvict(), op.getIsVolatile());
    rewriter.replaceOp(op, load);
    return success();
  }
};

struct RewriteStore : OpConversionPattern<StoreOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(StoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isTensorPointerType(op.getPtr().getType()))
      return rewriter.notifyMatchFailure(op, "not through a tensor pointer");
    auto block = cast<RankedTensorType>(op.getValue().getType());
    BlockAccess access =
        TensorPointerParts(adaptor.getPtr())
            .buildAccess(rewriter, op.getLoc(), block.getShape(),
                         op.getBoundaryCheck());
    StoreOp::create(rewriter, op.getLoc(), access.ptrs,
                    adaptor.getValue().front(), access.mask, op.getCache(),
                    op.getEvict());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

/// Reports the uses of tensor pointers this pass cannot split: across
/// function boundaries, and blocks that already carry a layout.
static LogicalResult checkSupported(ModuleOp module) {
  bool ok = true;
  auto anyTensorPointer = [](TypeRange types) {
    return llvm::any_of(types, isTensorPointerType);
  };
  module.walk([&](Operation *op) {
    if (auto func = dyn_cast<FuncOp>(op)) {
      if (anyTensorPointer(func.getArgumentTypes()) ||
          anyTensorPointer(func.getResultTypes())) {
        func.emitOpError("takes or returns a tensor pointer; tensor pointers "
                         "cannot cross function boundaries (inline the "
                         "function first)");
        ok = false;
      }
    } else if (auto call = dyn_cast<CallOp>(op)) {
      if (anyTensorPointer(call.getOperandTypes()) ||
          anyTensorPointer(call.getResultTypes())) {
        call.emitOpError("passes or returns a tensor pointer; tensor pointers "
                         "cannot cross function boundaries (inline the "
                         "callee first)");
        ok = false;
      }
    } else if (auto make = dyn_cast<MakeTensorPtrOp>(op)) {
      auto block = cast<RankedTensorType>(make.getType().getPointeeType());
      if (block.getEncoding()) {
        make.emitOpError("block has an encoding; tensor pointers are "
                         "rewritten before layouts are assigned");
        ok = false;
      }
    }
  });
  return success(ok);
}

namespace {
struct RewriteTensorPointerPass
    : triton::impl::TritonRewriteTensorPointerBase<RewriteTensorPointerPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    if (failed(checkSupported(module)))
      return signalPassFailure();

    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion(
        [](PointerType type,
           SmallVectorImpl<Type> &parts) -> std::optional<LogicalResult> {
          auto block = dyn_cast<RankedTensorType>(type.getPointeeType());
          if (!block)
            return std::nullopt;
          parts.push_back(
              getPointerType(block.getElementType(), type.getAddressSpace()));
          parts.append(3 * block.getRank(),
                       IntegerType::get(type.getContext(), 64));
          return success();
        });

    ConversionTarget target(*ctx);
    RewritePatternSet patterns(ctx);
    populateSplitConversion(converter, patterns, target);
    patterns
        .add<RewriteMakeTensorPtr, RewriteAdvance, RewriteLoad, RewriteStore>(
            converter, ctx);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
