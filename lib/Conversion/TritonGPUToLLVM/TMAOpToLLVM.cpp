//===- TMAOpToLLVM.cpp - TMA copies, reductions and the store wait --------===//
//
// A TMA copy moves a descriptor block between global and shared memory in
// boxes: one `cp.async.bulk.tensor` moves one box (every dimension at most
// 256 elements, the contiguous one at most the swizzle width; see
// TMAUtility.h), so a larger block takes several. As in Triton 3.6, warp w
// issues copies w, w + numWarps, ... from one elected lane:
//
//   @p cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
//        [smem + offset(box)], [desc, {x + box_x, y + box_y}], [bar];
//   @p cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
//        [desc, {x + box_x, y + box_y}], [smem + offset(box)];
//   cp.async.bulk.commit_group;                       (stores, reductions)
//
// Box origins are at multiples of the box, where the shared layout's
// swizzle is the identity, so a box's shared offset is the layout's inverse
// at its origin; both are linear in the bits of the copy index. Coordinates
// go innermost first.
//
// The buffer may be a view of a larger allocation (memdesc_subslice, as in
// Gluon's `smem.slice`): its origin in the allocation is a multiple of its
// shape, so a box's offset is the allocation layout's inverse at
// (box origin ^ view origin), the XOR of the two. That is a TMA box only
// where the allocation layout holds the box as the descriptor writes it
// (its layout over the box's own coordinates) and every origin starts
// where the hardware's swizzle pattern starts; otherwise the copy is
// refused by name.
//
// In a cluster of CTAs (the block layout's CGA bases, ttg.num-ctas > 1),
// each CTA moves its part of the block, as Triton 3.6 does: the boxes cover
// the part, and the coordinates move by the CTA's origin in the block (CTA
// id bit i adds basis i). A zero basis means the CTAs along it hold copies:
// each loads its own, and only the first of them stores or reduces. A reduction is `cp.reduce.async.bulk.tensor` with
// the kind's operator; ttng.async_tma_store_wait {pendings = N} is
// `cp.async.bulk.wait_group.read N` (the issuing threads' groups; the
// Membar analysis adds the CTA barrier after it).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/TMAUtility.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

/// The boxes of one TMA transfer of `desc`'s block through `buffer`, and
/// how copy index bit j moves the global coordinates and the shared offset.
struct BoxPlan {
  int numCopies = 1;
  /// Per bit of the copy index: (descriptor dimension, coordinate step).
  SmallVector<std::pair<unsigned, int64_t>> coordSteps;
  /// Per bit of the copy index: shared offset step, in elements.
  SmallVector<int64_t> offsetSteps;
  /// Per bit of the CTA id in the cluster: the CTA's origin in the block,
  /// in elements (one entry per dimension; all zero for CTAs holding
  /// copies).
  SmallVector<SmallVector<int32_t>> ctaBases;
  /// For a view smaller than its allocation: the allocation's inverse
  /// layout, which maps the view's origin to its first element's offset.
  std::optional<LinearLayout> viewInverse;
};

std::string shapeString(ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(shape, os, "x");
  return text;
}

/// The offset, in elements, that the inverse shared layout `inverse` gives
/// coordinate `coord` along buffer dimension `dim` (the others 0).
int64_t offsetAt(const LinearLayout &inverse, unsigned dim, int64_t coord) {
  SmallVector<StringAttr> dims = llvm::to_vector(inverse.getInDimNames());
  MLIRContext *ctx = dims.front().getContext();
  return applyLinearLayoutConst(inverse, {{dims[dim], int32_t(coord)}})
      [inverse.getOutDimIndex(kOffset(ctx))];
}

/// For a view of a larger allocation: whether every box of the view is laid
/// out in the allocation as the TMA unit writes a box, from an offset
/// aligned to the box and to the swizzle pattern. `inverse` is the
/// allocation's inverse layout, `boxShape` the box in the buffer's
/// dimensions.
LogicalResult checkViewBoxes(Operation *op, ttg::MemDescType buffer,
                             const LinearLayout &inverse,
                             ArrayRef<int64_t> alloc,
                             ArrayRef<int64_t> boxShape,
                             ttg::NVMMASharedEncodingAttr layout) {
  FailureOr<LinearLayout> box = ttg::tryToLinearLayout(
      boxShape, buffer.getEncoding(),
      [&] { return op->emitOpError("TMA box layout: "); });
  if (failed(box))
    return failure();
  LinearLayout boxInverse = box->pseudoinvert();
  int64_t boxElems = 1;
  for (int64_t size : boxShape)
    boxElems *= size;
  // The swizzle repeats every 8 rows of its width (TMA needs 128-byte
  // aligned shared addresses even unswizzled).
  unsigned elementBytes = std::max(8u, buffer.getElementTypeBitWidth()) / 8;
  int64_t atomElems =
      std::max<int64_t>(128, 8 * layout.getSwizzlingByteWidth()) /
      elementBytes;
  int64_t align = std::max(boxElems, atomElems);
  for (unsigned m = 0; m < alloc.size(); ++m) {
    for (int64_t step = 1; step < alloc[m]; step *= 2) {
      int64_t offset = offsetAt(inverse, m, step);
      if (step < boxShape[m] ? offset != offsetAt(boxInverse, m, step)
                             : (offset & (align - 1)) != 0)
        return op->emitOpError("TMA copy of a ")
               << shapeString(buffer.getShape()) << " view of a "
               << shapeString(alloc)
               << " buffer: the buffer's layout does not hold each "
               << shapeString(boxShape)
               << " TMA box whole, aligned to its swizzle";
    }
  }
  return success();
}

