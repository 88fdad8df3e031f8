//===- LinearLayouts.cpp - linear, shared_linear, padded_shared layouts ---===//
#include "AttrUtils.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Tools/LayoutUtils.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::layout_text;

static constexpr StringLiteral kDistributedInDims[] = {"register", "lane",
                                                       "warp", "block"};
static constexpr StringLiteral kSharedInDims[] = {"offset", "block"};

//===----------------------------------------------------------------------===//
// Text form: `inDim = [[...], ...]` for each input dimension
//===----------------------------------------------------------------------===//

/// Reads the bases of `inDims` (each required, in this order) from `dict`
/// and builds the layout over dim0..dim<rank-1>, the rank taken from the
/// first basis.
static std::optional<LinearLayout>
parseLinearLayout(AsmParser &parser, DictionaryAttr dict,
                  ArrayRef<StringLiteral> inDims) {
  MLIRContext *ctx = parser.getContext();
  LinearLayout::BasesT bases;
  std::optional<size_t> rank;
  for (StringRef name : inDims) {
    Attribute value = dict.get(name);
    if (!value) {
      parser.emitError(parser.getNameLoc(), "expected basis of '")
          << name << "' not found";
      return std::nullopt;
    }
    auto list = dyn_cast<ArrayAttr>(value);
    if (!list) {
      parser.emitError(parser.getNameLoc(),
                       "expected array of arrays for basis of '")
          << name << "'";
      return std::nullopt;
    }
    std::vector<std::vector<int32_t>> &dimBases =
        bases[StringAttr::get(ctx, name)];
    for (Attribute entry : list) {
      auto basis = dyn_cast<ArrayAttr>(entry);
      if (!basis) {
        parser.emitError(parser.getNameLoc(),
                         "expected array of integers in basis for '")
            << name << "'";
        return std::nullopt;
      }
      std::vector<int32_t> &values = dimBases.emplace_back();
      for (Attribute v : basis) {
        auto intAttr = dyn_cast<IntegerAttr>(v);
        if (!intAttr) {
          parser.emitError(parser.getNameLoc(), "expected integer in basis "
                                                "for '")
              << name << "'";
          return std::nullopt;
        }
        values.push_back(intAttr.getInt());
      }
      if (!rank)
        rank = values.size();
    }
  }
  for (NamedAttribute entry : dict)
    if (!llvm::is_contained(inDims, entry.getName().strref())) {
      unexpectedKey(parser, entry);
      return std::nullopt;
    }
  if (!rank || *rank == 0) {
    parser.emitError(parser.getNameLoc(), "Empty Layout not supported");
    return std::nullopt;
  }
  std::string error;
  std::optional<LinearLayout> layout =
      LinearLayout::tryCreate(std::move(bases), standardOutDimNames(ctx, *rank),
                              /*requireSurjective=*/true, &error);
  if (!layout)
    parser.emitError(parser.getNameLoc(), "invalid linear layout: ") << error;
  return layout;
}

/// `register = [[0, 1], [8, 0]], lane = [...], ...` in the layout's order.
static void printLinearLayout(AsmPrinter &printer, const LinearLayout &layout) {
  llvm::interleaveComma(layout.getBases(), printer, [&](const auto &entry) {
    printer << entry.first.getValue() << " = [";
    llvm::interleaveComma(entry.second, printer,
                          [&](const std::vector<int32_t> &basis) {
                            printer << "[";
                            llvm::interleaveComma(basis, printer);
                            printer << "]";
                          });
    printer << "]";
  });
}

