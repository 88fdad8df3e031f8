//===- ConvertWarpSpecializeToLLVM.cpp - convert-warp-specialize-to-llvm --===//
//
// Lowers what is left of each ttg.warp_specialize after
// convert-triton-gpu-to-llvm (its regions are LLVM already) in a kernel:
//
//   entry:       warps from ttg.num-warps on (the workers) go to the loop
//   loop:        barrier 1 over all warps; read the warp's state byte;
//                0: return; k: run the partition coded k
//   partition:   captures loaded from shared memory, the region, then
//                barrier 1 (the join) and back to the loop
//   at each op:  the kernel's warps write every worker's state byte and
//                the captures, barrier 1 (the start), run the default
//                region, barrier 1 (the join)
//   at returns:  the kernel's warps write state 0 and barrier 1
//
// The state bytes and the captures live above the kernel's shared memory
// (ttg.shared grows by them).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Passes.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::triton {
#define GEN_PASS_DEF_CONVERTWARPSPECIALIZETOLLVM
#include "Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace ttg = mlir::triton::gpu;

namespace {

/// Bytes and alignment of a capture in shared memory.
std::pair<unsigned, unsigned> captureLayout(Type type,
                                            const DataLayout &layout) {
  // A memdesc's struct holds a pointer: 8-byte aligned like its widest
  // field, as the loads and stores of it assume.
  unsigned bytes = layout.getTypeSize(type);
  unsigned align = std::max<unsigned>(1, layout.getTypeABIAlignment(type));
  return {bytes, align};
}

struct Kernel {
  LLVM::LLVMFuncOp func;
  int numWarps;
  int totalWarps;
  unsigned stateOffset;
  unsigned captureOffset;
};

Value i32(OpBuilder &b, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(), v);
}

void allWarpsBarrier(OpBuilder &b, Location loc, const Kernel &k) {
  NVVM::BarrierOp::create(b, loc, Type(), i32(b, loc, kAllWarpsBarrier),
                          i32(b, loc, k.totalWarps * 32),
                          NVVM::BarrierReductionAttr(), Value());
}

/// setmaxnreg from `from` registers a thread to `to` (nothing if equal).
void moveRegisters(OpBuilder &b, Location loc, int from, int to) {
  if (from == to)
    return;
  NVVM::SetMaxRegisterOp::create(b, loc, to,
                                 to > from
                                     ? NVVM::SetMaxRegisterAction::increase
                                     : NVVM::SetMaxRegisterAction::decrease);
}

/// The registers of the kernel's warps and of every worker warp, from the
/// ops' `actualRegisters` (the workers': the most any partition has; the
/// kernel's warps: the least any op gives them, and no more than what the
/// workers leave of the budget `maxnreg` of every thread). None where no
/// op asks for registers, or the kernel's warps would not gain any.
std::optional<std::pair<int, int>>
kernelRegisters(ArrayRef<ttg::WarpSpecializeOp> ops, IntegerAttr maxnreg,
                const Kernel &k, int workers) {
  if (!maxnreg)
    return std::nullopt;
  int budget = maxnreg.getInt();
  std::optional<int> defaultRegs, workerRegs;
  for (ttg::WarpSpecializeOp op : ops) {
    std::optional<ArrayRef<int32_t>> actual = op.getActualRegisters();
    if (!actual)
      return std::nullopt;
    defaultRegs =
        std::min(defaultRegs.value_or(actual->front()), actual->front());
    for (int32_t regs : actual->drop_front())
      workerRegs = std::max(workerRegs.value_or(regs), regs);
  }
  if (!defaultRegs || !workerRegs)
    return std::nullopt;
  int64_t pool =
      int64_t(budget) * k.totalWarps - int64_t(*workerRegs) * workers;
  int fits = static_cast<int>(pool / k.numWarps) / 8 * 8;
  int defaults = std::min(*defaultRegs, fits);
  // Registers move only for the kernel's warps to gain some: with one
  // consumer warp group at the most a thread may have (256 at 4 warps and a
  // producer group), what the workers give back goes to no one.
  if (defaults <= budget)
    return std::nullopt;
  return std::make_pair(defaults, *workerRegs);
}

