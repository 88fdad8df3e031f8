//===- ConvertLayoutScratch.cpp - shared memory of ttg.convert_layout ----===//
//
// Whether a layout conversion goes through shared memory, and how much: the
// swizzled tile Triton 3.6 would choose (SwizzledCvtTile.cpp) holds
// total / rounds elements per CTA.
//
//===----------------------------------------------------------------------===//

#include "Analysis/ScratchSize.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Tools/LinearAlgebraF2.h"

using namespace mlir;
using namespace mlir::triton;

namespace ttg = mlir::triton::gpu;

unsigned mlir::triton::getScratchBitwidth(Type elementType) {
  if (isa<PointerType>(elementType))
    return 64;
  return std::max(elementType.getIntOrFloatBitWidth(), 8u);
}

LinearLayout mlir::triton::minimalCvtLayout(RankedTensorType srcTy,
                                            RankedTensorType dstTy) {
  LinearLayout src = ttg::toLinearLayout(srcTy);
  LinearLayout dst = ttg::toLinearLayout(dstTy);
  // dst(x) == src(conversion(x)): which source location each destination
  // location reads.
  LinearLayout conversion = dst.invertAndCompose(src);
  // Quotient out the in-dims the two layouts share, slowest first, while
  // the conversion is the identity along them.
  SmallVector<StringAttr> srcDims(src.getInDimNames());
  SmallVector<StringAttr> dstDims(dst.getInDimNames());
  for (size_t i = 0; i < std::min(srcDims.size(), dstDims.size()); ++i) {
    StringAttr dim = srcDims[srcDims.size() - 1 - i];
    if (dim != dstDims[dstDims.size() - 1 - i])
      break;
    std::optional<LinearLayout> quotient = conversion.quotient({dim});
    if (!quotient)
      break;
    conversion = std::move(*quotient);
  }
  return conversion;
}

std::optional<std::pair<LinearLayout, LinearLayout>>
mlir::triton::perCTACvtLayouts(const LinearLayout &src,
                               const LinearLayout &dst) {
  MLIRContext *ctx = src.getInDimNames().begin()->getContext();
  StringAttr kBlock = StringAttr::get(ctx, "block");
  LinearLayout srcFlat = src.flattenOuts(), dstFlat = dst.flattenOuts();
  unsigned numBits = srcFlat.getTotalOutDimSizeLog2();
  if (numBits > 63 ||
      unsigned(dstFlat.getTotalOutDimSizeLog2()) != numBits)
    return std::nullopt;
  auto basesOf = [](const LinearLayout &flat, StringAttr dim) {
    SmallVector<uint64_t> rows;
    if (flat.hasInDim(dim))
      for (const std::vector<int32_t> &basis : flat.getBases().lookup(dim))
        rows.push_back(uint32_t(basis.front()));
    return rows;
  };
  // The CTA part: both sides must split the tensor over the same span of
  // CTA bases, and no CTA basis may lie in the span a CTA's own threads
  // reach (a CTA would then hold part of another's data).
  SmallVector<uint64_t> blocks = basesOf(srcFlat, kBlock);
  SmallVector<uint64_t> dstBlocks = basesOf(dstFlat, kBlock);
  unsigned blockRank = f2::rank(blocks, numBits);
  SmallVector<uint64_t> both(blocks);
  llvm::append_range(both, dstBlocks);
  if (f2::rank(dstBlocks, numBits) != blockRank ||
      f2::rank(both, numBits) != blockRank)
    return std::nullopt;
  SmallVector<StringAttr> threadDims;
  for (StringAttr dim : srcFlat.getInDimNames())
    if (dim != kBlock)
      threadDims.push_back(dim);
  for (const LinearLayout *flat : {&srcFlat, &dstFlat}) {
    SmallVector<uint64_t> threads;
    for (StringAttr dim : flat->getInDimNames())
      if (dim != kBlock)
        llvm::append_range(threads, basesOf(*flat, dim));
    SmallVector<uint64_t> all(threads);
    llvm::append_range(all, blocks);
    if (f2::rank(all, numBits) !=
        f2::rank(threads, numBits) + blockRank)
      return std::nullopt;
  }
  // x -> x reduced by the CTA bases (their pivot bits cleared), the pivot
  // bits then deleted: linear, with exactly the CTA span as kernel.
  f2::reduceRowEchelon(blocks, numBits);
  blocks.resize(blockRank);
  SmallVector<unsigned> pivots = f2::pivotColumns(blocks);
  auto project = [&](int32_t value) {
    uint64_t x = uint32_t(value);
    for (auto [row, pivot] : llvm::zip(blocks, pivots))
      if (x >> pivot & 1)
        x ^= row;
    uint64_t out = 0;
    unsigned position = 0;
    for (unsigned bit = 0; bit < numBits; ++bit) {
      if (llvm::is_contained(pivots, bit))
        continue;
      out |= (x >> bit & 1) << position++;
    }
    return int32_t(out);
  };
  StringAttr outDim = *srcFlat.getOutDimNames().begin();
  auto perCTA = [&](const LinearLayout &flat) {
    LinearLayout::BasesT bases;
    for (StringAttr dim : flat.getInDimNames()) {
      if (dim == kBlock)
        continue;
      auto &list = bases[dim];
      for (const std::vector<int32_t> &basis : flat.getBases().lookup(dim))
        list.push_back({project(basis.front())});
    }
    return LinearLayout(std::move(bases),
                        {{outDim, int32_t(1) << (numBits - blockRank)}},
                        /*requireSurjective=*/false);
  };
  return std::make_pair(perCTA(srcFlat), perCTA(dstFlat));
}

