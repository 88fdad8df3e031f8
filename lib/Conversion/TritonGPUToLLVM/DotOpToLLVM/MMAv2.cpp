//===- MMAv2.cpp - tt.dot on mma.sync (#ttg.nvidia_mma version 2) ---------===//
//
// A dot whose result is #ttg.nvidia_mma version 2 (Ampere and Ada; on
// Hopper, batched dots and dots on fewer than four warps) becomes
// `mma.sync.aligned` instructions, one per 16 x 8 accumulator tile of a
// warp and per K step of the instruction:
//   f16, bf16 (f32 or f16 acc)   m16n8k16
//   tf32 (f32 inputs)            m16n8k8
//   s8 (i32 acc, satfinite)      m16n8k32
//   e4m3 / e5m2 (f32 acc, sm_89) m16n8k32
// The operands are #ttg.dot_op tensors in registers. Their linear layouts
// are mma.sync's fragments (nvidiaMmaTile): lanes split as groupID = lane /
// 4 along M (N for B) and lane % 4 along K, kWidth consecutive K elements
// per lane. We check that, then pick each fragment element by its
// coordinates in lane 0 of warp 0 (the other lanes and warps hold the same
// registers shifted by their own offset), so any repetition order of the
// layouts (M, N, K and batch repetitions) works.
//
// kWidth = 32 / bits is mma.sync's own fragment. A larger kWidth (Triton
// keeps 8-bit operands' kWidth = 4 when it upcasts fp8 to f16 for mma v2)
// gives each lane kWidth consecutive K elements where the instruction wants
// 32 / bits at k and at k + 4 * 32 / bits. Like Triton, with g = kWidth * bits
// / 32 registers per lane and 8 x kWidth K block, step s of a block takes
// lane 0's registers s (as k) and s + g (as k + 4 * 32 / bits) of the
// block: for f16 with kWidth = 4, K {4t, 4t+1, 16+4t, 16+4t+1} of lane t,
// then {4t+2, 4t+3, 18+4t, 19+4t}. This permutes K the same way for A and B
// (checked on their layouts), so the steps still cover every K once and sum
// the same products; only f32 accumulation order differs from the unpermuted
// sum.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "DotOperandLayouts.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

using Coords = SmallVector<int32_t>;

/// The mma.sync instruction of a dot: its PTX name and its K.
struct MmaInstr {
  std::string name;
  int k = 0;
  /// Elements of A and B per 32-bit register (also the operands' kWidth).
  int elemsPerReg = 0;
  /// Whether the accumulator is f16 (two per 32-bit register).
  bool f16Acc = false;
};

StringRef ptxTypeName(Type type) {
  if (type.isF16())
    return "f16";
  if (type.isBF16())
    return "bf16";
  if (type.isF32())
    return "f32";
  if (type.isSignlessInteger(8) || type.isSignedInteger(8))
    return "s8";
  if (type.isSignlessInteger(32) || type.isSignedInteger(32))
    return "s32";
  if (isa<Float8E4M3FNType>(type))
    return "e4m3";
  if (isa<Float8E5M2Type>(type))
    return "e5m2";
  return "";
}

/// The instruction for a dot of `a` x `b` into `d` (tensor element types),
/// or failure with the reason on `op`.
FailureOr<MmaInstr> selectInstr(DotOp op, Type a, Type b, Type d,
                                int computeCapability) {
  StringRef aName = ptxTypeName(a), bName = ptxTypeName(b),
            dName = ptxTypeName(d);
  auto refuse = [&]() -> FailureOr<MmaInstr> {
    return op.emitOpError("mma.sync lowering does not support ")
           << a << " x " << b << " -> " << d;
  };
  if (aName.empty() || bName.empty() || dName.empty())
    return refuse();
  MmaInstr instr;
  std::string types;
  if ((a.isF16() || a.isBF16()) && a == b && (d.isF32() || d == a)) {
    if (a.isBF16() && !d.isF32())
      return refuse();
    instr.k = 16;
    instr.elemsPerReg = 2;
    instr.f16Acc = d.isF16();
    types = (dName + "." + aName + "." + bName + "." + dName).str();
  } else if (a.isF32() && b.isF32() && d.isF32()) {
    if (op.getInputPrecision() != InputPrecision::TF32)
      return op.emitOpError("mma.sync takes f32 inputs as tf32 only, got "
                            "inputPrecision = ")
             << stringifyInputPrecision(op.getInputPrecision());
    instr.k = 8;
    instr.elemsPerReg = 1;
    types = "f32.tf32.tf32.f32";
  } else if (aName == "s8" && bName == "s8" && dName == "s32") {
    instr.k = 32;
    instr.elemsPerReg = 4;
    types = "satfinite.s32.s8.s8.s32";
  } else if (isFloat8(a) && isFloat8(b) && d.isF32()) {
    if (computeCapability < 89)
      return op.emitOpError("mma.sync on 8-bit floats needs sm_89 or newer, "
                            "the target is sm_")
             << computeCapability;
    instr.k = 32;
    instr.elemsPerReg = 4;
    types = ("f32." + aName + "." + bName + ".f32").str();
  } else {
    return refuse();
  }
  instr.name = "mma.sync.aligned.m16n8k" + std::to_string(instr.k) +
               ".row.col." + types;
  return instr;
}

