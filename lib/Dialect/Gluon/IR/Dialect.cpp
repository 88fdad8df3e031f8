//===- Dialect.cpp - the gluon dialect ------------------------------------===//
//
// gluon.set_auto_layout and the two placeholder layouts. A tt shape op
// (reduce, trans, reshape, join, split, expand_dims) of a tensor in a
// placeholder layout gives its result the same placeholder: the layouts
// are resolved afterwards, all at once (gluon-resolve-auto-encodings).
//
//===----------------------------------------------------------------------===//
#include "Dialect/Gluon/IR/Dialect.h"
#include "Dialect/Triton/IR/LayoutInference.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gluon;

#include "Dialect/Gluon/IR/Dialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "Dialect/Gluon/IR/GluonAttrDefs.cpp.inc"

#define GET_OP_CLASSES
#include "Dialect/Gluon/IR/Ops.cpp.inc"

namespace {

bool isPlaceholder(Attribute encoding) {
  return isa_and_nonnull<AutoEncodingAttr, CoalescedEncodingAttr>(encoding);
}

/// Shape ops keep a placeholder layout; a dot of placeholder operands is
/// checked once the layouts are concrete.
struct GluonInferLayoutInterface : public DialectInferLayoutInterface {
  using DialectInferLayoutInterface::DialectInferLayoutInterface;

  static LogicalResult keep(Attribute operand, Attribute &result,
                            std::optional<Location> loc) {
    if (!isPlaceholder(operand)) {
      if (loc)
        emitError(*loc, "no layout inference for ") << operand;
      return failure();
    }
    result = operand;
    return success();
  }

  LogicalResult
  inferExpandDimsOpEncoding(Attribute operand, unsigned, Attribute &result,
                            std::optional<Location> loc) const override {
    return keep(operand, result, loc);
  }
  LogicalResult inferReduceOpEncoding(Attribute operand, unsigned,
                                      Attribute &result,
                                      std::optional<Location> loc) const override {
    return keep(operand, result, loc);
  }
  LogicalResult
  inferTransOpEncoding(Attribute operand, ArrayRef<int64_t>, ArrayRef<int32_t>,
                       Attribute &result,
                       std::optional<Location> loc) const override {
    return keep(operand, result, loc);
  }
  LogicalResult inferJoinOpEncoding(Attribute operand, ArrayRef<int64_t>,
                                    Attribute &result,
                                    std::optional<Location> loc) const override {
    return keep(operand, result, loc);
  }
  LogicalResult inferSplitOpEncoding(Attribute operand, ArrayRef<int64_t>,
                                     Attribute &result,
                                     std::optional<Location> loc) const override {
    return keep(operand, result, loc);
  }
  LogicalResult
  inferReshapeOpEncoding(ArrayRef<int64_t>, Attribute src, ArrayRef<int64_t>,
                         Attribute &dst,
                         std::optional<Location> loc) const override {
    return keep(src, dst, loc);
  }
  LogicalResult inferDotOpEncoding(Attribute operand, unsigned, Attribute,
                                   std::optional<Location> loc) const override {
    Attribute ignored;
    return keep(operand, ignored, loc);
  }
  LogicalResult verifyLayoutsAreEqual(ArrayRef<int64_t>, Attribute expected,
                                      Attribute got,
                                      std::optional<Location> loc) const override {
    if (expected == got)
      return success();
    if (loc)
      emitError(*loc, "expected layout ") << expected << ", got " << got;
    return failure();
  }
  LogicalResult verifyDotOpEncodingCompatibility(Operation *, Attribute,
                                                 Attribute) const override {
    return success();
  }
};

/// gluon.set_auto_layout may be inlined with the function that holds it
/// (gluon-inline).
struct GluonInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};

} // namespace

void GluonDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Dialect/Gluon/IR/GluonAttrDefs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "Dialect/Gluon/IR/Ops.cpp.inc"
      >();
  addInterfaces<GluonInferLayoutInterface, GluonInlinerInterface>();
}

bool mlir::triton::gluon::hasPlaceholderLayout(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && isPlaceholder(tensor.getEncoding());
}

void SetAutoLayoutOp::build(OpBuilder &builder, OperationState &state,
                            Attribute encoding, Value value) {
  auto type = cast<RankedTensorType>(value.getType()).cloneWithEncoding(encoding);
  build(builder, state, type, value);
}

LogicalResult SetAutoLayoutOp::verify() {
  if (!isa_and_nonnull<AutoEncodingAttr>(getSrc().getType().getEncoding()))
    return emitOpError("operand must have the #gluon.auto_encoding layout");
  Attribute result = getType().getEncoding();
  if (!result)
    return emitOpError("result must have a layout");
  if (isa<AutoEncodingAttr>(result))
    return emitOpError("result must not have the #gluon.auto_encoding layout");
  return success();
}
