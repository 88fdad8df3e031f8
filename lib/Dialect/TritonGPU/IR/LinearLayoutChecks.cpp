//===- LinearLayoutChecks.cpp - which ttg layouts convert to LinearLayouts ===//
//
// verifyLinearLayoutConvertible: the conditions under which toLinearLayout
// (LinearLayoutConversions.cpp) can build a layout's LinearLayout, checked
// up front so that the verifiers reject what the conversion cannot take,
// with the reason, instead of the conversion failing later.
//
//===----------------------------------------------------------------------===//
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LayoutQueries.h"
#include "Tools/LayoutUtils.h"

#include "llvm/Support/MathExtras.h"

#include <string>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// Builds the reason a conversion is refused; empty while all is well.
struct Refusal {
  std::string text;
  llvm::raw_string_ostream os{text};
  explicit operator bool() { return !os.str().empty(); }
};

bool allPowersOfTwo(ArrayRef<unsigned> values) {
  return llvm::all_of(values,
                      [](unsigned v) { return llvm::isPowerOf2_32(v); });
}

bool isPermutation(ArrayRef<unsigned> order, unsigned rank) {
  if (order.size() != rank)
    return false;
  SmallVector<unsigned> sorted(order);
  llvm::sort(sorted);
  for (unsigned i = 0; i < rank; ++i)
    if (sorted[i] != i)
      return false;
  return true;
}

void checkCga(CTAEncodingAttr cga, unsigned rank, Refusal &why) {
  if (!cga) {
    why.os << "layout has no CTA layout";
    return;
  }
  if (cga.getRank() != rank) {
    why.os << "CTA layout of rank " << cga.getRank() << " for a rank-" << rank
           << " tensor";
    return;
  }
  LinearLayout::BasesT bases;
  auto &blockBases = bases[StringAttr::get(cga.getContext(), "block")];
  for (const auto &basis : cga.getBases())
    blockBases.emplace_back(basis.begin(), basis.end());
  std::string error;
  if (!LinearLayout::tryCreate(std::move(bases),
                               standardOutDimNames(cga.getContext(), rank),
                               /*requireSurjective=*/false, &error))
    why.os << "invalid CTA layout: " << error;
}

void check(ArrayRef<int64_t> shape, Attribute layout, Refusal &why);

void checkDistributedRank(unsigned layoutRank, unsigned rank, Refusal &why) {
  if (layoutRank != rank)
    why.os << "layout of rank " << layoutRank << " for a rank-" << rank
           << " tensor";
}

void checkMma(NvidiaMmaEncodingAttr mma, unsigned rank, Refusal &why) {
  ArrayRef<unsigned> instr = mma.getInstrShape();
  checkDistributedRank(mma.getWarpsPerCTA().size(), rank, why);
  if (why)
    return;
  if (!allPowersOfTwo(mma.getWarpsPerCTA()))
    why.os << "warpsPerCTA must be powers of two";
  else if (mma.isAmpere()) {
    if (rank < 2 || instr.size() != rank || instr[rank - 2] != 16 ||
        instr[rank - 1] != 8)
      why.os << "mma v2 needs instrShape [.., 16, 8] of the tensor's rank";
  } else if (mma.isHopper()) {
    size_t n = instr.size();
    if (rank < 2 || rank > 3 || (n != 3 && n != rank + 1) ||
        instr[n - 3] != 16 || instr[n - 2] < 8 ||
        !llvm::isPowerOf2_32(instr[n - 2]))
      why.os << "mma v3 needs a rank-2 or rank-3 tensor and instrShape "
                "[(B,) 16, N, K] with N a power of two >= 8";
  } else {
    why.os << "mma version " << mma.getVersionMajor() << " is not supported";
  }
}

void checkDot(ArrayRef<int64_t> shape, DotOperandEncodingAttr dot,
              Refusal &why) {
  unsigned rank = shape.size();
  if (dot.getOpIdx() > 1) {
    why.os << "opIdx must be 0 or 1";
    return;
  }
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(dot.getParent())) {
    check(shape, blocked, why);
    if (!why && rank < 2)
      why.os << "a dot operand has rank 2 or more";
    return;
  }
  auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dot.getParent());
  if (!mma) {
    why.os << "dot operand of " << dot.getParent() << " is not supported";
    return;
  }
  checkMma(mma, rank, why);
  if (why)
    return;
  if (dot.getKWidth() == 0 || !llvm::isPowerOf2_32(dot.getKWidth()))
    why.os << "kWidth must be a power of two";
  else if (mma.isHopper() && dot.getOpIdx() != 0)
    why.os << "wgmma takes operand B from shared memory, not registers";
  else
    checkCga(mma.getCTALayout(), rank, why);
}

