//===- LayoutUtilsTest.cpp - layout building blocks, hand-worked ----------===//
#include "Tools/LayoutUtils.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::triton;

namespace {

class LayoutUtilsTest : public ::testing::Test {
protected:
  StringAttr S(StringRef name) { return StringAttr::get(&ctx, name); }
  using Bases = std::vector<std::vector<int32_t>>;
  MLIRContext ctx;
};

TEST_F(LayoutUtilsTest, StandardNames) {
  EXPECT_EQ(standardOutDimNames(&ctx, 3),
            (SmallVector<StringAttr>{S("dim0"), S("dim1"), S("dim2")}));
  auto pairs = standardOutDimPairs(&ctx, {4, 8});
  ASSERT_EQ(pairs.size(), 2u);
  EXPECT_EQ(pairs[1], std::make_pair(S("dim1"), int32_t(8)));
}

TEST_F(LayoutUtilsTest, IdentityStandardNDWalksOrder) {
  // Fastest along dim1 (2 bits), then dim0 (1 bit).
  EXPECT_EQ(identityStandardND(S("register"), {2, 4}, {1, 0}),
            LinearLayout({{S("register"), Bases{{1, 0}, {2, 0}, {0, 1}}}},
                         {S("dim1"), S("dim0")}));
  EXPECT_EQ(identityStandardND(S("lane"), {2, 4}, {0, 1}),
            LinearLayout({{S("lane"), Bases{{1, 0}, {0, 1}, {0, 2}}}},
                         {S("dim0"), S("dim1")}));
}

TEST_F(LayoutUtilsTest, NotLargerThanWrapsBases) {
  LinearLayout layout(
      {{S("register"), Bases{{1}, {2}}}, {S("lane"), Bases{{4}, {8}}}},
      {S("dim0")});
  llvm::SmallDenseMap<StringAttr, int64_t> shape{{S("dim0"), 4}};
  EXPECT_EQ(ensureLayoutNotLargerThan(layout, shape),
            LinearLayout({{S("register"), Bases{{1}, {2}}},
                          {S("lane"), Bases{{0}, {0}}}},
                         {S("dim0")}));
  // Large enough already: unchanged.
  shape[S("dim0")] = 32;
  EXPECT_EQ(ensureLayoutNotLargerThan(layout, shape), layout);
}

TEST_F(LayoutUtilsTest, NotLargerThanRegisterBroadcast) {
  LinearLayout layout(
      {{S("register"), Bases{{1}, {4}, {0}}}, {S("lane"), Bases{{2}}}},
      {{S("dim0"), 8}}, /*requireSurjective=*/false);
  llvm::SmallDenseMap<StringAttr, int64_t> shape{{S("dim0"), 2}};
  // Kept as duplicate registers...
  EXPECT_EQ(ensureLayoutNotLargerThan(layout, shape),
            LinearLayout({{S("register"), Bases{{1}, {0}, {0}}},
                          {S("lane"), Bases{{0}}}},
                         {S("dim0")}));
  // ... or dropped; the register that was zero before stays.
  EXPECT_EQ(
      ensureLayoutNotLargerThan(layout, shape,
                                /*broadcastRegisters=*/false),
      LinearLayout({{S("register"), Bases{{1}, {0}}}, {S("lane"), Bases{{0}}}},
                   {S("dim0")}));
}

TEST_F(LayoutUtilsTest, NotSmallerThanRepeatsFirstOutDimFirst) {
  LinearLayout layout = LinearLayout::identity1D(4, S("register"), S("dim1")) *
                        LinearLayout::identity1D(2, S("lane"), S("dim0"));
  LinearLayout grown =
      ensureLayoutNotSmallerThan(layout, {S("dim0"), S("dim1")}, {4, 8});
  EXPECT_EQ(grown, LinearLayout(
                       {{S("register"), Bases{{1, 0}, {2, 0}, {4, 0}, {0, 2}}},
                        {S("lane"), Bases{{0, 1}}}},
                       {S("dim1"), S("dim0")}));
}

TEST_F(LayoutUtilsTest, ReshapeRowMajor) {
  LinearLayout rowMajor = identityStandardND(S("offset"), {4, 4}, {1, 0})
                              .transposeOuts({S("dim0"), S("dim1")});
  EXPECT_EQ(reshapeLayout(&ctx, rowMajor, {16}),
            LinearLayout::identity1D(16, S("offset"), S("dim0")));
  EXPECT_EQ(reshapeLayout(&ctx, rowMajor, {2, 8}),
            LinearLayout({{S("offset"), Bases{{0, 1}, {0, 2}, {0, 4}, {1, 0}}}},
                         {S("dim0"), S("dim1")}));
}

TEST_F(LayoutUtilsTest, TransposeAndZeros) {
  LinearLayout layout({{S("offset"), Bases{{0, 1}, {0, 2}, {1, 0}}}},
                      {S("dim0"), S("dim1")});
  EXPECT_EQ(transposeLinearLayout(layout, {1, 0}),
            LinearLayout({{S("offset"), Bases{{1, 0}, {2, 0}, {0, 1}}}},
                         {S("dim0"), S("dim1")}));
  LinearLayout zeros = zerosLike(layout);
  EXPECT_EQ(zeros.getOutDims(), layout.getOutDims());
  EXPECT_TRUE(zeros.sublayoutIsZero({S("offset")}, {S("dim0"), S("dim1")}));
}

} // namespace
