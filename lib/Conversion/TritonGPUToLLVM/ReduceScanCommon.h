//===- ReduceScanCommon.h - shared by the tt.reduce and tt.scan lowerings -===//
//
// Applying a reduce/scan combiner region to lowered values, the per-operand
// scratch arrays in shared memory, and small linear-layout queries on the
// reduction/scan axis. Private to lib/Conversion/TritonGPUToLLVM.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_LIB_CONVERSION_TRITONGPUTOLLVM_REDUCESCANCOMMON_H
#define TRITON_LIB_CONVERSION_TRITONGPUTOLLVM_REDUCESCANCOMMON_H

#include "Tools/LinearLayout.h"

#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::triton {

/// The values of one tensor element across all operands of a reduce/scan.
using ElementTuple = SmallVector<Value>;

/// Clones the single block of `combiner` (a tt.reduce or tt.scan region)
/// at the rewriter's insertion point with its arguments bound to `lhs` then
/// `rhs`, and returns the values its terminator yields, as lowered (LLVM)
/// values. The cloned ops (arith, math, tt scalars) are legalized by the
/// same conversion. Where a lowered value's type differs from the region's
/// type (e.g. f8 as i8), unrealized casts bridge the two.
ElementTuple applyCombiner(ConversionPatternRewriter &rewriter, Location loc,
                           const TypeConverter &converter, Region &combiner,
                           ValueRange lhs, ValueRange rhs);

/// Element-wise select between two tuples.
ElementTuple selectTuple(OpBuilder &b, Location loc, Value cond,
                         ValueRange ifTrue, ValueRange ifFalse);

/// The type a lowered element of `llvmType` has in scratch memory: i1 is
/// stored as i8, everything else as itself.
Type getScratchType(Type llvmType);
/// `value` widened for / narrowed from scratch memory.
Value toScratch(OpBuilder &b, Location loc, Value value);
Value fromScratch(OpBuilder &b, Location loc, Value value, Type llvmType);

/// Base pointers of one scratch array of `elems` elements per operand, in
/// `op`'s shared-memory buffer; the arrays follow each other in order of
/// decreasing element size (as Triton lays them out). `llvmTypes` are the
/// operands' lowered element types. Fails when `op` has no buffer.
FailureOr<SmallVector<Value>> getScratchBases(OpBuilder &b, Location loc,
                                              Operation *op, unsigned elems,
                                              ArrayRef<Type> llvmTypes);
/// Bytes the arrays of getScratchBases take.
unsigned getScratchBytes(unsigned elems, ArrayRef<Type> llvmTypes);

/// Position `index` of array `base` (element type `llvmType`).
Value scratchElementPtr(OpBuilder &b, Location loc, Value base, Type llvmType,
                        Value index);

/// The bits of `inDim` whose basis moves output dimension `axis` (in
/// increasing order).
SmallVector<int> basesAlongAxis(const LinearLayout &layout, StringAttr inDim,
                                unsigned axis);
/// Whether some basis of `inDim` moves `axis` together with another
/// output dimension.
bool hasMixedBasis(const LinearLayout &layout, StringAttr inDim, unsigned axis);

/// (lane, warp) of the calling thread computed from threadIdx.x alone (no
/// warp-uniform shuffle, as Triton's reduce and scan lowerings do).
std::pair<Value, Value> getLaneAndWarp(OpBuilder &b, Location loc,
                                       int threadsPerWarp);

/// The bits `bits` of `value` packed together: bit j of the result is bit
/// bits[j] of `value`.
Value gatherBits(OpBuilder &b, Location loc, Value value, ArrayRef<int> bits);

} // namespace mlir::triton

#endif // TRITON_LIB_CONVERSION_TRITONGPUTOLLVM_REDUCESCANCOMMON_H
