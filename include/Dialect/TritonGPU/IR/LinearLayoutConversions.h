//===- LinearLayoutConversions.h - ttg layouts as LinearLayouts -*- C++ -*-===//
//
// Every ttg layout attribute describes a LinearLayout; these functions build
// it, exactly as Triton does (codegen iterates registers in the order of the
// "register" bases, so that order is part of the contract).
//
// Distributed layouts (#ttg.blocked, #ttg.slice, #ttg.nvidia_mma,
// #ttg.dot_op) map the input dims
//   "register"  elements held by one thread,
//   "lane"      threads of a warp,
//   "warp"      warps of a CTA,
//   "block"     CTAs of a CGA,
// shared layouts (#ttg.swizzled_shared, #ttg.nvmma_shared) map
//   "offset"    the element offset within one CTA's buffer,
//   "block"     CTAs of a CGA,
// to the output dims "dim0", "dim1", ... (tensor dimensions, not reordered).
// A tensor larger than one tile of the layout gets more registers (or
// offsets); a smaller one gets duplicated (zero bases).
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_DIALECT_TRITONGPU_IR_LINEARLAYOUTCONVERSIONS_H
#define TRITON_DIALECT_TRITONGPU_IR_LINEARLAYOUTCONVERSIONS_H

#include "Dialect/TritonGPU/IR/Attributes.h"
#include "Dialect/TritonGPU/IR/Types.h"
#include "Tools/LinearLayout.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

namespace mlir::triton::gpu {

class TritonGPUDialect;

/// Whether `layout` can be turned into a LinearLayout for a tensor of
/// `shape`: a ttg layout kind handled here, of the tensor's rank, a shape of
/// powers of two, and the kind's own limits (e.g. an nvmma_shared buffer at
/// least one swizzle tile large). Emits the reason through `emitError` (if
/// given) when not.
LogicalResult
verifyLinearLayoutConvertible(ArrayRef<int64_t> shape, Attribute layout,
                              function_ref<InFlightDiagnostic()> emitError);

/// The layout of a tensor of `shape` in `layout`, or failure with a
/// diagnostic (verifyLinearLayoutConvertible).
FailureOr<LinearLayout>
tryToLinearLayout(ArrayRef<int64_t> shape, Attribute layout,
                  function_ref<InFlightDiagnostic()> emitError);

/// The layout of a tensor of `shape` in `layout`. For a shared layout pass
/// the allocation shape. A layout that verifyLinearLayoutConvertible rejects
/// is a fatal error: use it on verified, supported IR, else tryToLinearLayout.
LinearLayout toLinearLayout(ArrayRef<int64_t> shape, Attribute layout);

/// Gives `dialect` its (empty) cache of toLinearLayout's results.
void initLinearLayoutCache(TritonGPUDialect *dialect);
/// The layout of a ranked tensor with a ttg encoding.
LinearLayout toLinearLayout(RankedTensorType type);
/// The layout of a memdesc: its encoding over the last `rank` dims of the
/// allocation shape.
LinearLayout toLinearLayout(MemDescType type);

//===----------------------------------------------------------------------===//
// Building blocks (shared with codegen that builds layouts of its own)
//===----------------------------------------------------------------------===//

/// The CTAs of a CGA: in-dim "block" over the standard out-dims.
LinearLayout makeCgaLayout(CTAEncodingAttr cgaLayout);

/// Combines the layout of one CTA (in-dims register/lane/warp or offset,
/// out-dims the standard dims in the order they repeat) with the CGA
/// layout, and fits the result to `shape`: repeats the CTA tile (along its
/// out-dims in order) until it covers shape / CTA split, and duplicates
/// (zero bases) where the tile is larger.
LinearLayout combineCtaCgaWithShape(LinearLayout ctaLayout,
                                    CTAEncodingAttr cgaLayout,
                                    ArrayRef<int64_t> shape);

/// The mma.sync / wgmma register tile: kWidth registers and 4 lanes along
/// order[0], 8 lanes and tile[order[1]] / 8 registers along order[1], then
/// registers along order[0] to fill tile[order[0]]. Out-dims in `repOrder`'s
/// order.
LinearLayout nvidiaMmaTile(MLIRContext *ctx, ArrayRef<unsigned> tileShape,
                           unsigned kWidth, ArrayRef<unsigned> order,
                           ArrayRef<unsigned> repOrder);

/// One core matrix (8 rows of swizzle width bytes) of an nvmma_shared
/// layout, over (dim0 = row, dim1 = column).
LinearLayout getCoreMatrixLinearLayout(NVMMASharedEncodingAttr shared,
                                       bool disableSwizzle);

/// An nvmma_shared buffer of `shape`; with `disableSwizzle`, the same
/// without the XOR swizzle.
LinearLayout nvmmaSharedToLinearLayout(ArrayRef<int64_t> shape,
                                       NVMMASharedEncodingAttr shared,
                                       bool disableSwizzle = false);

/// The shape of the TMA box Triton uses for an nvmma_shared buffer with
/// `shapePerCTA`: at most 256 per dim, the contiguous dim exactly one
/// swizzle row (fp4Padded: counted in packed elements when `packedSize`).
/// Empty when the buffer is narrower than one swizzle row.
SmallVector<int64_t> getTMABlockShape(ArrayRef<int64_t> shapePerCTA,
                                      int elementBitWidth, int swizzleBytes,
                                      bool fp4Padded, bool transposed,
                                      bool packedSize);

/// The dims in the order the bases of `inDim` first move them, then the
/// dims of `defaultOrder` not seen yet (Triton's orderPerDim): e.g. the
/// register order of a #ttg.linear layout with default [rank-1, ..., 0].
SmallVector<unsigned> getLinearLayoutOrder(const LinearLayout &layout,
                                           StringAttr inDim,
                                           ArrayRef<unsigned> defaultOrder);

/// The layout a #ttg.linear encoding with bases `encoded` (in-dims
/// register/lane/warp/block over dim0..) gives a tensor of `shape`: more
/// registers where the tensor is larger, repeating along the register order
/// first; where it is smaller, register bases beyond it are dropped and the
/// other bases beyond it become duplicates.
LinearLayout fitLinearEncoding(const LinearLayout &encoded,
                               ArrayRef<int64_t> shape);

//===----------------------------------------------------------------------===//
// Queries codegen asks of the layouts
//===----------------------------------------------------------------------===//

/// Registers each thread uses for a tensor of `shape` in distributed
/// `layout`: the size of the "register" in-dim, duplicates included.
unsigned getNumRegisters(ArrayRef<int64_t> shape, Attribute layout);

/// How many consecutive registers of a thread can move to or from shared
/// memory as one vector: the largest power of two V such that registers
/// r..r+V-1 (r a multiple of V) land at consecutive offsets of
/// `sharedLayout` for every lane, warp and block. `regLayout` and
/// `sharedLayout` describe the same tensor (out-dims and sizes equal);
/// `sharedLayout` must be surjective. Capped at `maxElems` when positive.
int getSharedVectorization(const LinearLayout &regLayout,
                           const LinearLayout &sharedLayout, int maxElems = 0);

/// `layout` restricted to block 0: the "block" bases become empty and the
/// out-dims shrink to what the remaining bases span.
LinearLayout getLayoutWithinBlock(const LinearLayout &layout);

} // namespace mlir::triton::gpu

#endif // TRITON_DIALECT_TRITONGPU_IR_LINEARLAYOUTCONVERSIONS_H
