//===- CTAPropagation.cpp - carry CTA layouts through a function ----------===//
//
// The worklist of triton-nvidia-gpu-plan-cta: each cast is moved across the
// op on its far side (see CTAPlanner.h).
//
//===----------------------------------------------------------------------===//
#include "CTAPlanner.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

static constexpr llvm::StringLiteral kDirection = kPlannerCastAttrName;

/// `type` (a tensor or a pointer to one) with its layout replaced.
static Type replaceLayout(Type type, Attribute layout) {
  if (auto ptr = dyn_cast<PointerType>(type))
    return PointerType::get(replaceLayout(ptr.getPointeeType(), layout),
                            ptr.getAddressSpace());
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.cloneWithEncoding(layout);
  return type;
}

/// The layout of a tensor or of the tensor a pointer points to.
static Attribute getLayout(Type type) {
  if (auto ptr = dyn_cast<PointerType>(type))
    type = ptr.getPointeeType();
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor ? tensor.getEncoding() : Attribute();
}

static unsigned getNumUsers(Value value) {
  return std::distance(value.user_begin(), value.user_end());
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

CastOp CTAPlanner::createCast(OpBuilder &builder, Location loc, Type type,
                              Value value, bool backward) {
  auto cast = CastOp::create(builder, loc, type, value);
  cast->setAttr(kDirection,
                builder.getStringAttr(backward ? "backward" : "forward"));
  queue.push_back(cast);
  return cast;
}

bool CTAPlanner::isBackward(CastOp cast) const {
  auto direction = cast->getAttrOfType<StringAttr>(kDirection);
  return direction && direction.getValue() == "backward";
}

void CTAPlanner::insertCasts(Operation *op, ArrayRef<Attribute> operandLayouts,
                             ArrayRef<Attribute> resultLayouts) {
  OpBuilder builder(op);
  Location loc = op->getLoc();
  for (auto [operand, layout] :
       llvm::zip(op->getOpOperands(), operandLayouts)) {
    Type type = operand.get().getType();
    if (!layout || !isTensorOrTensorPointerType(type))
      continue;
    CastOp cast = createCast(builder, loc, replaceLayout(type, layout),
                             operand.get(), /*backward=*/true);
    operand.set(cast.getResult(0));
  }
  builder.setInsertionPointAfter(op);
  for (auto [result, layout] : llvm::zip(op->getResults(), resultLayouts)) {
    Type type = result.getType();
    if (!layout || !isTensorOrTensorPointerType(type))
      continue;
    CastOp cast = createCast(builder, loc, type, result, /*backward=*/false);
    result.setType(replaceLayout(type, layout));
    result.replaceAllUsesExcept(cast.getResult(0), cast);
  }
}

void CTAPlanner::eraseCasts(ArrayRef<CastOp> casts) {
  llvm::SmallPtrSet<Operation *, 4> erased;
  for (CastOp cast : casts) {
    erased.insert(cast);
    cast.erase();
  }
  std::deque<CastOp> kept;
  for (CastOp cast : queue)
    if (!erased.contains(cast))
      kept.push_back(cast);
  queue = std::move(kept);
}

LogicalResult CTAPlanner::replaceByConversion(CastOp cast) {
  Value input = cast.getOperand(0);
  Value output = cast.getResult(0);
  if (input.getType() != output.getType()) {
    if (!isa<RankedTensorType>(input.getType()))
      return func.emitError("triton-nvidia-gpu-plan-cta cannot convert ")
             << input.getType() << " to " << output.getType()
             << ": only tensors can change layout";
    OpBuilder builder(cast);
    input = ConvertLayoutOp::create(builder, cast.getLoc(), output.getType(),
                                    input);
  }
  output.replaceAllUsesWith(input);
  eraseCasts({cast});
  return success();
}

LogicalResult CTAPlanner::eliminateAdjacentCasts(CastOp forward,
                                                 CastOp backward) {
  // forward(x) feeding backward(.): the value goes from x's layout to the
  // one backward's users want, directly.
  Value input = forward.getOperand(0);
  Value output = backward.getResult(0);
  if (input.getType() != output.getType() &&
      !isa<RankedTensorType>(input.getType()))
    return func.emitError("triton-nvidia-gpu-plan-cta cannot convert ")
           << input.getType() << " to " << output.getType()
           << ": only tensors can change layout";
  if (input.getType() != output.getType()) {
    OpBuilder builder(backward);
    input = ConvertLayoutOp::create(builder, backward.getLoc(),
                                    output.getType(), input);
  }
  output.replaceAllUsesWith(input);
  eraseCasts({backward, forward});
  return success();
}

//===----------------------------------------------------------------------===//
// Moving casts across ops
//===----------------------------------------------------------------------===//

LogicalResult CTAPlanner::processLoadStore(Operation *op, Attribute layout) {
  // A load into a slice of a layout whose CTAs split the sliced dimension
  // keeps its own layout; the conversion to the slice then reads other
  // CTAs' shared memory.
  if (auto slice = dyn_cast<SliceEncodingAttr>(layout)) {
    if (getCTAsPerCGA(slice.getParent())[slice.getDim()] > 1) {
      Value value = op->getNumResults() ? op->getResult(0) : op->getOperand(0);
      if (Attribute own = getLayout(value.getType()); own && own != layout)
        return processLoadStore(op, own);
    }
  }
  CTAEncodingAttr ctaLayout = getCTALayout(layout);
  auto relayout = [&](Value value) -> FailureOr<Attribute> {
    Attribute own = getLayout(value.getType());
    if (!own)
      return Attribute();
    auto type = value.getType();
    if (auto ptr = dyn_cast<PointerType>(type))
      type = ptr.getPointeeType();
    Attribute updated = replaceCTALayout(
        own, cast<RankedTensorType>(type).getShape(), ctaLayout);
    if (!updated)
      return failure();
    return updated;
  };
  SmallVector<Attribute> operandLayouts, resultLayouts;
  for (Value operand : op->getOperands()) {
    FailureOr<Attribute> updated = relayout(operand);
    if (failed(updated))
      return failure();
    operandLayouts.push_back(*updated);
  }
  for (Value result : op->getResults()) {
    FailureOr<Attribute> updated = relayout(result);
    if (failed(updated))
      return failure();
    resultLayouts.push_back(*updated);
  }
  insertCasts(op, operandLayouts, resultLayouts);
  return success();
}

void CTAPlanner::processElementwise(Operation *op, Attribute layout) {
  insertCasts(op, SmallVector<Attribute>(op->getNumOperands(), layout),
              SmallVector<Attribute>(op->getNumResults(), layout));
}

void CTAPlanner::processConstant(arith::ConstantOp constant, Attribute layout) {
  auto type = cast<RankedTensorType>(constant.getType());
  if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue()))
    constant.setValueAttr(dense.reshape(type.cloneWithEncoding(layout)));
  insertCasts(constant, {}, {layout});
}