/// The in-dims are `expected`, in order, and the out-dims dim0, dim1, ...
static LogicalResult
verifyDimNames(function_ref<InFlightDiagnostic()> emitError,
               const LinearLayout &layout, ArrayRef<StringLiteral> expected) {
  SmallVector<StringAttr> inDims(layout.getInDimNames());
  if (inDims.size() != expected.size())
    return emitError() << "expected input dimensions "
                       << llvm::join(expected, ", ") << ", got "
                       << inDims.size();
  for (auto [i, dim] : llvm::enumerate(inDims))
    if (dim.getValue() != expected[i])
      return emitError() << "Expected input dimension " << i << " to be '"
                         << expected[i] << "'. Got " << dim;
  for (auto [i, dim] : llvm::enumerate(layout.getOutDimNames()))
    if (dim.getValue() != ("dim" + Twine(i)).str())
      return emitError()
             << "Expected output dimensions to be ['dim0', 'dim1', ...]. Got "
             << dim << " at position " << i;
  if (layout.getNumOutDims() == 0)
    return emitError() << "a linear layout needs at least one output "
                          "dimension";
  return success();
}

static bool movesAtMostOneDim(ArrayRef<int32_t> basis) {
  return llvm::count_if(basis, [](int32_t v) { return v != 0; }) <= 1;
}

/// The CTA encoding of a layout whose "block" bases are in tensor
/// coordinates: each basis divided by the size of one CTA's part.
static CTAEncodingAttr blockBasesToCTALayout(MLIRContext *ctx,
                                             const LinearLayout &layout) {
  unsigned rank = layout.getNumOutDims();
  const auto &blockBases = layout.getBases().lookup(StringAttr::get(ctx, "block"));
  SmallVector<int32_t> split(rank, 1);
  for (const std::vector<int32_t> &basis : blockBases)
    for (unsigned d = 0; d < rank; ++d)
      if (basis[d] != 0)
        split[d] *= 2;
  SmallVector<int32_t> sizes(layout.getOutDimSizes());
  SmallVector<SmallVector<int32_t>> bases;
  for (const std::vector<int32_t> &basis : blockBases) {
    SmallVector<int32_t> &cta = bases.emplace_back();
    for (unsigned d = 0; d < rank; ++d)
      cta.push_back(basis[d] / std::max(1, sizes[d] / split[d]));
  }
  return CTAEncodingAttr::getFromBases(ctx, rank, bases);
}

//===----------------------------------------------------------------------===//
// LinearEncodingAttr
//===----------------------------------------------------------------------===//

Attribute LinearEncodingAttr::parse(AsmParser &parser, Type) {
  FailureOr<DictionaryAttr> dict = parseLayoutDict(parser);
  if (failed(dict))
    return {};
  std::optional<LinearLayout> layout =
      parseLinearLayout(parser, *dict, kDistributedInDims);
  if (!layout)
    return {};
  return parser.getChecked<LinearEncodingAttr>(parser.getContext(),
                                               std::move(*layout));
}

void LinearEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{";
  printLinearLayout(printer, getLinearLayout());
  printer << "}>";
}

LogicalResult
LinearEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           LinearLayout linearLayout) {
  if (failed(verifyDimNames(emitError, linearLayout, kDistributedInDims)))
    return failure();
  for (const auto &entry : linearLayout.getBases()) {
    for (const std::vector<int32_t> &basis : entry.second) {
      if (!movesAtMostOneDim(basis))
        return emitError() << "In a distributed layout, each base must move "
                              "in at most one dimension.";
      if (entry.first.getValue() == "block" &&
          llvm::any_of(basis, [](int32_t v) {
            return v != 0 && !llvm::isPowerOf2_32(v);
          }))
        return emitError() << "block bases must be 0 or powers of two";
    }
  }
  return success();
}

CTAEncodingAttr LinearEncodingAttr::getCTALayout() const {
  return blockBasesToCTALayout(getContext(), getLinearLayout());
}

static SmallVector<unsigned>
orderOfBases(const std::vector<std::vector<int32_t>> &bases,
             ArrayRef<unsigned> defaultOrder) {
  llvm::SetVector<unsigned> order;
  for (const std::vector<int32_t> &basis : bases) {
    auto it = llvm::find_if(basis, [](int32_t v) { return v != 0; });
    if (it != basis.end())
      order.insert(it - basis.begin());
  }
  for (unsigned d : defaultOrder)
    order.insert(d);
  return order.takeVector();
}

