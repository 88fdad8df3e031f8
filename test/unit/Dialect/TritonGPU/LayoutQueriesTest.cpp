//===- LayoutQueriesTest.cpp - ttg layout queries and builders -----------===//
//
// The default blocked layout builder against layouts Triton 3.6 chose for
// the corpus, the CTA encoding's legacy parameters, and the per-thread
// element counts of LayoutQueries.h against the linear layouts
// (LinearLayoutConversions.h) the layouts denote.
//
//===----------------------------------------------------------------------===//
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

using Vec = SmallVector<unsigned>;

class LayoutQueriesTest : public ::testing::Test {
protected:
  LayoutQueriesTest() { ctx.loadDialect<TritonDialect, TritonGPUDialect>(); }

  Attribute parse(StringRef text) {
    Attribute attr = parseAttribute(text, &ctx);
    EXPECT_TRUE(attr) << "cannot parse " << text.str();
    return attr;
  }

  /// Registers per dimension of the linear layout `layout` denotes for
  /// `shape`: each register basis counts for the dimension it moves, a
  /// duplicate (zero) one for the dimension of the previous basis.
  Vec registersFromLinearLayout(Attribute layout, ArrayRef<int64_t> shape) {
    LinearLayout ll = toLinearLayout(shape, layout);
    Vec counts(shape.size(), 1);
    unsigned last = 0;
    for (const std::vector<int32_t> &basis :
         ll.getBases().lookup(StringAttr::get(&ctx, "register"))) {
      auto it = llvm::find_if(basis, [](int32_t v) { return v != 0; });
      if (it != basis.end())
        last = it - basis.begin();
      counts[last] *= 2;
    }
    return counts;
  }

  /// getElemsPerThread agrees with the layout's linear layout for `shape`.
  void expectElemsMatchLinearLayout(StringRef layoutText,
                                    ArrayRef<int64_t> shape) {
    Attribute layout = parse(layoutText);
    Vec expected = registersFromLinearLayout(layout, shape);
    Vec actual = getElemsPerThread(layout, shape);
    EXPECT_EQ(actual, expected)
        << layoutText.str() << " for shape " << shape.size() << "-d ["
        << shape.front() << ", ...]";
    unsigned total = 1;
    for (unsigned n : expected)
      total *= n;
    EXPECT_EQ(getTotalElemsPerThread(layout, shape), total);
    EXPECT_EQ(getNumRegisters(shape, layout), total);
  }

  MLIRContext ctx;
};

//===----------------------------------------------------------------------===//
// Default blocked layouts
//===----------------------------------------------------------------------===//

TEST_F(LayoutQueriesTest, BlockedBuilderMatchesTritonsChoices) {
  // add_f32: BLOCK 1024, 4 elements per thread, 4 warps.
  auto add = BlockedEncodingAttr::get(&ctx, {1024}, {4}, {0}, 4, 32, 1u);
  EXPECT_EQ(Vec(add.getThreadsPerWarp()), Vec({32}));
  EXPECT_EQ(Vec(add.getWarpsPerCTA()), Vec({4}));
  EXPECT_TRUE(add.getCTALayout().isDefault());
  // matmul_f16: A tile 128x64 and B tile 64x256, 8 halves per thread, 8 warps.
  auto a = BlockedEncodingAttr::get(&ctx, {128, 64}, {1, 8}, {1, 0}, 8, 32, 1u);
  EXPECT_EQ(Vec(a.getThreadsPerWarp()), Vec({4, 8}));
  EXPECT_EQ(Vec(a.getWarpsPerCTA()), Vec({8, 1}));
  auto b = BlockedEncodingAttr::get(&ctx, {64, 256}, {1, 8}, {1, 0}, 8, 32, 1u);
  EXPECT_EQ(Vec(b.getThreadsPerWarp()), Vec({1, 32}));
  EXPECT_EQ(Vec(b.getWarpsPerCTA()), Vec({8, 1}));
  // Column-major: the fastest dimension is 0.
  auto t = BlockedEncodingAttr::get(&ctx, {64, 128}, {8, 1}, {0, 1}, 8, 32, 1u);
  EXPECT_EQ(Vec(t.getThreadsPerWarp()), Vec({8, 4}));
  EXPECT_EQ(Vec(t.getWarpsPerCTA()), Vec({1, 8}));
  // A tensor smaller than the threads: the slowest dimension takes the rest.
  auto small = BlockedEncodingAttr::get(&ctx, {4, 4}, {1, 1}, {1, 0}, 4, 32, 1u);
  EXPECT_EQ(Vec(small.getThreadsPerWarp()), Vec({8, 4}));
  EXPECT_EQ(Vec(small.getWarpsPerCTA()), Vec({4, 1}));
}

