//===- LinearLayoutSolve.cpp - inverses, division, free variables ---------===//
//
// The LinearLayout operations that solve linear systems over GF(2).
//
//===----------------------------------------------------------------------===//
#include "LinearLayoutUtils.h"
#include "Tools/LinearAlgebraF2.h"
#include "Tools/LinearLayout.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lldetail;

llvm::MapVector<StringAttr, int32_t>
LinearLayout::getFreeVariableMasks() const {
  SmallVector<uint64_t> rows = getMatrix(*this);
  f2::reduceRowEchelon(rows, getTotalInDimSizeLog2());
  uint64_t pivots = 0;
  for (unsigned col : f2::pivotColumns(rows))
    pivots |= uint64_t(1) << col;
  llvm::MapVector<StringAttr, int32_t> masks;
  unsigned col = 0;
  for (const auto &[inDim, dimBases] : bases) {
    int32_t mask = 0;
    for (unsigned i = 0; i < dimBases.size(); ++i, ++col)
      if (!((pivots >> col) & 1))
        mask |= 1 << i;
    masks[inDim] = mask;
  }
  return masks;
}

/// Solves A X = B for X, where A and B have the same output dimensions in
/// the same order: X maps B's inputs to A's inputs with A(X(x)) = B(x). Free
/// variables are set to zero (the solution with the fewest bits set).
/// Returns nullopt when some column of B is outside the image of A.
static std::optional<LinearLayout> solve(const LinearLayout &A,
                                         const LinearLayout &B) {
  SmallVector<uint64_t> rowsA = getMatrix(A);
  SmallVector<uint64_t> rowsB = getMatrix(B);
  int32_t colsA = A.getTotalInDimSizeLog2();
  int32_t colsB = B.getTotalInDimSizeLog2();
  unsigned rankA = f2::reduceRowEchelon(rowsA, colsA, rowsB);
  for (unsigned r = rankA; r < rowsB.size(); ++r)
    if (rowsB[r])
      return std::nullopt;
  // X's row p (input bit p of A) is B's reduced row for pivot column p.
  SmallVector<uint64_t> rowsX(colsA, 0);
  for (auto [r, pivot] : llvm::enumerate(f2::pivotColumns(rowsA)))
    rowsX[pivot] = rowsB[r];
  // Column c of X is the flat A-input reached from B-input bit c.
  SmallVector<uint64_t> columns(colsB, 0);
  for (int32_t c = 0; c < colsB; ++c)
    for (int32_t p = 0; p < colsA; ++p)
      columns[c] |= ((rowsX[p] >> c) & 1) << p;
  return fromFlatColumns(B.getInDims(), A.getInDims(), columns);
}

LinearLayout LinearLayout::invertAndCompose(const LinearLayout &outer) const {
  SmallVector<StringAttr> outNames = llvm::to_vector(getOutDimNames());
  if (!sameNameSet(outNames, llvm::to_vector(outer.getOutDimNames())))
    fatal("invertAndCompose: out-dims " + joinNames(outNames) + " and " +
          joinNames(llvm::to_vector(outer.getOutDimNames())) + " differ");
  const LinearLayout &B = *this;
  LinearLayout A = outer.transposeOuts(outNames);
  if (A.getOutDims() != B.getOutDims())
    fatal("invertAndCompose: out-dim sizes differ");
  if (!A.isSurjective())
    fatal("invertAndCompose: the outer layout is not surjective");

  // In-dims on which both layouts agree map to themselves; solving for them
  // too could send e.g. every warp of a broadcast layout to warp 0.
  SmallVector<StringAttr> identityDims, otherInsA, otherInsB;
  for (StringAttr dim : A.getInDimNames()) {
    if (B.hasInDim(dim) &&
        A.sublayout({dim}, outNames) == B.sublayout({dim}, outNames))
      identityDims.push_back(dim);
    else
      otherInsA.push_back(dim);
  }
  for (StringAttr dim : B.getInDimNames())
    if (!llvm::is_contained(identityDims, dim))
      otherInsB.push_back(dim);

  std::optional<LinearLayout> result =
      solve(A.sublayout(otherInsA, outNames), B.sublayout(otherInsB, outNames));
  if (result) {
    for (StringAttr dim : identityDims)
      *result *= identity1D(A.getInDimSize(dim), dim, dim);
  } else {
    // The agreeing dims were needed to reach part of B: solve it whole.
    result = solve(A, B);
  }
  if (!result)
    fatal("invertAndCompose: no solution although the outer layout is "
          "surjective");
  return result->transposeIns(llvm::to_vector(B.getInDimNames()))
      .transposeOuts(llvm::to_vector(A.getInDimNames()));
}

LinearLayout LinearLayout::pseudoinvert() const {
  if (!isSurjective())
    fatal("pseudoinvert: the layout is not surjective");
  LinearLayout identity;
  for (auto [name, size] : outDims)
    identity *= identity1D(size, name, name);
  return identity.invertAndCompose(*this);
}

