//===- Utility.cpp - building blocks of the TTGIR -> LLVM lowering --------===//
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

//===-- Constants ---------------------------------------------------------===//

Value mlir::triton::intVal(OpBuilder &b, Location loc, Type type,
                           int64_t value) {
  return LLVM::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, value));
}
Value mlir::triton::i32Val(OpBuilder &b, Location loc, int64_t value) {
  return intVal(b, loc, b.getI32Type(), value);
}
Value mlir::triton::i64Val(OpBuilder &b, Location loc, int64_t value) {
  return intVal(b, loc, b.getI64Type(), value);
}
Value mlir::triton::i1Val(OpBuilder &b, Location loc, bool value) {
  return intVal(b, loc, b.getI1Type(), value);
}
Value mlir::triton::constantVal(OpBuilder &b, Location loc, Type type,
                                double value) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return LLVM::ConstantOp::create(b, loc, type,
                                    b.getFloatAttr(floatType, value));
  return intVal(b, loc, type, static_cast<int64_t>(value));
}
Value mlir::triton::zeroVal(OpBuilder &b, Location loc, Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::ZeroOp::create(b, loc, type);
  return LLVM::ConstantOp::create(b, loc, type, b.getZeroAttr(type));
}

//===-- Structs -----------------------------------------------------------===//

SmallVector<Value>
mlir::triton::unpackLLElements(Location loc, Value llvmStruct, OpBuilder &b) {
  auto structType = dyn_cast<LLVM::LLVMStructType>(llvmStruct.getType());
  if (!structType)
    return {llvmStruct};
  SmallVector<Value> values;
  values.reserve(structType.getBody().size());
  for (int64_t i = 0, e = structType.getBody().size(); i < e; ++i)
    values.push_back(LLVM::ExtractValueOp::create(b, loc, llvmStruct, i));
  return values;
}

Value mlir::triton::packLLElements(Location loc, Type structType,
                                   ValueRange values, OpBuilder &b) {
  auto type = cast<LLVM::LLVMStructType>(structType);
  Value result = LLVM::UndefOp::create(b, loc, type);
  for (auto [i, value] : llvm::enumerate(values))
    result = LLVM::InsertValueOp::create(b, loc, result, value, i);
  return result;
}

//===-- Hardware indices --------------------------------------------------===//

/// The warp_specialize partition region the code `b` inserts into is in
/// (null outside any).
static Region *insertionPartition(OpBuilder &b) {
  Block *block = b.getInsertionBlock();
  Region *region = triton::gpu::getWarpSpecializeRegion(
      block ? block->getParent() : nullptr);
  return region && triton::gpu::isWarpSpecializePartition(region) ? region
                                                                  : nullptr;
}

/// The number of warps of the code `b` inserts into, when it is known: a
/// warp-specialized partition's own, else the enclosing op's.
static std::optional<int> insertionNumWarps(OpBuilder &b) {
  if (Region *partition = insertionPartition(b)) {
    ArrayRef<int32_t> numWarps =
        triton::gpu::getWarpSpecializeOf(partition).getPartitionNumWarps();
    if (partition->getRegionNumber() < numWarps.size())
      return numWarps[partition->getRegionNumber()];
    return std::nullopt;
  }
  Block *block = b.getInsertionBlock();
  if (!block || !block->getParentOp())
    return std::nullopt;
  return triton::gpu::maybeLookupNumWarps(block->getParentOp());
}

/// The first warp of the partition the code `b` inserts into.
static std::optional<int> insertionPartitionStart(OpBuilder &b) {
  Region *partition = insertionPartition(b);
  if (!partition)
    return std::nullopt;
  std::optional<ArrayRef<int32_t>> starts =
      triton::gpu::getWarpSpecializeOf(partition).getWarpGroupStartIds();
  if (!starts || partition->getRegionNumber() >= starts->size())
    return std::nullopt;
  return (*starts)[partition->getRegionNumber()];
}

/// `id` (a thread id when `perWarp` is 32, a warp id when 1) counted from
/// the first warp of the partition `b` inserts into, and masked to its
/// warps. A partition's threads count from its first warp (checkLowerable
/// requires tritongpu-allocate-warp-groups to have placed them). The mask
/// (id < perWarp * num-warps) tells LLVM's known-bits analysis so (as
/// Triton does), which folds the lane/warp arithmetic built on it.
static Value fromPartitionStart(OpBuilder &b, Location loc, Value id,
                                int perWarp) {
  if (std::optional<int> start = insertionPartitionStart(b))
    id = LLVM::SubOp::create(b, loc, id, i32Val(b, loc, *start * perWarp));
  std::optional<int> numWarps = insertionNumWarps(b);
  if (numWarps && *numWarps > 0 && llvm::isPowerOf2_32(*numWarps))
    id = LLVM::AndOp::create(b, loc, id,
                             i32Val(b, loc, *numWarps * perWarp - 1));
  return id;
}

