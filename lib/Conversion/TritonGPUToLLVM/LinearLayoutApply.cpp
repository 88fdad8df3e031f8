//===- LinearLayoutApply.cpp - a linear layout applied to runtime indices -===//
//
// A linear layout maps the bits of its inputs (register, lane, warp, block)
// to the bits of its outputs by XOR: output = XOR of the basis vectors of the
// input bits that are set. Lowering a layout to LLVM means building that
// product from the thread's lane and warp ids, and it is built at the head of
// every kernel for every load, store and shared-memory access, so its shape
// decides how much index arithmetic LLVM and ptxas see.
//
// For each runtime input and each output, the input's bits are grouped by how
// far they move (the diagonals of the bit matrix): each group is one `and`
// and one shift, where moving bit by bit costs an `and` and a shift per bit
// (LLVM merges adjacent ones only sometimes). A bit that flips several output
// bits and shares its distance with no other is selected instead (one select
// for its whole column). Terms landing on output bits no other term of the
// input writes are joined by `or disjoint`, the rest by `xor`; the inputs'
// products are joined by `xor`.
//
// Triton 3.6 first packs all runtime inputs into one word (lane in the low
// five bits, the warp above), so that a lane bit and a warp bit moving the
// same distance share a group. Packing always made ptxas schedule two
// kernels worse on an H100/H200 (an fp8 matmul whose B is transposed through
// registers, 0.99 -> 0.87 of Triton; causal attention d128, 1.02 -> 0.97;
// measured 2026-11-27, commit 328526d; packing wherever it saved ops did
// the same, causal attention d128 1.08 -> 0.98, measured 2026-11-27, commit
// 831c718). We pack lane and warp for an output only where the bits of both
// that reach it move as one group: a run of the thread id,
// `(tid << k) & mask` or `(tid >> k) & mask`, as in Triton's code, where
// apart it is two shifts and an `or` over the lane and warp ids. That is a
// 1-D tile's element index running on from the lane bits into the warp bits
// (apart, ptxas answered with branches around predicated shared stores:
// Inductor's group-norm and batch-norm reductions, 0.93-0.94 of Triton;
// measured 2026-11-27, commit 831c718), and the row of a 2-D blocked tile
// whose warps stack along it (a small matmul's copies, 0.974 -> 1.000 of
// Triton; measured 2026-11-28, commit 0d18db8).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;

SmallVector<int32_t> mlir::triton::applyLinearLayoutConst(
    const LinearLayout &layout, ArrayRef<std::pair<StringAttr, int32_t>> ins) {
  LinearLayout::DimValues all;
  for (StringAttr inDim : layout.getInDimNames()) {
    int32_t value = 0;
    for (auto [name, v] : ins)
      if (name == inDim)
        value = v;
    all.push_back({inDim, value});
  }
  SmallVector<int32_t> outs;
  for (auto [dim, value] : layout.apply(all))
    outs.push_back(value);
  return outs;
}

