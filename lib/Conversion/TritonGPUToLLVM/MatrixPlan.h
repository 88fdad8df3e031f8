//===- MatrixPlan.h - ldmatrix / stmatrix fragments of a layout -*- C++ -*-===//
//
// Shared by the ldmatrix lowering of local_load (LocalLoadLdMatrix.cpp) and
// the stmatrix lowering of local_alloc / local_store (LocalStoreStMatrix.cpp):
// both move 8 x 8 matrices of 16-bit words between the registers of a
// warp and shared rows of 16 bytes, one row address per thread.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_CONVERSION_TRITONGPUTOLLVM_MATRIXPLAN_H
#define TRITON_CONVERSION_TRITONGPUTOLLVM_MATRIXPLAN_H

#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Tools/LinearLayout.h"

#include <optional>

namespace mlir::triton {

/// How one tensor maps onto ldmatrix / stmatrix.
struct LdMatrixPlan {
  bool trans = false;
  /// log2 of the elements per 32-bit register.
  int wordBits = 0;
  /// log2 of the matrices per instruction (x1, x2, x4).
  int matrixBits = 0;
  /// (lane, warp) -> offset of the row the calling thread points to.
  LinearLayout threadRow;
};

/// The plan for `c` = (register, lane, warp, block) -> shared offset (the
/// register layout composed with the inverse of the shared layout) with
/// `bits`-wide elements, or nothing when the matrix instructions cannot
/// move it (see LocalLoadLdMatrix.cpp for the conditions).
std::optional<LdMatrixPlan> planLdMatrix(const LinearLayout &c, int bits);

/// The calling thread's row addresses (`base` + row offset ^ constant) for
/// the instructions of `plan`, on elements of `elementType`.
SharedAddresses getRowAddresses(Location loc, OpBuilder &b,
                                const LdMatrixPlan &plan, Value base,
                                Type elementType);

} // namespace mlir::triton

#endif