Value mlir::triton::getThreadId(OpBuilder &b, Location loc) {
  return fromPartitionStart(
      b, loc, NVVM::ThreadIdXOp::create(b, loc, b.getI32Type()), 32);
}

std::pair<Value, Value> mlir::triton::getLaneAndWarpId(OpBuilder &b,
                                                       Location loc) {
  Value tid = getThreadId(b, loc);
  if (insertionNumWarps(b) == 1)
    return {tid, i32Val(b, loc, 0)};
  Value lane = LLVM::AndOp::create(b, loc, tid, i32Val(b, loc, 31));
  // A plain division, as Triton's: LLVM may hoist what derives from it (the
  // shared-memory addresses) out of loops. Where a value must be known
  // warp-uniform (wgmma descriptors), use getUniformWarpId instead.
  Value warp = LLVM::LShrOp::create(b, loc, tid, i32Val(b, loc, 5));
  return {lane, warp};
}

Value mlir::triton::getUniformWarpId(OpBuilder &b, Location loc) {
  if (insertionNumWarps(b) == 1)
    return i32Val(b, loc, 0);
  // Every lane of a warp has the same warp id; saying so through a shuffle
  // from lane 0 lets ptxas keep it, and what derives from it, in uniform
  // registers, which is where wgmma wants its descriptors. The shuffle is
  // convergent, so LLVM builds it where it is, at each use. Its source is
  // the bare tid.x / 32, as Triton's: ptxas knows that one warp-uniform and
  // drops the shuffle; of (tid.x & mask) / 32 (a bit-field extract once
  // LLVM folds it) it does not, and keeps a SHFL (and an R2UR) in the loop
  // (mm_f16_128x128x64_w8_s5). The partition's first warp and the mask of
  // getThreadId apply after the shuffle.
  Value warp = LLVM::LShrOp::create(
      b, loc, NVVM::ThreadIdXOp::create(b, loc, b.getI32Type()),
      i32Val(b, loc, 5));
  warp = shuffleIdx(loc, b, warp, i32Val(b, loc, 0));
  return fromPartitionStart(b, loc, warp, 1);
}

Value mlir::triton::getWarpGroupFirstWarp(OpBuilder &b, Location loc) {
  std::optional<int> numWarps = insertionNumWarps(b);
  if (numWarps && *numWarps <= 4)
    return i32Val(b, loc, 0);
  Value warp = getUniformWarpId(b, loc);
  return LLVM::AndOp::create(b, loc, warp, i32Val(b, loc, ~3));
}

Value SharedAddresses::get(OpBuilder &b, Location loc, uint64_t offset) {
  uint64_t mixed = offset & threadBits, added = offset & ~threadBits;
  Value &rowBase = bases[mixed];
  if (!rowBase) {
    Value index = mixed ? LLVM::XOrOp::create(b, loc, threadOffset,
                                              i32Val(b, loc, mixed))
                        : threadOffset;
    rowBase = LLVM::GEPOp::create(b, loc, base.getType(), elementType, base,
                                  ArrayRef<LLVM::GEPArg>{index},
                                  LLVM::GEPNoWrapFlags::inbounds);
  }
  if (!added)
    return rowBase;
  return LLVM::GEPOp::create(b, loc, base.getType(), elementType, rowBase,
                             ArrayRef<LLVM::GEPArg>{int32_t(added)},
                             LLVM::GEPNoWrapFlags::inbounds);
}

