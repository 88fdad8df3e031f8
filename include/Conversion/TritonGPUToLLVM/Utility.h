//===- Utility.h - building blocks of the TTGIR -> LLVM lowering -*- C++
//-*-===//
//
// What every op family's lowering needs: packing the per-thread elements of
// a tensor into its LLVM struct and back, the hardware indices of a thread
// (lane, warp, CTA), the tensor coordinates each register holds (from the
// layout's linear layout), shared-memory addresses, warp shuffles, barriers
// and inline PTX.
//
// Conventions: index arithmetic is i32; shared memory is address space 3,
// global memory address space 1.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_CONVERSION_TRITONGPUTOLLVM_UTILITY_H
#define TRITON_CONVERSION_TRITONGPUTOLLVM_UTILITY_H

#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Tools/LinearLayout.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::triton {

//===-- Constants ---------------------------------------------------------===//

Value i32Val(OpBuilder &b, Location loc, int64_t value);
Value i64Val(OpBuilder &b, Location loc, int64_t value);
Value i1Val(OpBuilder &b, Location loc, bool value);
/// An integer or float constant of LLVM type `type`.
Value constantVal(OpBuilder &b, Location loc, Type type, double value);
Value intVal(OpBuilder &b, Location loc, Type type, int64_t value);
/// The all-zero value of `type` (integers, floats, pointers, vectors).
Value zeroVal(OpBuilder &b, Location loc, Type type);

//===-- Tensors as structs of per-thread elements -------------------------===//

/// The members of the struct `llvmStruct` (a single non-struct value is
/// returned as is).
SmallVector<Value> unpackLLElements(Location loc, Value llvmStruct,
                                    OpBuilder &b);
/// The struct `structType` filled with `values`.
Value packLLElements(Location loc, Type structType, ValueRange values,
                     OpBuilder &b);

//===-- Hardware indices --------------------------------------------------===//

inline StringAttr kRegister(MLIRContext *ctx) {
  return StringAttr::get(ctx, "register");
}
inline StringAttr kLane(MLIRContext *ctx) {
  return StringAttr::get(ctx, "lane");
}
inline StringAttr kWarp(MLIRContext *ctx) {
  return StringAttr::get(ctx, "warp");
}
inline StringAttr kBlock(MLIRContext *ctx) {
  return StringAttr::get(ctx, "block");
}
inline StringAttr kOffset(MLIRContext *ctx) {
  return StringAttr::get(ctx, "offset");
}

/// `layout` applied to the given input values, every other input 0; one
/// value per output dimension.
SmallVector<int32_t>
applyLinearLayoutConst(const LinearLayout &layout,
                       ArrayRef<std::pair<StringAttr, int32_t>> ins);

/// threadIdx.x as i32; in a warp-specialized partition, relative to the
/// partition's first warp (its layouts describe its own warps).
Value getThreadId(OpBuilder &b, Location loc);
/// (lane, warp) of the calling thread: threadIdx.x % 32 and / 32.
std::pair<Value, Value> getLaneAndWarpId(OpBuilder &b, Location loc);
/// The warp id made warp-uniform (a shuffle from lane 0 of tid.x / 32), for
/// values that must live in uniform registers, such as wgmma descriptors;
/// in a partition, relative to its first warp, as getThreadId.
Value getUniformWarpId(OpBuilder &b, Location loc);
/// The first warp of the calling thread's warp group (warp & ~3), uniform;
/// a constant 0 when the CTA has at most one warp group.
Value getWarpGroupFirstWarp(OpBuilder &b, Location loc);
/// The CTA's id in its cluster (0 without clusters).
Value getClusterCTAId(OpBuilder &b, Location loc, int numCTAs);

/// The start of the global scratch frame of the function `op` is in (an
/// `!llvm.ptr<1>`): in a kernel, this program's slice of the buffer its
/// first hidden argument points to (`ttg.global_scratch_memory_size` bytes
/// per CTA); in a device function, the pointer its caller passed.
FailureOr<Value> getGlobalScratchFrame(OpBuilder &b, Location loc,
                                       Operation *op);

/// Whether moving a tensor of `tensor`'s layout to or from a buffer of
/// `memDesc`'s keeps every element in its CTA: each CTA of the cluster
/// holds in registers exactly the elements its own shared memory holds.
/// Always true with one CTA.
bool stayWithinCTAs(RankedTensorType tensor, gpu::MemDescType memDesc);

/// Applies `layout` to runtime input values: `ins` names each input
/// dimension's value (i32); missing input dimensions are 0. Returns one i32
/// per output dimension, in the layout's output order.
SmallVector<Value>
applyLinearLayout(Location loc, OpBuilder &b, const LinearLayout &layout,
                  ArrayRef<std::pair<StringAttr, Value>> ins);

/// Shared-memory addresses `base + (threadOffset ^ c)` (in elements of
/// `elementType`) for compile-time offsets c, as Triton builds them: the
/// bits of c that a thread's offset can have (`threadBits`, the union of
/// the lane and warp offsets) select one of a few runtime bases, shared
/// between calls; the other bits are disjoint from the thread's, so they
/// are added as an immediate ([base + imm] in PTX).
class SharedAddresses {
public:
  SharedAddresses(Value base, Type elementType, Value threadOffset,
                  uint64_t threadBits)
      : base(base), elementType(elementType), threadOffset(threadOffset),
        threadBits(threadBits) {}
  Value get(OpBuilder &b, Location loc, uint64_t offset);

private:
  Value base;
  Type elementType;
  Value threadOffset;
  uint64_t threadBits;
  DenseMap<uint64_t, Value> bases;
};

