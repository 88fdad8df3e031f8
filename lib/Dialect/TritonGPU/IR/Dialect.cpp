//===- Dialect.cpp - the ttg dialect: registration, module attributes -----===//
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonGPU/IR/LayoutQueries.h"
#include "LayoutInference.h"

#include "mlir/IR/OpImplementation.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::triton::gpu;

#include "Dialect/TritonGPU/IR/Dialect.cpp.inc"

namespace {
/// Prints layouts and the shared memory space by alias, with Triton's
/// names: `#blocked`, `#linear`, `#mma`, `#shared`, `#smem` (then
/// `#blocked1`, ...).
/// Slices and dot operands stay inline.
/// ttg ops may be inlined with the function that holds them (a Gluon
/// kernel's helpers, gluon-inline; Triton 3.6's dialects allow it too).
struct TritonGPUInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
};

struct TritonGPUOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<MmaEncodingTrait>(attr))
      os << "mma";
    else if (isa<SharedEncodingTrait>(attr))
      os << "shared";
    else if (isa<BlockedEncodingAttr>(attr))
      os << "blocked";
    else if (isa<LinearEncodingAttr>(attr))
      os << "linear";
    else if (isa<SharedMemorySpaceAttr>(attr))
      os << "smem";
    else
      return AliasResult::NoAlias;
    return AliasResult::FinalAlias;
  }
};
} // namespace

void TritonGPUDialect::initialize() {
  registerTypes();
  registerAttributes();
  registerOps();
  addInterfaces<TritonGPUOpAsmInterface, TritonGPUInlinerInterface>();
  addInterfaces<TritonGPUInferLayoutInterface>();
  initLinearLayoutCache(this);
}

//===----------------------------------------------------------------------===//
// Module attributes
//===----------------------------------------------------------------------===//

/// A positive i32, as Triton writes the warp and CTA counts.
static LogicalResult verifyPositiveI32(Operation *op, NamedAttribute attr) {
  auto value = dyn_cast<IntegerAttr>(attr.getValue());
  if (!value || !value.getType().isSignlessInteger(32))
    return op->emitOpError("attribute '")
           << attr.getName().strref() << "' must be an i32 integer";
  if (value.getInt() <= 0)
    return op->emitOpError("attribute '")
           << attr.getName().strref() << "' must be positive, got "
           << value.getInt();
  return success();
}

/// The blocked or mma layout a tensor encoding is built on (through slices
/// and dot operands), or null.
static Attribute baseLayout(Attribute encoding) {
  while (encoding) {
    if (auto slice = dyn_cast<SliceEncodingAttr>(encoding))
      encoding = slice.getParent();
    else if (auto dot = dyn_cast<DotOperandEncodingAttr>(encoding))
      encoding = dot.getParent();
    else
      break;
  }
  return isa_and_nonnull<BlockedEncodingAttr, NvidiaMmaEncodingAttr>(encoding)
             ? encoding
             : Attribute();
}