TEST_F(LayoutQueriesTest, DefaultBlockedEncoding) {
  BlockedEncodingAttr enc = getDefaultBlockedEncoding(&ctx, {128}, 4, 32, 1);
  EXPECT_EQ(parse("#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], "
                  "warpsPerCTA = [4], order = [0]}>"),
            Attribute(enc));
  BlockedEncodingAttr enc2 =
      getDefaultBlockedEncoding(&ctx, {64, 64}, 8, 32, 1);
  EXPECT_EQ(Vec(enc2.getOrder()), Vec({1, 0}));
  EXPECT_EQ(Vec(enc2.getThreadsPerWarp()), Vec({1, 32}));
  EXPECT_EQ(Vec(enc2.getWarpsPerCTA()), Vec({4, 2}));
}

TEST_F(LayoutQueriesTest, BlockedBuilderSplitsCTAsFromTheSlowestDimension) {
  auto enc =
      BlockedEncodingAttr::get(&ctx, {128, 64}, {1, 4}, {1, 0}, 4, 32, 2u);
  CTAEncodingAttr cta = enc.getCTALayout();
  EXPECT_EQ(cta.getBases(), SmallVector<SmallVector<int32_t>>({{1, 0}}));
  EXPECT_EQ(cta.getCTAsPerCGA(), Vec({2, 1}));
  EXPECT_EQ(cta.getCTASplitNum(), Vec({2, 1}));
  // Each CTA holds 64 rows, so the threads see a 64x64 tensor.
  EXPECT_EQ(getShapePerCTA(enc, {128, 64}), SmallVector<int64_t>({64, 64}));
}

//===----------------------------------------------------------------------===//
// CTA encodings
//===----------------------------------------------------------------------===//

TEST_F(LayoutQueriesTest, CTAEncodingLegacyParameters) {
  // Split 2 along dim 1, then 2 copies: 4 CTAs, 2 distinct tiles.
  auto cta = CTAEncodingAttr::fromSplitParams(&ctx, {1, 4}, {1, 2}, {1, 0});
  EXPECT_EQ(cta.getBases(),
            SmallVector<SmallVector<int32_t>>({{0, 1}, {0, 0}}));
  EXPECT_EQ(cta.getCTAsPerCGA(), Vec({1, 4}));
  EXPECT_EQ(cta.getCTASplitNum(), Vec({1, 2}));
  EXPECT_EQ(cta.getCTAOrder(), Vec({1, 0}));
  EXPECT_EQ(cta.getNumCTAs(), 4u);
  // One CTA: no bases, the default.
  EXPECT_EQ(CTAEncodingAttr::fromSplitParams(&ctx, {1, 1}, {1, 1}, {1, 0}),
            CTAEncodingAttr::getDefault(&ctx, 2));
}

//===----------------------------------------------------------------------===//
// Elements per thread agree with the linear layouts
//===----------------------------------------------------------------------===//

constexpr StringLiteral kBlocked =
    "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], "
    "warpsPerCTA = [8, 1], order = [1, 0]}>";
constexpr StringLiteral kBlocked1D =
    "#ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], "
    "warpsPerCTA = [4], order = [0]}>";
constexpr StringLiteral kMmaV2 =
    "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
    "warpsPerCTA = [2, 2], instrShape = [16, 8]}>";
constexpr StringLiteral kMmaV3 =
    "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, "
    "warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>";

