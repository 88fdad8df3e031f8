//===- LayoutUtility.cpp - layout queries shared by TTGIR passes ----------===//
#include "Dialect/TritonGPU/Transforms/LayoutUtility.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/Triton/IR/LayoutInference.h"
#include "Dialect/Triton/IR/Traits.h"
#include "Dialect/Triton/IR/Types.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Tools/LinearLayout.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/DenseSet.h"

#include <numeric>

namespace mlir::triton::gpu {

Value getMemAccessPtr(Operation *op) {
  if (auto load = dyn_cast<LoadOp>(op))
    return load.getPtr();
  if (auto store = dyn_cast<StoreOp>(op))
    return store.getPtr();
  if (auto rmw = dyn_cast<AtomicRMWOp>(op))
    return rmw.getPtr();
  if (auto cas = dyn_cast<AtomicCASOp>(op))
    return cas.getPtr();
  if (auto copy = dyn_cast<AsyncCopyGlobalToLocalOp>(op))
    return copy.getSrc();
  return nullptr;
}

unsigned getElementBitWidth(RankedTensorType type) {
  Type elem = type.getElementType();
  if (auto ptr = dyn_cast<PointerType>(elem))
    elem = ptr.getPointeeType();
  // A pointee that is itself a pointer is 64 bits wide.
  return getPointeeBitWidth(elem);
}

SmallVector<unsigned> getOrderForMemory(RankedTensorType type) {
  Attribute encoding = type.getEncoding();
  // The register order and the lane order of the layout's linear layout
  // (dims in the order their bases first move them, the rest after), as
  // Triton's linear encoding reports them.
  auto quiet = []() -> InFlightDiagnostic { return InFlightDiagnostic(); };
  FailureOr<LinearLayout> layout =
      tryToLinearLayout(type.getShape(), encoding, quiet);
  SmallVector<unsigned> order, threadOrder;
  if (succeeded(layout)) {
    MLIRContext *ctx = type.getContext();
    SmallVector<unsigned> descending(type.getRank());
    std::iota(descending.rbegin(), descending.rend(), 0);
    order = getLinearLayoutOrder(*layout, StringAttr::get(ctx, "register"),
                                 descending);
    threadOrder =
        getLinearLayoutOrder(*layout, StringAttr::get(ctx, "lane"), order);
  } else {
    order = getOrder(encoding);
    threadOrder = getThreadOrder(encoding);
  }
  if (order == threadOrder)
    return order;
  SmallVector<unsigned> elemsPerThread =
      getElemsPerThread(encoding, type.getShape());
  if (elemsPerThread[threadOrder[0]] == 1)
    return threadOrder;
  return order;
}

SmallVector<unsigned> getOrderFromContiguity(ArrayRef<int64_t> contiguity) {
  SmallVector<unsigned> order(contiguity.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](unsigned a, unsigned b) {
    return contiguity[a] > contiguity[b];
  });
  return order;
}

bool isExpensiveLoadOrStore(Operation *op) {
  Type ptrType = op->getOperand(0).getType();
  if (isTensorPointerType(ptrType))
    return true;
  auto tensorType = dyn_cast<RankedTensorType>(ptrType);
  // A scalar access, or one element loaded by every thread, is cheap.
  if (!tensorType || tensorType.getNumElements() == 1)
    return false;
  auto module = op->getParentOfType<ModuleOp>();
  int numThreads =
      lookupNumWarps(op) * TritonGPUDialect::getThreadsPerWarp(module);
  return tensorType.getNumElements() >= numThreads;
}

//===----------------------------------------------------------------------===//
// Layout flow through one op
//===----------------------------------------------------------------------===//

/// Ops whose tensor operands and results all share one encoding.
static bool keepsEncoding(Operation *op) {
  return op->hasTrait<OpTrait::SameOperandsAndResultEncoding>() ||
         op->hasTrait<OpTrait::Elementwise>() ||
         isa<LoadOp, StoreOp, scf::WhileOp, scf::ForOp, scf::YieldOp,
             scf::ConditionOp>(op);
}

static Attribute sliceParentAlong(Attribute encoding, unsigned axis) {
  auto slice = dyn_cast<SliceEncodingAttr>(encoding);
  if (!slice || slice.getDim() != axis)
    return {};
  return slice.getParent();
}

static Attribute sliceAlong(Attribute encoding, unsigned axis) {
  auto parent = dyn_cast<DistributedEncodingTrait>(encoding);
  if (!parent)
    return {};
  return SliceEncodingAttr::get(encoding.getContext(), axis, parent);
}