FailureOr<Value> mlir::triton::getGlobalScratchFrame(OpBuilder &b,
                                                    Location loc,
                                                    Operation *op) {
  auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
  if (!func || func.getNumArguments() < 2)
    return failure();
  // The hidden arguments: global scratch, then profile scratch.
  Value base = func.getArgument(func.getNumArguments() - 2);
  if (!func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
    return base;
  auto module = op->getParentOfType<ModuleOp>();
  auto size = module ? module->getAttrOfType<IntegerAttr>(
                           "ttg.global_scratch_memory_size")
                     : IntegerAttr();
  if (!size)
    return failure();
  //   scratch + (x + nctaid.x * (y + nctaid.y * z)) * size
  // over CTAs, so in a cluster each CTA has its own slice.
  Type i32 = b.getI32Type();
  Value x = NVVM::BlockIdXOp::create(b, loc, i32);
  Value y = NVVM::BlockIdYOp::create(b, loc, i32);
  Value z = NVVM::BlockIdZOp::create(b, loc, i32);
  Value nx = NVVM::GridDimXOp::create(b, loc, i32);
  Value ny = NVVM::GridDimYOp::create(b, loc, i32);
  Value program = LLVM::AddOp::create(
      b, loc, x,
      LLVM::MulOp::create(
          b, loc, nx,
          LLVM::AddOp::create(b, loc, y, LLVM::MulOp::create(b, loc, ny, z))));
  Type i64 = b.getI64Type();
  Value bytes =
      LLVM::MulOp::create(b, loc, LLVM::ZExtOp::create(b, loc, i64, program),
                          i64Val(b, loc, size.getInt()));
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             bytes)
      .getResult();
}

bool mlir::triton::stayWithinCTAs(RankedTensorType tensor,
                                  gpu::MemDescType memDesc) {
  MLIRContext *ctx = tensor.getContext();
  FailureOr<LinearLayout> regs = gpu::tryToLinearLayout(
      tensor.getShape(), tensor.getEncoding(), /*emitError=*/nullptr);
  FailureOr<LinearLayout> shared = gpu::tryToLinearLayout(
      memDesc.getShape(), memDesc.getEncoding(), /*emitError=*/nullptr);
  // Layouts without a linear form are reported by their lowering.
  if (failed(regs) || failed(shared))
    return true;
  StringAttr block = kBlock(ctx);
  auto ctaBits = [&](const LinearLayout &l) {
    return l.hasInDim(block) ? l.getInDimSizeLog2(block) : 0;
  };
  if (ctaBits(*regs) == 0 && ctaBits(*shared) == 0)
    return true;
  if (ctaBits(*regs) != ctaBits(*shared) || regs->getTotalOutDimSizeLog2() !=
                                                shared->getTotalOutDimSizeLog2())
    return false;
  // Which shared location (offset, CTA) each register of each CTA is.
  LinearLayout cvt = regs->invertAndCompose(*shared);
  if (!cvt.hasOutDim(block))
    return true;
  for (StringAttr dim : cvt.getInDimNames())
    for (int i = 0; i < cvt.getInDimSizeLog2(dim); ++i) {
      int32_t cta = cvt.getBasis(dim, i, block);
      if (cta != (dim == block ? (1 << i) : 0))
        return false;
    }
  return true;
}

Value mlir::triton::getClusterCTAId(OpBuilder &b, Location loc, int numCTAs) {
  if (numCTAs <= 1)
    return i32Val(b, loc, 0);
  return NVVM::BlockInClusterIdXOp::create(b, loc, b.getI32Type());
}

SmallVector<SmallVector<Value>>
mlir::triton::emitIndices(Location loc, OpBuilder &b, RankedTensorType type) {
  MLIRContext *ctx = type.getContext();
  LinearLayout layout = ttg::toLinearLayout(type);
  auto [lane, warp] = getLaneAndWarpId(b, loc);
  SmallVector<std::pair<StringAttr, Value>> hw{{kLane(ctx), lane},
                                               {kWarp(ctx), warp}};
  if (layout.hasInDim(kBlock(ctx)) && layout.getInDimSize(kBlock(ctx)) > 1)
    hw.push_back({kBlock(ctx),
                  getClusterCTAId(b, loc, layout.getInDimSize(kBlock(ctx)))});
  SmallVector<Value> base = applyLinearLayout(loc, b, layout, hw);
  int registers = layout.getInDimSize(kRegister(ctx));
  SmallVector<SmallVector<Value>> indices(registers);
  for (int r = 0; r < registers; ++r) {
    SmallVector<int32_t> offsets =
        applyLinearLayoutConst(layout, {{kRegister(ctx), r}});
    for (auto [d, value] : llvm::enumerate(base)) {
      int32_t offset = offsets[d];
      indices[r].push_back(offset ? Value(LLVM::XOrOp::create(
                                        b, loc, value, i32Val(b, loc, offset)))
                                  : value);
    }
  }
  return indices;
}

