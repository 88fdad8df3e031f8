//===- WGMMA.cpp - ttng.warp_group_dot and friends to wgmma (Hopper) ------===//
//
// ttng.warp_group_dot becomes a sequence of
//   wgmma.fence; wgmma.mma_async.m64nNkK (one per M rep x N rep x K step);
//   wgmma.commit_group [; wgmma.wait_group 0 unless isAsync]
// in inline PTX, as Triton emits it.
//
// Operands in shared memory are passed as 64-bit matrix descriptors:
//   bits 0-13 start address >> 4, 16-29 leading byte offset >> 4,
//   32-45 stride byte offset >> 4, 62-63 swizzle (1: 128B, 2: 64B, 3: 32B).
// Everything is read off the memdesc's shared linear layout (its inverse
// gives the offset of any coordinate), so transposed views and both
// majorness of each operand need no special cases:
//   K-major (K contiguous): SBO = offset of MN + 8 (next 8-row core group);
//     LBO is unused while one K step stays inside a swizzle row.
//   MN-major: SBO = offset of K + 8; LBO = offset of the next swizzle row
//     along MN (needed when the instruction is wider than one row).
// The start of the (mn, k) block is the offset of that coordinate (a row
// multiple of 8, so unswizzled); the warp group's own rows (or columns) are
// added at run time.
//
// The accumulator and a register A operand are taken from their linear
// layouts: each wgmma fragment element is looked up by coordinate among the
// thread's registers, so the struct order of #mma / #dot_op is checked, not
// assumed.
//
// ttng.warp_group_dot_wait: wgmma.wait_group N whose inline asm takes the
// waited accumulators as tied in/out operands, so nothing reads them early.
// ttng.fence_async_shared: fence.proxy.async.shared::{cta,cluster}.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "WGMMAUtility.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;
using namespace mlir::triton::wgmma;

namespace {

/// The PTX name of a wgmma operand or accumulator element type.
std::optional<StringRef> wgmmaTypeName(Type type, bool tf32) {
  if (type.isF16())
    return StringRef("f16");
  if (type.isBF16())
    return StringRef("bf16");
  if (type.isF32())
    return tf32 ? std::optional<StringRef>("tf32") : std::nullopt;
  if (type.isInteger(8))
    return StringRef("s8");
  if (isa<Float8E4M3FNType>(type))
    return StringRef("e4m3");
  if (isa<Float8E5M2Type>(type))
    return StringRef("e5m2");
  return std::nullopt;
}

/// An llvm.inline_asm returning `count` registers of class `cls` (a
/// struct, or the value itself for one).
SmallVector<Value> asmWithResults(Location loc, OpBuilder &b, Type regType,
                                  unsigned count, ValueRange operands,
                                  StringRef asmString, StringRef constraints) {
  MLIRContext *ctx = b.getContext();
  Type resultType =
      LLVM::LLVMStructType::getLiteral(ctx, SmallVector<Type>(count, regType));
  Value result =
      emitInlineAsm(loc, b, resultType, operands, asmString, constraints);
  SmallVector<Value> out;
  for (unsigned i = 0; i < count; ++i)
    out.push_back(LLVM::ExtractValueOp::create(b, loc, result, i));
  return out;
}

bool isZeroConstant(Value v) {
  DenseElementsAttr attr;
  if (!matchPattern(v, m_Constant(&attr)) || !attr.isSplat())
    return false;
  if (auto f = dyn_cast<FloatAttr>(attr.getSplatValue<Attribute>()))
    return f.getValue().isZero();
  if (auto i = dyn_cast<IntegerAttr>(attr.getSplatValue<Attribute>()))
    return i.getValue().isZero();
  return false;
}

struct WarpGroupDotOpConversion
    : public ConvertOpToLLVMPattern<ttng::WarpGroupDotOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttng::WarpGroupDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override;
};