TEST_F(LayoutQueriesTest, BlockedElemsPerThread) {
  for (auto shape : {SmallVector<int64_t>{1024}, {512}, {256}, {4}, {1}})
    expectElemsMatchLinearLayout(kBlocked1D, shape);
  for (auto shape : {SmallVector<int64_t>{128, 64},
                     {256, 128},
                     {64, 32},
                     {16, 4},
                     {1, 64},
                     {128, 1}})
    expectElemsMatchLinearLayout(kBlocked, shape);
  // Worked by hand: 8 consecutive elements times 128 / 32 row tiles; a
  // tensor smaller than a thread's block keeps the registers (duplicates).
  EXPECT_EQ(getElemsPerThread(parse(kBlocked), {128, 64}), Vec({4, 8}));
  EXPECT_EQ(getElemsPerThread(parse(kBlocked1D), {1024}), Vec({8}));
  EXPECT_EQ(getElemsPerThread(parse(kBlocked1D), {1}), Vec({4}));
  // A shape with no linear layout (not a power of two) still gets the tile
  // count: 4 registers per 512-element tile, two tiles.
  EXPECT_EQ(getElemsPerThread(parse(kBlocked1D), {1000}), Vec({8}));
}

TEST_F(LayoutQueriesTest, SliceElemsPerThread) {
  std::string slice1 = ("#ttg.slice<{dim = 1, parent = " + kBlocked + "}>").str();
  std::string slice0 = ("#ttg.slice<{dim = 0, parent = " + kBlocked + "}>").str();
  for (int64_t n : {128, 64, 32, 8})
    expectElemsMatchLinearLayout(slice1, {n});
  for (int64_t n : {256, 64, 4})
    expectElemsMatchLinearLayout(slice0, {n});
}

TEST_F(LayoutQueriesTest, MmaElemsPerThread) {
  for (auto shape : {SmallVector<int64_t>{64, 64},
                     {128, 256},
                     {32, 16},
                     {16, 8},
                     {8, 8}})
    expectElemsMatchLinearLayout(kMmaV2, shape);
  for (auto shape : {SmallVector<int64_t>{128, 256},
                     {256, 256},
                     {128, 512},
                     {128, 64},
                     {64, 16}})
    expectElemsMatchLinearLayout(kMmaV3, shape);
  // matmul_f16's accumulator: 128x256 over 256 threads, 128 each: rows
  // 0..7 and 8..15 of a warp's 16, and 2 of every 8 of the 256 columns.
  EXPECT_EQ(getElemsPerThread(parse(kMmaV3), {128, 256}), Vec({2, 64}));
  // mma.sync: a 32x16 tile over 2x2 warps, 2 rows and 2 columns per thread.
  EXPECT_EQ(getElemsPerThread(parse(kMmaV2), {64, 64}), Vec({4, 8}));
}

TEST_F(LayoutQueriesTest, DotOperandElemsPerThread) {
  std::string a2 =
      ("#ttg.dot_op<{opIdx = 0, parent = " + kMmaV2 + ", kWidth = 2}>").str();
  std::string b2 =
      ("#ttg.dot_op<{opIdx = 1, parent = " + kMmaV2 + ", kWidth = 2}>").str();
  std::string a3 =
      ("#ttg.dot_op<{opIdx = 0, parent = " + kMmaV3 + ", kWidth = 2}>").str();
  for (auto shape :
       {SmallVector<int64_t>{64, 32}, {128, 64}, {32, 16}, {16, 8}})
    expectElemsMatchLinearLayout(a2, shape);
  for (auto shape :
       {SmallVector<int64_t>{32, 64}, {64, 128}, {16, 32}, {8, 8}})
    expectElemsMatchLinearLayout(b2, shape);
  for (auto shape : {SmallVector<int64_t>{128, 64}, {128, 16}, {256, 32}})
    expectElemsMatchLinearLayout(a3, shape);
  // A: 16x16 per warp (2 rows, 2x kWidth along K per thread), warps split
  // only M; B: 16x8, kWidth and a register 8 further along K.
  EXPECT_EQ(getElemsPerThread(parse(a2), {64, 32}), Vec({4, 8}));
  EXPECT_EQ(getElemsPerThread(parse(b2), {32, 64}), Vec({8, 4}));
  std::string fma = ("#ttg.dot_op<{opIdx = 0, parent = " + kBlocked + "}>").str();
  for (auto shape : {SmallVector<int64_t>{128, 64}, {32, 16}})
    expectElemsMatchLinearLayout(fma, shape);
}

