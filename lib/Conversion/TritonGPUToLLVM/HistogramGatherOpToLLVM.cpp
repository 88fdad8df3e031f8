//===- HistogramGatherOpToLLVM.cpp - tt.histogram and tt.gather -----------===//
//
// tt.histogram, as Triton does it: each warp counts its elements with one
// ballot per bit of the bin index (lane l owns the bins whose high bits are
// l, and selects its elements from the ballots of those bits; the low bits
// pick one of its bins), then the warps add their counts into the op's
// scratch (one counter per bin, at least one per lane) with shared-memory
// atomics, and every thread reads the bins it holds. Copies of a broadcast
// source layout do not count.
//
// tt.gather through scratch: the source tensor is stored (one slot per
// element), a barrier, and each thread loads src[index] along the axis.
// When the gather is warp-local (isGatherWarpLocal: no scratch), each
// result is fetched from the lane holding it with shuffles instead.
//
//===----------------------------------------------------------------------===//
#include "Analysis/ScratchSize.h"
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

Value ballot(Location loc, OpBuilder &b, Value pred) {
  return NVVM::VoteSyncOp::create(b, loc, b.getI32Type(), i32Val(b, loc, -1),
                                  pred, NVVM::VoteSyncKind::ballot);
}

struct HistogramOpConversion
    : public ConvertOpToLLVMPattern<triton::HistogramOp> {
  HistogramOpConversion(TypeConverterT &converter, const LoweringConfig &config)
      : ConvertOpToLLVMPattern(converter), config(config) {}

  LogicalResult
  matchAndRewrite(triton::HistogramOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    if (config.threadsPerWarp != 32)
      return op.emitOpError("is lowered for 32 threads per warp only");
    if (config.numCTAs != 1)
      return op.emitOpError("is lowered for one CTA only");
    auto dstType = cast<RankedTensorType>(op.getType());
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstStruct = getTypeConverter()->convertType(dstType);
    if (!dstStruct)
      return op.emitOpError("result layout cannot be lowered");
    Type countType = cast<LLVM::LLVMStructType>(dstStruct).getBody().front();

    FailureOr<Value> scratch = getSharedMemoryAddress(loc, b, op);
    if (failed(scratch))
      return op.emitOpError("needs scratch shared memory "
                            "(run allocate-shared-memory-nv first)");

    int64_t numBins = std::max<int64_t>(dstType.getDimSize(0), 32);
    int bits = llvm::Log2_64(numBins);
    const int laneBits = 5;
    int64_t binsPerLane = numBins / 32;

    SmallVector<Value> values =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    LinearLayout srcLayout = ttg::toLinearLayout(srcType);
    Value threadPred = emitRedundancyMask(loc, b, srcLayout);
    SmallVector<bool> unique = getUniqueRegisters(srcLayout);
    Value lane =
        LLVM::AndOp::create(b, loc, getThreadId(b, loc), i32Val(b, loc, 31));

    // Per-warp counts of the bins this lane owns.
    SmallVector<Value> counts(binsPerLane, i32Val(b, loc, 0));
    Value all = i32Val(b, loc, -1);
    auto selectBits = [&](Value mask, Value ballotBits, Value bitSet) {
      // Keep the lanes whose bit equals `bitSet`.
      Value flip =
          LLVM::SelectOp::create(b, loc, bitSet, i32Val(b, loc, 0), all);
      return LLVM::AndOp::create(b, loc, mask,
                                 LLVM::XOrOp::create(b, loc, ballotBits, flip));
    };
    for (size_t i = 0; i < values.size(); ++i) {
      if (!unique[i])
        continue;
      Value value = values[i];
      Type valueType = value.getType();
      SmallVector<Value> ballots;
      for (int j = 0; j < bits; ++j) {
        Value bit = LLVM::AndOp::create(b, loc, value,
                                        intVal(b, loc, valueType, 1ll << j));
        ballots.push_back(
            ballot(loc, b,
                   LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, bit,
                                        intVal(b, loc, valueType, 0))));
      }
      // Elements whose high bin bits are this lane's id.
      Value mine = all;
      for (int l = 0; l < laneBits; ++l) {
        Value laneBit = LLVM::ICmpOp::create(
            b, loc, LLVM::ICmpPredicate::ne,
            LLVM::AndOp::create(b, loc, lane, i32Val(b, loc, 1 << l)),
            i32Val(b, loc, 0));
        mine = selectBits(mine, ballots[bits - laneBits + l], laneBit);
      }
      Value counted = masks.empty() ? Value() : masks[i];
      if (threadPred)
        counted = counted ? LLVM::AndOp::create(b, loc, counted, threadPred)
                          : threadPred;
      if (counted)
        mine = LLVM::AndOp::create(b, loc, mine, ballot(loc, b, counted));
      for (int64_t k = 0; k < binsPerLane; ++k) {
        Value binMask = mine;
        for (int j = 0; j < bits - laneBits; ++j)
          binMask = LLVM::AndOp::create(
              b, loc, binMask,
              (k >> j) & 1
                  ? ballots[j]
                  : Value(LLVM::XOrOp::create(b, loc, ballots[j], all)));
        Value count = LLVM::CtPopOp::create(b, loc, b.getI32Type(), binMask);
        counts[k] = LLVM::AddOp::create(b, loc, counts[k], count);
      }
    }

    // Zero the bins, add every warp's counts, read back.
    Value tid = getThreadId(b, loc);
    int64_t numThreads = int64_t(triton::gpu::lookupNumWarps(op)) * 32;
    for (int64_t start = 0; start < numBins; start += numThreads) {
      Value slot = LLVM::AndOp::create(
          b, loc, LLVM::AddOp::create(b, loc, tid, i32Val(b, loc, start)),
          i32Val(b, loc, numBins - 1));
      Value ptr = LLVM::GEPOp::create(b, loc, (*scratch).getType(), countType,
                                      *scratch, ValueRange{slot});
      LLVM::StoreOp::create(b, loc, zeroVal(b, loc, countType), ptr);
    }
    emitBarrier(loc, b);
    for (int64_t k = 0; k < binsPerLane; ++k) {
      Value slot = LLVM::AddOp::create(
          b, loc,
          LLVM::MulOp::create(b, loc, lane, i32Val(b, loc, binsPerLane)),
          i32Val(b, loc, k));
      Value ptr = LLVM::GEPOp::create(b, loc, (*scratch).getType(), countType,
                                      *scratch, ValueRange{slot});
      Value count = counts[k];
      if (countType != count.getType())
        count = LLVM::ZExtOp::create(b, loc, countType, count);
      LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::add, ptr, count,
                                LLVM::AtomicOrdering::monotonic);
    }
    emitBarrier(loc, b);
    SmallVector<Value> results;
    for (const SmallVector<Value> &coords : emitIndices(loc, b, dstType)) {
      Value ptr = LLVM::GEPOp::create(b, loc, (*scratch).getType(), countType,
                                      *scratch, ValueRange{coords[0]});
      results.push_back(LLVM::LoadOp::create(b, loc, countType, ptr));
    }
    rewriter.replaceOp(op, packLLElements(loc, dstStruct, results, b));
    return success();
  }

  LoweringConfig config;
};

