//===- LayoutUtils.cpp - building blocks for layout conversions ----------===//
#include "Tools/LayoutUtils.h"
#include "LinearLayoutUtils.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;

SmallVector<StringAttr> mlir::triton::standardOutDimNames(MLIRContext *ctx,
                                                          int rank) {
  SmallVector<StringAttr> names;
  for (int i = 0; i < rank; ++i)
    names.push_back(StringAttr::get(ctx, "dim" + Twine(i)));
  return names;
}

SmallVector<std::pair<StringAttr, int32_t>>
mlir::triton::standardOutDimPairs(MLIRContext *ctx, ArrayRef<int64_t> shape) {
  SmallVector<std::pair<StringAttr, int32_t>> pairs;
  for (auto [name, size] :
       llvm::zip(standardOutDimNames(ctx, shape.size()), shape))
    pairs.push_back({name, int32_t(size)});
  return pairs;
}

LinearLayout mlir::triton::identityStandardND(StringAttr inDim,
                                              ArrayRef<unsigned> shape,
                                              ArrayRef<unsigned> order) {
  if (shape.size() != order.size())
    lldetail::fatal("identityStandardND: shape and order differ in rank");
  SmallVector<StringAttr> names =
      standardOutDimNames(inDim.getContext(), shape.size());
  LinearLayout layout;
  for (unsigned dim : order)
    layout *= LinearLayout::identity1D(shape[dim], inDim, names[dim]);
  return layout;
}

LinearLayout mlir::triton::ensureLayoutNotLargerThan(
    const LinearLayout &layout,
    const llvm::SmallDenseMap<StringAttr, int64_t> &shape,
    bool broadcastRegisters) {
  if (layout.getNumInDims() == 0)
    return layout;
  MLIRContext *ctx = layout.getInDimNames().begin()->getContext();
  StringAttr kRegister = StringAttr::get(ctx, "register");
  LinearLayout::BasesT bases = layout.getBases();
  LinearLayout::DimValues outDims;
  for (auto [outIdx, entry] : llvm::enumerate(layout.getOutDims())) {
    auto [name, size] = entry;
    auto it = shape.find(name);
    if (it == shape.end())
      lldetail::fatal("ensureLayoutNotLargerThan: no size for '" + name.str() +
                      "'");
    int64_t desired = it->second;
    if (desired <= 0 || !llvm::isPowerOf2_64(desired))
      lldetail::fatal("ensureLayoutNotLargerThan: size of '" + name.str() +
                      "' is not a power of two");
    outDims.push_back({name, int32_t(std::min<int64_t>(size, desired))});
    if (size <= desired)
      continue;
    for (auto &dimBases : llvm::make_second_range(bases))
      for (auto &basis : dimBases)
        basis[outIdx] &= int32_t(desired - 1);
  }
  if (!broadcastRegisters && bases.contains(kRegister)) {
    // Drop the register bases that only became zero through the shrinking.
    const auto &oldBases = layout.getBases().find(kRegister)->second;
    std::vector<std::vector<int32_t>> kept;
    for (auto [oldBasis, newBasis] : llvm::zip(oldBases, bases[kRegister])) {
      bool nowZero = llvm::all_of(newBasis, [](int32_t v) { return v == 0; });
      bool wasZero = llvm::all_of(oldBasis, [](int32_t v) { return v == 0; });
      if (!nowZero || wasZero)
        kept.push_back(newBasis);
    }
    bases[kRegister] = std::move(kept);
  }
  return LinearLayout(std::move(bases), outDims, /*requireSurjective=*/false);
}

LinearLayout mlir::triton::ensureLayoutNotSmallerThan(
    const LinearLayout &layout,
    const llvm::SmallDenseMap<StringAttr, int64_t> &shape) {
  if (layout.getNumInDims() == 0)
    lldetail::fatal("ensureLayoutNotSmallerThan: layout has no in-dims");
  StringAttr first = *layout.getInDimNames().begin();
  LinearLayout result = layout;
  for (auto [name, size] : layout.getOutDims()) {
    auto it = shape.find(name);
    if (it == shape.end())
      lldetail::fatal("ensureLayoutNotSmallerThan: no size for '" + name.str() +
                      "'");
    int64_t desired = it->second;
    if (desired <= 0 || !llvm::isPowerOf2_64(desired))
      lldetail::fatal("ensureLayoutNotSmallerThan: size of '" + name.str() +
                      "' is not a power of two");
    if (desired > size)
      result *= LinearLayout::identity1D(int32_t(desired / size), first, name);
  }
  return result;
}

LinearLayout
mlir::triton::ensureLayoutNotSmallerThan(const LinearLayout &layout,
                                         ArrayRef<StringAttr> dimNames,
                                         ArrayRef<int64_t> shape) {
  llvm::SmallDenseMap<StringAttr, int64_t> named;
  for (auto [name, size] : llvm::zip(dimNames, shape))
    named[name] = size;
  return ensureLayoutNotSmallerThan(layout, named);
}

LinearLayout mlir::triton::reshapeLayout(MLIRContext *ctx,
                                         const LinearLayout &layout,
                                         ArrayRef<int64_t> shape) {
  // Flatten with the last dim minor: reverse the dims, reshape, reverse back.
  SmallVector<StringAttr> reversedOuts =
      llvm::to_vector(llvm::reverse(layout.getOutDimNames()));
  SmallVector<std::pair<StringAttr, int32_t>> newOuts =
      standardOutDimPairs(ctx, shape);
  std::reverse(newOuts.begin(), newOuts.end());
  return layout.transposeOuts(reversedOuts)
      .reshapeOuts(newOuts)
      .transposeOuts(standardOutDimNames(ctx, shape.size()));
}

LinearLayout mlir::triton::transposeLinearLayout(const LinearLayout &layout,
                                                 ArrayRef<int> order) {
  if (order.size() != size_t(layout.getNumOutDims()))
    lldetail::fatal("transposeLinearLayout: order has the wrong rank");
  LinearLayout::BasesT bases = layout.getBases();
  for (auto &dimBases : llvm::make_second_range(bases)) {
    for (auto &basis : dimBases) {
      std::vector<int32_t> permuted;
      for (int i : order)
        permuted.push_back(basis[i]);
      basis = std::move(permuted);
    }
  }
  SmallVector<StringAttr> names = llvm::to_vector(layout.getOutDimNames());
  auto result =
      LinearLayout::tryCreate(std::move(bases), names, /*requireSurjective=*/
                              false);
  if (!result)
    lldetail::fatal("transposeLinearLayout: invalid result");
  return *result;
}

LinearLayout mlir::triton::zerosLike(const LinearLayout &layout) {
  LinearLayout::BasesT bases = layout.getBases();
  for (auto &dimBases : llvm::make_second_range(bases))
    for (auto &basis : dimBases)
      std::fill(basis.begin(), basis.end(), 0);
  return LinearLayout(std::move(bases), layout.getOutDims(),
                      /*requireSurjective=*/false);
}