/// Runs one of the tt layout-inference hooks; null on failure.
static Attribute infer(
    Attribute encoding,
    function_ref<LogicalResult(const DialectInferLayoutInterface &,
                               Attribute &)>
        fn) {
  const DialectInferLayoutInterface *iface = getLayoutInference(encoding);
  Attribute result;
  if (!iface || failed(fn(*iface, result)))
    return {};
  return result;
}

/// A gather's result takes its indices' layout (its source may have any),
/// unless the gather asks to keep the layout it has.
static bool gatherFollowsIndices(Operation *op) {
  auto gather = dyn_cast<GatherOp>(op);
  return gather && !gather.getEfficientLayout();
}

/// The layout one side of a reshape (of `fromShape`, in `encoding`) gives
/// the other side (of `toShape`); null for a reordering reshape, whose
/// layouts are free (tritongpu-optimize-thread-locality picks them).
static Attribute inferReshapeEncoding(ReshapeOp reshape,
                                      ArrayRef<int64_t> fromShape,
                                      Attribute encoding,
                                      ArrayRef<int64_t> toShape) {
  if (reshape.getAllowReorder())
    return {};
  return infer(encoding,
               [&](const DialectInferLayoutInterface &i, Attribute &r) {
                 return i.inferReshapeOpEncoding(fromShape, encoding, toShape,
                                                 r, std::nullopt);
               });
}

Attribute inferFp4ToFpEncoding(ArrayRef<int64_t> shape, int axis,
                               Attribute encoding, bool forward) {
  MLIRContext *ctx = encoding.getContext();
  auto scale = [&](unsigned n) -> unsigned {
    if (forward)
      return n * 2;
    return n % 2 == 0 ? n / 2 : 0;
  };
  if (auto dot = dyn_cast<DotOperandEncodingAttr>(encoding)) {
    int rank = shape.size();
    int kDim = dot.getOpIdx() == 0 ? rank - 1 : rank - 2;
    if (axis == kDim) {
      unsigned kWidth = scale(dot.getKWidth());
      if (!kWidth)
        return {};
      return DotOperandEncodingAttr::get(ctx, dot.getOpIdx(), dot.getParent(),
                                         kWidth);
    }
  }
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(encoding)) {
    if (blocked.getOrder()[0] == unsigned(axis)) {
      SmallVector<unsigned> sizePerThread(blocked.getSizePerThread());
      sizePerThread[axis] = scale(sizePerThread[axis]);
      if (!sizePerThread[axis])
        return {};
      return BlockedEncodingAttr::get(ctx, sizePerThread,
                                      blocked.getThreadsPerWarp(),
                                      blocked.getWarpsPerCTA(),
                                      blocked.getOrder(),
                                      blocked.getCTALayout());
    }
  }
  if (!isa<DistributedEncodingTrait>(encoding))
    return {};
  FailureOr<LinearLayout> layout = tryToLinearLayout(shape, encoding, {});
  if (failed(layout))
    return {};
  auto outDims = llvm::to_vector(layout->getOutDimNames());
  StringAttr kRegister = StringAttr::get(ctx, "register");
  if (forward)
    return LinearEncodingAttr::get(
        ctx, (LinearLayout::identity1D(2, kRegister, outDims[axis]) * *layout)
                 .transposeOuts(outDims));
  // Backward: the first register bit must be the byte's two halves; drop it
  // and halve the coordinates along `axis`.
  LinearLayout::BasesT bases = layout->getBases();
  auto &registers = bases[kRegister];
  std::vector<int32_t> unit(shape.size(), 0);
  unit[axis] = 1;
  if (registers.empty() || registers.front() != unit)
    return {};
  registers.erase(registers.begin());
  for (auto &[dim, vectors] : bases)
    for (auto &vector : vectors) {
      if (vector[axis] % 2)
        return {};
      vector[axis] /= 2;
    }
  SmallVector<std::pair<StringAttr, int32_t>> dims;
  for (auto [i, dim] : llvm::enumerate(outDims))
    dims.push_back({dim, int32_t(shape[i] / (int(i) == axis ? 2 : 1))});
  std::optional<LinearLayout> source =
      LinearLayout::tryCreate(std::move(bases), dims, /*requireSurjective=*/true);
  if (!source)
    return {};
  return LinearEncodingAttr::get(ctx, std::move(*source));
}

