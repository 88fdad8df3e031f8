//===- LinearLayoutApplyTest.cpp - applyLinearLayout's code, evaluated ----===//
//
// applyLinearLayout builds the index arithmetic of every load, store and
// shared-memory access. These tests build it for hand-picked and random
// layouts, then evaluate the LLVM dialect ops it made for every input and
// compare with LinearLayout::apply. Every `or disjoint` is checked to join
// values with no common bit: a wrong flag would be undefined behaviour in
// LLVM, silently wrong code on the GPU.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/TypeSwitch.h"

#include <gtest/gtest.h>
#include <random>

using namespace mlir;
using namespace mlir::triton;

namespace {

class LinearLayoutApplyTest : public ::testing::Test {
protected:
  LinearLayoutApplyTest() { ctx.loadDialect<LLVM::LLVMDialect>(); }

  StringAttr S(StringRef name) { return StringAttr::get(&ctx, name); }

  /// The ops made by applyLinearLayout(layout, inputs), inputs bound to
  /// block arguments; those listed in `constants` are passed as constants.
  struct Built {
    OwningOpRef<ModuleOp> module;
    Block *block = nullptr;
    SmallVector<Value> outs;
    int numOps = 0;
    int numNonConstantOps = 0;
  };
  Built build(const LinearLayout &layout, ArrayRef<StringAttr> runtime,
              ArrayRef<std::pair<StringAttr, int32_t>> constants) {
    Built built;
    Location loc = UnknownLoc::get(&ctx);
    built.module = ModuleOp::create(loc);
    OpBuilder b(&ctx);
    Type i32 = b.getI32Type();
    built.block = new Block();
    b.setInsertionPointToStart(built.module->getBody());
    auto func = LLVM::LLVMFuncOp::create(
        b, loc, "f",
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(&ctx),
                                    SmallVector<Type>(runtime.size(), i32)));
    func.getBody().push_back(built.block);
    SmallVector<std::pair<StringAttr, Value>> ins;
    for (StringAttr dim : runtime)
      ins.push_back({dim, built.block->addArgument(i32, loc)});
    b.setInsertionPointToStart(built.block);
    for (auto [dim, value] : constants)
      ins.push_back({dim, LLVM::ConstantOp::create(
                              b, loc, i32, b.getI32IntegerAttr(value))});
    int before = built.block->getOperations().size();
    built.outs = applyLinearLayout(loc, b, layout, ins);
    built.numOps = built.block->getOperations().size() - before;
    for (Operation &op : *built.block)
      if (!isa<LLVM::ConstantOp>(op))
        ++built.numNonConstantOps;
    return built;
  }

  /// Evaluates the block for the given argument values; fails the test on an
  /// op it does not know or on an `or disjoint` of overlapping values.
  SmallVector<uint32_t> evaluate(const Built &built, ArrayRef<uint32_t> args) {
    DenseMap<Value, uint32_t> values;
    for (auto [arg, v] : llvm::zip(built.block->getArguments(), args))
      values[arg] = v;
    for (Operation &op : *built.block) {
      auto in = [&](int i) { return values.lookup(op.getOperand(i)); };
      std::optional<uint32_t> result =
          llvm::TypeSwitch<Operation *, std::optional<uint32_t>>(&op)
              .Case([&](LLVM::ConstantOp c) -> std::optional<uint32_t> {
                auto attr = cast<IntegerAttr>(c.getValue());
                return static_cast<uint32_t>(attr.getValue().getZExtValue());
              })
              .Case([&](LLVM::AndOp) { return in(0) & in(1); })
              .Case([&](LLVM::XOrOp) { return in(0) ^ in(1); })
              .Case([&](LLVM::OrOp o) {
                if (o.getIsDisjoint())
                  EXPECT_EQ(in(0) & in(1), 0u) << "or disjoint overlaps";
                return in(0) | in(1);
              })
              .Case([&](LLVM::ShlOp) { return in(0) << in(1); })
              .Case([&](LLVM::LShrOp) { return in(0) >> in(1); })
              .Case([&](LLVM::MulOp) { return in(0) * in(1); })
              .Case([&](LLVM::ICmpOp c) -> std::optional<uint32_t> {
                if (c.getPredicate() != LLVM::ICmpPredicate::eq)
                  return std::nullopt;
                return in(0) == in(1) ? 1u : 0u;
              })
              .Case([&](LLVM::SelectOp) { return in(0) ? in(1) : in(2); })
              .Default([](Operation *) { return std::nullopt; });
      if (!result) {
        ADD_FAILURE() << "unexpected op " << op.getName().getStringRef().str();
        return {};
      }
      values[op.getResult(0)] = *result;
    }
    SmallVector<uint32_t> outs;
    for (Value out : built.outs)
      outs.push_back(values.lookup(out));
    return outs;
  }

