//===- AccelerateMatmul.cpp - tritongpu-accelerate-matmul -----------------===//
//
// Moves tt.dot from FMAs to tensor cores: ttng.warp_group_dot with an mma v3
// accumulator on sm_90, tt.dot with an mma v2 accumulator on sm_80/sm_89,
// choosing instruction shape, warp split and operand layouts as Triton 3.6.
//
//===----------------------------------------------------------------------===//
#include "DecomposeScaledBlocked.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/Transforms/LayoutUtility.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

#define DEBUG_TYPE "tritongpu-accelerate-matmul"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUACCELERATEMATMUL
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

bool isFp8(Type type) {
  return isa<Float8E5M2Type, Float8E4M3FNType, Float8E5M2FNUZType,
             Float8E4M3FNUZType>(type);
}

/// Whether tensor cores of mma `version` take operands of `type` (fp8 is
/// always accepted: it can be upcast to f16).
bool supportsOperandType(Type type, int version) {
  return isFp8(type) || type.isF16() || type.isBF16() ||
         (type.isF32() && version >= 2) || (type.isInteger(8) && version >= 2);
}


/// The mma instruction shape: [16, 8] (v2, with a leading 1 when batched)
/// or [16, N, 256 / bits] (v3, the largest N that divides the tile and fits
/// the warps left after splitting M into rows of 16).
SmallVector<unsigned> getInstrShape(int version, ArrayRef<int64_t> shape,
                                    Type elemType, int numWarps) {
  if (version == 2) {
    SmallVector<unsigned> result(shape.size(), 1);
    result[shape.size() - 1] = 8;
    result[shape.size() - 2] = 16;
    return result;
  }
  unsigned k = 256 / elemType.getIntOrFloatBitWidth();
  unsigned mWarps = std::max<unsigned>(shape[0] / 16, 1);
  unsigned nWarps = std::max<unsigned>(numWarps / mWarps, 1);
  unsigned maxN = std::max<unsigned>(shape[1] / nWarps, 8);
  SmallVector<unsigned> validN;
  if (elemType.isInteger(8)) {
    validN = {224, 208, 192, 176, 160, 144, 128, 112, 96, 80, 64, 48, 32, 24,
              16, 8};
  } else {
    for (unsigned n = 256; n >= 8; n -= 8)
      validN.push_back(n);
  }
  for (unsigned n : validN)
    if (shape[1] % n == 0 && n <= maxN)
      return {16, n, k};
  return {};
}

/// Warps of an mma v2 accumulator: all on the longer side when the dot is
/// chained with another one, else doubling the side with more 16x8 tiles.
SmallVector<unsigned> getWarpsPerTileV2(DotOp dot, ArrayRef<int64_t> shape,
                                        int numWarps) {
  int rank = shape.size();
  if (rank == 3)
    return {unsigned(numWarps), 1, 1};
  auto sameRegion = [&](Operation *op) {
    return op->getParentRegion() == dot->getParentRegion() &&
           !isa<TransOp>(op);
  };
  BackwardSliceOptions backward;
  backward.filter = sameRegion;
  ForwardSliceOptions forward;
  forward.filter = sameRegion;
  SetVector<Operation *> slice;
  // The slice of every op reached, forward and backward, as Triton's
  // multiRootGetSlice.
  SmallVector<Operation *> worklist{dot};
  DenseSet<Operation *> seen{dot};
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    SetVector<Operation *> around;
    (void)getBackwardSlice(op, &around, backward);
    getForwardSlice(op, &around, forward);
    for (Operation *other : around)
      if (seen.insert(other).second) {
        slice.insert(other);
        worklist.push_back(other);
      }
  }
  bool hasChainedDot = false;
  for (Operation *op : slice) {
    auto other = dyn_cast<DotOp>(op);
    if (!other || other == dot || other.getType().getRank() != rank)
      continue;
    if (auto mma =
            dyn_cast<NvidiaMmaEncodingAttr>(other.getType().getEncoding()))
      return SmallVector<unsigned>(mma.getWarpsPerCTA());
    hasChainedDot = true;
  }
  if (hasChainedDot) {
    if (shape[0] >= shape[1])
      return {unsigned(numWarps), 1};
    return {1, unsigned(numWarps)};
  }
  SmallVector<int64_t> reps = {(shape[0] + 15) / 16, (shape[1] + 7) / 8};
  SmallVector<unsigned> warps = {1, 1};
  while (int(warps[0] * warps[1]) < numWarps) {
    if (reps[0] >= reps[1]) {
      warps[0] *= 2;
      if (reps[0] != 1)
        reps[0] /= 2;
    } else {
      warps[1] *= 2;
      reps[1] /= 2;
    }
  }
  return warps;
}

