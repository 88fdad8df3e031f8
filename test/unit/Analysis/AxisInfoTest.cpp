//===- AxisInfoTest.cpp - the AxisInfo lattice: join laws and hints -------===//
//
// The data-flow fixpoint relies on the join being a semilattice join that
// only moves values down; these tests check its laws over a grid of facts,
// and how hints are read.
//
//===----------------------------------------------------------------------===//
#include "Analysis/AxisInfo.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Rank-2 facts built from small powers of two (and the "anything" value)
/// in every position, with and without constants.
std::vector<AxisInfo> sampleInfos() {
  const int64_t values[] = {1, 2, 16, 64};
  std::vector<AxisInfo> infos;
  for (int64_t c0 : values)
    for (int64_t c1 : values)
      for (int64_t d : values)
        for (int64_t k : values) {
          infos.emplace_back(ArrayRef<int64_t>{c0, c1},
                             ArrayRef<int64_t>{d, 2 * d},
                             ArrayRef<int64_t>{k, 1});
          if (c0 == 1 && c1 == 1)
            infos.emplace_back(ArrayRef<int64_t>{1, 1}, ArrayRef<int64_t>{d, d},
                               ArrayRef<int64_t>{k, k}, d);
        }
  AxisInfo::DimVectorT any(2, AxisInfo::kMaxDivisor);
  infos.emplace_back(any, any, any);
  return infos;
}

/// `a` is below (or equal to) `b`: every fact of `a` divides `b`'s, and a
/// constant of `a` is `b`'s.
bool below(const AxisInfo &a, const AxisInfo &b) {
  for (int d = 0; d < a.getRank(); ++d)
    if (b.getContiguity(d) % a.getContiguity(d) ||
        b.getDivisibility(d) % a.getDivisibility(d) ||
        b.getConstancy(d) % a.getConstancy(d))
      return false;
  return !a.getConstantValue() || a.getConstantValue() == b.getConstantValue();
}

TEST(AxisInfoJoin, UninitializedIsIdentity) {
  AxisInfo x({4}, {16}, {1}, std::nullopt);
  EXPECT_EQ(AxisInfo::join(AxisInfo(), x), x);
  EXPECT_EQ(AxisInfo::join(x, AxisInfo()), x);
  EXPECT_EQ(AxisInfo::join(AxisInfo(), AxisInfo()).getRank(), 0);
}

TEST(AxisInfoJoin, Laws) {
  std::vector<AxisInfo> infos = sampleInfos();
  for (const AxisInfo &a : infos) {
    EXPECT_EQ(AxisInfo::join(a, a), a);
    for (const AxisInfo &b : infos) {
      AxisInfo j = AxisInfo::join(a, b);
      EXPECT_EQ(j, AxisInfo::join(b, a));
      // The join lies below both sides: the lattice only moves down.
      EXPECT_TRUE(below(j, a));
      EXPECT_TRUE(below(j, b));
      // Joining again with either side changes nothing (what the data-flow
      // framework's monotonicity check asks).
      EXPECT_EQ(AxisInfo::join(j, a), j);
      EXPECT_EQ(AxisInfo::join(j, b), j);
    }
  }
}

TEST(AxisInfoJoin, DivisibilityBoundedByDifferentRuns) {
  // [[0, 1], [4, 5]] and [16, 17, 18, 19]: runs of 2 may start at 18.
  AxisInfo pairs({2}, {4}, {1});
  AxisInfo quad({4}, {16}, {1});
  AxisInfo j = AxisInfo::join(pairs, quad);
  EXPECT_EQ(j.getContiguity(0), 2);
  EXPECT_EQ(j.getDivisibility(0), 2);
  // Equal runs keep the gcd of the divisors.
  EXPECT_EQ(AxisInfo::join(AxisInfo({4}, {8}, {1}), quad).getDivisibility(0),
            8);
}

TEST(AxisInfoJoin, Constants) {
  AxisInfo four({1}, {4}, {8}, 4), eight({1}, {8}, {8}, 8);
  EXPECT_EQ(AxisInfo::join(four, four).getConstantValue(), 4);
  EXPECT_EQ(AxisInfo::join(four, eight).getConstantValue(), std::nullopt);
  EXPECT_EQ(AxisInfo::join(four, eight).getDivisibility(0), 4);
}

TEST(AxisInfoJoin, RankMismatchIsPessimistic) {
  AxisInfo one({4}, {16}, {1}), two({4, 4}, {16, 16}, {1, 1});
  AxisInfo j = AxisInfo::join(one, two);
  EXPECT_EQ(j.getRank(), 1);
  EXPECT_EQ(j.getContiguity(0), 1);
  EXPECT_EQ(j.getDivisibility(0), 1);
}

TEST(AxisInfoHints, Forms) {
  MLIRContext context;
  Builder b(&context);
  auto dense = [&](ArrayRef<int32_t> values) -> Attribute {
    auto type = RankedTensorType::get({int64_t(values.size())}, b.getI32Type());
    return DenseIntElementsAttr::get(type, values);
  };
  auto read = [](Attribute attr, size_t rank) {
    AxisInfo::DimVectorT vec(rank, 7);
    AxisInfo::initDimVectorFromHint(attr, &vec);
    return vec;
  };
  using V = AxisInfo::DimVectorT;
  EXPECT_EQ(read(b.getI32IntegerAttr(16), 1), V({16}));
  EXPECT_EQ(read(b.getI64IntegerAttr(1024), 1), V({1024}));
  // One integer applies to every dimension.
  EXPECT_EQ(read(b.getI32IntegerAttr(16), 2), V({16, 16}));
  EXPECT_EQ(read(dense({16, 1}), 2), V({16, 1}));
  EXPECT_EQ(read(dense({8}), 3), V({8, 8, 8}));
  // Ignored: wrong length, values below 1, other attributes, none.
  EXPECT_EQ(read(dense({16, 16, 16}), 2), V({7, 7}));
  EXPECT_EQ(read(b.getI32IntegerAttr(0), 1), V({7}));
  EXPECT_EQ(read(dense({16, -4}), 2), V({7, 7}));
  EXPECT_EQ(read(b.getStringAttr("16"), 1), V({7}));
  EXPECT_EQ(read(Attribute(), 1), V({7}));
}

TEST(AxisInfoPrint, Format) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << AxisInfo({128, 1}, {16, 4}, {1, 64}) << "\n"
     << AxisInfo({1}, {AxisInfo::kMaxDivisor}, {8}, 0);
  EXPECT_EQ(text, "contiguity = [128, 1], divisibility = [16, 4], constancy = "
                  "[1, 64], constant_value = <none>\n"
                  "contiguity = [1], divisibility = [4611686018427387904], "
                  "constancy = [8], constant_value = 0");
}

} // namespace
