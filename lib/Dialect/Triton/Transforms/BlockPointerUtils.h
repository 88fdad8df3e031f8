//===- BlockPointerUtils.h - pointers and masks of block accesses -*- C++
//-*-===//
//
// Helpers shared by the passes that turn block accesses (tensor pointers,
// tensor descriptors) into loads and stores through tensors of pointers.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_LIB_DIALECT_TRITON_TRANSFORMS_BLOCKPOINTERUTILS_H
#define TRITON_LIB_DIALECT_TRITON_TRANSFORMS_BLOCKPOINTERUTILS_H

#include "Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::triton {

/// The element indices of a block access along one dimension of the parent
/// tensor.
struct BlockDim {
  /// A 1-D `tensor<Nxi64>` of indices (a dimension of the accessed tensor),
  /// or an i64 scalar (a size-1 dimension the accessed tensor drops). Null
  /// when the indices are the range [rangeStart, rangeStart + rangeSize).
  Value index;
  /// The parent tensor's stride along this dimension, in elements (i64).
  Value stride;
  /// The parent tensor's extent along this dimension (i64); null when the
  /// dimension is not bounds-checked.
  Value bound;
  /// With a null `index`: the first index (any integer type) and the number
  /// of indices; the range is built where Triton builds it, so the
  /// rewritten IR matches Triton's op for op.
  Value rangeStart = nullptr;
  int64_t rangeSize = 0;
};

/// A tensor of pointers and the mask of its in-bounds elements (null when no
/// dimension is checked).
struct BlockAccess {
  Value ptrs;
  Value mask;
};

/// The i64 scalar `v`, sign-extended when narrower.
Value castToI64(OpBuilder &b, Location loc, Value v);

/// `splat(start) + extsi(make_range(0, size))`: a `tensor<size x i64>`.
Value buildIndexRange(OpBuilder &b, Location loc, Value start, int64_t size);

/// Pointers `base + sum_d index_d * stride_d` over the tensor whose shape is
/// the sizes of the 1-D indices in order, and the conjunction of
/// `0 <= index_d < bound_d` over the bounded dimensions. Arithmetic is i64.
BlockAccess buildBlockAccess(OpBuilder &b, Location loc, Value base,
                             ArrayRef<BlockDim> dims);

/// A constant `type` tensor of zeros or of quiet NaNs. NaN requires a float
/// element type.
Value buildPaddingValue(OpBuilder &b, Location loc, RankedTensorType type,
                        PaddingOption padding);

/// The single value each operand of a variadic group was converted to.
SmallVector<Value> getSingleValues(ArrayRef<ValueRange> ranges);

/// The legality and structural patterns of a conversion that splits values
/// into components (1:N): an op, a function by its signature, is legal once
/// `converter` splits none of its types; scf.for/if/while and arith.select
/// carry the components (one select per component).
void populateSplitConversion(const TypeConverter &converter,
                             RewritePatternSet &patterns,
                             ConversionTarget &target);

} // namespace mlir::triton

#endif // TRITON_LIB_DIALECT_TRITON_TRANSFORMS_BLOCKPOINTERUTILS_H
