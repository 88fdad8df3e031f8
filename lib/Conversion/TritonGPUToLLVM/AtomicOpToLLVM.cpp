//===- AtomicOpToLLVM.cpp - tt.atomic_rmw / tt.atomic_cas to PTX atom -----===//
//
// Every atomic becomes one predicated `atom.global` in inline PTX, spelled
// as Triton 3.6 spells it (`atom.global.gpu.acq_rel.add.f32` for an RMW,
// `atom.global.acq_rel.gpu.cas.b32` for a compare-and-swap). Only one thread
// performs the atomic of each element: copies of a broadcast layout, and
// repeated registers within a thread, stay quiet. A scalar atomic is done by
// thread 0; when its result is used it reaches every thread through the
// op's scratch shared memory. A used tensor result whose elements several
// threads hold goes through scratch too (one slot per element of the CTA's
// tile), so that every copy sees the value the one atomic returned.
//
// On Hopper, fadd of f16/bf16/f32 is vectorized (`.v2`/`.v4`/`.v8`) where
// AxisInfo proves the pointers contiguous and aligned; before Hopper, f16
// pairs use the packed `.f16x2` form.
//
//===----------------------------------------------------------------------===//
#include "Analysis/AxisInfo.h"
#include "Analysis/ScratchSize.h"
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

/// One predicated atomic: `numDst` results of `dstBits` bits (zeroed first,
/// so a thread whose predicate is false reads 0), the address, then
/// `inputs` (each `inputBits` wide), then the predicate. Returns the
/// results as integers of `dstBits` bits.
SmallVector<Value> emitAtom(Location loc, OpBuilder &b, StringRef opcode,
                            unsigned numDst, unsigned dstBits,
                            ArrayRef<SmallVector<Value>> inputGroups,
                            unsigned inputBits, Value ptr, Value pred) {
  std::string asmString;
  for (unsigned i = 0; i < numDst; ++i)
    asmString += "mov.u" + std::to_string(dstBits) + " $" + std::to_string(i) +
                 ", 0x0;\n\t";
  unsigned next = numDst + 1;
  std::string inputs;
  SmallVector<Value> operands{ptr};
  for (const SmallVector<Value> &group : inputGroups) {
    inputs += ", " + getAsmOperandList(next, group.size());
    next += group.size();
    operands.append(group.begin(), group.end());
  }
  operands.push_back(pred);
  asmString += "@$" + std::to_string(next) + " " + opcode.str() + " " +
               getAsmOperandList(0, numDst) + ", [ $" + std::to_string(numDst) +
               " + 0 ]" + inputs + ";";

  std::string constraints;
  for (unsigned i = 0; i < numDst; ++i)
    constraints += "=" + getAsmRegisterClass(dstBits).str() + ",";
  constraints += "l";
  for (const SmallVector<Value> &group : inputGroups)
    for (size_t i = 0; i < group.size(); ++i)
      constraints += "," + getAsmRegisterClass(inputBits).str();
  constraints += ",b";

  Type intType = b.getIntegerType(dstBits);
  SmallVector<Type> resultTypes(numDst, intType);
  Type resultType =
      numDst == 1
          ? intType
          : LLVM::LLVMStructType::getLiteral(b.getContext(), resultTypes);
  Value result =
      emitInlineAsm(loc, b, resultType, operands, asmString, constraints);
  return unpackLLElements(loc, result, b);
}

/// Linear offset (row-major over the CTA's tile `shapePerCTA`) of the
/// element at `coords`.
Value linearOffset(Location loc, OpBuilder &b, ArrayRef<Value> coords,
                   ArrayRef<int64_t> shapePerCTA) {
  Value offset;
  for (auto [dim, coord] : llvm::enumerate(coords)) {
    // Coordinates are global; within the CTA they wrap at the tile size (a
    // power of two).
    Value local = LLVM::AndOp::create(b, loc, coord,
                                      i32Val(b, loc, shapePerCTA[dim] - 1));
    offset = offset ? Value(LLVM::AddOp::create(
                          b, loc,
                          LLVM::MulOp::create(b, loc, offset,
                                              i32Val(b, loc, shapePerCTA[dim])),
                          local))
                    : local;
  }
  return offset ? offset : i32Val(b, loc, 0);
}

/// Shared state of both atomic patterns: which thread and registers act,
/// and how the results reach every thread that holds them.
class AtomicLowering {
public:
  AtomicLowering(Operation *op, Location loc, OpBuilder &b)
      : op(op), loc(loc), b(b) {}