SmallVector<unsigned> LinearEncodingAttr::basesPerDim(StringRef inDim,
                                                      bool skipBroadcast) const {
  const LinearLayout &layout = getLinearLayout();
  return countBasesPerDim(
      layout.getBases().lookup(StringAttr::get(getContext(), inDim)),
      layout.getNumOutDims(), skipBroadcast);
}

SmallVector<unsigned>
LinearEncodingAttr::orderPerDim(StringRef inDim,
                                ArrayRef<unsigned> defaultOrder) const {
  return orderOfBases(
      getLinearLayout().getBases().lookup(StringAttr::get(getContext(), inDim)),
      defaultOrder);
}

SmallVector<unsigned> LinearEncodingAttr::getOrder() const {
  SmallVector<unsigned> defaultOrder(getLinearLayout().getNumOutDims());
  std::iota(defaultOrder.rbegin(), defaultOrder.rend(), 0);
  return orderPerDim("register", defaultOrder);
}

SmallVector<unsigned> LinearEncodingAttr::getThreadOrder() const {
  return orderPerDim("lane", getOrder());
}

SmallVector<unsigned> LinearEncodingAttr::getWarpOrder() const {
  return orderPerDim("warp", getOrder());
}

SmallVector<unsigned> LinearEncodingAttr::getThreadsPerWarp() const {
  return basesPerDim("lane");
}

SmallVector<unsigned> LinearEncodingAttr::getWarpsPerCTA() const {
  return basesPerDim("warp");
}

SmallVector<unsigned> LinearEncodingAttr::getSizePerThread() const {
  // Strip trailing register bases that only repeat the CTA tile: the last
  // basis doubling the tile along its dimension, walking back while the
  // dimension stays the same.
  const LinearLayout &layout = getLinearLayout();
  size_t rank = layout.getNumOutDims();
  SmallVector<unsigned> split = getCTALayout().getCTASplitNum();
  SmallVector<int64_t> tile;
  for (auto [size, n] : llvm::zip(layout.getOutDimSizes(), split))
    tile.push_back(size / n);
  std::vector<std::vector<int32_t>> registers =
      layout.getBases().lookup(StringAttr::get(getContext(), "register"));
  std::optional<unsigned> repDim;
  while (!registers.empty()) {
    const std::vector<int32_t> &basis = registers.back();
    auto it = llvm::find_if(basis, [](int32_t v) { return v != 0; });
    if (it == basis.end())
      break;
    unsigned dim = it - basis.begin();
    if ((repDim && dim != *repDim) || 2 * basis[dim] != tile[dim])
      break;
    repDim = dim;
    tile[dim] /= 2;
    registers.pop_back();
  }
  return countBasesPerDim(registers, rank, /*skipBroadcast=*/true);
}

LinearLayout LinearEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return fitLinearEncoding(getLinearLayout(), shape);
}

SmallVector<unsigned> LinearEncodingAttr::getRepOrder() const {
  return getOrder();
}

SmallVector<unsigned>
LinearEncodingAttr::getElemsPerThread(ArrayRef<int64_t> shape) const {
  LinearLayout fitted = toLinearLayout(shape);
  return countBasesPerDim(
      fitted.getBases().lookup(StringAttr::get(getContext(), "register")),
      fitted.getNumOutDims(), /*skipBroadcast=*/false);
}

//===----------------------------------------------------------------------===//
// SharedLinearEncodingAttr
//===----------------------------------------------------------------------===//