FailureOr<BoxPlan> planBoxes(Operation *op, TensorDescType desc,
                             ttg::MemDescType buffer) {
  auto layout =
      dyn_cast<ttg::NVMMASharedEncodingAttr>(desc.getBlockType().getEncoding());
  if (!layout)
    return op->emitOpError("lowering to LLVM needs the descriptor's "
                           "#ttg.nvmma_shared layout");
  if (layout.getFp4Padded())
    return op->emitOpError("is not lowered for fp4-padded descriptors");
  if (layout.getElementBitWidth() !=
      desc.getBlockType().getElementTypeBitWidth())
    return op->emitOpError("the descriptor's layout is for ")
           << layout.getElementBitWidth() << "-bit elements, its block has "
           << desc.getBlockType().getElementType();
  // One CTA's part of the block.
  SmallVector<int64_t> block = ttng::getTMAShapePerCTA(desc);
  SmallVector<int64_t> box = ttng::getTMABoxShape(desc);
  for (auto [size, boxSize] : llvm::zip(block, box))
    if (boxSize <= 0 || size % boxSize != 0)
      return op->emitOpError("block ")
             << desc.getBlockType()
             << " is not a whole number of TMA boxes (each dimension at most "
                "256, the contiguous one the swizzle width)";
  unsigned rank = block.size();
  unsigned dropped = rank - buffer.getRank();
  // Offsets are the allocation's: a view's elements keep their places.
  ArrayRef<int64_t> alloc =
      buffer.getAllocShape().take_back(buffer.getRank());
  FailureOr<LinearLayout> shared = ttg::tryToLinearLayout(
      alloc, buffer.getEncoding(),
      [&] { return op->emitOpError("shared layout: "); });
  if (failed(shared))
    return failure();
  LinearLayout inverse = shared->pseudoinvert();
  BoxPlan plan;
  if (alloc != buffer.getShape()) {
    if (failed(checkViewBoxes(op, buffer, inverse, alloc,
                              ArrayRef<int64_t>(box).drop_front(dropped),
                              layout)))
      return failure();
    plan.viewInverse = inverse;
  }
  // CGA bases count CTA tiles: CTA 1 << i starts basis[d] parts along d.
  plan.ctaBases = layout.getCTALayout().getBases();
  for (SmallVector<int32_t> &basis : plan.ctaBases) {
    if (basis.size() != rank)
      return op->emitOpError("the descriptor's CTA layout has rank ")
             << basis.size() << ", its block " << rank;
    for (unsigned d = 0; d < rank; ++d)
      basis[d] *= block[d];
  }
  // The innermost dimension's boxes are the fastest-moving copy index bits.
  for (int d = rank - 1; d >= 0; --d) {
    int64_t count = block[d] / box[d];
    plan.numCopies *= count;
    for (int64_t step = 1; step < count; step *= 2) {
      int64_t coord = box[d] * step;
      plan.coordSteps.push_back({unsigned(d), coord});
      // A leading descriptor dimension the buffer drops (size 1) moves no
      // offset.
      plan.offsetSteps.push_back(
          unsigned(d) < dropped ? 0 : offsetAt(inverse, d - dropped, coord));
    }
  }
  return plan;
}

