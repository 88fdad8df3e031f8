//===- LinearLayoutTransforms.cpp - reshapes, slices, products, compose ---===//
#include "LinearLayoutUtils.h"
#include "Tools/LinearLayout.h"

#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lldetail;

LinearLayout
LinearLayout::transposeIns(ArrayRef<StringAttr> newInDimOrder) const {
  if (!sameNameSet(newInDimOrder, llvm::to_vector(getInDimNames())))
    fatal("transposeIns: " + joinNames(newInDimOrder) +
          " is not a permutation of " +
          joinNames(llvm::to_vector(getInDimNames())));
  BasesT newBases;
  for (StringAttr name : newInDimOrder)
    newBases[name] = bases.find(name)->second;
  return LinearLayout(std::move(newBases), getOutDims(),
                      /*requireSurjective=*/false);
}

LinearLayout
LinearLayout::transposeOuts(ArrayRef<StringAttr> newOutDimOrder) const {
  if (!sameNameSet(newOutDimOrder, llvm::to_vector(getOutDimNames())))
    fatal("transposeOuts: " + joinNames(newOutDimOrder) +
          " is not a permutation of " +
          joinNames(llvm::to_vector(getOutDimNames())));
  SmallVector<int32_t> permutation;
  DimValues newOutDims;
  for (StringAttr name : newOutDimOrder) {
    permutation.push_back(getOutDimIndex(name));
    newOutDims.push_back({name, outDims.find(name)->second});
  }
  BasesT newBases;
  for (const auto &[inDim, dimBases] : bases) {
    auto &newDimBases = newBases[inDim];
    for (const auto &basis : dimBases) {
      std::vector<int32_t> permuted;
      for (int32_t idx : permutation)
        permuted.push_back(basis[idx]);
      newDimBases.push_back(std::move(permuted));
    }
  }
  return LinearLayout(std::move(newBases), newOutDims,
                      /*requireSurjective=*/false);
}

/// Sum of log2 of the sizes; fatal unless every size is a power of two.
static int32_t totalLog2(ArrayRef<std::pair<StringAttr, int32_t>> dims,
                         StringRef what) {
  int32_t total = 0;
  for (auto [name, size] : dims) {
    if (size <= 0 || !llvm::isPowerOf2_32(size))
      fatal(Twine(what) + ": size " + Twine(size) + " of '" + name.str() +
            "' is not a power of two");
    total += llvm::Log2_32(size);
  }
  return total;
}

LinearLayout LinearLayout::reshapeIns(
    ArrayRef<std::pair<StringAttr, int32_t>> newInDims) const {
  if (totalLog2(newInDims, "reshapeIns") != getTotalInDimSizeLog2())
    fatal("reshapeIns: total input size changes");
  std::vector<std::vector<int32_t>> flat;
  for (const auto &entry : bases)
    llvm::append_range(flat, entry.second);
  BasesT newBases;
  size_t next = 0;
  for (auto [name, size] : newInDims) {
    if (newBases.contains(name))
      fatal("reshapeIns: duplicate in-dim '" + name.str() + "'");
    auto &dimBases = newBases[name];
    for (unsigned i = 0, e = llvm::Log2_32(size); i < e; ++i)
      dimBases.push_back(flat[next++]);
  }
  return LinearLayout(std::move(newBases), getOutDims(),
                      /*requireSurjective=*/false);
}

LinearLayout LinearLayout::reshapeOuts(
    ArrayRef<std::pair<StringAttr, int32_t>> newOutDims) const {
  if (totalLog2(newOutDims, "reshapeOuts") != getTotalOutDimSizeLog2())
    fatal("reshapeOuts: total output size changes");
  DimValues oldOutDims = getOutDims();
  SmallVector<uint64_t> columns;
  for (const auto &entry : bases) {
    for (const auto &basis : entry.second) {
      uint64_t flat = 0, shift = 0;
      for (auto [value, dim] : llvm::zip(basis, oldOutDims)) {
        flat |= uint64_t(value) << shift;
        shift += llvm::Log2_32(dim.second);
      }
      columns.push_back(flat);
    }
  }
  return fromFlatColumns(getInDims(), newOutDims, columns);
}

LinearLayout LinearLayout::flattenIns() const {
  if (bases.empty())
    return *this;
  return reshapeIns({{*getInDimNames().begin(), getTotalInDimSize()}});
}

LinearLayout LinearLayout::flattenOuts() const {
  if (outDims.empty())
    return *this;
  return reshapeOuts({{*getOutDimNames().begin(), getTotalOutDimSize()}});
}