/// For every coordinate held by lane 0 of warp 0 (CTA 0), its first
/// register.
std::map<Coords, int32_t> registersByCoords(const LinearLayout &layout) {
  MLIRContext *ctx = layout.getInDimNames().begin()->getContext();
  std::map<Coords, int32_t> map;
  for (int32_t r = layout.getInDimSize(kRegister(ctx)) - 1; r >= 0; --r)
    map[applyLinearLayoutConst(layout, {{kRegister(ctx), r}})] = r;
  return map;
}

/// Whether `layout`'s lanes are mma.sync's fragment: lane bits 0, 1 step
/// `innerStep` and 2 * `innerStep` along `inner`, bits 2-4 step 1, 2, 4
/// along `outer`.
bool isFragmentLanes(const LinearLayout &layout, unsigned inner,
                     int32_t innerStep, unsigned outer) {
  MLIRContext *ctx = layout.getInDimNames().begin()->getContext();
  if (layout.getInDimSizeLog2(kLane(ctx)) != 5)
    return false;
  unsigned rank = layout.getNumOutDims();
  for (int i = 0; i < 5; ++i) {
    Coords expected(rank, 0);
    if (i < 2)
      expected[inner] = innerStep << i;
    else
      expected[outer] = 1 << (i - 2);
    if (Coords(layout.getBasis(kLane(ctx), i)) != expected)
      return false;
  }
  return true;
}

/// The K coordinates of `layout`'s registers in lane 0 of warp 0 (CTA 0)
/// at M, N and batch 0, ascending: for each instruction, two registers'
/// worth (K dimension `kDim`).
SmallVector<int32_t> laneZeroK(const std::map<Coords, int32_t> &regsOf,
                               unsigned kDim) {
  SmallVector<int32_t> ks;
  for (const auto &entry : regsOf) {
    const Coords &c = entry.first;
    bool onAxis = true;
    for (unsigned d = 0; d < c.size(); ++d)
      onAxis &= d == kDim || c[d] == 0;
    if (onAxis)
      ks.push_back(c[kDim]);
  }
  llvm::sort(ks);
  return ks;
}

/// `values` (one 32-bit register's worth of elements) as an i32.
Value packRegister(Location loc, OpBuilder &b, ArrayRef<Value> values) {
  Type i32 = b.getI32Type();
  if (values.size() == 1)
    return LLVM::BitcastOp::create(b, loc, i32, values.front());
  auto vecType = VectorType::get(values.size(), values.front().getType());
  Value vec = LLVM::UndefOp::create(b, loc, vecType);
  for (auto [i, v] : llvm::enumerate(values))
    vec = LLVM::InsertElementOp::create(b, loc, vec, v, i32Val(b, loc, i));
  return LLVM::BitcastOp::create(b, loc, i32, vec);
}