  /// Sets up the predicates for a pointer operand of type `ptrType`.
  /// Fails (with an error) where a used result would have to travel
  /// between the CTAs of a cluster, which scratch memory cannot do.
  LogicalResult init(Type ptrType, int numCTAs) {
    MLIRContext *ctx = b.getContext();
    bool used = !op->getResult(0).use_empty();
    tensorType = dyn_cast<RankedTensorType>(ptrType);
    if (tensorType) {
      layout = ttg::toLinearLayout(tensorType);
      llvm::MapVector<StringAttr, int32_t> masks =
          layout->getFreeVariableMasks();
      if (used && masks.lookup(kBlock(ctx)))
        return op->emitOpError("result held by several CTAs of a cluster is "
                               "not supported");
      threadPred = emitRedundancyMask(loc, b, *layout);
      uniqueRegister = getUniqueRegisters(*layout);
      registerMask = masks.lookup(kRegister(ctx));
      return success();
    }
    if (used && numCTAs > 1)
      return op->emitOpError("scalar result in a cluster of several CTAs is "
                             "not supported");
    threadPred = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                                      getThreadId(b, loc), i32Val(b, loc, 0));
    if (numCTAs > 1)
      threadPred = LLVM::AndOp::create(
          b, loc, threadPred,
          LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                               getClusterCTAId(b, loc, numCTAs),
                               i32Val(b, loc, 0)));
    uniqueRegister = {true};
    return success();
  }

  /// The predicate of the atomic of register `i` (null mask: none).
  Value predicate(Value mask) const {
    Value pred = mask;
    if (threadPred)
      pred = pred ? LLVM::AndOp::create(b, loc, pred, threadPred) : threadPred;
    return pred ? pred : i1Val(b, loc, true);
  }

  /// The register holding the first copy of register `i`'s element.
  unsigned canonical(unsigned i) const { return i & ~registerMask; }

  /// Replaces `op` by `results` (one per register; null where the atomic's
  /// result was not computed because the result is unused).
  LogicalResult finish(ConversionPatternRewriter &rewriter,
                       const TypeConverter *converter,
                       SmallVector<Value> results) {
    Value result = op->getResult(0);
    if (result.use_empty()) {
      rewriter.eraseOp(op);
      return success();
    }
    Type elementType = results.front().getType();
    if (!tensorType) {
      // Thread 0 did the atomic; everyone reads its result from scratch.
      FailureOr<Value> scratch = getSharedMemoryAddress(loc, b, op);
      if (failed(scratch))
        return op->emitOpError("needs scratch shared memory "
                               "(run allocate-shared-memory-nv first)");
      storeShared(loc, b, *scratch, results.front(), threadPred);
      emitBarrier(loc, b);
      rewriter.replaceOp(op, loadShared(loc, b, *scratch, elementType));
      return success();
    }
    if (getAtomicScratchSizeInBytes(op) != 0) {
      // Several threads hold some elements: the one that did the atomic
      // publishes the old value, every holder reads it back.
      FailureOr<Value> scratch = getSharedMemoryAddress(loc, b, op);
      if (failed(scratch))
        return op->emitOpError("needs scratch shared memory "
                               "(run allocate-shared-memory-nv first)");
      SmallVector<int64_t> shapePerCTA = ttg::getShapePerCTA(tensorType);
      SmallVector<SmallVector<Value>> indices = emitIndices(loc, b, tensorType);
      SmallVector<Value> addresses;
      for (const SmallVector<Value> &coords : indices)
        addresses.push_back(LLVM::GEPOp::create(
            b, loc, (*scratch).getType(), elementType, *scratch,
            ValueRange{linearOffset(loc, b, coords, shapePerCTA)}));
      for (size_t i = 0; i < results.size(); ++i)
        if (uniqueRegister[i])
          storeShared(loc, b, addresses[i], results[i], threadPred);
      emitBarrier(loc, b);
      for (size_t i = 0; i < results.size(); ++i)
        results[i] = loadShared(loc, b, addresses[i], elementType);
    }
    Type structType = converter->convertType(result.getType());
    rewriter.replaceOp(op, packLLElements(loc, structType, results, b));
    return success();
  }

  Operation *op;
  Location loc;
  OpBuilder &b;
  RankedTensorType tensorType;
  std::optional<LinearLayout> layout;
  Value threadPred;
  SmallVector<bool> uniqueRegister;
  int32_t registerMask = 0;
};