Value mlir::triton::emitRedundancyMask(Location loc, OpBuilder &b,
                                       const LinearLayout &layout) {
  MLIRContext *ctx = b.getContext();
  llvm::MapVector<StringAttr, int32_t> masks = layout.getFreeVariableMasks();
  Value pred;
  auto require = [&](Value v, int32_t mask) {
    Value bits = LLVM::AndOp::create(b, loc, v, i32Val(b, loc, mask));
    Value isZero = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, bits,
                                        i32Val(b, loc, 0));
    pred = pred ? LLVM::AndOp::create(b, loc, pred, isZero) : isZero;
  };
  int32_t laneMask = masks.lookup(kLane(ctx));
  int32_t warpMask = masks.lookup(kWarp(ctx));
  int32_t blockMask = masks.lookup(kBlock(ctx));
  if (laneMask || warpMask) {
    auto [lane, warp] = getLaneAndWarpId(b, loc);
    if (laneMask)
      require(lane, laneMask);
    if (warpMask)
      require(warp, warpMask);
  }
  if (blockMask)
    require(getClusterCTAId(b, loc, layout.getInDimSize(kBlock(ctx))),
            blockMask);
  return pred;
}

unsigned mlir::triton::getContiguousRegisters(const LinearLayout &layout,
                                              unsigned dim) {
  MLIRContext *ctx = layout.getInDimNames().begin()->getContext();
  int bits = layout.getInDimSizeLog2(kRegister(ctx));
  unsigned count = 0;
  for (; count < unsigned(bits); ++count) {
    ArrayRef<int32_t> basis = layout.getBasis(kRegister(ctx), count);
    for (auto [d, v] : llvm::enumerate(basis))
      if (int32_t(d == dim ? (1 << count) : 0) != v)
        return 1u << count;
  }
  return 1u << count;
}

SmallVector<bool> mlir::triton::getUniqueRegisters(const LinearLayout &layout) {
  MLIRContext *ctx = layout.getInDimNames().begin()->getContext();
  int32_t mask = layout.getFreeVariableMasks().lookup(kRegister(ctx));
  int registers = layout.getInDimSize(kRegister(ctx));
  SmallVector<bool> unique(registers);
  for (int r = 0; r < registers; ++r)
    unique[r] = (r & mask) == 0;
  return unique;
}

//===-- Shared memory -----------------------------------------------------===//

LLVM::GlobalOp mlir::triton::getOrCreateSharedMemoryGlobal(ModuleOp module,
                                                           OpBuilder &b) {
  if (auto global = module.lookupSymbol<LLVM::GlobalOp>("global_smem"))
    return global;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), 0);
  return LLVM::GlobalOp::create(b, module.getLoc(), type, /*isConstant=*/false,
                                LLVM::Linkage::External, "global_smem",
                                Attribute(), /*alignment=*/16,
                                /*addrSpace=*/3);
}

Value mlir::triton::getFunctionSharedMemoryBase(Location loc, OpBuilder &b,
                                                Operation *anchor) {
  auto func = anchor->getParentOfType<LLVM::LLVMFuncOp>();
  if (func && !func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
    return func.getArgument(func.getNumArguments() - 3);
  ModuleOp module = anchor->getParentOfType<ModuleOp>();
  LLVM::GlobalOp global = getOrCreateSharedMemoryGlobal(module, b);
  return LLVM::AddressOfOp::create(b, loc, global);
}

FailureOr<Value> mlir::triton::getSharedMemoryAddress(Location loc,
                                                      OpBuilder &b,
                                                      Operation *op) {
  auto offset = op->getAttrOfType<IntegerAttr>("allocation.offset");
  if (!offset)
    return failure();
  Value base = getFunctionSharedMemoryBase(loc, b, op);
  if (offset.getInt() == 0)
    return base;
  return Value(LLVM::GEPOp::create(
      b, loc, base.getType(), b.getI8Type(), base,
      ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(offset.getInt())}));
}

void mlir::triton::storeShared(Location loc, OpBuilder &b, Value ptr,
                               Value value, Value pred) {
  if (!pred) {
    LLVM::StoreOp::create(b, loc, value, ptr);
    return;
  }
  unsigned bits = std::max(8u, getBitWidth(value.getType()));
  // Bytes (and i1, stored as a byte) travel in a 16-bit register.
  Value asInt = toIntegerBits(loc, b, value, std::max(16u, bits));
  std::string asmString =
      "@$2 st.shared.b" + std::to_string(bits) + " [ $0 + 0 ], $1;";
  std::string constraints = ("r," + getAsmRegisterClass(bits) + ",b").str();
  emitInlineAsm(loc, b, Type(), {ptr, asInt, pred}, asmString, constraints);
}

