//===- AllocateWarpGroups.cpp - tritongpu-allocate-warp-groups ------------===//
//
// Pads every ttg.warp_specialize to the module's number of extra warp
// groups, gives each partition its first warp and, where partitions ask for
// registers, the setmaxnreg budgets of every warp group (see Passes.td).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Passes.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <numeric>

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUALLOCATEWARPGROUPS
#include "Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

constexpr int kWarpGroupWarps = 4;
constexpr int kMaxWarps = 32;
/// setmaxnreg takes 24 to 256 registers, in multiples of 8.
constexpr int kMinSetMaxNReg = 24;
constexpr int kMaxSetMaxNReg = 256;
/// Code that may call vprintf or __assertfail needs 32 registers (a driver
/// requirement; Triton 3.6 works around it the same way).
constexpr int kMinRegistersForSystemCalls = 32;

bool maySystemCall(Region &region) {
  return region
      .walk([](Operation *op) {
        return isa<AssertOp, PrintOp>(op) ? WalkResult::interrupt()
                                          : WalkResult::advance();
      })
      .wasInterrupted();
}

int minimumRegisters(Region &region) {
  return maySystemCall(region) ? kMinRegistersForSystemCalls : kMinSetMaxNReg;
}

int roundUpTo8(int n) { return llvm::divideCeil(n, 8) * 8; }

/// Adds empty partitions, the largest power of two that fits first, until
/// the partitions of `op` hold `warps` warps. Each new partition takes the
/// captures as arguments (the verifier wants them) and returns at once; its
/// requested registers, if the op has any, are the fewest setmaxnreg takes.
void padPartitions(WarpSpecializeOp op, int warps) {
  int missing = warps - static_cast<int>(op.getTotalPartitionWarps());
  if (missing <= 0)
    return;
  SmallVector<int32_t> padding;
  while (missing > 0) {
    int size = 1 << llvm::Log2_32(missing);
    padding.push_back(size);
    missing -= size;
  }

  WarpSpecializePartitionsOp partitions = op.getPartitionOp();
  OpBuilder builder(partitions);
  OperationState state(partitions.getLoc(), partitions->getName());
  state.addOperands(partitions->getOperands());
  state.addAttributes(partitions->getAttrs());
  for (Region &region : partitions->getRegions())
    state.addRegion()->takeBody(region);
  for (size_t i = 0; i < padding.size(); ++i) {
    Block &body = state.addRegion()->emplaceBlock();
    for (Value capture : op.getExplicitCaptures())
      body.addArgument(capture.getType(), capture.getLoc());
    // The region belongs to no op yet: the builder takes the context.
    OpBuilder atEnd(op.getContext());
    atEnd.setInsertionPointToEnd(&body);
    WarpReturnOp::create(atEnd, op.getLoc());
  }
  builder.create(state);
  partitions.erase();

  SmallVector<int32_t> numWarps(op.getPartitionNumWarps());
  numWarps.append(padding);
  op.setPartitionNumWarps(numWarps);
  if (std::optional<ArrayRef<int32_t>> requested = op.getRequestedRegisters()) {
    SmallVector<int32_t> withPadding(*requested);
    withPadding.append(padding.size(), kMinSetMaxNReg);
    op.setRequestedRegisters(withPadding);
  }
}

/// First warps of the partitions, from `baseWarps` on: the largest
/// partitions first, so that every partition of 4 or more warps starts a
/// warp group (sizes are powers of two); equal sizes keep their order.
void assignStartIds(WarpSpecializeOp op, int baseWarps) {
  ArrayRef<int32_t> numWarps = op.getPartitionNumWarps();
  SmallVector<unsigned> order(numWarps.size());
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(), [&](unsigned a, unsigned b) {
    return numWarps[a] > numWarps[b];
  });
  SmallVector<int32_t> startIds(numWarps.size());
  int next = baseWarps;
  for (unsigned i : order) {
    startIds[i] = next;
    next += numWarps[i];
  }
  op.setWarpGroupStartIds(startIds);
}

