//===- ReduceOpToLLVM.cpp - tt.reduce -------------------------------------===//
//
// A reduction along `axis` in three steps, as Triton does it:
//  1. within each thread, the registers holding elements that differ only
//     along the axis are combined in register order;
//  2. within each warp, butterfly shuffles (shfl.bfly) over the lane bits
//     whose basis moves along the axis, highest first; as in Triton, one
//     redux.sync instead on sm_80 and later when all 32 lanes reduce one
//     integer of at most 32 bits with add, and, or, xor, min or max;
//  3. when warps also hold different positions along the axis: the lane
//     holding each warp's partial writes it to scratch[(warp along axis,
//     other coordinates)] (axis fastest), barrier, threads 0..N-1 each read
//     one partial and combine groups of (warps along the axis) lanes with a
//     second butterfly round, write the totals back, barrier, and every
//     thread reads the elements of its result layout.
// The scratch buffer has exactly getReduceScratchSizeInBytes bytes. Layouts
// whose lane, warp or CTA bases move the axis together with another
// dimension, and reductions across CTAs, are refused.
//
//===----------------------------------------------------------------------===//
#include "ReduceScanCommon.h"

#include "Analysis/ScratchSize.h"
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

using Coords = SmallVector<int32_t>;

struct ReduceOpConversion : public ConvertOpToLLVMPattern<triton::ReduceOp> {
  ReduceOpConversion(TypeConverterT &converter, const LoweringConfig &config)
      : ConvertOpToLLVMPattern(converter), config(config) {}