LogicalResult WarpGroupDotOpConversion::matchAndRewrite(
    ttng::WarpGroupDotOp op, OpAdaptor adaptor,
    ConversionPatternRewriter &rewriter) const {
  Location loc = op.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  RankedTensorType dType = op.getD().getType();
  auto mma = dyn_cast<ttg::NvidiaMmaEncodingAttr>(dType.getEncoding());
  if (!mma || !mma.isHopper() || dType.getRank() != 2)
    return op.emitOpError("lowering to wgmma needs a 2-D #ttg.nvidia_mma "
                          "version 3 accumulator");
  auto bType = cast<ttg::MemDescType>(op.getB().getType());
  auto aMem = dyn_cast<ttg::MemDescType>(op.getA().getType());
  auto aTensor = dyn_cast<RankedTensorType>(op.getA().getType());
  Type aElem = aMem ? aMem.getElementType() : aTensor.getElementType();
  Type dElem = dType.getElementType();
  bool tf32 = op.getInputPrecision() != InputPrecision::IEEE;
  std::optional<StringRef> aName = wgmmaTypeName(aElem, tf32);
  std::optional<StringRef> bName = wgmmaTypeName(bType.getElementType(), tf32);
  if (!aName || !bName)
    return op.emitOpError("has no wgmma form for operands ")
           << aElem << " x " << bType.getElementType();
  StringRef dName = dElem.isF32()         ? "f32"
                    : dElem.isF16()       ? "f16"
                    : dElem.isInteger(32) ? "s32"
                                          : "";
  if (dName.empty())
    return op.emitOpError("has no wgmma form for an accumulator of ") << dElem;

  ArrayRef<unsigned> instr = mma.getInstrShape();
  ArrayRef<unsigned> wpt = mma.getWarpsPerCTA();
  int instrN = instr[1], instrK = instr[2];
  // In a cluster, each CTA multiplies its part (its accumulator tile, the
  // A rows and B columns it holds, all of K).
  SmallVector<int64_t> shape = ttg::getShapePerCTA(dType);
  int64_t K = ttg::getShapePerCTA(bType)[0];
  int tileM = 16 * wpt[0], tileN = instrN * wpt[1];
  // More warp groups than 64-row blocks (Gluon's small_mma: 64 rows on 8
  // warps): the layout wraps, so the extra warp groups hold the same rows
  // and issue the same wgmmas on them.
  bool wrapsM = tileM > shape[0] && tileM % shape[0] == 0 && shape[0] % 64 == 0;
  if ((shape[0] % tileM && !wrapsM) || shape[1] % tileN || K % instrK ||
      wpt[0] % 4)
    return op.emitOpError("shape ")
           << shape[0] << "x" << shape[1] << "x" << K
           << " does not tile by the instruction and warps";
  int numRepM = wrapsM ? 1 : shape[0] / tileM, numRepN = shape[1] / tileN,
      numRepK = K / instrK;

  // The accumulator's registers, checked against wgmma's fragment.
  LinearLayout dLayout = ttg::toLinearLayout(dType);
  RegisterLookup dRegs(dLayout);
  if (!dRegs.matchesWgmmaThreads(2))
    return op.emitOpError("accumulator layout does not match wgmma's "
                          "fragment");
  int accSize = instrN / 2;
  auto accIndex = [&](int m, int n, int j) {
    return dRegs.lookup(m * tileM + 8 * ((j >> 1) & 1),
                        n * tileN + (j & 1) + 8 * (j >> 2));
  };
  for (int m = 0; m < numRepM; ++m)
    for (int n = 0; n < numRepN; ++n)
      for (int j = 0; j < accSize; ++j)
        if (accIndex(m, n, j) < 0)
          return op.emitOpError("accumulator register for wgmma fragment "
                                "element not found");

  // A in registers: the fragment lookup, likewise.
  std::optional<RegisterLookup> aRegs;
  int kWidth = 0;
  if (aTensor) {
    auto dot = dyn_cast<ttg::DotOperandEncodingAttr>(aTensor.getEncoding());
    int bits = aElem.getIntOrFloatBitWidth();
    if (!dot || dot.getOpIdx() != 0 || dot.getParent() != mma ||
        int(dot.getKWidth()) * bits != 32)
      return op.emitOpError("register operand A must be #ttg.dot_op of the "
                            "accumulator's #mma with 32 bits per kWidth");
    kWidth = dot.getKWidth();
    aRegs.emplace(ttg::toLinearLayout(aTensor));
    if (!aRegs->matchesWgmmaThreads(kWidth))
      return op.emitOpError("operand A layout does not match wgmma's "
                            "fragment");
  }
  auto aIndex = [&](int m, int k, int j) {
    int reg = j / kWidth, e = j % kWidth;
    return aRegs->lookup(m * tileM + 8 * (reg & 1),
                         k * instrK + e + 4 * kWidth * (reg >> 1));
  };
  int aElems = aTensor ? 4 * kWidth : 0;
  if (aTensor)
    for (int m = 0; m < numRepM; ++m)
      for (int k = 0; k < numRepK; ++k)
        for (int j = 0; j < aElems; ++j)
          if (aIndex(m, k, j) < 0)
            return op.emitOpError("operand A register for wgmma fragment "
                                  "element not found");

  // The warp group's first row and column. The warp id is a shuffle, which
  // LLVM keeps even when its result goes unused: build it only where a
  // shared operand's address depends on it (A's rows, B's columns), not for
  // a dot with A in registers whose warp groups all read the same B
  // (attention's P x V), as Triton does.
  bool warpAddressed = false;
  if (dLayout.hasInDim(kWarp(ctx)))
    for (int i = 0; i < dLayout.getInDimSizeLog2(kWarp(ctx)); ++i) {
      ArrayRef<int32_t> basis = dLayout.getBasis(kWarp(ctx), i);
      warpAddressed |= (aMem && basis[0] != 0) || basis[1] != 0;
    }
  Value wgWarp = warpAddressed ? getWarpGroupFirstWarp(rewriter, loc)
                               : i32Val(rewriter, loc, 0);
  SmallVector<Value> wgStart =
      applyLinearLayout(loc, rewriter, dLayout, {{kWarp(ctx), wgWarp}});

  std::optional<SharedOperand> aShared;
  if (aMem) {
    FailureOr<SharedOperand> a = buildSharedOperand(
        op, loc, rewriter, aMem, adaptor.getA(), 1, 64, instrK, wgStart[0]);
    if (failed(a))
      return failure();
    aShared = *a;
  }
  FailureOr<SharedOperand> bShared = buildSharedOperand(
      op, loc, rewriter, bType, adaptor.getB(), 0, instrN, instrK, wgStart[1]);
  if (failed(bShared))
    return failure();
  bool twoByte = aElem.isF16() || aElem.isBF16();
  if (!twoByte && ((aShared && aShared->mnMajor) || bShared->mnMajor))
    return op.emitOpError("wgmma on ")
           << aElem << " needs K-major shared operands";

  SmallVector<Value> cValues = unpackLLElements(loc, adaptor.getC(), rewriter);
  SmallVector<Value> aValues;
  if (aTensor)
    aValues = unpackLLElements(loc, adaptor.getA(), rewriter);
  bool zeroAcc = isZeroConstant(op.getC());
  Value useC = adaptor.getUseC();
  bool partial = op.needsPartialAccumulator();
  uint32_t maxImprecise = op.getMaxNumImpreciseAcc();

  // The instruction text (everything but the operands).
  bool isInt = dName == "s32";
  std::string opcode =
      ("wgmma.mma_async.sync.aligned.m64n" + std::to_string(instrN) + "k" +
       std::to_string(instrK) + "." + dName + "." + *aName + "." + *bName)
          .str();
  Type regType =
      dElem.isF32() ? Type(rewriter.getF32Type()) : Type(rewriter.getI32Type());
  StringRef regClass = dElem.isF32() ? "f" : "r";
  int numRegs = dElem.isF16() ? accSize / 2 : accSize;

  // Scale-d: null is the immediate 0 (ignore the accumulator), trueVal the
  // immediate 1, anything else a predicate operand.
  Value trueVal = i1Val(rewriter, loc, true);
  // One wgmma: acc (registers or empty for "no input") -> registers.
  auto emitMma = [&](ArrayRef<Value> acc, Value aOperand, Value bDesc,
                     Value pred) {
    std::string text = opcode + " {";
    std::string constraints;
    SmallVector<Value> operands;
    for (int i = 0; i < numRegs; ++i) {
      text += (i ? ",$" : "$") + std::to_string(i);
      constraints += (i ? ",=" : "=") + regClass.str();
    }
    text += "}, ";
    int next = numRegs;
    if (!acc.empty()) {
      for (int i = 0; i < numRegs; ++i)
        constraints += "," + std::to_string(i);
      llvm::append_range(operands, acc);
      next += numRegs;
    }
    if (aTensor) {
      SmallVector<Value> regs = unpackLLElements(loc, aOperand, rewriter);
      text += getAsmOperandList(next, regs.size());
      for (size_t i = 0; i < regs.size(); ++i)
        constraints += ",r";
      llvm::append_range(operands, regs);
      next += regs.size();
    } else {
      text += "$" + std::to_string(next++);
      constraints += ",l";
      operands.push_back(aOperand);
    }
    text += ", $" + std::to_string(next++);
    constraints += ",l";
    operands.push_back(bDesc);
    if (!pred) {
      text += ", 0";
    } else if (pred == trueVal) {
      text += ", 1";
    } else {
      text += ", $" + std::to_string(next++);
      constraints += ",b";
      operands.push_back(pred);
    }
    if (!isInt)
      text += ", 1, 1";
    if (twoByte) {
      if (!aTensor)
        text += aShared->mnMajor ? ", 1" : ", 0";
      text += bShared->mnMajor ? ", 1" : ", 0";
    }
    text += ";";
    return asmWithResults(loc, rewriter, regType, numRegs, operands, text,
                          constraints);
  };

  // The registers wgmma reads (accumulators, A fragments) must all be
  // written before wgmma.fence, or ptxas injects warpgroup.arrive before
  // each mma. Pure code computing them could sink past the fence, so they
  // go through one side-effecting asm first. Not an accumulator that comes
  // straight from an earlier wgmma (its wait, or the loop carrying it):
  // that one may still be in flight (pendings > 0), and an instruction
  // reading it would make ptxas serialize the wgmmas (C7514).
  Value c = op.getC();
  bool accFromWGMMA = isa<BlockArgument>(c) ||
                      c.getDefiningOp<ttng::WarpGroupDotWaitOp>() ||
                      c.getDefiningOp<ttng::WarpGroupDotOp>();
  SmallVector<Value> pinned;
  SmallVector<SmallVector<unsigned>> accSlots(numRepM * numRepN),
      aSlots(numRepM * numRepK);
  SmallVector<bool> pin;
  if (!zeroAcc) {
    for (int m = 0; m < numRepM; ++m)
      for (int n = 0; n < numRepN; ++n) {
        SmallVector<Value> accElems;
        for (int j = 0; j < accSize; ++j)
          accElems.push_back(cValues[accIndex(m, n, j)]);
        for (Value v : packToI32(loc, rewriter, accElems)) {
          if (dElem.isF32())
            v = LLVM::BitcastOp::create(rewriter, loc, regType, v);
          accSlots[m * numRepN + n].push_back(pinned.size());
          pinned.push_back(v);
          pin.push_back(!accFromWGMMA);
        }
      }
  }
  if (aTensor) {
    for (int m = 0; m < numRepM; ++m)
      for (int k = 0; k < numRepK; ++k) {
        SmallVector<Value> elems;
        for (int j = 0; j < aElems; ++j)
          elems.push_back(aValues[aIndex(m, k, j)]);
        for (Value v : packToI32(loc, rewriter, elems)) {
          aSlots[m * numRepK + k].push_back(pinned.size());
          pinned.push_back(v);
          pin.push_back(true);
        }
      }
  }
  SmallVector<unsigned> toPin;
  for (auto [i, p] : llvm::enumerate(pin))
    if (p)
      toPin.push_back(i);
  if (!toPin.empty()) {
    std::string constraints;
    SmallVector<Type> types;
    SmallVector<Value> values;
    for (auto [i, slot] : llvm::enumerate(toPin)) {
      Value v = pinned[slot];
      constraints += i ? ",=" : "=";
      constraints += v.getType().isF32() ? "f" : "r";
      types.push_back(v.getType());
      values.push_back(v);
    }
    for (size_t i = 0; i < toPin.size(); ++i)
      constraints += "," + std::to_string(i);
    Value asmResult = emitInlineAsm(
        loc, rewriter, LLVM::LLVMStructType::getLiteral(ctx, types), values,
        "// wgmma operands ready", constraints);
    for (auto [i, slot] : llvm::enumerate(toPin))
      pinned[slot] = LLVM::ExtractValueOp::create(rewriter, loc, asmResult, i);
  }
  auto pick = [&](ArrayRef<unsigned> slots) {
    SmallVector<Value> out;
    for (unsigned i : slots)
      out.push_back(pinned[i]);
    return out;
  };

  emitSimpleAsm(loc, rewriter, "wgmma.fence.sync.aligned;");
  SmallVector<Value> results(cValues.size());
  for (int m = 0; m < numRepM; ++m) {
    for (int n = 0; n < numRepN; ++n) {
      SmallVector<Value> acc = pick(accSlots[m * numRepN + n]);
      // `pred` null: the first step ignores the accumulator.
      Value firstPred = zeroAcc ? Value() : trueVal;
      if (useC && !zeroAcc)
        firstPred = useC;
      SmallVector<Value> partialAcc;
      uint32_t sinceAdd = 0;
      for (int k = 0; k < numRepK; ++k) {
        Value aOperand;
        if (aShared) {
          aOperand =
              descriptorAt(loc, rewriter, *aShared, m * tileM, k * instrK);
        } else {
          SmallVector<Value> regs = pick(aSlots[m * numRepK + k]);
          Type structType = LLVM::LLVMStructType::getLiteral(
              ctx, SmallVector<Type>(regs.size(), rewriter.getI32Type()));
          aOperand = packLLElements(loc, structType, regs, rewriter);
        }
        Value bDesc =
            descriptorAt(loc, rewriter, *bShared, k * instrK, n * tileN);
        if (!partial) {
          acc = emitMma(acc, aOperand, bDesc, k == 0 ? firstPred : trueVal);
          continue;
        }
        // fp8 with limited imprecise accumulation: a fresh f32 partial
        // sum, added into the real accumulator every maxImprecise K.
        partialAcc = emitMma(partialAcc, aOperand, bDesc,
                             partialAcc.empty() ? Value() : trueVal);
        sinceAdd += instrK;
        if (sinceAdd >= maxImprecise || k == numRepK - 1) {
          if (acc.empty()) {
            acc = partialAcc;
          } else {
            // A predicate-off first step (useC false) drops the old value.
            for (auto [x, p] : llvm::zip(acc, partialAcc)) {
              Value sum = LLVM::FAddOp::create(rewriter, loc, x, p);
              x = firstPred == trueVal || !firstPred
                      ? sum
                      : Value(LLVM::SelectOp::create(rewriter, loc, firstPred,
                                                     sum, p));
            }
          }
          firstPred = trueVal;
          partialAcc.clear();
          sinceAdd = 0;
        }
      }
      SmallVector<Value> elems = unpackFromI32(loc, rewriter, acc, dElem);
      for (int j = 0; j < accSize; ++j)
        results[accIndex(m, n, j)] = elems[j];
    }
  }
  emitSimpleAsm(loc, rewriter, "wgmma.commit_group.sync.aligned;");
  if (!op.getIsAsync()) {
    SmallVector<Value> regs;
    for (Value v : results)
      regs.push_back(v);
    results = emitWaitGroup(loc, rewriter, regs, 0);
  }
  if (llvm::any_of(results, [](Value v) { return !v; }))
    return op.emitOpError("accumulator registers not covered by wgmma");
  Type structType = getTypeConverter()->convertType(dType);
  rewriter.replaceOp(op, packLLElements(loc, structType, results, rewriter));
  return success();
}