/// The linear layout of `type` with dimension `dimA` (`dimB`; -1: none)
/// padded to at least `sizeA` (`sizeB`), when `type`'s own layout is that
/// one modulo the shape (the padding only broadcasts); failure otherwise.
FailureOr<LinearLayout> paddedLayout(RankedTensorType type, int dimA,
                                     int64_t sizeA, int dimB, int64_t sizeB) {
  SmallVector<int64_t> shape(type.getShape());
  if (dimA >= 0)
    shape[dimA] = std::max(shape[dimA], sizeA);
  if (dimB >= 0)
    shape[dimB] = std::max(shape[dimB], sizeB);
  LinearLayout own = ttg::toLinearLayout(type);
  if (ArrayRef<int64_t>(shape) == type.getShape())
    return own;
  for (int64_t d : type.getShape())
    if (!llvm::isPowerOf2_64(d))
      return failure();
  LinearLayout padded = ttg::toLinearLayout(type.clone(shape));
  for (StringAttr dim : own.getInDimNames()) {
    if (!padded.hasInDim(dim) ||
        padded.getInDimSizeLog2(dim) != own.getInDimSizeLog2(dim))
      return failure();
    for (int i = 0, n = own.getInDimSizeLog2(dim); i < n; ++i) {
      Coords wrapped(padded.getBasis(dim, i));
      for (auto [c, size] : llvm::zip(wrapped, type.getShape()))
        c &= size - 1;
      if (Coords(own.getBasis(dim, i)) != wrapped)
        return failure();
    }
  }
  return padded;
}

struct MMAv2DotOpConversion : public ConvertOpToLLVMPattern<DotOp> {
  MMAv2DotOpConversion(TypeConverterT &converter, const LoweringConfig &config)
      : ConvertOpToLLVMPattern(converter), config(config) {}

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dType = cast<RankedTensorType>(op.getType());
    auto mma = dyn_cast_or_null<ttg::NvidiaMmaEncodingAttr>(dType.getEncoding());
    if (!mma || mma.getVersionMajor() != 2)
      return rewriter.notifyMatchFailure(op, "not an mma v2 dot");
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    FailureOr<MmaInstr> instr =
        selectInstr(op, aType.getElementType(), bType.getElementType(),
                    dType.getElementType(), config.computeCapability);
    if (failed(instr))
      return failure();
    for (RankedTensorType type : {aType, bType}) {
      auto dot =
          dyn_cast_or_null<ttg::DotOperandEncodingAttr>(type.getEncoding());
      if (!dot || dot.getParent() != mma)
        return op.emitOpError("with a #ttg.nvidia_mma result needs "
                              "#ttg.dot_op operands with that parent");
      if (dot.getKWidth() % unsigned(instr->elemsPerReg) != 0)
        return op.emitOpError("mma.sync lowering needs kWidth to be a "
                              "multiple of ")
               << instr->elemsPerReg << " for " << type.getElementType()
               << " operands, got " << dot.getKWidth();
    }
    int aKWidth =
        cast<ttg::DotOperandEncodingAttr>(aType.getEncoding()).getKWidth();
    int bKWidth =
        cast<ttg::DotOperandEncodingAttr>(bType.getEncoding()).getKWidth();
    if (failed(checkDotLinearLayouts(op, {aType, bType, dType})))
      return failure();

    unsigned rank = dType.getRank();
    unsigned mDim = rank - 2, nDim = rank - 1;
    int e = instr->elemsPerReg;
    // A dot smaller than its warps' 16 x 8 tiles (a 2 x 4 dot on one warp)
    // is a broadcast of the padded dot: each register holds the element at
    // the padded layout's coordinate modulo the shape. The padded layouts
    // are mma.sync's fragments, and their extra rows and columns compute
    // copies of real ones. K is never padded: wrapped K would add products
    // twice (a K that does not fill the instruction is refused below).
    ArrayRef<unsigned> wpt = mma.getWarpsPerCTA();
    int64_t tileM = 16 * wpt[mDim], tileN = 8 * wpt[nDim];
    FailureOr<LinearLayout> aLayout = paddedLayout(aType, mDim, tileM, -1, 0);
    FailureOr<LinearLayout> bLayout = paddedLayout(bType, -1, 0, nDim, tileN);
    FailureOr<LinearLayout> dLayout =
        paddedLayout(dType, mDim, tileM, nDim, tileN);
    if (failed(aLayout) || failed(bLayout) || failed(dLayout))
      return op.emitOpError("is smaller than its mma.sync tiles and its "
                            "layouts do not broadcast into them");
    StringAttr warps[] = {kWarp(getContext()), kBlock(getContext())};
    if (!isFragmentLanes(*aLayout, /*inner=*/nDim, aKWidth, /*outer=*/mDim) ||
        !isFragmentLanes(*bLayout, /*inner=*/mDim, bKWidth, /*outer=*/nDim) ||
        !isFragmentLanes(*dLayout, /*inner=*/nDim, 2, /*outer=*/mDim) ||
        !operandFollowsAccumulator(*aLayout, *dLayout, /*kDim=*/nDim, warps) ||
        !operandFollowsAccumulator(*bLayout, *dLayout, /*kDim=*/mDim, warps))
      return op.emitOpError("operand and result layouts are not mma.sync "
                            "fragments of the same warps");
    int64_t K = aType.getShape()[rank - 1];
    if (K % instr->k != 0)
      return op.emitOpError("mma.sync lowering needs K to be a multiple of ")
             << instr->k << ", got " << K;