/// Warps of an mma v3 accumulator: groups of 4 along M, doubled along M
/// while M has rows left, else along N; all on M when a dot uses the result.
SmallVector<unsigned> getWarpsPerTileV3(Operation *dot,
                                        ArrayRef<int64_t> shape, int numWarps,
                                        ArrayRef<unsigned> instrShape) {
  SetVector<Operation *> slice;
  getForwardSlice(dot->getResult(0), &slice);
  if (llvm::any_of(slice, [](Operation *op) {
        return isa<DotOp, DotScaledOp, nvidia_gpu::WarpGroupDotOp>(op);
      }))
    return {unsigned(numWarps), 1};
  SmallVector<unsigned> warps = {4, 1};
  while (int(warps[0] * warps[1]) < numWarps) {
    if (shape[0] > 16 * warps[0])
      warps[0] *= 2;
    else
      warps[1] *= 2;
  }
  return warps;
}

/// The bit width the operand was loaded with: the narrowest load found
/// through elementwise ops, views, broadcasts and conversions.
int getOrigBitWidth(Value operand) {
  BackwardSliceOptions options;
  options.omitBlockArguments = true;
  options.filter = [](Operation *op) {
    return (op->hasTrait<OpTrait::Elementwise>() && isMemoryEffectFree(op)) ||
           isa<TransOp, ReshapeOp, ExpandDimsOp, BroadcastOp, ConvertLayoutOp,
               LoadOp, DescriptorLoadOp, JoinOp, SplitOp, Fp4ToFpOp>(op);
  };
  SetVector<Operation *> slice;
  (void)getBackwardSlice(operand, &slice, options);
  // An operand unpacked from fp4 (a decomposed tt.dot_scaled) counts as
  // 4 bits wide.
  if (llvm::any_of(slice, [](Operation *op) { return isa<Fp4ToFpOp>(op); }))
    return 4;
  int bitWidth = getElementTypeOrSelf(operand).getIntOrFloatBitWidth();
  for (Operation *op : slice)
    if (isa<LoadOp, DescriptorLoadOp>(op))
      if (auto type = dyn_cast<RankedTensorType>(op->getResultTypes()[0]))
        if (type.getElementType().isIntOrFloat())
          bitWidth =
              std::min<int>(bitWidth, type.getElementTypeBitWidth());
  // A join halves the elements each thread holds along the last dimension.
  if (llvm::any_of(slice, [](Operation *op) { return isa<JoinOp>(op); }))
    bitWidth /= 2;
  return bitWidth;
}

/// True when the operand is loaded (through conversions and transpositions)
/// or a block argument: it then goes to shared memory for wgmma.
bool comesFromLoadOrBlockArg(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (auto cvt = dyn_cast<ConvertLayoutOp>(def))
      value = cvt.getSrc();
    else if (auto trans = dyn_cast<TransOp>(def))
      value = trans.getSrc();
    else
      break;
  }
  return isa<BlockArgument>(value) ||
         isa_and_nonnull<LoadOp, DescriptorLoadOp, DescriptorGatherOp>(
             value.getDefiningOp());
}

/// Stores operand `opIdx` of a wgmma with accumulator layout `mma` to
/// shared memory right after it is made (looking through one conversion).
/// Only f16 and bf16 may keep a transposed order; other types are stored
/// K-contiguous. In a cluster of CTAs the operand is split as the
/// accumulator is along M (A) or N (B), and every CTA holds all of K.
Value allocSharedOperand(Value operand, int opIdx, bool allowTranspose,
                         NvidiaMmaEncodingAttr mma, RewriterBase &rewriter) {
  OpBuilder::InsertionGuard guard(rewriter);
  Value source = operand;
  if (auto cvt = operand.getDefiningOp<ConvertLayoutOp>())
    source = cvt.getSrc();
  auto type = cast<RankedTensorType>(source.getType());
  SmallVector<unsigned> order = getOrderForMemory(type);
  if (!allowTranspose)
    order = opIdx == 1 ? SmallVector<unsigned>{0, 1}
                       : SmallVector<unsigned>{1, 0};
  MLIRContext *ctx = operand.getContext();
  CTAEncodingAttr cta =
      DotOperandEncodingAttr::get(ctx, opIdx, mma, /*kWidth=*/0).getCTALayout();
  auto shared = getNVMMASharedEncoding(ctx, type.getShape(), order, cta,
                                       type.getElementType());
  auto memDesc = MemDescType::get(type.getShape(), type.getElementType(),
                                  shared, SharedMemorySpaceAttr::get(ctx));
  rewriter.setInsertionPointAfterValue(source);
  return LocalAllocOp::create(rewriter, source.getLoc(), memDesc, source);
}

