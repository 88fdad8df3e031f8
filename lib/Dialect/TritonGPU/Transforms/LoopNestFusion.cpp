//===- LoopNestFusion.cpp - fuse an scf.for with its child loops ----------===//
//
// The rewrite behind tritongpu-fuse-nested-loops. A loop
//
//   for i in range(lbi, ubi, si):
//     prologue_0(i); for j_0 in range(...): body_0(i, j_0)
//     prologue_1(i); for j_1 in range(...): body_1(i, j_1)
//     ...
//     epilogue(i)
//
// becomes one loop of len(i) * inner_len iterations, where
// inner_len = sum_k max(1, len_k) - (K - 1). A counter T in [0, inner_len)
// says what an iteration runs: prologue_k when T == start_k, body_k when
// start_k <= T < start_k + len_k, the epilogue when T == inner_len - 1, with
// start_k = sum_{m<k} max(1, len_m) - k. Consecutive parts share an
// iteration: the last iteration of body_k also runs prologue_{k+1}, and the
// last of the last body the epilogue. Values that live across iterations
// (induction variables, loop results, prologue results used later) become
// iteration arguments of the fused loop.
//
// An inner loop whose bounds are computed from the outer induction variable
// by pure scalar ops ("sliced" bounds) is fused too: len_k then changes with
// i, so the first prologue recomputes it (and inner_len) from a copy of
// those ops, both are carried by the fused loop, and the trip count of the
// fused loop is summed over i by a loop of its own before it.
//
//===----------------------------------------------------------------------===//
#include "LoopNestFusion.h"

#include "Dialect/Triton/IR/Dialect.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"


using namespace mlir;
using namespace mlir::triton::gpu;

//===----------------------------------------------------------------------===//
// Fusing one level
//===----------------------------------------------------------------------===//

namespace {

/// Bit width used for trip counts of an integer or index induction variable
/// (index counts as 64 bits).
unsigned getCountWidth(Type type) {
  if (isa<IndexType>(type))
    return IndexType::kInternalStorageBitWidth;
  return cast<IntegerType>(type).getWidth();
}

/// `value` (integer or index) converted to the integer or index `type`.
Value castInteger(ImplicitLocOpBuilder &b, Value value, Type type) {
  Type from = value.getType();
  if (from == type)
    return value;
  if (isa<IndexType>(from) || isa<IndexType>(type))
    return arith::IndexCastOp::create(b, type, value);
  if (cast<IntegerType>(from).getWidth() > cast<IntegerType>(type).getWidth())
    return arith::TruncIOp::create(b, type, value);
  return arith::ExtSIOp::create(b, type, value);
}

/// A value of `type` for an iteration argument never read before it is set:
/// zero for numbers and tensors of numbers (ptxas does better with zeros than
/// with undefined values), `ub.poison` for anything else.
Value createZeroOrPoison(ImplicitLocOpBuilder &b, Type type) {
  Type elementType = getElementTypeOrSelf(type);
  bool scalarOrTensor = type == elementType || isa<RankedTensorType>(type);
  if (!scalarOrTensor || !elementType.isIntOrIndexOrFloat())
    return ub::PoisonOp::create(b, type);
  TypedAttr zero = isa<FloatType>(elementType)
                       ? TypedAttr(b.getFloatAttr(elementType, 0.0))
                       : TypedAttr(b.getIntegerAttr(elementType, 0));
  if (auto tensorType = dyn_cast<RankedTensorType>(type))
    zero = SplatElementsAttr::get(tensorType, zero);
  return arith::ConstantOp::create(b, zero);
}

/// A run of ops of the outer loop body between two fused loops, and those of
/// their results that later ops of the body use.
struct Logue {
  SmallVector<Operation *> ops;
  SmallVector<Value> outputs;
};

Logue collectLogue(Block *body, Block::iterator begin, Block::iterator end) {
  Logue logue;
  for (Operation &op : llvm::make_range(begin, end))
    logue.ops.push_back(&op);
  if (logue.ops.empty())
    return logue;
  Operation *last = logue.ops.back();
  auto usedLater = [&](Operation *user) {
    Operation *ancestor = body->findAncestorOpInBlock(*user);
    return ancestor && last->isBeforeInBlock(ancestor);
  };
  for (Operation *op : logue.ops)
    for (OpResult result : op->getResults())
      if (llvm::any_of(result.getUsers(), usedLater))
        logue.outputs.push_back(result);
  return logue;
}

/// A child loop to fuse: its bounds are defined above the outer loop, or
/// (`variant`) computed from the outer induction variable by `sliced`.
struct FusedChild {
  scf::ForOp loop;
  bool variant = false;
  llvm::SetVector<Operation *> sliced;
};

/// Fuses the loops `children` (of `outer`, in block order) into `outer`;
/// returns the fused loop.
class OneLevelFusion {
public:
  OneLevelFusion(scf::ForOp outer, ArrayRef<FusedChild> children)
      : outer(outer), b(outer.getLoc(), outer) {
    for (const FusedChild &child : children) {
      inners.push_back(child.loop);
      variant.push_back(child.variant);
      sliced.push_back(child.sliced);
      anyVariant |= child.variant;
    }
  }