/// The PTX operation and type suffix of an RMW on `type`, or a reason why
/// PTX has none.
FailureOr<std::pair<std::string, std::string>>
rmwOpcode(RMWOp kind, Type type, int computeCapability, std::string &why) {
  unsigned bits = getBitWidth(type);
  std::string width = std::to_string(bits);
  bool isInt = isa<IntegerType>(type) && (bits == 32 || bits == 64);
  auto intOnly =
      [&](StringRef op,
          StringRef prefix) -> FailureOr<std::pair<std::string, std::string>> {
    if (!isInt) {
      why =
          ("'" + stringifyRMWOp(kind) + "' needs 32- or 64-bit integers").str();
      return failure();
    }
    return std::make_pair(op.str(), prefix.str() + width);
  };
  switch (kind) {
  case RMWOp::AND:
  case RMWOp::OR:
  case RMWOp::XOR:
    return intOnly(stringifyRMWOp(kind), "b");
  case RMWOp::ADD:
    return intOnly("add", "u");
  case RMWOp::MAX:
  case RMWOp::MIN:
    return intOnly(stringifyRMWOp(kind), "s");
  case RMWOp::UMAX:
    return intOnly("max", "u");
  case RMWOp::UMIN:
    return intOnly("min", "u");
  case RMWOp::XCHG:
    if (bits != 32 && bits != 64) {
      why = "'exch' needs 32- or 64-bit values";
      return failure();
    }
    return std::make_pair(std::string("exch"), "b" + width);
  case RMWOp::FADD:
    if (type.isF32() || type.isF64())
      return std::make_pair(std::string("add"), "f" + width);
    if (type.isF16())
      return std::make_pair(std::string("add.noftz"), std::string("f16"));
    if (type.isBF16()) {
      if (computeCapability < 90) {
        why = "'fadd' on bf16 needs compute capability 90";
        return failure();
      }
      return std::make_pair(std::string("add.noftz"), std::string("bf16"));
    }
    why = "'fadd' needs f16, bf16, f32 or f64";
    return failure();
  }
  why = "unknown atomic operation";
  return failure();
}

