//===- PrintAssertOpToLLVM.cpp - tt.print / tt.assert to CUDA runtime calls
//===//
//
// tt.print becomes one `vprintf(format, args)` per element a thread holds,
// in Triton's format:
//   pid (<x>, <y>, <z>) idx (<i0>, <i1>, ...)<prefix>(operand <n>) <value>
// ("(operand <n>) " only with several operands; a print without operands
// prints "pid (x, y, z)<prefix>"). Integers print signed or unsigned after
// the op's isSigned, floats as %f (promoted to double, as C varargs do),
// pointers as %p, and with `hex` every value as zero-padded hex digits.
//
// tt.assert calls `__assertfail(message, file, line, function, 1)` in every
// thread holding a false element; a tensor assert ends with a barrier so no
// thread runs ahead into code the assertion guards. vprintf and
// __assertfail are CUDA device-runtime functions ptxas resolves; they are
// declared as external llvm.func.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <cmath>

using namespace mlir;
using namespace mlir::triton;

namespace {

/// The address of a NUL-terminated constant string global holding `text`;
/// one global per distinct text and name prefix.
Value getStringGlobal(Location loc, OpBuilder &b, Operation *anchor,
                      StringRef namePrefix, StringRef text) {
  ModuleOp module = anchor->getParentOfType<ModuleOp>();
  std::string contents = text.str();
  contents.push_back('\0');
  LLVM::GlobalOp global;
  unsigned count = 0;
  for (auto candidate : module.getOps<LLVM::GlobalOp>()) {
    if (!candidate.getSymName().starts_with(namePrefix))
      continue;
    ++count;
    auto value = dyn_cast_or_null<StringAttr>(candidate.getValueOrNull());
    if (value && value.getValue() == contents) {
      global = candidate;
      break;
    }
  }
  if (!global) {
    std::string name;
    do {
      name = (namePrefix + Twine(count++)).str();
    } while (module.lookupSymbol(name));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto type = LLVM::LLVMArrayType::get(b.getI8Type(), contents.size());
    global = LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                                    LLVM::Linkage::Internal, name,
                                    b.getStringAttr(contents),
                                    /*alignment=*/1);
  }
  return LLVM::AddressOfOp::create(b, loc, global);
}

/// A printf conversion for `value` (an LLVM scalar), and `value` promoted
/// the way vprintf expects its argument (ints to at least 32 bits, floats to
/// double; with `hex`, the bits of any value as an unsigned integer).
std::pair<std::string, Value>
formatValue(Location loc, OpBuilder &b, Value value, bool isSigned, bool hex) {
  Type type = value.getType();
  if (isa<LLVM::LLVMPointerType>(type))
    return {"%p", value};
  unsigned bits = getBitWidth(type);
  if (hex) {
    Value asInt = toIntegerBits(loc, b, value, bits);
    if (bits < 32)
      asInt = LLVM::ZExtOp::create(b, loc, b.getI32Type(), asInt);
    std::string digits = std::to_string(std::max(1u, bits / 4));
    return {"0x%0" + digits + (bits > 32 ? "llx" : "x"), asInt};
  }
  if (isa<FloatType>(type)) {
    if (!type.isF64())
      value = LLVM::FPExtOp::create(b, loc, b.getF64Type(), value);
    return {"%f", value};
  }
  if (bits < 32)
    value = isSigned && bits > 1
                ? Value(LLVM::SExtOp::create(b, loc, b.getI32Type(), value))
                : Value(LLVM::ZExtOp::create(b, loc, b.getI32Type(), value));
  if (isSigned)
    return {bits > 32 ? "%lli" : "%i", value};
  return {bits > 32 ? "%llu" : "%u", value};
}