  /// Checks the built code against LinearLayout::apply for every value of the
  /// runtime inputs (each within its dimension's size).
  void expectMatches(const LinearLayout &layout, ArrayRef<StringAttr> runtime,
                     ArrayRef<std::pair<StringAttr, int32_t>> constants = {},
                     uint32_t highBits = 0) {
    Built built = build(layout, runtime, constants);
    int total = 1;
    for (StringAttr dim : runtime)
      total *= layout.getInDimSize(dim);
    for (int flat = 0; flat < total; ++flat) {
      SmallVector<uint32_t> args;
      LinearLayout::DimValues want;
      int rest = flat;
      for (StringAttr dim : runtime) {
        int size = layout.getInDimSize(dim);
        // Bits above the dimension's size are ignored by the layout.
        args.push_back((rest % size) | highBits * size);
        want.push_back({dim, rest % size});
        rest /= size;
      }
      want.append(constants.begin(), constants.end());
      SmallVector<uint32_t> got = evaluate(built, args);
      if (HasFailure())
        return;
      SmallVector<int32_t> expected = applyLinearLayoutConst(layout, want);
      for (int d = 0; d < layout.getNumOutDims(); ++d)
        ASSERT_EQ(got[d], static_cast<uint32_t>(expected[d]))
            << "output " << d << " at input " << flat;
    }
  }

  MLIRContext ctx;
};

// A 64x32 tile over 8 warps (the FMA matmul's A loads): lane bits 3-4 move
// to row bits 0-1, warp bits 0-2 to row bits 2-4, lane bits 0-2 to column
// bits 2-4. Each input's bits that move the same distance move together: a
// mask per input, then one `and` and one shift per group (17 ops with their
// constants), where moving bit by bit takes four ops per bit (over 30).
TEST_F(LinearLayoutApplyTest, BitsMovingTogether) {
  StringAttr lane = S("lane"), warp = S("warp");
  LinearLayout layout(
      {{lane, {{0, 4}, {0, 8}, {0, 16}, {1, 0}, {2, 0}}},
       {warp, {{4, 0}, {8, 0}, {16, 0}}}},
      {{S("dim0"), 64}, {S("dim1"), 32}}, /*requireSurjective=*/false);
  expectMatches(layout, {lane, warp});
  Built built = build(layout, {lane, warp}, {});
  EXPECT_LE(built.numOps, 17);
}

/// Whether `built` packs lane and warp into one word (the warp id shifted
/// past the lane's five bits; none of the layouts tested moves a group by
/// five).
bool packsThreadId(Block &block) {
  for (Operation &op : block)
    if (auto shl = dyn_cast<LLVM::ShlOp>(op))
      if (auto c = shl.getRhs().getDefiningOp<LLVM::ConstantOp>())
        if (cast<IntegerAttr>(c.getValue()).getInt() == 5)
          return true;
  return false;
}

// A tile's element index running on from the lane bits into the warp bits
// (four elements a thread, 32 lanes, 16 warps: lane << 2 | warp << 7, as in
// Inductor's reductions): packed, lane and warp move as one group, which is
// `(tid << 2) & 2044` once LLVM folds the packing into the thread id. Apart
// it is two groups and an `or`.
TEST_F(LinearLayoutApplyTest, LaneRunningIntoWarp) {
  StringAttr lane = S("lane"), warp = S("warp");
  LinearLayout layout({{lane, {{4}, {8}, {16}, {32}, {64}}},
                       {warp, {{128}, {256}, {512}, {1024}}}},
                      {{S("dim0"), 2048}}, /*requireSurjective=*/false);
  expectMatches(layout, {lane, warp});
  Built built = build(layout, {lane, warp}, {});
  // The two input masks, the packing (shl, or) and one group (and, shl).
  EXPECT_EQ(built.numNonConstantOps, 6);
}