void CTAPlanner::processConvertLayoutBackward(ConvertLayoutOp cvt,
                                              CastOp cast) {
  // backward(cvt(x)): the conversion is subsumed by the cast.
  cvt.getResult().replaceAllUsesWith(cvt.getSrc());
  cvt.erase();
  queue.push_back(cast);
}

void CTAPlanner::processConvertLayoutForward(ConvertLayoutOp cvt, CastOp cast) {
  // cvt(forward(x)): the cast produces the conversion's type itself.
  Value output = cast.getResult(0);
  output.setType(cvt.getType());
  cvt.getResult().replaceAllUsesWith(output);
  cvt.erase();
  queue.push_back(cast);
}

void CTAPlanner::processIfOp(scf::IfOp ifOp, unsigned index, Type newType) {
  OpBuilder builder(ifOp.getContext());
  Location loc = ifOp.getLoc();
  Value result = ifOp.getResult(index);
  builder.setInsertionPointAfter(ifOp);
  CastOp after = createCast(builder, loc, result.getType(), result, false);
  result.setType(newType);
  result.replaceAllUsesExcept(after.getResult(0), after);
  for (scf::YieldOp yield : {ifOp.thenYield(), ifOp.elseYield()}) {
    builder.setInsertionPoint(yield);
    CastOp before =
        createCast(builder, loc, newType, yield.getOperand(index), true);
    yield->setOperand(index, before.getResult(0));
  }
}

void CTAPlanner::processForOp(scf::ForOp forOp, unsigned index, Type newType) {
  OpBuilder builder(forOp.getContext());
  Location loc = forOp.getLoc();
  // The initial value, the argument, the yielded value and the result all
  // take the new type.
  OpOperand &init = forOp.getInitArgsMutable()[index];
  builder.setInsertionPoint(forOp);
  init.set(createCast(builder, loc, newType, init.get(), true).getResult(0));

  BlockArgument arg = forOp.getRegionIterArgs()[index];
  builder.setInsertionPointToStart(forOp.getBody());
  CastOp argCast = createCast(builder, loc, arg.getType(), arg, false);
  arg.setType(newType);
  arg.replaceAllUsesExcept(argCast.getResult(0), argCast);

  auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
  builder.setInsertionPoint(yield);
  yield->setOperand(
      index, createCast(builder, loc, newType, yield.getOperand(index), true)
                 .getResult(0));

  Value result = forOp.getResult(index);
  builder.setInsertionPointAfter(forOp);
  CastOp after = createCast(builder, loc, result.getType(), result, false);
  result.setType(newType);
  result.replaceAllUsesExcept(after.getResult(0), after);
}

