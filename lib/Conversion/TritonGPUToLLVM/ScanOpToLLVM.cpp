//===- ScanOpToLLVM.cpp - tt.scan -----------------------------------------===//
//
// An inclusive scan along `axis` of a blocked layout, as Triton does it. In
// a blocked layout the axis coordinate of an element is made of, from least
// to most significant: low register bits (elements contiguous in a thread),
// lane bits, warp bits, high register bits (repetitions). Registers that
// share everything but their low bits form a "chunk"; chunks that share
// everything but their high bits form a "line", scanned chunk after chunk.
//  1. each chunk is scanned sequentially within its thread;
//  2. the chunk totals (its last element) are scanned over the lanes along
//     the axis (Hillis-Steele with shfl.up);
//  3. the carry into each (warp, chunk) -- everything before it along the
//     axis -- comes from scratch memory when several warps hold the axis
//     (each warp's last lane writes its chunk totals; barrier; each thread
//     combines the totals of the warps before it and of earlier chunks), or
//     from a shuffle of the previous chunk's last lane otherwise;
//  4. the carry and the previous lane's total are combined into every
//     element of the chunk.
// `reverse` runs the same algorithm with every order reversed (registers,
// lanes via shfl.idx from lane + d, warps, chunks). The combiner is always
// applied as combine(earlier, later).
//
//===----------------------------------------------------------------------===//
#include "ReduceScanCommon.h"

#include "Analysis/ScratchSize.h"
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

/// Registers of one thread sharing everything but their low axis bits, in
/// scan order.
struct Chunk {
  SmallVector<int> registers;
};

/// How the layout places the scan axis.
struct AxisPlan {
  SmallVector<int> laneBits, warpBits; // bits moving the axis
  int32_t lowRegMask = 0, highRegMask = 0;
  SmallVector<int> laneParallelBits, warpParallelBits;
  /// Lines, each a list of chunks in scan order.
  SmallVector<SmallVector<Chunk>> lines;
};

struct ScanOpConversion : public ConvertOpToLLVMPattern<triton::ScanOp> {
  ScanOpConversion(TypeConverterT &converter, const LoweringConfig &config)
      : ConvertOpToLLVMPattern(converter), config(config) {}