  LogicalResult
  matchAndRewrite(triton::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override;

private:
  /// Partial results, one tuple per output element the thread holds, keyed
  /// by the element's register coordinates with the axis set to 0.
  using Accumulators = llvm::MapVector<Coords, ElementTuple>;

  LogicalResult checkLayout(triton::ReduceOp op,
                            const LinearLayout &layout) const;
  ElementTuple combine(ConversionPatternRewriter &rewriter, triton::ReduceOp op,
                       ValueRange lhs, ValueRange rhs) const {
    return applyCombiner(rewriter, op.getLoc(), *getTypeConverter(),
                         op.getCombineOp(), lhs, rhs);
  }
  /// Butterfly over the lane masks `masks`, in order.
  void butterfly(ConversionPatternRewriter &rewriter, triton::ReduceOp op,
                 ElementTuple &acc, ArrayRef<unsigned> masks) const;
  LogicalResult packFromAccumulators(ConversionPatternRewriter &rewriter,
                                     triton::ReduceOp op,
                                     const LinearLayout &layout,
                                     Accumulators &accs) const;
  LogicalResult reduceAcrossWarps(ConversionPatternRewriter &rewriter,
                                  triton::ReduceOp op,
                                  const LinearLayout &layout,
                                  Accumulators &accs,
                                  DenseMap<Coords, int32_t> &firstRegister,
                                  ArrayRef<int> warpAxisBits,
                                  ArrayRef<int> laneAxisBits) const;

  LoweringConfig config;
};

LogicalResult
ReduceOpConversion::checkLayout(triton::ReduceOp op,
                                const LinearLayout &layout) const {
  MLIRContext *ctx = op.getContext();
  unsigned axis = op.getAxis();
  for (StringAttr dim : {kLane(ctx), kWarp(ctx), kBlock(ctx)})
    if (hasMixedBasis(layout, dim, axis))
      return op.emitOpError("lowering: the operand layout's ")
             << dim.getValue()
             << " bases move the reduction axis together with another "
                "dimension (unsupported)";
  if (!basesAlongAxis(layout, kBlock(ctx), axis).empty())
    return op.emitOpError(
        "lowering: reductions across CTAs (CTA bases along the axis) are "
        "unsupported");
  return success();
}

/// The redux.sync reduction that computes `op`'s combiner over a warp, as
/// Triton matches it: one integer operand of at most 32 bits, a combiner
/// that is a single add, and, or, xor, min or max, and sm_80 or later.
std::optional<NVVM::ReduxKind> reduxKind(triton::ReduceOp op,
                                         int computeCapability) {
  if (computeCapability < 80)
    return std::nullopt;
  Operation *combiner = op.getSingleCombiner();
  if (!combiner)
    return std::nullopt;
  auto intType = dyn_cast<IntegerType>(combiner->getResultTypes()[0]);
  if (!intType || intType.getWidth() > 32)
    return std::nullopt;
  return llvm::TypeSwitch<Operation *, std::optional<NVVM::ReduxKind>>(
             combiner)
      .Case([](arith::AddIOp) { return NVVM::ReduxKind::ADD; })
      .Case([](arith::AndIOp) { return NVVM::ReduxKind::AND; })
      .Case([](arith::OrIOp) { return NVVM::ReduxKind::OR; })
      .Case([](arith::XOrIOp) { return NVVM::ReduxKind::XOR; })
      .Case([](arith::MinSIOp) { return NVVM::ReduxKind::MIN; })
      .Case([](arith::MinUIOp) { return NVVM::ReduxKind::UMIN; })
      .Case([](arith::MaxSIOp) { return NVVM::ReduxKind::MAX; })
      .Case([](arith::MaxUIOp) { return NVVM::ReduxKind::UMAX; })
      .Default([](Operation *) -> std::optional<NVVM::ReduxKind> {
        return std::nullopt;
      });
}

void ReduceOpConversion::butterfly(ConversionPatternRewriter &rewriter,
                                   triton::ReduceOp op, ElementTuple &acc,
                                   ArrayRef<unsigned> masks) const {
  Location loc = op.getLoc();
  unsigned lanes = 0;
  for (unsigned mask : masks)
    lanes |= mask;
  std::optional<NVVM::ReduxKind> kind =
      reduxKind(op, config.computeCapability);
  // Triton uses redux.sync only across all 32 lanes (on the A100 it was
  // faster only there).
  if (kind && lanes == 31u && acc.size() == 1) {
    Value value = acc.front();
    unsigned bits = cast<IntegerType>(value.getType()).getWidth();
    Type i32 = rewriter.getI32Type();
    if (bits < 32)
      value = (*kind == NVVM::ReduxKind::MIN || *kind == NVVM::ReduxKind::MAX)
                  ? Value(LLVM::SExtOp::create(rewriter, loc, i32, value))
                  : Value(LLVM::ZExtOp::create(rewriter, loc, i32, value));
    value = NVVM::ReduxOp::create(rewriter, loc, i32, value, *kind,
                                  i32Val(rewriter, loc, -1));
    if (bits < 32)
      value = LLVM::TruncOp::create(rewriter, loc, acc.front().getType(),
                                    value);
    acc.front() = value;
    return;
  }
  for (unsigned mask : masks) {
    ElementTuple other;
    for (Value v : acc)
      other.push_back(shuffleXor(loc, rewriter, v, mask));
    acc = combine(rewriter, op, acc, other);
  }
}

LogicalResult
ReduceOpConversion::matchAndRewrite(triton::ReduceOp op, OpAdaptor adaptor,
                                    ConversionPatternRewriter &rewriter) const {
  Location loc = op.getLoc();
  MLIRContext *ctx = op.getContext();
  unsigned axis = op.getAxis();
  SmallVector<RankedTensorType> inputTypes = op.getInputTypes();
  RankedTensorType srcTy = inputTypes.front();
  if (!isa_and_nonnull<ttg::DistributedEncodingTrait>(srcTy.getEncoding()))
    return op.emitOpError("lowering: the operand needs a distributed layout");
  FailureOr<LinearLayout> maybeLayout =
      ttg::tryToLinearLayout(srcTy.getShape(), srcTy.getEncoding(), nullptr);
  if (failed(maybeLayout))
    return op.emitOpError("lowering: the operand layout has no linear layout");
  const LinearLayout &layout = *maybeLayout;
  for (RankedTensorType type : inputTypes)
    if (type.getEncoding() != srcTy.getEncoding() &&
        ttg::toLinearLayout(type) != layout)
      return op.emitOpError("lowering: operands with different layouts");
  if (failed(checkLayout(op, layout)))
    return failure();

  // Operand values, one tuple per register.
  int numRegs = layout.getInDimSize(kRegister(ctx));
  SmallVector<ElementTuple> elements(numRegs);
  for (Value operand : adaptor.getSrcs()) {
    SmallVector<Value> values = unpackLLElements(loc, operand, rewriter);
    if ((int)values.size() != numRegs)
      return op.emitOpError("lowering: operand does not match its layout");
    for (int r = 0; r < numRegs; ++r)
      elements[r].push_back(values[r]);
  }

  // 1. Within each thread, in register order.
  Accumulators accs;
  DenseMap<Coords, int32_t> firstRegister;
  SmallVector<bool> unique = getUniqueRegisters(layout);
  for (int r = 0; r < numRegs; ++r) {
    if (!unique[r])
      continue;
    Coords key = applyLinearLayoutConst(layout, {{kRegister(ctx), r}});
    key[axis] = 0;
    auto [it, inserted] = accs.insert({key, elements[r]});
    if (inserted)
      firstRegister[key] = r;
    else
      it->second = combine(rewriter, op, it->second, elements[r]);
  }

  // 2. Within each warp, highest lane bit first.
  SmallVector<int> laneAxisBits = basesAlongAxis(layout, kLane(ctx), axis);
  SmallVector<unsigned> laneMasks;
  for (int bit : llvm::reverse(laneAxisBits))
    laneMasks.push_back(1u << bit);
  for (auto &entry : accs)
    butterfly(rewriter, op, entry.second, laneMasks);

  // 3. Across warps.
  SmallVector<int> warpAxisBits = basesAlongAxis(layout, kWarp(ctx), axis);
  if (warpAxisBits.empty())
    return packFromAccumulators(rewriter, op, layout, accs);
  return reduceAcrossWarps(rewriter, op, layout, accs, firstRegister,
                           warpAxisBits, laneAxisBits);
}

/// Every output element is complete in every thread that holds it: pick, for
/// each register of each result, its accumulator.
LogicalResult ReduceOpConversion::packFromAccumulators(
    ConversionPatternRewriter &rewriter, triton::ReduceOp op,
    const LinearLayout &layout, Accumulators &accs) const {
  Location loc = op.getLoc();
  MLIRContext *ctx = op.getContext();
  unsigned axis = op.getAxis();
  SmallVector<Value> results;
  for (auto [i, result] : llvm::enumerate(op.getResult())) {
    auto resultTy = dyn_cast<RankedTensorType>(result.getType());
    if (!resultTy) {
      if (accs.size() != 1)
        return op.emitOpError("lowering: scalar result of a tensor with "
                              "several elements off the axis");
      results.push_back(accs.front().second[i]);
      continue;
    }
    LinearLayout resLayout = ttg::toLinearLayout(resultTy);
    // The result must place lanes, warps and CTAs as the operand does with
    // the axis removed.
    for (StringAttr dim : {kLane(ctx), kWarp(ctx), kBlock(ctx)}) {
      int bits = layout.hasInDim(dim) ? layout.getInDimSizeLog2(dim) : 0;
      int resBits =
          resLayout.hasInDim(dim) ? resLayout.getInDimSizeLog2(dim) : 0;
      bool same = bits == resBits;
      for (int b = 0; same && b < bits; ++b) {
        Coords projected(layout.getBasis(dim, b));
        projected.erase(projected.begin() + axis);
        same = projected == Coords(resLayout.getBasis(dim, b));
      }
      if (!same)
        return op.emitOpError("lowering: result ")
               << i << " does not distribute " << dim.getValue()
               << "s like the operand's layout sliced along the axis";
    }
    SmallVector<Value> values;
    for (int r = 0, e = resLayout.getInDimSize(kRegister(ctx)); r < e; ++r) {
      Coords key = applyLinearLayoutConst(resLayout, {{kRegister(ctx), r}});
      key.insert(key.begin() + axis, 0);
      auto it = accs.find(key);
      if (it == accs.end())
        return op.emitOpError("lowering: result ")
               << i << " holds an element the operand's thread does not";
      values.push_back(it->second[i]);
    }
    results.push_back(packLLElements(
        loc, getTypeConverter()->convertType(resultTy), values, rewriter));
  }
  rewriter.replaceOp(op, results);
  return success();
}

/// Offset of `coords` in a row-major-with-`order` array of `shape`.
Value linearize(OpBuilder &b, Location loc, ArrayRef<Value> coords,
                ArrayRef<int64_t> shape, ArrayRef<unsigned> order) {
  Value offset;
  for (unsigned d : llvm::reverse(order)) {
    if (!offset) {
      offset = coords[d];
      continue;
    }
    offset = LLVM::MulOp::create(b, loc, offset, i32Val(b, loc, shape[d]));
    offset = LLVM::AddOp::create(b, loc, offset, coords[d]);
  }
  return offset;
}

LogicalResult ReduceOpConversion::reduceAcrossWarps(
    ConversionPatternRewriter &rewriter, triton::ReduceOp op,
    const LinearLayout &layout, Accumulators &accs,
    DenseMap<Coords, int32_t> &firstRegister, ArrayRef<int> warpAxisBits,
    ArrayRef<int> laneAxisBits) const {
  Location loc = op.getLoc();
  MLIRContext *ctx = op.getContext();
  unsigned axis = op.getAxis();
  RankedTensorType srcTy = op.getInputTypes().front();
  unsigned rank = srcTy.getRank();

  // Scratch: the operand's shape with the axis shrunk to the warps along
  // it; the axis is fastest, then the layout's order.
  unsigned warpsAlongAxis = 1u << warpAxisBits.size();
  SmallVector<int64_t> smemShape(srcTy.getShape());
  smemShape[axis] = warpsAlongAxis;
  SmallVector<unsigned> order{axis};
  for (unsigned d : ttg::getOrder(srcTy.getEncoding()))
    if (d != axis)
      order.push_back(d);
  unsigned elems = 1;
  for (int64_t s : smemShape)
    elems *= s;
  SmallVector<Type> llvmTypes;
  for (Type type : op.getElementTypes())
    llvmTypes.push_back(getTypeConverter()->convertType(type));
  if (getScratchBytes(elems, llvmTypes) > getReduceScratchSizeInBytes(op))
    return op.emitOpError("lowering: needs more scratch than allocated");
  FailureOr<SmallVector<Value>> bases =
      getScratchBases(rewriter, loc, op, elems, llvmTypes);
  if (failed(bases))
    return op.emitOpError("lowering: no shared-memory offset (run "
                          "allocate-shared-memory-nv first)");

  // The thread's coordinates without registers; the warp's position along
  // the axis replaces the axis coordinate.
  auto [lane, warp] = getLaneAndWarp(rewriter, loc, config.threadsPerWarp);
  SmallVector<std::pair<StringAttr, Value>> hw{{kLane(ctx), lane},
                                               {kWarp(ctx), warp}};
  int numCTAs =
      layout.hasInDim(kBlock(ctx)) ? layout.getInDimSize(kBlock(ctx)) : 1;
  if (numCTAs > 1)
    hw.push_back({kBlock(ctx), getClusterCTAId(rewriter, loc, numCTAs)});
  SmallVector<Value> threadCoords =
      applyLinearLayout(loc, rewriter, layout, hw);
  Value warpAlongAxis = gatherBits(rewriter, loc, warp, warpAxisBits);

  // One writer per warp and output element: the first lane along the axis,
  // no broadcast copy.
  llvm::MapVector<StringAttr, int32_t> freeMasks =
      layout.getFreeVariableMasks();
  int32_t laneMask = freeMasks.lookup(kLane(ctx));
  for (int bit : laneAxisBits)
    laneMask |= 1 << bit;
  Value writePred = i1Val(rewriter, loc, true);
  auto requireZero = [&](Value v, int32_t mask) {
    if (!mask)
      return;
    Value bits =
        LLVM::AndOp::create(rewriter, loc, v, i32Val(rewriter, loc, mask));
    Value isZero = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                        bits, i32Val(rewriter, loc, 0));
    writePred = LLVM::AndOp::create(rewriter, loc, writePred, isZero);
  };
  requireZero(lane, laneMask);
  requireZero(warp, freeMasks.lookup(kWarp(ctx)));
  if (numCTAs > 1)
    requireZero(hw.back().second, freeMasks.lookup(kBlock(ctx)));

