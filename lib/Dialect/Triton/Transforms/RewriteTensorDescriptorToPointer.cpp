//===- RewriteTensorDescriptorToPointer.cpp - descriptors to pointers -----===//
//
// For targets without TMA. A tensor descriptor (`!tt.tensordesc<...>`) is
// split into its components: base pointer, then shape and strides (i64, one
// per dimension). Descriptor loads, stores, gathers, scatters and reductions
// become masked loads, stores and atomics through tensors of pointers. A 1:N
// dialect conversion carries the components through scf.for, scf.if,
// scf.while and arith.select.
//
// A descriptor function argument is followed by its shape (i32) and strides
// (i64) arguments, as Triton's frontend flattens it; the argument itself
// becomes the base pointer (`!tt.ptr<T>`) at the same position, and callers
// pass the base pointer there.
//
//===----------------------------------------------------------------------===//
#include "BlockPointerUtils.h"

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/SetVector.h"

#define DEBUG_TYPE "triton-rewrite-tensor-descriptor-to-pointer"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONREWRITETENSORDESCRIPTORTOPOINTER
#include "Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

/// The padding of each descriptor load and gather.
using PaddingMap = DenseMap<Operation *, PaddingOption>;

/// The atomic that performs a descriptor reduction on `elementType`, if any.
static std::optional<RMWOp> getAtomicKind(DescriptorReduceKind kind,
                                          Type elementType) {
  bool isInt = isa<IntegerType>(elementType);
  switch (kind) {
  case DescriptorReduceKind::ADD:
    return isInt ? RMWOp::ADD : RMWOp::FADD;
  case DescriptorReduceKind::MIN:
    return isInt ? std::optional(RMWOp::MIN) : std::nullopt;
  case DescriptorReduceKind::MAX:
    return isInt ? std::optional(RMWOp::MAX) : std::nullopt;
  case DescriptorReduceKind::AND:
    return isInt ? std::optional(RMWOp::AND) : std::nullopt;
  case DescriptorReduceKind::OR:
    return isInt ? std::optional(RMWOp::OR) : std::nullopt;
  case DescriptorReduceKind::XOR:
    return isInt ? std::optional(RMWOp::XOR) : std::nullopt;
  case DescriptorReduceKind::NONE:
  case DescriptorReduceKind::INC:
  case DescriptorReduceKind::DEC:
    return std::nullopt;
  }
  return std::nullopt;
}

namespace {

/// The components of a split tensor descriptor.
struct DescriptorParts {
  Value base;
  ValueRange shape, strides;

  explicit DescriptorParts(ValueRange parts) {
    size_t rank = (parts.size() - 1) / 2;
    base = parts.front();
    shape = parts.slice(1, rank);
    strides = parts.slice(1 + rank, rank);
  }

  /// The pointers and mask of the block `blockShape` whose first element is
  /// at `indices`, for a tensor that drops the leading dimensions of the
  /// block beyond `tensorRank` (they have size 1).
  BlockAccess buildAccess(OpBuilder &b, Location loc,
                          ArrayRef<int64_t> blockShape, ValueRange indices,
                          int64_t tensorRank) const {
    int64_t dropped = blockShape.size() - tensorRank;
    SmallVector<BlockDim> dims;
    for (auto [d, size] : llvm::enumerate(blockShape)) {
      Value start = castToI64(b, loc, indices[d]);
      if (static_cast<int64_t>(d) < dropped)
        dims.push_back({start, strides[d], shape[d]});
      else
        dims.push_back({/*index=*/nullptr, strides[d], shape[d],
                        /*rangeStart=*/start, /*rangeSize=*/size});
    }
    return buildBlockAccess(b, loc, base, dims);
  }

  /// The pointers and mask of the rows `rows` (1-D i32) of the columns
  /// [column, column + width).
  BlockAccess buildRowsAccess(OpBuilder &b, Location loc, Value rows,
                              Value column, int64_t width) const {
    auto rowsType = cast<RankedTensorType>(rows.getType());
    Value wideRows =
        arith::ExtSIOp::create(b, loc, rowsType.clone(b.getI64Type()), rows);
    Value columns = buildIndexRange(b, loc, castToI64(b, loc, column), width);
    BlockDim dims[] = {{wideRows, strides[0], shape[0]},
                       {columns, strides[1], shape[1]}};
    return buildBlockAccess(b, loc, base, dims);
  }
};

/// `make_tensor_descriptor` becomes its operands, shape widened to i64.
struct RewriteMakeTensorDesc : OpConversionPattern<MakeTensorDescOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MakeTensorDescOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> parts{adaptor.getBase()};
    for (Value extent : adaptor.getShape())
      parts.push_back(castToI64(rewriter, op.getLoc(), extent));
    llvm::append_range(parts, adaptor.getStrides());
    SmallVector<SmallVector<Value>> replacements{std::move(parts)};
    rewriter.replaceOpWithMultiple(op, std::move(replacements));
    return success();
  }
};