/// Row-major offset of `coords` in a tensor of `shape`.
Value rowMajorOffset(Location loc, OpBuilder &b, ArrayRef<Value> coords,
                     ArrayRef<int64_t> shape) {
  Value offset = i32Val(b, loc, 0);
  for (auto [coord, size] : llvm::zip(coords, shape))
    offset = LLVM::AddOp::create(
        b, loc, LLVM::MulOp::create(b, loc, offset, i32Val(b, loc, size)),
        coord);
  return offset;
}

struct GatherOpConversion : public ConvertOpToLLVMPattern<triton::GatherOp> {
  GatherOpConversion(TypeConverterT &converter, const LoweringConfig &config)
      : ConvertOpToLLVMPattern(converter), config(config) {}

  LogicalResult
  matchAndRewrite(triton::GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    if (config.numCTAs != 1)
      return op.emitOpError("is lowered for one CTA only");
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto idxType = cast<RankedTensorType>(op.getIndices().getType());
    Type dstStruct = getTypeConverter()->convertType(op.getType());
    if (!dstStruct || !getTypeConverter()->convertType(srcType))
      return op.emitOpError("layouts cannot be lowered");
    unsigned axis = op.getAxis();
    int64_t axisSize = srcType.getDimSize(axis);

    SmallVector<Value> srcValues =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> idxValues =
        unpackLLElements(loc, adaptor.getIndices(), rewriter);
    Type elementType = srcValues.front().getType();

    // The source coordinates of every result: the result's own, with the
    // index in place of the axis (wrapped into the axis, a power of two, so
    // an out-of-range index cannot leave the tensor).
    SmallVector<SmallVector<Value>> coords = emitIndices(loc, b, idxType);
    for (auto [c, index] : llvm::zip(coords, idxValues)) {
      Value i32Index = index;
      unsigned bits = getBitWidth(index.getType());
      if (bits > 32)
        i32Index = LLVM::TruncOp::create(b, loc, b.getI32Type(), index);
      else if (bits < 32)
        i32Index = LLVM::SExtOp::create(b, loc, b.getI32Type(), index);
      c[axis] =
          LLVM::AndOp::create(b, loc, i32Index, i32Val(b, loc, axisSize - 1));
    }

    SmallVector<Value> results;
    if (isGatherWarpLocal(op)) {
      // Ask the source layout which register of which lane holds each
      // coordinate (of a broadcast source, the copy with the free register
      // and lane bits zero: a right inverse); the warp is ours. Every
      // source register is shuffled from that lane and the one wanted is
      // kept.
      MLIRContext *ctx = op.getContext();
      LinearLayout inverse = ttg::toLinearLayout(srcType).pseudoinvert();
      for (const SmallVector<Value> &c : coords) {
        SmallVector<std::pair<StringAttr, Value>> ins;
        for (auto [dim, value] : llvm::enumerate(c))
          ins.push_back({StringAttr::get(ctx, "dim" + Twine(dim)), value});
        SmallVector<Value> hw = applyLinearLayout(loc, b, inverse, ins);
        Value reg, lane;
        for (auto [name, value] : llvm::zip(inverse.getOutDimNames(), hw)) {
          if (name == kRegister(ctx))
            reg = value;
          else if (name == kLane(ctx))
            lane = value;
        }
        if (!lane)
          lane = i32Val(b, loc, 0);
        Value result;
        for (auto [s, value] : llvm::enumerate(srcValues)) {
          Value fetched = shuffleIdx(loc, b, value, lane);
          if (!result || !reg) {
            result = fetched;
            if (!reg)
              break;
            continue;
          }
          Value isThis = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                                              reg, i32Val(b, loc, s));
          result = LLVM::SelectOp::create(b, loc, isThis, fetched, result);
        }
        results.push_back(result);
      }
      rewriter.replaceOp(op, packLLElements(loc, dstStruct, results, b));
      return success();
    }