namespace {

/// Joins `terms` pairwise, as a balanced tree (short dependency chains).
Value reduceTree(SmallVector<Value> terms,
                 llvm::function_ref<Value(Value, Value)> join) {
  while (terms.size() > 1) {
    SmallVector<Value> next;
    for (size_t i = 0; i + 1 < terms.size(); i += 2)
      next.push_back(join(terms[i], terms[i + 1]));
    if (terms.size() % 2)
      next.push_back(terms.back());
    terms = std::move(next);
  }
  return terms.empty() ? Value() : terms.front();
}

/// How the product of the bit matrix `columns` (input bit c flips the output
/// bits columns[c]) with an input is built: the groups of bits moving the
/// same distance (one `and`, one shift), and the bits selected whole.
struct ProductPlan {
  SmallVector<std::pair<int, uint32_t>> groups; // (shift, input mask)
  uint32_t selected = 0;                        // input bits selected
  uint32_t sharedRows = 0; // output bits written by two terms or more
};

ProductPlan planProduct(ArrayRef<uint32_t> columns) {
  ProductPlan plan;
  int nCol = columns.size();
  uint32_t allRows = 0;
  for (uint32_t column : columns) {
    plan.sharedRows |= allRows & column;
    allRows |= column;
  }
  if (allRows == 0)
    return plan;
  int nRow = llvm::bit_width(allRows);

  // The input bits that move to output bit c + shift.
  auto diagonal = [&](int shift) {
    uint32_t mask = 0;
    for (int c = std::max(0, -shift); c < nCol && c + shift < nRow; ++c)
      if (columns[c] >> (c + shift) & 1)
        mask |= 1u << c;
    return mask;
  };
  // A bit that flips several output bits and is alone on one of its
  // diagonals is selected (its whole column at once) rather than spread over
  // its diagonals; taking it out can leave another such bit alone. A bit that
  // flips one output bit stays a shift: a select would cost a compare and a
  // predicate for the same result.
  uint32_t multiBit = 0;
  for (int c = 0; c < nCol; ++c)
    if (llvm::popcount(columns[c]) > 1)
      multiBit |= 1u << c;
  for (bool changed = true; changed;) {
    changed = false;
    for (int shift = nRow - 1; shift > -nCol; --shift) {
      uint32_t mask = diagonal(shift) & ~plan.selected;
      if (mask && llvm::isPowerOf2_32(mask) && (mask & multiBit)) {
        plan.selected |= mask;
        changed = true;
      }
    }
  }
  for (int shift = nRow - 1; shift > -nCol; --shift)
    if (uint32_t mask = diagonal(shift) & ~plan.selected)
      plan.groups.push_back({shift, mask});
  return plan;
}

/// The product of `columns` with the input `x`, built as `plan` says; null
/// when the product is 0.
Value emitProduct(Location loc, OpBuilder &b, Value x,
                  ArrayRef<uint32_t> columns, const ProductPlan &plan) {
  auto cst = [&](uint32_t v) { return i32Val(b, loc, static_cast<int32_t>(v)); };
  SmallVector<Value> disjoint, overlapping;
  auto add = [&](Value term, uint32_t rows) {
    (rows & plan.sharedRows ? overlapping : disjoint).push_back(term);
  };
  for (auto [shift, mask] : plan.groups) {
    Value term = LLVM::AndOp::create(b, loc, x, cst(mask));
    uint32_t rows;
    if (shift > 0) {
      term = LLVM::ShlOp::create(b, loc, term, cst(shift));
      rows = mask << shift;
    } else if (shift < 0) {
      term = LLVM::LShrOp::create(b, loc, term, cst(-shift));
      rows = mask >> -shift;
    } else {
      rows = mask;
    }
    add(term, rows);
  }
  for (int c = 0, e = columns.size(); c < e; ++c) {
    if (!(plan.selected >> c & 1) || !columns[c])
      continue;
    Value bit = LLVM::AndOp::create(b, loc, x, cst(1u << c));
    Value unset = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, bit,
                                       cst(0));
    add(LLVM::SelectOp::create(b, loc, unset, cst(0), cst(columns[c])),
        columns[c]);
  }

  auto orDisjoint = [&](Value l, Value r) -> Value {
    return LLVM::OrOp::create(b, loc, l, r, /*isDisjoint=*/true);
  };
  Value orPart = reduceTree(std::move(disjoint), orDisjoint);
  Value xorPart =
      reduceTree(std::move(overlapping), [&](Value l, Value r) -> Value {
        return LLVM::XOrOp::create(b, loc, l, r);
      });
  if (!orPart || !xorPart)
    return orPart ? orPart : xorPart;
  return orDisjoint(orPart, xorPart);
}

} // namespace