  scf::ForOp run();

private:
  /// An integer constant of the counter type, created before the fused loop.
  Value getConstant(int64_t value);
  void computeBounds();
  /// starts, ends, inner_len and T's last value from lenInners, at the
  /// insertion point.
  void emitOffsets();
  /// Copies of the ops computing the variant bounds (with `mapping`'s
  /// induction variable) and their trip counts; null for invariant loops.
  SmallVector<Value> emitVariantLens(IRMapping &mapping);
  void createFusedLoop();
  void emitPart(unsigned k);
  void emitEpilogue();
  void finish();

  scf::ForOp outer;
  SmallVector<scf::ForOp> inners;
  SmallVector<bool> variant;
  SmallVector<llvm::SetVector<Operation *>> sliced;
  bool anyVariant = false;
  ImplicitLocOpBuilder b;
  Operation *constantAnchor = nullptr;
  DenseMap<int64_t, Value> constants;

  IntegerType countType;
  Value innerLen, lastT, totalIters;
  SmallVector<Value> lenInners, starts, ends;
  SmallVector<Logue> prologues;
  SmallVector<Operation *> epilogueOps;
  /// hoisted[k][r]: the initial value of result r of inner loop k is
  /// defined above the outer loop; it then initializes the fused loop and
  /// is reset by the epilogue instead of by prologue k.
  SmallVector<SmallVector<bool>> hoisted;

  scf::ForOp fused;
  unsigned outerArgsStart = 2, ivStart = 0, resultsStart = 0, outsStart = 0;
  /// With variant bounds: where their trip counts and inner_len are carried.
  unsigned lensStart = 0;
  Value t, i;
  SmallVector<scf::IfOp> prologueIfs, bodyIfs;
  scf::IfOp epilogueIf;
};

Value OneLevelFusion::getConstant(int64_t value) {
  auto it = constants.find(value);
  if (it != constants.end())
    return it->second;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(constantAnchor ? constantAnchor : outer.getOperation());
  Value cst = arith::ConstantOp::create(b, IntegerAttr::get(countType, value));
  constants[value] = cst;
  return cst;
}

void OneLevelFusion::computeBounds() {
  Value lenOuter = computeNumIters(b, outer);
  unsigned width = getCountWidth(outer.getInductionVar().getType());
  for (scf::ForOp inner : inners)
    width = std::max(width, getCountWidth(inner.getInductionVar().getType()));
  countType = b.getIntegerType(width);
  for (auto [inner, isVariant] : llvm::zip(inners, variant))
    lenInners.push_back(isVariant ? Value()
                                  : castInteger(b, computeNumIters(b, inner),
                                                countType));
  if (!anyVariant) {
    emitOffsets();
    totalIters = arith::MulIOp::create(b, castInteger(b, lenOuter, countType),
                                       innerLen);
    return;
  }

  // total = sum over i of inner_len(i): the invariant part times max(0,
  // len(i)), plus the variant trip counts summed by a loop over i (the
  // constants it uses are created before it).
  getConstant(1);
  Value invariantLen = getConstant(0);
  for (auto [len, isVariant] : llvm::zip(lenInners, variant))
    if (!isVariant)
      invariantLen = arith::AddIOp::create(
          b, invariantLen, arith::MaxSIOp::create(b, getConstant(1), len));
  if (inners.size() > 1)
    invariantLen = arith::SubIOp::create(b, invariantLen,
                                         getConstant(inners.size() - 1));
  Value outerCount = arith::MaxSIOp::create(
      b, getConstant(0), castInteger(b, lenOuter, countType));
  Value total = arith::MulIOp::create(b, outerCount, invariantLen);
  auto sum = scf::ForOp::create(b, outer.getLowerBound(), outer.getUpperBound(),
                                outer.getStep(), ValueRange{total});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(sum.getBody());
    IRMapping mapping;
    mapping.map(outer.getInductionVar(), sum.getInductionVar());
    Value acc = sum.getRegionIterArg(0);
    for (Value len : emitVariantLens(mapping))
      if (len)
        acc = arith::AddIOp::create(
            b, acc, arith::MaxSIOp::create(b, getConstant(1), len));
    scf::YieldOp::create(b, acc);
  }
  totalIters = sum.getResult(0);
}