Value mlir::triton::loadShared(Location loc, OpBuilder &b, Value ptr, Type type,
                               Value pred) {
  if (!pred)
    return LLVM::LoadOp::create(b, loc, type, ptr);
  unsigned bits = getBitWidth(type);
  unsigned loadBits = std::max(8u, bits);
  Type intType = b.getIntegerType(std::max(16u, loadBits));
  std::string asmString =
      "@$2 ld.shared.b" + std::to_string(loadBits) + " $0, [ $1 + 0 ];";
  std::string constraints =
      ("=" + getAsmRegisterClass(loadBits) + ",r,b").str();
  Value loaded =
      emitInlineAsm(loc, b, intType, {ptr, pred}, asmString, constraints);
  if (loaded.getType().getIntOrFloatBitWidth() != bits)
    loaded = LLVM::TruncOp::create(b, loc, b.getIntegerType(bits), loaded);
  return fromIntegerBits(loc, b, loaded, type);
}

void mlir::triton::emitBarrier(Location loc, OpBuilder &b) {
  Block *block = b.getInsertionBlock();
  auto module = block && block->getParentOp()
                    ? block->getParentOp()->getParentOfType<ModuleOp>()
                    : ModuleOp();
  auto total = module ? module->getAttrOfType<IntegerAttr>(
                            triton::gpu::AttrTotalNumWarpsName)
                      : IntegerAttr();
  std::optional<int> numWarps = insertionNumWarps(b);
  if (!total || !numWarps ||
      total.getInt() == triton::gpu::TritonGPUDialect::getNumWarps(module)) {
    NVVM::Barrier0Op::create(b, loc);
    return;
  }
  int id = 0;
  if (Region *partition = insertionPartition(b))
    id = kFirstPartitionBarrier + partition->getRegionNumber();
  NVVM::BarrierOp::create(b, loc, Type(), i32Val(b, loc, id),
                          i32Val(b, loc, *numWarps * 32),
                          NVVM::BarrierReductionAttr(), Value());
}

//===-- Shuffles ----------------------------------------------------------===//

static Value shuffle32(Location loc, OpBuilder &b, Value value, Value offset,
                       NVVM::ShflKind kind, int clamp) {
  return NVVM::ShflOp::create(b, loc, value.getType(), i32Val(b, loc, -1),
                              value, offset, i32Val(b, loc, clamp), kind,
                              UnitAttr());
}

static Value shuffleAny(Location loc, OpBuilder &b, Value value, Value offset,
                        NVVM::ShflKind kind, int clamp) {
  Type type = value.getType();
  if (type.isInteger(32) || type.isF32())
    return shuffle32(loc, b, value, offset, kind, clamp);
  unsigned bits = getBitWidth(type);
  if (bits <= 32) {
    Value asInt = toIntegerBits(loc, b, value, bits);
    if (bits < 32)
      asInt = LLVM::ZExtOp::create(b, loc, b.getI32Type(), asInt);
    Value shuffled = shuffle32(loc, b, asInt, offset, kind, clamp);
    if (bits < 32)
      shuffled =
          LLVM::TruncOp::create(b, loc, b.getIntegerType(bits), shuffled);
    if (type.isInteger(1))
      return shuffled;
    return fromIntegerBits(loc, b, shuffled, type);
  }
  // 64 bits: two halves.
  Value asInt = toIntegerBits(loc, b, value, 64);
  Value lo = LLVM::TruncOp::create(b, loc, b.getI32Type(), asInt);
  Value hi = LLVM::TruncOp::create(
      b, loc, b.getI32Type(),
      LLVM::LShrOp::create(b, loc, asInt, i64Val(b, loc, 32)));
  lo = shuffle32(loc, b, lo, offset, kind, clamp);
  hi = shuffle32(loc, b, hi, offset, kind, clamp);
  Value wide = LLVM::OrOp::create(
      b, loc, LLVM::ZExtOp::create(b, loc, b.getI64Type(), lo),
      LLVM::ShlOp::create(b, loc,
                          LLVM::ZExtOp::create(b, loc, b.getI64Type(), hi),
                          i64Val(b, loc, 32)));
  return fromIntegerBits(loc, b, wide, type);
}

