//===- CTAPlanner.h - CTA tiling of a function for num-ctas > 1 -*- C++ -*-===//
//
// How triton-nvidia-gpu-plan-cta spreads a function's tensors over the CTAs
// of a cluster. Anchors (dots, reductions, else the first store) get CTA
// layouts; each anchor's operands and results are wrapped in
// `builtin.unrealized_conversion_cast` ops marked "backward" (an operand
// that must take a new layout) or "forward" (a result now in a new layout).
// A worklist moves the casts through the function: an op that can take the
// layout is rewritten to it and passes the casts on, two casts that meet
// cancel out or become a `ttg.convert_layout`, an op that cannot keep its
// layout gets identity casts around it. Private to TritonNvidiaGPUTransforms.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_LIB_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_CTAPLANNER_H
#define TRITON_LIB_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_CTAPLANNER_H

#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <deque>

namespace mlir::triton::nvidia_gpu {

using CastOp = UnrealizedConversionCastOp;

/// The attribute marking a planner cast and its direction ("backward" or
/// "forward").
inline constexpr llvm::StringLiteral kPlannerCastAttrName =
    "ttng.plan_cta.direction";

class CTAPlanner {
public:
  CTAPlanner(FuncOp func, unsigned numCTAs, unsigned numWarps,
             unsigned threadsPerWarp)
      : func(func), numCTAs(numCTAs), numWarps(numWarps),
        threadsPerWarp(threadsPerWarp) {}

  /// Plans the function; fails with an error on IR the planner cannot
  /// handle (layouts other than blocked and slice, block pointers whose
  /// layouts disagree).
  LogicalResult run();

private:
  // Anchors (PlanCTA.cpp).
  LogicalResult processDots();
  LogicalResult processReduces();
  LogicalResult processStores();

  // Layouts (PlanCTA.cpp).
  /// `layout` (blocked, or a slice of one) with its CTA layout replaced by
  /// `ctaLayout` and, for a blocked layout, its threads and warps spread
  /// again over the tensor's per-CTA shape. Null (with an error) for any
  /// other layout.
  Attribute replaceCTALayout(Attribute layout, ArrayRef<int64_t> shape,
                             gpu::CTAEncodingAttr ctaLayout);

  // Casts (CTAPropagation.cpp).
  CastOp createCast(OpBuilder &builder, Location loc, Type type, Value value,
                    bool backward);
  bool isBackward(CastOp cast) const;
  void insertCasts(Operation *op, ArrayRef<Attribute> operandLayouts,
                   ArrayRef<Attribute> resultLayouts);
  void eraseCasts(ArrayRef<CastOp> casts);
  LogicalResult eliminateAdjacentCasts(CastOp forward, CastOp backward);
  LogicalResult replaceByConversion(CastOp cast);

  // Propagation (CTAPropagation.cpp). Each returns failure on an error;
  // `changed` says whether the cast was handled (else it is retried later).
  LogicalResult propagate(CastOp cast, bool &changed);
  LogicalResult propagateBackward(CastOp cast, bool &changed);
  LogicalResult propagateForward(CastOp cast, bool &changed);
  LogicalResult processLoadStore(Operation *op, Attribute layout);
  void processElementwise(Operation *op, Attribute layout);
  void processConstant(arith::ConstantOp constant, Attribute layout);
  void processConvertLayoutBackward(gpu::ConvertLayoutOp cvt, CastOp cast);
  void processConvertLayoutForward(gpu::ConvertLayoutOp cvt, CastOp cast);
  void processIfOp(scf::IfOp ifOp, unsigned index, Type newType);
  void processForOp(scf::ForOp forOp, unsigned index, Type newType);
  LogicalResult processYieldForward(scf::YieldOp yield, CastOp cast);
  void processOpFallback(Operation *op);
  LogicalResult processMultiUsersBackward(Value input, CastOp cast,
                                          bool &changed);
  void processMultiUsersForward(Value output, CastOp cast);

  FuncOp func;
  unsigned numCTAs, numWarps, threadsPerWarp;
  /// Whether an anchor fixed the CTA tiling (dots and reductions do; stores
  /// only when neither exists).
  bool tiled = false;
  /// Casts popped in a row without progress.
  unsigned stepsUnchanged = 0;
  std::deque<CastOp> queue;
};

} // namespace mlir::triton::nvidia_gpu

#endif // TRITON_LIB_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_CTAPLANNER_H
