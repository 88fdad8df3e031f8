//===- LoadStoreOpToLLVM.cpp - tt.load / tt.store to predicated PTX -------===//
//
// Each thread loads or stores its registers in vectors of up to 16 bytes:
// the vector width is what AxisInfo proves about the pointers (contiguity
// and alignment, already capped by the layout's contiguous registers), the
// mask (constancy) and the layout's register order. Every vector is one
// predicated `ld.global` / `st.global` in inline PTX, as Triton emits it,
// with the cache and eviction modifiers of the op (on sm_80 and later an
// evict_first / evict_last also sets the L2 policy, as Triton's does). Stores are issued by
// one thread per element only (copies of a broadcast layout stay quiet).
//
//===----------------------------------------------------------------------===//
#include "Analysis/AxisInfo.h"
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

/// Elements per vector access of a tensor of pointers `ptr` with `mask`.
unsigned vectorSize(Value ptr, Value mask, ModuleAxisInfoAnalysis &axisInfo,
                    unsigned elementBits) {
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type)
    return 1;
  SmallVector<unsigned> order = ttg::getOrder(type.getEncoding());
  unsigned vec =
      std::min(axisInfo.getAlignment(ptr),
               getContiguousRegisters(ttg::toLinearLayout(type), order[0]));
  if (mask)
    vec = std::min(vec, axisInfo.getMaskAlignment(mask));
  vec = std::min(vec, std::max(1u, 128u / elementBits));
  return std::max(1u, vec);
}

StringRef cacheSuffix(CacheModifier cache, bool isLoad) {
  switch (cache) {
  case CacheModifier::CA:
    return ".ca";
  case CacheModifier::CG:
    return ".cg";
  case CacheModifier::CS:
    return ".cs";
  case CacheModifier::CV:
    return isLoad ? ".cv" : "";
  case CacheModifier::WB:
    return isLoad ? "" : ".wb";
  case CacheModifier::WT:
    return isLoad ? "" : ".wt";
  default:
    return "";
  }
}

StringRef evictSuffix(EvictionPolicy evict) {
  switch (evict) {
  case EvictionPolicy::EVICT_FIRST:
    return ".L1::evict_first";
  case EvictionPolicy::EVICT_LAST:
    return ".L1::evict_last";
  default:
    return "";
  }
}

/// The L2 eviction priority that goes with an L1 one on sm_80 and later, as
/// Triton 3.6 emits it: a `createpolicy.fractional` policy (fraction 1.0)
/// per access, passed to the access with `.L2::cache_hint`. None for other
/// policies and older targets.
std::optional<StringRef> l2Policy(EvictionPolicy evict,
                                  int computeCapability) {
  if (computeCapability < 80)
    return std::nullopt;
  switch (evict) {
  case EvictionPolicy::EVICT_FIRST:
    return StringRef("L2::evict_first");
  case EvictionPolicy::EVICT_LAST:
    return StringRef("L2::evict_last");
  default:
    return std::nullopt;
  }
}

/// An i64 cache policy register for `policy` (createpolicy.fractional).
Value createCachePolicy(Location loc, OpBuilder &b, StringRef policy) {
  std::string asmString = "mov.u64 $0, 0x0;\n\tcreatepolicy.fractional." +
                          policy.str() + ".b64 $0, 1.0;";
  return emitInlineAsm(loc, b, b.getI64Type(), {}, asmString, "=l");
}

/// How a vector of `vec` elements of `bits` bits is split into PTX words:
/// (words, bits per word).
std::pair<unsigned, unsigned> wordShape(unsigned vec, unsigned bits) {
  unsigned total = vec * bits;
  unsigned wordBits = std::min(total, std::max(32u, bits));
  return {total / wordBits, wordBits};
}

/// The vector of elements of `words` (each `wordBits` wide) as `vec`
/// elements of `elementType`.
SmallVector<Value> splitWords(Location loc, OpBuilder &b, ValueRange words,
                              unsigned wordBits, Type elementType,
                              unsigned bits, unsigned vec) {
  SmallVector<Value> elements;
  unsigned perWord = wordBits / bits;
  Type intType = b.getIntegerType(bits);
  for (Value word : words) {
    if (perWord == 1) {
      elements.push_back(
          elementType.isInteger(1)
              ? Value(LLVM::TruncOp::create(b, loc, elementType, word))
              : fromIntegerBits(loc, b, word, elementType));
      continue;
    }
    Type vecType = VectorType::get(perWord, intType);
    Value asVec = LLVM::BitcastOp::create(b, loc, vecType, word);
    for (unsigned i = 0; i < perWord; ++i) {
      Value e =
          LLVM::ExtractElementOp::create(b, loc, asVec, i32Val(b, loc, i));
      elements.push_back(fromIntegerBits(loc, b, e, elementType));
    }
  }
  elements.resize(vec);
  return elements;
}