LogicalResult CTAPlanner::processYieldForward(scf::YieldOp yield, CastOp cast) {
  unsigned index = cast.getResult(0).use_begin()->getOperandNumber();
  Type newType = cast.getOperand(0).getType();
  if (auto ifOp = dyn_cast<scf::IfOp>(yield->getParentOp())) {
    processIfOp(ifOp, index, newType);
    return success();
  }
  if (auto forOp = dyn_cast<scf::ForOp>(yield->getParentOp())) {
    processForOp(forOp, index, newType);
    return success();
  }
  return replaceByConversion(cast);
}

void CTAPlanner::processOpFallback(Operation *op) {
  // The op keeps its layouts: identity casts around it turn into
  // conversions where they meet the planned layouts.
  OpBuilder builder(op);
  Location loc = op->getLoc();
  for (OpOperand &operand : op->getOpOperands()) {
    Type type = operand.get().getType();
    if (!isTensorOrTensorPointerType(type))
      continue;
    operand.set(
        createCast(builder, loc, type, operand.get(), true).getResult(0));
  }
  builder.setInsertionPointAfter(op);
  for (Value result : op->getResults()) {
    Type type = result.getType();
    if (!isTensorOrTensorPointerType(type))
      continue;
    CastOp cast = createCast(builder, loc, type, result, false);
    result.replaceAllUsesExcept(cast.getResult(0), cast);
  }
}

LogicalResult CTAPlanner::processMultiUsersBackward(Value input, CastOp cast,
                                                    bool &changed) {
  // Each user of `input` gets a backward cast; users wanting the same type
  // share one copy of the value (the defining op is cloned for the others).
  OpBuilder builder(input.getContext());
  Location loc = input.getLoc();
  Type wanted = cast.getResult(0).getType();
  auto isPlannerCast = [](Operation *op) {
    return isa<CastOp>(op) && op->hasAttr(kDirection);
  };
  // Users that are not casts yet: wait until every other cast had its
  // chance to reach them.
  if (!llvm::all_of(input.getUsers(), isPlannerCast) &&
      stepsUnchanged <= queue.size())
    return success();
  llvm::MapVector<Type, SmallVector<CastOp>> castsByType;
  for (OpOperand &use : llvm::make_early_inc_range(input.getUses())) {
    auto brother = dyn_cast<CastOp>(use.getOwner());
    if (!brother || !brother->hasAttr(kDirection)) {
      builder.setInsertionPoint(use.getOwner());
      brother = createCast(builder, loc, wanted, input, true);
      CastOp back = createCast(builder, loc, input.getType(),
                               brother.getResult(0), false);
      use.set(back.getResult(0));
    }
    castsByType[brother.getResult(0).getType()].push_back(brother);
  }

  changed = true;
  bool first = true;
  for (auto &[type, casts] : castsByType) {
    Value copy = input;
    Operation *def = input.getDefiningOp();
    if (!first) {
      // A value without a simple side-effect-free producer to clone is
      // converted.
      if (!def || def->getNumRegions() != 0 || !isMemoryEffectFree(def)) {
        for (CastOp brother : casts)
          if (failed(replaceByConversion(brother)))
            return failure();
        continue;
      }
      builder.setInsertionPointAfter(def);
      Operation *clone = builder.clone(*def);
      copy = clone->getResult(llvm::cast<OpResult>(input).getResultNumber());
    }
    first = false;
    if (Operation *copyDef = copy.getDefiningOp())
      builder.setInsertionPointAfter(copyDef);
    else
      builder.setInsertionPointToStart(
          llvm::cast<BlockArgument>(copy).getOwner());
    CastOp shared = createCast(builder, loc, type, copy, true);
    for (CastOp brother : casts)
      brother.getResult(0).replaceAllUsesWith(shared.getResult(0));
    eraseCasts(casts);
  }
  return success();
}

void CTAPlanner::processMultiUsersForward(Value output, CastOp cast) {
  // One forward cast per user.
  OpBuilder builder(cast);
  builder.setInsertionPointAfter(cast);
  Value input = cast.getOperand(0);
  while (!output.use_empty()) {
    CastOp copy =
        createCast(builder, cast.getLoc(), output.getType(), input, false);
    output.use_begin()->set(copy.getResult(0));
  }
  eraseCasts({cast});
}

//===----------------------------------------------------------------------===//
// The worklist step
//===----------------------------------------------------------------------===//

