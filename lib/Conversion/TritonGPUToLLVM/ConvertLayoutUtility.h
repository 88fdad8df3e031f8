//===- ConvertLayoutUtility.h - helpers of the convert_layout lowering ---===//
//
// Shared by ConvertLayoutOpToLLVM.cpp (registers and warp shuffles) and
// ConvertLayoutScratch.cpp (the exchange through shared memory): GF(2)
// coordinates, register compaction, scratch element types.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_LIB_CONVERSION_TRITONGPUTOLLVM_CONVERTLAYOUTUTILITY_H
#define TRITON_LIB_CONVERSION_TRITONGPUTOLLVM_CONVERTLAYOUTUTILITY_H

#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Tools/LinearLayout.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/Support/MathExtras.h"

#include <optional>

namespace mlir::triton::cvt {

//===-- GF(2) helpers -----------------------------------------------------===//

/// Coordinates of vectors in a basis of the whole `numBits`-bit space:
/// coordinates(v) is the mask of basis vectors whose xor is v.
class BasisCoordinates {
public:
  /// Fails when `basis` is not a basis of the space.
  static std::optional<BasisCoordinates> get(ArrayRef<int32_t> basis,
                                             unsigned numBits) {
    BasisCoordinates result;
    result.pivots.assign(numBits, {0, 0});
    if (basis.size() != numBits)
      return std::nullopt;
    for (auto [i, vector] : llvm::enumerate(basis)) {
      uint64_t v = static_cast<uint32_t>(vector);
      uint64_t combo = uint64_t(1) << i;
      result.reduce(v, combo);
      if (v == 0)
        return std::nullopt;
      result.pivots[llvm::Log2_64(v)] = {v, combo};
    }
    return result;
  }

  uint64_t coordinates(int32_t vector) const {
    uint64_t v = static_cast<uint32_t>(vector);
    uint64_t combo = 0;
    reduce(v, combo);
    return combo;
  }

private:
  void reduce(uint64_t &v, uint64_t &combo) const {
    for (int bit = static_cast<int>(pivots.size()) - 1; bit >= 0; --bit)
      if ((v >> bit & 1) && pivots[bit].first) {
        v ^= pivots[bit].first;
        combo ^= pivots[bit].second;
      }
  }
  /// pivots[b]: a reduced vector whose highest bit is b, and its combination.
  SmallVector<std::pair<uint64_t, uint64_t>> pivots;
};

/// The registers a layout keeps after dropping its zero register bases:
/// unique register u stands for original register uniqueToOriginal(u), and
/// original register r is a copy of unique register originalToUnique(r).
struct RegisterCompaction {
  explicit RegisterCompaction(const LinearLayout &layout, StringAttr kReg) {
    int bits = layout.getInDimSizeLog2(kReg);
    for (int i = 0; i < bits; ++i)
      if (llvm::any_of(layout.getBasis(kReg, i), [](int32_t v) { return v; }))
        kept.push_back(i);
    numOriginal = 1 << bits;
  }
  int32_t uniqueToOriginal(int32_t u) const {
    int32_t r = 0;
    for (auto [k, bit] : llvm::enumerate(kept))
      if (u >> k & 1)
        r |= 1 << bit;
    return r;
  }
  int32_t originalToUnique(int32_t r) const {
    int32_t u = 0;
    for (auto [k, bit] : llvm::enumerate(kept))
      if (r >> bit & 1)
        u |= 1 << k;
    return u;
  }
  int32_t numUnique() const { return 1 << kept.size(); }
  SmallVector<int> kept;
  int32_t numOriginal = 1;
};

/// The value of `layout`'s single output dimension at the given inputs.
inline int32_t applyFlat(const LinearLayout &layout,
                  ArrayRef<std::pair<StringAttr, int32_t>> ins) {
  return applyLinearLayoutConst(layout, ins).front();
}

//===-- Values in scratch memory ------------------------------------------===//

/// The LLVM type an element takes in scratch memory (i1 as i8, pointers as
/// i64) and the conversions to and from it.
struct ScratchElement {
  ScratchElement(Type llvmType, OpBuilder &b)
      : llvmType(llvmType),
        storedType(isa<LLVM::LLVMPointerType>(llvmType) ? b.getI64Type()
                   : llvmType.isInteger(1)              ? b.getI8Type()
                                                        : llvmType) {}
  Value toStored(Location loc, OpBuilder &b, Value v) const {
    if (isa<LLVM::LLVMPointerType>(llvmType))
      return LLVM::PtrToIntOp::create(b, loc, storedType, v);
    if (llvmType.isInteger(1))
      return LLVM::ZExtOp::create(b, loc, storedType, v);
    return v;
  }
  Value fromStored(Location loc, OpBuilder &b, Value v) const {
    if (isa<LLVM::LLVMPointerType>(llvmType))
      return LLVM::IntToPtrOp::create(b, loc, llvmType, v);
    if (llvmType.isInteger(1))
      return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, v,
                                  intVal(b, loc, storedType, 0));
    return v;
  }
  Type llvmType;
  Type storedType;
};

/// A conversion whose warps change: through the op's scratch shared memory,
/// laid out as Triton's swizzled tile, one round at a time. The converted
/// registers of the result, or failure (with a diagnostic on `op`).
FailureOr<SmallVector<Value>>
transferThroughSharedMemory(gpu::ConvertLayoutOp op, ArrayRef<Value> inVals,
                            const TypeConverter &typeConverter,
                            ConversionPatternRewriter &rewriter);

} // namespace mlir::triton::cvt

#endif // TRITON_LIB_CONVERSION_TRITONGPUTOLLVM_CONVERTLAYOUTUTILITY_H