/// Patterns that read a descriptor's padding from the pass's analysis.
template <typename Op> struct PaddedPattern : OpConversionPattern<Op> {
  PaddedPattern(const TypeConverter &converter, MLIRContext *ctx,
                const PaddingMap &paddings)
      : OpConversionPattern<Op>(converter, ctx), paddings(paddings) {}

  PaddingOption getPadding(Operation *op) const {
    return paddings.lookup_or(op, PaddingOption::PAD_ZERO);
  }

  const PaddingMap &paddings;
};

struct RewriteDescriptorLoad : PaddedPattern<DescriptorLoadOp> {
  using PaddedPattern::PaddedPattern;

  LogicalResult
  matchAndRewrite(DescriptorLoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    BlockAccess access =
        DescriptorParts(adaptor.getDesc())
            .buildAccess(rewriter, loc,
                         op.getDesc().getType().getBlockType().getShape(),
                         getSingleValues(adaptor.getIndices()), type.getRank());
    Value other = buildPaddingValue(rewriter, loc, type, getPadding(op));
    auto load = LoadOp::create(rewriter, loc, access.ptrs, access.mask, other,
                               op.getCache(), op.getEvict(),
                               /*isVolatile=*/false);
    rewriter.replaceOp(op, load);
    return success();
  }
};

struct RewriteDescriptorStore : OpConversionPattern<DescriptorStoreOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DescriptorStoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getSrc().getType();
    BlockAccess access =
        DescriptorParts(adaptor.getDesc())
            .buildAccess(rewriter, loc,
                         op.getDesc().getType().getBlockType().getShape(),
                         getSingleValues(adaptor.getIndices()), type.getRank());
    StoreOp::create(rewriter, loc, access.ptrs, adaptor.getSrc().front(),
                    access.mask, CacheModifier::NONE, EvictionPolicy::NORMAL);
    rewriter.eraseOp(op);
    return success();
  }
};

struct RewriteDescriptorReduce : OpConversionPattern<DescriptorReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DescriptorReduceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getSrc().getType();
    std::optional<RMWOp> kind =
        getAtomicKind(op.getKind(), type.getElementType());
    if (!kind)
      return rewriter.notifyMatchFailure(op, "no atomic for this reduction");
    BlockAccess access =
        DescriptorParts(adaptor.getDesc())
            .buildAccess(rewriter, loc,
                         op.getDesc().getType().getBlockType().getShape(),
                         getSingleValues(adaptor.getIndices()), type.getRank());
    AtomicRMWOp::create(rewriter, loc, type, *kind, access.ptrs,
                        adaptor.getSrc().front(), access.mask,
                        MemSemantic::RELEASE, MemSyncScope::GPU);
    rewriter.eraseOp(op);
    return success();
  }
};

struct RewriteDescriptorGather : PaddedPattern<DescriptorGatherOp> {
  using PaddedPattern::PaddedPattern;

  LogicalResult
  matchAndRewrite(DescriptorGatherOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    BlockAccess access =
        DescriptorParts(adaptor.getDesc())
            .buildRowsAccess(rewriter, loc, adaptor.getXOffsets().front(),
                             adaptor.getYOffset().front(), type.getShape()[1]);
    Value other = buildPaddingValue(rewriter, loc, type, getPadding(op));
    auto load = LoadOp::create(rewriter, loc, access.ptrs, access.mask, other,
                               CacheModifier::NONE, EvictionPolicy::NORMAL,
                               /*isVolatile=*/false);
    rewriter.replaceOp(op, load);
    return success();
  }
};

struct RewriteDescriptorScatter : OpConversionPattern<DescriptorScatterOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DescriptorScatterOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getSrc().getType();
    BlockAccess access =
        DescriptorParts(adaptor.getDesc())
            .buildRowsAccess(rewriter, loc, adaptor.getXOffsets().front(),
                             adaptor.getYOffset().front(), type.getShape()[1]);
    StoreOp::create(rewriter, loc, access.ptrs, adaptor.getSrc().front(),
                    access.mask, CacheModifier::NONE, EvictionPolicy::NORMAL);
    rewriter.eraseOp(op);
    return success();
  }
};