Value mlir::triton::shuffleXor(Location loc, OpBuilder &b, Value value,
                               unsigned mask) {
  return shuffleAny(loc, b, value, i32Val(b, loc, mask), NVVM::ShflKind::bfly,
                    0x1f);
}
Value mlir::triton::shuffleUp(Location loc, OpBuilder &b, Value value,
                              unsigned delta) {
  return shuffleAny(loc, b, value, i32Val(b, loc, delta), NVVM::ShflKind::up,
                    0x0);
}
Value mlir::triton::shuffleIdx(Location loc, OpBuilder &b, Value value,
                               Value lane) {
  return shuffleAny(loc, b, value, lane, NVVM::ShflKind::idx, 0x1f);
}

//===-- Inline PTX and calls ----------------------------------------------===//

StringRef mlir::triton::getAsmRegisterClass(unsigned bits) {
  switch (bits) {
  case 8:
  case 16:
    return "h";
  case 64:
    return "l";
  default:
    return "r";
  }
}

std::string mlir::triton::getAsmOperandList(unsigned first, unsigned count) {
  std::string s = count > 1 ? "{ " : "";
  for (unsigned i = 0; i < count; ++i)
    s += (i ? ", $" : "$") + std::to_string(first + i);
  return s + (count > 1 ? " }" : "");
}

Value mlir::triton::emitInlineAsm(Location loc, OpBuilder &b, Type resultType,
                                  ValueRange operands, StringRef asmString,
                                  StringRef constraints, bool pure) {
  auto asmDialect =
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT);
  auto op = LLVM::InlineAsmOp::create(
      b, loc, resultType ? TypeRange(resultType) : TypeRange(), operands,
      asmString, constraints, /*has_side_effects=*/!pure,
      /*is_align_stack=*/false, LLVM::TailCallKind::None, asmDialect,
      /*operand_attrs=*/ArrayAttr());
  return resultType ? op.getResult(0) : Value();
}

LLVM::CallOp mlir::triton::emitCall(Location loc, OpBuilder &b,
                                    Operation *anchor, StringRef name,
                                    Type resultType, ValueRange args) {
  ModuleOp module = anchor->getParentOfType<ModuleOp>();
  auto func = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
  if (!func) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    SmallVector<Type> argTypes(args.getTypes());
    Type result =
        resultType ? resultType : LLVM::LLVMVoidType::get(b.getContext());
    func =
        LLVM::LLVMFuncOp::create(b, module.getLoc(), name,
                                 LLVM::LLVMFunctionType::get(result, argTypes));
  }
  return LLVM::CallOp::create(b, loc, func, args);
}

//===-- Misc --------------------------------------------------------------===//

unsigned mlir::triton::getBitWidth(Type type) {
  if (auto ptrType = dyn_cast<LLVM::LLVMPointerType>(type))
    return ptrType.getAddressSpace() == 3 ? 32 : 64;
  if (auto vec = dyn_cast<VectorType>(type))
    return vec.getNumElements() * getBitWidth(vec.getElementType());
  return type.getIntOrFloatBitWidth();
}

Value mlir::triton::toIntegerBits(Location loc, OpBuilder &b, Value value,
                                  unsigned bits) {
  Type type = value.getType();
  Type intType = b.getIntegerType(bits);
  if (type == intType)
    return value;
  if (auto ptrType = dyn_cast<LLVM::LLVMPointerType>(type)) {
    unsigned ptrBits = ptrType.getAddressSpace() == 3 ? 32 : 64;
    Value asInt =
        LLVM::PtrToIntOp::create(b, loc, b.getIntegerType(ptrBits), value);
    if (ptrBits == bits)
      return asInt;
    return LLVM::ZExtOp::create(b, loc, intType, asInt);
  }
  if (isa<IntegerType>(type)) {
    if (type.getIntOrFloatBitWidth() < bits)
      return LLVM::ZExtOp::create(b, loc, intType, value);
    return LLVM::TruncOp::create(b, loc, intType, value);
  }
  return LLVM::BitcastOp::create(b, loc, intType, value);
}

Value mlir::triton::fromIntegerBits(Location loc, OpBuilder &b, Value bits,
                                    Type type) {
  if (bits.getType() == type)
    return bits;
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::IntToPtrOp::create(b, loc, type, bits);
  if (isa<IntegerType>(type)) {
    if (type.getIntOrFloatBitWidth() < bits.getType().getIntOrFloatBitWidth())
      return LLVM::TruncOp::create(b, loc, type, bits);
    return LLVM::ZExtOp::create(b, loc, type, bits);
  }
  return LLVM::BitcastOp::create(b, loc, type, bits);
}
