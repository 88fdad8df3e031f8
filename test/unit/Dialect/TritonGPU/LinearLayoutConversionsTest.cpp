//===- LinearLayoutConversionsTest.cpp - ttg layouts as linear layouts ----===//
//
// Expected bases are worked out by hand from the layout definitions; each
// list is in (dim0, dim1) order, register bases in the order codegen walks
// them.
//
//===----------------------------------------------------------------------===//
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Tools/LayoutUtils.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

using Bases = std::vector<std::vector<int32_t>>;

class LinearLayoutConversionsTest : public ::testing::Test {
protected:
  LinearLayoutConversionsTest() {
    ctx.loadDialect<TritonDialect, TritonGPUDialect>();
  }

  Attribute parse(StringRef text) {
    Attribute attr = parseAttribute(text, &ctx);
    EXPECT_TRUE(attr) << "cannot parse " << text.str();
    return attr;
  }

  /// A layout over dim0..dim<rank-1> with out-dim sizes from the bases.
  LinearLayout make(ArrayRef<std::pair<StringRef, Bases>> ins, int rank) {
    LinearLayout::BasesT bases;
    for (const auto &[name, dimBases] : ins)
      bases[StringAttr::get(&ctx, name)] = dimBases;
    return LinearLayout(std::move(bases), standardOutDimNames(&ctx, rank));
  }

  LinearLayout convert(StringRef layout, ArrayRef<int64_t> shape) {
    return toLinearLayout(shape, parse(layout));
  }

  MLIRContext ctx;
};

//===----------------------------------------------------------------------===//
// #ttg.blocked
//===----------------------------------------------------------------------===//

constexpr StringLiteral kBlocked1D =
    "#ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], "
    "warpsPerCTA = [4], order = [0]}>";

TEST_F(LinearLayoutConversionsTest, Blocked1DRepeatsRegisters) {
  // One tile is 4 * 32 * 4 = 512 elements; 1024 adds a register bit.
  EXPECT_EQ(convert(kBlocked1D, {1024}),
            make({{"register", {{1}, {2}, {512}}},
                  {"lane", {{4}, {8}, {16}, {32}, {64}}},
                  {"warp", {{128}, {256}}},
                  {"block", {}}},
                 1));
}

TEST_F(LinearLayoutConversionsTest, Blocked1DSmallerThanTileBroadcasts) {
  // 256 elements: the second warp bit duplicates.
  EXPECT_EQ(convert(kBlocked1D, {256}),
            make({{"register", {{1}, {2}}},
                  {"lane", {{4}, {8}, {16}, {32}, {64}}},
                  {"warp", {{128}, {0}}},
                  {"block", {}}},
                 1));
  // 2 elements: everything but the first register duplicates.
  LinearLayout tiny = convert(kBlocked1D, {2});
  EXPECT_EQ(tiny, make({{"register", {{1}, {0}}},
                        {"lane", {{0}, {0}, {0}, {0}, {0}}},
                        {"warp", {{0}, {0}}},
                        {"block", {}}},
                       1));
  EXPECT_EQ(tiny.getFreeVariableMasks().lookup(StringAttr::get(&ctx, "lane")),
            0b11111);
}

TEST_F(LinearLayoutConversionsTest, Blocked2DRowMajor) {
  // The blocked layout of the 128x256x64 matmul's loads.
  LinearLayout layout =
      convert("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], "
              "warpsPerCTA = [8, 1], order = [1, 0]}>",
              {128, 64});
  // Tile 32 x 64; the remaining 128 / 32 = 4 repeat along dim0.
  EXPECT_EQ(layout,
            make({{"register", {{0, 1}, {0, 2}, {0, 4}, {32, 0}, {64, 0}}},
                  {"lane", {{0, 8}, {0, 16}, {0, 32}, {1, 0}, {2, 0}}},
                  {"warp", {{4, 0}, {8, 0}, {16, 0}}},
                  {"block", {}}},
                 2));
  EXPECT_EQ(layout.getNumConsecutiveInOut(), 1); // out-dims are dim0-first
  EXPECT_EQ(layout
                .transposeOuts({StringAttr::get(&ctx, "dim1"),
                                StringAttr::get(&ctx, "dim0")})
                .getNumConsecutiveInOut(),
            8);
}

