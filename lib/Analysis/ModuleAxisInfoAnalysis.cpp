//===- ModuleAxisInfoAnalysis.cpp - AxisInfo over a module; queries -------===//
#include "AxisInfoRules.h"

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LayoutQueries.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::axisinfo;

ModuleAxisInfoAnalysis::ModuleAxisInfoAnalysis(ModuleOp module)
    : CallGraph<AxisInfoMapT>(module) {
  if (failed(getStatus()))
    return;
  // What the live call sites of each function pass, joined per argument.
  DenseMap<Operation *, SmallVector<AxisInfo>> argSeeds;
  for (FunctionOpInterface func : getReversePostOrder())
    analyseFunction(func, argSeeds);
  for (FunctionOpInterface func : getReversePostOrder()) {
    AxisInfoMapT *infos = getFuncData(func);
    func->walk([&](Operation *op) {
      for (OpOperand &operand : op->getOpOperands()) {
        if (!isa<BlockArgument>(operand.get()))
          continue;
        auto it = infos->find(operand.get());
        if (it != infos->end())
          blockArgOperands[{op, operand.getOperandNumber()}] = it->second;
      }
    });
  }
}

/// `seed` with each dimension bounded (gcd) by the hints on argument `index`
/// of `func`.
static AxisInfo boundByArgHints(FunctionOpInterface func, unsigned index,
                                const AxisInfo &seed) {
  auto bound = [&](StringRef name, const AxisInfo::DimVectorT &facts) {
    AxisInfo::DimVectorT hint(facts.size(), 0);
    AxisInfo::initDimVectorFromHint(func.getArgAttr(index, name), &hint);
    AxisInfo::DimVectorT result = facts;
    for (auto [fact, h] : llvm::zip(result, hint))
      fact = gcd(fact, h);
    return result;
  };
  return AxisInfo(bound(attrs::kContiguity, seed.getContiguity()),
                  bound(attrs::kDivisibility, seed.getDivisibility()),
                  bound(attrs::kConstancy, seed.getConstancy()),
                  seed.getConstantValue());
}

void ModuleAxisInfoAnalysis::analyseFunction(
    FunctionOpInterface func,
    DenseMap<Operation *, SmallVector<AxisInfo>> &argSeeds) {
  AxisInfoMapT &infos = funcMap[func];
  if (func.isExternal())
    return;

  SmallVector<AxisInfo> seeds;
  if (auto it = argSeeds.find(func); it != argSeeds.end())
    for (auto [i, seed] : llvm::enumerate(it->second))
      seeds.push_back(seed.getRank() ? boundByArgHints(func, i, seed)
                                     : AxisInfo());

  DenseSet<Block *> deadBlocks =
      runAxisInfoAnalysis(func, seeds, [&](Value value, const AxisInfo &info) {
        infos[value] = info.getRank() != 0
                           ? info
                           : AxisInfo::getPessimisticValueState(value);
      });

  // Hand what each call passes on to the callee. A call in dead code passes
  // nothing.
  for (const Edge &edge : getCallees(func)) {
    if (deadBlocks.contains(edge.call->getBlock()))
      continue;
    FunctionOpInterface callee = edge.callee;
    SmallVector<AxisInfo> &calleeSeeds = argSeeds[callee];
    unsigned numArgs = callee.getNumArguments();
    calleeSeeds.resize(numArgs);
    CallOpInterface call = edge.call;
    for (auto [i, operand] : llvm::enumerate(call.getArgOperands())) {
      if (i >= numArgs)
        continue;
      AxisInfo info = infos.lookup(operand);
      Type argType = callee.getArgumentTypes()[i];
      if (info.getRank() != AxisInfo::getRank(argType)) {
        AxisInfo::DimVectorT ones(AxisInfo::getRank(argType), 1);
        info = AxisInfo(ones, ones, ones);
      }
      calleeSeeds[i] = AxisInfo::join(calleeSeeds[i], info);
    }
  }
}

/// The function `value` is in, if any.
static FunctionOpInterface getParentFunction(Value value) {
  Region *region = value.getParentRegion();
  return region ? region->getParentOfType<FunctionOpInterface>() : nullptr;
}

AxisInfo *ModuleAxisInfoAnalysis::getAxisInfo(Value value) {
  FunctionOpInterface func = getParentFunction(value);
  if (AxisInfoMapT *infos = func ? getFuncData(func) : nullptr) {
    auto it = infos->find(value);
    if (it != infos->end())
      return &it->second;
  } else if (func) {
    // The value's function has been replaced since the analysis ran (the
    // lowering to LLVM moves bodies into llvm.func): search every function.
    for (auto &[analysed, infos] : funcMap) {
      auto it = infos.find(value);
      if (it != infos.end())
        return &it->second;
    }
  }
  // A block argument replaced since the analysis ran (the LLVM lowering
  // converts block signatures before the ops that use the arguments: a new
  // block, possibly detached while it is built, or a cast of a converted
  // argument), as its users saw it.
  if (isa<BlockArgument>(value) ||
      value.getDefiningOp<UnrealizedConversionCastOp>())
    for (OpOperand &use : value.getUses()) {
      auto it =
          blockArgOperands.find({use.getOwner(), use.getOperandNumber()});
      if (it != blockArgOperands.end())
        return &it->second;
    }
  return nullptr;
}