/// A call passes the base pointer where it passed a descriptor: the callee's
/// descriptor argument became that pointer, its shape and strides follow.
struct RewriteCall : OpConversionPattern<CallOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CallOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> operands = getSingleValues(adaptor.getOperands());
    auto call = CallOp::create(rewriter, op.getLoc(), op.getCallee(),
                               op.getResultTypes(), operands);
    call->setAttrs(op->getAttrs());
    rewriter.replaceOp(op, call);
    return success();
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// Checks and preparation
//===----------------------------------------------------------------------===//

/// Adds the paddings of the `make_tensor_descriptor` ops `value` may come
/// from, through scf control flow and selects.
static void collectPaddings(Value value, DenseSet<Value> &visited,
                            llvm::SmallSetVector<PaddingOption, 2> &paddings) {
  if (!visited.insert(value).second)
    return;
  auto recurse = [&](Value v) { collectPaddings(v, visited, paddings); };
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *parent = arg.getOwner()->getParentOp();
    unsigned i = arg.getArgNumber();
    if (auto loop = dyn_cast_if_present<scf::ForOp>(parent)) {
      if (i == 0)
        return;
      recurse(loop.getInitArgs()[i - 1]);
      recurse(loop.getYieldedValues()[i - 1]);
    } else if (auto loop = dyn_cast_if_present<scf::WhileOp>(parent)) {
      if (arg.getOwner() == loop.getBeforeBody()) {
        recurse(loop.getInits()[i]);
        recurse(loop.getYieldOp().getOperand(i));
      } else {
        recurse(loop.getConditionOp().getArgs()[i]);
      }
    }
    return;
  }
  Operation *def = value.getDefiningOp();
  unsigned i = cast<OpResult>(value).getResultNumber();
  if (auto make = dyn_cast<MakeTensorDescOp>(def)) {
    paddings.insert(make.getPadding());
  } else if (auto loop = dyn_cast<scf::ForOp>(def)) {
    recurse(loop.getInitArgs()[i]);
    recurse(loop.getYieldedValues()[i]);
  } else if (auto branch = dyn_cast<scf::IfOp>(def)) {
    recurse(branch.thenYield().getOperand(i));
    if (!branch.getElseRegion().empty())
      recurse(branch.elseYield().getOperand(i));
  } else if (auto loop = dyn_cast<scf::WhileOp>(def)) {
    recurse(loop.getConditionOp().getArgs()[i]);
  } else if (auto select = dyn_cast<arith::SelectOp>(def)) {
    recurse(select.getTrueValue());
    recurse(select.getFalseValue());
  }
}

/// Records the padding each descriptor load and gather reads out-of-bound
/// elements as. Zero where the descriptor's origin is unknown (a function
/// argument).
static LogicalResult analyzePaddings(ModuleOp module, PaddingMap &paddings) {
  bool ok = true;
  module.walk([&](Operation *op) {
    if (!isa<DescriptorLoadOp, DescriptorGatherOp>(op))
      return;
    DenseSet<Value> visited;
    llvm::SmallSetVector<PaddingOption, 2> found;
    collectPaddings(op->getOperand(0), visited, found);
    if (found.size() > 1) {
      op->emitOpError("reads a descriptor that may come from both zero- and "
                      "NaN-padded tensor descriptors; the padding must be "
                      "known statically");
      ok = false;
      return;
    }
    paddings[op] = found.empty() ? PaddingOption::PAD_ZERO : found.front();
  });
  return success(ok);
}

/// Whether `types` has a tensor or descriptor block with an encoding.
static bool hasEncoding(TypeRange types) {
  return llvm::any_of(types, [](Type type) {
    if (auto desc = dyn_cast<TensorDescType>(type))
      type = desc.getBlockType();
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && tensor.getEncoding();
  });
}

/// Checks that the descriptor argument at `index` of `types` is followed by
/// its shape (i32) and strides (i64).
static bool hasShapeAndStrideArgs(ArrayRef<Type> types, size_t index,
                                  int64_t rank) {
  if (index + 2 * rank >= types.size())
    return false;
  for (int64_t d = 0; d < rank; ++d)
    if (!types[index + 1 + d].isInteger(32) ||
        !types[index + 1 + rank + d].isInteger(64))
      return false;
  return true;
}

