//===- LayoutHoisting.cpp - move the conversions that stay ----------------===//
//
// Phase 3 of tritongpu-remove-layout-conversions: a conversion that
// rematerialization could not remove is moved to where it converts fewer
// bytes or runs less often: dot operands above the loads and elementwise
// ops that feed them, conversions above extensions and broadcasts (fewer
// bytes), and conversions after an scf.if into its branches.
//
//===----------------------------------------------------------------------===//
#include "LayoutRematerialization.h"
#include "Dialect/TritonGPU/Transforms/LayoutUtility.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::triton::gpu {

/// Ops a dot operand conversion can move above without threads exchanging
/// data: pure elementwise ops, broadcasts, views and conversions.
static bool movesNoData(Operation *op) {
  return (op->hasTrait<OpTrait::Elementwise>() && isMemoryEffectFree(op)) ||
         isa<BroadcastOp, ConvertLayoutOp, ExpandDimsOp, ReshapeOp, TransOp,
             Fp4ToFpOp>(op);
}

/// A conversion to an mma (v2/v3) dot operand whose tensor core dot runs
/// after it (in the same region) moves up to the loads it is computed from, over
/// elementwise ops (tf32x3's split of A): the operand is then loaded
/// straight into its layout and the elementwise work is done there.
bool LayoutRematerialization::hoistConvertDotOperand(ConvertLayoutOp convert) {
  RankedTensorType target = convert.getType();
  auto dotEncoding = dyn_cast<DotOperandEncodingAttr>(target.getEncoding());
  if (!dotEncoding || !isa<NvidiaMmaEncodingAttr>(dotEncoding.getParent()))
    return false;
  // Triton 3.6 looks for the dot in the conversion's parent, loop or not
  // (a decomposed tt.dot_scaled upcasts its operands outside any loop).
  Operation *parent = convert->getParentOp();
  if (!parent)
    return false;
  PostDominanceInfo postDom(parent);
  bool dotAfter = false;
  parent->walk([&](Operation *op) {
    if (!isa<DotOp, nvidia_gpu::WarpGroupDotOp>(op))
      return;
    auto aType = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    auto aEncoding =
        aType ? dyn_cast<DotOperandEncodingAttr>(aType.getEncoding()) : nullptr;
    if (aEncoding && isa<NvidiaMmaEncodingAttr>(aEncoding.getParent()) &&
        postDom.postDominates(op, convert))
      dotAfter = true;
  });
  if (!dotAfter)
    return false;
  SetVector<Value> slice;
  DenseMap<Value, Attribute> layout;
  if (failed(getConvertBackwardSlice(
          convert.getSrcMutable(), slice, target.getEncoding(), layout,
          [](Operation *op) { return !movesNoData(op); })))
    return false;
  // The leaves must be loads (converted right after them) or constants.
  SetVector<Value> inner;
  SmallVector<LoadOp> loads;
  for (Value v : slice) {
    Operation *def = v.getDefiningOp();
    if (!def)
      return false;
    if (auto load = dyn_cast<LoadOp>(def)) {
      loads.push_back(load);
      continue;
    }
    if (!isa<arith::ConstantOp>(def) && !movesNoData(def))
      return false;
    inner.insert(v);
  }
  if (inner.empty())
    return false;
  IRMapping mapping;
  for (LoadOp load : loads) {
    OpBuilder builder(load->getContext());
    builder.setInsertionPointAfter(load);
    auto type = cast<RankedTensorType>(load.getType())
                    .cloneWithEncoding(layout[load.getResult()]);
    mapping.map(load.getResult(),
                ConvertLayoutOp::create(builder, convert.getLoc(), type,
                                        load.getResult()));
  }
  rewriteSlice(inner, layout, RematMap(), convert, mapping);
  return true;
}

void LayoutRematerialization::hoistConvertDotOperand() {
  bool changed = false;
  forEachConvert([&](ConvertLayoutOp c) { return hoistConvertDotOperand(c); },
                 changed);
}

/// Ops that make a tensor bigger: converting before them moves fewer bytes.
static bool isExtOrBroadcast(Operation *op) {
  if (isa<arith::ExtSIOp, arith::ExtUIOp, arith::ExtFOp, BroadcastOp,
          ExpandDimsOp>(op))
    return true;
  if (auto fpToFp = dyn_cast<FpToFpOp>(op))
    return getElementBitWidth(cast<RankedTensorType>(fpToFp.getSrc().getType())) <
           getElementBitWidth(cast<RankedTensorType>(fpToFp.getType()));
  return false;
}