Attribute inferDstEncoding(Operation *op, Attribute encoding) {
  if (isa<ScanOp>(op) && !isa<BlockedEncodingAttr>(encoding))
    return {};
  if (auto fp4 = dyn_cast<Fp4ToFpOp>(op))
    return inferFp4ToFpEncoding(fp4.getSrc().getType().getShape(),
                                fp4.getAxis(), encoding, /*forward=*/true);
  if (keepsEncoding(op) || gatherFollowsIndices(op))
    return encoding;
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return sliceAlong(encoding, reduce.getAxis());
  if (auto expand = dyn_cast<ExpandDimsOp>(op))
    return sliceParentAlong(encoding, expand.getAxis());
  if (auto trans = dyn_cast<TransOp>(op))
    return infer(encoding, [&](const DialectInferLayoutInterface &i,
                               Attribute &r) {
      return i.inferTransOpEncoding(encoding, trans.getSrc().getType().getShape(),
                                    trans.getOrder(), r, std::nullopt);
    });
  if (auto reshape = dyn_cast<ReshapeOp>(op))
    return inferReshapeEncoding(reshape, reshape.getSrc().getType().getShape(),
                                encoding, reshape.getType().getShape());
  if (auto join = dyn_cast<JoinOp>(op))
    return infer(encoding, [&](const DialectInferLayoutInterface &i,
                               Attribute &r) {
      return i.inferJoinOpEncoding(encoding, join.getLhs().getType().getShape(),
                                   r, std::nullopt);
    });
  if (auto split = dyn_cast<SplitOp>(op))
    return infer(encoding, [&](const DialectInferLayoutInterface &i,
                               Attribute &r) {
      return i.inferSplitOpEncoding(encoding, split.getSrc().getType().getShape(),
                                    r, std::nullopt);
    });
  return {};
}

Attribute inferSrcEncoding(Operation *op, Attribute encoding) {
  if (isa<ScanOp>(op) && !isa<BlockedEncodingAttr>(encoding))
    return {};
  if (auto fp4 = dyn_cast<Fp4ToFpOp>(op))
    return inferFp4ToFpEncoding(fp4.getType().getShape(), fp4.getAxis(),
                                encoding, /*forward=*/false);
  if (keepsEncoding(op) || gatherFollowsIndices(op))
    return encoding;
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return sliceParentAlong(encoding, reduce.getAxis());
  if (auto expand = dyn_cast<ExpandDimsOp>(op))
    return sliceAlong(encoding, expand.getAxis());
  if (auto trans = dyn_cast<TransOp>(op)) {
    // trans(x, order) -> y means x = trans(y, inverse(order)).
    ArrayRef<int32_t> order = trans.getOrder();
    SmallVector<int32_t> inverse(order.size());
    for (auto [i, o] : llvm::enumerate(order))
      inverse[o] = i;
    return infer(encoding, [&](const DialectInferLayoutInterface &i,
                               Attribute &r) {
      return i.inferTransOpEncoding(encoding, trans.getType().getShape(),
                                    inverse, r, std::nullopt);
    });
  }
  if (auto reshape = dyn_cast<ReshapeOp>(op))
    return inferReshapeEncoding(reshape, reshape.getType().getShape(), encoding,
                                reshape.getSrc().getType().getShape());
  if (auto join = dyn_cast<JoinOp>(op))
    return infer(encoding, [&](const DialectInferLayoutInterface &i,
                               Attribute &r) {
      return i.inferSplitOpEncoding(encoding, join.getType().getShape(), r,
                                    std::nullopt);
    });
  if (auto split = dyn_cast<SplitOp>(op))
    return infer(encoding, [&](const DialectInferLayoutInterface &i,
                               Attribute &r) {
      return i.inferJoinOpEncoding(encoding,
                                   split.getOutLHS().getType().getShape(), r,
                                   std::nullopt);
    });
  return {};
}

bool canFoldIntoConversion(Operation *op, Attribute targetEncoding) {
  // What ConvertLayoutOp's canonicalization folds a conversion into.
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return isa<DenseElementsAttr>(constant.getValue());
  return isa<ConvertLayoutOp, MakeRangeOp, SplatOp, HistogramOp,
             LocalLoadOp>(op);
}