TEST_F(LinearLayoutConversionsTest, Blocked2DColumnMajor) {
  LinearLayout layout =
      convert("#ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], "
              "warpsPerCTA = [1, 8], order = [0, 1]}>",
              {64, 64});
  // Tile 64 x 32; one more register along dim1.
  EXPECT_EQ(layout, make({{"register", {{1, 0}, {2, 0}, {4, 0}, {0, 32}}},
                          {"lane", {{8, 0}, {16, 0}, {32, 0}, {0, 1}, {0, 2}}},
                          {"warp", {{0, 4}, {0, 8}, {0, 16}}},
                          {"block", {}}},
                         2));
  EXPECT_EQ(layout.getNumConsecutiveInOut(), 8);
}

TEST_F(LinearLayoutConversionsTest, BlockedAcrossCTAs) {
  // Two CTAs, each its own half of dim0.
  auto split = BlockedEncodingAttr::get(
      &ctx, {4}, {32}, {4}, {0},
      CTAEncodingAttr::fromSplitParams(&ctx, {2}, {2}, {0}));
  EXPECT_EQ(toLinearLayout({2048}, split),
            make({{"register", {{1}, {2}, {512}}},
                  {"lane", {{4}, {8}, {16}, {32}, {64}}},
                  {"warp", {{128}, {256}}},
                  {"block", {{1024}}}},
                 1));
  // Two CTAs holding copies of the same data.
  auto copies = BlockedEncodingAttr::get(
      &ctx, {4}, {32}, {4}, {0},
      CTAEncodingAttr::fromSplitParams(&ctx, {2}, {1}, {0}));
  EXPECT_EQ(toLinearLayout({1024}, copies),
            make({{"register", {{1}, {2}, {512}}},
                  {"lane", {{4}, {8}, {16}, {32}, {64}}},
                  {"warp", {{128}, {256}}},
                  {"block", {{0}}}},
                 1));
}

//===----------------------------------------------------------------------===//
// #ttg.slice
//===----------------------------------------------------------------------===//

constexpr StringLiteral kBlocked2D =
    "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], "
    "warpsPerCTA = [8, 1], order = [1, 0]}>";

TEST_F(LinearLayoutConversionsTest, SliceDropsSlicedRegisters) {
  // Parent on [128, 1]: the dim1 registers become zero and are dropped,
  // the dim0 repetitions stay.
  std::string slice1 =
      ("#ttg.slice<{dim = 1, parent = " + kBlocked2D + "}>").str();
  EXPECT_EQ(convert(slice1, {128}), make({{"register", {{32}, {64}}},
                                          {"lane", {{0}, {0}, {0}, {1}, {2}}},
                                          {"warp", {{4}, {8}, {16}}},
                                          {"block", {}}},
                                         1));
  std::string slice0 =
      ("#ttg.slice<{dim = 0, parent = " + kBlocked2D + "}>").str();
  EXPECT_EQ(convert(slice0, {64}), make({{"register", {{1}, {2}, {4}}},
                                         {"lane", {{8}, {16}, {32}, {0}, {0}}},
                                         {"warp", {{0}, {0}, {0}}},
                                         {"block", {}}},
                                        1));
}

//===----------------------------------------------------------------------===//
// #ttg.nvidia_mma
//===----------------------------------------------------------------------===//

constexpr StringLiteral kMmaV2 =
    "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
    "warpsPerCTA = [2, 2], instrShape = [16, 8]}>";

TEST_F(LinearLayoutConversionsTest, MmaV2Accumulator) {
  // Lane 4i + j holds rows i, i + 8 and columns 2j, 2j + 1 of a 16x8 tile.
  EXPECT_EQ(convert(kMmaV2, {32, 16}),
            make({{"register", {{0, 1}, {8, 0}}},
                  {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}},
                  {"warp", {{0, 8}, {16, 0}}},
                  {"block", {}}},
                 2));
  // Repetitions go along N first, then M.
  EXPECT_EQ(convert(kMmaV2, {64, 32}),
            make({{"register", {{0, 1}, {8, 0}, {0, 16}, {32, 0}}},
                  {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}},
                  {"warp", {{0, 8}, {16, 0}}},
                  {"block", {}}},
                 2));
}

TEST_F(LinearLayoutConversionsTest, MmaV3AccumulatorEightWarps) {
  // The 128x256x64 matmul's accumulator at N = 64: warps go down M.
  EXPECT_EQ(convert("#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, "
                    "warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>",
                    {128, 64}),
            make({{"register", {{0, 1}, {8, 0}, {0, 8}, {0, 16}, {0, 32}}},
                  {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}},
                  {"warp", {{16, 0}, {32, 0}, {64, 0}}},
                  {"block", {}}},
                 2));
}

