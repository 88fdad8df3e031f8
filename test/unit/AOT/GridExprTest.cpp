//===- GridExprTest.cpp - grid expressions: parsing, errors, C ------------===//
#include "AOT/GridExpr.h"

#include "gtest/gtest.h"

using namespace mlir::triton::aot;

namespace {

const std::vector<GridParam> kParams = {
    {"x_ptr", false}, {"n", true}, {"m", true}, {"eps", false}};

std::string parseError(llvm::StringRef text) {
  llvm::Expected<GridExpr> expr = parseGridExpr(text, kParams);
  if (expr)
    return "";
  return llvm::toString(expr.takeError());
}

TEST(GridExprTest, AcceptsCIntegerExpressions) {
  for (const char *text :
       {"1", "n", "cdiv(n, 1024)", "(n + 127) / 128 * m", "max(min(n, m), 1)",
        "n > 0 ? n : 1", "-n + ~m", "n << 2 | m & 3", "0x10u", "!(n == m)",
        "n % 3 != 0 && m >= 2 || n <= 1", "cdiv(n, 64) * cdiv(m, 64)"}) {
    EXPECT_EQ(parseError(text), "") << text;
  }
}

TEST(GridExprTest, NamesWhatIsWrongAndWhere) {
  EXPECT_EQ(parseError("cdiv(k, 4)"),
            "grid expression 'cdiv(k, 4)', column 6: unknown name 'k' "
            "(integer parameters: n, m; functions: cdiv, min, max)");
  EXPECT_EQ(parseError("x_ptr / 16"),
            "grid expression 'x_ptr / 16', column 1: parameter 'x_ptr' is not "
            "an integer; a grid can only use integer parameters");
  EXPECT_EQ(parseError("n +"),
            "grid expression 'n +', column 4: expected an operand, found the "
            "end");
  EXPECT_EQ(parseError("n m"),
            "grid expression 'n m', column 3: expected an operator or the "
            "end, found 'm'");
  EXPECT_EQ(parseError("cdiv(n, 1, 2)"),
            "grid expression 'cdiv(n, 1, 2)', column 10: expected ')', found "
            "','");
  EXPECT_EQ(parseError("n = 3"),
            "grid expression 'n = 3', column 3: unexpected character '='");
  EXPECT_EQ(parseError("12abc"),
            "grid expression '12abc', column 1: '12abc' is not an integer "
            "literal");
  EXPECT_EQ(parseError("n ? 1"),
            "grid expression 'n ? 1', column 6: expected ':', found the end");
  EXPECT_EQ(parseError(""), "grid expression '', column 1: empty expression");
  EXPECT_EQ(parseError("max"),
            "grid expression 'max', column 4: expected '(', found the end");
}

TEST(GridExprTest, PrintsNormalizedText) {
  llvm::Expected<GridExpr> expr =
      parseGridExpr("cdiv( n,1024 )*-m+(!n)", kParams);
  ASSERT_TRUE(static_cast<bool>(expr));
  EXPECT_EQ(expr->str(), "cdiv(n, 1024) * -m + (!n)");
  std::vector<std::string> params = expr->getParameters();
  EXPECT_EQ(params, (std::vector<std::string>{"n", "m"}));
}

TEST(GridExprTest, EmitsCWithWidenedParametersAndSubstitutions) {
  llvm::Expected<GridExpr> expr = parseGridExpr("cdiv(n, 128) * m", kParams);
  ASSERT_TRUE(static_cast<bool>(expr));
  auto none = [](llvm::StringRef) -> std::optional<std::string> {
    return std::nullopt;
  };
  EXPECT_EQ(expr->toC("tt_", none),
            "tt_mul(tt_cdiv((int64_t)n, (int64_t)128, &tt_bad), (int64_t)m, "
            "&tt_bad)");
  auto mIsOne = [](llvm::StringRef name) -> std::optional<std::string> {
    if (name == "m")
      return std::string("1");
    return std::nullopt;
  };
  EXPECT_EQ(expr->toC("tt_", mIsOne),
            "tt_mul(tt_cdiv((int64_t)n, (int64_t)128, &tt_bad), (int64_t)1, "
            "&tt_bad)");
}

// What C leaves undefined goes through a checked helper; the rest stays C,
// with && and ?: keeping C's short circuit around the checked parts.
TEST(GridExprTest, EmitsCheckedArithmetic) {
  auto none = [](llvm::StringRef) -> std::optional<std::string> {
    return std::nullopt;
  };
  llvm::Expected<GridExpr> expr =
      parseGridExpr("-n % m + (n << 2 >> m) - ~n", kParams);
  ASSERT_TRUE(static_cast<bool>(expr));
  EXPECT_EQ(expr->toC("tt_", none),
            "tt_sub(tt_add(tt_mod(tt_neg((int64_t)n, &tt_bad), (int64_t)m, "
            "&tt_bad), tt_shr(tt_shl((int64_t)n, (int64_t)2, &tt_bad), "
            "(int64_t)m, &tt_bad), &tt_bad), (int64_t)(~(int64_t)n), &tt_bad)");
  expr = parseGridExpr("m > 0 && n / m ? max(n, 1) : min(m, 2)", kParams);
  ASSERT_TRUE(static_cast<bool>(expr));
  EXPECT_EQ(expr->toC("tt_", none),
            "((int64_t)((int64_t)((int64_t)m > (int64_t)0) && "
            "tt_div((int64_t)n, (int64_t)m, &tt_bad)) ? tt_max((int64_t)n, "
            "(int64_t)1) : tt_min((int64_t)m, (int64_t)2))");
}

TEST(GridExprTest, SplitsTheGridAtTopLevelCommas) {
  llvm::Expected<std::vector<GridExpr>> grid =
      parseGrid("cdiv(n, 64), max(m, 1)", kParams);
  ASSERT_TRUE(static_cast<bool>(grid));
  ASSERT_EQ(grid->size(), 3u);
  EXPECT_EQ((*grid)[0].str(), "cdiv(n, 64)");
  EXPECT_EQ((*grid)[1].str(), "max(m, 1)");
  EXPECT_EQ((*grid)[2].str(), "1");
  llvm::Expected<std::vector<GridExpr>> tooMany =
      parseGrid("1, 2, 3, 4", kParams);
  ASSERT_FALSE(static_cast<bool>(tooMany));
  EXPECT_EQ(llvm::toString(tooMany.takeError()),
            "grid '1, 2, 3, 4' has 4 dimensions; a launch grid has at most 3 "
            "(x, y, z)");
}

} // namespace