struct AtomicRMWOpConversion
    : public ConvertOpToLLVMPattern<triton::AtomicRMWOp> {
  AtomicRMWOpConversion(TypeConverterT &converter,
                        ModuleAxisInfoAnalysis &axisInfo,
                        const LoweringConfig &config)
      : ConvertOpToLLVMPattern(converter), axisInfo(axisInfo), config(config) {}

  LogicalResult
  matchAndRewrite(triton::AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto *converter = static_cast<const TypeConverterT *>(getTypeConverter());
    Type elementType =
        converter->convertElementType(getElementTypeOrSelf(op.getType()));
    std::string why;
    FailureOr<std::pair<std::string, std::string>> opcode = rmwOpcode(
        op.getAtomicRmwOp(), elementType, config.computeCapability, why);
    if (failed(opcode))
      return op.emitOpError("cannot be lowered to PTX: ") << why;
    unsigned bits = getBitWidth(elementType);

    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> vals = unpackLLElements(loc, adaptor.getVal(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);

    AtomicLowering lowering(op, loc, rewriter);
    if (failed(lowering.init(op.getPtr().getType(), config.numCTAs)))
      return failure();

    // Elements per instruction: `vec` separate results (Hopper's vector
    // atomics) or `packed` halves of one f16x2.
    unsigned vec = 1, packed = 1;
    if (auto type = dyn_cast<RankedTensorType>(op.getPtr().getType());
        type && op.getAtomicRmwOp() == RMWOp::FADD && bits <= 32) {
      SmallVector<unsigned> order = ttg::getOrder(type.getEncoding());
      unsigned n = std::min(axisInfo.getAlignment(op.getPtr()),
                            getContiguousRegisters(*lowering.layout, order[0]));
      if (op.getMask())
        n = std::min(n, axisInfo.getMaskAlignment(op.getMask()));
      n = std::max(1u, std::min(n, 128u / bits));
      if (config.computeCapability >= 90)
        vec = n;
      else if (elementType.isF16())
        packed = std::min(n, 2u);
    }

    std::string sem = stringifyMemSemantic(op.getSem()).str();
    std::string scope = stringifyMemSyncScope(op.getScope()).str();
    std::string suffix = opcode->second;
    if (packed > 1)
      suffix += "x2";
    std::string instr =
        "atom.global." + scope + "." + sem + "." + opcode->first +
        (vec > 1 ? ".v" + std::to_string(vec) : "") + "." + suffix;
    unsigned wordBits = bits * packed;
    unsigned step = vec * packed;

    SmallVector<Value> results(ptrs.size());
    for (size_t i = 0; i < ptrs.size(); i += step) {
      if (!lowering.uniqueRegister[i]) {
        for (unsigned k = 0; k < step; ++k)
          results[i + k] = results[lowering.canonical(i + k)];
        continue;
      }
      Value pred = lowering.predicate(masks.empty() ? Value() : masks[i]);
      SmallVector<Value> inputs;
      if (packed > 1) {
        Type vecType = VectorType::get(packed, elementType);
        Value word = LLVM::UndefOp::create(rewriter, loc, vecType);
        for (unsigned k = 0; k < packed; ++k)
          word = LLVM::InsertElementOp::create(rewriter, loc, word, vals[i + k],
                                               i32Val(rewriter, loc, k));
        inputs.push_back(toIntegerBits(loc, rewriter, word, wordBits));
      } else {
        for (unsigned k = 0; k < vec; ++k)
          inputs.push_back(toIntegerBits(loc, rewriter, vals[i + k], bits));
      }
      SmallVector<Value> old = emitAtom(loc, rewriter, instr, vec, wordBits,
                                        {inputs}, wordBits, ptrs[i], pred);
      if (packed > 1) {
        Value asVec = LLVM::BitcastOp::create(
            rewriter, loc, VectorType::get(packed, elementType), old.front());
        for (unsigned k = 0; k < packed; ++k)
          results[i + k] = LLVM::ExtractElementOp::create(
              rewriter, loc, asVec, i32Val(rewriter, loc, k));
      } else {
        for (unsigned k = 0; k < vec; ++k)
          results[i + k] = fromIntegerBits(loc, rewriter, old[k], elementType);
      }
    }
    return lowering.finish(rewriter, converter, std::move(results));
  }

  ModuleAxisInfoAnalysis &axisInfo;
  LoweringConfig config;
};

struct AtomicCASOpConversion
    : public ConvertOpToLLVMPattern<triton::AtomicCASOp> {
  AtomicCASOpConversion(TypeConverterT &converter, const LoweringConfig &config)
      : ConvertOpToLLVMPattern(converter), config(config) {}

  LogicalResult
  matchAndRewrite(triton::AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto *converter = static_cast<const TypeConverterT *>(getTypeConverter());
    Type elementType =
        converter->convertElementType(getElementTypeOrSelf(op.getType()));
    unsigned bits = getBitWidth(elementType);
    if (bits != 16 && bits != 32 && bits != 64)
      return op.emitOpError("cannot be lowered to PTX: 'cas' needs 16-, 32- "
                            "or 64-bit values");

    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> cmps = unpackLLElements(loc, adaptor.getCmp(), rewriter);
    SmallVector<Value> vals = unpackLLElements(loc, adaptor.getVal(), rewriter);

    AtomicLowering lowering(op, loc, rewriter);
    if (failed(lowering.init(op.getPtr().getType(), config.numCTAs)))
      return failure();
    std::string instr = "atom.global." +
                        stringifyMemSemantic(op.getSem()).str() + "." +
                        stringifyMemSyncScope(op.getScope()).str() + ".cas.b" +
                        std::to_string(bits);

    SmallVector<Value> results(ptrs.size());
    for (size_t i = 0; i < ptrs.size(); ++i) {
      if (!lowering.uniqueRegister[i]) {
        results[i] = results[lowering.canonical(i)];
        continue;
      }
      SmallVector<Value> cmp{toIntegerBits(loc, rewriter, cmps[i], bits)};
      SmallVector<Value> val{toIntegerBits(loc, rewriter, vals[i], bits)};
      SmallVector<Value> old =
          emitAtom(loc, rewriter, instr, 1, bits, {cmp, val}, bits, ptrs[i],
                   lowering.predicate(Value()));
      results[i] = fromIntegerBits(loc, rewriter, old.front(), elementType);
    }
    return lowering.finish(rewriter, converter, std::move(results));
  }

  LoweringConfig config;
};

} // namespace

void mlir::triton::populateAtomicOpToLLVMPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns,
    ModuleAxisInfoAnalysis &axisInfo, const LoweringConfig &config) {
  patterns.add<AtomicRMWOpConversion>(converter, axisInfo, config);
  patterns.add<AtomicCASOpConversion>(converter, config);
}
