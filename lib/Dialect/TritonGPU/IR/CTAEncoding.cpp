//===- CTAEncoding.cpp - how the CTAs of a CGA split a tensor -------------===//
#include "AttrUtils.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton::gpu;

#define GET_ATTRDEF_CLASSES
#include "Dialect/TritonGPU/IR/CTAEncodingAttr.cpp.inc"

void TritonGPUDialect::registerCTAEncoding() {
  addAttributes<CTAEncodingAttr>();
}

CTAEncodingAttr
CTAEncodingAttr::getFromBases(MLIRContext *context, unsigned rank,
                              ArrayRef<SmallVector<int32_t>> bases) {
  SmallVector<int32_t> flat;
  for (const SmallVector<int32_t> &basis : bases)
    flat.append(basis.begin(), basis.end());
  return get(context, rank, flat);
}

LogicalResult
CTAEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        unsigned rank, ArrayRef<int32_t> flatBases) {
  if (rank == 0)
    return flatBases.empty()
               ? success()
               : (emitError() << "a CGALayout of rank 0 has no bases");
  if (flatBases.size() % rank != 0)
    return emitError() << "every CGALayout basis must have " << rank
                       << " entries";
  // Per dimension, the non-zero entries seen so far (a bit per power of 2).
  SmallVector<uint64_t> seen(rank, 0);
  for (size_t i = 0; i < flatBases.size(); i += rank) {
    ArrayRef<int32_t> basis = flatBases.slice(i, rank);
    unsigned nonZero = 0;
    for (auto [dim, v] : llvm::enumerate(basis)) {
      if (v == 0)
        continue;
      if (v < 0 || !llvm::isPowerOf2_32(v))
        return emitError() << "CGALayout entries must be 0 or a power of 2, "
                              "got "
                           << v;
      ++nonZero;
      uint64_t bit = uint64_t(1) << llvm::Log2_32(v);
      if (seen[dim] & bit)
        return emitError() << "CGALayout repeats the basis " << v
                           << " of dimension " << dim;
      seen[dim] |= bit;
    }
    if (nonZero > 1)
      return emitError() << "each CGALayout basis must move in at most one "
                            "dimension";
  }
  // Surjective: the bases of each dimension are 1, 2, 4, ... without gaps.
  for (auto [dim, bits] : llvm::enumerate(seen))
    if ((bits & (bits + 1)) != 0)
      return emitError() << "the CGALayout bases of dimension " << dim
                         << " must be 1, 2, 4, ... without gaps";
  return success();
}

CTAEncodingAttr CTAEncodingAttr::getDefault(MLIRContext *context,
                                            unsigned rank) {
  return get(context, rank, ArrayRef<int32_t>{});
}

CTAEncodingAttr CTAEncodingAttr::fromSplitParams(
    MLIRContext *context, ArrayRef<unsigned> CTAsPerCGA,
    ArrayRef<unsigned> CTASplitNum, ArrayRef<unsigned> CTAOrder) {
  unsigned rank = CTAOrder.size();
  SmallVector<SmallVector<int32_t>> bases;
  for (unsigned dim : CTAOrder) {
    unsigned split = CTASplitNum[dim];
    unsigned copies = CTAsPerCGA[dim] / std::max(split, 1u);
    for (unsigned s = 1; s < split; s *= 2) {
      SmallVector<int32_t> basis(rank, 0);
      basis[dim] = s;
      bases.push_back(basis);
    }
    for (unsigned c = 1; c < copies; c *= 2)
      bases.push_back(SmallVector<int32_t>(rank, 0));
  }
  return getFromBases(context, rank, bases);
}

SmallVector<SmallVector<int32_t>> CTAEncodingAttr::getBases() const {
  SmallVector<SmallVector<int32_t>> bases;
  for (unsigned i = 0, e = getNumBases(); i < e; ++i)
    bases.emplace_back(getBasis(i));
  return bases;
}