  for (auto &[key, acc] : accs) {
    Coords regCoords =
        applyLinearLayoutConst(layout, {{kRegister(ctx), firstRegister[key]}});
    SmallVector<Value> coords;
    for (unsigned d = 0; d < rank; ++d) {
      if (d == axis) {
        coords.push_back(warpAlongAxis);
        continue;
      }
      coords.push_back(regCoords[d] ? Value(LLVM::XOrOp::create(
                                          rewriter, loc, threadCoords[d],
                                          i32Val(rewriter, loc, regCoords[d])))
                                    : threadCoords[d]);
    }
    Value offset = linearize(rewriter, loc, coords, smemShape, order);
    for (auto [i, v] : llvm::enumerate(acc)) {
      Value ptr =
          scratchElementPtr(rewriter, loc, (*bases)[i], llvmTypes[i], offset);
      storeShared(loc, rewriter, ptr, toScratch(rewriter, loc, v), writePred);
    }
  }
  emitBarrier(loc, rewriter);

  // Combine the partials of each output element: consecutive groups of
  // `warpsAlongAxis` positions, one per thread, in rounds over the buffer.
  // The warps of the op's region (a warp-specialized partition has its own).
  int numThreads = triton::gpu::lookupNumWarps(op) * config.threadsPerWarp;
  Value tid = getThreadId(rewriter, loc);
  Value laneInGroup = LLVM::AndOp::create(
      rewriter, loc, lane, i32Val(rewriter, loc, warpsAlongAxis - 1));
  Value groupLeader =
      LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, laneInGroup,
                           i32Val(rewriter, loc, 0));
  SmallVector<unsigned> groupMasks;
  for (unsigned n = warpsAlongAxis / 2; n > 0; n /= 2)
    groupMasks.push_back(n);
  int rounds = llvm::divideCeil(elems, numThreads);
  for (int round = 0; round < rounds; ++round) {
    Value offset = round == 0 ? tid
                              : Value(LLVM::AddOp::create(
                                    rewriter, loc, tid,
                                    i32Val(rewriter, loc, round * numThreads)));
    // Threads past the end take part in the shuffles only.
    Value needed;
    if ((round + 1) * numThreads > (int)elems)
      needed = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ult,
                                    offset, i32Val(rewriter, loc, elems));
    Value storePred =
        needed ? LLVM::AndOp::create(rewriter, loc, needed, groupLeader)
               : groupLeader;
    ElementTuple acc;
    SmallVector<Value> ptrs;
    for (auto [i, type] : llvm::enumerate(llvmTypes)) {
      Value ptr = scratchElementPtr(rewriter, loc, (*bases)[i], type, offset);
      ptrs.push_back(ptr);
      Value loaded =
          loadShared(loc, rewriter, ptr, getScratchType(type), needed);
      acc.push_back(fromScratch(rewriter, loc, loaded, type));
    }
    butterfly(rewriter, op, acc, groupMasks);
    for (auto [i, v] : llvm::enumerate(acc))
      storeShared(loc, rewriter, ptrs[i], toScratch(rewriter, loc, v),
                  storePred);
  }
  emitBarrier(loc, rewriter);

  // Every thread reads the elements of its result layout.
  SmallVector<Value> results;
  for (auto [i, result] : llvm::enumerate(op.getResult())) {
    Type type = llvmTypes[i];
    auto resultTy = dyn_cast<RankedTensorType>(result.getType());
    if (!resultTy) {
      Value loaded =
          loadShared(loc, rewriter, (*bases)[i], getScratchType(type));
      results.push_back(fromScratch(rewriter, loc, loaded, type));
      continue;
    }
    LinearLayout resLayout = ttg::toLinearLayout(resultTy);
    SmallVector<bool> resUnique = getUniqueRegisters(resLayout);
    int32_t regMask = resLayout.getFreeVariableMasks().lookup(kRegister(ctx));
    SmallVector<SmallVector<Value>> indices =
        emitIndices(loc, rewriter, resultTy);
    SmallVector<Value> values;
    for (auto [r, index] : llvm::enumerate(indices)) {
      if (!resUnique[r]) {
        values.push_back(values[r & ~regMask]);
        continue;
      }
      SmallVector<Value> coords(index);
      coords.insert(coords.begin() + axis, i32Val(rewriter, loc, 0));
      Value offset = linearize(rewriter, loc, coords, smemShape, order);
      Value ptr = scratchElementPtr(rewriter, loc, (*bases)[i], type, offset);
      Value loaded = loadShared(loc, rewriter, ptr, getScratchType(type));
      values.push_back(fromScratch(rewriter, loc, loaded, type));
    }
    results.push_back(packLLElements(
        loc, getTypeConverter()->convertType(resultTy), values, rewriter));
  }
  rewriter.replaceOp(op, results);
  return success();
}

} // namespace

void mlir::triton::populateReduceOpToLLVMPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns,
    const LoweringConfig &config) {
  patterns.add<ReduceOpConversion>(converter, config);
}