    FailureOr<Value> scratch = getSharedMemoryAddress(loc, b, op);
    if (failed(scratch))
      return op.emitOpError("needs scratch shared memory "
                            "(run allocate-shared-memory-nv first)");
    ArrayRef<int64_t> shape = srcType.getShape();
    // Scratch holds elements of at least a byte (i1 as i8).
    Type slotType = elementType.isInteger(1) ? b.getI8Type() : elementType;
    LinearLayout srcLayout = ttg::toLinearLayout(srcType);
    Value threadPred = emitRedundancyMask(loc, b, srcLayout);
    SmallVector<bool> unique = getUniqueRegisters(srcLayout);
    SmallVector<SmallVector<Value>> srcCoords = emitIndices(loc, b, srcType);
    for (size_t i = 0; i < srcValues.size(); ++i) {
      if (!unique[i])
        continue;
      Value ptr = LLVM::GEPOp::create(
          b, loc, (*scratch).getType(), slotType, *scratch,
          ValueRange{rowMajorOffset(loc, b, srcCoords[i], shape)});
      Value value = srcValues[i];
      if (slotType != elementType)
        value = LLVM::ZExtOp::create(b, loc, slotType, value);
      storeShared(loc, b, ptr, value, threadPred);
    }
    emitBarrier(loc, b);
    for (const SmallVector<Value> &c : coords) {
      Value ptr =
          LLVM::GEPOp::create(b, loc, (*scratch).getType(), slotType, *scratch,
                              ValueRange{rowMajorOffset(loc, b, c, shape)});
      Value value = LLVM::LoadOp::create(b, loc, slotType, ptr);
      if (slotType != elementType)
        value = LLVM::TruncOp::create(b, loc, elementType, value);
      results.push_back(value);
    }
    rewriter.replaceOp(op, packLLElements(loc, dstStruct, results, b));
    return success();
  }

  LoweringConfig config;
};

} // namespace

void mlir::triton::populateHistogramGatherOpToLLVMPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns,
    const LoweringConfig &config) {
  patterns.add<HistogramOpConversion, GatherOpConversion>(converter, config);
}
