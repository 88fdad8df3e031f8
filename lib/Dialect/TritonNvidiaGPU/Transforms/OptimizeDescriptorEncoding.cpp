//===- OptimizeDescriptorEncoding.cpp - shared layouts of descriptors -----===//
//
// triton-nvidia-optimize-descriptor-encoding: every `!tt.tensordesc` gets
// the `#ttg.nvmma_shared` layout its block has in shared memory, which is
// also what the CUtensorMap's swizzle mode and box say. A descriptor whose
// loads go straight into a `ttg.local_alloc` (or `local_store`) with an
// untransposed nvmma layout takes that layout, so that the TMA copy lands
// where the wgmma reads. Everything else takes the default nvmma layout of
// the block (the widest swizzle its rows fill), as do descriptors that
// cross a call, a return or come from `reinterpret_tensor_descriptor`, and
// the descriptor arguments of non-kernel functions: both sides of a call
// must agree without looking at each other. Values tied through scf.for,
// scf.while and scf.if (iter_args, yields, results) form one class with one
// layout; two different wishes in a class fall back to the default.
//
//===----------------------------------------------------------------------===//
#include "Dialect/TritonNvidiaGPU/IR/TMAUtility.h"
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_TRITONNVIDIAGPUOPTIMIZEDESCRIPTORENCODING
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// What the uses of a class of tied descriptors ask for.
struct Wish {
  llvm::SmallSetVector<Attribute, 2> encodings;
  llvm::SmallSetVector<Attribute, 2> ctaLayouts;
  SmallVector<int64_t> shape;
  bool forcedToDefault = false;
};

bool isDescriptor(Value v) { return isa<TensorDescType>(v.getType()); }

bool isTMACompatible(Attribute encoding) {
  auto nvmma = dyn_cast_or_null<NVMMASharedEncodingAttr>(encoding);
  return nvmma && !nvmma.getTransposed();
}

/// The layout of the first shared buffer a load result is stored into.
Attribute encodingFromUsers(Operation *load) {
  for (Operation *user : load->getUsers()) {
    Attribute encoding;
    if (auto alloc = dyn_cast<LocalAllocOp>(user))
      encoding = alloc.getType().getEncoding();
    else if (auto store = dyn_cast<LocalStoreOp>(user))
      encoding = store.getDst().getType().getEncoding();
    if (isTMACompatible(encoding))
      return encoding;
  }
  return {};
}

/// `shape` with leading 1s up to `rank`.
SmallVector<int64_t> expandToRank(ArrayRef<int64_t> shape, unsigned rank) {
  SmallVector<int64_t> result(rank - std::min<size_t>(rank, shape.size()), 1);
  llvm::append_range(result, shape);
  return result;
}

class DescriptorLayouts {
public:
  explicit DescriptorLayouts(FuncOp func) : func(func) {}

  void run() {
    collect();
    tie();
    record();
    assign();
  }

private:
  void collect() {
    func.walk([&](Operation *op) {
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            if (isDescriptor(arg))
              classes.insert(arg);
      for (Value result : op->getResults())
        if (isDescriptor(result))
          classes.insert(result);
    });
  }

  void unite(Value a, Value b) {
    if (isDescriptor(a) && isDescriptor(b))
      classes.unionSets(a, b);
  }

