//===- LinearLayoutTest.cpp - LinearLayout operations, hand-worked
//---------===//
#include "Tools/LinearLayout.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::triton;

namespace {

class LinearLayoutTest : public ::testing::Test {
protected:
  StringAttr S(StringRef name) { return StringAttr::get(&ctx, name); }
  using Bases = std::vector<std::vector<int32_t>>;

  /// Checks outer(C(x)) == inner(x) for every input x of `inner`.
  void expectSolves(const LinearLayout &inner, const LinearLayout &outer,
                    const LinearLayout &c) {
    for (int32_t flat = 0; flat < inner.getTotalInDimSize(); ++flat) {
      LinearLayout::DimValues ins;
      int32_t rest = flat;
      for (auto [name, size] : inner.getInDims()) {
        ins.push_back({name, rest % size});
        rest /= size;
      }
      auto want = inner.apply(ins);
      auto got = outer.apply(c.apply(ins));
      // Compare by name: outer may order its out-dims differently.
      for (auto [name, value] : want) {
        auto it = llvm::find_if(got, [&](auto &e) { return e.first == name; });
        ASSERT_NE(it, got.end());
        EXPECT_EQ(it->second, value) << "at flat input " << flat;
      }
    }
  }

  MLIRContext ctx;
};

TEST_F(LinearLayoutTest, OneDimensionalFactories) {
  LinearLayout id = LinearLayout::identity1D(8, S("in"), S("out"));
  EXPECT_EQ(id, LinearLayout({{S("in"), Bases{{1}, {2}, {4}}}}, {S("out")}));
  EXPECT_EQ(id.getOutDimSize(S("out")), 8);
  EXPECT_TRUE(id.isSurjective() && id.isInjective() && id.isInvertible());

  LinearLayout strided = LinearLayout::strided1D(4, 2, S("in"), S("out"));
  EXPECT_EQ(strided.getBasis(S("in"), 0, S("out")), 2);
  EXPECT_EQ(strided.getBasis(S("in"), 1, S("out")), 4);
  EXPECT_EQ(strided.getOutDimSize(S("out")), 8);
  EXPECT_FALSE(strided.isSurjective());
  EXPECT_TRUE(strided.isInjective());

  LinearLayout zeros = LinearLayout::zeros1D(4, S("in"), S("out"));
  EXPECT_EQ(zeros.getBasis(S("in"), 1), (ArrayRef<int32_t>{0}));
  EXPECT_EQ(zeros.getOutDimSize(S("out")), 1);
  EXPECT_TRUE(zeros.isSurjective());
  EXPECT_FALSE(zeros.isInjective());
  EXPECT_FALSE(LinearLayout::zeros1D(4, S("in"), S("out"), 4).isSurjective());

  LinearLayout single = LinearLayout::identity1D(1, S("in"), S("out"));
  EXPECT_EQ(single.getInDimSize(S("in")), 1);
  EXPECT_EQ(single.getOutDimSize(S("out")), 1);
  EXPECT_EQ(LinearLayout::identity1D(0, S("in"), S("out")),
            LinearLayout::empty());
}

TEST_F(LinearLayoutTest, InfersOutDimSizes) {
  // Largest values 5 and 2 round up to sizes 8 and 4.
  LinearLayout layout({{S("a"), Bases{{1, 0}, {5, 1}, {4, 0}}},
                       {S("b"), Bases{{2, 2}, {0, 2}}}},
                      {S("x"), S("y")});
  EXPECT_EQ(layout.getOutDimSize(S("x")), 8);
  EXPECT_EQ(layout.getOutDimSize(S("y")), 4);
  EXPECT_EQ(layout.getTotalOutDimSizeLog2(), 5);
  EXPECT_EQ(layout.getTotalInDimSize(), 32);
  EXPECT_EQ(layout.getInDimSizeLog2(S("a")), 3);
  EXPECT_EQ(layout.getNumInDims(), 2);
  EXPECT_EQ(layout.getOutDimIndex(S("y")), 1);
  // (5,1) = (1,0) xor (4,0) xor (0,1), and (2,2) xor (0,2) = (2,0): every
  // output is reached exactly once.
  EXPECT_EQ(layout.getRank(), 5);
  EXPECT_TRUE(layout.isInvertible());
}

TEST_F(LinearLayoutTest, TryCreateExplainsErrors) {
  std::string error;
  // Span of {0, 2} misses 1 and 3 of [0, 4).
  LinearLayout::BasesT nonSurjective;
  nonSurjective[S("i")] = {{0}, {2}};
  EXPECT_FALSE(LinearLayout::tryCreate(nonSurjective, {S("o")},
                                       /*requireSurjective=*/true, &error));
  EXPECT_NE(error.find("not surjective"), std::string::npos) << error;
  auto relaxed = LinearLayout::tryCreate(nonSurjective, {S("o")},
                                         /*requireSurjective=*/false);
  ASSERT_TRUE(relaxed);
  EXPECT_EQ(relaxed->getOutDimSize(S("o")), 4);
  EXPECT_EQ(relaxed->getRank(), 1);

  LinearLayout::BasesT wrongLength;
  wrongLength[S("i")] = {{1, 0}};
  EXPECT_FALSE(LinearLayout::tryCreate(wrongLength, {S("o")}, false, &error));
  EXPECT_NE(error.find("expected 1"), std::string::npos) << error;

  LinearLayout::BasesT negative;
  negative[S("i")] = {{-1}};
  EXPECT_FALSE(LinearLayout::tryCreate(negative, {S("o")}, false, &error));
  EXPECT_NE(error.find("out of range"), std::string::npos) << error;

  LinearLayout::BasesT ok;
  ok[S("i")] = {{1}, {4}};
  EXPECT_FALSE(LinearLayout::tryCreate(ok, {{S("o"), 4}}, false, &error));
  EXPECT_NE(error.find("out of range for out-dim 'o' of size 4"),
            std::string::npos)
      << error;
  EXPECT_FALSE(LinearLayout::tryCreate(ok, {{S("o"), 12}}, false, &error));
  EXPECT_NE(error.find("not a power of two"), std::string::npos) << error;
  EXPECT_TRUE(LinearLayout::tryCreate(ok, {{S("o"), 8}}, false));
}

TEST_F(LinearLayoutTest, ConstructorRejectsNonSurjectiveDeath) {
  EXPECT_DEATH(LinearLayout({{S("i"), Bases{{0}, {2}}}}, {S("o")}),
               "not surjective");
}

TEST_F(LinearLayoutTest, ApplySwizzle) {
  // The classic swizzle (t, w) -> (t, w xor t) over 4x4.
  LinearLayout layout(
      {{S("t"), Bases{{1, 1}, {2, 2}}}, {S("w"), Bases{{0, 1}, {0, 2}}}},
      {S("x"), S("y")});
  using DV = LinearLayout::DimValues;
  EXPECT_EQ(layout.apply({{S("t"), 3}, {S("w"), 3}}),
            (DV{{S("x"), 3}, {S("y"), 0}}));
  // Inputs may come in any order.
  EXPECT_EQ(layout.apply({{S("w"), 1}, {S("t"), 2}}),
            (DV{{S("x"), 2}, {S("y"), 3}}));
  EXPECT_EQ(layout.apply({{S("t"), 0}, {S("w"), 0}}),
            (DV{{S("x"), 0}, {S("y"), 0}}));
  // Flat: input t + 4 w, output x + 4 y.
  EXPECT_EQ(layout.applyFlat(3 + 4 * 3), 3u);
  EXPECT_EQ(layout.applyFlat(1 + 4 * 2), 1u + 4 * 3);
  EXPECT_TRUE(layout.isInvertible());
}

TEST_F(LinearLayoutTest, ProductOfSharedDims) {
  auto id = [&](int32_t size) {
    return LinearLayout::identity1D(size, S("i"), S("o"));
  };
  auto zeros = [&](int32_t size) {
    return LinearLayout::zeros1D(size, S("i"), S("o"));
  };
  EXPECT_EQ(id(4) * id(2), id(8));
  // x % 4 on [0, 8).
  EXPECT_EQ(id(4) * zeros(2),
            LinearLayout({{S("i"), Bases{{1}, {2}, {0}}}}, {S("o")}));
  // x / 2 on [0, 8).
  EXPECT_EQ(zeros(2) * id(4),
            LinearLayout({{S("i"), Bases{{0}, {1}, {2}}}}, {S("o")}));
  EXPECT_EQ(id(4) * LinearLayout::empty(), id(4));
  EXPECT_EQ(LinearLayout::empty() * id(4), id(4));
}

TEST_F(LinearLayoutTest, ProductOfDisjointAndMixedDims) {
  LinearLayout two = LinearLayout::identity1D(4, S("i1"), S("o1")) *
                     LinearLayout::identity1D(8, S("i2"), S("o2"));
  EXPECT_EQ(two, LinearLayout({{S("i1"), Bases{{1, 0}, {2, 0}}},
                               {S("i2"), Bases{{0, 1}, {0, 2}, {0, 4}}}},
                              {S("o1"), S("o2")}));
  // (x % 4, x / 4) on [0, 32).
  LinearLayout split = LinearLayout::identity1D(4, S("i"), S("o1")) *
                       LinearLayout::identity1D(8, S("i"), S("o2"));
  EXPECT_EQ(
      split,
      LinearLayout({{S("i"), Bases{{1, 0}, {2, 0}, {0, 1}, {0, 2}, {0, 4}}}},
                   {S("o1"), S("o2")}));
  // A blocked-style layout: 2 registers and 4 lanes along dim1, then 8
  // lanes and 2 warps along dim0.
  LinearLayout blocked = LinearLayout::identity1D(2, S("register"), S("dim1")) *
                         LinearLayout::identity1D(4, S("lane"), S("dim1")) *
                         LinearLayout::identity1D(8, S("lane"), S("dim0")) *
                         LinearLayout::identity1D(2, S("warp"), S("dim0"));
  EXPECT_EQ(
      blocked,
      LinearLayout({{S("register"), Bases{{1, 0}}},
                    {S("lane"), Bases{{2, 0}, {4, 0}, {0, 1}, {0, 2}, {0, 4}}},
                    {S("warp"), Bases{{0, 8}}}},
                   {S("dim1"), S("dim0")}));
  // Associativity.
  LinearLayout a = LinearLayout::identity1D(2, S("i"), S("o"));
  LinearLayout b = LinearLayout::zeros1D(2, S("j"), S("o"));
  LinearLayout c = LinearLayout::identity1D(4, S("i"), S("p"));
  EXPECT_EQ((a * b) * c, a * (b * c));
}

TEST_F(LinearLayoutTest, ProductRejectsConflictingOrderDeath) {
  LinearLayout ab = LinearLayout::identity1D(2, S("a"), S("o")) *
                    LinearLayout::identity1D(2, S("b"), S("o"));
  LinearLayout ba = LinearLayout::identity1D(2, S("b"), S("o")) *
                    LinearLayout::identity1D(2, S("a"), S("o"));
  EXPECT_DEATH((void)(ab * ba), "different orders");
}

TEST_F(LinearLayoutTest, Compose) {
  // L swaps the two bits of i; M(1) = 3, M(2) = 1.
  LinearLayout l({{S("i"), Bases{{2}, {1}}}}, {S("o")});
  LinearLayout m({{S("o"), Bases{{3}, {1}}}}, {S("p")});
  // M(L(1)) = M(2) = 1, M(L(2)) = M(1) = 3.
  EXPECT_EQ(l.compose(m), LinearLayout({{S("i"), Bases{{1}, {3}}}}, {S("p")}));
  // A larger codomain makes the composition non-surjective.
  LinearLayout wide = LinearLayout::identity1D(4, S("i"), S("o"))
                          .compose(LinearLayout::identity1D(8, S("o"), S("p")));
  EXPECT_EQ(wide.getOutDimSize(S("p")), 8);
  EXPECT_FALSE(wide.isSurjective());
}

TEST_F(LinearLayoutTest, InvertAndComposePermutation) {
  // B(1) = 3, B(2) = 1, so B^-1(1) = 2, B^-1(2) = B^-1(3 xor 1) = 3.
  LinearLayout a = LinearLayout::identity1D(4, S("lane"), S("dim0"));
  LinearLayout b({{S("offset"), Bases{{3}, {1}}}}, {S("dim0")});
  LinearLayout c = a.invertAndCompose(b);
  EXPECT_EQ(c, LinearLayout({{S("lane"), Bases{{2}, {3}}}}, {S("offset")}));
  expectSolves(a, b, c);
}

TEST_F(LinearLayoutTest, InvertAndComposePicksSmallestSolution) {
  // offset=4 duplicates offset 0: the solution never sets that bit.
  LinearLayout a = LinearLayout::identity1D(4, S("lane"), S("dim0"));
  LinearLayout b({{S("offset"), Bases{{1}, {2}, {0}}}}, {S("dim0")});
  LinearLayout c = a.invertAndCompose(b);
  EXPECT_EQ(c, LinearLayout({{S("lane"), Bases{{1}, {2}}}}, {{S("offset"), 8}},
                            /*requireSurjective=*/false));
  // A broadcast in the source stays a zero basis.
  LinearLayout dup({{S("lane"), Bases{{1}, {0}, {2}}}}, {S("dim0")});
  EXPECT_EQ(dup.invertAndCompose(b),
            LinearLayout({{S("lane"), Bases{{1}, {0}, {2}}}},
                         {{S("offset"), 8}}, /*requireSurjective=*/false));
}

TEST_F(LinearLayoutTest, InvertAndComposeKeepsAgreeingDimsInPlace) {
  // Both layouts broadcast over 4 warps; registers are permuted.
  LinearLayout a(
      {{S("register"), Bases{{1}, {2}}}, {S("warp"), Bases{{0}, {0}}}},
      {S("dim0")});
  LinearLayout b(
      {{S("register"), Bases{{2}, {1}}}, {S("warp"), Bases{{0}, {0}}}},
      {S("dim0")});
  LinearLayout c = a.invertAndCompose(b);
  // Warps map to themselves rather than all to warp 0.
  EXPECT_EQ(c, LinearLayout({{S("register"), Bases{{2, 0}, {1, 0}}},
                             {S("warp"), Bases{{0, 1}, {0, 2}}}},
                            {S("register"), S("warp")}));
  expectSolves(a, b, c);
}

TEST_F(LinearLayoutTest, InvertAndComposeFallsBackToFullSolve) {
  // The lanes agree, but register 1 of `a` is only reachable through a lane
  // of `b`, so the agreeing dims cannot be kept apart.
  LinearLayout a({{S("lane"), Bases{{1}}}, {S("register"), Bases{{1}, {2}}}},
                 {S("dim0")});
  LinearLayout b({{S("lane"), Bases{{1}}}, {S("warp"), Bases{{2}}}},
                 {S("dim0")});
  LinearLayout c = a.invertAndCompose(b);
  EXPECT_EQ(c, LinearLayout({{S("lane"), Bases{{1, 0}}},
                             {S("register"), Bases{{1, 0}, {0, 1}}}},
                            {S("lane"), S("warp")}));
  expectSolves(a, b, c);
}

TEST_F(LinearLayoutTest, InvertAndCompose2DTransposedOuts) {
  // `b` lists its out-dims the other way round; the result is the same.
  LinearLayout a = LinearLayout::identity1D(4, S("lane"), S("dim1")) *
                   LinearLayout::identity1D(2, S("lane"), S("dim0"));
  LinearLayout b = LinearLayout::identity1D(2, S("offset"), S("dim0")) *
                   LinearLayout::identity1D(4, S("offset"), S("dim1"));
  LinearLayout c = a.invertAndCompose(b);
  // lane bit 0 -> dim1=1 -> offset 2; bit 1 -> offset 4; bit 2 -> dim0=1 ->
  // offset 1.
  EXPECT_EQ(c,
            LinearLayout({{S("lane"), Bases{{2}, {4}, {1}}}}, {S("offset")}));
  expectSolves(a, b, c);
}

TEST_F(LinearLayoutTest, InvertAndPseudoinvert) {
  // L(1) = 3, L(2) = 1, L(4) = 4; L^-1(1) = 2, L^-1(2) = 2 xor 1 = 3.
  LinearLayout l({{S("i"), Bases{{3}, {1}, {4}}}}, {S("o")});
  LinearLayout inv = l.invert();
  EXPECT_EQ(inv, LinearLayout({{S("o"), Bases{{2}, {3}, {4}}}}, {S("i")}));
  EXPECT_EQ(l.compose(inv), LinearLayout::identity1D(8, S("i"), S("i")));
  EXPECT_EQ(inv.compose(l), LinearLayout::identity1D(8, S("o"), S("o")));

  // Surjective, not injective: the right inverse avoids the free bit.
  LinearLayout s({{S("i"), Bases{{1}, {0}, {2}}}}, {S("o")});
  EXPECT_FALSE(s.isInvertible());
  LinearLayout p = s.pseudoinvert();
  EXPECT_EQ(p, LinearLayout({{S("o"), Bases{{1}, {4}}}}, {{S("i"), 8}},
                            /*requireSurjective=*/false));
  EXPECT_EQ(p.compose(s), LinearLayout::identity1D(4, S("o"), S("o")));
}

TEST_F(LinearLayoutTest, FreeVariableMasks) {
  // register=4 repeats register=1 and register=2 is zero; lane=2 is zero.
  LinearLayout layout(
      {{S("register"), Bases{{1}, {0}, {1}}}, {S("lane"), Bases{{2}, {0}}}},
      {S("dim0")});
  auto masks = layout.getFreeVariableMasks();
  EXPECT_EQ(masks.lookup(S("register")), 0b110);
  EXPECT_EQ(masks.lookup(S("lane")), 0b10);
  EXPECT_EQ(masks.begin()->first, S("register"));

  LinearLayout injective = LinearLayout::identity1D(4, S("register"), S("o")) *
                           LinearLayout::identity1D(2, S("lane"), S("o"));
  for (auto [name, mask] : injective.getFreeVariableMasks())
    EXPECT_EQ(mask, 0) << name.str();
}

TEST_F(LinearLayoutTest, NumConsecutiveInOut) {
  // Registers 0..3 are elements 0..3; lanes start at 4.
  EXPECT_EQ(
      LinearLayout({{S("register"), Bases{{1}, {2}}}, {S("lane"), Bases{{4}}}},
                   {S("dim0")})
          .getNumConsecutiveInOut(),
      4);
  // Register 4 jumps to element 8, and lane 1 is element 4: still 4.
  EXPECT_EQ(LinearLayout({{S("register"), Bases{{1}, {2}, {8}}},
                          {S("lane"), Bases{{4}}}},
                         {S("dim0")})
                .getNumConsecutiveInOut(),
            4);
  // Lane 1 overlaps register 2's bit: only pairs are contiguous.
  EXPECT_EQ(
      LinearLayout({{S("register"), Bases{{1}, {2}}}, {S("lane"), Bases{{2}}}},
                   {S("dim0")})
          .getNumConsecutiveInOut(),
      2);
  // Register 1 moves along the second out-dim.
  EXPECT_EQ(LinearLayout({{S("register"), Bases{{1, 0}, {0, 1}}}},
                         {S("dim1"), S("dim0")})
                .getNumConsecutiveInOut(),
            2);
  EXPECT_EQ(LinearLayout({{S("register"), Bases{{2}}}, {S("lane"), Bases{{1}}}},
                         {S("dim0")})
                .getNumConsecutiveInOut(),
            1);
}

TEST_F(LinearLayoutTest, TransposeInsAndOuts) {
  LinearLayout layout(
      {{S("a"), Bases{{1, 0}}}, {S("b"), Bases{{0, 1}, {0, 2}}}},
      {S("x"), S("y")});
  LinearLayout outs = layout.transposeOuts({S("y"), S("x")});
  EXPECT_EQ(outs, LinearLayout({{S("a"), Bases{{0, 1}}},
                                {S("b"), Bases{{1, 0}, {2, 0}}}},
                               {S("y"), S("x")}));
  EXPECT_EQ(outs.getOutDimSize(S("y")), 4);
  LinearLayout ins = layout.transposeIns({S("b"), S("a")});
  EXPECT_EQ(*ins.getInDimNames().begin(), S("b"));
  EXPECT_EQ(ins.getBasis(S("a"), 0), (ArrayRef<int32_t>{1, 0}));
  EXPECT_NE(ins, layout);
  EXPECT_EQ(ins.transposeIns({S("a"), S("b")}), layout);
}

TEST_F(LinearLayoutTest, Reshape) {
  LinearLayout layout = LinearLayout::identity1D(4, S("a"), S("o")) *
                        LinearLayout::identity1D(4, S("b"), S("o"));
  EXPECT_EQ(layout.reshapeIns({{S("c"), 2}, {S("d"), 8}}),
            LinearLayout({{S("c"), Bases{{1}}}, {S("d"), Bases{{2}, {4}, {8}}}},
                         {S("o")}));
  LinearLayout twoD = LinearLayout::identity1D(16, S("i"), S("o"))
                          .reshapeOuts({{S("x"), 4}, {S("y"), 4}});
  EXPECT_EQ(twoD,
            LinearLayout({{S("i"), Bases{{1, 0}, {2, 0}, {0, 1}, {0, 2}}}},
                         {S("x"), S("y")}));
  EXPECT_EQ(twoD.flattenOuts(), LinearLayout::identity1D(16, S("i"), S("x")));
  // A swizzled basis 5 = 0b0101 splits into (1, 1).
  LinearLayout swz({{S("i"), Bases{{5}, {2}, {8}, {4}}}}, {S("o")});
  EXPECT_EQ(swz.reshapeOuts({{S("x"), 4}, {S("y"), 4}}).getBasis(S("i"), 0),
            (ArrayRef<int32_t>{1, 1}));
  EXPECT_EQ(layout.flattenIns(), LinearLayout::identity1D(16, S("a"), S("o")));
}

TEST_F(LinearLayoutTest, SublayoutAndZeroChecks) {
  LinearLayout blocked = LinearLayout::identity1D(2, S("register"), S("dim1")) *
                         LinearLayout::identity1D(4, S("lane"), S("dim1")) *
                         LinearLayout::identity1D(8, S("lane"), S("dim0"));
  LinearLayout lanes = blocked.sublayout({S("lane")}, {S("dim0")});
  EXPECT_EQ(lanes, LinearLayout({{S("lane"), Bases{{0}, {0}, {1}, {2}, {4}}}},
                                {S("dim0")}));
  // Order of the arguments does not matter; the layout's order is kept.
  LinearLayout both =
      blocked.sublayout({S("lane"), S("register")}, {S("dim0"), S("dim1")});
  EXPECT_EQ(both, blocked);
  EXPECT_TRUE(blocked.sublayoutIsZero({S("register")}, {S("dim0")}));
  EXPECT_FALSE(blocked.sublayoutIsZero({S("lane")}, {S("dim0")}));
  EXPECT_TRUE(blocked.sublayoutIsZero({}, {S("dim0")}));
}

TEST_F(LinearLayoutTest, TrivialOverAndQuotient) {
  LinearLayout layout = LinearLayout::identity1D(4, S("register"), S("dim0")) *
                        LinearLayout::identity1D(2, S("block"), S("block"));
  EXPECT_TRUE(layout.isTrivialOver({S("block")}));
  EXPECT_EQ(layout.quotient({S("block")}),
            LinearLayout::identity1D(4, S("register"), S("dim0")));
  // Block also moves along dim0: no longer trivial.
  LinearLayout mixed(
      {{S("register"), Bases{{1, 0}}}, {S("block"), Bases{{1, 1}}}},
      {S("dim0"), S("block")});
  EXPECT_FALSE(mixed.isTrivialOver({S("block")}));
  EXPECT_FALSE(mixed.quotient({S("block")}).has_value());
  EXPECT_FALSE(layout.isTrivialOver({S("register")}));
}

TEST_F(LinearLayoutTest, ConcatResizeRemoveZeros) {
  LinearLayout a = LinearLayout::identity1D(4, S("a"), S("o"));
  LinearLayout b = LinearLayout::zeros1D(2, S("b"), S("o"), 4);
  EXPECT_EQ(a.concatIns(b),
            LinearLayout({{S("a"), Bases{{1}, {2}}}, {S("b"), Bases{{0}}}},
                         {S("o")}));
  LinearLayout x = LinearLayout::identity1D(4, S("i"), S("x"));
  LinearLayout y = LinearLayout::identity1D(4, S("i"), S("y"));
  // The diagonal of a 4x4 grid: not surjective.
  EXPECT_EQ(x.concatOuts(y), LinearLayout({{S("i"), Bases{{1, 1}, {2, 2}}}},
                                          {{S("x"), 4}, {S("y"), 4}},
                                          /*requireSurjective=*/false));

  LinearLayout grown = a.resize(S("a"), 16);
  EXPECT_EQ(grown,
            LinearLayout({{S("a"), Bases{{1}, {2}, {0}, {0}}}}, {S("o")}));
  EXPECT_EQ(grown.getFreeVariableMasks().lookup(S("a")), 0b1100);
  EXPECT_EQ(grown.removeZeroBasesAlongDim(S("a")), a);
}

TEST_F(LinearLayoutTest, DivideLeft) {
  LinearLayout a = LinearLayout::identity1D(4, S("register"), S("dim0")) *
                   LinearLayout::identity1D(8, S("lane"), S("dim0"));
  LinearLayout b = LinearLayout::identity1D(4, S("register"), S("dim0"));
  std::optional<LinearLayout> c = divideLeft(a, b);
  ASSERT_TRUE(c);
  EXPECT_EQ(*c, LinearLayout({{S("register"), Bases{}},
                              {S("lane"), Bases{{1}, {2}, {4}}}},
                             {S("dim0")}));
  EXPECT_EQ(b * *c, a);
  // B larger than A, or not A's leading part.
  EXPECT_FALSE(
      divideLeft(a, LinearLayout::identity1D(8, S("register"), S("dim0"))));
  EXPECT_FALSE(divideLeft(
      a, LinearLayout({{S("register"), Bases{{2}, {1}}}}, {S("dim0")})));
  EXPECT_FALSE(
      divideLeft(a, LinearLayout::identity1D(2, S("warp"), S("dim0"))));
}

TEST_F(LinearLayoutTest, DivideRight) {
  LinearLayout a = LinearLayout::identity1D(4, S("register"), S("dim0")) *
                   LinearLayout::identity1D(8, S("lane"), S("dim0"));
  std::optional<LinearLayout> c =
      divideRight(a, LinearLayout::identity1D(8, S("lane"), S("dim0")));
  ASSERT_TRUE(c);
  EXPECT_EQ(
      *c, LinearLayout({{S("register"), Bases{{1}, {2}}}, {S("lane"), Bases{}}},
                       {S("dim0")}));
  // Registers are the low part of A, not the high one.
  EXPECT_FALSE(
      divideRight(a, LinearLayout::identity1D(4, S("register"), S("dim0"))));
}

TEST_F(LinearLayoutTest, EqualityHashAndPrinting) {
  LinearLayout layout = LinearLayout::identity1D(2, S("register"), S("d0")) *
                        LinearLayout::identity1D(2, S("lane"), S("d1"));
  EXPECT_EQ(layout.toString(),
            "\n - register=1 -> (1, 0)\n"
            " - lane=1 -> (0, 1)\n"
            "where out dims are: [d0 (size 2), d1 (size 2)]");
  LinearLayout two = LinearLayout::identity1D(4, S("lane"), S("d0"));
  EXPECT_EQ(two.toString(), "\n - lane=1 -> (1)\n   lane=2 -> (2)\n"
                            "where out dims are: [d0 (size 4)]");
  EXPECT_EQ(LinearLayout::empty().toString(), "\n(empty layout)");
  EXPECT_EQ(LinearLayout::identity1D(1, S("r"), S("d0")).toString(),
            "\n - r is a size 1 dimension\nwhere out dims are: [d0 (size 1)]");

  LinearLayout same = LinearLayout::identity1D(2, S("register"), S("d0")) *
                      LinearLayout::identity1D(2, S("lane"), S("d1"));
  EXPECT_EQ(layout, same);
  EXPECT_EQ(hash_value(layout), hash_value(same));
  // Same bases, larger out-dim: equal only when ignoring sizes.
  LinearLayout wider(layout.getBases(), {{S("d0"), 4}, {S("d1"), 2}},
                     /*requireSurjective=*/false);
  EXPECT_NE(layout, wider);
  EXPECT_TRUE(layout.equalIgnoringOutDimSizes(wider));
}

} // namespace
