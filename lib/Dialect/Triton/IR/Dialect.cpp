//===- Dialect.cpp - the tt dialect: registration, inlining, attributes ---===//
#include "Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::triton;

#include "Dialect/Triton/IR/Dialect.cpp.inc"
#include "Dialect/Triton/IR/OpsEnums.cpp.inc"

namespace {
/// Inlining of tt.call into tt.func bodies. A callee marked `noinline = true`
/// is never inlined; everything else in the dialect may be.
struct TritonInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *call, Operation *callable,
                       bool wouldBeCloned) const final {
    if (auto func = dyn_cast<FuncOp>(callable))
      return !func.isNoInline();
    return true;
  }
  bool isLegalToInline(Region *dest, Region *src, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }
  bool isLegalToInline(Operation *op, Region *dest, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }

  /// A tt.return in a multi-block callee becomes a branch to the block after
  /// the call.
  void handleTerminator(Operation *op, Block *newDest) const final {
    auto ret = dyn_cast<ReturnOp>(op);
    if (!ret)
      return;
    OpBuilder builder(op);
    cf::BranchOp::create(builder, op->getLoc(), newDest, ret.getOperands());
    op->erase();
  }

  /// A tt.return in a single-block callee forwards its operands to the call's
  /// results.
  void handleTerminator(Operation *op, ValueRange valuesToRepl) const final {
    auto ret = cast<ReturnOp>(op);
    for (auto [from, to] : llvm::zip(valuesToRepl, ret.getOperands()))
      from.replaceAllUsesWith(to);
  }
};
} // namespace

void TritonDialect::initialize() {
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "Dialect/Triton/IR/Ops.cpp.inc"
      >();
  addInterfaces<TritonInlinerInterface>();
}

Operation *TritonDialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

//===----------------------------------------------------------------------===//
// Discardable attributes
//===----------------------------------------------------------------------===//

/// `tt.divisibility`, `tt.contiguity` and `tt.constancy` on an argument are
/// positive integers (powers of two for divisibility), or dense arrays of
/// them, one per dimension of a tensor argument.
static LogicalResult verifyAxisHint(NamedAttribute attr,
                                    function_ref<InFlightDiagnostic()> emit) {
  bool isDivisibility = attr.getName() == attrs::kDivisibility;
  auto check = [&](int64_t v) -> LogicalResult {
    if (v <= 0)
      return emit() << "'" << attr.getName().strref()
                    << "' must be positive, got " << v;
    if (isDivisibility && !llvm::isPowerOf2_64(v))
      return emit() << "'" << attr.getName().strref()
                    << "' must be a power of two, got " << v;
    return success();
  };
  if (auto i = dyn_cast<IntegerAttr>(attr.getValue()))
    return check(i.getInt());
  if (auto dense = dyn_cast<DenseIntElementsAttr>(attr.getValue())) {
    for (const APInt &v : dense)
      if (failed(check(v.getSExtValue())))
        return failure();
    return success();
  }
  return emit() << "'" << attr.getName().strref()
                << "' must be an integer attribute or a dense array of them";
}

LogicalResult TritonDialect::verifyRegionArgAttribute(Operation *op,
                                                      unsigned regionIndex,
                                                      unsigned argIndex,
                                                      NamedAttribute attr) {
  StringRef name = attr.getName().strref();
  if (name == attrs::kDivisibility || name == attrs::kContiguity ||
      name == attrs::kConstancy)
    return verifyAxisHint(
        attr, [&] { return op->emitOpError() << "argument #" << argIndex
                                             << ": "; });
  // Other tt.* argument attributes (tt.nv_tma_desc, ...) are left to the
  // passes that read them.
  return success();
}

LogicalResult TritonDialect::verifyOperationAttribute(Operation *op,
                                                      NamedAttribute attr) {
  StringRef name = attr.getName().strref();
  auto emit = [&] { return op->emitOpError(); };
  if (name == attrs::kNumStages || name == attrs::kLoopUnrollFactor) {
    auto i = dyn_cast<IntegerAttr>(attr.getValue());
    if (!i || i.getInt() < 1)
      return emit() << "'" << name << "' must be a positive integer";
    return success();
  }
  if (name == attrs::kWarpSpecialize || name == attrs::kFlatten ||
      name == attrs::kDisallowAccMultiBuffer) {
    if (!isa<UnitAttr, BoolAttr>(attr.getValue()))
      return emit() << "'" << name << "' must be a unit or bool attribute";
    if (!isa<LoopLikeOpInterface>(op))
      return emit() << "'" << name << "' only applies to loops";
    return success();
  }
  if (name == attrs::kDivisibility || name == attrs::kContiguity ||
      name == attrs::kConstancy)
    return verifyAxisHint(attr, emit);
  return success();
}
