//===- LayoutUtils.h - building blocks for layout conversions ---*- C++ -*-===//
//
// Helpers that build or trim LinearLayouts over the standard output
// dimensions dim0, dim1, ...: what the conversions from ttg layout
// attributes (Dialect/TritonGPU/IR/LinearLayoutConversions.h) are made of.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_TOOLS_LAYOUTUTILS_H
#define TRITON_TOOLS_LAYOUTUTILS_H

#include "Tools/LinearLayout.h"

#include "llvm/ADT/DenseMap.h"

namespace mlir::triton {

/// ["dim0", "dim1", ..., "dim<rank-1>"].
SmallVector<StringAttr> standardOutDimNames(MLIRContext *ctx, int rank);
/// [("dim0", shape[0]), ("dim1", shape[1]), ...].
SmallVector<std::pair<StringAttr, int32_t>>
standardOutDimPairs(MLIRContext *ctx, ArrayRef<int64_t> shape);

/// The layout from `inDim` over the standard dims that walks `shape`
/// fastest along order[0], then order[1], ...: the 1D identity of size
/// prod(shape) reshaped to the permuted shape. Output dims are in `order`'s
/// order (minor first).
LinearLayout identityStandardND(StringAttr inDim, ArrayRef<unsigned> shape,
                                ArrayRef<unsigned> order);

/// Shrinks each output dim of `layout` to at most shape[dim]: every basis
/// component at or above that size wraps (components are masked to the low
/// bits), so the inputs that reached beyond it now duplicate data. With
/// `broadcastRegisters` false, register bases that become zero this way are
/// dropped instead of kept as duplicates. `shape` names every output dim.
LinearLayout
ensureLayoutNotLargerThan(const LinearLayout &layout,
                          const llvm::SmallDenseMap<StringAttr, int64_t> &shape,
                          bool broadcastRegisters = true);

/// Grows each output dim of `layout` to at least shape[dim] by adding bases
/// to its first input dim ("register" or "offset"), visiting output dims in
/// the layout's order: the tile repeats along the first output dim first.
LinearLayout ensureLayoutNotSmallerThan(
    const LinearLayout &layout,
    const llvm::SmallDenseMap<StringAttr, int64_t> &shape);
/// The same with the shape given per name.
LinearLayout ensureLayoutNotSmallerThan(const LinearLayout &layout,
                                        ArrayRef<StringAttr> dimNames,
                                        ArrayRef<int64_t> shape);

/// Reshapes the output dims to the standard dims of `shape`, flattening
/// row-major (the last dim fastest) on both sides.
LinearLayout reshapeLayout(MLIRContext *ctx, const LinearLayout &layout,
                           ArrayRef<int64_t> shape);

/// Permutes the components of every basis: new component i is old component
/// order[i]. Output names stay; sizes follow the bases.
LinearLayout transposeLinearLayout(const LinearLayout &layout,
                                   ArrayRef<int> order);

/// A layout with the same dims and sizes as `layout` and all bases zero.
LinearLayout zerosLike(const LinearLayout &layout);

} // namespace mlir::triton

#endif // TRITON_TOOLS_LAYOUTUTILS_H