/// Shared memory of an SM on Hopper (H100, H200), and what the driver keeps
/// of it per CTA.
constexpr int64_t kSharedPerSM = 228 * 1024;
constexpr int64_t kSharedReservedPerCTA = 1024;
constexpr int64_t kRegistersPerSM = 64 * 1024;
constexpr int64_t kThreadsPerSM = 2048;
/// The fewest registers a thread of the kernel's warps keeps where the
/// budget is cut so that more CTAs run on an SM.
constexpr int kOccupancyFloor = 200;
/// Registers a thread needs beyond its largest tensor (addresses, indices,
/// loop state), for the floor of a kernel with larger tensors.
constexpr int kOccupancyHeadroom = 64;

/// 32-bit registers of the largest tensor a thread of `func` holds (an
/// LLVM struct of scalars: a wgmma accumulator, a dot operand). An
/// accumulator lives across asynchronous wgmmas, so ptxas cannot spill it:
/// the budget must keep it whole.
int largestTensorRegisters(LLVM::LLVMFuncOp func) {
  auto registersOf = [](Type type) {
    auto structType = dyn_cast<LLVM::LLVMStructType>(type);
    if (!structType)
      return 0;
    int64_t bits = 0;
    for (Type member : structType.getBody()) {
      if (isa<LLVM::LLVMPointerType>(member))
        bits += 64;
      else if (member.isIntOrFloat())
        bits += std::max(32u, member.getIntOrFloatBitWidth());
      else
        return 0;
    }
    return static_cast<int>(bits / 32);
  };
  int largest = 0;
  func.walk([&](Operation *op) {
    for (Type type : op->getResultTypes())
      largest = std::max(largest, registersOf(type));
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          largest = std::max(largest, registersOf(arg.getType()));
  });
  return largest;
}

/// The budget of every thread (the kernel's `.maxnreg`) so that as many
/// CTAs run on an SM as shared memory allows, while the kernel's warps keep
/// at least `floor` registers after the workers took theirs: a
/// warp-specialized kernel fixes its registers before ptxas, so without
/// this a kernel of one consumer warp group (4 warps and a producer) took
/// a whole SM's registers where the same kernel unspecialized runs two CTAs.
/// `budget` (one CTA's) where no more CTAs fit.
int occupancyBudget(int budget, int64_t shared, const Kernel &k,
                    int workerRegs, int floor) {
  int64_t threads = int64_t(k.totalWarps) * 32;
  int64_t bySmem = kSharedPerSM / (shared + kSharedReservedPerCTA);
  int64_t ctas = std::min(bySmem, kThreadsPerSM / threads);
  for (; ctas > 1; --ctas) {
    int perThread = static_cast<int>(kRegistersPerSM / (ctas * threads)) / 8 * 8;
    int64_t pool = int64_t(perThread) * k.totalWarps -
                   int64_t(workerRegs) * (k.totalWarps - k.numWarps);
    if (pool / k.numWarps >= floor)
      return std::min(budget, perThread);
  }
  return budget;
}

Value sharedAddress(OpBuilder &b, Location loc, Value base, unsigned offset,
                    Value index = {}) {
  Value offsetValue = i32(b, loc, offset);
  if (index)
    offsetValue = LLVM::AddOp::create(b, loc, offsetValue, index);
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ValueRange{offsetValue});
}

/// Thread t < workers of the kernel's warps writes worker warp t's state.
void writeStates(OpBuilder &b, Location loc, const Kernel &k, Value smem,
                 ArrayRef<int> codes) {
  Block *current = b.getInsertionBlock();
  Block *after = current->splitBlock(b.getInsertionPoint());
  Block *write = b.createBlock(after);
  b.setInsertionPointToEnd(current);
  Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  int workers = k.totalWarps - k.numWarps;
  Value writes = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, tid,
                                      i32(b, loc, workers));
  LLVM::CondBrOp::create(b, loc, writes, write, after);
  b.setInsertionPointToEnd(write);
  // The code of worker t: a chain of selects over the workers.
  Value code = LLVM::ConstantOp::create(b, loc, b.getI8Type(), codes[0]);
  for (int w = 1; w < workers; ++w) {
    if (codes[w] == codes[w - 1])
      continue;
    Value atLeast = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::uge, tid,
                                         i32(b, loc, w));
    code = LLVM::SelectOp::create(
        b, loc, atLeast,
        LLVM::ConstantOp::create(b, loc, b.getI8Type(), codes[w]), code);
  }
  LLVM::StoreOp::create(b, loc, code,
                        sharedAddress(b, loc, smem, k.stateOffset, tid));
  LLVM::BrOp::create(b, loc, after);
  b.setInsertionPointToStart(after);
}