    Location loc = op.getLoc();
    SmallVector<Value> aRegs = unpackLLElements(loc, adaptor.getA(), rewriter);
    SmallVector<Value> bRegs = unpackLLElements(loc, adaptor.getB(), rewriter);
    SmallVector<Value> cRegs = unpackLLElements(loc, adaptor.getC(), rewriter);
    std::map<Coords, int32_t> aOf = registersByCoords(*aLayout);
    std::map<Coords, int32_t> bOf = registersByCoords(*bLayout);
    std::map<Coords, int32_t> dOf = registersByCoords(*dLayout);
    MLIRContext *ctx = getContext();

    // Each step takes two of lane 0's registers' K elements in kOrder (lane
    // l: those plus kWidth * (l % 4)). A and B must hold K alike, and
    // the four lanes' shifts must add to lane 0's K (no bit in common), so
    // that the instructions split [0, K) into equal sets for A and B.
    SmallVector<int32_t> kOrder = laneZeroK(aOf, nDim);
    if (kOrder != laneZeroK(bOf, mDim) || aKWidth != bKWidth)
      return op.emitOpError("A and B operands hold K in different orders "
                            "(kWidth ")
             << aKWidth << " and " << bKWidth << ")";
    if (int64_t(kOrder.size()) * 4 != K || kOrder.size() % (2 * aKWidth) ||
        llvm::any_of(kOrder, [&](int32_t k) {
          return k >= K || (k & (3 * aKWidth)) != 0;
        }))
      return op.emitOpError("operand layouts do not split K into mma.sync "
                            "steps");

    // The accumulator's 16 x 8 tiles (their origin in lane 0 of warp 0), in
    // register order.
    SmallVector<Coords> tiles;
    std::map<Coords, unsigned> tileIndex;
    for (int32_t r = 0, n = cRegs.size(); r < n; ++r) {
      Coords origin = applyLinearLayoutConst(*dLayout, {{kRegister(ctx), r}});
      origin[mDim] &= ~15;
      origin[nDim] &= ~7;
      if (tileIndex.try_emplace(origin, tiles.size()).second)
        tiles.push_back(origin);
    }

    // Elements of `regs` at `coords` (via `of`), one packed register.
    bool missing = false;
    std::map<SmallVector<int32_t>, Value> packed;
    auto packAt = [&](const std::map<Coords, int32_t> &of,
                      ArrayRef<Value> regs, ArrayRef<Coords> coords) {
      // The operand's tag first: A, B and C registers are distinct keys.
      SmallVector<int32_t> indices{&of == &aOf ? 0 : &of == &bOf ? 1 : 2};
      for (const Coords &c : coords) {
        auto it = of.find(c);
        if (it == of.end()) {
          missing = true;
          return Value();
        }
        indices.push_back(it->second);
      }
      Value &cached = packed[indices];
      if (!cached) {
        SmallVector<Value> values;
        for (int32_t i : ArrayRef(indices).drop_front())
          values.push_back(regs[i]);
        cached = packRegister(loc, rewriter, values);
      }
      return cached;
    };

    // The accumulator tile's values: 4 f32/i32 or 2 packed f16x2.
    Type accElem = cRegs.front().getType();
    SmallVector<SmallVector<Value>> acc(tiles.size());
    for (auto [t, origin] : llvm::enumerate(tiles)) {
      SmallVector<Coords> coords;
      for (int i = 0; i < 4; ++i) {
        Coords c = origin;
        c[mDim] += 8 * (i >> 1);
        c[nDim] += i & 1;
        coords.push_back(c);
      }
      if (instr->f16Acc) {
        acc[t].push_back(packAt(dOf, cRegs, ArrayRef(coords).take_front(2)));
        acc[t].push_back(packAt(dOf, cRegs, ArrayRef(coords).drop_front(2)));
      } else {
        for (const Coords &c : coords) {
          auto it = dOf.find(c);
          if (it == dOf.end()) {
            missing = true;
            break;
          }
          acc[t].push_back(cRegs[it->second]);
        }
      }
    }
    if (missing)
      return op.emitOpError("accumulator registers do not cover whole "
                            "mma.sync tiles");

