//===- LayoutQueries.h - what a ttg layout says about a tensor --*- C++ -*-===//
//
// Free functions over any ttg layout attribute, with Triton's names. They
// take the layout as a plain Attribute and dispatch on its kind; a query that
// does not apply to a kind (threads per warp of a shared layout, ...) is a
// programming error and asserts. The per-dimension answers are in tensor
// dimension order unless the name says "order".
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_DIALECT_TRITONGPU_IR_LAYOUTQUERIES_H
#define TRITON_DIALECT_TRITONGPU_IR_LAYOUTQUERIES_H

#include <optional>

#include "Dialect/TritonGPU/IR/Attributes.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::triton::gpu {

//===-- Orders -------------------------------------------------------------===//

/// [rank-1, ..., 0], with the two innermost swapped when !rowMajor (the order
/// of a row- or column-major batch of matrices).
SmallVector<unsigned> getMatrixOrder(unsigned rank, bool rowMajor);
/// The order of a dot operand (opIdx 0: [batch, M, K], 1: [batch, K, N]);
/// `kContig`: K is the fastest dimension.
SmallVector<unsigned> getOrderForDotOperand(unsigned opIdx, unsigned rank,
                                            bool kContig);

/// Dimensions fastest-changing first: the order of the elements a thread
/// holds (distributed layouts) or of the bytes in memory (shared layouts).
SmallVector<unsigned> getOrder(Attribute layout);
/// The order in which consecutive lanes of a warp move over the dimensions.
SmallVector<unsigned> getThreadOrder(Attribute layout);
/// The order in which consecutive warps of a CTA move over the dimensions.
SmallVector<unsigned> getWarpOrder(Attribute layout);

//===-- Distributed layouts ------------------------------------------------===//

/// Consecutive elements one thread holds along each dimension in one tile.
SmallVector<unsigned> getSizePerThread(Attribute layout);
/// Threads of a warp along each dimension (their product is the warp size;
/// a slice folds the removed dimension's threads into a neighbour, as
/// Triton's legacy layouts do).
SmallVector<unsigned> getThreadsPerWarp(Attribute layout);
/// Warps of a CTA along each dimension (product: the warps of the CTA).
SmallVector<unsigned> getWarpsPerCTA(Attribute layout);
/// Product of getWarpsPerCTA.
unsigned getNumWarpsPerCTA(Attribute layout);
/// The shape one tile of the layout covers within a CTA
/// (sizePerThread * threadsPerWarp * warpsPerCTA for a blocked layout).
SmallVector<unsigned> getShapePerCTATile(Attribute layout);
/// Elements each thread holds along each dimension of a tensor of `shape`
/// (a tensor smaller than a tile is not replicated within a thread; a larger
/// one repeats the tile).
SmallVector<unsigned> getElemsPerThread(Attribute layout,
                                        ArrayRef<int64_t> shape);
unsigned getTotalElemsPerThread(Attribute layout, ArrayRef<int64_t> shape);
/// As above for a ranked tensor type; 1 per dimension for a scalar.
SmallVector<unsigned> getElemsPerThread(Type type);
unsigned getTotalElemsPerThread(Type type);
/// Elements contiguous (along getOrder()[0] and the others) in one thread.
SmallVector<unsigned> getContigPerThread(RankedTensorType type);

//===-- CTAs of a CGA ------------------------------------------------------===//

/// The CTA encoding of any ttg layout.
CTAEncodingAttr getCTALayout(Attribute layout);
SmallVector<unsigned> getCTAsPerCGA(Attribute layout);
SmallVector<unsigned> getCTASplitNum(Attribute layout);
SmallVector<unsigned> getCTAOrder(Attribute layout);
unsigned getNumCTAs(Attribute layout);
/// `shape` divided by the CTA split (a split count with fewer entries than
/// the shape applies to its innermost dimensions, one with more is trimmed
/// from the front).
SmallVector<int64_t> getShapePerCTA(ArrayRef<unsigned> CTASplitNum,
                                    ArrayRef<int64_t> shape);
SmallVector<int64_t> getShapePerCTA(Attribute layout, ArrayRef<int64_t> shape);
/// For a ranked tensor or a memdesc; the shape itself without an encoding.
SmallVector<int64_t> getShapePerCTA(Type type);

//===-- Default layouts ----------------------------------------------------===//

/// One element per thread, threads and warps over `shape` row-major: the
/// layout convert-triton-to-tritongpu gives every tensor.
BlockedEncodingAttr getDefaultBlockedEncoding(MLIRContext *context,
                                              ArrayRef<int64_t> shape,
                                              int numWarps, int threadsPerWarp,
                                              int numCTAs);

/// An #ttg.nvmma_shared layout that puts every element of the shared
/// memory `type` where its own layout does: the layout itself if it is one,
/// else (a #ttg.shared_linear or swizzled layout written by hand, as Gluon
/// kernels do) the first of the 128-, 64-, 32-byte swizzled and unswizzled
/// layouts, transposed or not, whose linear layout equals its own. Null when
/// none does (wgmma cannot read it through a descriptor).
NVMMASharedEncodingAttr getEquivalentNVMMAShared(MemDescType type);

/// wgmma's unswizzled operand layout (descriptor mode 0): core matrices of
/// eight 16-byte rows back to back, 128 bytes each, the core matrices
/// along M/N `sbo` bytes apart and along K `lbo` bytes apart, every
/// further group at the multiple of those.
struct WgmmaCoreMatrices {
  int64_t lbo = 0, sbo = 0;
  /// The 16-byte rows run along M/N (8 rows of K per core matrix) rather
  /// than along K (8 rows of M/N); 16-bit elements only, as wgmma
  /// transposes only f16 and bf16 operands.
  bool mnMajor = false;
};
/// The core matrices of a 2-D shared `type` whose K is dimension `kDim`
/// (as Gluon kernels write #ttg.shared_linear layouts), K-major tried
/// first; nothing for any other layout.
std::optional<WgmmaCoreMatrices> getWgmmaCoreMatrices(MemDescType type,
                                                      unsigned kDim);

/// The `#ttg.nvmma_shared` layout of a tensor of `shape` stored in `order`
/// (wgmma operands, TMA blocks): the widest swizzle (128, 64 or 32 bytes)
/// the contiguous rows fill, none for fewer than 8 rows.
NVMMASharedEncodingAttr getNVMMASharedEncoding(MLIRContext *ctx,
                                               ArrayRef<int64_t> shape,
                                               ArrayRef<unsigned> order,
                                               CTAEncodingAttr ctaLayout,
                                               Type elemType);

} // namespace mlir::triton::gpu

#endif // TRITON_DIALECT_TRITONGPU_IR_LAYOUTQUERIES_H