/// Ops whose tensors (pointers, values, masks; for descriptor ops the value
/// loaded or stored, the gather and scatter offsets) take the anchor's CTA
/// layout, each keeping its own threads and warps. A descriptor load feeding
/// a dot must: its result's CTA layout becomes the tensor map's (see
/// triton-nvidia-optimize-descriptor-encoding), so each CTA's TMA copy
/// lands the part of the block that CTA's dot operand reads.
static bool isLoadStoreOp(Operation *op) {
  return isa<LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp, DescriptorLoadOp,
             DescriptorStoreOp, DescriptorGatherOp, DescriptorScatterOp>(op);
}

/// Ops that take any layout as long as all their tensors share it.
static bool isElementwiseOp(Operation *op) {
  return op->hasTrait<OpTrait::Elementwise>() || isa<AdvanceOp>(op);
}

LogicalResult CTAPlanner::propagate(CastOp cast, bool &changed) {
  return isBackward(cast) ? propagateBackward(cast, changed)
                          : propagateForward(cast, changed);
}

LogicalResult CTAPlanner::propagateBackward(CastOp cast, bool &changed) {
  Value input = cast.getOperand(0);
  Attribute layout = getLayout(cast.getResult(0).getType());
  if (getNumUsers(input) > 1)
    return processMultiUsersBackward(input, cast, changed);
  changed = true;

  Operation *op = input.getDefiningOp();
  if (!op) {
    // An iteration argument takes the layout around the loop; other block
    // arguments (function arguments, ...) are converted.
    auto arg = llvm::cast<BlockArgument>(input);
    auto forOp = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    if (forOp && arg.getArgNumber() >= forOp.getNumInductionVars()) {
      processForOp(forOp, arg.getArgNumber() - forOp.getNumInductionVars(),
                   cast.getResult(0).getType());
      return success();
    }
    return replaceByConversion(cast);
  }
  if (auto prev = dyn_cast<CastOp>(op)) {
    if (prev->hasAttr(kDirection) && !isBackward(prev))
      return eliminateAdjacentCasts(prev, cast);
    return replaceByConversion(cast);
  }
  if (isLoadStoreOp(op))
    return processLoadStore(op, layout);
  if (isElementwiseOp(op)) {
    processElementwise(op, layout);
  } else if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    processConstant(constant, layout);
  } else if (isa<SplatOp, MakeRangeOp, MakeTensorPtrOp>(op)) {
    // Scalar operands; only the result has a layout.
    insertCasts(op, {}, {layout});
  } else if (isa<BroadcastOp>(op)) {
    insertCasts(op, {layout}, {layout});
  } else if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
    auto parent = dyn_cast<DistributedEncodingTrait>(layout);
    if (!parent)
      return replaceByConversion(cast);
    insertCasts(
        op,
        {SliceEncodingAttr::get(op->getContext(), expand.getAxis(), parent)},
        {layout});
  } else if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    processIfOp(ifOp, llvm::cast<OpResult>(input).getResultNumber(),
                cast.getResult(0).getType());
  } else if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    processForOp(forOp, llvm::cast<OpResult>(input).getResultNumber(),
                 cast.getResult(0).getType());
  } else if (auto cvt = dyn_cast<ConvertLayoutOp>(op)) {
    processConvertLayoutBackward(cvt, cast);
  } else {
    processOpFallback(op);
  }
  return success();
}

LogicalResult CTAPlanner::propagateForward(CastOp cast, bool &changed) {
  Value output = cast.getResult(0);
  changed = true;
  unsigned numUsers = getNumUsers(output);
  if (numUsers == 0) {
    eraseCasts({cast});
    return success();
  }
  if (numUsers > 1) {
    processMultiUsersForward(output, cast);
    return success();
  }

  Attribute layout = getLayout(cast.getOperand(0).getType());
  Operation *user = *output.user_begin();
  if (auto next = dyn_cast<CastOp>(user)) {
    if (next->hasAttr(kDirection) && isBackward(next))
      return eliminateAdjacentCasts(cast, next);
    return replaceByConversion(cast);
  }
  if (isLoadStoreOp(user))
    return processLoadStore(user, layout);
  if (isElementwiseOp(user)) {
    processElementwise(user, layout);
  } else if (auto cvt = dyn_cast<ConvertLayoutOp>(user)) {
    processConvertLayoutForward(cvt, cast);
  } else if (auto forOp = dyn_cast<scf::ForOp>(user)) {
    unsigned operand = output.use_begin()->getOperandNumber();
    if (operand < forOp.getNumControlOperands())
      return replaceByConversion(cast);
    processForOp(forOp, operand - forOp.getNumControlOperands(),
                 cast.getOperand(0).getType());
  } else if (auto yield = dyn_cast<scf::YieldOp>(user)) {
    return processYieldForward(yield, cast);
  } else {
    processOpFallback(user);
  }
  return success();
}