/// vprintf(format, &{args...}).
void emitVprintf(Location loc, OpBuilder &b, Operation *anchor, Value format,
                 ArrayRef<Value> args) {
  MLIRContext *ctx = b.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(ctx);
  Value buffer = LLVM::ZeroOp::create(b, loc, ptrType);
  if (!args.empty()) {
    SmallVector<Type> types;
    for (Value arg : args)
      types.push_back(arg.getType());
    auto structType = LLVM::LLVMStructType::getLiteral(ctx, types);
    buffer = LLVM::AllocaOp::create(b, loc, ptrType, structType,
                                    i32Val(b, loc, 1), /*alignment=*/0);
    for (auto [i, arg] : llvm::enumerate(args)) {
      Value field = LLVM::GEPOp::create(
          b, loc, ptrType, structType, buffer,
          ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
      LLVM::StoreOp::create(b, loc, arg, field);
    }
  }
  emitCall(loc, b, anchor, "vprintf", b.getI32Type(), {format, buffer});
}

struct PrintOpConversion : public ConvertOpToLLVMPattern<triton::PrintOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  /// vprintf passes at most 32 arguments.
  static constexpr unsigned kMaxArgs = 32;

  LogicalResult
  matchAndRewrite(triton::PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value prefix =
        getStringGlobal(loc, rewriter, op, "printfPrefix_", op.getPrefix());
    SmallVector<Value> pid{
        NVVM::BlockIdXOp::create(rewriter, loc, rewriter.getI32Type()),
        NVVM::BlockIdYOp::create(rewriter, loc, rewriter.getI32Type()),
        NVVM::BlockIdZOp::create(rewriter, loc, rewriter.getI32Type())};

    if (op.getArgs().empty()) {
      Value format = getStringGlobal(loc, rewriter, op, "printfFormat_",
                                     "pid (%u, %u, %u)%s\n");
      emitVprintf(loc, rewriter, op, format, {pid[0], pid[1], pid[2], prefix});
      rewriter.eraseOp(op);
      return success();
    }

    ArrayRef<int32_t> isSigned = op.getIsSigned();
    unsigned numOperands = op.getArgs().size();
    for (unsigned operand = 0; operand < numOperands; ++operand) {
      Value arg = op.getArgs()[operand];
      SmallVector<Value> elements =
          unpackLLElements(loc, adaptor.getArgs()[operand], rewriter);
      SmallVector<SmallVector<Value>> indices;
      SmallVector<int> widths;
      if (auto type = dyn_cast<RankedTensorType>(arg.getType())) {
        indices = emitIndices(loc, rewriter, type);
        for (int64_t dim : type.getShape())
          widths.push_back(dim > 1 ? int(std::ceil(std::log10(dim))) : 0);
      } else {
        indices.assign(elements.size(), {});
      }
      bool sign = operand < isSigned.size() && isSigned[operand];

      Value format;
      for (auto [element, index] : llvm::zip(elements, indices)) {
        std::string text = "pid (%u, %u, %u) idx (";
        SmallVector<Value> args(pid);
        // Leave room for the prefix and the value.
        unsigned maxRank = kMaxArgs - args.size() - 2;
        for (auto [dim, coord] : llvm::enumerate(index)) {
          if (dim)
            text += ", ";
          if (dim == maxRank) {
            text += "... (truncated)";
            break;
          }
          text += "%" + (widths[dim] ? std::to_string(widths[dim]) : "") + "u";
          args.push_back(coord);
        }
        text += ")%s";
        args.push_back(prefix);
        if (numOperands > 1)
          text += "(operand " + std::to_string(operand) + ") ";
        auto [conversion, promoted] =
            formatValue(loc, rewriter, element, sign, op.getHex());
        text += conversion + "\n";
        args.push_back(promoted);
        // Every element of an operand uses the same format.
        if (!format)
          format = getStringGlobal(loc, rewriter, op, "printfFormat_", text);
        emitVprintf(loc, rewriter, op, format, args);
      }
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// The file and line of `loc` (through call sites, names and fusions).
std::pair<std::string, unsigned> fileAndLine(Location loc) {
  while (true) {
    if (auto callSite = dyn_cast<CallSiteLoc>(loc)) {
      loc = callSite.getCallee();
      continue;
    }
    if (auto name = dyn_cast<NameLoc>(loc)) {
      loc = name.getChildLoc();
      continue;
    }
    if (auto fused = dyn_cast<FusedLoc>(loc)) {
      for (Location inner : fused.getLocations()) {
        auto [file, line] = fileAndLine(inner);
        if (file != "unknown")
          return {file, line};
      }
      return {"unknown", 0};
    }
    break;
  }
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
    return {fileLoc.getFilename().str(), fileLoc.getLine()};
  return {"unknown", 0};
}

struct AssertOpConversion : public ConvertOpToLLVMPattern<triton::AssertOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Whether any element this thread holds is false.
    Value failed;
    for (Value element :
         unpackLLElements(loc, adaptor.getCondition(), rewriter)) {
      Value isFalse =
          LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, element,
                               zeroVal(rewriter, loc, element.getType()));
      failed =
          failed ? LLVM::OrOp::create(rewriter, loc, failed, isFalse) : isFalse;
    }

    auto [file, line] = fileAndLine(loc);
    std::string function = "unknown";
    if (auto func = op->getParentOfType<FunctionOpInterface>())
      function = func.getName().str();

    Block *before = rewriter.getInsertionBlock();
    Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
    Block *fail = rewriter.createBlock(after);
    rewriter.setInsertionPointToEnd(before);
    LLVM::CondBrOp::create(rewriter, loc, failed, fail, after);

    rewriter.setInsertionPointToStart(fail);
    Value message =
        getStringGlobal(loc, rewriter, op, "assertMessage_", op.getMessage());
    Value fileName = getStringGlobal(loc, rewriter, op, "assertFile_", file);
    Value functionName =
        getStringGlobal(loc, rewriter, op, "assertFunc_", function);
    emitCall(loc, rewriter, op, "__assertfail", Type(),
             {message, fileName, i32Val(rewriter, loc, line), functionName,
              i64Val(rewriter, loc, sizeof(char))});
    LLVM::BrOp::create(rewriter, loc, after);

    rewriter.setInsertionPointToStart(after);
    // A later op may rely on what was asserted, in elements other threads
    // hold: wait until every thread has checked its own.
    if (isa<RankedTensorType>(op.getCondition().getType()))
      emitBarrier(loc, rewriter);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::triton::populatePrintAssertOpToLLVMPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns) {
  patterns.add<PrintOpConversion, AssertOpConversion>(converter);
}