LinearLayout LinearLayout::invert() const {
  if (!isInvertible())
    fatal("invert: the layout is not invertible");
  return pseudoinvert();
}

/// Whether `prod` equals `A` up to the order of dimensions; both have the
/// same dimension names.
static bool equalUpToDimOrder(const LinearLayout &prod, const LinearLayout &A) {
  if (!sameNameSet(llvm::to_vector(prod.getInDimNames()),
                   llvm::to_vector(A.getInDimNames())) ||
      !sameNameSet(llvm::to_vector(prod.getOutDimNames()),
                   llvm::to_vector(A.getOutDimNames())))
    return false;
  return prod.transposeIns(llvm::to_vector(A.getInDimNames()))
             .transposeOuts(llvm::to_vector(A.getOutDimNames())) == A;
}

/// Whether the names `b` has in common with `a` are in the same order.
static bool sameRelativeOrder(ArrayRef<StringAttr> a, ArrayRef<StringAttr> b) {
  SmallVector<StringAttr> commonA, commonB;
  for (StringAttr name : a)
    if (llvm::is_contained(b, name))
      commonA.push_back(name);
  for (StringAttr name : b)
    if (llvm::is_contained(a, name))
      commonB.push_back(name);
  return commonA == commonB;
}

/// Shared checks and the output sizes of C for A = B * C or A = C * B: B's
/// dims must be among A's, in the same order, and no larger.
static std::optional<LinearLayout::DimValues>
quotientOutDims(const LinearLayout &A, const LinearLayout &B) {
  SmallVector<StringAttr> insA = llvm::to_vector(A.getInDimNames());
  SmallVector<StringAttr> outsA = llvm::to_vector(A.getOutDimNames());
  for (StringAttr dim : B.getInDimNames())
    if (!A.hasInDim(dim) || A.getInDimSize(dim) < B.getInDimSize(dim))
      return std::nullopt;
  for (StringAttr dim : B.getOutDimNames())
    if (!A.hasOutDim(dim) || A.getOutDimSize(dim) < B.getOutDimSize(dim))
      return std::nullopt;
  if (!sameRelativeOrder(insA, llvm::to_vector(B.getInDimNames())) ||
      !sameRelativeOrder(outsA, llvm::to_vector(B.getOutDimNames())))
    return std::nullopt;
  LinearLayout::DimValues outs;
  for (auto [name, size] : A.getOutDims())
    outs.push_back(
        {name, B.hasOutDim(name) ? size / B.getOutDimSize(name) : size});
  return outs;
}

std::optional<LinearLayout> mlir::triton::divideLeft(const LinearLayout &A,
                                                     const LinearLayout &B) {
  // A = B * C: B owns the low bases of each in-dim and the low bits of each
  // out-dim; C's bases are A's remaining ones shifted down.
  std::optional<LinearLayout::DimValues> outsC = quotientOutDims(A, B);
  if (!outsC)
    return std::nullopt;
  LinearLayout::BasesT basesC;
  for (const auto &[inDim, dimBases] : A.getBases()) {
    size_t skip = B.hasInDim(inDim) ? B.getInDimSizeLog2(inDim) : 0;
    auto &dimBasesC = basesC[inDim];
    for (const auto &basis : llvm::drop_begin(dimBases, skip)) {
      std::vector<int32_t> shifted;
      for (auto [value, outDim] : llvm::zip(basis, A.getOutDimNames()))
        shifted.push_back(
            value >> (B.hasOutDim(outDim) ? B.getOutDimSizeLog2(outDim) : 0));
      dimBasesC.push_back(std::move(shifted));
    }
  }
  LinearLayout C(std::move(basesC), *outsC, /*requireSurjective=*/false);
  if (!equalUpToDimOrder(B * C, A))
    return std::nullopt;
  return C;
}

std::optional<LinearLayout> mlir::triton::divideRight(const LinearLayout &A,
                                                      const LinearLayout &B) {
  // A = C * B: C owns the low bases and low bits; B's part sits on top.
  std::optional<LinearLayout::DimValues> outsC = quotientOutDims(A, B);
  if (!outsC)
    return std::nullopt;
  LinearLayout::BasesT basesC;
  for (const auto &[inDim, dimBases] : A.getBases()) {
    size_t keep =
        dimBases.size() - (B.hasInDim(inDim) ? B.getInDimSizeLog2(inDim) : 0);
    auto &dimBasesC = basesC[inDim];
    for (const auto &basis : llvm::ArrayRef(dimBases).take_front(keep)) {
      for (auto [value, outDim] : llvm::zip(basis, *outsC))
        if (value >= outDim.second)
          return std::nullopt;
      dimBasesC.push_back(basis);
    }
  }
  LinearLayout C(std::move(basesC), *outsC, /*requireSurjective=*/false);
  if (!equalUpToDimOrder(C * B, A))
    return std::nullopt;
  return C;
}