int mlir::triton::countMixedTranspositions(RankedTensorType srcTy,
                                           RankedTensorType dstTy) {
  MLIRContext *ctx = srcTy.getContext();
  StringAttr kReg = StringAttr::get(ctx, "register");
  StringAttr kLane = StringAttr::get(ctx, "lane");
  // Each side as the tensor bits its register bases (broadcast ones
  // dropped) and lane bases reach, flattened over the out-dims.
  auto bits = [&](RankedTensorType ty, SmallVector<int32_t> &regs,
                  SmallVector<int32_t> &lanes) {
    LinearLayout layout = ttg::toLinearLayout(ty).flattenOuts();
    for (int i = 0; i < layout.getInDimSizeLog2(kReg); ++i)
      if (int32_t v = layout.getBasis(kReg, i).front())
        regs.push_back(v);
    for (int i = 0; i < layout.getInDimSizeLog2(kLane); ++i)
      lanes.push_back(layout.getBasis(kLane, i).front());
  };
  SmallVector<int32_t> srcRegs, srcLanes, dstRegs, dstLanes;
  bits(srcTy, srcRegs, srcLanes);
  bits(dstTy, dstRegs, dstLanes);
  size_t nRegs = std::max(srcRegs.size(), dstRegs.size());
  size_t nLanes = std::max(srcLanes.size(), dstLanes.size());
  srcRegs.resize(nRegs, 0);
  dstRegs.resize(nRegs, 0);
  srcLanes.resize(nLanes, 0);
  dstLanes.resize(nLanes, 0);
  // Positions: registers 0 .. nRegs-1, then lanes. P sends a source
  // position to the destination position holding the same tensor bit;
  // positions that are zero on one side only are paired in order (zero on
  // both: a fixed point), as Triton fills the permutation's zero columns.
  SmallVector<int32_t> src(srcRegs), dst(dstRegs);
  src.append(srcLanes);
  dst.append(dstLanes);
  size_t n = src.size();
  SmallVector<int> perm(n, -1);
  SmallVector<size_t> srcZeros, dstZeros;
  for (size_t i = 0; i < n; ++i) {
    if (src[i] == 0 && dst[i] == 0) {
      perm[i] = static_cast<int>(i);
      continue;
    }
    if (src[i] == 0)
      srcZeros.push_back(i);
    else if (!llvm::isPowerOf2_32(static_cast<uint32_t>(src[i])))
      return -1;
    if (dst[i] == 0)
      dstZeros.push_back(i);
  }
  for (size_t i = 0; i < n; ++i) {
    if (src[i] == 0)
      continue;
    auto it = llvm::find(dst, src[i]);
    if (it == dst.end() || llvm::count(dst, src[i]) != 1)
      return -1;
    perm[i] = static_cast<int>(it - dst.begin());
  }
  if (srcZeros.size() != dstZeros.size())
    return -1;
  for (auto [from, to] : llvm::zip(srcZeros, dstZeros))
    perm[from] = static_cast<int>(to);
  // Every register position P sends to a lane position starts one mixed
  // transposition of Triton's cycle factorization.
  int mixed = 0;
  for (size_t i = 0; i < nRegs; ++i)
    mixed += perm[i] >= static_cast<int>(nRegs);
  return mixed;
}