  LogicalResult
  matchAndRewrite(triton::ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override;

private:
  FailureOr<AxisPlan> plan(triton::ScanOp op, const LinearLayout &layout) const;
  ElementTuple combine(ConversionPatternRewriter &rewriter, triton::ScanOp op,
                       ValueRange earlier, ValueRange later) const {
    return applyCombiner(rewriter, op.getLoc(), *getTypeConverter(),
                         op.getCombineOp(), earlier, later);
  }

  LoweringConfig config;
};

/// The axis components of the bases `bits` of `inDim`.
SmallVector<int32_t> axisValues(const LinearLayout &layout, StringAttr inDim,
                                ArrayRef<int> bits, unsigned axis) {
  SmallVector<int32_t> values;
  for (int bit : bits)
    values.push_back(layout.getBasis(inDim, bit)[axis]);
  return values;
}

FailureOr<AxisPlan> ScanOpConversion::plan(triton::ScanOp op,
                                           const LinearLayout &layout) const {
  MLIRContext *ctx = op.getContext();
  unsigned axis = op.getAxis();
  bool reverse = op.getReverse();
  for (StringAttr dim : {kRegister(ctx), kLane(ctx), kWarp(ctx), kBlock(ctx)})
    if (hasMixedBasis(layout, dim, axis))
      return op.emitOpError("lowering: the ")
             << dim.getValue()
             << " bases move the scan axis together with another dimension";
  if (!basesAlongAxis(layout, kBlock(ctx), axis).empty())
    return op.emitOpError("lowering: scans across CTAs are unsupported");

  AxisPlan plan;
  plan.laneBits = basesAlongAxis(layout, kLane(ctx), axis);
  plan.warpBits = basesAlongAxis(layout, kWarp(ctx), axis);
  SmallVector<int32_t> laneVals =
      axisValues(layout, kLane(ctx), plan.laneBits, axis);
  SmallVector<int32_t> warpVals =
      axisValues(layout, kWarp(ctx), plan.warpBits, axis);
  // Lanes along the axis: consecutive lane bits, increasing along the axis;
  // warps above them, increasing.
  for (size_t j = 1; j < plan.laneBits.size(); ++j)
    if (plan.laneBits[j] != plan.laneBits[j - 1] + 1 ||
        laneVals[j] <= laneVals[j - 1])
      return op.emitOpError("lowering: lanes along the scan axis are not "
                            "consecutive lane ids in axis order");
  for (size_t j = 1; j < warpVals.size(); ++j)
    if (warpVals[j] <= warpVals[j - 1])
      return op.emitOpError(
          "lowering: warps along the scan axis are not in axis order");
  if (!laneVals.empty() && !warpVals.empty() &&
      warpVals.front() <= laneVals.back())
    return op.emitOpError(
        "lowering: warps are not above lanes along the scan axis");
  int32_t threadMin = !laneVals.empty()   ? laneVals.front()
                      : !warpVals.empty() ? warpVals.front()
                                          : INT32_MAX;
  int32_t threadMax = !warpVals.empty()   ? warpVals.back()
                      : !laneVals.empty() ? laneVals.back()
                                          : 0;
  for (int bit : basesAlongAxis(layout, kRegister(ctx), axis)) {
    int32_t v = layout.getBasis(kRegister(ctx), bit)[axis];
    if (v < threadMin)
      plan.lowRegMask |= 1 << bit;
    else if (v > threadMax)
      plan.highRegMask |= 1 << bit;
    else
      return op.emitOpError("lowering: a register basis lies between the "
                            "lane and warp bases along the scan axis");
  }
  for (StringAttr dim : {kLane(ctx), kWarp(ctx)}) {
    SmallVector<int> &bits =
        dim == kLane(ctx) ? plan.laneParallelBits : plan.warpParallelBits;
    for (int i = 0, e = layout.getInDimSizeLog2(dim); i < e; ++i) {
      ArrayRef<int32_t> basis = layout.getBasis(dim, i);
      if (basis[axis] == 0 && llvm::any_of(basis, [](int32_t v) { return v; }))
        bits.push_back(i);
    }
  }

  // Group the distinct registers into chunks and lines.
  auto axisOf = [&](int r) {
    return applyLinearLayoutConst(layout, {{kRegister(ctx), r}})[axis];
  };
  SmallVector<bool> unique = getUniqueRegisters(layout);
  int32_t axisMask = plan.lowRegMask | plan.highRegMask;
  std::map<int, std::map<int, SmallVector<int>>> grouped;
  for (int r = 0, e = unique.size(); r < e; ++r)
    if (unique[r])
      grouped[r & ~axisMask][r & plan.highRegMask].push_back(r);
  auto inScanOrder = [&](int32_t a, int32_t b) {
    return reverse ? a > b : a < b;
  };
  for (auto &[lineKey, chunks] : grouped) {
    SmallVector<Chunk> line;
    for (auto &[highKey, regs] : chunks) {
      llvm::sort(regs, [&](int a, int b) {
        return inScanOrder(axisOf(a), axisOf(b));
      });
      line.push_back(Chunk{regs});
    }
    llvm::sort(line, [&](const Chunk &a, const Chunk &b) {
      return inScanOrder(axisOf(a.registers.front() & plan.highRegMask),
                         axisOf(b.registers.front() & plan.highRegMask));
    });
    plan.lines.push_back(std::move(line));
  }
  return plan;
}

LogicalResult
ScanOpConversion::matchAndRewrite(triton::ScanOp op, OpAdaptor adaptor,
                                  ConversionPatternRewriter &rewriter) const {
  Location loc = op.getLoc();
  MLIRContext *ctx = op.getContext();
  bool reverse = op.getReverse();
  RankedTensorType srcTy = op.getInputTypes().front();
  if (!isa_and_nonnull<ttg::BlockedEncodingAttr>(srcTy.getEncoding()))
    return op.emitOpError("lowering: scans are lowered for #ttg.blocked "
                          "layouts only");
  for (RankedTensorType type : op.getInputTypes())
    if (type.getEncoding() != srcTy.getEncoding())
      return op.emitOpError("lowering: operands with different layouts");
  LinearLayout layout = ttg::toLinearLayout(srcTy);
  FailureOr<AxisPlan> maybePlan = plan(op, layout);
  if (failed(maybePlan))
    return failure();
  AxisPlan &p = *maybePlan;

  int numRegs = layout.getInDimSize(kRegister(ctx));
  SmallVector<ElementTuple> values(numRegs);
  for (Value operand : adaptor.getSrcs()) {
    SmallVector<Value> elements = unpackLLElements(loc, operand, rewriter);
    if ((int)elements.size() != numRegs)
      return op.emitOpError("lowering: operand does not match its layout");
    for (int r = 0; r < numRegs; ++r)
      values[r].push_back(elements[r]);
  }
  SmallVector<Type> llvmTypes;
  for (Type type : op.getElementTypes())
    llvmTypes.push_back(getTypeConverter()->convertType(type));

  // 1. Within each thread.
  for (auto &line : p.lines)
    for (Chunk &chunk : line)
      for (size_t j = 1; j < chunk.registers.size(); ++j)
        values[chunk.registers[j]] =
            combine(rewriter, op, values[chunk.registers[j - 1]],
                    values[chunk.registers[j]]);

  // 2. Chunk totals over the lanes along the axis.
  auto [lane, warp] = getLaneAndWarp(rewriter, loc, config.threadsPerWarp);
  int laneCount = 1 << p.laneBits.size();
  int laneShift = p.laneBits.empty() ? 0 : p.laneBits.front();
  Value laneAlongAxis = gatherBits(rewriter, loc, lane, p.laneBits);
  Value scanLane =
      reverse ? Value(LLVM::SubOp::create(rewriter, loc,
                                          i32Val(rewriter, loc, laneCount - 1),
                                          laneAlongAxis))
              : laneAlongAxis;
  // The value of the lane `steps` positions earlier in scan order.
  auto fromEarlierLane = [&](Value v, int steps) -> Value {
    unsigned delta = steps << laneShift;
    if (!reverse)
      return shuffleUp(loc, rewriter, v, delta);
    Value src =
        LLVM::AddOp::create(rewriter, loc, lane, i32Val(rewriter, loc, delta));
    return shuffleIdx(loc, rewriter, v, src);
  };
  auto laneAtLeast = [&](int k) {
    return LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::uge,
                                scanLane, i32Val(rewriter, loc, k));
  };
  for (auto &line : p.lines)
    for (Chunk &chunk : line) {
      ElementTuple &acc = values[chunk.registers.back()];
      for (int k = 1; k < laneCount; k *= 2) {
        ElementTuple earlier;
        for (Value v : acc)
          earlier.push_back(fromEarlierLane(v, k));
        ElementTuple combined = combine(rewriter, op, earlier, acc);
        acc = selectTuple(rewriter, loc, laneAtLeast(k), combined, acc);
      }
    }

