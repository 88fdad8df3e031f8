//===- LinearLayout.h - F2-linear maps between named dimensions -*- C++ -*-===//
//
// A linear layout maps a hardware location, given as named input dimensions
// (register, lane, warp, block; or offset, block for shared memory), to a
// logical tensor index, given as named output dimensions (dim0, dim1, ...).
// The map is linear over GF(2): L(a xor b) = L(a) xor L(b). It is therefore
// fully described by its bases, the images of the powers of two of each input
// dimension; every other value is the xor of the bases of the set bits.
//
// Example: 4 lanes and 2 registers over a 1D tensor of 8 elements, with the
// two registers of a lane adjacent:
//
//   register: L(register=1) = (dim0=1)
//   lane:     L(lane=1) = (dim0=2), L(lane=2) = (dim0=4)
//
// so lane 3, register 1 holds element 1 xor 2 xor 4 = 7.
//
// All dimension sizes are powers of two. The order of input dimensions (and
// of bases within one dimension) is the order codegen iterates in; the order
// of both input and output dimensions is minor to major, which matters for
// reshapes and flat indices. A layout need not be injective (several
// locations may hold the same element: broadcast) and, when built that way
// explicitly, need not be surjective.
//
// Precondition violations (API misuse, not user input) are fatal errors;
// code that builds a layout from user input (the #ttg.linear attribute)
// validates it with tryCreate first.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_TOOLS_LINEARLAYOUT_H
#define TRITON_TOOLS_LINEARLAYOUT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace mlir::triton {

class LinearLayout {
public:
  /// bases[inDim][i] = L(inDim = 2^i, every other input 0), one value per
  /// output dimension, in output-dimension order.
  using BasesT = llvm::MapVector<StringAttr, std::vector<std::vector<int32_t>>>;
  /// A list of (dimension, value) or (dimension, size) pairs.
  using DimValues = SmallVector<std::pair<StringAttr, int32_t>>;

  /// The layout with no dimensions: the identity of operator*.
  LinearLayout() = default;
  static LinearLayout empty() { return {}; }

  /// L(x) = stride * x for x in [0, size): bases stride, 2*stride, ...
  /// `size` and `stride` are powers of two.
  static LinearLayout strided1D(int32_t size, int32_t stride, StringAttr inDim,
                                StringAttr outDim);
  /// L(x) = x for x in [0, size).
  static LinearLayout identity1D(int32_t size, StringAttr inDim,
                                 StringAttr outDim) {
    return strided1D(size, /*stride=*/1, inDim, outDim);
  }
  /// L(x) = 0 for x in [0, size); `outDim` has size `outDimSize` (the layout
  /// is not surjective when that is more than 1).
  static LinearLayout zeros1D(int32_t size, StringAttr inDim, StringAttr outDim,
                              int32_t outDimSize = 1);

  /// Builds a layout from bases, inferring each output size as the smallest
  /// power of two above every basis value in that dimension. Fatal error
  /// unless the result is well formed and surjective.
  LinearLayout(BasesT bases, ArrayRef<StringAttr> outDimNames);
  /// Builds a layout with explicit output sizes; fatal error unless well
  /// formed (and surjective when `requireSurjective`).
  LinearLayout(BasesT bases, ArrayRef<std::pair<StringAttr, int32_t>> outDims,
               bool requireSurjective);
  /// The same two constructors from an ordered list of (inDim, bases).
  LinearLayout(
      ArrayRef<std::pair<StringAttr, std::vector<std::vector<int32_t>>>> bases,
      ArrayRef<StringAttr> outDimNames);
  LinearLayout(
      ArrayRef<std::pair<StringAttr, std::vector<std::vector<int32_t>>>> bases,
      ArrayRef<std::pair<StringAttr, int32_t>> outDims, bool requireSurjective);

  /// Builds a layout or explains why it cannot: a basis of the wrong length,
  /// a negative or too large basis value, a non-power-of-two or too small
  /// output size, more than 64 input or output bits, or (when required) a
  /// layout that is not surjective. On failure returns nullopt and, if
  /// `error` is given, stores a one-line reason there.
  static std::optional<LinearLayout>
  tryCreate(BasesT bases, ArrayRef<std::pair<StringAttr, int32_t>> outDims,
            bool requireSurjective, std::string *error = nullptr);
  /// The same, inferring output sizes from the bases as the first
  /// constructor does.
  static std::optional<LinearLayout> tryCreate(BasesT bases,
                                               ArrayRef<StringAttr> outDimNames,
                                               bool requireSurjective,
                                               std::string *error = nullptr);

  //===--------------------------------------------------------------------===//
  // Queries
  //===--------------------------------------------------------------------===//

  const BasesT &getBases() const { return bases; }
  /// L(inDim = 2^pos), one value per output dimension.
  ArrayRef<int32_t> getBasis(StringAttr inDim, int32_t pos) const;
  /// The `outDim` component of L(inDim = 2^pos).
  int32_t getBasis(StringAttr inDim, int32_t pos, StringAttr outDim) const;