TEST_F(LinearLayoutConversionsTest, MmaV3AccumulatorRepeatsAlongM) {
  // 4 warps cover 64 x 128; a 128 x 128 tensor repeats once along M.
  EXPECT_EQ(
      convert("#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, "
              "warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>",
              {128, 128}),
      make({{"register",
             {{0, 1}, {8, 0}, {0, 8}, {0, 16}, {0, 32}, {0, 64}, {64, 0}}},
            {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}},
            {"warp", {{16, 0}, {32, 0}}},
            {"block", {}}},
           2));
}

//===----------------------------------------------------------------------===//
// #ttg.dot_op
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutConversionsTest, MmaV2OperandA) {
  std::string dot =
      ("#ttg.dot_op<{opIdx = 0, parent = " + kMmaV2 + ", kWidth = 2}>").str();
  // 16x16 tile: pairs along K, 4 lanes along K, 8 along M, then M + 8, then
  // K + 8; warps along N hold the same A (zero basis).
  EXPECT_EQ(convert(dot, {32, 16}),
            make({{"register", {{0, 1}, {8, 0}, {0, 8}}},
                  {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}},
                  {"warp", {{0, 0}, {16, 0}}},
                  {"block", {}}},
                 2));
}

TEST_F(LinearLayoutConversionsTest, MmaV2OperandBKWidth4) {
  std::string dot =
      ("#ttg.dot_op<{opIdx = 1, parent = " + kMmaV2 + ", kWidth = 4}>").str();
  // 32x8 tile: 4 registers along K, 4 lanes along K, 8 lanes along N, then
  // K + 16; warps along M hold the same B.
  EXPECT_EQ(convert(dot, {32, 16}),
            make({{"register", {{1, 0}, {2, 0}, {16, 0}}},
                  {"lane", {{4, 0}, {8, 0}, {0, 1}, {0, 2}, {0, 4}}},
                  {"warp", {{0, 8}, {0, 0}}},
                  {"block", {}}},
                 2));
}

TEST_F(LinearLayoutConversionsTest, DotOperandsAcrossCTAs) {
  // An mma v2 accumulator split along N over 2 CTAs: the operands' CTAs
  // never split K. Each CTA holds all of A (a zero block basis) and its half
  // of B along N; within a CTA, each operand is laid out as with one CTA.
  constexpr StringLiteral kSplitN =
      "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = "
      "[2, 2], CGALayout = [[0, 1]], instrShape = [16, 8]}>";
  StringAttr block = StringAttr::get(&ctx, "block");
  auto operand = [](int opIdx, StringRef parent) {
    return ("#ttg.dot_op<{opIdx = " + Twine(opIdx) + ", parent = " + parent +
            ", kWidth = 2}>")
        .str();
  };
  // {opIdx, shape, the one CTA's shape, the CTA's block basis}
  struct Case {
    int opIdx;
    SmallVector<int64_t> shape, perCTA;
    std::vector<int32_t> basis;
  };
  for (const Case &c : {Case{0, {32, 16}, {32, 16}, {0, 0}},
                        Case{1, {16, 32}, {16, 16}, {0, 16}}}) {
    LinearLayout layout = convert(operand(c.opIdx, kSplitN), c.shape);
    EXPECT_EQ(layout.getBasis(block, 0).vec(), c.basis) << "opIdx " << c.opIdx;
    EXPECT_EQ(getLayoutWithinBlock(layout),
              getLayoutWithinBlock(convert(operand(c.opIdx, kMmaV2), c.perCTA)))
        << "opIdx " << c.opIdx;
  }
  // FMA operands alike: a blocked accumulator split along N.
  LinearLayout fmaA = convert(
      "#ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 4], "
      "threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0], "
      "CGALayout = [[0, 1]]}>}>",
      {32, 8});
  EXPECT_EQ(fmaA.getBasis(block, 0).vec(), (std::vector<int32_t>{0, 0}));
}

TEST_F(LinearLayoutConversionsTest, MmaV3OperandA) {
  // The 128x256x64 matmul's A in registers: 8 warps down M, K repeats.
  EXPECT_EQ(convert("#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{"
                    "versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], "
                    "instrShape = [16, 64, 16]}>, kWidth = 2}>",
                    {128, 64}),
            make({{"register", {{0, 1}, {8, 0}, {0, 8}, {0, 16}, {0, 32}}},
                  {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}},
                  {"warp", {{16, 0}, {32, 0}, {64, 0}}},
                  {"block", {}}},
                 2));
}