bool mlir::triton::cvtNeedsSharedMemory(RankedTensorType srcTy,
                                        RankedTensorType dstTy) {
  MLIRContext *ctx = srcTy.getContext();
  LinearLayout conversion = minimalCvtLayout(srcTy, dstTy);
  if (conversion.hasInDim(StringAttr::get(ctx, "warp")) ||
      conversion.hasInDim(StringAttr::get(ctx, "block")))
    return true;
  return conversion.hasInDim(StringAttr::get(ctx, "lane")) &&
         countMixedTranspositions(srcTy, dstTy) >= 2;
}

unsigned mlir::triton::getNumScratchElemsSwizzledCvt(const LinearLayout &src,
                                                     const LinearLayout &dst,
                                                     unsigned bitwidth,
                                                     bool hasStmatrix) {
  auto perCTA = perCTACvtLayouts(src, dst);
  if (!perCTA)
    return 0;
  SwizzledCvtTile tile =
      getSwizzledCvtTile(perCTA->first, perCTA->second, bitwidth, hasStmatrix);
  return 1u << (tile.numBits - tile.reps.size());
}

unsigned mlir::triton::getNumScratchElemsSwizzledCvt(RankedTensorType srcTy,
                                                     RankedTensorType dstTy,
                                                     bool hasStmatrix) {
  return getNumScratchElemsSwizzledCvt(
      ttg::toLinearLayout(srcTy), ttg::toLinearLayout(dstTy),
      getScratchBitwidth(srcTy.getElementType()), hasStmatrix);
}

bool mlir::triton::targetHasStmatrix(Operation *op) {
  return ttg::lookupCudaCapability(op) >= 90;
}

unsigned mlir::triton::getConvertLayoutScratchSizeInBytes(
    RankedTensorType srcTy, RankedTensorType dstTy, bool hasStmatrix) {
  if (!isa_and_nonnull<ttg::DistributedEncodingTrait>(srcTy.getEncoding()) ||
      !isa_and_nonnull<ttg::DistributedEncodingTrait>(dstTy.getEncoding()))
    return 0;
  // Layouts without a LinearLayout form are reported by the lowering.
  if (failed(ttg::tryToLinearLayout(srcTy.getShape(), srcTy.getEncoding(),
                                    /*emitError=*/nullptr)) ||
      failed(ttg::tryToLinearLayout(dstTy.getShape(), dstTy.getEncoding(),
                                    /*emitError=*/nullptr)))
    return 0;
  if (!cvtNeedsSharedMemory(srcTy, dstTy))
    return 0;
  unsigned bitwidth = getScratchBitwidth(srcTy.getElementType());
  return getNumScratchElemsSwizzledCvt(srcTy, dstTy, hasStmatrix) * bitwidth /
         8;
}