  auto getInDimNames() const { return llvm::make_first_range(bases); }
  auto getOutDimNames() const { return llvm::make_first_range(outDims); }
  auto getOutDimSizes() const { return llvm::make_second_range(outDims); }
  /// (name, size) of every input / output dimension, in order.
  DimValues getInDims() const;
  DimValues getOutDims() const;

  bool hasInDim(StringAttr inDim) const { return bases.contains(inDim); }
  bool hasOutDim(StringAttr outDim) const { return outDims.contains(outDim); }
  int32_t getNumInDims() const { return bases.size(); }
  int32_t getNumOutDims() const { return outDims.size(); }
  /// Position of `outDim` among the output dimensions (fatal if absent).
  int32_t getOutDimIndex(StringAttr outDim) const;

  int32_t getInDimSizeLog2(StringAttr inDim) const;
  int32_t getInDimSize(StringAttr inDim) const {
    return 1 << getInDimSizeLog2(inDim);
  }
  int32_t getTotalInDimSizeLog2() const;
  int32_t getTotalInDimSize() const { return 1 << getTotalInDimSizeLog2(); }
  int32_t getOutDimSizeLog2(StringAttr outDim) const;
  int32_t getOutDimSize(StringAttr outDim) const {
    return 1 << getOutDimSizeLog2(outDim);
  }
  int32_t getTotalOutDimSizeLog2() const;
  int32_t getTotalOutDimSize() const { return 1 << getTotalOutDimSizeLog2(); }

  /// The rank of the layout as a matrix: log2 of the number of distinct
  /// outputs.
  int32_t getRank() const { return rank; }
  bool isSurjective() const { return rank == getTotalOutDimSizeLog2(); }
  bool isInjective() const { return rank == getTotalInDimSizeLog2(); }
  bool isInvertible() const {
    return isSurjective() &&
           getTotalInDimSizeLog2() == getTotalOutDimSizeLog2();
  }

  /// The largest V such that V consecutive values of the first input
  /// dimension map to V consecutive values of the first output dimension
  /// (starting at a multiple of V) whatever the other inputs are: how many
  /// registers can move as one vector.
  int32_t getNumConsecutiveInOut() const;

  /// For each input dimension, the mask of its bits that never change the
  /// output (zero bases and bases spanned by earlier ones): the duplicated
  /// (broadcast) part of the layout. All masks are zero iff injective.
  llvm::MapVector<StringAttr, int32_t> getFreeVariableMasks() const;

  /// Whether every basis of the given input dimensions is zero in the given
  /// output dimensions.
  bool sublayoutIsZero(ArrayRef<StringAttr> inDimNames,
                       ArrayRef<StringAttr> outDimNames) const;
  /// Whether the square sublayout on `dimNames` (as inputs and outputs) is
  /// the identity.
  bool squareSublayoutIsIdentity(ArrayRef<StringAttr> dimNames) const;
  /// Whether the layout is the identity on `dimNames` and does not mix them
  /// with any other dimension.
  bool isTrivialOver(ArrayRef<StringAttr> dimNames) const;

  //===--------------------------------------------------------------------===//
  // Evaluation
  //===--------------------------------------------------------------------===//

  /// L(ins): one value per output dimension, in output order. `ins` must
  /// name every input dimension (any order); values must be in range.
  DimValues apply(ArrayRef<std::pair<StringAttr, int32_t>> ins) const;
  /// L applied to a flat input index (input dimensions flattened minor to
  /// major in their order), returning the flat output index.
  uint64_t applyFlat(uint64_t flatIn) const;

  //===--------------------------------------------------------------------===//
  // Transformations
  //===--------------------------------------------------------------------===//

  /// Reorders the input / output dimensions (a permutation of the current
  /// names). Changes only what flattening and reshapes see.
  [[nodiscard]] LinearLayout
  transposeIns(ArrayRef<StringAttr> newInDimOrder) const;
  [[nodiscard]] LinearLayout
  transposeOuts(ArrayRef<StringAttr> newOutDimOrder) const;

  /// Flattens the input (output) dimensions minor to major and splits the
  /// result into `newDims` (sizes powers of two with the same product).
  [[nodiscard]] LinearLayout
  reshapeIns(ArrayRef<std::pair<StringAttr, int32_t>> newInDims) const;
  [[nodiscard]] LinearLayout
  reshapeOuts(ArrayRef<std::pair<StringAttr, int32_t>> newOutDims) const;
  /// Reshapes to one input (output) dimension named like the first one.
  [[nodiscard]] LinearLayout flattenIns() const;
  [[nodiscard]] LinearLayout flattenOuts() const;

  /// The layout restricted to the given input dimensions (others read as
  /// 0) and output dimensions (others dropped); sizes and the original order
  /// are kept.
  [[nodiscard]] LinearLayout sublayout(ArrayRef<StringAttr> inDimNames,
                                       ArrayRef<StringAttr> outDimNames) const;