TEST_F(LinearLayoutConversionsTest, FmaOperandA) {
  // Each thread holds all of K; lanes and warps along K broadcast.
  EXPECT_EQ(
      convert("#ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread "
              "= [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], "
              "order = [1, 0]}>}>",
              {32, 8}),
      make({{"register", {{0, 1}, {0, 2}, {0, 4}, {16, 0}}},
            {"lane", {{0, 0}, {0, 0}, {1, 0}, {2, 0}, {4, 0}}},
            {"warp", {{0, 0}, {8, 0}}},
            {"block", {}}},
           2));
}

//===----------------------------------------------------------------------===//
// #ttg.swizzled_shared
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutConversionsTest, SwizzledShared) {
  // Row r's pairs are XOR-ed with (r / 2) % 4.
  EXPECT_EQ(
      convert("#ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = "
              "4, order = [1, 0]}>",
              {16, 16}),
      make({{"offset",
             {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}, {2, 2}, {4, 4}, {8, 0}}},
            {"block", {}}},
           2));
}

TEST_F(LinearLayoutConversionsTest, SwizzledSharedColumnMajor) {
  // dim0 is contiguous; rows run along dim1.
  EXPECT_EQ(convert("#ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = "
                    "4, order = [0, 1]}>",
                    {8, 4}),
            make({{"offset", {{1, 0}, {2, 0}, {4, 0}, {0, 1}, {2, 2}}},
                  {"block", {}}},
                 2));
}

TEST_F(LinearLayoutConversionsTest, UnswizzledShared1D) {
  EXPECT_EQ(
      convert("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = "
              "1, order = [0]}>",
              {128}),
      make({{"offset", {{1}, {2}, {4}, {8}, {16}, {32}, {64}}}, {"block", {}}},
           1));
}

//===----------------------------------------------------------------------===//
// #ttg.nvmma_shared
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutConversionsTest, NvmmaShared128B) {
  // 8 rows of 64 halves; 16-byte chunk c of row r lands at c ^ r.
  EXPECT_EQ(convert("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed "
                    "= false, elementBitWidth = 16}>",
                    {128, 64}),
            make({{"offset",
                   {{0, 1},
                    {0, 2},
                    {0, 4},
                    {0, 8},
                    {0, 16},
                    {0, 32},
                    {1, 8},
                    {2, 16},
                    {4, 32},
                    {8, 0},
                    {16, 0},
                    {32, 0},
                    {64, 0}}},
                  {"block", {}}},
                 2));
}

TEST_F(LinearLayoutConversionsTest, NvmmaShared128BWiderThanSwizzle) {
  // Columns 64..127 form a second box after all rows of the first.
  LinearLayout layout =
      convert("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = "
              "false, elementBitWidth = 16}>",
              {128, 128});
  EXPECT_EQ(layout, make({{"offset",
                           {{0, 1},
                            {0, 2},
                            {0, 4},
                            {0, 8},
                            {0, 16},
                            {0, 32},
                            {1, 8},
                            {2, 16},
                            {4, 32},
                            {8, 0},
                            {16, 0},
                            {32, 0},
                            {64, 0},
                            {0, 64}}},
                          {"block", {}}},
                         2));
}

TEST_F(LinearLayoutConversionsTest, NvmmaShared64BAnd32B) {
  // 64B: chunk c of row r at c ^ ((r / 2) % 4).
  EXPECT_EQ(convert("#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed "
                    "= false, elementBitWidth = 16}>",
                    {64, 32}),
            make({{"offset",
                   {{0, 1},
                    {0, 2},
                    {0, 4},
                    {0, 8},
                    {0, 16},
                    {1, 0},
                    {2, 8},
                    {4, 16},
                    {8, 0},
                    {16, 0},
                    {32, 0}}},
                  {"block", {}}},
                 2));
  // 32B: chunk c of row r at c ^ ((r / 4) % 2).
  EXPECT_EQ(
      convert("#ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed "
              "= false, elementBitWidth = 16}>",
              {16, 16}),
      make({{"offset",
             {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 8}, {8, 0}}},
            {"block", {}}},
           2));
}

TEST_F(LinearLayoutConversionsTest, NvmmaSharedTransposed) {
  // dim0 is contiguous: the 128B pattern with the two dims swapped.
  EXPECT_EQ(convert("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed "
                    "= true, elementBitWidth = 16}>",
                    {64, 64}),
            make({{"offset",
                   {{1, 0},
                    {2, 0},
                    {4, 0},
                    {8, 0},
                    {16, 0},
                    {32, 0},
                    {8, 1},
                    {16, 2},
                    {32, 4},
                    {0, 8},
                    {0, 16},
                    {0, 32}}},
                  {"block", {}}},
                 2));
}

