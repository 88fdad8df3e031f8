//===- LinearAlgebraF2.cpp - Gaussian elimination over GF(2) --------------===//
#include "Tools/LinearAlgebraF2.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <utility>

using namespace mlir::triton;

unsigned f2::reduceRowEchelon(llvm::MutableArrayRef<uint64_t> rows,
                              unsigned numCols,
                              llvm::MutableArrayRef<uint64_t> companion) {
  if (numCols > 64)
    llvm::report_fatal_error("f2::reduceRowEchelon: more than 64 columns");
  if (!companion.empty() && companion.size() != rows.size())
    llvm::report_fatal_error("f2::reduceRowEchelon: companion size mismatch");
  bool hasCompanion = !companion.empty();
  unsigned numRows = rows.size();
  unsigned next = 0;
  for (unsigned col = 0; col < numCols && next < numRows; ++col) {
    uint64_t bit = uint64_t(1) << col;
    unsigned pivot = next;
    while (pivot < numRows && !(rows[pivot] & bit))
      ++pivot;
    if (pivot == numRows)
      continue;
    std::swap(rows[next], rows[pivot]);
    if (hasCompanion)
      std::swap(companion[next], companion[pivot]);
    for (unsigned r = 0; r < numRows; ++r) {
      if (r == next || !(rows[r] & bit))
        continue;
      rows[r] ^= rows[next];
      if (hasCompanion)
        companion[r] ^= companion[next];
    }
    ++next;
  }
  return next;
}

unsigned f2::rank(llvm::ArrayRef<uint64_t> rows, unsigned numCols) {
  llvm::SmallVector<uint64_t> copy(rows.begin(), rows.end());
  return reduceRowEchelon(copy, numCols);
}

llvm::SmallVector<unsigned>
f2::pivotColumns(llvm::ArrayRef<uint64_t> rrefRows) {
  llvm::SmallVector<unsigned> pivots;
  for (uint64_t row : rrefRows)
    if (row)
      pivots.push_back(llvm::countr_zero(row));
  return pivots;
}