// Random 1-D tiles (the packed path): lane and warp bits run on at a random
// shift in dim0, next to register bits below them, a second output the
// lane and warp bits do not reach, and block bits; every input value
// checked, registers given at runtime and as a constant.
TEST_F(LinearLayoutApplyTest, RandomThreadIdRuns) {
  std::mt19937 rng(17);
  StringAttr reg = S("register"), lane = S("lane"), warp = S("warp"),
             block = S("block");
  for (int trial = 0; trial < 100; ++trial) {
    int regBits = rng() % 4, warpBits = 1 + rng() % 3, blockBits = rng() % 2;
    int shift = regBits + rng() % 2;
    std::vector<std::vector<int32_t>> regs, lanes, warps, blocks;
    for (int i = 0; i < regBits; ++i)
      regs.push_back({rng() % 3 ? 1 << i : 1 << (shift + 5 + warpBits + i),
                      static_cast<int32_t>(rng() % 2)});
    for (int i = 0; i < 5; ++i)
      lanes.push_back({1 << (shift + i), 0});
    for (int i = 0; i < warpBits; ++i)
      warps.push_back({1 << (shift + 5 + i), 0});
    for (int i = 0; i < blockBits; ++i)
      blocks.push_back({0, 1});
    LinearLayout layout({{reg, regs}, {lane, lanes}, {warp, warps},
                         {block, blocks}},
                        {{S("dim0"), 1 << (shift + 5 + warpBits + regBits)},
                         {S("dim1"), 2}},
                        /*requireSurjective=*/false);
    SCOPED_TRACE(layout.toString());
    expectMatches(layout, {reg, lane, warp, block});
    expectMatches(layout, {lane, warp},
                  {{reg, layout.getInDimSize(reg) > 1 ? 1 : 0}});
    if (HasFailure())
      return;
    // Packed: the warp id shifted past the lane's five bits (no group of
    // these layouts moves by five).
    Built built = build(layout, {reg, lane, warp, block}, {});
    EXPECT_TRUE(packsThreadId(*built.block));
  }
}

// The row of a 2-D blocked tile (sizePerThread [1, 8], threadsPerWarp
// [8, 4], warpsPerCTA [4, 1]: a matmul's 64x32 A tile): lane bits 2-4 and
// both warp bits are one run of the thread id into the row, `(tid >> 2) &
// 31`, while lane bits 0-1 go to the column. Packed for the row (one group
// where apart it is two and an `or`), as Triton does; the column, which no
// warp bit reaches, is the lane's alone.
TEST_F(LinearLayoutApplyTest, RowOfABlockedTile) {
  StringAttr lane = S("lane"), warp = S("warp");
  LinearLayout layout(
      {{lane, {{0, 8}, {0, 16}, {1, 0}, {2, 0}, {4, 0}}},
       {warp, {{8, 0}, {16, 0}}}},
      {{S("dim0"), 64}, {S("dim1"), 32}}, /*requireSurjective=*/false);
  expectMatches(layout, {lane, warp});
  Built built = build(layout, {lane, warp}, {});
  EXPECT_TRUE(packsThreadId(*built.block));
}

// Random 2-D blocked tiles: the low lane bits go to the column, the others
// and every warp bit run on into the row at a random distance; register
// bits below and above. Every input value checked; the row packed.
TEST_F(LinearLayoutApplyTest, RandomBlockedRows) {
  std::mt19937 rng(29);
  StringAttr reg = S("register"), lane = S("lane"), warp = S("warp");
  for (int trial = 0; trial < 100; ++trial) {
    int colLaneBits = 1 + rng() % 4, warpBits = 1 + rng() % 3;
    int colShift = rng() % 4, rowShift = rng() % 3;
    int rowLaneBits = 5 - colLaneBits;
    int rowBits = rowShift + rowLaneBits + warpBits + 1;
    std::vector<std::vector<int32_t>> regs, lanes, warps;
    for (int i = 0; i < colShift; ++i)
      regs.push_back({0, 1 << i});
    for (int i = 0; i < rowShift; ++i)
      regs.push_back({1 << i, 0});
    regs.push_back({1 << (rowBits - 1), 0});
    for (int i = 0; i < colLaneBits; ++i)
      lanes.push_back({0, 1 << (colShift + i)});
    for (int i = 0; i < rowLaneBits; ++i)
      lanes.push_back({1 << (rowShift + i), 0});
    for (int i = 0; i < warpBits; ++i)
      warps.push_back({1 << (rowShift + rowLaneBits + i), 0});
    LinearLayout layout({{reg, regs}, {lane, lanes}, {warp, warps}},
                        {{S("dim0"), 1 << rowBits},
                         {S("dim1"), 1 << (colShift + colLaneBits)}},
                        /*requireSurjective=*/false);
    SCOPED_TRACE(layout.toString());
    expectMatches(layout, {reg, lane, warp});
    expectMatches(layout, {lane, warp}, {{reg, 1}});
    if (HasFailure())
      return;
    Built built = build(layout, {reg, lane, warp}, {});
    EXPECT_TRUE(packsThreadId(*built.block));
  }
}

// Lane and warp bits moving different distances stay apart: packing would
// only add its own ops.
TEST_F(LinearLayoutApplyTest, LaneAndWarpApart) {
  StringAttr lane = S("lane"), warp = S("warp");
  LinearLayout layout({{lane, {{1}, {2}, {4}, {8}, {16}}},
                       {warp, {{64}, {128}}}},
                      {{S("dim0"), 256}}, /*requireSurjective=*/false);
  expectMatches(layout, {lane, warp});
  Built built = build(layout, {lane, warp}, {});
  // The two input masks, lane's group (and), warp's group (and, shl), or.
  // Packed it would be 8: the masks, the packing and two groups joined.
  EXPECT_EQ(built.numNonConstantOps, 6);
}