TEST_F(LinearLayoutConversionsTest, NvmmaSharedUnswizzledAndCoreMatrix) {
  EXPECT_EQ(convert("#ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed "
                    "= false, elementBitWidth = 16}>",
                    {32, 16}),
            make({{"offset",
                   {{0, 1},
                    {0, 2},
                    {0, 4},
                    {0, 8},
                    {1, 0},
                    {2, 0},
                    {4, 0},
                    {8, 0},
                    {16, 0}}},
                  {"block", {}}},
                 2));
  auto shared = cast<NVMMASharedEncodingAttr>(
      parse("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
            "elementBitWidth = 16}>"));
  EXPECT_EQ(getCoreMatrixLinearLayout(shared, /*disableSwizzle=*/true),
            make({{"offset",
                   {{0, 1},
                    {0, 2},
                    {0, 4},
                    {0, 8},
                    {0, 16},
                    {0, 32},
                    {1, 0},
                    {2, 0},
                    {4, 0}}}},
                 2));
  // The register -> shared map of a swizzled store is a permutation.
  LinearLayout smem = nvmmaSharedToLinearLayout({128, 64}, shared);
  EXPECT_TRUE(smem.isInvertible());
}

//===----------------------------------------------------------------------===//
// Types and refusals
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutConversionsTest, MemDescUsesAllocationShape) {
  Attribute shared = parse("#ttg.nvmma_shared<{swizzlingByteWidth = 128, "
                           "transposed = false, elementBitWidth = 16}>");
  auto f16 = Float16Type::get(&ctx);
  auto smem = SharedMemorySpaceAttr::get(&ctx);
  // One buffer of a 3-stage allocation: the layout of the 128x64 buffer.
  auto view = MemDescType::get({128, 64}, f16, shared, smem,
                               /*mutableMemory=*/true, {3, 128, 64});
  EXPECT_EQ(toLinearLayout(view), toLinearLayout({128, 64}, shared));
  auto tensor = RankedTensorType::get({1024}, f16, parse(kBlocked1D));
  EXPECT_EQ(toLinearLayout(tensor), convert(kBlocked1D, {1024}));
}

TEST_F(LinearLayoutConversionsTest, RefusesWithDiagnostics) {
  std::string message;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  auto emit = [&] { return emitError(UnknownLoc::get(&ctx)); };
  EXPECT_TRUE(failed(tryToLinearLayout({100}, parse(kBlocked1D), emit)));
  EXPECT_NE(message.find("powers of two"), std::string::npos) << message;
  EXPECT_TRUE(failed(tryToLinearLayout({16, 16}, parse(kBlocked1D), emit)));
  EXPECT_NE(message.find("rank 1 for a rank-2"), std::string::npos) << message;
  // 32 halves are narrower than one 128-byte row.
  EXPECT_TRUE(failed(tryToLinearLayout(
      {64, 32},
      parse("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
            "elementBitWidth = 16}>"),
      emit)));
  EXPECT_NE(message.find("narrower than one 128-byte"), std::string::npos)
      << message;
  auto ok = tryToLinearLayout({1024}, parse(kBlocked1D), emit);
  ASSERT_TRUE(succeeded(ok));
  EXPECT_EQ(*ok, convert(kBlocked1D, {1024}));
}

