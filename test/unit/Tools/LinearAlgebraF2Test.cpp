//===- LinearAlgebraF2Test.cpp - GF(2) row reduction
//-----------------------===//
#include "Tools/LinearAlgebraF2.h"

#include <gtest/gtest.h>

using namespace mlir::triton;

namespace {

TEST(LinearAlgebraF2, ReducesToRowEchelonForm) {
  // Row 2 is the xor of rows 0 and 1.
  llvm::SmallVector<uint64_t> rows = {0b011, 0b110, 0b101};
  EXPECT_EQ(f2::reduceRowEchelon(rows, 3), 2u);
  EXPECT_EQ(rows, (llvm::SmallVector<uint64_t>{0b101, 0b110, 0}));
  EXPECT_EQ(f2::pivotColumns(rows), (llvm::SmallVector<unsigned>{0, 1}));
}

TEST(LinearAlgebraF2, SkipsEmptyColumns) {
  llvm::SmallVector<uint64_t> rows = {0b100, 0b110};
  EXPECT_EQ(f2::reduceRowEchelon(rows, 3), 2u);
  EXPECT_EQ(rows, (llvm::SmallVector<uint64_t>{0b010, 0b100}));
  EXPECT_EQ(f2::pivotColumns(rows), (llvm::SmallVector<unsigned>{1, 2}));
}

TEST(LinearAlgebraF2, CompanionFollowsRowOperations) {
  // A = [[1 0], [1 1]] (row r is bit mask of columns), B = [[1 0], [0 1]].
  llvm::SmallVector<uint64_t> a = {0b01, 0b11};
  llvm::SmallVector<uint64_t> b = {0b01, 0b10};
  EXPECT_EQ(f2::reduceRowEchelon(a, 2, b), 2u);
  EXPECT_EQ(a, (llvm::SmallVector<uint64_t>{0b01, 0b10}));
  // Row 1 was xor-ed with row 0 in both.
  EXPECT_EQ(b, (llvm::SmallVector<uint64_t>{0b01, 0b11}));
}

TEST(LinearAlgebraF2, Rank) {
  EXPECT_EQ(f2::rank({1, 2, 4, 8}, 4), 4u);
  EXPECT_EQ(f2::rank({0, 0}, 4), 0u);
  EXPECT_EQ(f2::rank({}, 0), 0u);
  EXPECT_EQ(f2::rank({0b11, 0b11, 0b01}, 2), 2u);
  // 64 columns: the top bit works like any other.
  EXPECT_EQ(f2::rank({uint64_t(1) << 63, (uint64_t(1) << 63) | 1}, 64), 2u);
}

} // namespace