void OneLevelFusion::emitOffsets() {
  // start_k = sum_{m<k} max(1, len_m) - k; the part of inner loop k ends at
  // start_k + len_k.
  starts.clear();
  ends.clear();
  Value sum = getConstant(0);
  for (auto [k, len] : llvm::enumerate(lenInners)) {
    starts.push_back(k == 0 ? sum
                            : arith::SubIOp::create(b, sum, getConstant(k)));
    ends.push_back(arith::AddIOp::create(b, starts.back(), len));
    sum = arith::AddIOp::create(b, sum,
                                arith::MaxSIOp::create(b, getConstant(1), len));
  }
  innerLen =
      inners.size() == 1
          ? sum
          : arith::SubIOp::create(b, sum, getConstant(inners.size() - 1));
  lastT = arith::SubIOp::create(b, innerLen, getConstant(1));
}

SmallVector<Value> OneLevelFusion::emitVariantLens(IRMapping &mapping) {
  SmallVector<Value> lens(inners.size());
  for (unsigned k = 0; k < inners.size(); ++k) {
    if (!variant[k])
      continue;
    for (Operation *op : topologicalSort(sliced[k]))
      if (!mapping.contains(op))
        b.clone(*op, mapping);
    scf::ForOp inner = inners[k];
    Value len =
        computeNumIters(b, mapping.lookupOrDefault(inner.getLowerBound()),
                        mapping.lookupOrDefault(inner.getUpperBound()),
                        mapping.lookupOrDefault(inner.getStep()));
    lens[k] = castInteger(b, len, countType);
  }
  return lens;
}

void OneLevelFusion::createFusedLoop() {
  Block *body = outer.getBody();
  Block::iterator begin = body->begin();
  for (scf::ForOp inner : inners) {
    prologues.push_back(collectLogue(body, begin, inner->getIterator()));
    begin = std::next(inner->getIterator());
  }
  for (Operation &op :
       llvm::make_range(begin, body->getTerminator()->getIterator()))
    epilogueOps.push_back(&op);

  Region *outerParent = outer->getParentRegion();
  for (scf::ForOp inner : inners) {
    SmallVector<bool> &flags = hoisted.emplace_back();
    for (Value init : inner.getInitArgs())
      flags.push_back(init.getParentRegion()->isAncestor(outerParent));
  }

  // Iteration arguments: T, i, the outer loop's, each inner induction
  // variable, each inner loop result, each prologue output.
  SmallVector<Value> inits{
      getConstant(-1),
      arith::SubIOp::create(b, outer.getLowerBound(), outer.getStep())};
  llvm::append_range(inits, outer.getInitArgs());
  ivStart = inits.size();
  for (scf::ForOp inner : inners)
    inits.push_back(createZeroOrPoison(b, inner.getInductionVar().getType()));
  resultsStart = inits.size();
  for (auto [inner, flags] : llvm::zip(inners, hoisted))
    for (auto [init, isHoisted] : llvm::zip(inner.getInitArgs(), flags))
      inits.push_back(isHoisted ? init : createZeroOrPoison(b, init.getType()));
  outsStart = inits.size();
  for (Logue &prologue : prologues)
    for (Value output : prologue.outputs)
      inits.push_back(createZeroOrPoison(b, output.getType()));
  // The variant trip counts and inner_len of the current outer iteration;
  // inner_len starts at 1 so that the first iteration has T = 0.
  lensStart = inits.size();
  if (anyVariant) {
    for (bool isVariant : variant)
      if (isVariant)
        inits.push_back(getConstant(0));
    inits.push_back(getConstant(1));
  }

  Value zero = getConstant(0), one = getConstant(1);
  fused = scf::ForOp::create(b, zero, totalIters, one, inits);
  constantAnchor = fused;
  for (auto [arg, fusedArg] :
       llvm::zip(outer.getRegionIterArgs(),
                 fused.getRegionIterArgs().drop_front(outerArgsStart)))
    arg.replaceAllUsesWith(fusedArg);

  b.setInsertionPointToStart(fused.getBody());
  Value prevT = fused.getRegionIterArg(0);
  // T wraps at the end of the previous outer iteration's inner_len.
  Value prevLastT =
      anyVariant ? arith::SubIOp::create(b, fused.getRegionIterArgs().back(),
                                         getConstant(1))
                 : lastT;
  Value wraps =
      arith::CmpIOp::create(b, arith::CmpIPredicate::eq, prevT, prevLastT);
  t = arith::SelectOp::create(b, wraps, getConstant(0),
                              arith::AddIOp::create(b, prevT, getConstant(1)));
}