  // 4. Given the carry into this thread's chunk (null: none; `carryValid`
  // null: valid whenever present), finish the chunk and return its
  // inclusive total.
  Value firstLane = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                         scanLane, i32Val(rewriter, loc, 0));
  auto finishChunk = [&](Chunk &chunk, const ElementTuple *carry,
                         Value carryValid) -> ElementTuple {
    ElementTuple &last = values[chunk.registers.back()];
    ElementTuple total = last;
    if (carry) {
      total = combine(rewriter, op, *carry, last);
      if (carryValid)
        total = selectTuple(rewriter, loc, carryValid, total, last);
    }
    if (chunk.registers.size() > 1) {
      // What precedes this thread's part of the chunk: the previous lane's
      // total, or the carry in the first lane.
      ElementTuple before;
      Value beforeValid;
      if (laneCount > 1) {
        for (Value v : total)
          before.push_back(fromEarlierLane(v, 1));
        if (carry) {
          before = selectTuple(rewriter, loc, firstLane, *carry, before);
          if (carryValid)
            beforeValid = LLVM::OrOp::create(
                rewriter, loc,
                LLVM::XOrOp::create(rewriter, loc, firstLane,
                                    i1Val(rewriter, loc, true)),
                carryValid);
        } else {
          beforeValid = LLVM::XOrOp::create(rewriter, loc, firstLane,
                                            i1Val(rewriter, loc, true));
        }
      } else if (carry) {
        before = *carry;
        beforeValid = carryValid;
      }
      if (!before.empty()) {
        for (size_t j = 0; j + 1 < chunk.registers.size(); ++j) {
          ElementTuple &elem = values[chunk.registers[j]];
          ElementTuple updated = combine(rewriter, op, before, elem);
          elem = beforeValid
                     ? selectTuple(rewriter, loc, beforeValid, updated, elem)
                     : updated;
        }
      }
    }
    last = total;
    return total;
  };

  // 3. Carries between warps and chunks.
  int warpCount = 1 << p.warpBits.size();
  if (warpCount > 1) {
    Value warpAlongAxis = gatherBits(rewriter, loc, warp, p.warpBits);
    Value scanWarp =
        reverse
            ? Value(LLVM::SubOp::create(rewriter, loc,
                                        i32Val(rewriter, loc, warpCount - 1),
                                        warpAlongAxis))
            : warpAlongAxis;
    unsigned numChunks = 0;
    for (auto &line : p.lines)
      numChunks += line.size();
    unsigned parallel =
        1u << (p.laneParallelBits.size() + p.warpParallelBits.size());
    unsigned elems = parallel * warpCount * numChunks;
    if (getScratchBytes(elems, llvmTypes) > getScanScratchSizeInBytes(op))
      return op.emitOpError("lowering: needs more scratch than allocated");
    FailureOr<SmallVector<Value>> bases =
        getScratchBases(rewriter, loc, op, elems, llvmTypes);
    if (failed(bases))
      return op.emitOpError("lowering: no shared-memory offset (run "
                            "allocate-shared-memory-nv first)");
    Value parallelId = gatherBits(rewriter, loc, lane, p.laneParallelBits);
    if (!p.warpParallelBits.empty())
      parallelId = LLVM::OrOp::create(
          rewriter, loc, parallelId,
          LLVM::ShlOp::create(
              rewriter, loc,
              gatherBits(rewriter, loc, warp, p.warpParallelBits),
              i32Val(rewriter, loc, p.laneParallelBits.size())));
    // Slot of (chunk c, warp position w): parallelId + P * (w + W * c).
    auto slot = [&](unsigned c, Value w) -> Value {
      Value index = LLVM::MulOp::create(rewriter, loc, w,
                                        i32Val(rewriter, loc, parallel));
      index = LLVM::AddOp::create(rewriter, loc, index, parallelId);
      unsigned base = parallel * warpCount * c;
      return base ? Value(LLVM::AddOp::create(rewriter, loc, index,
                                              i32Val(rewriter, loc, base)))
                  : index;
    };
    auto slotPtrs = [&](unsigned c, Value w) {
      Value index = slot(c, w);
      SmallVector<Value> ptrs;
      for (auto [i, type] : llvm::enumerate(llvmTypes))
        ptrs.push_back(
            scratchElementPtr(rewriter, loc, (*bases)[i], type, index));
      return ptrs;
    };

    // The last lane in scan order holds its warp's chunk totals.
    Value writer =
        LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, scanLane,
                             i32Val(rewriter, loc, laneCount - 1));
    unsigned c = 0;
    for (auto &line : p.lines)
      for (Chunk &chunk : line) {
        SmallVector<Value> ptrs = slotPtrs(c++, scanWarp);
        for (auto [i, v] : llvm::enumerate(values[chunk.registers.back()]))
          storeShared(loc, rewriter, ptrs[i], toScratch(rewriter, loc, v),
                      writer);
      }
    emitBarrier(loc, rewriter);

    Value notFirstWarp =
        LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne, scanWarp,
                             i32Val(rewriter, loc, 0));
    c = 0;
    for (auto &line : p.lines) {
      ElementTuple running; // everything up to the current chunk
      for (auto [chunkIdx, chunk] : llvm::enumerate(line)) {
        ElementTuple carry = running;
        for (int w = 0; w < warpCount; ++w) {
          SmallVector<Value> ptrs = slotPtrs(c, i32Val(rewriter, loc, w));
          ElementTuple partial;
          for (auto [i, type] : llvm::enumerate(llvmTypes))
            partial.push_back(fromScratch(
                rewriter, loc,
                loadShared(loc, rewriter, ptrs[i], getScratchType(type)),
                type));
          if (running.empty()) {
            running = carry = partial;
            continue;
          }
          running = combine(rewriter, op, running, partial);
          if (w + 1 < warpCount) {
            Value after =
                LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ugt,
                                     scanWarp, i32Val(rewriter, loc, w));
            carry = selectTuple(rewriter, loc, after, running, carry);
          }
        }
        finishChunk(chunk, &carry, chunkIdx == 0 ? notFirstWarp : Value());
        ++c;
      }
    }
  } else {
    // One warp holds the axis: each chunk's carry is the previous chunk's
    // total, taken from the last lane in scan order.
    int32_t axisLaneMask = (laneCount - 1) << laneShift;
    Value lastLane =
        reverse
            ? Value(LLVM::AndOp::create(rewriter, loc, lane,
                                        i32Val(rewriter, loc, ~axisLaneMask)))
            : Value(LLVM::OrOp::create(rewriter, loc, lane,
                                       i32Val(rewriter, loc, axisLaneMask)));
    for (auto &line : p.lines) {
      ElementTuple carry;
      for (auto [chunkIdx, chunk] : llvm::enumerate(line)) {
        ElementTuple total =
            finishChunk(chunk, carry.empty() ? nullptr : &carry, Value());
        if (chunkIdx + 1 == line.size())
          continue;
        carry.clear();
        for (Value v : total)
          carry.push_back(laneCount > 1 ? shuffleIdx(loc, rewriter, v, lastLane)
                                        : v);
      }
    }
  }

  // Results: every register, copies from their first register.
  int32_t regMask = layout.getFreeVariableMasks().lookup(kRegister(ctx));
  SmallVector<Value> results;
  for (auto [i, result] : llvm::enumerate(op.getResult())) {
    SmallVector<Value> elements;
    for (int r = 0; r < numRegs; ++r)
      elements.push_back(values[r & ~regMask][i]);
    results.push_back(
        packLLElements(loc, getTypeConverter()->convertType(result.getType()),
                       elements, rewriter));
  }
  rewriter.replaceOp(op, results);
  return success();
}

} // namespace

void mlir::triton::populateScanOpToLLVMPatterns(TypeConverterT &converter,
                                                RewritePatternSet &patterns,
                                                const LoweringConfig &config) {
  patterns.add<ScanOpConversion>(converter, config);
}
