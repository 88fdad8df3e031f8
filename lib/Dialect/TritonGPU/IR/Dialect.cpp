//===- Dialect.cpp - the ttg dialect: registration, module attributes -----===//
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "LayoutInference.h"

#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::triton::gpu;

#include "Dialect/TritonGPU/IR/Dialect.cpp.inc"

namespace {
/// Prints layouts and the shared memory space by alias, with Triton's
/// names: `#blocked`, `#linear`, `#mma`, `#shared`, `#smem` (then
/// `#blocked1`, ...).
/// Slices and dot operands stay inline.
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
  addInterfaces<TritonGPUOpAsmInterface>();
  addInterfaces<TritonGPUInferLayoutInterface>();
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

  if (name == AttrNumWarpsName || name == AttrNumCTAsName ||
      name == AttrNumThreadsPerWarp || name == AttrTotalNumWarpsName ||
      isMaxNReg)
    return verifyPositiveI32(op, attr);
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
