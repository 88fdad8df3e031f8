//===- LinearAlgebraF2.h - bit-matrix algebra over GF(2) --------*- C++ -*-===//
//
// Gaussian elimination over the two-element field, on matrices whose rows are
// 64-bit masks (column c of a row is bit c). LinearLayout is built on these.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_TOOLS_LINEARALGEBRAF2_H
#define TRITON_TOOLS_LINEARALGEBRAF2_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace mlir::triton::f2 {

/// Brings `rows` (each a mask of at most `numCols` <= 64 columns) to reduced
/// row echelon form in place and returns the rank. Afterwards the first
/// `rank` rows are the nonzero ones; row i has its pivot (lowest set bit) in
/// a column no other row has set, and pivots increase with i. Rows past the
/// rank are zero.
///
/// `companion`, when not empty, must have as many entries as `rows`; every
/// row operation (swap, xor of one row into another) is applied to it too.
/// This solves A X = B with A in `rows` and B in `companion` without
/// concatenating the two into one word.
unsigned reduceRowEchelon(llvm::MutableArrayRef<uint64_t> rows,
                          unsigned numCols,
                          llvm::MutableArrayRef<uint64_t> companion = {});

/// The rank of the matrix `rows` with `numCols` columns.
unsigned rank(llvm::ArrayRef<uint64_t> rows, unsigned numCols);

/// The pivot columns of a matrix in reduced row echelon form (the lowest set
/// bit of each nonzero row), in increasing order.
llvm::SmallVector<unsigned> pivotColumns(llvm::ArrayRef<uint64_t> rrefRows);

} // namespace mlir::triton::f2

#endif // TRITON_TOOLS_LINEARALGEBRAF2_H
