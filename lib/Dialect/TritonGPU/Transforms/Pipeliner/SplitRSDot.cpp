//===- SplitRSDot.cpp - warp-group dots with A in registers, split along K ===//
//
// A wgmma reads its register operand A until it retires, so registers that
// a loop rewrites every iteration (A loaded from shared memory and upcast,
// say) must not be reused while the previous iteration's dot is in flight;
// otherwise ptxas serializes every wgmma of the kernel (its C7515 warning).
// Triton 3.6 splits such a dot along K into dots of the instruction's K
// (16 for 16-bit operands), each waited for once the same split of the next
// iteration is issued, so the conversion of one split overlaps the wgmmas of
// the others:
//
//   %a = arith.sitofp %l : (i8 -> bf16, 128x64, #dot_op)
//   %d = ttng.warp_group_dot %a, %b, %acc {isAsync = true}
//   // becomes
//   %r = tt.reshape %a : 128x64 #dot_op -> 128x2x2x16 #linear
//   %t = tt.trans %r {order = [0, 3, 2, 1]}
//   %h0, %h1 = tt.split %t
//   %a0, %a1 = tt.split %h0
//   %a2, %a3 = tt.split %h1
//   %c0 = ttg.convert_layout %a0 : -> 128x16 #dot_op  (no data moves)
//   %b0 = ttg.memdesc_subslice %b[0, 0] : -> 16x128
//   %d0 = ttng.warp_group_dot %c0, %b0, %acc {isAsync = true}
//   %w0:2 = ttng.warp_group_dot_wait %d0, %b0 {pendings = 3}
//   %d1 = ttng.warp_group_dot %c1, %b1, %w0#0 ...
//
//===----------------------------------------------------------------------===//
#include "Pipeliner.h"

#include "Dialect/Triton/IR/LayoutInference.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include <numeric>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

/// `a` (M x K) as K / newK tensors of M x newK in a's layout: reshaped to
/// M x 2 x .. x 2 x newK, the 2s transposed last (slowest first), split
/// recursively, each piece converted back to a's layout (no data moves:
/// the pieces are a's registers). Fails when a layout cannot be inferred.
FailureOr<SmallVector<Value>>
splitRegisters(OpBuilder &b, TypedValue<RankedTensorType> a, int64_t newK) {
  Location loc = a.getLoc();
  RankedTensorType type = a.getType();
  int64_t rank = type.getRank();
  int64_t numSplits = type.getShape().back() / newK;
  SmallVector<int64_t> shape(type.getShape().drop_back());
  for (int64_t i = 1; i < numSplits; i *= 2)
    shape.push_back(2);
  shape.push_back(newK);
  Attribute encoding;
  if (failed(inferResultEncoding(type.getEncoding(), encoding, std::nullopt,
                                 [&](const DialectInferLayoutInterface &infer) {
                                   return infer.inferReshapeOpEncoding(
                                       type.getShape(), type.getEncoding(),
                                       shape, encoding, std::nullopt);
                                 })))
    return failure();
  Value value = ReshapeOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType(), encoding), a,
      /*allow_reorder=*/false, /*efficient_layout=*/false);
  SmallVector<int32_t> order(rank - 1);
  std::iota(order.begin(), order.end(), 0);
  order.push_back(int32_t(shape.size()) - 1);
  for (int64_t d = int64_t(shape.size()) - 2; d >= rank - 1; --d)
    order.push_back(int32_t(d));
  value = TransOp::create(b, loc, value, order);
  SmallVector<Value> pieces = {value};
  for (int64_t i = 1; i < numSplits; i *= 2) {
    SmallVector<Value> halves;
    for (Value piece : pieces) {
      auto split = SplitOp::create(b, loc, piece);
      halves.push_back(split.getOutLHS());
      halves.push_back(split.getOutRHS());
    }
    pieces = std::move(halves);
  }
  SmallVector<int64_t> pieceShape(type.getShape());
  pieceShape.back() = newK;
  auto pieceType = type.clone(pieceShape);
  for (Value &piece : pieces)
    piece = ConvertLayoutOp::create(b, loc, pieceType, piece);
  return pieces;
}

/// `b` (K x N in shared memory) as K / newK views of newK x N.
SmallVector<Value> splitShared(OpBuilder &b, TypedValue<MemDescType> operand,
                               int64_t newK) {
  MemDescType type = operand.getType();
  int64_t kDim = type.getRank() - 2;
  SmallVector<int64_t> shape(type.getShape());
  int64_t numSplits = shape[kDim] / newK;
  shape[kDim] = newK;
  auto viewType = MemDescType::get(
      shape, type.getElementType(), type.getEncoding(), type.getMemorySpace(),
      /*mutableMemory=*/false, type.getAllocShape());
  SmallVector<Value> views;
  SmallVector<int32_t> offsets(type.getRank(), 0);
  for (int64_t i = 0; i < numSplits; ++i) {
    offsets[kDim] = int32_t(i * newK);
    views.push_back(MemDescSubsliceOp::create(b, operand.getLoc(), viewType,
                                              operand, offsets));
  }
  return views;
}

} // namespace

bool mlir::triton::gpu::rsDotNeedsWait(ttng::WarpGroupDotOp dot,
                                       scf::ForOp loop) {
  Value a = dot.getA();
  if (!isa<RankedTensorType>(a.getType()) || loop.isDefinedOutsideOfLoop(a))
    return false;
  // A converted from an mma accumulator (attention's P) is the previous
  // dot's result, which that dot's own wait orders.
  if (auto cvt = a.getDefiningOp<ConvertLayoutOp>())
    return !isa<NvidiaMmaEncodingAttr>(cvt.getSrc().getType().getEncoding());
  return true;
}

SmallVector<ttng::WarpGroupDotOp>
mlir::triton::gpu::splitRSDot(ttng::WarpGroupDotOp dot) {
  auto a = dyn_cast<TypedValue<RankedTensorType>>(dot.getA());
  auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dot.getType().getEncoding());
  if (!a || !mma || mma.getInstrShape().size() < 3)
    return {dot};
  int64_t newK = mma.getInstrShape()[2];
  int64_t k = a.getType().getShape().back();
  int64_t numSplits = k / newK;
  if (numSplits <= 1 || k % newK || !llvm::isPowerOf2_64(numSplits))
    return {dot};
  OpBuilder b(dot);
  FailureOr<SmallVector<Value>> as = splitRegisters(b, a, newK);
  if (failed(as))
    return {dot};
  SmallVector<Value> bs =
      splitShared(b, cast<TypedValue<MemDescType>>(dot.getB()), newK);
  Value c = dot.getC();
  Value useC = dot.getUseC();
  uint32_t impreciseLeft = dot.getMaxNumImpreciseAcc();
  SmallVector<ttng::WarpGroupDotOp> dots;
  for (int64_t i = 0; i < numSplits; ++i) {
    // Each split accumulates its own K at most; 2^30: no imprecise steps.
    uint32_t take = std::min<uint32_t>(impreciseLeft, uint32_t(newK));
    impreciseLeft -= take;
    auto split = ttng::WarpGroupDotOp::create(
        b, dot.getLoc(), (*as)[i], bs[i], c, useC, dot.getInputPrecision(),
        take == uint32_t(newK) ? (1u << 30) : take, dot.getIsAsync());
    dots.push_back(split);
    c = split.getResult();
    useC = Value();
  }
  dot.getResult().replaceAllUsesWith(dots.back().getResult());
  dot.erase();
  return dots;
}