/// Converts `operand` to operand `opIdx` of `mma` with
/// `kWidth = 32 / bitWidth`.
Value convertToDotOperand(Value operand, int opIdx, int bitWidth,
                          NvidiaMmaEncodingAttr mma, RewriterBase &rewriter) {
  auto type = cast<RankedTensorType>(operand.getType());
  unsigned kWidth = std::max(32 / bitWidth, 1);
  auto encoding = DotOperandEncodingAttr::get(operand.getContext(), opIdx,
                                              mma, kWidth);
  return ConvertLayoutOp::create(rewriter, operand.getLoc(),
                                 type.cloneWithEncoding(encoding), operand);
}

/// Rewrites `dot` for mma `version`; the result is converted back to the
/// old layout for `tritongpu-remove-layout-conversions` to fold.
void rewriteDot(DotOp dot, int version, int computeCapability,
                RewriterBase &rewriter) {
  RankedTensorType oldType = dot.getType();
  int numWarps = lookupNumWarps(dot);
  SmallVector<int64_t> shape = getShapePerCTA(oldType);
  Type aElem = dot.getA().getType().getElementType();
  SmallVector<unsigned> instrShape =
      getInstrShape(version, shape, aElem, numWarps);
  SmallVector<unsigned> warps =
      version == 3 ? getWarpsPerTileV3(dot, shape, numWarps, instrShape)
                   : getWarpsPerTileV2(dot, shape, numWarps);
  MLIRContext *ctx = dot.getContext();
  auto mma = NvidiaMmaEncodingAttr::get(
      ctx, version, computeCapability == 75 ? 1 : 0, warps,
      getCTALayout(oldType.getEncoding()), instrShape);
  RankedTensorType newType = oldType.cloneWithEncoding(mma);

  rewriter.setInsertionPoint(dot);
  Value acc =
      ConvertLayoutOp::create(rewriter, dot.getC().getLoc(), newType, dot.getC());
  Value a = dot.getA(), b = dot.getB();
  Operation *newDot;
  if (version == 3) {
    bool allowTranspose = aElem.isF16() || aElem.isBF16();
    if (comesFromLoadOrBlockArg(a))
      a = allocSharedOperand(a, 0, allowTranspose, mma, rewriter);
    else
      a = convertToDotOperand(a, 0, aElem.getIntOrFloatBitWidth(), mma,
                              rewriter);
    b = allocSharedOperand(b, 1, allowTranspose, mma, rewriter);
    newDot = nvidia_gpu::WarpGroupDotOp::create(
        rewriter, dot.getLoc(), a, b, acc, /*useC=*/Value(),
        dot.getInputPrecision(), dot.getMaxNumImpreciseAcc(),
        /*isAsync=*/false);
  } else {
    int bitWidth = std::min(getOrigBitWidth(a), getOrigBitWidth(b));
    a = convertToDotOperand(a, 0, bitWidth, mma, rewriter);
    b = convertToDotOperand(b, 1, bitWidth, mma, rewriter);
    newDot = DotOp::create(rewriter, dot.getLoc(), newType, a, b, acc,
                           dot.getInputPrecision(),
                           dot.getMaxNumImpreciseAcc());
  }
  rewriter.replaceOpWithNewOp<ConvertLayoutOp>(dot, oldType,
                                               newDot->getResult(0));
}

/// Extends the operands of dots whose operand types the chosen unit does
/// not take: fp8 to f16 for mma v2 below sm_89, and FMA operands to the
/// result type.
void promoteOperands(ModuleOp module, int computeCapability) {
  module.walk([&](DotOp dot) {
    Type aElem = dot.getA().getType().getElementType();
    Type promoted;
    auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dot.getType().getEncoding());
    if (mma) {
      bool nativeFp8 = isa<Float8E5M2Type, Float8E4M3FNType>(aElem);
      if (!nativeFp8 || computeCapability == 89 || mma.isHopper())
        return;
      promoted = Float16Type::get(dot.getContext());
    } else {
      Type dElem = dot.getType().getElementType();
      if (aElem == dElem || !isa<FloatType>(dElem))
        return;
      promoted = dElem;
    }
    OpBuilder builder(dot);
    for (int i : {0, 1}) {
      Value operand = dot->getOperand(i);
      auto type = cast<RankedTensorType>(operand.getType());
      Type elem = type.getElementType();
      if (elem == promoted || !isa<FloatType>(elem))
        continue;
      auto newType = type.clone(promoted);
      Value extended;
      if (isFp8(elem))
        extended = FpToFpOp::create(builder, dot.getLoc(), newType, operand,
                                    /*rounding=*/RoundingModeAttr());
      else
        extended =
            arith::ExtFOp::create(builder, dot.getLoc(), newType, operand);
      dot->setOperand(i, extended);
    }
  });
}