/// Reports the descriptors this pass cannot lower.
static LogicalResult checkSupported(ModuleOp module) {
  bool ok = true;
  auto isDesc = [](Type t) { return isa<TensorDescType>(t); };
  module.walk([&](Operation *op) {
    if (auto func = dyn_cast<FuncOp>(op)) {
      ArrayRef<Type> inputs = func.getArgumentTypes();
      for (auto [i, type] : llvm::enumerate(inputs)) {
        auto desc = dyn_cast<TensorDescType>(type);
        if (!desc)
          continue;
        int64_t rank = desc.getBlockType().getRank();
        if (!hasShapeAndStrideArgs(inputs, i, rank)) {
          func.emitOpError("tensor descriptor argument #")
              << i << " must be followed by its shape (" << rank
              << " x i32) and strides (" << rank << " x i64) arguments";
          ok = false;
        }
      }
      if (llvm::any_of(func.getResultTypes(), isDesc)) {
        func.emitOpError("returns a tensor descriptor; descriptors can only "
                         "be passed to functions, not returned");
        ok = false;
      }
    } else if (auto call = dyn_cast<CallOp>(op)) {
      if (llvm::any_of(call.getResultTypes(), isDesc)) {
        call.emitOpError("returns a tensor descriptor; descriptors can only "
                         "be passed to functions, not returned");
        ok = false;
      }
    } else if (auto make = dyn_cast<MakeTensorDescOp>(op)) {
      if (make.getPadding() == PaddingOption::PAD_NAN &&
          !isa<FloatType>(make.getType().getBlockType().getElementType())) {
        make.emitOpError("NaN padding requires a floating-point element type");
        ok = false;
      }
    } else if (auto reduce = dyn_cast<DescriptorReduceOp>(op)) {
      Type elementType = reduce.getSrc().getType().getElementType();
      if (!getAtomicKind(reduce.getKind(), elementType)) {
        reduce.emitOpError("has no atomic equivalent for reduction '")
            << stringifyDescriptorReduceKind(reduce.getKind()) << "' on "
            << elementType << " elements";
        ok = false;
      }
    }
    if (isa<DescriptorLoadOp, DescriptorStoreOp, DescriptorReduceOp,
            DescriptorGatherOp, DescriptorScatterOp, MakeTensorDescOp>(op) &&
        (hasEncoding(op->getOperandTypes()) ||
         hasEncoding(op->getResultTypes()))) {
      op->emitOpError("has a tensor with an encoding; tensor descriptors are "
                      "lowered to pointers before layouts are assigned");
      ok = false;
    }
  });
  return success(ok);
}

/// Turns each descriptor argument of `func` into its base pointer and
/// rebuilds the descriptor from it and the shape and stride arguments after
/// it at the function's entry.
static void rewriteDescriptorArguments(FuncOp func) {
  SmallVector<Type> inputs(func.getArgumentTypes());
  Block *entry = func.isExternal() ? nullptr : &func.getBody().front();
  OpBuilder b(func.getContext());
  if (entry)
    b.setInsertionPointToStart(entry);
  for (auto [i, type] : llvm::enumerate(inputs)) {
    auto desc = dyn_cast<TensorDescType>(type);
    if (!desc)
      continue;
    RankedTensorType block = desc.getBlockType();
    Type ptrType = getPointerType(block.getElementType());
    inputs[i] = ptrType;
    if (!entry)
      continue;
    BlockArgument arg = entry->getArgument(i);
    arg.setType(ptrType);
    int64_t rank = block.getRank();
    ValueRange shape = entry->getArguments().slice(i + 1, rank);
    ValueRange strides = entry->getArguments().slice(i + 1 + rank, rank);
    auto make = MakeTensorDescOp::create(b, arg.getLoc(), desc, arg, shape,
                                         strides, PaddingOption::PAD_ZERO);
    arg.replaceAllUsesExcept(make, make);
  }
  func.setFunctionType(
      FunctionType::get(func.getContext(), inputs, func.getResultTypes()));
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {
struct RewriteTensorDescriptorToPointerPass
    : triton::impl::TritonRewriteTensorDescriptorToPointerBase<
          RewriteTensorDescriptorToPointerPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    PaddingMap paddings;
    if (failed(checkSupported(module)) ||
        failed(analyzePaddings(module, paddings)))
      return signalPassFailure();
    module.walk([](FuncOp func) { rewriteDescriptorArguments(func); });

    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion(
        [](TensorDescType type, SmallVectorImpl<Type> &parts) {
          RankedTensorType block = type.getBlockType();
          parts.push_back(getPointerType(block.getElementType()));
          parts.append(2 * block.getRank(),
                       IntegerType::get(type.getContext(), 64));
          return success();
        });

    ConversionTarget target(*ctx);
    RewritePatternSet patterns(ctx);
    populateSplitConversion(converter, patterns, target);
    patterns
        .add<RewriteMakeTensorDesc, RewriteDescriptorStore,
             RewriteDescriptorReduce, RewriteDescriptorScatter, RewriteCall>(
            converter, ctx);
    patterns.add<RewriteDescriptorLoad, RewriteDescriptorGather>(converter, ctx,
                                                                 paddings);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