void OneLevelFusion::emitPart(unsigned k) {
  scf::ForOp inner = inners[k];
  Logue &prologue = prologues[k];
  ValueRange args = fused.getRegionIterArgs();
  unsigned resultsOffset = resultsStart, outsOffset = outsStart;
  for (unsigned m = 0; m < k; ++m) {
    resultsOffset += inners[m].getNumResults();
    outsOffset += prologues[m].outputs.size();
  }
  unsigned numOuts = prologue.outputs.size();
  Value prevI = fused.getRegionIterArg(1);

  // if T == start_k: [i += step], prologue_k, j_k = lb_k, inner inits.
  SmallVector<Type> types{inner.getInductionVar().getType()};
  llvm::append_range(types, ValueRange(prologue.outputs).getTypes());
  SmallVector<Value> thenInits, elseInits;
  for (auto [r, init] : llvm::enumerate(inner.getInitArgs())) {
    if (hoisted[k][r])
      continue;
    types.push_back(init.getType());
    thenInits.push_back(init);
    elseInits.push_back(args[resultsOffset + r]);
  }
  unsigned numVariant = 0;
  if (k == 0) {
    types.push_back(prevI.getType());
    numVariant = llvm::count(variant, true);
    types.append(numVariant, countType);
  }
  Value isStart = arith::CmpIOp::create(b, arith::CmpIPredicate::eq, t,
                                        k == 0 ? getConstant(0) : starts[k]);
  auto prologueIf = scf::IfOp::create(b, types, isStart, /*addThenBlock=*/false,
                                      /*addElseBlock=*/false);
  prologueIfs.push_back(prologueIf);
  {
    OpBuilder::InsertionGuard guard(b);
    Block *thenBlock = b.createBlock(&prologueIf.getThenRegion());
    for (Operation *op : prologue.ops)
      op->moveBefore(thenBlock, thenBlock->end());
    Value nextI;
    if (k == 0) {
      b.setInsertionPointToStart(thenBlock);
      nextI = arith::AddIOp::create(b, prevI, outer.getStep());
    }
    b.setInsertionPointToEnd(thenBlock);
    SmallVector<Value> thenValues{inner.getLowerBound()};
    llvm::append_range(thenValues, prologue.outputs);
    llvm::append_range(thenValues, thenInits);
    if (k == 0) {
      thenValues.push_back(nextI);
      // The variant trip counts of the new i.
      IRMapping mapping;
      mapping.map(outer.getInductionVar(), nextI);
      for (Value len : emitVariantLens(mapping))
        if (len)
          thenValues.push_back(len);
    }
    scf::YieldOp::create(b, thenValues);
    // The first prologue advances i; its ops (and an inner initial value
    // that is i itself) see the new value.
    if (k == 0)
      replaceAllUsesInRegionWith(outer.getInductionVar(), nextI,
                                 prologueIf.getThenRegion());

    b.createBlock(&prologueIf.getElseRegion());
    SmallVector<Value> elseValues{args[ivStart + k]};
    llvm::append_range(elseValues, args.slice(outsOffset, numOuts));
    llvm::append_range(elseValues, elseInits);
    if (k == 0) {
      elseValues.push_back(prevI);
      llvm::append_range(elseValues, args.slice(lensStart, numVariant));
    }
    scf::YieldOp::create(b, elseValues);
  }

  Value j = prologueIf.getResult(0);
  ValueRange outs = prologueIf.getResults().slice(1, numOuts);
  for (auto [output, newOutput] : llvm::zip(prologue.outputs, outs))
    output.replaceUsesWithIf(newOutput, [&](OpOperand &use) {
      return !prologueIf.getThenRegion().isAncestor(
          use.getOwner()->getParentRegion());
    });
  if (k == 0) {
    ValueRange lens = prologueIf.getResults().take_back(numVariant);
    i = prologueIf.getResult(prologueIf.getNumResults() - numVariant - 1);
    outer.getInductionVar().replaceAllUsesWith(i);
    if (anyVariant) {
      unsigned next = 0;
      for (unsigned m = 0; m < inners.size(); ++m)
        if (variant[m])
          lenInners[m] = lens[next++];
      emitOffsets();
    }
  }
  // The inner loop's iteration arguments in this iteration.
  SmallVector<Value> iterValues;
  unsigned nextInit = 1 + numOuts;
  for (unsigned r = 0; r < inner.getNumResults(); ++r)
    iterValues.push_back(hoisted[k][r] ? args[resultsOffset + r]
                                       : prologueIf.getResult(nextInit++));
  inner.getInductionVar().replaceAllUsesWith(j);
  for (auto [arg, value] : llvm::zip(inner.getRegionIterArgs(), iterValues))
    arg.replaceAllUsesWith(value);

  // if start_k <= T < end_k: body_k, j_k += step_k.
  Value runsBody;
  if (inner->hasAttr(kMustExecuteAttrName)) {
    runsBody = arith::ConstantOp::create(b, b.getBoolAttr(true));
  } else {
    Value afterStart =
        arith::CmpIOp::create(b, arith::CmpIPredicate::sge, t, starts[k]);
    Value beforeEnd =
        arith::CmpIOp::create(b, arith::CmpIPredicate::slt, t, ends[k]);
    runsBody = arith::AndIOp::create(b, afterStart, beforeEnd);
  }
  SmallVector<Type> bodyTypes{j.getType()};
  llvm::append_range(bodyTypes, inner.getResultTypes());
  auto bodyIf = scf::IfOp::create(b, bodyTypes, runsBody, false, false);
  bodyIfs.push_back(bodyIf);
  Block *innerBody = inner.getBody();
  innerBody->eraseArguments(0, innerBody->getNumArguments());
  bodyIf.getThenRegion().takeBody(inner.getRegion());
  {
    OpBuilder::InsertionGuard guard(b);
    Operation *yield = bodyIf.getThenRegion().front().getTerminator();
    b.setInsertionPoint(yield);
    Value nextJ = arith::AddIOp::create(b, j, inner.getStep());
    yield->insertOperands(0, nextJ);
    // When the body does not run, the loop's values are those it would
    // have entered this iteration with.
    b.createBlock(&bodyIf.getElseRegion());
    SmallVector<Value> forwarded{j};
    llvm::append_range(forwarded, iterValues);
    scf::YieldOp::create(b, forwarded);
  }
  inner.replaceAllUsesWith(bodyIf.getResults().drop_front());
}