/// The layouts of a module's tensors against its thread counts: a blocked
/// layout's threadsPerWarp multiply to ttg.threads-per-warp, and a blocked
/// or mma layout's warpsPerCTA to the warps running the op (ttg.num-warps,
/// or a warp-specialize partition's). Anything else describes threads the
/// kernel does not have: the lowering would index past them (issue 19).
static LogicalResult verifyModuleLayouts(ModuleOp module) {
  int threadsPerWarp = TritonGPUDialect::getThreadsPerWarp(module);
  WalkResult result = module.walk([&](Operation *op) -> WalkResult {
    // `where` runs the value: the op for its results, the block's first op
    // for block arguments (a warp_specialize partition's region runs with
    // the partition's warps, not its parent's).
    auto check = [&](Type type, StringRef what, unsigned index,
                     Operation *where) -> LogicalResult {
      auto tensor = dyn_cast<RankedTensorType>(type);
      Attribute layout = tensor ? baseLayout(tensor.getEncoding()) : nullptr;
      if (!layout)
        return success();
      if (isa<BlockedEncodingAttr>(layout)) {
        unsigned lanes = llvm::product_of(getThreadsPerWarp(layout));
        if (lanes != unsigned(threadsPerWarp))
          return op->emitOpError()
                 << what << " #" << index << " has layout " << layout
                 << " with " << lanes << " threads per warp, but the module's "
                 << AttrNumThreadsPerWarp << " is " << threadsPerWarp;
      }
      unsigned warps = getNumWarpsPerCTA(layout);
      std::optional<int> numWarps = maybeLookupNumWarps(where);
      if (numWarps && warps != unsigned(*numWarps))
        return op->emitOpError()
               << what << " #" << index << " has layout " << layout << " with "
               << warps << " warps, but the op runs on " << *numWarps << " ("
               << AttrNumWarpsName << ")";
      return success();
    };
    for (auto [i, type] : llvm::enumerate(op->getResultTypes()))
      if (failed(check(type, "result", i, op)))
        return WalkResult::interrupt();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (auto [i, arg] : llvm::enumerate(block.getArguments()))
          if (failed(check(arg.getType(), "block argument", i,
                           block.empty() ? op : &block.front())))
            return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

LogicalResult TritonGPUDialect::verifyOperationAttribute(Operation *op,
                                                         NamedAttribute attr) {
  StringRef name = attr.getName().strref();
  // Triton's maxnreg option: registers per thread of the kernel.
  bool isMaxNReg = name == "ttg.maxnreg";
  bool moduleOnly = name == AttrNumCTAsName || name == AttrTargetName ||
                    name == AttrNumThreadsPerWarp ||
                    name == AttrTotalNumWarpsName ||
                    name == AttrSharedMemorySize || isMaxNReg;
  if (moduleOnly && !isa<ModuleOp>(op))
    return op->emitOpError("has unexpected attribute ")
           << attr.getName() << " which is expected only on `module` ops";
  if (name == AttrNumWarpsName && !isa<ModuleOp, triton::FuncOp>(op))
    return op->emitOpError("has unexpected attribute ")
           << attr.getName()
           << " which is expected only on `module` or `tt.func` ops";

  bool isCount = name == AttrNumWarpsName || name == AttrNumCTAsName ||
                 name == AttrNumThreadsPerWarp ||
                 name == AttrTotalNumWarpsName || isMaxNReg;
  if (isCount && failed(verifyPositiveI32(op, attr)))
    return failure();
  // A CTA has at most 1024 threads (CUDA's limit on every GPU Triton
  // targets); checked once, on ttg.num-warps, with the layouts.
  auto module = dyn_cast<ModuleOp>(op);
  if (module && name == AttrNumWarpsName) {
    int threadsPerWarp = TritonGPUDialect::getThreadsPerWarp(module);
    for (StringRef warpsName : {AttrNumWarpsName, AttrTotalNumWarpsName})
      if (auto warps = module->getAttrOfType<IntegerAttr>(warpsName))
        if (warps.getInt() * threadsPerWarp > 1024)
          return op->emitOpError("attribute '")
                 << warpsName << "' = " << warps.getInt() << " with "
                 << threadsPerWarp << " threads per warp is "
                 << warps.getInt() * threadsPerWarp
                 << " threads per CTA; CUDA allows at most 1024";
    return verifyModuleLayouts(module);
  }
  // CTAs run as a cluster (N, 1, 1): a power of two up to 16, CUDA's
  // largest (non-portable) cluster, and only from sm_90 on.
  if (module && name == AttrNumCTAsName) {
    int64_t ctas = cast<IntegerAttr>(attr.getValue()).getInt();
    if (!llvm::isPowerOf2_64(ctas) || ctas > 16)
      return op->emitOpError("attribute '")
             << name << "' = " << ctas
             << " is not a cluster size (a power of two up to 16)";
    StringRef target;
    if (auto targetAttr = module->getAttrOfType<StringAttr>(AttrTargetName))
      target = targetAttr.getValue();
    unsigned capability = 0;
    if (ctas > 1 && target.consume_front("cuda:") &&
        !target.getAsInteger(10, capability) && capability < 90)
      return op->emitOpError("attribute '")
             << name << "' = " << ctas
             << ": clusters of CTAs need compute capability 9.0 or later, "
                "the target is cuda:"
             << capability;
  }
  if (name == AttrSharedMemorySize) {
    auto value = dyn_cast<IntegerAttr>(attr.getValue());
    if (!value || !value.getType().isSignlessInteger(32) || value.getInt() < 0)
      return op->emitOpError("attribute '")
             << name << "' must be a non-negative i32 integer";
  }
  if (name == AttrTargetName && !isa<StringAttr>(attr.getValue()))
    return op->emitOpError("attribute '") << name << "' must be a string";
  // Other ttg.* attributes (partition ids of warp specialization, ...) are
  // left to the passes that use them.
  return success();
}

static int getIntAttrOr(ModuleOp mod, StringRef name, int fallback) {
  if (auto attr = mod->getAttrOfType<IntegerAttr>(name))
    return attr.getInt();
  return fallback;
}

int TritonGPUDialect::getNumWarps(ModuleOp mod) {
  return getIntAttrOr(mod, AttrNumWarpsName, 4);
}

int TritonGPUDialect::getNumCTAs(ModuleOp mod) {
  return getIntAttrOr(mod, AttrNumCTAsName, 1);
}

int TritonGPUDialect::getThreadsPerWarp(ModuleOp mod) {
  return getIntAttrOr(mod, AttrNumThreadsPerWarp, 32);
}

StringRef mlir::triton::gpu::getTarget(ModuleOp mod) {
  if (auto attr = mod->getAttrOfType<StringAttr>(AttrTargetName))
    return attr.getValue();
  return {};
}

int mlir::triton::gpu::getCudaCapability(StringRef target) {
  int capability = 0;
  if (!target.consume_front("cuda:") || target.getAsInteger(10, capability) ||
      capability < 0)
    return 0;
  return capability;
}

int mlir::triton::gpu::lookupCudaCapability(Operation *op) {
  auto module = dyn_cast_or_null<ModuleOp>(op);
  if (!module && op)
    module = op->getParentOfType<ModuleOp>();
  return module ? getCudaCapability(getTarget(module)) : 0;
}

std::optional<int> mlir::triton::gpu::maybeLookupNumWarps(Operation *op) {
  for (; op; op = op->getParentOp()) {
    if (auto attr = op->getAttrOfType<IntegerAttr>(AttrNumWarpsName))
      return attr.getInt();
    // Partition i of a ttg.warp_specialize runs with the op's
    // partitionNumWarps[i] warps.
    Operation *partitions = op->getParentOp();
    if (partitions &&
        partitions->getName().getStringRef() ==
            "ttg.warp_specialize.partitions") {
      Operation *ws = partitions->getParentOp();
      auto counts =
          ws ? ws->getAttrOfType<DenseI32ArrayAttr>("partitionNumWarps")
             : DenseI32ArrayAttr();
      unsigned idx = op->getParentRegion()->getRegionNumber();
      if (counts && idx < counts.size())
        return counts[idx];
    }
  }
  return std::nullopt;
}

int mlir::triton::gpu::lookupNumWarps(Operation *op) {
  if (std::optional<int> numWarps = maybeLookupNumWarps(op))
    return *numWarps;
  op->emitOpError("is not contained within a context that specifies the "
                  "number of warps (")
      << AttrNumWarpsName << ")";
  return 0;
}

int mlir::triton::gpu::lookupNumCTAs(Operation *op) {
  auto mod = isa<ModuleOp>(op) ? cast<ModuleOp>(op)
                               : op->getParentOfType<ModuleOp>();
  return mod ? TritonGPUDialect::getNumCTAs(mod) : 1;
}