// Swizzled shared memory: output bits flipped by two inputs each (xor), and
// columns with several bits.
TEST_F(LinearLayoutApplyTest, SwizzledColumns) {
  StringAttr lane = S("lane"), warp = S("warp");
  LinearLayout layout({{lane, {{1}, {2}, {4}, {8 | 1}, {16 | 2}}},
                       {warp, {{32 | 4}, {64}}}},
                      {{S("offset"), 128}}, /*requireSurjective=*/false);
  expectMatches(layout, {lane, warp});
}

// Constant inputs fold; a register input may be given at runtime too.
TEST_F(LinearLayoutApplyTest, ConstantAndRuntimeInputs) {
  StringAttr reg = S("register"), lane = S("lane"), warp = S("warp");
  LinearLayout layout({{reg, {{0, 1}, {64, 0}}},
                       {lane, {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}},
                       {warp, {{8, 0}, {0, 8}}}},
                      {{S("dim0"), 128}, {S("dim1"), 16}},
                      /*requireSurjective=*/false);
  expectMatches(layout, {lane, warp}, {{reg, 3}});
  expectMatches(layout, {reg, lane, warp});
  expectMatches(layout, {lane}, {{reg, 2}, {warp, 1}});
}

// Values carrying bits above their dimension's size: the layout ignores them.
TEST_F(LinearLayoutApplyTest, HighInputBitsIgnored) {
  StringAttr lane = S("lane"), warp = S("warp");
  LinearLayout layout({{lane, {{4}, {8}, {1}, {2}, {16}}}, {warp, {{32}}}},
                      {{S("dim0"), 64}}, /*requireSurjective=*/false);
  expectMatches(layout, {lane, warp}, {}, /*highBits=*/5);
}

// A wide runtime input (30 bits) beside a narrow one.
TEST_F(LinearLayoutApplyTest, WideInputs) {
  StringAttr a = S("register"), c = S("lane");
  std::vector<std::vector<int32_t>> wide, narrow;
  for (int i = 0; i < 30; ++i)
    wide.push_back({1 << (i % 8)});
  for (int i = 0; i < 3; ++i)
    narrow.push_back({1 << (7 - i)});
  LinearLayout layout({{a, wide}, {c, narrow}}, {{S("dim0"), 256}},
                      /*requireSurjective=*/false);
  Built built = build(layout, {a, c}, {});
  std::mt19937 rng(7);
  for (int trial = 0; trial < 2000; ++trial) {
    uint32_t x = rng() & ((1u << 30) - 1), y = rng() & 7;
    SmallVector<uint32_t> got = evaluate(built, {x, y});
    ASSERT_FALSE(HasFailure());
    SmallVector<int32_t> want = applyLinearLayoutConst(
        layout, {{a, static_cast<int32_t>(x)}, {c, static_cast<int32_t>(y)}});
    ASSERT_EQ(got[0], static_cast<uint32_t>(want[0])) << x << " " << y;
  }
}

// Random layouts of register, lane, warp and block bits onto two outputs,
// every input value checked.
TEST_F(LinearLayoutApplyTest, RandomLayouts) {
  std::mt19937 rng(2026);
  StringAttr reg = S("register"), lane = S("lane"), warp = S("warp"),
             block = S("block");
  for (int trial = 0; trial < 300; ++trial) {
    int outBits0 = rng() % 9, outBits1 = rng() % 6;
    auto basis = [&]() -> std::vector<int32_t> {
      // Mostly single bits (as in real layouts), sometimes zero or several.
      auto pick = [&](int bits) -> int32_t {
        if (bits == 0)
          return 0;
        switch (rng() % 4) {
        case 0:
          return 0;
        case 1:
          return rng() % (1 << bits);
        default:
          return 1 << (rng() % bits);
        }
      };
      return {pick(outBits0), pick(outBits1)};
    };
    auto bases = [&](int n) {
      std::vector<std::vector<int32_t>> v;
      for (int i = 0; i < n; ++i)
        v.push_back(basis());
      return v;
    };
    LinearLayout layout({{reg, bases(rng() % 3)},
                         {lane, bases(5)},
                         {warp, bases(rng() % 4)},
                         {block, bases(rng() % 3)}},
                        {{S("dim0"), 1 << outBits0}, {S("dim1"), 1 << outBits1}},
                        /*requireSurjective=*/false);
    SCOPED_TRACE(layout.toString());
    expectMatches(layout, {lane, warp, block},
                  {{reg, layout.getInDimSize(reg) > 1 ? 1 : 0}});
    expectMatches(layout, {reg, lane, warp});
    if (HasFailure())
      return;
  }
}

} // namespace