Attribute SharedLinearEncodingAttr::parse(AsmParser &parser, Type) {
  DictionaryAttr dict;
  unsigned alignment = 0;
  if (parser.parseLess() || parser.parseAttribute(dict))
    return {};
  if (dict.get("alignment")) {
    parser.emitError(parser.getNameLoc(), "alignment must be specified "
                                          "outside of the linear layout "
                                          "braces");
    return {};
  }
  if (parser.parseComma() || parser.parseKeyword("alignment") ||
      parser.parseEqual() || parser.parseInteger(alignment) ||
      parser.parseGreater())
    return {};
  // `block` may be left out when the layout has one CTA.
  NamedAttrList entries(dict.getValue());
  if (!entries.get("block"))
    entries.append("block", ArrayAttr::get(parser.getContext(), {}));
  std::optional<LinearLayout> layout = parseLinearLayout(
      parser, entries.getDictionary(parser.getContext()), kSharedInDims);
  if (!layout)
    return {};
  return parser.getChecked<SharedLinearEncodingAttr>(
      parser.getContext(), std::move(*layout), alignment);
}

void SharedLinearEncodingAttr::print(AsmPrinter &printer) const {
  const LinearLayout &layout = getLinearLayout();
  StringAttr kBlock = StringAttr::get(getContext(), "block");
  printer << "<{";
  if (layout.getInDimSize(kBlock) == 1) {
    // One CTA: the block bases are left out.
    StringAttr kOffset = StringAttr::get(getContext(), "offset");
    LinearLayout::BasesT offsets;
    offsets[kOffset] = layout.getBases().lookup(kOffset);
    printLinearLayout(printer, LinearLayout(std::move(offsets),
                                            layout.getOutDims(),
                                            /*requireSurjective=*/false));
  } else {
    printLinearLayout(printer, layout);
  }
  printer << "}, alignment = " << getLayoutAlignment() << ">";
}

LogicalResult SharedLinearEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, LinearLayout linearLayout,
    unsigned layoutAlignment) {
  if (layoutAlignment == 0 || !llvm::isPowerOf2_32(layoutAlignment))
    return emitError() << "alignment must be a positive power of two";
  if (failed(verifyDimNames(emitError, linearLayout, kSharedInDims)))
    return failure();
  if (!linearLayout.isSurjective())
    return emitError() << "The layout must be surjective";
  // Without its duplicating (zero) bases the layout is a bijection: every
  // element has one place in the buffer.
  LinearLayout::BasesT bases;
  for (const auto &entry : linearLayout.getBases()) {
    std::vector<std::vector<int32_t>> &kept = bases[entry.first];
    for (const std::vector<int32_t> &basis : entry.second)
      if (llvm::any_of(basis, [](int32_t v) { return v != 0; }))
        kept.push_back(basis);
    if (entry.first.getValue() == "block" &&
        llvm::any_of(entry.second, [](const std::vector<int32_t> &basis) {
          return !movesAtMostOneDim(basis) ||
                 llvm::any_of(basis, [](int32_t v) {
                   return v != 0 && !llvm::isPowerOf2_32(v);
                 });
        }))
      return emitError() << "block bases must move one dimension by a power "
                            "of two";
  }
  std::optional<LinearLayout> withoutZeros = LinearLayout::tryCreate(
      std::move(bases),
      SmallVector<std::pair<StringAttr, int32_t>>(linearLayout.getOutDims()),
      /*requireSurjective=*/false);
  if (!withoutZeros || !withoutZeros->isInvertible())
    return emitError()
           << "After removing the zero bases the layout must be bijective";
  return success();
}

int32_t SharedLinearEncodingAttr::getAlignment() const {
  return getLayoutAlignment();
}

CTAEncodingAttr SharedLinearEncodingAttr::getCTALayout() const {
  return blockBasesToCTALayout(getContext(), getLinearLayout());
}