TEST_F(LayoutQueriesTest, LegacyFieldsOfDistributedLayouts) {
  Attribute mma = parse(kMmaV3);
  EXPECT_EQ(getOrder(mma), Vec({1, 0}));
  EXPECT_EQ(getWarpOrder(mma), Vec({0, 1}));
  EXPECT_EQ(getThreadsPerWarp(mma), Vec({8, 4}));
  EXPECT_EQ(getSizePerThread(mma), Vec({1, 2}));
  EXPECT_EQ(getShapePerCTATile(mma), Vec({128, 256}));
  Attribute slice =
      parse(("#ttg.slice<{dim = 0, parent = " + kBlocked + "}>").str());
  EXPECT_EQ(getOrder(slice), Vec({0}));
  EXPECT_EQ(getSizePerThread(slice), Vec({8}));
  // The sliced dimension's threads and warps fold into the neighbour.
  EXPECT_EQ(getThreadsPerWarp(slice), Vec({32}));
  EXPECT_EQ(getWarpsPerCTA(slice), Vec({8}));
  Attribute dot = parse(
      ("#ttg.dot_op<{opIdx = 1, parent = " + kMmaV2 + ", kWidth = 4}>").str());
  EXPECT_EQ(getOrder(dot), Vec({0, 1}));
  EXPECT_EQ(getSizePerThread(dot), Vec({4, 1}));
  EXPECT_EQ(getWarpsPerCTA(dot), Vec({1, 2}));
  Attribute nvmma = parse("#ttg.nvmma_shared<{swizzlingByteWidth = 128, "
                          "transposed = true, elementBitWidth = 16}>");
  EXPECT_EQ(getOrder(nvmma), Vec({0, 1}));
}

//===----------------------------------------------------------------------===//
// Module attributes
//===----------------------------------------------------------------------===//

TEST_F(LayoutQueriesTest, LookupNumWarps) {
  ctx.loadDialect<arith::ArithDialect>();
  OwningOpRef<ModuleOp> mod = parseSourceString<ModuleOp>(R"mlir(
    module attributes {"ttg.num-warps" = 8 : i32, "ttg.num-ctas" = 2 : i32,
                       ttg.target = "cuda:90"} {
      tt.func @f(%a: i32) {
        %0 = arith.addi %a, %a : i32
        ttg.warp_specialize(%a)
        default {
          %1 = arith.addi %a, %a : i32
          ttg.warp_yield
        }
        partition0(%x: i32) num_warps(4) {
          %2 = arith.addi %x, %x : i32
          ttg.warp_return
        }
        partition1(%x: i32) num_warps(1) {
          %3 = arith.addi %x, %x : i32
          ttg.warp_return
        } : (i32) -> ()
        tt.return
      }
      tt.func @g() attributes {"ttg.num-warps" = 2 : i32} {
        tt.return
      }
    })mlir",
                                                         &ctx);
  ASSERT_TRUE(mod);
  EXPECT_EQ(TritonGPUDialect::getNumWarps(*mod), 8);
  EXPECT_EQ(TritonGPUDialect::getNumCTAs(*mod), 2);
  EXPECT_EQ(TritonGPUDialect::getThreadsPerWarp(*mod), 32);
  EXPECT_EQ(getTarget(*mod), "cuda:90");
  // Each addi reports the warps of the code it runs in.
  SmallVector<int> warps;
  mod->walk([&](arith::AddIOp op) { warps.push_back(lookupNumWarps(op)); });
  EXPECT_EQ(warps, SmallVector<int>({8, 8, 4, 1}));
  mod->walk([&](triton::ReturnOp op) {
    if (op->getParentOfType<triton::FuncOp>().getName() == "g")
      EXPECT_EQ(lookupNumWarps(op), 2);
  });
}

} // namespace