void OneLevelFusion::emitEpilogue() {
  // if T == inner_len - 1: epilogue, the outer loop's yield, and the reset
  // of hoisted inner initial values. Otherwise the outer loop's iteration
  // arguments keep their values and the inner results are carried on.
  auto outerYield = cast<scf::YieldOp>(outer.getBody()->getTerminator());
  SmallVector<Value> thenValues(outerYield.getOperands());
  SmallVector<Value> elseValues(fused.getRegionIterArgs().slice(
      outerArgsStart, outer.getNumRegionIterArgs()));
  for (auto [inner, flags, bodyIf] : llvm::zip(inners, hoisted, bodyIfs))
    for (auto [r, init] : llvm::enumerate(inner.getInitArgs()))
      if (flags[r]) {
        thenValues.push_back(init);
        elseValues.push_back(bodyIf.getResult(1 + r));
      }
  if (epilogueOps.empty() && thenValues.empty())
    return;

  Value isEnd = arith::CmpIOp::create(b, arith::CmpIPredicate::eq, t, lastT);
  epilogueIf = scf::IfOp::create(b, ValueRange(thenValues).getTypes(), isEnd,
                                 false, false);
  OpBuilder::InsertionGuard guard(b);
  Block *thenBlock = b.createBlock(&epilogueIf.getThenRegion());
  for (Operation *op : epilogueOps)
    op->moveBefore(thenBlock, thenBlock->end());
  b.setInsertionPointToEnd(thenBlock);
  scf::YieldOp::create(b, thenValues);
  b.createBlock(&epilogueIf.getElseRegion());
  scf::YieldOp::create(b, elseValues);
}