LinearLayout LinearLayout::sublayout(ArrayRef<StringAttr> inDimNames,
                                     ArrayRef<StringAttr> outDimNames) const {
  for (StringAttr name : inDimNames)
    if (!hasInDim(name))
      fatal("sublayout: no in-dim '" + name.str() + "'");
  for (StringAttr name : outDimNames)
    if (!hasOutDim(name))
      fatal("sublayout: no out-dim '" + name.str() + "'");
  SmallVector<int32_t> keptOuts;
  DimValues newOutDims;
  for (auto [idx, entry] : llvm::enumerate(outDims)) {
    if (llvm::is_contained(outDimNames, entry.first)) {
      keptOuts.push_back(idx);
      newOutDims.push_back(entry);
    }
  }
  BasesT newBases;
  for (const auto &[inDim, dimBases] : bases) {
    if (!llvm::is_contained(inDimNames, inDim))
      continue;
    auto &newDimBases = newBases[inDim];
    for (const auto &basis : dimBases) {
      std::vector<int32_t> kept;
      for (int32_t idx : keptOuts)
        kept.push_back(basis[idx]);
      newDimBases.push_back(std::move(kept));
    }
  }
  return LinearLayout(std::move(newBases), newOutDims,
                      /*requireSurjective=*/false);
}

std::optional<LinearLayout>
LinearLayout::quotient(ArrayRef<StringAttr> dimNames) const {
  if (!isTrivialOver(dimNames))
    return std::nullopt;
  SmallVector<StringAttr> ins, outs;
  for (StringAttr name : getInDimNames())
    if (!llvm::is_contained(dimNames, name))
      ins.push_back(name);
  for (StringAttr name : getOutDimNames())
    if (!llvm::is_contained(dimNames, name))
      outs.push_back(name);
  return sublayout(ins, outs);
}

LinearLayout LinearLayout::resize(StringAttr inDim, int32_t newSize) const {
  if (newSize <= 0 || !llvm::isPowerOf2_32(newSize) ||
      newSize < getInDimSize(inDim))
    fatal("resize: new size " + Twine(newSize) + " of '" + inDim.str() +
          "' is not a power of two at least the current size");
  BasesT newBases = bases;
  auto &dimBases = newBases[inDim];
  while (dimBases.size() < llvm::Log2_32(newSize))
    dimBases.push_back(std::vector<int32_t>(outDims.size(), 0));
  return LinearLayout(std::move(newBases), getOutDims(),
                      /*requireSurjective=*/false);
}

LinearLayout LinearLayout::removeZeroBasesAlongDim(StringAttr inDim) const {
  if (!hasInDim(inDim))
    fatal("removeZeroBasesAlongDim: no in-dim '" + inDim.str() + "'");
  BasesT newBases = bases;
  llvm::erase_if(newBases[inDim], [](const std::vector<int32_t> &basis) {
    return llvm::all_of(basis, [](int32_t v) { return v == 0; });
  });
  return LinearLayout(std::move(newBases), getOutDims(),
                      /*requireSurjective=*/false);
}

LinearLayout LinearLayout::concatIns(const LinearLayout &other) const {
  if (getOutDims() != other.getOutDims())
    fatal("concatIns: layouts have different out-dims");
  BasesT newBases = bases;
  for (const auto &[inDim, dimBases] : other.bases) {
    if (newBases.contains(inDim))
      fatal("concatIns: in-dim '" + inDim.str() + "' is in both layouts");
    newBases[inDim] = dimBases;
  }
  return LinearLayout(std::move(newBases), getOutDims(),
                      /*requireSurjective=*/false);
}

LinearLayout LinearLayout::concatOuts(const LinearLayout &other) const {
  if (getInDims() != other.getInDims())
    fatal("concatOuts: layouts have different in-dims");
  DimValues newOutDims = getOutDims();
  for (auto entry : other.outDims) {
    if (hasOutDim(entry.first))
      fatal("concatOuts: out-dim '" + entry.first.str() +
            "' is in both layouts");
    newOutDims.push_back(entry);
  }
  BasesT newBases;
  for (const auto &[inDim, dimBases] : bases) {
    auto &newDimBases = newBases[inDim];
    const auto &otherBases = other.bases.find(inDim)->second;
    for (auto [mine, theirs] : llvm::zip(dimBases, otherBases)) {
      std::vector<int32_t> joined = mine;
      llvm::append_range(joined, theirs);
      newDimBases.push_back(std::move(joined));
    }
  }
  return LinearLayout(std::move(newBases), newOutDims,
                      /*requireSurjective=*/false);
}

