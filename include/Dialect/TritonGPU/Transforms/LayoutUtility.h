//===- LayoutUtility.h - layout queries shared by TTGIR passes --*- C++ -*-===//
//
// How a layout flows through an op (forward and backward), which ops anchor a
// layout, and the backward slice a ttg.convert_layout could be
// rematerialized from. Used by tritongpu-coalesce and
// tritongpu-remove-layout-conversions.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_DIALECT_TRITONGPU_TRANSFORMS_LAYOUTUTILITY_H
#define TRITON_DIALECT_TRITONGPU_TRANSFORMS_LAYOUTUTILITY_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include <functional>

namespace mlir::triton {
class DotOp;
class ModuleAxisInfoAnalysis;
} // namespace mlir::triton

namespace mlir::triton::gpu {

class BlockedEncodingAttr;
class DotOperandEncodingAttr;
class CTAEncodingAttr;
class SwizzledSharedEncodingAttr;
class MemDescType;

/// The coalesced layout of the memory access `op` (a load, store or atomic
/// of a pointer tensor), as tritongpu-coalesce chooses it (Coalesce.cpp):
/// dimensions in decreasing contiguity of the pointers, and along the
/// first as many elements per thread as the alignment and contiguity of
/// every access of the same shape and order it is connected to allow, for
/// `numWarps` warps and CTAs laid out as `ctaLayout`. Also
/// gluon-infer-coalesced-encodings' layout.
BlockedEncodingAttr buildCoalescedEncoding(ModuleAxisInfoAnalysis &axisInfo,
                                           Operation *op, int numWarps,
                                           int threadsPerWarp,
                                           CTAEncodingAttr ctaLayout);

/// The swizzled shared layout Triton gives operand `dotEncoding` of an mma
/// (v2 or v3) dot when it goes through shared memory: vectors of the mma
/// tile's K (or M/N) extent, phases spread over the 128-byte bank row. Any
/// other parent gets no swizzling. (ReduceDataDuplication.cpp)
SwizzledSharedEncodingAttr getSwizzledSharedForDotOperand(
    DotOperandEncodingAttr dotEncoding, ArrayRef<int64_t> shape,
    ArrayRef<unsigned> order, CTAEncodingAttr ctaLayout, unsigned bitWidth);

/// The shared buffer a tensor of `srcType` goes through on its way to the
/// dot operand layout `dotEncoding` (tritongpu-reduce-data-duplication and
/// the pipeliner's copies for mma v2 operands).
MemDescType getDotOperandSharedType(RankedTensorType srcType,
                                    DotOperandEncodingAttr dotEncoding);

/// Whether `dot` can run on mma `version` (2: mma.sync, 3: wgmma), by its
/// operand types, shape and `numWarps` (tritongpu-accelerate-matmul).
bool supportsMMA(triton::DotOp dot, int version, int numWarps);

/// The pointer operand of a global memory access (tt.load, tt.store,
/// tt.atomic_rmw, tt.atomic_cas, ttg.async_copy_global_to_local); null for
/// any other op.
Value getMemAccessPtr(Operation *op);

/// Bit width of a tensor's element; for a tensor of pointers, of the pointee.
unsigned getElementBitWidth(RankedTensorType type);

/// The order in which to store a tensor of `type` in shared memory: the
/// order of its elements, unless threads run along another dimension in
/// which each thread holds a single element (then the threads' order).
SmallVector<unsigned> getOrderForMemory(RankedTensorType type);

/// Dimensions sorted by decreasing contiguity; ties keep the lower dimension
/// first.
SmallVector<unsigned> getOrderFromContiguity(ArrayRef<int64_t> contiguity);

/// True for a load or store worth keeping in its own layout: a block pointer,
/// or a tensor of pointers with at least one element per thread.
bool isExpensiveLoadOrStore(Operation *op);

/// The layout of one side of a `ttg.fp4_to_fp` unpacking along `axis`
/// from the other side's `encoding` (of `shape`): the result's from the
/// source's when `forward`, else the source's from the result's; null when
/// there is none. As Triton 3.6: a blocked or dot operand layout whose
/// fastest dimension is `axis` doubles (halves) its elements per thread
/// (kWidth) there; any other layout becomes the linear layout whose first
/// register bit walks the two halves of a byte.
Attribute inferFp4ToFpEncoding(ArrayRef<int64_t> shape, int axis,
                               Attribute encoding, bool forward);

/// The encoding `op`'s tensor results have when its tensor operands have
/// `operandEncoding`; null when the op does not carry layouts that way.
Attribute inferDstEncoding(Operation *op, Attribute operandEncoding);

/// The encoding `op`'s tensor operands must have for its result to have
/// `resultEncoding`; null when no such encoding exists.
Attribute inferSrcEncoding(Operation *op, Attribute resultEncoding);

/// True when `op` can produce its result directly in `targetEncoding`
/// (a convert of it folds into it), so a backward slice stops there.
bool canFoldIntoConversion(Operation *op, Attribute targetEncoding);

/// True when converting `srcType` to `dstType` only moves values between the
/// registers of one thread (no data crosses threads).
bool isRegisterOnlyConversion(RankedTensorType srcType,
                              RankedTensorType dstType);

/// Collects into `slice` the tensor values the operand `root` depends on,
/// and in `layout` the encoding each must have for `root` to have
/// `rootEncoding`. Stops at ops for which `stopPropagation` is true and at
/// ops that fold into a conversion. `getExistingConversion` may return a
/// value already available in the requested encoding, whose producers are
/// then not visited. Fails when a value would need two encodings or a
/// producer cannot take the encoding.
LogicalResult getConvertBackwardSlice(
    OpOperand &root, SetVector<Value> &slice, Attribute rootEncoding,
    DenseMap<Value, Attribute> &layout,
    std::function<bool(Operation *)> stopPropagation = nullptr,
    std::function<Value(OpOperand &, Attribute)> getExistingConversion =
        nullptr);

} // namespace mlir::triton::gpu

#endif // TRITON_DIALECT_TRITONGPU_TRANSFORMS_LAYOUTUTILITY_H