void OneLevelFusion::finish() {
  unsigned numOuterArgs = outer.getNumRegionIterArgs();
  SmallVector<Value> epilogueResults;
  if (epilogueIf)
    llvm::append_range(epilogueResults, epilogueIf.getResults());
  SmallVector<Value> yields{t, i};
  llvm::append_range(yields,
                     ArrayRef(epilogueResults).take_front(numOuterArgs));
  for (scf::IfOp bodyIf : bodyIfs)
    yields.push_back(bodyIf.getResult(0));
  unsigned nextReset = numOuterArgs;
  for (auto [flags, bodyIf] : llvm::zip(hoisted, bodyIfs))
    for (auto [r, isHoisted] : llvm::enumerate(flags))
      yields.push_back(isHoisted ? epilogueResults[nextReset++]
                                 : Value(bodyIf.getResult(1 + r)));
  for (auto [prologueIf, prologue] : llvm::zip(prologueIfs, prologues))
    llvm::append_range(
        yields, prologueIf.getResults().slice(1, prologue.outputs.size()));
  if (anyVariant) {
    for (auto [len, isVariant] : llvm::zip(lenInners, variant))
      if (isVariant)
        yields.push_back(len);
    yields.push_back(innerLen);
  }
  b.setInsertionPointToEnd(fused.getBody());
  scf::YieldOp::create(b, yields);

  // The fused loop inherits the scheduling attributes of the loops it
  // replaces: warp specialization and no accumulator multi-buffering if any
  // asked for it, the largest stage count.
  MLIRContext *ctx = fused.getContext();
  auto anyHas = [&](StringRef name) {
    return outer->hasAttr(name) ||
           llvm::any_of(inners, [&](scf::ForOp l) { return l->hasAttr(name); });
  };
  if (anyHas(kWarpSpecializeAttrName))
    fused->setAttr(kWarpSpecializeAttrName, UnitAttr::get(ctx));
  if (anyHas(kDisallowAccMultiBufferAttrName))
    fused->setAttr(kDisallowAccMultiBufferAttrName, UnitAttr::get(ctx));
  int64_t numStages = 1;
  auto stagesOf = [](scf::ForOp loop) -> int64_t {
    auto attr = loop->getAttrOfType<IntegerAttr>(kNumStagesAttrName);
    return attr ? attr.getInt() : 1;
  };
  numStages = std::max(numStages, stagesOf(outer));
  for (scf::ForOp inner : inners)
    numStages = std::max(numStages, stagesOf(inner));
  if (numStages > 1)
    fused->setAttr(kNumStagesAttrName,
                   IntegerAttr::get(IntegerType::get(ctx, 32), numStages));

  outer.replaceAllUsesWith(
      fused.getResults().slice(outerArgsStart, outer.getNumResults()));
  for (scf::ForOp inner : inners)
    inner.erase();
  outer.erase();
}

scf::ForOp OneLevelFusion::run() {
  computeBounds();
  createFusedLoop();
  for (unsigned k = 0; k < inners.size(); ++k)
    emitPart(k);
  emitEpilogue();
  finish();
  return fused;
}

/// Fuses the children of `node` whose bounds are (or can be made) invariant
/// in it or computed from its induction variable; the others stay as
/// ordinary ops of the fused body.
void fuseChildren(LoopNestNode *node, DominanceInfo &domInfo) {
  scf::ForOp outer = node->loop;
  SmallVector<FusedChild> inners;
  llvm::SetVector<Operation *> toHoist;
  // Trip counts are computed with signed arithmetic.
  if (!outer.getUnsignedCmp()) {
    for (LoopNestNode *child : node->children) {
      scf::ForOp inner = child->loop;
      if (inner.getUnsignedCmp())
        continue;
      SmallVector<Value> bounds{inner.getLowerBound(), inner.getUpperBound(),
                                inner.getStep()};
      FusedChild fusedChild{inner};
      if (isOuterLoopInvariant(domInfo, outer, bounds, toHoist) ||
          (fusedChild.variant =
               canSliceBounds(domInfo, outer, bounds, fusedChild.sliced)))
        inners.push_back(std::move(fusedChild));
    }
  }
  node->children.clear();
  if (inners.empty())
    return;
  hoistBefore(toHoist, outer);
  node->loop = OneLevelFusion(outer, inners).run();
}

} // namespace

void mlir::triton::gpu::flattenLoopNest(LoopNestNode *node,
                                        DominanceInfo &domInfo) {
  for (LoopNestNode *child : node->children)
    flattenLoopNest(child, domInfo);
  fuseChildren(node, domInfo);
}