/// Number of bases per dimension as a size: a basis moving dimension d
/// doubles d; a zero basis doubles the dimension of the preceding non-zero
/// basis (dimension 0 before any) when `countCopies`, else nothing.
static SmallVector<unsigned> basesPerDim(CTAEncodingAttr layout,
                                         bool countCopies) {
  SmallVector<unsigned> sizes(layout.getRank(), 1);
  unsigned last = 0;
  for (unsigned i = 0, e = layout.getNumBases(); i < e; ++i) {
    ArrayRef<int32_t> basis = layout.getBasis(i);
    const int32_t *it = llvm::find_if(basis, [](int32_t v) { return v != 0; });
    if (it != basis.end()) {
      last = it - basis.begin();
      sizes[last] *= 2;
    } else if (countCopies) {
      sizes[last] *= 2;
    }
  }
  return sizes;
}

SmallVector<unsigned> CTAEncodingAttr::getCTAsPerCGA() const {
  return basesPerDim(*this, /*countCopies=*/true);
}

SmallVector<unsigned> CTAEncodingAttr::getCTASplitNum() const {
  return basesPerDim(*this, /*countCopies=*/false);
}

SmallVector<unsigned> CTAEncodingAttr::getCTAOrder() const {
  llvm::SetVector<unsigned> order;
  for (unsigned i = 0, e = getNumBases(); i < e; ++i) {
    ArrayRef<int32_t> basis = getBasis(i);
    const int32_t *it = llvm::find_if(basis, [](int32_t v) { return v != 0; });
    if (it != basis.end())
      order.insert(it - basis.begin());
  }
  for (unsigned d = 0, e = getRank(); d < e; ++d)
    order.insert(d);
  return order.takeVector();
}

//===----------------------------------------------------------------------===//
// Text form inside layouts
//===----------------------------------------------------------------------===//

FailureOr<CTAEncodingAttr>
mlir::triton::gpu::layout_text::parseCGALayout(AsmParser &parser, Attribute value,
                                          unsigned rank) {
  MLIRContext *ctx = parser.getContext();
  if (!value)
    return CTAEncodingAttr::getDefault(ctx, rank);
  auto array = dyn_cast<ArrayAttr>(value);
  if (!array)
    return parser.emitError(parser.getNameLoc(),
                            "expected an array of bases for 'CGALayout'");
  SmallVector<int32_t> flat;
  for (Attribute entry : array) {
    auto basis = dyn_cast<ArrayAttr>(entry);
    if (!basis)
      return parser.emitError(parser.getNameLoc(),
                              "expected each 'CGALayout' basis to be an "
                              "array of integers");
    if (basis.size() != rank)
      return parser.emitError(parser.getNameLoc())
             << "'CGALayout' basis has " << basis.size()
             << " entries, expected the layout's rank " << rank;
    for (Attribute v : basis) {
      auto intAttr = dyn_cast<IntegerAttr>(v);
      if (!intAttr)
        return parser.emitError(parser.getNameLoc(),
                                "expected integers in a 'CGALayout' basis");
      flat.push_back(intAttr.getInt());
    }
  }
  auto loc = parser.getEncodedSourceLoc(parser.getNameLoc());
  auto attr = CTAEncodingAttr::getChecked(
      [&] { return emitError(loc); }, ctx, rank, flat);
  if (!attr)
    return failure();
  return attr;
}

void mlir::triton::gpu::layout_text::printCGALayout(AsmPrinter &printer,
                                               CTAEncodingAttr layout) {
  if (layout.isDefault())
    return;
  printer << ", CGALayout = [";
  llvm::interleaveComma(llvm::seq(0u, layout.getNumBases()), printer,
                        [&](unsigned i) {
                          printer << "[";
                          llvm::interleaveComma(layout.getBasis(i), printer);
                          printer << "]";
                        });
  printer << "]";
}
