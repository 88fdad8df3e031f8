//===- ScratchSize.h - scratch shared memory ops need -----------*- C++ -*-===//
//
// Some ops exchange data between threads through a temporary ("scratch")
// shared-memory buffer that exists only while the op runs. These functions
// say how many bytes each needs, exactly as Triton 3.6 computes them, so the
// allocation (Allocation.h) and the lowering to LLVM agree on the layout of
// the scratch buffer. 0 means the op does not use shared memory.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_ANALYSIS_SCRATCHSIZE_H
#define TRITON_ANALYSIS_SCRATCHSIZE_H

#include "Dialect/Triton/IR/Dialect.h"
#include "Tools/LinearLayout.h"

#include "mlir/IR/BuiltinTypes.h"

#include <optional>
#include <utility>

namespace mlir::triton {

/// Bits one element takes in scratch memory: 64 for pointers, else the
/// element's width rounded up to at least 8.
unsigned getScratchBitwidth(Type elementType);

//===-- ttg.convert_layout ------------------------------------------------===//

/// The conversion from `srcTy`'s layout to `dstTy`'s as a map from the
/// destination's hardware indices (register, lane, warp, block) to the
/// source's, with the slowest in-dims along which it is the identity
/// (block, then warp, then lane, then register) quotiented out. Which
/// in-dims remain says what the conversion must move.
LinearLayout minimalCvtLayout(RankedTensorType srcTy, RankedTensorType dstTy);

/// For a conversion within each warp: the number of "mixed
/// transpositions", register bits that trade places with lane bits, when
/// the conversion (broadcast registers dropped, register and lane bits
/// padded to equal counts) is written as a permutation of register and
/// lane bits (Triton 3.6's getWarpLayoutConvertDecomposition). Each one
/// doubles the shuffles a destination register needs. -1 where the two
/// layouts are not permutations of tensor bits (then shuffles are kept).
int countMixedTranspositions(RankedTensorType srcTy, RankedTensorType dstTy);

/// Whether the conversion goes through shared memory, as in Triton 3.6: it
/// moves data between warps or CTAs, or within warps with two or more mixed
/// transpositions (countMixedTranspositions), where shuffles would take
/// four rounds or more. A conversion within each thread permutes registers;
/// one within each warp with at most one mixed transposition uses shuffles.
bool cvtNeedsSharedMemory(RankedTensorType srcTy, RankedTensorType dstTy);

/// The swizzled scratch tile of a conversion over the flattened tensor
/// (element index bits 0 .. numBits-1, vectors as integers): `vec` are the
/// registers stored as one vector (offset bits 0 ..), `segment` the bases
/// above the bank line (the bank bases are any complement of vec and
/// segment), and `reps` the segment bases that are registers on both sides
/// and are visited as rounds instead of stored. Computed after dropping
/// duplicated registers of both layouts.
struct SwizzledCvtTile {
  /// How the source side writes the tile: element vectors (st.shared), or
  /// stmatrix 8x8 fragments (sm_90), plain or transposed. With stmatrix,
  /// `vec` is the 16-byte row of a fragment (its columns, or its rows under
  /// .trans), which the destination reads as one 128-bit vector.
  enum class Store { Vectors, Stmatrix, StmatrixTrans };
  Store store = Store::Vectors;
  /// How the destination reads it: element vectors (ld.shared), or ldmatrix
  /// 8x8 fragments, plain or transposed. With ldmatrix, `vec` is a 16-byte
  /// row the source wrote as one vector of its registers, which ldmatrix
  /// hands out as the destination's register 0 and lanes 0-1 (under
  /// .trans, as its lanes 2-4, the rows being its register 0 and lanes 0-1).
  enum class Load { Vectors, Ldmatrix, LdmatrixTrans };
  Load load = Load::Vectors;
  unsigned numBits = 0;
  SmallVector<int32_t> vec;
  SmallVector<int32_t> segment;
  SmallVector<int32_t> reps;
};
/// Triton 3.6's tile: of the pairs of source and destination instructions
/// (st.shared, or with `hasStmatrix` (sm_90+) stmatrix[.trans]; ld.shared,
/// or with `hasLdmatrix` (sm_75+) ldmatrix[.trans]) whose 16-byte rows can
/// coincide, the one with the fewest bank conflicts, then the most rounds.
SwizzledCvtTile getSwizzledCvtTile(const LinearLayout &src,
                                   const LinearLayout &dst, unsigned bitwidth,
                                   bool hasStmatrix = false,
                                   bool hasLdmatrix = true);

/// The two sides of a conversion within each CTA: the layouts over
/// register, lane and warp with one flattened out-dim, the bits the CTA
/// bases span removed (a linear map whose kernel is that span). Nothing
/// when the sides split the tensor over CTAs differently, or a CTA basis
/// falls within what one CTA's threads hold: the conversion then moves
/// data between CTAs. Layouts without CTA bases come back flattened.
std::optional<std::pair<LinearLayout, LinearLayout>>
perCTACvtLayouts(const LinearLayout &src, const LinearLayout &dst);

/// Elements of the swizzled scratch tile a conversion writes and reads in
/// each round (Triton's generic swizzling: registers of both layouts that
/// fall outside the bank/segment structure become rounds, "reps"), per CTA.
/// `src` and `dst` are distributed LinearLayouts over the same shape.
unsigned getNumScratchElemsSwizzledCvt(const LinearLayout &src,
                                       const LinearLayout &dst,
                                       unsigned bitwidth,
                                       bool hasStmatrix = false);
unsigned getNumScratchElemsSwizzledCvt(RankedTensorType srcTy,
                                       RankedTensorType dstTy,
                                       bool hasStmatrix = false);

/// Bytes a convert_layout from `srcTy` to `dstTy` needs; 0 when it does not
/// go through shared memory or either side is not a distributed layout.
unsigned getConvertLayoutScratchSizeInBytes(RankedTensorType srcTy,
                                            RankedTensorType dstTy,
                                            bool hasStmatrix = false);
/// Whether the module holding `op` targets a GPU with stmatrix (sm_90+).
bool targetHasStmatrix(Operation *op);

//===-- Reductions, scans, gathers, histograms, atomics
//--------------------===//

/// Warps holding distinct data along `axis` of a tensor of `type`.
unsigned getWarpsWithUniqueDataAlongAxis(RankedTensorType type, unsigned axis);

/// tt.reduce: one partial result per warp along the axis, for every
/// position of the other dimensions and every operand; 0 when the axis is
/// within one warp.
unsigned getReduceScratchSizeInBytes(ReduceOp op);

/// tt.scan over a blocked layout: the per-warp carries of every chunk; 0 when
/// the axis is within one warp or the layout is not blocked.
unsigned getScanScratchSizeInBytes(ScanOp op);

/// Whether every index of a tt.gather finds its source elements in its own
/// warp (then no scratch is needed).
bool isGatherWarpLocal(GatherOp op);
/// tt.gather: the whole source tensor unless the gather is warp-local.
unsigned getGatherScratchSizeInBytes(GatherOp op);

/// tt.histogram: one counter per bin, at least one per lane.
unsigned getHistogramScratchSizeInBytes(HistogramOp op);

/// tt.atomic_rmw / tt.atomic_cas: a used scalar result is broadcast through
/// one element; a used tensor result with elements held by several threads
/// through the whole tensor (per CTA); otherwise 0.
unsigned getAtomicScratchSizeInBytes(Operation *op);

} // namespace mlir::triton

#endif // TRITON_ANALYSIS_SCRATCHSIZE_H
