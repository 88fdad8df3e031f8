//===- MemDescViewOpToLLVM.cpp - views of shared-memory buffers -----------===//
//
// A memdesc lowers to !llvm.struct<(ptr<3>, i32 x rank)>: the base of its
// allocation (or of one buffer of a multi-buffered allocation) and the
// coordinates of the view's origin in it (see MemoryOpToLLVM.cpp, whose
// addressing uses the view type's layout over its allocation shape). Views
// only rewrite that struct:
//   memdesc_trans     origin permuted like the dimensions;
//   memdesc_subslice  origin + offsets;
//   memdesc_index     base + index * (elements of one buffer), origin 0
//                     (the source is a whole allocation, verified);
//   memdesc_reshape   whole buffers only (verified): same base, origin 0;
//   memdesc_reinterpret  of a whole buffer: same base, origin 0; of a
//                     subview holding a contiguous range of offsets
//                     (verified): base + the range's start, origin 0.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

/// The struct of type `structType` with `base` and `origin`.
Value packView(Location loc, OpBuilder &b, Type structType, Value base,
               ArrayRef<Value> origin) {
  SmallVector<Value> members{base};
  llvm::append_range(members, origin);
  return packLLElements(loc, structType, members, b);
}

SmallVector<Value> zeros(Location loc, OpBuilder &b, unsigned rank) {
  return SmallVector<Value>(rank, i32Val(b, loc, 0));
}

struct MemDescTransOpConversion
    : public ConvertOpToLLVMPattern<ttg::MemDescTransOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::MemDescTransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> members =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> origin;
    for (int32_t d : op.getOrder())
      origin.push_back(members[1 + d]);
    Type structType = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOp(op,
                       packView(loc, rewriter, structType, members[0], origin));
    return success();
  }
};

struct MemDescSubsliceOpConversion
    : public ConvertOpToLLVMPattern<ttg::MemDescSubsliceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::MemDescSubsliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> members =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> origin;
    for (auto [d, offset] : llvm::enumerate(op.getOffsets())) {
      Value o = members[1 + d];
      if (offset != 0)
        o = LLVM::AddOp::create(rewriter, loc, o,
                                i32Val(rewriter, loc, offset));
      origin.push_back(o);
    }
    Type structType = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOp(op,
                       packView(loc, rewriter, structType, members[0], origin));
    return success();
  }
};

struct MemDescIndexOpConversion
    : public ConvertOpToLLVMPattern<ttg::MemDescIndexOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::MemDescIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ttg::MemDescType type = op.getType();
    if (!type.getElementType().isIntOrFloat())
      return op.emitOpError("lowering to LLVM supports buffers of integers "
                            "and floats only");
    SmallVector<Value> members =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    // Buffers are laid out per CTA: in a cluster each CTA's buffer holds
    // its part (as Allocation sizes them).
    int64_t bufferElems = 1;
    for (int64_t size : ttg::getShapePerCTA(type))
      bufferElems *= size;
    if (auto padded =
            dyn_cast<ttg::PaddedSharedEncodingAttr>(type.getEncoding()))
      bufferElems = padded.getPaddedSize(ttg::getShapePerCTA(type));
    unsigned bits = std::max(8u, type.getElementTypeBitWidth());
    Value stride = i32Val(rewriter, loc, bufferElems * bits / 8);
    Value bytes =
        LLVM::MulOp::create(rewriter, loc, adaptor.getIndex(), stride);
    Value base = LLVM::GEPOp::create(rewriter, loc, members[0].getType(),
                                     rewriter.getI8Type(), members[0],
                                     ArrayRef<LLVM::GEPArg>{bytes});
    Type structType = getTypeConverter()->convertType(type);
    rewriter.replaceOp(op, packView(loc, rewriter, structType, base,
                                    zeros(loc, rewriter, type.getRank())));
    return success();
  }
};

/// memdesc_reinterpret: the bytes of the source seen anew. The source's
/// elements are offsets [start, start + n) of its allocation (n its element
/// count, a power of two: verified), start = offset(origin) with its low
/// bits cleared.
struct MemDescReinterpretOpConversion
    : public ConvertOpToLLVMPattern<ttg::MemDescReinterpretOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::MemDescReinterpretOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ttg::MemDescType src = op.getSrc().getType();
    SmallVector<Value> members =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    Value base = members[0];
    if (src.getAllocShape() != src.getShape()) {
      MLIRContext *ctx = op.getContext();
      LinearLayout inverse = ttg::toLinearLayout(src).invert();
      SmallVector<std::pair<StringAttr, Value>> origin;
      for (auto [d, dim] : llvm::enumerate(inverse.getInDimNames()))
        origin.push_back({dim, members[1 + d]});
      Value offset = applyLinearLayout(loc, rewriter, inverse, origin)
          [inverse.getOutDimIndex(kOffset(ctx))];
      offset = LLVM::AndOp::create(
          rewriter, loc, offset,
          i32Val(rewriter, loc, ~int32_t(src.getNumElements() - 1)));
      unsigned bits = std::max(8u, src.getElementTypeBitWidth());
      Value bytes = LLVM::MulOp::create(rewriter, loc, offset,
                                        i32Val(rewriter, loc, bits / 8));
      base = LLVM::GEPOp::create(rewriter, loc, base.getType(),
                                 rewriter.getI8Type(), base,
                                 ArrayRef<LLVM::GEPArg>{bytes});
    }
    ttg::MemDescType type = op.getType();
    Type structType = getTypeConverter()->convertType(type);
    rewriter.replaceOp(op, packView(loc, rewriter, structType, base,
                                    zeros(loc, rewriter, type.getRank())));
    return success();
  }
};

/// memdesc_reshape: a whole buffer seen anew.
template <typename OpT>
struct WholeBufferViewConversion : public ConvertOpToLLVMPattern<OpT> {
  using ConvertOpToLLVMPattern<OpT>::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> members =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    ttg::MemDescType type = op.getType();
    Type structType = this->getTypeConverter()->convertType(type);
    rewriter.replaceOp(op, packView(loc, rewriter, structType, members[0],
                                    zeros(loc, rewriter, type.getRank())));
    return success();
  }
};

} // namespace

void mlir::triton::populateMemDescViewOpToLLVMPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns) {
  patterns.add<MemDescTransOpConversion, MemDescSubsliceOpConversion,
               MemDescIndexOpConversion,
               WholeBufferViewConversion<ttg::MemDescReshapeOp>,
               MemDescReinterpretOpConversion>(converter);
}