struct AccelerateMatmulPass
    : public triton::gpu::impl::TritonGPUAccelerateMatmulBase<
          AccelerateMatmulPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    int computeCapability = getCudaCapability(getTarget(module));
    if (computeCapability == 0) {
      module.emitError("tritongpu-accelerate-matmul: the module needs "
                       "ttg.target = \"cuda:<capability>\", got \"")
          << getTarget(module) << "\"";
      return signalPassFailure();
    }
    if (failed(decomposeScaledDots(module)))
      return signalPassFailure();

    SmallVector<DotOp> dots;
    module.walk([&](DotOp dot) { dots.push_back(dot); });
    IRRewriter rewriter(&getContext());
    for (DotOp dot : dots) {
      RankedTensorType type = dot.getType();
      if (!type.getEncoding() ||
          isa<NvidiaMmaEncodingAttr>(type.getEncoding()) ||
          computeCapability < 80)
        continue;
      if (!dot.getA().getType().getElementType().isIntOrFloat() ||
          type.getElementType().isF64())
        continue;
      int numWarps = lookupNumWarps(dot);
      // Triton 3.6's MMA generation per capability: mma.sync up to Ada,
      // wgmma on Hopper, tcgen05 (tensor memory) on the Blackwell data
      // centre parts (10.x, 11.x), mma.sync again on 12.x.
      bool blackwellMMA = computeCapability >= 100 && computeCapability < 120;
      if (blackwellMMA && supportsMMA(dot, 2, numWarps)) {
        dot.emitError("tensor-core dots for compute capability ")
            << computeCapability / 10 << "." << computeCapability % 10
            << " (Blackwell: tcgen05 MMA and tensor memory) are not "
               "lowered by this compiler";
        return signalPassFailure();
      }
      int version = 0;
      if (computeCapability >= 90 && computeCapability < 100 &&
          supportsMMA(dot, 3, numWarps))
        version = 3;
      else if ((computeCapability < 100 || computeCapability >= 120) &&
               supportsMMA(dot, 2, numWarps))
        version = 2;
      if (version == 0)
        continue;
      if (version == 3 &&
          getInstrShape(3, getShapePerCTA(type),
                        dot.getA().getType().getElementType(), numWarps)
              .empty())
        continue;
      rewriteDot(dot, version, computeCapability, rewriter);
    }
    promoteOperands(module, computeCapability);
  }
};

} // namespace

bool mlir::triton::gpu::supportsMMA(DotOp dot, int version, int numWarps) {
  Type aType = dot.getA().getType().getElementType();
  Type bType = dot.getB().getType().getElementType();
  RankedTensorType resultType = dot.getType();
  if (version == 3) {
    ArrayRef<int64_t> aShape = dot.getA().getType().getShape();
    SmallVector<int64_t> shape = getShapePerCTA(resultType);
    int rank = shape.size();
    if (!aType.isIntOrFloat() ||
        aShape.back() < 256 / aType.getIntOrFloatBitWidth())
      return false;
    if (rank == 3)
      return false;
    bool typeOk = isa<Float8E5M2Type, Float8E4M3FNType>(aType) ||
                  aType.isInteger(8) || aType.isF16() || aType.isBF16() ||
                  aType.isF32();
    if (!(numWarps % 4 == 0 && shape[rank - 2] % 64 == 0 &&
          shape[rank - 1] % 8 == 0 && typeOk))
      return false;
    // fp8 products accumulated in f32 inside the instruction need the
    // promotion every 32 steps of K at least.
    if (dot.getMaxNumImpreciseAcc() < 32 &&
        isa<Float8E5M2Type, Float8E4M3FNType>(aType) &&
        resultType.getElementType().isF32())
      return false;
  }
  if (aType.isF32() && bType.isF32())
    return dot.getInputPrecision() == InputPrecision::TF32 && version >= 2;
  return supportsOperandType(aType, version) &&
         supportsOperandType(bType, version);
}
