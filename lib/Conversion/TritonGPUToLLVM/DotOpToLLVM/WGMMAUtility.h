//===- WGMMAUtility.h - pieces of the wgmma lowering ------------*- C++ -*-===//
//
// What WGMMA.cpp builds wgmma from: the register lookup that checks the
// #mma / #dot_op element order against wgmma's fragments, the shared-memory
// matrix descriptors, packing of 8/16-bit values into 32-bit registers, and
// wgmma.wait_group with its registers tied through.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_CONVERSION_TRITONGPUTOLLVM_DOTOPTOLLVM_WGMMAUTILITY_H
#define TRITON_CONVERSION_TRITONGPUTOLLVM_DOTOPTOLLVM_WGMMAUTILITY_H

#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Tools/LinearLayout.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::triton::wgmma {

/// Maps the coordinates (lane 0, warp 0) a thread's registers hold to the
/// register index, for looking fragment elements up.
class RegisterLookup {
public:
  explicit RegisterLookup(const LinearLayout &layout);
  /// The register holding (row, col) in lane 0 of warp 0, or -1.
  int lookup(int32_t row, int32_t col) const;
  /// Whether lanes and warps sit where wgmma puts them: lane l at
  /// (l / 4, (l % 4) * colsPerLane), warp w of a warp group 16 * w rows down.
  bool matchesWgmmaThreads(int colsPerLane) const;

private:
  static uint64_t key(int32_t row, int32_t col) {
    return (uint64_t(uint32_t(row)) << 32) | uint32_t(col);
  }
  LinearLayout layout;
  llvm::DenseMap<uint64_t, int> index;
};

/// A shared-memory operand: the descriptor fields and how to find the start
/// of each instruction's block.
struct SharedOperand {
  LinearLayout inverse; // (dim0, dim1) -> offset (elements) of the view
  int elemBytes = 0;
  uint64_t fields = 0;  // LBO, SBO and swizzle mode
  bool mnMajor = false; // for the imm-trans flag
  Value baseField;      // i64: (address of the view's origin + warp
                        // group) >> 4, in the descriptor's 14 bits
};

/// Builds the descriptor pieces of operand `type` (lowered `llvmValue`);
/// `kDim` is its K dimension, `instrMN` and `instrK` the instruction's
/// extents, `wgStart` (i32) the warp group's first row/column along MN.
FailureOr<SharedOperand> buildSharedOperand(Operation *op, Location loc,
                                            OpBuilder &b, gpu::MemDescType type,
                                            Value llvmValue, unsigned kDim,
                                            int instrMN, int instrK,
                                            Value wgStart);
/// The descriptor of the block starting at (c0, c1).
Value descriptorAt(Location loc, OpBuilder &b, const SharedOperand &operand,
                   int32_t c0, int32_t c1);

/// Packs `elements` (8/16/32-bit values) into i32 registers, low first.
SmallVector<Value> packToI32(Location loc, OpBuilder &b,
                             ArrayRef<Value> elements);
/// Splits i32 registers back into `type` elements.
SmallVector<Value> unpackFromI32(Location loc, OpBuilder &b,
                                 ArrayRef<Value> regs, Type type);

/// An llvm.inline_asm without results or operands.
void emitSimpleAsm(Location loc, OpBuilder &b, StringRef text);
/// "wgmma.wait_group.sync.aligned pendings" tying `values` through it
/// (16-bit values travel in pairs as i32; the round trip folds away);
/// returns them as they are after the wait.
SmallVector<Value> emitWaitGroup(Location loc, OpBuilder &b,
                                 ArrayRef<Value> values, int pendings);

} // namespace mlir::triton::wgmma

#endif // TRITON_CONVERSION_TRITONGPUTOLLVM_DOTOPTOLLVM_WGMMAUTILITY_H