SmallVector<unsigned> SharedLinearEncodingAttr::getOrder() const {
  const LinearLayout &layout = getLinearLayout();
  SmallVector<unsigned> defaultOrder(layout.getNumOutDims());
  std::iota(defaultOrder.rbegin(), defaultOrder.rend(), 0);
  return orderOfBases(
      layout.getBases().lookup(StringAttr::get(getContext(), "offset")),
      defaultOrder);
}

//===----------------------------------------------------------------------===//
// PaddedSharedEncodingAttr
//===----------------------------------------------------------------------===//

/// The layout from "offset" (and an empty "block") that walks `shape`
/// fastest along order[0], then order[1], ...
static LinearLayout identityPaddedComponent(MLIRContext *ctx,
                                            ArrayRef<unsigned> shape,
                                            ArrayRef<unsigned> order) {
  LinearLayout::BasesT bases;
  std::vector<std::vector<int32_t>> &offsets =
      bases[StringAttr::get(ctx, "offset")];
  for (unsigned dim : order)
    for (unsigned bit = 1; bit < shape[dim]; bit *= 2) {
      std::vector<int32_t> basis(shape.size(), 0);
      basis[dim] = bit;
      offsets.push_back(std::move(basis));
    }
  bases[StringAttr::get(ctx, "block")] = {};
  SmallVector<std::pair<StringAttr, int32_t>> outDims;
  for (auto [d, size] : llvm::enumerate(shape))
    outDims.push_back({StringAttr::get(ctx, "dim" + Twine(d)), int32_t(size)});
  return LinearLayout(std::move(bases), outDims, /*requireSurjective=*/true);
}

Attribute PaddedSharedEncodingAttr::parse(AsmParser &parser, Type) {
  MLIRContext *ctx = parser.getContext();
  // <[interval:+padding, ...] {...}>
  SmallVector<unsigned> intervals, paddings;
  auto parsePair = [&]() -> ParseResult {
    unsigned interval = 0, padding = 0;
    if (parser.parseInteger(interval) || parser.parseColon() ||
        parser.parsePlus() || parser.parseInteger(padding))
      return failure();
    intervals.push_back(interval);
    paddings.push_back(padding);
    return success();
  };
  DictionaryAttr dict;
  if (parser.parseLess() || parser.parseLSquare() ||
      parser.parseCommaSeparatedList(parsePair) || parser.parseRSquare() ||
      parser.parseAttribute(dict))
    return {};
  std::optional<LinearLayout> layout;
  if (dict.get("offset") || dict.get("block")) {
    // The bases: {offset = [...], block = [...]} (block may be left out).
    NamedAttrList entries(dict.getValue());
    if (!entries.get("block"))
      entries.append("block", ArrayAttr::get(ctx, {}));
    layout =
        parseLinearLayout(parser, entries.getDictionary(ctx), kSharedInDims);
  } else {
    // The identity of {order = [...], shape = [...]}.
    SmallVector<unsigned> order, shape;
    for (NamedAttribute entry : dict) {
      if (entry.getName() == "order") {
        if (failed(parseUIntArray(parser, entry, order)))
          return {};
      } else if (entry.getName() == "shape") {
        if (failed(parseUIntArray(parser, entry, shape)))
          return {};
      } else {
        unexpectedKey(parser, entry);
        return {};
      }
    }
    if (order.size() != shape.size() || shape.empty()) {
      parser.emitError(parser.getNameLoc(),
                       "Mismatch of shape and order ranks in padded layout");
      return {};
    }
    if (!isPermutation(order) ||
        !llvm::all_of(shape,
                      [](unsigned s) { return llvm::isPowerOf2_32(s); })) {
      parser.emitError(parser.getNameLoc(),
                       "padded layout needs a permutation order and a "
                       "power-of-two shape");
      return {};
    }
    layout = identityPaddedComponent(ctx, shape, order);
  }
  if (!layout || parser.parseGreater())
    return {};
  return parser.getChecked<PaddedSharedEncodingAttr>(
      ctx, ArrayRef<unsigned>(intervals), ArrayRef<unsigned>(paddings),
      std::move(*layout));
}

