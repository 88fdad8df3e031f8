//===- Coalesce.cpp - tritongpu-coalesce ----------------------------------===//
#include "Analysis/AxisInfo.h"
#include "Dialect/TritonGPU/Transforms/LayoutUtility.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tritongpu-coalesce"

namespace mlir::triton::gpu {

#define GEN_PASS_DEF_TRITONGPUCOALESCE
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

/// Elements one thread can access at once through `op`'s pointer: bounded by
/// the pointer's alignment and contiguity along `order[0]` and by 128 bits.
unsigned getNumElementsPerThread(Operation *op, ArrayRef<unsigned> order,
                                 ModuleAxisInfoAnalysis &axisInfo,
                                 ArrayRef<int64_t> shapePerCTA) {
  Value ptr = getMemAccessPtr(op);
  auto type = cast<RankedTensorType>(ptr.getType());
  AxisInfo *info = axisInfo.getAxisInfo(ptr);
  unsigned bits = getElementBitWidth(type);
  unsigned bytes = std::max(bits / 8, 1u);
  unsigned maxMultiple =
      std::max<unsigned>(info->getDivisibility(order[0]) / bytes, 1u);
  unsigned maxContig = std::min<int64_t>(info->getContiguity(order[0]),
                                         shapePerCTA[order[0]]);
  unsigned alignment = std::min(maxMultiple, maxContig);
  return std::min(alignment, 128 / bits);
}

/// Every op connected to `root` through def-use chains, as Triton's
/// multiRootGetSlice finds them: operands' defining ops backwards (block
/// arguments end the walk), and forwards the users of results and the ops
/// nested in regions. One walk with one visited set: mlir::getSlice
/// recomputes a backward and a forward slice for every op it adds, which
/// is quadratic in the slice (0.47 s of Coalesce on a 1,600-line sort
/// kernel, 0.02 s this way).
SetVector<Operation *> getConnectedOps(Operation *root) {
  SetVector<Operation *> slice;
  SmallVector<Operation *> worklist;
  auto add = [&](Operation *op) {
    if (op && slice.insert(op))
      worklist.push_back(op);
  };
  add(root);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Value operand : op->getOperands())
      add(operand.getDefiningOp());
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &nested : block)
          add(&nested);
    for (Value result : op->getResults())
      for (Operation *user : result.getUsers())
        add(user);
  }
  return slice;
}

/// For a load of an 8-bit wgmma operand whose K dimension is not the
/// contiguous one in memory (B stored K x N, A stored K x M): that K
/// dimension. wgmma reads 8-bit operands from shared memory only K-major
/// and cp.async cannot transpose bytes, so such an operand goes through
/// registers into a K-major buffer; -1 for any other access.
int transposedByteOperandK(Operation *op, ArrayRef<unsigned> order) {
  auto load = dyn_cast<LoadOp>(op);
  auto type = load ? dyn_cast<RankedTensorType>(load.getType()) : nullptr;
  if (!type || type.getRank() != 2 || getElementBitWidth(type) != 8)
    return -1;
  int capability = lookupCudaCapability(op);
  if (capability < 90 || capability >= 100)
    return -1;
  SmallVector<Value> worklist{load.getResult()};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      if (auto cvt = dyn_cast<ConvertLayoutOp>(use.getOwner())) {
        worklist.push_back(cvt.getResult());
        continue;
      }
      auto dot = dyn_cast<DotOp>(use.getOwner());
      if (!dot || use.getOperandNumber() > 1 ||
          !supportsMMA(dot, 3, lookupNumWarps(dot)))
        continue;
      int k = use.getOperandNumber() == 0 ? 1 : 0;
      if (int(order[0]) != k)
        return k;
    }
  }
  return -1;
}

} // namespace