/// Fatal unless the names common to `a` and `b` appear in the same relative
/// order in both.
static void checkCommonOrder(ArrayRef<StringAttr> a, ArrayRef<StringAttr> b,
                             StringRef what) {
  SmallVector<StringAttr> commonA, commonB;
  for (StringAttr name : a)
    if (llvm::is_contained(b, name))
      commonA.push_back(name);
  for (StringAttr name : b)
    if (llvm::is_contained(a, name))
      commonB.push_back(name);
  if (commonA != commonB)
    fatal(Twine("operator*: common ") + what + " appear in different orders: " +
          joinNames(a) + " and " + joinNames(b));
}

LinearLayout mlir::triton::operator*(LinearLayout inner, LinearLayout outer) {
  SmallVector<StringAttr> innerIns = llvm::to_vector(inner.getInDimNames());
  SmallVector<StringAttr> outerIns = llvm::to_vector(outer.getInDimNames());
  SmallVector<StringAttr> innerOuts = llvm::to_vector(inner.getOutDimNames());
  SmallVector<StringAttr> outerOuts = llvm::to_vector(outer.getOutDimNames());
  checkCommonOrder(innerIns, outerIns, "in-dims");
  checkCommonOrder(innerOuts, outerOuts, "out-dims");

  // Inner's dims first, then those only outer has; log2 sizes add up.
  llvm::MapVector<StringAttr, int32_t> inLog2, outLog2;
  for (const LinearLayout *layout : {&inner, &outer}) {
    for (StringAttr name : layout->getInDimNames())
      inLog2[name] += layout->getInDimSizeLog2(name);
    for (StringAttr name : layout->getOutDimNames())
      outLog2[name] += layout->getOutDimSizeLog2(name);
  }

  LinearLayout::BasesT newBases;
  for (auto [inDim, sizeLog2] : inLog2) {
    auto &dimBases = newBases[inDim];
    dimBases.assign(sizeLog2, std::vector<int32_t>(outLog2.size(), 0));
    int32_t innerBits =
        inner.hasInDim(inDim) ? inner.getInDimSizeLog2(inDim) : 0;
    for (auto [outIdx, entry] : llvm::enumerate(outLog2)) {
      StringAttr outDim = entry.first;
      if (inner.hasInDim(inDim) && inner.hasOutDim(outDim))
        for (int32_t i = 0; i < innerBits; ++i)
          dimBases[i][outIdx] = inner.getBasis(inDim, i, outDim);
      if (outer.hasInDim(inDim) && outer.hasOutDim(outDim)) {
        int32_t shift =
            inner.hasOutDim(outDim) ? inner.getOutDimSizeLog2(outDim) : 0;
        for (int32_t i = 0, e = outer.getInDimSizeLog2(inDim); i < e; ++i)
          dimBases[innerBits + i][outIdx] = outer.getBasis(inDim, i, outDim)
                                            << shift;
      }
    }
  }
  LinearLayout::DimValues newOutDims;
  for (auto [name, sizeLog2] : outLog2) {
    if (sizeLog2 > 30)
      fatal("operator*: out-dim '" + name.str() + "' larger than 2^30");
    newOutDims.push_back({name, int32_t(1) << sizeLog2});
  }
  return LinearLayout(std::move(newBases), newOutDims,
                      /*requireSurjective=*/false);
}

LinearLayout LinearLayout::compose(const LinearLayout &outer) const {
  SmallVector<StringAttr> myOuts = llvm::to_vector(getOutDimNames());
  if (!sameNameSet(myOuts, llvm::to_vector(outer.getInDimNames())))
    fatal("compose: out-dims " + joinNames(myOuts) +
          " are not the in-dims of the outer layout " +
          joinNames(llvm::to_vector(outer.getInDimNames())));
  for (StringAttr name : myOuts)
    if (getOutDimSize(name) > outer.getInDimSize(name))
      fatal("compose: out-dim '" + name.str() +
            "' is larger than the outer layout's in-dim");
  BasesT newBases;
  for (const auto &[inDim, dimBases] : bases) {
    auto &newDimBases = newBases[inDim];
    for (const auto &basis : dimBases) {
      DimValues point;
      for (auto [name, value] : llvm::zip(myOuts, basis))
        point.push_back({name, value});
      std::vector<int32_t> image;
      for (auto entry : outer.apply(point))
        image.push_back(entry.second);
      newDimBases.push_back(std::move(image));
    }
  }
  return LinearLayout(std::move(newBases), outer.getOutDims(),
                      /*requireSurjective=*/false);
}