/// The per-copy operands: the shared address and the coordinates of copy
/// `index` (an i32, or null for the only copy).
/// `start` is the view's first element's offset (null for a whole
/// buffer).
std::pair<Value, SmallVector<Value>>
boxOperands(Location loc, OpBuilder &b, const BoxPlan &plan, Value base,
            unsigned elementBytes, ValueRange coords, Value index,
            Value start) {
  SmallVector<Value> boxCoords(coords.begin(), coords.end());
  if (!index && !start)
    return {base, boxCoords};
  Value offset = start ? start : i32Val(b, loc, 0);
  for (auto [bit, step] : llvm::enumerate(plan.coordSteps)) {
    if (!index)
      break;
    Value set = LLVM::AndOp::create(
        b, loc, LLVM::LShrOp::create(b, loc, index, i32Val(b, loc, bit)),
        i32Val(b, loc, 1));
    auto [dim, coordStep] = step;
    boxCoords[dim] = LLVM::AddOp::create(
        b, loc, boxCoords[dim],
        LLVM::MulOp::create(b, loc, set, i32Val(b, loc, coordStep)));
    offset = LLVM::XOrOp::create(
        b, loc, offset,
        LLVM::MulOp::create(b, loc, set,
                            i32Val(b, loc, plan.offsetSteps[bit])));
  }
  Value bytes = LLVM::MulOp::create(b, loc, offset,
                                    i32Val(b, loc, elementBytes));
  Value address = LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(),
                                      base, bytes);
  return {address, boxCoords};
}

/// Issues `emit(pred, smem, coords)` for every box, warp w taking copies
/// w, w + numWarps, ... from one elected lane, when `pred` holds. In a
/// cluster the coordinates start at the CTA's part of the block; with
/// `firstCopyOnly` (stores, reductions) CTAs holding a copy of another's
/// part issue nothing.
template <typename EmitFn>
LogicalResult forEachBox(Operation *op, ConversionPatternRewriter &rewriter,
                         TensorDescType desc, Value bufferValue,
                         Value llvmBuffer, ValueRange blockCoords, Value pred,
                         bool firstCopyOnly, EmitFn emit) {
  auto buffer = cast<ttg::MemDescType>(bufferValue.getType());
  FailureOr<BoxPlan> plan = planBoxes(op, desc, buffer);
  if (failed(plan))
    return failure();
  Location loc = op->getLoc();
  SmallVector<Value> members = unpackLLElements(loc, llvmBuffer, rewriter);
  Value base = members.front();
  // A view's origin (a multiple of its shape) shares no bit with its
  // boxes' coordinates: its offset XORs into theirs.
  Value start;
  if (plan->viewInverse) {
    SmallVector<std::pair<StringAttr, Value>> origin;
    for (auto [d, dim] : llvm::enumerate(plan->viewInverse->getInDimNames()))
      origin.push_back({dim, members[1 + d]});
    start = applyLinearLayout(loc, rewriter, *plan->viewInverse, origin)
        [plan->viewInverse->getOutDimIndex(
            kOffset(op->getContext()))];
  }
  unsigned elementBytes = buffer.getElementTypeBitWidth() / 8;
  int numWarps = ttg::lookupNumWarps(op);
  Value warp = getUniformWarpId(rewriter, loc);
  Value elected = NVVM::ElectSyncOp::create(rewriter, loc,
                                            rewriter.getI1Type(), Value());
  Value issue = pred ? LLVM::AndOp::create(rewriter, loc, pred, elected)
                           .getResult()
                     : elected;
  SmallVector<Value> coords(blockCoords.begin(), blockCoords.end());
  if (!plan->ctaBases.empty()) {
    Value cta = getClusterCTAId(rewriter, loc, 1 << plan->ctaBases.size());
    unsigned copies = 0;
    for (auto [bit, basis] : llvm::enumerate(plan->ctaBases)) {
      Value set = LLVM::AndOp::create(
          rewriter, loc,
          LLVM::LShrOp::create(rewriter, loc, cta, i32Val(rewriter, loc, bit)),
          i32Val(rewriter, loc, 1));
      if (llvm::all_of(basis, [](int32_t v) { return v == 0; }))
        copies |= 1u << bit;
      for (auto [d, step] : llvm::enumerate(basis))
        if (step != 0)
          coords[d] = LLVM::AddOp::create(
              rewriter, loc, coords[d],
              LLVM::MulOp::create(rewriter, loc, set,
                                  i32Val(rewriter, loc, step)));
    }
    if (firstCopyOnly && copies)
      issue = LLVM::AndOp::create(
          rewriter, loc, issue,
          LLVM::ICmpOp::create(
              rewriter, loc, LLVM::ICmpPredicate::eq,
              LLVM::AndOp::create(rewriter, loc, cta,
                                  i32Val(rewriter, loc, copies)),
              i32Val(rewriter, loc, 0)));
  }
  for (int first = 0; first < plan->numCopies; first += numWarps) {
    int count = std::min(plan->numCopies - first, numWarps);
    Value mine = issue;
    if (count < numWarps)
      mine = LLVM::AndOp::create(
          rewriter, loc, mine,
          LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ult, warp,
                               i32Val(rewriter, loc, count)));
    Value index;
    if (plan->numCopies > 1)
      index = LLVM::AddOp::create(rewriter, loc, warp,
                                  i32Val(rewriter, loc, first));
    auto [address, boxCoords] = boxOperands(
        loc, rewriter, *plan, base, elementBytes, coords, index, start);
    emit(mine, address, boxCoords);
  }
  return success();
}