/// The order of `type`'s ttg distributed layout, when it has one (of its
/// rank).
static std::optional<SmallVector<unsigned>>
getLayoutOrder(RankedTensorType type) {
  if (!isa_and_nonnull<gpu::DistributedEncodingTrait>(type.getEncoding()))
    return std::nullopt;
  SmallVector<unsigned> order = gpu::getOrder(type.getEncoding());
  if (order.size() != size_t(type.getRank()))
    return std::nullopt;
  return order;
}

SmallVector<unsigned> ModuleAxisInfoAnalysis::getOrder(Value value) {
  auto tensor = dyn_cast<RankedTensorType>(value.getType());
  if (!tensor)
    return {0};
  if (std::optional<SmallVector<unsigned>> order = getLayoutOrder(tensor))
    return *order;
  SmallVector<unsigned> order;
  for (int64_t d = tensor.getRank() - 1; d >= 0; --d)
    order.push_back(d);
  AxisInfo *info = getAxisInfo(value);
  if (!info || info->getRank() != tensor.getRank())
    return order;
  llvm::stable_sort(order, [&](unsigned a, unsigned b) {
    return info->getContiguity(a) > info->getContiguity(b);
  });
  return order;
}

/// The width of the elements `value` (a tensor) holds or points to; 0 when
/// it has none.
static unsigned getElementBitWidth(RankedTensorType tensor) {
  Type elt = tensor.getElementType();
  if (auto ptr = dyn_cast<PointerType>(elt))
    elt = ptr.getPointeeType();
  if (isa<PointerType>(elt))
    return 64;
  return elt.isIntOrFloat() ? elt.getIntOrFloatBitWidth() : 0;
}

unsigned ModuleAxisInfoAnalysis::getAlignment(Value value) {
  auto tensor = dyn_cast<RankedTensorType>(value.getType());
  if (!tensor)
    return 1;
  unsigned width = getElementBitWidth(tensor);
  return width ? getAlignment(value, width) : 1;
}

unsigned ModuleAxisInfoAnalysis::getAlignment(Value offsets,
                                              unsigned elementBitWidth) {
  auto tensor = dyn_cast<RankedTensorType>(offsets.getType());
  AxisInfo *info = getAxisInfo(offsets);
  if (!tensor || !info || info->getRank() != tensor.getRank())
    return 1;
  unsigned dim = getOrder(offsets).front();
  // Pointers are divisible in bytes, offsets in elements.
  int64_t multiple = info->getDivisibility(dim);
  if (isa<PointerType>(tensor.getElementType()))
    multiple = std::max<int64_t>(
        1, multiple / std::max<unsigned>(1, elementBitWidth / 8));
  int64_t alignment = std::min(multiple, info->getContiguity(dim));
  return std::clamp<int64_t>(alignment, 1, tensor.getDimSize(dim));
}

unsigned ModuleAxisInfoAnalysis::getContiguity(Value value) {
  auto tensor = dyn_cast<RankedTensorType>(value.getType());
  if (!tensor)
    return 1;
  unsigned width = getElementBitWidth(tensor);
  return width ? getContiguity(value, width) : 1;
}

unsigned ModuleAxisInfoAnalysis::getContiguity(Value offsets,
                                               unsigned elementBitWidth) {
  unsigned alignment = getAlignment(offsets, elementBitWidth);
  // A thread accesses at most the elements it holds contiguously.
  auto tensor = dyn_cast<RankedTensorType>(offsets.getType());
  std::optional<SmallVector<unsigned>> order =
      tensor ? getLayoutOrder(tensor) : std::nullopt;
  if (!order)
    return alignment;
  SmallVector<unsigned> contigPerThread = gpu::getContigPerThread(tensor);
  return std::max(1u, std::min(alignment, contigPerThread[order->front()]));
}

unsigned ModuleAxisInfoAnalysis::getMaskAlignment(Value mask) {
  auto tensor = dyn_cast<RankedTensorType>(mask.getType());
  AxisInfo *info = getAxisInfo(mask);
  if (!tensor || !info || info->getRank() != tensor.getRank())
    return 1;
  // With a layout, accesses run along its order, as Triton reads it.
  if (std::optional<SmallVector<unsigned>> order = getLayoutOrder(tensor))
    return getMaskAlignment(mask, *order);
  // A mask has no direction of its own: bound every dimension an access
  // could run along.
  int64_t alignment = AxisInfo::kMaxDivisor;
  for (int64_t d = 0; d < tensor.getRank(); ++d)
    if (tensor.getDimSize(d) > 1)
      alignment = std::min(alignment, info->getConstancy(d));
  if (alignment == AxisInfo::kMaxDivisor)
    return 1;
  return std::max<int64_t>(alignment, 1);
}

unsigned ModuleAxisInfoAnalysis::getMaskAlignment(Value mask,
                                                  ArrayRef<unsigned> order) {
  auto tensor = dyn_cast<RankedTensorType>(mask.getType());
  AxisInfo *info = getAxisInfo(mask);
  if (!tensor || !info || info->getRank() != tensor.getRank() ||
      order.empty() || order.front() >= tensor.getRank())
    return 1;
  unsigned dim = order.front();
  return std::clamp<int64_t>(info->getConstancy(dim), 1,
                             tensor.getDimSize(dim));
}