/// The tensor coordinates (one i32 per dimension) of every register the
/// calling thread holds of a tensor of `type` (distributed layout).
SmallVector<SmallVector<Value>> emitIndices(Location loc, OpBuilder &b,
                                            RankedTensorType type);

/// A predicate that is true in exactly one of the threads holding each
/// element of `layout` (false in the copies a broadcast layout makes along
/// lanes, warps or CTAs). Null when every thread holds distinct elements.
Value emitRedundancyMask(Location loc, OpBuilder &b,
                         const LinearLayout &layout);
/// How many leading registers of `layout` step by one along tensor
/// dimension `dim` (a power of two): what one vector access can cover.
unsigned getContiguousRegisters(const LinearLayout &layout, unsigned dim);
/// For each register: whether it is the first copy of its element within
/// the thread (a layout may hold one element in several registers).
SmallVector<bool> getUniqueRegisters(const LinearLayout &layout);

//===-- Shared memory -----------------------------------------------------===//

/// The module's `@global_smem` (created on first use).
LLVM::GlobalOp getOrCreateSharedMemoryGlobal(ModuleOp module, OpBuilder &b);
/// The shared-memory base of the function enclosing the builder's
/// insertion point: `@global_smem` in a kernel, the trailing shared-memory
/// argument in any other function.
Value getFunctionSharedMemoryBase(Location loc, OpBuilder &b,
                                  Operation *anchor);
/// The address of `op`'s buffer (its `allocation.offset` attribute) in
/// shared memory, as !llvm.ptr<3>. Fails when the op has no offset
/// (allocate-shared-memory-nv has not run).
FailureOr<Value> getSharedMemoryAddress(Location loc, OpBuilder &b,
                                        Operation *op);

/// Stores `value` to shared `ptr` when `pred` is true (null: always).
void storeShared(Location loc, OpBuilder &b, Value ptr, Value value,
                 Value pred = {});
/// Loads a `type` from shared `ptr` (when `pred` is false, the result is
/// undefined; null: always).
Value loadShared(Location loc, OpBuilder &b, Value ptr, Type type,
                 Value pred = {});
/// A barrier of the warps that run the code `b` inserts into: bar.sync 0
/// over the CTA; in a warp-specialized kernel (ttg.total-num-warps above
/// ttg.num-warps) a named barrier over the kernel's own warps (id 0) or
/// over partition N's (id kFirstPartitionBarrier + N), since a CTA-wide
/// barrier would wait for warps that never arrive.
void emitBarrier(Location loc, OpBuilder &b);
/// Named barrier ids of warp-specialized kernels: 0 for the kernel's own
/// warps, 1 for all warps (the start and join of ttg.warp_specialize),
/// then one per partition, up to the consumer warp groups' turns
/// (nvidia_gpu::kWarpGroupTurnBarrier, 14 and 15), of the 16 a CTA has.
constexpr int kAllWarpsBarrier = 1;
constexpr int kFirstPartitionBarrier = 2;
constexpr int kMaxPartitions =
    nvidia_gpu::kWarpGroupTurnBarrier - kFirstPartitionBarrier;

//===-- Warp shuffles -----------------------------------------------------===//

/// shfl.sync.bfly: the value of lane (lane ^ mask). Any scalar type up to
/// 64 bits, and pointers.
Value shuffleXor(Location loc, OpBuilder &b, Value value, unsigned mask);
/// shfl.sync.up: the value of lane (lane - delta), own value when below.
Value shuffleUp(Location loc, OpBuilder &b, Value value, unsigned delta);
/// shfl.sync.idx: the value of lane `lane`.
Value shuffleIdx(Location loc, OpBuilder &b, Value value, Value lane);

//===-- Inline PTX --------------------------------------------------------===//

/// The inline-asm register class of a `bits`-wide integer operand: "h"
/// for 8 and 16 bits (PTX moves bytes through 16-bit registers), "l" for
/// 64, else "r".
StringRef getAsmRegisterClass(unsigned bits);
/// "$first" or "{ $first, ..., $(first+count-1) }": a PTX vector operand.
std::string getAsmOperandList(unsigned first, unsigned count);

/// An `llvm.inline_asm` (AT&T dialect, side effects unless `pure`) with the
/// given result type (null for none), operands and constraint string.
Value emitInlineAsm(Location loc, OpBuilder &b, Type resultType,
                    ValueRange operands, StringRef asmString,
                    StringRef constraints, bool pure = false);

/// A call to `name` (declared in the module if it is not yet) with the
/// given result type (void when null).
LLVM::CallOp emitCall(Location loc, OpBuilder &b, Operation *anchor,
                      StringRef name, Type resultType, ValueRange args);

//===-- Misc --------------------------------------------------------------===//

/// Whether `type` (or its element type) is one of the 8-bit float types,
/// which travel as i8 (LLVM has none).
inline bool isFloat8(Type type) {
  auto floatType = dyn_cast<FloatType>(getElementTypeOrSelf(type));
  return floatType && floatType.getWidth() == 8;
}

/// Bits of a scalar LLVM type (pointers: 64).
unsigned getBitWidth(Type type);
/// Bitcast/ptrtoint/zext `value` to an integer of `bits` bits and back.
Value toIntegerBits(Location loc, OpBuilder &b, Value value, unsigned bits);
Value fromIntegerBits(Location loc, OpBuilder &b, Value bits, Type type);

} // namespace mlir::triton

#endif // TRITON_CONVERSION_TRITONGPUTOLLVM_UTILITY_H