/// `values` packed into words of `wordBits` bits.
SmallVector<Value> packWords(Location loc, OpBuilder &b, ValueRange values,
                             unsigned wordBits, unsigned bits) {
  unsigned perWord = wordBits / bits;
  Type intType = b.getIntegerType(bits);
  SmallVector<Value> words;
  for (size_t start = 0; start < values.size(); start += perWord) {
    if (perWord == 1) {
      words.push_back(
          toIntegerBits(loc, b, values[start], std::max(16u, wordBits)));
      continue;
    }
    Type vecType = VectorType::get(perWord, intType);
    Value vec = LLVM::UndefOp::create(b, loc, vecType);
    for (unsigned i = 0; i < perWord; ++i)
      vec = LLVM::InsertElementOp::create(
          b, loc, vec, toIntegerBits(loc, b, values[start + i], bits),
          i32Val(b, loc, i));
    words.push_back(
        LLVM::BitcastOp::create(b, loc, b.getIntegerType(wordBits), vec));
  }
  return words;
}

/// Whether `other` is absent or a constant zero (splat).
bool isZeroOther(Value other) {
  if (!other)
    return true;
  Attribute attr;
  if (!matchPattern(other, m_Constant(&attr)))
    return false;
  if (auto splat = dyn_cast<SplatElementsAttr>(attr))
    attr = splat.getSplatValue<Attribute>();
  if (auto f = dyn_cast<FloatAttr>(attr))
    return f.getValue().isZero() && !f.getValue().isNegative();
  if (auto i = dyn_cast<IntegerAttr>(attr))
    return i.getValue().isZero();
  return false;
}

struct LoadOpConversion : public ConvertOpToLLVMPattern<triton::LoadOp> {
  LoadOpConversion(TypeConverterT &converter, ModuleAxisInfoAnalysis &axisInfo,
                   const LoweringConfig &config)
      : ConvertOpToLLVMPattern(converter), axisInfo(axisInfo), config(config) {}

  LogicalResult
  matchAndRewrite(triton::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = op.getType();
    Type converted = getTypeConverter()->convertType(resultType);
    if (!converted)
      return op.emitOpError("result type cannot be lowered (block pointers "
                            "need triton-rewrite-tensor-pointer first)");
    Type elementType = getElementTypeOrSelf(converted);
    if (auto structType = dyn_cast<LLVM::LLVMStructType>(converted))
      elementType = structType.getBody().front();
    unsigned bits = std::max(8u, getBitWidth(elementType));

    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> masks, others;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    bool zeroOther = isZeroOther(op.getOther());
    if (adaptor.getOther() && !zeroOther)
      others = unpackLLElements(loc, adaptor.getOther(), rewriter);

    unsigned vec = vectorSize(op.getPtr(), op.getMask(), axisInfo, bits);
    auto [words, wordBits] = wordShape(vec, bits);
    std::optional<StringRef> policy =
        op.getIsVolatile() ? std::nullopt
                           : l2Policy(op.getEvict(), config.computeCapability);
    std::string modifiers = cacheSuffix(op.getCache(), /*isLoad=*/true).str() +
                            evictSuffix(op.getEvict()).str() +
                            (policy ? ".L2::cache_hint" : "");
    std::string vecSuffix = words > 1 ? ".v" + std::to_string(words) : "";

    SmallVector<Value> results;
    std::string wordClass = getAsmRegisterClass(wordBits).str();
    for (size_t start = 0; start < ptrs.size(); start += vec) {
      // Inputs follow the `words` outputs: the address, then the mask (an
      // unmasked load has no predicate, as in Triton), the L2 policy and
      // the words of `other`.
      SmallVector<Value> operands = {ptrs[start]};
      std::string constraints;
      for (unsigned w = 0; w < words; ++w)
        constraints += "=" + wordClass + ",";
      constraints += "l";
      auto input = [&](Value value, StringRef constraint) {
        operands.push_back(value);
        constraints += ("," + constraint).str();
        return "$" + std::to_string(words + operands.size() - 1);
      };
      std::string address = "$" + std::to_string(words);
      std::string guard =
          masks.empty() ? "" : "@" + input(masks[start], "b") + " ";
      std::string policyOperand =
          policy ? ", " + input(createCachePolicy(loc, rewriter, *policy), "l")
                 : "";
      // The destination starts as `other` (zero without one), so that a
      // masked-off lane needs no select afterwards, as in Triton.
      SmallVector<std::string> initial(words, "0x0");
      if (!others.empty()) {
        SmallVector<Value> otherWords =
            packWords(loc, rewriter, ArrayRef<Value>(others).slice(start, vec),
                      wordBits, bits);
        for (unsigned w = 0; w < words; ++w)
          initial[w] = input(otherWords[w], wordClass);
      }
      std::string asmString;
      for (unsigned w = 0; w < words; ++w)
        asmString += "mov.u" + std::to_string(std::max(16u, wordBits)) + " $" +
                     std::to_string(w) + ", " + initial[w] + ";\n\t";
      asmString += guard + "ld" + (op.getIsVolatile() ? ".volatile" : "") +
                   ".global" + (op.getIsVolatile() ? "" : modifiers) +
                   vecSuffix + ".b" + std::to_string(wordBits) + " " +
                   getAsmOperandList(0, words) + ", [ " + address + " + 0 ]" +
                   policyOperand + ";";
      SmallVector<Type> wordTypes(
          words, rewriter.getIntegerType(std::max(16u, wordBits)));
      Type asmResult =
          words == 1
              ? wordTypes[0]
              : LLVM::LLVMStructType::getLiteral(getContext(), wordTypes);
      Value loaded = emitInlineAsm(loc, rewriter, asmResult, operands,
                                   asmString, constraints);
      SmallVector<Value> wordValues = unpackLLElements(loc, loaded, rewriter);
      results.append(splitWords(loc, rewriter, wordValues, wordBits,
                                elementType, bits, vec));
    }
    if (!isa<RankedTensorType>(resultType)) {
      rewriter.replaceOp(op, results.front());
      return success();
    }
    rewriter.replaceOp(op, packLLElements(loc, converted, results, rewriter));
    return success();
  }