bool LayoutRematerialization::hoistConvertOnTopOfExtOrBroadcast(
    ConvertLayoutOp convert) {
  Attribute encoding = convert.getType().getEncoding();
  if (isa<DotOperandEncodingAttr>(encoding))
    return false;
  SetVector<Value> slice;
  DenseMap<Value, Attribute> layout;
  RematMap existing;
  if (failed(getRematerializableSlice(convert.getSrcMutable(), encoding, slice,
                                      layout, existing, isExtOrBroadcast)))
    return false;
  Operation *hoistAbove = nullptr;
  for (unsigned i = 0, e = slice.size(); i < e; ++i) {
    Operation *op = slice[i].getDefiningOp();
    if (!op || !isExtOrBroadcast(op))
      continue;
    Attribute srcEncoding = inferSrcEncoding(op, layout[slice[i]]);
    if (!srcEncoding)
      return false;
    // If the ext's operand can be rematerialized too, it needs no convert.
    if (succeeded(getRematerializableSlice(op->getOpOperand(0), srcEncoding,
                                           slice, layout, existing)))
      continue;
    // Two would mean two conversions.
    if (hoistAbove)
      return false;
    hoistAbove = op;
  }
  if (!hoistAbove)
    return false;
  Attribute dstEncoding = layout[hoistAbove->getResult(0)];
  Attribute srcEncoding = inferSrcEncoding(hoistAbove, dstEncoding);
  if (!srcEncoding)
    return false;
  OpBuilder builder(hoistAbove);
  auto srcType = cast<RankedTensorType>(hoistAbove->getOperand(0).getType());
  Value converted =
      ConvertLayoutOp::create(builder, convert.getLoc(),
                              srcType.cloneWithEncoding(srcEncoding),
                              hoistAbove->getOperand(0));
  Operation *copy = builder.clone(*hoistAbove);
  copy->setOperand(0, converted);
  copy->getResult(0).setType(
      cast<RankedTensorType>(hoistAbove->getResult(0).getType())
          .cloneWithEncoding(dstEncoding));
  IRMapping mapping;
  mapping.map(hoistAbove->getResult(0), copy->getResult(0));
  slice.remove(hoistAbove->getResult(0));
  rewriteSlice(slice, layout, existing, convert, mapping);
  return true;
}

void LayoutRematerialization::hoistConvertOnTopOfExtOrBroadcast() {
  bool changed = false;
  forEachConvert(
      [&](ConvertLayoutOp c) { return hoistConvertOnTopOfExtOrBroadcast(c); },
      changed);
}

bool LayoutRematerialization::hoistConvertIntoConditionals(
    ConvertLayoutOp convert) {
  auto isIf = [](Operation *op) { return isa<scf::IfOp>(op); };
  SetVector<Value> slice;
  DenseMap<Value, Attribute> layout;
  RematMap existing;
  if (failed(getRematerializableSlice(convert.getSrcMutable(),
                                      convert.getType().getEncoding(), slice,
                                      layout, existing, isIf)))
    return false;
  // (scf.if result, branch edge) pairs to convert inside one branch, and
  // scf.if results to convert right after the op.
  SmallVector<std::pair<Value, OpOperand *>> intoBranch;
  SmallVector<OpResult> terminals;
  for (unsigned i = 0; i != slice.size(); ++i) {
    Value v = slice[i];
    auto ifOp = v.getDefiningOp<scf::IfOp>();
    if (!ifOp)
      continue;
    Attribute encoding = layout.at(v);
    unsigned idx = cast<OpResult>(v).getResultNumber();
    OpOperand &thenEdge = ifOp.thenYield()->getOpOperand(idx);
    OpOperand &elseEdge = ifOp.elseYield()->getOpOperand(idx);
    SetVector<Value> newSlice = slice;
    DenseMap<Value, Attribute> newLayout = layout;
    RematMap newExisting = existing;
    bool thenOk = succeeded(getRematerializableSlice(
        thenEdge, encoding, newSlice, newLayout, newExisting, isIf));
    bool elseOk = succeeded(getRematerializableSlice(
        elseEdge, encoding, newSlice, newLayout, newExisting, isIf));
    if (thenOk == elseOk || !isa<scf::ForOp>(ifOp->getParentOp())) {
      if (thenOk && elseOk) {
        slice = std::move(newSlice);
        layout = std::move(newLayout);
        existing = std::move(newExisting);
      } else {
        terminals.push_back(cast<OpResult>(v));
      }
      continue;
    }
    // Only one branch needs the conversion; inside a loop the branch runs
    // less often than the loop body.
    slice = std::move(newSlice);
    layout = std::move(newLayout);
    existing = std::move(newExisting);
    intoBranch.push_back({v, thenOk ? &elseEdge : &thenEdge});
  }
  if (intoBranch.empty())
    return false;
  IRMapping mapping;
  auto convertAt = [&](OpBuilder &b, Value v, Attribute encoding) {
    auto type = cast<RankedTensorType>(v.getType()).cloneWithEncoding(encoding);
    mapping.map(v, ConvertLayoutOp::create(b, convert.getLoc(), type, v));
    slice.remove(v);
  };
  for (OpResult v : terminals) {
    OpBuilder b(v.getContext());
    b.setInsertionPointAfter(v.getOwner());
    convertAt(b, v, layout.at(v));
  }
  for (auto [result, edge] : intoBranch) {
    OpBuilder b(edge->getOwner());
    convertAt(b, edge->get(), layout.at(result));
  }
  rewriteSlice(slice, layout, existing, convert, mapping);
  return true;
}

void LayoutRematerialization::hoistConvertIntoConditionals() {
  bool changed = false;
  forEachConvert(
      [&](ConvertLayoutOp c) { return hoistConvertIntoConditionals(c); },
      changed);
}

} // namespace mlir::triton::gpu