    unsigned numC = instr->f16Acc ? 2 : 4;
    Type cType = instr->f16Acc ? rewriter.getI32Type() : accElem;
    StringRef cClass = isa<FloatType>(cType) ? "f" : "r";
    std::string asmString = instr->name + " " + getAsmOperandList(0, numC) +
                            ", " + getAsmOperandList(numC, 4) + ", " +
                            getAsmOperandList(numC + 4, 2) + ", " +
                            getAsmOperandList(numC + 6, numC) + ";";
    std::string constraints;
    for (unsigned i = 0; i < numC; ++i)
      constraints += ("=" + cClass + ",").str();
    constraints += "r,r,r,r,r,r";
    for (unsigned i = 0; i < numC; ++i)
      constraints += "," + std::to_string(i);
    auto resultType = LLVM::LLVMStructType::getLiteral(
        ctx, SmallVector<Type>(numC, cType));

    // K steps outermost (every tile's sum runs over them in order), then the
    // tiles.
    for (int64_t step = 0; step < K / instr->k; ++step) {
      // Lane 0's K of the step's half `h`, element `j`: with g = kWidth / e
      // registers per lane and half, Triton's order takes registers s and
      // s + g of each group of 2 g for the group's step s.
      auto kAt = [&](int h, int j) {
        int g = aKWidth / e;
        int64_t reg = step / g * 2 * g + h * g + step % g;
        return kOrder[reg * e + j];
      };
      for (auto [t, origin] : llvm::enumerate(tiles)) {
        SmallVector<Value> operands;
        for (int ri = 0; ri < 4; ++ri) {
          SmallVector<Coords> coords;
          for (int j = 0; j < e; ++j) {
            Coords c = origin;
            c[mDim] += 8 * (ri & 1);
            c[nDim] = kAt(ri >> 1, j);
            coords.push_back(c);
          }
          operands.push_back(packAt(aOf, aRegs, coords));
        }
        for (int ri = 0; ri < 2; ++ri) {
          SmallVector<Coords> coords;
          for (int j = 0; j < e; ++j) {
            Coords c = origin;
            c[mDim] = kAt(ri, j);
            coords.push_back(c);
          }
          operands.push_back(packAt(bOf, bRegs, coords));
        }
        if (missing)
          return op.emitOpError("operand registers do not hold the K range "
                                "of every mma.sync tile");
        llvm::append_range(operands, acc[t]);
        // Not pure, as Triton's: an asm with side effects is a scheduling
        // barrier, so LLVM's scheduler keeps the operand loads together
        // ahead of the mma chain, as in Triton's PTX, instead of sinking
        // each next to its use.
        Value result = emitInlineAsm(loc, rewriter, resultType, operands,
                                     asmString, constraints, /*pure=*/false);
        for (unsigned i = 0; i < numC; ++i)
          acc[t][i] = LLVM::ExtractValueOp::create(rewriter, loc, result, i);
      }
    }

    // Back to one value per accumulator register.
    SmallVector<Value> results(cRegs.size());
    for (int32_t r = 0, n = cRegs.size(); r < n; ++r) {
      Coords c = applyLinearLayoutConst(*dLayout, {{kRegister(ctx), r}});
      Coords origin = c;
      origin[mDim] &= ~15;
      origin[nDim] &= ~7;
      unsigned i = 2 * ((c[mDim] & 8) ? 1 : 0) + (c[nDim] & 1);
      ArrayRef<Value> tile = acc[tileIndex.at(origin)];
      if (!instr->f16Acc) {
        results[r] = tile[i];
        continue;
      }
      auto pairType = VectorType::get(2, accElem);
      Value pair = LLVM::BitcastOp::create(rewriter, loc, pairType, tile[i / 2]);
      results[r] = LLVM::ExtractElementOp::create(rewriter, loc, pair,
                                                  i32Val(rewriter, loc, i % 2));
    }
    rewriter.replaceOp(
        op, packLLElements(loc, adaptor.getC().getType(), results, rewriter));
    return success();
  }

private:
  LoweringConfig config;
};

} // namespace

void mlir::triton::populateMMAv2DotOpToLLVMPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns,
    const LoweringConfig &config) {
  patterns.add<MMAv2DotOpConversion>(converter, config);
}