  /// Values that are the same descriptor across control flow.
  void tie() {
    func.walk([&](Operation *op) {
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        for (auto [init, arg, yielded, result] :
             llvm::zip(loop.getInitArgs(), loop.getRegionIterArgs(),
                       loop.getYieldedValues(), loop.getResults())) {
          unite(init, arg);
          unite(arg, yielded);
          unite(arg, result);
        }
      } else if (auto loop = dyn_cast<scf::WhileOp>(op)) {
        scf::ConditionOp cond = loop.getConditionOp();
        for (auto [init, arg, yielded] :
             llvm::zip(loop.getInits(), loop.getBeforeArguments(),
                       loop.getYieldOp().getOperands()))
          unite(init, arg), unite(arg, yielded);
        for (auto [passed, after, result] :
             llvm::zip(cond.getArgs(), loop.getAfterArguments(),
                       loop.getResults()))
          unite(passed, after), unite(passed, result);
      } else if (auto branch = dyn_cast<scf::IfOp>(op)) {
        for (Region *region : {&branch.getThenRegion(),
                               &branch.getElseRegion()}) {
          if (region->empty())
            continue;
          auto yield = cast<scf::YieldOp>(region->front().getTerminator());
          for (auto [yielded, result] :
               llvm::zip(yield.getOperands(), branch.getResults()))
            unite(yielded, result);
        }
      }
    });
  }

  Wish &wishOf(Value desc) { return wishes[classes.getLeaderValue(desc)]; }

  /// The layout a stored value is computed in, looking through layout
  /// conversions (they fold into the store's buffer later). In a cluster
  /// its CTA split is the one the descriptor takes, so that each CTA stores
  /// what it holds.
  static Attribute producerEncoding(TypedValue<RankedTensorType> value) {
    Value source = value;
    while (auto cvt = source.getDefiningOp<ConvertLayoutOp>())
      source = cvt.getSrc();
    return cast<RankedTensorType>(source.getType()).getEncoding();
  }

  void want(Value desc, Attribute encoding, Attribute resultEncoding,
            ArrayRef<int64_t> shape) {
    Wish &wish = wishOf(desc);
    unsigned rank = cast<TensorDescType>(desc.getType()).getBlockType().getRank();
    if (encoding)
      wish.encodings.insert(encoding);
    Attribute layout = encoding ? encoding : resultEncoding;
    if (layout)
      if (CTAEncodingAttr cta = getCTALayout(layout))
        wish.ctaLayouts.insert(cta);
    SmallVector<int64_t> full = expandToRank(shape, rank);
    if (wish.shape.empty()) {
      wish.shape = full;
    } else {
      for (auto [have, now] : llvm::zip(wish.shape, full))
        have = std::min(have, now);
    }
  }

  /// What each use asks of its descriptor.
  void record() {
    bool kernel = func.isPublic();
    for (BlockArgument arg : func.getArguments())
      if (isDescriptor(arg) && !kernel)
        wishOf(arg).forcedToDefault = true;
    func.walk([&](Operation *op) {
      if (auto load = dyn_cast<DescriptorLoadOp>(op)) {
        want(load.getDesc(), encodingFromUsers(op),
             load.getType().getEncoding(), load.getType().getShape());
      } else if (auto gather = dyn_cast<DescriptorGatherOp>(op)) {
        want(gather.getDesc(), encodingFromUsers(op),
             gather.getType().getEncoding(), gather.getType().getShape());
      } else if (auto store = dyn_cast<DescriptorStoreOp>(op)) {
        want(store.getDesc(), {}, producerEncoding(store.getSrc()),
             store.getSrc().getType().getShape());
      } else if (auto reduce = dyn_cast<DescriptorReduceOp>(op)) {
        want(reduce.getDesc(), {}, producerEncoding(reduce.getSrc()),
             reduce.getSrc().getType().getShape());
      } else if (auto scatter = dyn_cast<DescriptorScatterOp>(op)) {
        want(scatter.getDesc(), {}, producerEncoding(scatter.getSrc()),
             scatter.getSrc().getType().getShape());
      } else if (isa<CallOp, ReturnOp, nvidia_gpu::ReinterpretTensorDescOp>(
                     op)) {
        for (Value v : op->getOperands())
          if (isDescriptor(v))
            wishOf(v).forcedToDefault = true;
        for (Value v : op->getResults())
          if (isDescriptor(v))
            wishOf(v).forcedToDefault = true;
      }
    });
  }

  static Attribute defaultEncoding(RankedTensorType block, Attribute cta,
                                   ArrayRef<int64_t> shape) {
    MLIRContext *ctx = block.getContext();
    unsigned rank = block.getRank();
    SmallVector<unsigned> order;
    for (int i = rank - 1; i >= 0; --i)
      order.push_back(i);
    auto ctaLayout = dyn_cast_or_null<CTAEncodingAttr>(cta);
    if (!ctaLayout || ctaLayout.getRank() != rank)
      ctaLayout = CTAEncodingAttr::getDefault(ctx, rank);
    return getNVMMASharedEncoding(ctx, shape.empty() ? block.getShape() : shape,
                                  order, ctaLayout, block.getElementType());
  }

  static TensorDescType withEncoding(TensorDescType desc, Attribute encoding) {
    RankedTensorType block = desc.getBlockType();
    return TensorDescType::get(
        desc.getContext(),
        RankedTensorType::get(block.getShape(), block.getElementType(),
                              encoding));
  }

  void assign() {
    for (auto it = classes.begin(); it != classes.end(); ++it) {
      if (!(*it)->isLeader())
        continue;
      Value leader = (*it)->getData();
      Wish &wish = wishes[leader];
      RankedTensorType block =
          cast<TensorDescType>(leader.getType()).getBlockType();
      Attribute encoding;
      if (wish.forcedToDefault || wish.encodings.size() > 1)
        encoding = defaultEncoding(block, {}, {});
      else if (wish.encodings.size() == 1)
        encoding = wish.encodings.front();
      else
        encoding = defaultEncoding(
            block, wish.ctaLayouts.size() == 1 ? wish.ctaLayouts.front()
                                               : Attribute(),
            wish.shape);
      for (auto member = classes.member_begin(**it);
           member != classes.member_end(); ++member) {
        Value v = *member;
        v.setType(withEncoding(cast<TensorDescType>(v.getType()), encoding));
      }
    }
    SmallVector<Type> results(func.getResultTypes());
    for (Type &type : results)
      if (auto desc = dyn_cast<TensorDescType>(type))
        type = withEncoding(desc,
                            defaultEncoding(desc.getBlockType(), {}, {}));
    if (func.getBody().empty())
      return;
    func.setFunctionType(FunctionType::get(
        func.getContext(), func.front().getArgumentTypes(), results));
  }

  FuncOp func;
  llvm::EquivalenceClasses<Value> classes;
  llvm::DenseMap<Value, Wish> wishes;
};

struct OptimizeDescriptorEncoding
    : public triton::nvidia_gpu::impl::
          TritonNvidiaGPUOptimizeDescriptorEncodingBase<
              OptimizeDescriptorEncoding> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<FuncOp>())
      DescriptorLayouts(func).run();
  }
};

} // namespace