  /// If the layout is trivial over `dimNames`, the layout on the other
  /// dimensions.
  std::optional<LinearLayout> quotient(ArrayRef<StringAttr> dimNames) const;

  /// Grows `inDim` to `newSize` (a power of two at least the current size);
  /// the new bases are zero, i.e. the new inputs duplicate the old ones.
  [[nodiscard]] LinearLayout resize(StringAttr inDim, int32_t newSize) const;
  /// Drops the zero bases of `inDim`.
  [[nodiscard]] LinearLayout removeZeroBasesAlongDim(StringAttr inDim) const;

  /// Layout with the input dimensions of both (this first); both must have
  /// the same output dimensions and sizes and disjoint input dimensions.
  [[nodiscard]] LinearLayout concatIns(const LinearLayout &other) const;
  /// Layout with the output dimensions of both (this first); both must have
  /// the same input dimensions and sizes and disjoint output dimensions.
  [[nodiscard]] LinearLayout concatOuts(const LinearLayout &other) const;

  /// Direct product: `inner` acts on the low bits of each input dimension
  /// and produces the low bits of each output dimension, `outer` the high
  /// bits. Dimensions that only one side has are taken over as they are;
  /// dimensions common to both must appear in the same relative order. E.g.
  /// identity1D(4, i, o) * identity1D(2, i, o) == identity1D(8, i, o), and
  /// identity1D(4, i, o) * zeros1D(2, i, o) is L(x) = x % 4 on [0, 8).
  friend LinearLayout operator*(LinearLayout inner, LinearLayout outer);
  LinearLayout &operator*=(LinearLayout outer) {
    *this = *this * std::move(outer);
    return *this;
  }

  /// The layout x -> outer(this(x)). The output dimensions of this must be
  /// the input dimensions of `outer` (any order), none larger there.
  [[nodiscard]] LinearLayout compose(const LinearLayout &outer) const;

  /// A layout C with this(x) = outer(C(x)) for every x: from this layout's
  /// inputs to `outer`'s inputs. `outer` must be surjective and have the
  /// same output dimensions and sizes. Where several C work, input
  /// dimensions whose bases are identical in both map to themselves
  /// (identity), and the others pick the smallest solution (free variables
  /// zero).
  [[nodiscard]] LinearLayout invertAndCompose(const LinearLayout &outer) const;
  /// The inverse of an invertible layout.
  [[nodiscard]] LinearLayout invert() const;
  /// For a surjective layout, a right inverse P with L(P(y)) = y.
  [[nodiscard]] LinearLayout pseudoinvert() const;

  /// C with A == B * C (divideLeft) or A == C * B (divideRight), if one
  /// exists. C has the input and output dimensions of A.
  friend std::optional<LinearLayout> divideLeft(const LinearLayout &A,
                                                const LinearLayout &B);
  friend std::optional<LinearLayout> divideRight(const LinearLayout &A,
                                                 const LinearLayout &B);

  /// A readable multi-line rendering, e.g.
  ///    - register=1 -> (0, 1)
  ///      register=2 -> (1, 0)
  ///    - lane=1 -> (0, 2)
  ///   where out dims are: [dim0 (size 2), dim1 (size 4)]
  std::string toString() const;

  friend bool operator==(const LinearLayout &lhs, const LinearLayout &rhs);
  friend bool operator!=(const LinearLayout &lhs, const LinearLayout &rhs) {
    return !(lhs == rhs);
  }
  bool equalIgnoringOutDimSizes(const LinearLayout &other) const;
  friend llvm::hash_code hash_value(const LinearLayout &layout);

private:
  struct NoChecks {};
  LinearLayout(BasesT bases, ArrayRef<std::pair<StringAttr, int32_t>> outDims,
               NoChecks);
  /// Checks the invariants and computes `rank`; returns an error message.
  std::optional<std::string> verifyAndComputeRank(bool requireSurjective);

  BasesT bases;
  llvm::MapVector<StringAttr, int32_t> outDims;
  int32_t rank = 0;
};

bool operator==(const LinearLayout &lhs, const LinearLayout &rhs);
llvm::hash_code hash_value(const LinearLayout &layout);
LinearLayout operator*(LinearLayout inner, LinearLayout outer);
std::optional<LinearLayout> divideLeft(const LinearLayout &A,
                                       const LinearLayout &B);
std::optional<LinearLayout> divideRight(const LinearLayout &A,
                                        const LinearLayout &B);

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                                     const LinearLayout &layout) {
  return os << layout.toString();
}
inline std::ostream &operator<<(std::ostream &os, const LinearLayout &layout) {
  return os << layout.toString();
}

/// The layout as an F2 matrix: one 64-bit row per output bit (output
/// dimensions in order, low bit first), column c = input bit c (input
/// dimensions in order, low bit first).
SmallVector<uint64_t> getMatrix(const LinearLayout &layout);

} // namespace mlir::triton

#endif // TRITON_TOOLS_LINEARLAYOUT_H