bool isRegisterOnlyConversion(RankedTensorType srcType,
                              RankedTensorType dstType) {
  if (srcType == dstType)
    return true;
  FailureOr<LinearLayout> src =
      tryToLinearLayout(srcType.getShape(), srcType.getEncoding(), nullptr);
  FailureOr<LinearLayout> dst =
      tryToLinearLayout(dstType.getShape(), dstType.getEncoding(), nullptr);
  if (failed(src) || failed(dst))
    return false;
  // Where each (register, lane, warp, block) of the source layout finds its
  // element in the destination layout: only registers may differ.
  MLIRContext *ctx = srcType.getContext();
  LinearLayout moves = src->invertAndCompose(*dst);
  return moves.isTrivialOver({StringAttr::get(ctx, "lane"),
                              StringAttr::get(ctx, "warp"),
                              StringAttr::get(ctx, "block")});
}

//===----------------------------------------------------------------------===//
// Backward slice of a conversion
//===----------------------------------------------------------------------===//

LogicalResult getConvertBackwardSlice(
    OpOperand &root, SetVector<Value> &slice, Attribute rootEncoding,
    DenseMap<Value, Attribute> &layout,
    std::function<bool(Operation *)> stopPropagation,
    std::function<Value(OpOperand &, Attribute)> getExistingConversion) {
  DenseSet<std::pair<OpOperand *, Attribute>> seen;
  SmallVector<std::pair<OpOperand *, Attribute>> queue;
  auto enqueue = [&](OpOperand &operand, Attribute encoding) {
    if (seen.insert({&operand, encoding}).second)
      queue.push_back({&operand, encoding});
  };
  // Records that `value` must have `encoding`; fails on a second, different
  // requirement.
  auto require = [&](Value value, Attribute encoding) -> LogicalResult {
    slice.insert(value);
    Attribute &existing = layout[value];
    if (existing && existing != encoding)
      return failure();
    existing = encoding;
    return success();
  };

  enqueue(root, rootEncoding);
  while (!queue.empty()) {
    auto [use, encoding] = queue.pop_back_val();
    Value value = use->get();
    if (!isa<RankedTensorType>(value.getType()))
      continue;
    // Loop results would need the loop rewritten from outside; not done.
    if (value.getDefiningOp<scf::ForOp>())
      return failure();
    if (failed(require(value, encoding)))
      return failure();
    if (getExistingConversion) {
      if (Value existing = getExistingConversion(*use, encoding)) {
        if (failed(require(existing, encoding)))
          return failure();
        value = existing;
      }
    }

    if (auto ifOp = value.getDefiningOp<scf::IfOp>()) {
      if (stopPropagation && stopPropagation(ifOp))
        continue;
      unsigned idx = cast<OpResult>(value).getResultNumber();
      enqueue(ifOp.thenYield()->getOpOperand(idx), encoding);
      enqueue(ifOp.elseYield()->getOpOperand(idx), encoding);
      continue;
    }
    if (Operation *def = value.getDefiningOp()) {
      for (Value result : def->getResults()) {
        if (result == value || !isa<RankedTensorType>(result.getType()))
          continue;
        if (failed(require(result, encoding)))
          return failure();
      }
      // A conversion that only reorders registers is free: look through it.
      if (auto convert = dyn_cast<ConvertLayoutOp>(def)) {
        if (isRegisterOnlyConversion(convert.getSrc().getType(),
                                     convert.getType())) {
          enqueue(def->getOpOperand(0), encoding);
          continue;
        }
      }
      if (canFoldIntoConversion(def, encoding))
        continue;
      if (stopPropagation && stopPropagation(def))
        continue;
      if (isa<CatOp>(def))
        return failure();
      for (OpOperand &operand : def->getOpOperands()) {
        auto operandType = dyn_cast<RankedTensorType>(operand.get().getType());
        if (!operandType)
          continue;
        Attribute srcEncoding = inferSrcEncoding(def, encoding);
        if (!srcEncoding)
          return failure();
        // An operand already in the layout it needs stays as it is.
        if (operandType.getEncoding() == srcEncoding)
          continue;
        enqueue(operand, srcEncoding);
      }
      continue;
    }
    auto arg = cast<BlockArgument>(value);
    auto forOp = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    if (!forOp || arg.getArgNumber() < forOp.getNumInductionVars())
      return failure();
    enqueue(*forOp.getTiedLoopInit(arg), encoding);
    enqueue(forOp.getBody()->getTerminator()->getOpOperand(
                arg.getArgNumber() - forOp.getNumInductionVars()),
            encoding);
  }
  return success();
}

} // namespace mlir::triton::gpu