void PaddedSharedEncodingAttr::print(AsmPrinter &printer) const {
  MLIRContext *ctx = getContext();
  const LinearLayout &layout = getLinearComponent();
  printer << "<[";
  llvm::interleaveComma(llvm::zip(getIntervals(), getPaddings()), printer,
                        [&](auto pair) {
                          printer << std::get<0>(pair) << ":+"
                                  << std::get<1>(pair);
                        });
  printer << "] {";
  // The short form when the layout is one CTA's identity in some order.
  SmallVector<unsigned> shape;
  for (int32_t size : layout.getOutDimSizes())
    shape.push_back(size);
  SmallVector<unsigned> order = getOrder();
  if (layout == identityPaddedComponent(ctx, shape, order)) {
    printer << "order = [" << ArrayRef<unsigned>(order) << "], shape = ["
            << ArrayRef<unsigned>(shape) << "]";
  } else {
    printLinearLayout(printer, layout);
  }
  printer << "}>";
}

LogicalResult PaddedSharedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, ArrayRef<unsigned> intervals,
    ArrayRef<unsigned> paddings, LinearLayout linearComponent) {
  if (intervals.size() != paddings.size())
    return emitError() << "intervals size (" << intervals.size()
                       << ") must match paddings size (" << paddings.size()
                       << ")";
  if (intervals.empty())
    return emitError() << "must have at least one interval-padding pair";
  if (!llvm::all_of(intervals, llvm::isPowerOf2_32))
    return emitError() << "interval values must all be power of two";
  if (!llvm::all_of(paddings, llvm::isPowerOf2_32))
    return emitError() << "padding values must all be power of two";
  if (llvm::SmallSet<unsigned, 4>(intervals.begin(), intervals.end()).size() !=
      intervals.size())
    return emitError() << "interval values cannot have duplicates";
  if (failed(verifyDimNames(emitError, linearComponent, kSharedInDims)))
    return failure();
  if (!linearComponent.isInvertible())
    return emitError() << "Broadcasting is not supported.";
  for (const auto &entry : linearComponent.getBases())
    for (const std::vector<int32_t> &basis : entry.second) {
      if (!movesAtMostOneDim(basis))
        return emitError()
               << "Each offset basis must move in at most one dimension.";
      if (llvm::any_of(basis, [](int32_t v) {
            return v != 0 && !llvm::isPowerOf2_32(v);
          }))
        return emitError() << "Each offset basis must be 0 or a power of two.";
    }
  return success();
}

CTAEncodingAttr PaddedSharedEncodingAttr::getCTALayout() const {
  return blockBasesToCTALayout(getContext(), getLinearComponent());
}

SmallVector<unsigned> PaddedSharedEncodingAttr::getOrder() const {
  const LinearLayout &layout = getLinearComponent();
  SmallVector<unsigned> defaultOrder(layout.getNumOutDims());
  std::iota(defaultOrder.rbegin(), defaultOrder.rend(), 0);
  return orderOfBases(
      layout.getBases().lookup(StringAttr::get(getContext(), "offset")),
      defaultOrder);
}

int64_t PaddedSharedEncodingAttr::getPaddedSize(ArrayRef<int64_t> shape) const {
  int64_t size = 1;
  for (int64_t s : shape)
    size *= s;
  int64_t padding = 0;
  for (auto [interval, pad] : llvm::zip_equal(getIntervals(), getPaddings())) {
    padding += (size / interval) * pad;
    // No padding after the last element.
    if (size % interval == 0)
      padding -= pad;
  }
  return size + padding;
}

unsigned PaddedSharedEncodingAttr::getMaxVectorElements() const {
  unsigned limit = ~0u;
  for (unsigned v : getIntervals())
    limit = std::min(limit, v);
  for (unsigned v : getPaddings())
    limit = std::min(limit, v);
  return limit;
}