//===----------------------------------------------------------------------===//
// #ttg.linear bases fitted to a shape
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutConversionsTest, LinearEncodingOrderAndFit) {
  // The wgmma accumulator of a 128x16 tile, written as #ttg.linear bases.
  LinearLayout encoded =
      make({{"register", {{0, 1}, {8, 0}, {0, 8}, {64, 0}}},
            {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}},
            {"warp", {{16, 0}, {32, 0}}},
            {"block", {}}},
           2);
  StringAttr kRegister = StringAttr::get(&ctx, "register");
  StringAttr kWarp = StringAttr::get(&ctx, "warp");
  EXPECT_EQ(getLinearLayoutOrder(encoded, kRegister, {1, 0}),
            (SmallVector<unsigned>{1, 0}));
  EXPECT_EQ(getLinearLayoutOrder(encoded, kWarp, {1, 0}),
            (SmallVector<unsigned>{0, 1}));
  EXPECT_EQ(fitLinearEncoding(encoded, {128, 16}), encoded);
  // Larger along dim0: one more register.
  EXPECT_EQ(fitLinearEncoding(encoded, {256, 16}),
            make({{"register", {{0, 1}, {8, 0}, {0, 8}, {64, 0}, {128, 0}}},
                  {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}},
                  {"warp", {{16, 0}, {32, 0}}},
                  {"block", {}}},
                 2));
  // Smaller: the registers beyond go, a warp beyond duplicates.
  EXPECT_EQ(fitLinearEncoding(encoded, {32, 8}),
            make({{"register", {{0, 1}, {8, 0}}},
                  {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}},
                  {"warp", {{16, 0}, {0, 0}}},
                  {"block", {}}},
                 2));
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutConversionsTest, NumRegisters) {
  Attribute blocked = parse(kBlocked1D);
  EXPECT_EQ(getNumRegisters({1024}, blocked), 8u);
  EXPECT_EQ(getNumRegisters({512}, blocked), 4u);
  // Smaller than a tile: the thread still holds 4 (duplicated) registers.
  EXPECT_EQ(getNumRegisters({2}, blocked), 4u);
}

TEST_F(LinearLayoutConversionsTest, SharedVectorization) {
  LinearLayout regs = convert(kBlocked2D, {128, 64});
  // 8 halves per thread along dim1; the 128B swizzle moves 16-byte chunks.
  LinearLayout nvmma =
      convert("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = "
              "false, elementBitWidth = 16}>",
              {128, 64});
  EXPECT_EQ(getSharedVectorization(regs, nvmma), 8);
  EXPECT_EQ(getSharedVectorization(regs, nvmma, /*maxElems=*/4), 4);
  // A vec = 2 swizzle breaks runs after 2 elements.
  LinearLayout pairs =
      convert("#ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 8, "
              "order = [1, 0]}>",
              {128, 64});
  EXPECT_EQ(getSharedVectorization(regs, pairs), 2);
  // A column-major buffer: consecutive registers are 128 elements apart.
  LinearLayout columns =
      convert("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, "
              "order = [0, 1]}>",
              {128, 64});
  EXPECT_EQ(getSharedVectorization(regs, columns), 1);
  // The wgmma accumulator holds column pairs.
  LinearLayout acc =
      convert("#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, "
              "warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>",
              {128, 64});
  EXPECT_EQ(getSharedVectorization(acc, nvmma), 2);
}

} // namespace

//===----------------------------------------------------------------------===//
// #ttg.linear and #ttg.shared_linear
//===----------------------------------------------------------------------===//

constexpr StringLiteral kLinear1D =
    "#ttg.linear<{register = [[1]], lane = [[2], [4], [8], [16], [32]], "
    "warp = [[64], [128]], block = []}>";

TEST_F(LinearLayoutConversionsTest, LinearIsItsOwnMapAtItsSize) {
  EXPECT_EQ(convert(kLinear1D, {256}),
            make({{"register", {{1}}},
                  {"lane", {{2}, {4}, {8}, {16}, {32}}},
                  {"warp", {{64}, {128}}},
                  {"block", {}}},
                 1));
}

TEST_F(LinearLayoutConversionsTest, LinearRepeatsInRegistersAndBroadcasts) {
  // Twice the size: one more register basis.
  EXPECT_EQ(convert(kLinear1D, {512}),
            make({{"register", {{1}, {256}}},
                  {"lane", {{2}, {4}, {8}, {16}, {32}}},
                  {"warp", {{64}, {128}}},
                  {"block", {}}},
                 1));
  // Half the size: the last warp basis duplicates.
  EXPECT_EQ(convert(kLinear1D, {128}),
            make({{"register", {{1}}},
                  {"lane", {{2}, {4}, {8}, {16}, {32}}},
                  {"warp", {{64}, {0}}},
                  {"block", {}}},
                 1));
}

TEST_F(LinearLayoutConversionsTest, SharedLinearFitsTheShape) {
  LinearLayout ll = convert(
      "#ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0]]}, alignment = 16>",
      {4, 4});
  EXPECT_EQ(ll.getInDimSize(StringAttr::get(&ctx, "offset")), 16);
  EXPECT_EQ(ll.getBasis(StringAttr::get(&ctx, "offset"), 3),
            ArrayRef<int32_t>({2, 0}));
}

TEST_F(LinearLayoutConversionsTest, LinearOfTheWrongRankIsRefused) {
  EXPECT_TRUE(failed(tryToLinearLayout({16, 16}, parse(kLinear1D),
                                       [] { return InFlightDiagnostic(); })));
}
