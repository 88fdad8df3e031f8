//===- LayoutInference.h - result encodings of tt shape ops -----*- C++ -*-===//
//
// tt ops that change the shape of a tensor (expand_dims, trans, reduce, join,
// split, reshape) must give their result an encoding derived from the
// operand's. The dialect that owns an encoding attribute (ttg) implements this
// interface; tt itself knows no encodings, so with no encoding the result has
// none.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_DIALECT_TRITON_IR_LAYOUTINFERENCE_H
#define TRITON_DIALECT_TRITON_IR_LAYOUTINFERENCE_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectInterface.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"

#include <optional>

namespace mlir::triton {

class DialectInferLayoutInterface
    : public DialectInterface::Base<DialectInferLayoutInterface> {
public:
  DialectInferLayoutInterface(Dialect *dialect) : Base(dialect) {}

  /// Encoding of `expand_dims(x, axis)` from the encoding of `x`.
  virtual LogicalResult
  inferExpandDimsOpEncoding(Attribute operandEncoding, unsigned axis,
                            Attribute &resultEncoding,
                            std::optional<Location> loc) const = 0;
  /// Encoding of the result of a reduction along `axis`.
  virtual LogicalResult
  inferReduceOpEncoding(Attribute operandEncoding, unsigned axis,
                        Attribute &resultEncoding,
                        std::optional<Location> loc) const = 0;
  /// Encoding of `trans(x, order)` where x has `shape`.
  virtual LogicalResult
  inferTransOpEncoding(Attribute operandEncoding, ArrayRef<int64_t> shape,
                       ArrayRef<int32_t> order, Attribute &resultEncoding,
                       std::optional<Location> loc) const = 0;
  /// Encoding of `join(a, b)` where a and b have `shape`.
  virtual LogicalResult
  inferJoinOpEncoding(Attribute operandEncoding, ArrayRef<int64_t> shape,
                      Attribute &resultEncoding,
                      std::optional<Location> loc) const = 0;
  /// Encoding of each result of `split(x)` where x has `shape`.
  virtual LogicalResult
  inferSplitOpEncoding(Attribute operandEncoding, ArrayRef<int64_t> shape,
                       Attribute &resultEncoding,
                       std::optional<Location> loc) const = 0;
  /// Encoding of `reshape(x)` (without allow_reorder: no data moves) from
  /// `srcShape` to `dstShape` where x has `srcEncoding`. Symmetric: the
  /// reshape back from `dstEncoding` gives an encoding equal to
  /// `srcEncoding` (verifyLayoutsAreEqual).
  virtual LogicalResult
  inferReshapeOpEncoding(ArrayRef<int64_t> srcShape, Attribute srcEncoding,
                         ArrayRef<int64_t> dstShape, Attribute &dstEncoding,
                         std::optional<Location> loc) const = 0;
  /// Checks that operand `opIdx` (0: a, 1: b) of a `tt.dot` whose result
  /// has `resultEncoding` may have `operandEncoding`.
  virtual LogicalResult
  inferDotOpEncoding(Attribute operandEncoding, unsigned opIdx,
                     Attribute resultEncoding,
                     std::optional<Location> loc) const = 0;
  /// Succeeds when a tensor of `shape` in layout `got` has its elements in
  /// the same places as in `expected` (the same layout, or another
  /// spelling of it); otherwise fails, with an error at `loc` if given.
  virtual LogicalResult
  verifyLayoutsAreEqual(ArrayRef<int64_t> shape, Attribute expected,
                        Attribute got, std::optional<Location> loc) const = 0;
  /// Checks that the encodings of a dot's a and b agree with each other;
  /// errors are reported on `op`.
  virtual LogicalResult
  verifyDotOpEncodingCompatibility(Operation *op, Attribute aEncoding,
                                   Attribute bEncoding) const = 0;
};

/// Finds the interface of the dialect owning `encoding`; null when there is
/// none.
const DialectInferLayoutInterface *getLayoutInference(Attribute encoding);

/// The result encoding `infer` derives from `encoding` with the owning
/// dialect's interface. A null encoding gives a null result ("no layout").
/// An encoding no dialect can infer from fails, with an error at `loc`.
LogicalResult inferResultEncoding(
    Attribute encoding, Attribute &result, std::optional<Location> loc,
    function_ref<LogicalResult(const DialectInferLayoutInterface &)> infer);

/// Verifier helper: `op`'s result (of type `resultType`) must have the
/// encoding the operand's dialect infers (see inferResultEncoding), or one
/// that dialect finds equivalent for the result's shape; no encoding for an
/// operand without one. Encodings of dialects without the interface are not
/// checked. When `mustInfer`, an inference failure is an error of `op`;
/// otherwise inference failures are not checked here.
LogicalResult verifyResultEncoding(
    Operation *op, Attribute operandEncoding, RankedTensorType resultType,
    bool mustInfer,
    function_ref<LogicalResult(const DialectInferLayoutInterface &,
                               Attribute &, std::optional<Location>)>
        infer);

} // namespace mlir::triton

#endif // TRITON_DIALECT_TRITON_IR_LAYOUTINFERENCE_H