struct WarpGroupDotWaitOpConversion
    : public ConvertOpToLLVMPattern<ttng::WarpGroupDotWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttng::WarpGroupDotWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Tensors' registers go through the wait; memdescs are passed on (the
    // asm has side effects, so no shared access moves across it).
    SmallVector<Value> regs;
    SmallVector<std::pair<unsigned, unsigned>> ranges;
    for (auto [input, lowered] :
         llvm::zip(op.getInputs(), adaptor.getInputs())) {
      unsigned begin = regs.size();
      if (isa<RankedTensorType>(input.getType())) {
        for (Value v : unpackLLElements(loc, lowered, rewriter)) {
          unsigned bits = getBitWidth(v.getType());
          if (bits != 32 && bits != 16)
            return op.emitOpError("waits on ")
                   << v.getType() << " registers (32 or 16 bits supported)";
          regs.push_back(v);
        }
      }
      ranges.push_back({begin, unsigned(regs.size())});
    }
    SmallVector<Value> waited =
        emitWaitGroup(loc, rewriter, regs, op.getPendings());
    SmallVector<Value> replacements;
    for (auto [i, input] : llvm::enumerate(op.getInputs())) {
      if (!isa<RankedTensorType>(input.getType())) {
        replacements.push_back(adaptor.getInputs()[i]);
        continue;
      }
      auto [begin, end] = ranges[i];
      Type structType = getTypeConverter()->convertType(input.getType());
      replacements.push_back(packLLElements(
          loc, structType, ArrayRef<Value>(waited).slice(begin, end - begin),
          rewriter));
    }
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

struct FenceAsyncSharedOpConversion
    : public ConvertOpToLLVMPattern<ttng::FenceAsyncSharedOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttng::FenceAsyncSharedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    emitSimpleAsm(op.getLoc(), rewriter,
                  op.getBCluster() ? "fence.proxy.async.shared::cluster;"
                                   : "fence.proxy.async.shared::cta;");
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::triton::populateWGMMAOpToLLVMPatterns(TypeConverterT &converter,
                                                 RewritePatternSet &patterns) {
  patterns.add<WarpGroupDotOpConversion, WarpGroupDotWaitOpConversion,
               FenceAsyncSharedOpConversion>(converter);
}