SmallVector<Value>
mlir::triton::applyLinearLayout(Location loc, OpBuilder &b,
                                const LinearLayout &layout,
                                ArrayRef<std::pair<StringAttr, Value>> ins) {
  int numOuts = layout.getNumOutDims();
  // Constant inputs fold into one constant per output.
  SmallVector<std::pair<StringAttr, int32_t>> constants;
  SmallVector<std::pair<StringAttr, Value>> runtime;
  for (StringAttr inDim : layout.getInDimNames()) {
    const auto *in = llvm::find_if(
        ins, [&](const auto &named) { return named.first == inDim; });
    int bits = layout.getInDimSizeLog2(inDim);
    if (in == ins.end() || bits == 0)
      continue;
    Value value = in->second;
    if (auto cst = value.getDefiningOp<LLVM::ConstantOp>()) {
      if (auto attr = dyn_cast<IntegerAttr>(cst.getValue())) {
        constants.push_back({inDim, static_cast<int32_t>(attr.getInt())});
        continue;
      }
    }
    // Only the input's own bits: a caller's value may carry higher ones,
    // which the layout ignores. LLVM drops the mask where the value is known
    // to fit (the lane and warp ids of a tid.x with a known range).
    if (bits < 32)
      value = LLVM::AndOp::create(b, loc, value,
                                  i32Val(b, loc, (int64_t{1} << bits) - 1));
    runtime.push_back({inDim, value});
  }

  SmallVector<Value> outs(numOuts);
  auto xorInto = [&](int d, Value term) {
    outs[d] = outs[d] ? LLVM::XOrOp::create(b, loc, outs[d], term) : term;
  };
  auto columnsOf = [&](StringAttr inDim, int d) {
    SmallVector<uint32_t> columns;
    for (int i = 0; i < layout.getInDimSizeLog2(inDim); ++i)
      columns.push_back(layout.getBasis(inDim, i)[d]);
    return columns;
  };
  // The lane and warp ids side by side in one word (lane in the low bits),
  // as the thread id holds them: where the bits of both that reach this
  // output all move the same distance (a run of the thread id's bits, as
  // in a 1-D tile or a blocked tile's row), one `and` and one shift of the
  // thread id make it, where apart it takes two groups and an `or`. Only
  // then: packing where it merely merges some groups among others changed
  // ptxas's schedule of matmul and attention loops for the worse (above).
  // LLVM folds the packing itself back into the thread id.
  MLIRContext *ctx = b.getContext();
  const auto *laneIn = llvm::find_if(
      runtime, [&](const auto &in) { return in.first == kLane(ctx); });
  const auto *warpIn = llvm::find_if(
      runtime, [&](const auto &in) { return in.first == kWarp(ctx); });
  bool canPack = laneIn != runtime.end() && warpIn != runtime.end();
  Value packed;
  for (int d = 0; d < numOuts; ++d) {
    bool pack = false;
    if (canPack) {
      SmallVector<uint32_t> both = columnsOf(kLane(ctx), d);
      both.append(columnsOf(kWarp(ctx), d));
      ProductPlan plan = planProduct(both);
      uint32_t laneMask = (1u << layout.getInDimSizeLog2(kLane(ctx))) - 1;
      pack = both.size() < 32 && plan.groups.size() == 1 &&
             !plan.selected && (plan.groups.front().second & laneMask) &&
             (plan.groups.front().second & ~laneMask);
      if (pack) {
        if (!packed)
          packed = LLVM::OrOp::create(
              b, loc, laneIn->second,
              LLVM::ShlOp::create(
                  b, loc, warpIn->second,
                  i32Val(b, loc, layout.getInDimSizeLog2(kLane(ctx)))),
              /*isDisjoint=*/true);
        xorInto(d, emitProduct(loc, b, packed, both, plan));
      }
    }
    for (auto [inDim, value] : runtime) {
      if (pack && (inDim == kLane(ctx) || inDim == kWarp(ctx)))
        continue;
      SmallVector<uint32_t> columns = columnsOf(inDim, d);
      if (Value product =
              emitProduct(loc, b, value, columns, planProduct(columns)))
        xorInto(d, product);
    }
  }
  SmallVector<int32_t> folded = applyLinearLayoutConst(layout, constants);
  for (int d = 0; d < numOuts; ++d) {
    if (folded[d])
      xorInto(d, i32Val(b, loc, folded[d]));
    if (!outs[d])
      outs[d] = i32Val(b, loc, 0);
  }
  return outs;
}