/// `actualRegisters` of `op` from its `requestedRegisters`, or nothing when
/// the default warps would be left with too few. `perThread` is the
/// register budget of every thread of the launch.
std::optional<SmallVector<int32_t>>
budgetRegisters(WarpSpecializeOp op, int baseWarps, int threadsPerWarp,
                int perThread) {
  std::optional<ArrayRef<int32_t>> requested = op.getRequestedRegisters();
  if (!requested || op.getTotalPartitionWarps() % kWarpGroupWarps != 0)
    return std::nullopt;
  ArrayRef<int32_t> startIds = *op.getWarpGroupStartIds();
  ArrayRef<int32_t> numWarps = op.getPartitionNumWarps();
  SmallVector<Region *> regions(op.getPartitionRegions().begin(),
                                op.getPartitionRegions().end());

  // Each warp group's registers: the largest need of its partitions.
  // Partitions are contiguous in start-id order; a new group begins at a
  // multiple of 4 warps (a partition of 8 warps is one group of 8).
  SmallVector<unsigned> order(numWarps.size());
  std::iota(order.begin(), order.end(), 0u);
  llvm::sort(order, [&](unsigned a, unsigned b) {
    return startIds[a] < startIds[b];
  });
  struct Group {
    SmallVector<unsigned> partitions;
    int registers = 0;
    int warps = 0;
  };
  SmallVector<Group> groups;
  for (unsigned i : order) {
    if (groups.empty() || (startIds[i] - baseWarps) % kWarpGroupWarps == 0)
      groups.emplace_back();
    Group &group = groups.back();
    group.partitions.push_back(i);
    int need = std::max<int>((*requested)[i], minimumRegisters(*regions[i]));
    group.registers =
        std::max(group.registers, std::min(roundUpTo8(need), kMaxSetMaxNReg));
    group.warps += numWarps[i];
  }

  // What the partitions give back goes to the default warps.
  int64_t pool = int64_t(perThread) * baseWarps * threadsPerWarp;
  for (const Group &group : groups)
    pool += int64_t(perThread - group.registers) * group.warps *
            threadsPerWarp;
  if (pool <= 0)
    return std::nullopt;
  int64_t defaultRegisters = pool / (int64_t(baseWarps) * threadsPerWarp);
  defaultRegisters = std::min<int64_t>(defaultRegisters / 8 * 8,
                                       kMaxSetMaxNReg);
  if (defaultRegisters < minimumRegisters(op.getDefaultRegion()))
    return std::nullopt;

  SmallVector<int32_t> actual(1 + numWarps.size());
  actual.front() = static_cast<int32_t>(defaultRegisters);
  for (const Group &group : groups)
    for (unsigned i : group.partitions)
      actual[1 + i] = group.registers;
  return actual;
}

struct AllocateWarpGroups
    : public triton::impl::TritonGPUAllocateWarpGroupsBase<
          AllocateWarpGroups> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<WarpSpecializeOp> ops;
    module.walk([&](WarpSpecializeOp op) { ops.push_back(op); });

    std::optional<int> baseWarps = maybeLookupNumWarps(module);
    if (!baseWarps) {
      if (ops.empty())
        return;
      module.emitError("tritongpu-allocate-warp-groups: the module has no "
                       "ttg.num-warps");
      return signalPassFailure();
    }

    int extraWarps = 0;
    for (WarpSpecializeOp op : ops)
      extraWarps =
          std::max<int>(extraWarps, op.getTotalPartitionWarps());
    extraWarps = llvm::alignTo(extraWarps, kWarpGroupWarps);
    int totalWarps = *baseWarps + extraWarps;
    if (totalWarps > kMaxWarps) {
      ops.front().emitOpError("needs ")
          << totalWarps << " warps with the kernel's " << *baseWarps
          << ", more than the " << kMaxWarps << " a CTA can have";
      return signalPassFailure();
    }

    Builder builder(module.getContext());
    module->setAttr(AttrTotalNumWarpsName,
                    builder.getI32IntegerAttr(totalWarps));
    for (WarpSpecializeOp op : ops) {
      padPartitions(op, extraWarps);
      assignStartIds(op, *baseWarps);
    }

    int threadsPerWarp = 32;
    if (auto attr = module->getAttrOfType<IntegerAttr>(AttrNumThreadsPerWarp))
      threadsPerWarp = attr.getInt();
    int perThread;
    if (auto maxnreg = module->getAttrOfType<IntegerAttr>("ttg.maxnreg"))
      perThread = maxnreg.getInt();
    else
      perThread = 64 * 1024 / (totalWarps * threadsPerWarp) / 8 * 8;
    perThread = std::min(perThread, kMaxSetMaxNReg);
    for (WarpSpecializeOp op : ops) {
      std::optional<SmallVector<int32_t>> actual =
          budgetRegisters(op, *baseWarps, threadsPerWarp, perThread);
      if (!actual)
        continue;
      op.setActualRegisters(*actual);
      // setmaxnreg needs the kernel's own register count fixed.
      module->setAttr("ttg.maxnreg", builder.getI32IntegerAttr(perThread));
    }
  }
};

} // namespace