struct ConvertWarpSpecializeToLLVM
    : public triton::impl::ConvertWarpSpecializeToLLVMBase<
          ConvertWarpSpecializeToLLVM> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<ttg::WarpSpecializeOp> ops;
    module.walk([&](ttg::WarpSpecializeOp op) { ops.push_back(op); });
    if (ops.empty())
      return;
    auto total = module->getAttrOfType<IntegerAttr>(ttg::AttrTotalNumWarpsName);
    auto shared = module->getAttrOfType<IntegerAttr>("ttg.shared");
    if (!total || !shared) {
      ops.front().emitOpError("needs tritongpu-allocate-warp-groups and "
                              "allocate-shared-memory-nv to have run");
      return signalPassFailure();
    }
    Kernel k;
    // setmaxnreg moves registers between warp groups from the budget every
    // thread starts with (the module's ttg.maxnreg).
    auto maxnreg = module->getAttrOfType<IntegerAttr>("ttg.maxnreg");
    k.numWarps = ttg::TritonGPUDialect::getNumWarps(module);
    k.totalWarps = total.getInt();
    int workers = k.totalWarps - k.numWarps;
    DataLayout layout(module);

    // One kernel holds them all.
    k.func = ops.front()->getParentOfType<LLVM::LLVMFuncOp>();
    for (ttg::WarpSpecializeOp op : ops)
      if (op->getParentOfType<LLVM::LLVMFuncOp>() != k.func ||
          !k.func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName())) {
        op.emitOpError("is lowered in the kernel function only");
        return signalPassFailure();
      }

    // Shared memory above the kernel's: a state byte per worker warp, then
    // the largest capture list.
    k.stateOffset = llvm::alignTo(shared.getInt(), 8);
    k.captureOffset = llvm::alignTo(k.stateOffset + workers, 8);
    unsigned captureBytes = 0;
    SmallVector<SmallVector<unsigned>> fieldOffsets;
    for (ttg::WarpSpecializeOp op : ops) {
      unsigned offset = 0;
      auto &fields = fieldOffsets.emplace_back();
      for (Value capture : op.getExplicitCaptures()) {
        auto [bytes, align] = captureLayout(capture.getType(), layout);
        offset = llvm::alignTo(offset, align);
        fields.push_back(offset);
        offset += bytes;
      }
      captureBytes = std::max(captureBytes, offset);
    }
    OpBuilder b(module.getContext());
    module->setAttr("ttg.shared",
                    b.getI32IntegerAttr(k.captureOffset + captureBytes));

    Location loc = k.func.getLoc();
    Block *entry = &k.func.getBody().front();
    Block *body = entry->splitBlock(entry->begin());
    Block *loop = b.createBlock(&k.func.getBody(), k.func.getBody().end());
    Block *exit = b.createBlock(&k.func.getBody(), k.func.getBody().end());

    // Codes: 1 + the index of (op, partition).
    SmallVector<SmallVector<int>> codeOf;
    int nextCode = 1;
    for (ttg::WarpSpecializeOp op : ops) {
      auto &codes = codeOf.emplace_back();
      for (size_t i = 0; i < op.getPartitionNumWarps().size(); ++i)
        codes.push_back(nextCode++);
    }
    if (nextCode > 255) {
      ops.front().emitOpError("has more partitions in its kernel than a "
                              "state byte can name");
      return signalPassFailure();
    }

    // setmaxnreg: every warp of a warp group must run the same setmaxnreg
    // instruction, and a second one only after the group synchronized. So
    // registers move once, at the kernel's entry: the kernel's warps take
    // their budget, every worker warp the workers' (one for all: a worker
    // warp group runs partitions of any op).
    if (maxnreg) {
      int workerRegs = 0;
      for (ttg::WarpSpecializeOp op : ops)
        if (std::optional<ArrayRef<int32_t>> actual = op.getActualRegisters())
          for (int32_t regs : actual->drop_front())
            workerRegs = std::max<int>(workerRegs, regs);
      // At least kOccupancyFloor, and never less than the largest tensor
      // of the kernel and some headroom (a 128 x 256 f32 accumulator on 4
      // warps is 256 registers a thread: cut to 216, ptxas 12.8 cannot
      // compile its wgmma).
      int floor = std::max(kOccupancyFloor,
                           largestTensorRegisters(k.func) + kOccupancyHeadroom);
      int budget = occupancyBudget(maxnreg.getInt(),
                                   k.captureOffset + captureBytes, k,
                                   workerRegs, floor);
      if (budget != maxnreg.getInt()) {
        maxnreg = b.getI32IntegerAttr(budget);
        module->setAttr("ttg.maxnreg", maxnreg);
        k.func->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(), maxnreg);
      }
    }
    std::optional<std::pair<int, int>> registers =
        kernelRegisters(ops, maxnreg, k, workers);

    // Entry: workers to the loop.
    b.setInsertionPointToEnd(entry);
    Value smem = getFunctionSharedMemoryBase(loc, b, entry->getParentOp());
    Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
    Value warp = LLVM::LShrOp::create(b, loc, tid, i32(b, loc, 5));
    Value isWorker = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::uge,
                                          warp, i32(b, loc, k.numWarps));
    Block *workerEntry = b.createBlock(loop);
    if (registers)
      moveRegisters(b, loc, maxnreg.getInt(), registers->second);
    LLVM::BrOp::create(b, loc, loop);
    if (registers) {
      b.setInsertionPointToStart(body);
      moveRegisters(b, loc, maxnreg.getInt(), registers->first);
    }
    b.setInsertionPointToEnd(entry);
    LLVM::CondBrOp::create(b, loc, isWorker, workerEntry, body);

    // Exit: workers return.
    b.setInsertionPointToEnd(exit);
    LLVM::ReturnOp::create(b, loc, ValueRange());

    // Loop: wait for a start, read the state, dispatch.
    b.setInsertionPointToEnd(loop);
    allWarpsBarrier(b, loc, k);
    Value loopTid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
    Value worker = LLVM::SubOp::create(
        b, loc, LLVM::LShrOp::create(b, loc, loopTid, i32(b, loc, 5)),
        i32(b, loc, k.numWarps));
    Value loopSmem = getFunctionSharedMemoryBase(loc, b, loop->getParentOp());
    Value state = LLVM::ZExtOp::create(
        b, loc, b.getI32Type(),
        LLVM::LoadOp::create(
            b, loc, b.getI8Type(),
            sharedAddress(b, loc, loopSmem, k.stateOffset, worker)));
    SmallVector<int32_t> caseValues;
    SmallVector<Block *> caseDests;

    // Returns of the kernel's warps release the workers first.
    SmallVector<LLVM::ReturnOp> returns;
    k.func.walk([&](LLVM::ReturnOp ret) {
      if (ret->getBlock() != exit)
        returns.push_back(ret);
    });

    for (auto [index, op] : llvm::enumerate(ops)) {
      Location opLoc = op.getLoc();
      ArrayRef<int32_t> starts = *op.getWarpGroupStartIds();
      ArrayRef<int32_t> numWarps = op.getPartitionNumWarps();
      // Worker w's code.
      SmallVector<int> workerCodes(workers, 0);
      for (size_t i = 0; i < numWarps.size(); ++i)
        for (int w = 0; w < numWarps[i]; ++w)
          workerCodes[starts[i] - k.numWarps + w] = codeOf[index][i];

      // The kernel's warps: states, captures, start, default, join.
      b.setInsertionPoint(op);
      writeStates(b, opLoc, k, smem, workerCodes);
      if (!op.getExplicitCaptures().empty()) {
        Block *current = b.getInsertionBlock();
        Block *after = current->splitBlock(b.getInsertionPoint());
        Block *write = b.createBlock(after);
        b.setInsertionPointToEnd(current);
        Value t = NVVM::ThreadIdXOp::create(b, opLoc, b.getI32Type());
        Value first = LLVM::ICmpOp::create(b, opLoc, LLVM::ICmpPredicate::eq, t,
                                           i32(b, opLoc, 0));
        LLVM::CondBrOp::create(b, opLoc, first, write, after);
        b.setInsertionPointToEnd(write);
        for (auto [capture, offset] :
             llvm::zip(op.getExplicitCaptures(), fieldOffsets[index]))
          LLVM::StoreOp::create(
              b, opLoc, capture,
              sharedAddress(b, opLoc, smem, k.captureOffset + offset));
        LLVM::BrOp::create(b, opLoc, after);
        b.setInsertionPointToStart(after);
      }
      allWarpsBarrier(b, opLoc, k);
      Block *before = b.getInsertionBlock();
      Block *join = before->splitBlock(op);
      for (Type type : op.getResultTypes())
        join->addArgument(type, opLoc);
      Region &defaultRegion = op.getDefaultRegion();
      Block *defaultEntry = &defaultRegion.front();
      SmallVector<ttg::WarpYieldOp> yields;
      defaultRegion.walk([&](ttg::WarpYieldOp y) { yields.push_back(y); });
      k.func.getBody().getBlocks().splice(join->getIterator(),
                                          defaultRegion.getBlocks());
      b.setInsertionPointToEnd(before);
      LLVM::BrOp::create(b, opLoc, defaultEntry);
      for (ttg::WarpYieldOp y : yields) {
        b.setInsertionPoint(y);
        LLVM::BrOp::create(b, y.getLoc(), y.getValues(), join);
        y.erase();
      }
      b.setInsertionPointToStart(join);
      allWarpsBarrier(b, opLoc, k);
      op.replaceAllUsesWith(join->getArguments());

      // The workers: one block per partition.
      for (auto [i, partition] : llvm::enumerate(op.getPartitionRegions())) {
        Block *start = b.createBlock(exit);
        caseValues.push_back(codeOf[index][i]);
        caseDests.push_back(start);
        b.setInsertionPointToEnd(start);
        Value pSmem =
            getFunctionSharedMemoryBase(opLoc, b, loop->getParentOp());
        Block *pEntry = &partition->front();
        SmallVector<Value> captures;
        for (auto [arg, offset] :
             llvm::zip(pEntry->getArguments(), fieldOffsets[index]))
          captures.push_back(LLVM::LoadOp::create(
              b, opLoc, arg.getType(),
              sharedAddress(b, opLoc, pSmem, k.captureOffset + offset)));
        // Every worker has read the captures before the kernel's warps
        // may write the next ones: the join orders that.
        Block *done = b.createBlock(exit);
        allWarpsBarrier(b, opLoc, k);
        LLVM::BrOp::create(b, opLoc, loop);
        SmallVector<ttg::WarpReturnOp> rets;
        partition->walk([&](ttg::WarpReturnOp r) { rets.push_back(r); });
        for (ttg::WarpReturnOp r : rets) {
          b.setInsertionPoint(r);
          LLVM::BrOp::create(b, r.getLoc(), ValueRange(), done);
          r.erase();
        }
        b.setInsertionPointToEnd(start);
        LLVM::BrOp::create(b, opLoc, pEntry);
        for (auto [arg, value] : llvm::zip(pEntry->getArguments(), captures))
          arg.replaceAllUsesWith(value);
        pEntry->eraseArguments(0, pEntry->getNumArguments());
        k.func.getBody().getBlocks().splice(done->getIterator(),
                                            partition->getBlocks());
      }
      op.erase();
    }

    // Dispatch, now that every case has its block.
    b.setInsertionPointToEnd(loop);
    LLVM::SwitchOp::create(b, loc, state, exit, ValueRange(), caseValues,
                           caseDests,
                           SmallVector<ValueRange>(caseDests.size()));

    for (LLVM::ReturnOp ret : returns) {
      b.setInsertionPoint(ret);
      SmallVector<int> exits(workers, 0);
      writeStates(b, ret.getLoc(), k, smem, exits);
      allWarpsBarrier(b, ret.getLoc(), k);
    }
  }
};

} // namespace