/// "{$a, $a+1, ...}" for the coordinates, innermost first.
std::string coordList(unsigned first, unsigned rank) {
  std::string list = "{";
  for (unsigned i = 0; i < rank; ++i)
    list += (i ? ", $" : "$") + std::to_string(first + i);
  return list + "}";
}

SmallVector<Value> innermostFirst(ArrayRef<Value> coords) {
  return SmallVector<Value>(llvm::reverse(coords));
}

struct TMALoadConversion
    : public ConvertOpToLLVMPattern<ttng::AsyncTMACopyGlobalToLocalOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::AsyncTMACopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TensorDescType desc = op.getDesc().getType();
    unsigned rank = desc.getBlockType().getRank();
    Value bar = unpackLLElements(loc, adaptor.getBarrier(), rewriter).front();
    std::string asmString =
        "@$0 cp.async.bulk.tensor." + std::to_string(rank) +
        "d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, " +
        coordList(3, rank) + "], [$" + std::to_string(3 + rank) + "];";
    std::string constraints = "b,r,l";
    for (unsigned i = 0; i <= rank; ++i)
      constraints += ",r";
    LogicalResult result = forEachBox(
        op, rewriter, desc, op.getResult(), adaptor.getResult(),
        adaptor.getCoord(), adaptor.getPred(), /*firstCopyOnly=*/false,
        [&](Value pred, Value smem, SmallVector<Value> coords) {
          SmallVector<Value> operands{pred, smem, adaptor.getDesc()};
          llvm::append_range(operands, innermostFirst(coords));
          operands.push_back(bar);
          emitInlineAsm(loc, rewriter, Type(), operands, asmString,
                        constraints, /*pure=*/false);
        });
    if (failed(result))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

/// Stores and reductions: `ptx` is the instruction up to the operands.
template <typename OpT>
LogicalResult lowerTMAStore(OpT op, typename OpT::Adaptor adaptor,
                            ConversionPatternRewriter &rewriter,
                            StringRef ptx) {
  Location loc = op.getLoc();
  TensorDescType desc = op.getDesc().getType();
  unsigned rank = desc.getBlockType().getRank();
  std::string asmString = "@$0 " + ptx.str() + " [$1, " + coordList(2, rank) +
                          "], [$" + std::to_string(2 + rank) + "];";
  std::string constraints = "b,l";
  for (unsigned i = 0; i <= rank; ++i)
    constraints += ",r";
  LogicalResult result = forEachBox(
      op, rewriter, desc, op.getSrc(), adaptor.getSrc(),
      adaptor.getCoord(), Value(), /*firstCopyOnly=*/true,
      [&](Value pred, Value smem, SmallVector<Value> coords) {
        SmallVector<Value> operands{pred, adaptor.getDesc()};
        llvm::append_range(operands, innermostFirst(coords));
        operands.push_back(smem);
        emitInlineAsm(loc, rewriter, Type(), operands, asmString, constraints,
                      /*pure=*/false);
      });
  if (failed(result))
    return failure();
  NVVM::CpAsyncBulkCommitGroupOp::create(rewriter, loc);
  rewriter.eraseOp(op);
  return success();
}

struct TMAStoreConversion
    : public ConvertOpToLLVMPattern<ttng::AsyncTMACopyLocalToGlobalOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::AsyncTMACopyLocalToGlobalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    unsigned rank = op.getDesc().getType().getBlockType().getRank();
    return lowerTMAStore(op, adaptor, rewriter,
                         "cp.async.bulk.tensor." + std::to_string(rank) +
                             "d.global.shared::cta.bulk_group");
  }
};

struct TMAReduceConversion
    : public ConvertOpToLLVMPattern<ttng::AsyncTMAReduceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::AsyncTMAReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    unsigned rank = op.getDesc().getType().getBlockType().getRank();
    return lowerTMAStore(op, adaptor, rewriter,
                         "cp.reduce.async.bulk.tensor." +
                             std::to_string(rank) + "d.global.shared::cta." +
                             stringifyDescriptorReduceKind(op.getKind()).str() +
                             ".tile.bulk_group");
  }
};

struct TMAStoreWaitConversion
    : public ConvertOpToLLVMPattern<ttng::TMAStoreWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::TMAStoreWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncBulkWaitGroupOp::create(rewriter, op.getLoc(),
                                         op.getPendings(),
                                         rewriter.getUnitAttr());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::triton::populateTMAOpToLLVMPatterns(TypeConverterT &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<TMALoadConversion, TMAStoreConversion, TMAReduceConversion,
               TMAStoreWaitConversion>(converter);
}
