//===- TritonGPUConversion.h - TTGIR type converter, target -*- C++ -*-===//
//
// The pieces a conversion into TritonGPU IR is made of: a type converter that
// gives tensors the default blocked layout, a conversion target that accepts
// an op once none of its types lacks a layout, and the pattern sets of
// convert-triton-to-tritongpu (reusable by passes that re-run the
// conversion on part of a module).
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_CONVERSION_TRITONTOTRITONGPU_TRITONGPUCONVERSION_H
#define TRITON_CONVERSION_TRITONTOTRITONGPU_TRITONGPUCONVERSION_H

#include "Dialect/TritonGPU/IR/Dialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::triton::gpu {

/// Converts every ranked tensor without an encoding to the same tensor with
/// the default blocked layout for its shape (getDefaultBlockedEncoding), also
/// inside `!tt.ptr<tensor<...>>`. Tensors that have an encoding, memory
/// descriptors, tensor descriptors and scalars are left as they are. Where a
/// value's layout differs from the one its user needs, the conversion
/// inserts a `ttg.convert_layout` (target materialization). With
/// `enableSourceRemat`, a value still used in its old type by an op that was
/// not converted is cast back with `builtin.unrealized_conversion_cast`;
/// without it the conversion fails there.
class TritonGPUTypeConverter : public TypeConverter {
public:
  TritonGPUTypeConverter(MLIRContext *context, int numWarps, int threadsPerWarp,
                         int numCTAs, bool enableSourceRemat);

  int getNumWarps() const { return numWarps; }
  int getThreadsPerWarp() const { return threadsPerWarp; }
  int getNumCTAs() const { return numCTAs; }

  /// The layout a tensor of `shape` gets when it has none.
  BlockedEncodingAttr getDefaultEncoding(ArrayRef<int64_t> shape) const;

private:
  MLIRContext *context;
  int numWarps;
  int threadsPerWarp;
  int numCTAs;
};

/// Accepts the ttg dialect, and an op of any other dialect once its operand,
/// result and block argument types (and, for a function, its signature) are
/// legal for the type converter. `tt.dot` also needs `#ttg.dot_op` operands.
/// `scf.execute_region`, `scf.parallel`, `scf.reduce` and
/// `scf.reduce.return` are illegal, as in Triton.
class TritonGPUConversionTarget : public ConversionTarget {
public:
  TritonGPUConversionTarget(MLIRContext &context,
                            const TritonGPUTypeConverter &typeConverter);

  /// True when no type of `op` (operands, results, block arguments of its
  /// regions, function signature) needs converting.
  static bool isDynamicallyLegal(Operation *op,
                                 const TypeConverter &typeConverter);
};

/// Every arith and math op (constants included) and ub.poison, with
/// converted operand and result types. The arith and math dialects must be
/// loaded (the patterns are made for their registered ops).
void populateArithMathToTritonGPUPatterns(
    const TritonGPUTypeConverter &typeConverter, RewritePatternSet &patterns);

/// The tt ops: elementwise, memory, shape (expand_dims, broadcast, trans,
/// join, split, cat), dot, reduce, scan, map_elementwise, descriptor
/// gather/scatter, and tt.func / tt.call / tt.return.
void populateTritonToTritonGPUPatterns(
    const TritonGPUTypeConverter &typeConverter, RewritePatternSet &patterns);

/// scf.for / if / while / yield / condition (MLIR's structural type
/// conversion, which also sets their legality in `target`) and cf branches.
void populateControlFlowToTritonGPUPatterns(
    const TritonGPUTypeConverter &typeConverter, RewritePatternSet &patterns,
    ConversionTarget &target);

} // namespace mlir::triton::gpu

#endif // TRITON_CONVERSION_TRITONTOTRITONGPU_TRITONGPUCONVERSION_H