BlockedEncodingAttr buildCoalescedEncoding(ModuleAxisInfoAnalysis &axisInfo,
                                           Operation *op, int numWarps,
                                           int threadsPerWarp,
                                           CTAEncodingAttr ctaLayout) {
  Value ptr = getMemAccessPtr(op);
  auto type = cast<RankedTensorType>(ptr.getType());
  SmallVector<int64_t> shapePerCTA =
      getShapePerCTA(ctaLayout.getCTASplitNum(), type.getShape());
  SmallVector<unsigned> order =
      getOrderFromContiguity(axisInfo.getAxisInfo(ptr)->getContiguity());

  unsigned perThread =
      getNumElementsPerThread(op, order, axisInfo, shapePerCTA);
  if (ptr.getDefiningOp()) {
    for (Operation *other : getConnectedOps(op)) {
      Value otherPtr = getMemAccessPtr(other);
      if (!otherPtr || other == op)
        continue;
      auto otherType = dyn_cast<RankedTensorType>(otherPtr.getType());
      if (!otherType || otherType.getShape() != type.getShape())
        continue;
      if (getOrderFromContiguity(
              axisInfo.getAxisInfo(otherPtr)->getContiguity()) != order)
        continue;
      perThread =
          std::max(perThread,
                   getNumElementsPerThread(other, order, axisInfo, shapePerCTA));
    }
  }
  int64_t numElems = 1;
  for (int64_t d : shapePerCTA)
    numElems *= d;
  perThread = std::min<int64_t>(
      perThread, std::max<int64_t>(numElems / (numWarps * threadsPerWarp), 1));
  // A write wider than one access leaves gaps in each warp's write; loads
  // may, their gaps are served from L1.
  if (!isa<LoadOp>(op))
    perThread = std::min(
        perThread, getNumElementsPerThread(op, order, axisInfo, shapePerCTA));

  SmallVector<unsigned> sizePerThread(type.getRank(), 1);
  sizePerThread[order[0]] = perThread;
  // An 8-bit wgmma operand stored with K not contiguous goes through
  // registers into a K-major buffer: each thread also takes 4 consecutive
  // K, so that the transposing store writes one word per 4 elements
  // instead of 4 bytes (MemoryOpToLLVM reorders the registers for it). The
  // loads keep their width and each warp's rows stay whole lines. Only
  // where the tile still gives every thread elements of its own.
  int k = transposedByteOperandK(op, order);
  if (k >= 0 && shapePerCTA[k] % 4 == 0 &&
      numElems / (4 * perThread) >= numWarps * threadsPerWarp)
    sizePerThread[k] = 4;
  return BlockedEncodingAttr::get(op->getContext(), type.getShape(),
                                  sizePerThread, order, numWarps,
                                  threadsPerWarp, ctaLayout);
}

namespace {

/// Rewrites `op` with every distributed tensor operand and result in
/// `encoding`, converting operands in and results back out.
void convertOpEncoding(Attribute encoding, Operation *op) {
  OpBuilder builder(op);
  SmallVector<Value> operands;
  for (Value operand : op->getOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (type && type.getEncoding() != encoding)
      operand = ConvertLayoutOp::create(builder, op->getLoc(),
                                        type.cloneWithEncoding(encoding),
                                        operand);
    operands.push_back(operand);
  }
  // A copy keeps the op's properties; only operands and result types change.
  Operation *newOp = builder.clone(*op);
  newOp->setOperands(operands);
  for (Value result : newOp->getResults())
    if (auto tensor = dyn_cast<RankedTensorType>(result.getType()))
      result.setType(tensor.cloneWithEncoding(encoding));
  for (auto [oldResult, newResult] :
       llvm::zip(op->getResults(), newOp->getResults())) {
    Value replacement = newResult;
    if (newResult.getType() != oldResult.getType())
      replacement = ConvertLayoutOp::create(builder, op->getLoc(),
                                            oldResult.getType(), newResult);
    oldResult.replaceAllUsesWith(replacement);
  }
  op->erase();
}

struct CoalescePass : public impl::TritonGPUCoalesceBase<CoalescePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    ModuleAxisInfoAnalysis axisInfo(module);
    // A recursive call graph has no analysis (the error names the call).
    if (failed(axisInfo.getStatus()))
      return signalPassFailure();
    int threadsPerWarp = TritonGPUDialect::getThreadsPerWarp(module);
    llvm::MapVector<Operation *, Attribute> layouts;
    module.walk([&](Operation *op) {
      Value ptr = getMemAccessPtr(op);
      if (!ptr)
        return;
      auto type = dyn_cast<RankedTensorType>(ptr.getType());
      if (!type || !isa<PointerType>(type.getElementType()))
        return;
      // Ops outside the functions the module's analysis covers (e.g. in a
      // nested module) keep their layout.
      if (!axisInfo.getAxisInfo(ptr))
        return;
      layouts[op] = buildCoalescedEncoding(axisInfo, op, lookupNumWarps(op),
                                           threadsPerWarp,
                                           getCTALayout(type.getEncoding()));
    });
    for (auto &[op, encoding] : layouts) {
      LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "] " << *op << " -> "
                              << encoding << "\n");
      convertOpEncoding(encoding, op);
    }
  }
};

} // namespace
} // namespace mlir::triton::gpu