  ModuleAxisInfoAnalysis &axisInfo;
  LoweringConfig config;
};

struct StoreOpConversion : public ConvertOpToLLVMPattern<triton::StoreOp> {
  StoreOpConversion(TypeConverterT &converter,
                    ModuleAxisInfoAnalysis &axisInfo,
                    const LoweringConfig &config)
      : ConvertOpToLLVMPattern(converter), axisInfo(axisInfo), config(config) {}

  LogicalResult
  matchAndRewrite(triton::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type valueType = op.getValue().getType();
    if (isa<PointerType>(op.getPtr().getType()) &&
        isa<RankedTensorType>(
            cast<PointerType>(op.getPtr().getType()).getPointeeType()))
      return op.emitOpError("block pointers need "
                            "triton-rewrite-tensor-pointer first");
    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> values =
        unpackLLElements(loc, adaptor.getValue(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    Type elementType = values.front().getType();
    unsigned bits = std::max(8u, getBitWidth(elementType));

    // Only one thread stores each element; within a thread, the first of
    // the registers holding it.
    Value threadPred;
    SmallVector<bool> uniqueRegister(values.size(), true);
    if (auto tensorType = dyn_cast<RankedTensorType>(valueType)) {
      LinearLayout layout = ttg::toLinearLayout(tensorType);
      threadPred = emitRedundancyMask(loc, rewriter, layout);
      uniqueRegister = getUniqueRegisters(layout);
    } else {
      // A scalar store: thread 0 of the CTA.
      threadPred = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                        getThreadId(rewriter, loc),
                                        i32Val(rewriter, loc, 0));
    }

    unsigned vec = vectorSize(op.getPtr(), op.getMask(), axisInfo, bits);
    auto [words, wordBits] = wordShape(vec, bits);
    std::optional<StringRef> policy =
        l2Policy(op.getEvict(), config.computeCapability);
    std::string modifiers = cacheSuffix(op.getCache(), /*isLoad=*/false).str() +
                            evictSuffix(op.getEvict()).str() +
                            (policy ? ".L2::cache_hint" : "");
    std::string vecSuffix = words > 1 ? ".v" + std::to_string(words) : "";
    std::string asmString =
        "@$" + std::to_string(words + 1) + " st.global" + modifiers +
        vecSuffix + ".b" + std::to_string(wordBits) + " [ $" +
        std::to_string(words) + " + 0 ], " + getAsmOperandList(0, words) +
        (policy ? ", $" + std::to_string(words + 2) : "") + ";";
    std::string constraints;
    for (unsigned w = 0; w < words; ++w)
      constraints += getAsmRegisterClass(wordBits).str() + ",";
    constraints += policy ? "l,b,l" : "l,b";

    for (size_t start = 0; start < ptrs.size(); start += vec) {
      if (!uniqueRegister[start])
        continue;
      Value pred = masks.empty() ? Value() : masks[start];
      if (threadPred)
        pred = pred ? LLVM::AndOp::create(rewriter, loc, pred, threadPred)
                    : threadPred;
      if (!pred)
        pred = i1Val(rewriter, loc, true);
      SmallVector<Value> operands =
          packWords(loc, rewriter, ArrayRef<Value>(values).slice(start, vec),
                    wordBits, bits);
      operands.push_back(ptrs[start]);
      operands.push_back(pred);
      if (policy)
        operands.push_back(createCachePolicy(loc, rewriter, *policy));
      emitInlineAsm(loc, rewriter, Type(), operands, asmString, constraints);
    }
    rewriter.eraseOp(op);
    return success();
  }

  ModuleAxisInfoAnalysis &axisInfo;
  LoweringConfig config;
};

} // namespace

void mlir::triton::populateLoadStoreOpToLLVMPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns,
    ModuleAxisInfoAnalysis &axisInfo, const LoweringConfig &config) {
  patterns.add<LoadOpConversion, StoreOpConversion>(converter, axisInfo,
                                                    config);
}