void checkNvmma(ArrayRef<int64_t> shape, NVMMASharedEncodingAttr shared,
                Refusal &why) {
  unsigned rank = shape.size();
  unsigned swizzle = shared.getSwizzlingByteWidth();
  unsigned bits = shared.getElementBitWidth();
  if (!llvm::is_contained({0u, 32u, 64u, 128u}, swizzle)) {
    why.os << "swizzlingByteWidth must be 0, 32, 64 or 128";
    return;
  }
  if (!llvm::is_contained({8u, 16u, 32u, 64u}, bits)) {
    why.os << "elementBitWidth must be 8, 16, 32 or 64";
    return;
  }
  if (swizzle != 0 && rank < 2) {
    why.os << "a swizzled nvmma_shared buffer has rank 2 or more";
    return;
  }
  checkCga(shared.getCTALayout(), rank, why);
  if (why)
    return;
  SmallVector<int64_t> perCTA =
      getShapePerCTA(shared.getCTALayout().getCTASplitNum(), shape);
  SmallVector<int64_t> tma =
      getTMABlockShape(perCTA, bits, swizzle, shared.getFp4Padded(),
                       shared.getTransposed(), /*packedSize=*/true);
  if (tma.empty()) {
    why.os << "the contiguous dim is narrower than one " << swizzle
           << "-byte swizzle row";
    return;
  }
  if (swizzle == 0)
    return;
  int64_t rows = 1;
  for (int64_t size : ArrayRef<int64_t>(tma).drop_back())
    rows *= size;
  int64_t cols = tma.back();
  if (shared.getTransposed())
    std::swap(rows, cols);
  int64_t tileCols = 8 * swizzle / bits / (shared.getFp4Padded() ? 2 : 1);
  if (rows < 8 || cols * (shared.getFp4Padded() ? 2 : 1) < tileCols)
    why.os << "the buffer is smaller than one 8-row swizzle tile";
}

void check(ArrayRef<int64_t> shape, Attribute layout, Refusal &why) {
  unsigned rank = shape.size();
  if (!layout) {
    why.os << "no layout";
    return;
  }
  for (int64_t size : shape) {
    if (size <= 0 || size > (int64_t(1) << 30) || !llvm::isPowerOf2_64(size)) {
      why.os << "shape sizes must be powers of two";
      return;
    }
  }
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(layout)) {
    checkDistributedRank(blocked.getOrder().size(), rank, why);
    if (!why && (!allPowersOfTwo(blocked.getSizePerThread()) ||
                 !allPowersOfTwo(blocked.getThreadsPerWarp()) ||
                 !allPowersOfTwo(blocked.getWarpsPerCTA()) ||
                 blocked.getSizePerThread().size() != rank ||
                 blocked.getThreadsPerWarp().size() != rank ||
                 blocked.getWarpsPerCTA().size() != rank ||
                 !isPermutation(blocked.getOrder(), rank)))
      why.os << "malformed blocked layout";
    if (!why)
      checkCga(blocked.getCTALayout(), rank, why);
  } else if (auto slice = dyn_cast<SliceEncodingAttr>(layout)) {
    if (slice.getDim() > rank) {
      why.os << "slice dim " << slice.getDim() << " out of range";
      return;
    }
    SmallVector<int64_t> parentShape(shape);
    parentShape.insert(parentShape.begin() + slice.getDim(), 1);
    check(parentShape, slice.getParent(), why);
  } else if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(layout)) {
    checkMma(mma, rank, why);
    if (!why)
      checkCga(mma.getCTALayout(), rank, why);
  } else if (auto dot = dyn_cast<DotOperandEncodingAttr>(layout)) {
    checkDot(shape, dot, why);
  } else if (auto shared = dyn_cast<SwizzledSharedEncodingAttr>(layout)) {
    if (rank == 0 || !isPermutation(shared.getOrder(), rank))
      why.os << "order must be a permutation of the tensor's dims";
    else if (shared.getVec() == 0 || shared.getPerPhase() == 0 ||
             shared.getMaxPhase() == 0)
      why.os << "vec, perPhase and maxPhase must be positive";
    else
      checkCga(shared.getCTALayout(), rank, why);
  } else if (auto shared = dyn_cast<NVMMASharedEncodingAttr>(layout)) {
    checkNvmma(shape, shared, why);
  } else if (isa<LinearEncodingAttr, SharedLinearEncodingAttr,
                 PaddedSharedEncodingAttr>(layout)) {
    const LinearLayout &ll =
        isa<LinearEncodingAttr>(layout)
            ? cast<LinearEncodingAttr>(layout).getLinearLayout()
        : isa<SharedLinearEncodingAttr>(layout)
            ? cast<SharedLinearEncodingAttr>(layout).getLinearLayout()
            : cast<PaddedSharedEncodingAttr>(layout).getLinearComponent();
    if (unsigned(ll.getNumOutDims()) != rank)
      why.os << "a linear layout with " << ll.getNumOutDims()
             << " dimensions for a rank-" << rank << " tensor";
  } else {
    why.os << "no linear layout for " << layout;
  }
}

} // namespace

LogicalResult gpu::verifyLinearLayoutConvertible(
    ArrayRef<int64_t> shape, Attribute layout,
    function_ref<InFlightDiagnostic()> emitError) {
  Refusal why;
  check(shape, layout, why);
  if (!why)
    return success();
  if (emitError)
    emitError() << "cannot convert the layout to a linear layout: "
                << why.os.str();
  return failure();
}
