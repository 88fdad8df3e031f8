//===- LinearLayout.cpp - construction, queries, reshapes, products -------===//
#include "Tools/LinearLayout.h"
#include "LinearLayoutUtils.h"
#include "Tools/LinearAlgebraF2.h"

#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lldetail;

//===----------------------------------------------------------------------===//
// Shared helpers (LinearLayoutUtils.h)
//===----------------------------------------------------------------------===//

void lldetail::fatal(const Twine &message) {
  llvm::report_fatal_error("LinearLayout: " + message);
}

std::string lldetail::joinNames(ArrayRef<StringAttr> names) {
  std::string ret = "[";
  for (auto [i, name] : llvm::enumerate(names)) {
    if (i)
      ret += ", ";
    ret += name.str();
  }
  return ret + "]";
}

bool lldetail::sameNameSet(ArrayRef<StringAttr> a, ArrayRef<StringAttr> b) {
  if (a.size() != b.size())
    return false;
  llvm::SmallDenseSet<StringAttr> set(a.begin(), a.end());
  return set.size() == a.size() &&
         llvm::all_of(b, [&](StringAttr name) { return set.contains(name); });
}

std::vector<int32_t>
lldetail::splitFlat(uint64_t flat,
                    ArrayRef<std::pair<StringAttr, int32_t>> dims) {
  std::vector<int32_t> ret;
  for (auto [name, size] : dims) {
    unsigned bits = llvm::Log2_32(size);
    ret.push_back(int32_t(flat & ((uint64_t(1) << bits) - 1)));
    flat >>= bits;
  }
  return ret;
}

LinearLayout
lldetail::fromFlatColumns(ArrayRef<std::pair<StringAttr, int32_t>> inDims,
                          ArrayRef<std::pair<StringAttr, int32_t>> outDims,
                          ArrayRef<uint64_t> columns) {
  LinearLayout::BasesT bases;
  unsigned c = 0;
  for (auto [name, size] : inDims) {
    auto &dimBases = bases[name];
    for (unsigned i = 0, e = llvm::Log2_32(size); i < e; ++i)
      dimBases.push_back(splitFlat(columns[c++], outDims));
  }
  if (c != columns.size())
    fatal("fromFlatColumns: column count does not match the input sizes");
  return LinearLayout(std::move(bases), outDims, /*requireSurjective=*/false);
}

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

LinearLayout::LinearLayout(BasesT bases,
                           ArrayRef<std::pair<StringAttr, int32_t>> outDims,
                           NoChecks)
    : bases(std::move(bases)) {
  for (auto [name, size] : outDims)
    this->outDims[name] = size;
}

static std::optional<SmallVector<std::pair<StringAttr, int32_t>>>
inferOutDims(const LinearLayout::BasesT &bases,
             ArrayRef<StringAttr> outDimNames, std::string *error) {
  SmallVector<std::pair<StringAttr, int32_t>> outDims;
  for (StringAttr name : outDimNames)
    outDims.push_back({name, 1});
  for (const auto &[inDim, dimBases] : bases) {
    for (const auto &basis : dimBases) {
      if (basis.size() != outDimNames.size()) {
        if (error)
          *error = "basis of in-dim '" + inDim.str() + "' has " +
                   std::to_string(basis.size()) + " values, expected " +
                   std::to_string(outDimNames.size()) + " (one per out-dim)";
        return std::nullopt;
      }
      for (auto [i, value] : llvm::enumerate(basis)) {
        if (value < 0 || value >= (1 << 30)) {
          if (error)
            *error = "basis value " + std::to_string(value) + " of in-dim '" +
                     inDim.str() + "' is out of range [0, 2^30)";
          return std::nullopt;
        }
        outDims[i].second = std::max<int32_t>(
            outDims[i].second, int32_t(llvm::NextPowerOf2(uint64_t(value))));
      }
    }
  }
  return outDims;
}

std::optional<LinearLayout>
LinearLayout::tryCreate(BasesT bases,
                        ArrayRef<std::pair<StringAttr, int32_t>> outDims,
                        bool requireSurjective, std::string *error) {
  LinearLayout layout(std::move(bases), outDims, NoChecks{});
  if (layout.outDims.size() != outDims.size()) {
    if (error)
      *error = "duplicate out-dim name";
    return std::nullopt;
  }
  if (std::optional<std::string> message =
          layout.verifyAndComputeRank(requireSurjective)) {
    if (error)
      *error = std::move(*message);
    return std::nullopt;
  }
  return layout;
}

std::optional<LinearLayout>
LinearLayout::tryCreate(BasesT bases, ArrayRef<StringAttr> outDimNames,
                        bool requireSurjective, std::string *error) {
  auto outDims = inferOutDims(bases, outDimNames, error);
  if (!outDims)
    return std::nullopt;
  return tryCreate(std::move(bases), *outDims, requireSurjective, error);
}

LinearLayout::LinearLayout(BasesT bases, ArrayRef<StringAttr> outDimNames) {
  std::string error;
  auto layout = tryCreate(std::move(bases), outDimNames,
                          /*requireSurjective=*/true, &error);
  if (!layout)
    fatal(error);
  *this = std::move(*layout);
}

LinearLayout::LinearLayout(BasesT bases,
                           ArrayRef<std::pair<StringAttr, int32_t>> outDims,
                           bool requireSurjective) {
  std::string error;
  auto layout = tryCreate(std::move(bases), outDims, requireSurjective, &error);
  if (!layout)
    fatal(error);
  *this = std::move(*layout);
}

static LinearLayout::BasesT toBasesMap(
    ArrayRef<std::pair<StringAttr, std::vector<std::vector<int32_t>>>> bases) {
  LinearLayout::BasesT ret;
  for (const auto &[inDim, dimBases] : bases) {
    if (ret.contains(inDim))
      fatal("duplicate in-dim '" + inDim.str() + "'");
    ret[inDim] = dimBases;
  }
  return ret;
}

LinearLayout::LinearLayout(
    ArrayRef<std::pair<StringAttr, std::vector<std::vector<int32_t>>>> bases,
    ArrayRef<StringAttr> outDimNames)
    : LinearLayout(toBasesMap(bases), outDimNames) {}

LinearLayout::LinearLayout(
    ArrayRef<std::pair<StringAttr, std::vector<std::vector<int32_t>>>> bases,
    ArrayRef<std::pair<StringAttr, int32_t>> outDims, bool requireSurjective)
    : LinearLayout(toBasesMap(bases), outDims, requireSurjective) {}

std::optional<std::string>
LinearLayout::verifyAndComputeRank(bool requireSurjective) {
  int totalOutBits = 0;
  for (const auto &[name, size] : outDims) {
    if (size <= 0 || !llvm::isPowerOf2_32(size))
      return "size " + std::to_string(size) + " of out-dim '" + name.str() +
             "' is not a power of two";
    totalOutBits += llvm::Log2_32(size);
  }
  int totalInBits = 0;
  for (const auto &[inDim, dimBases] : bases) {
    totalInBits += dimBases.size();
    for (const auto &basis : dimBases) {
      if (basis.size() != outDims.size())
        return "basis of in-dim '" + inDim.str() + "' has " +
               std::to_string(basis.size()) + " values, expected " +
               std::to_string(outDims.size()) + " (one per out-dim)";
      for (auto [value, outDim] : llvm::zip(basis, outDims)) {
        if (value < 0 || value >= outDim.second)
          return "basis value " + std::to_string(value) + " of in-dim '" +
                 inDim.str() + "' is out of range for out-dim '" +
                 outDim.first.str() + "' of size " +
                 std::to_string(outDim.second);
      }
    }
  }
  if (totalInBits > 64 || totalOutBits > 64)
    return "layout too large: more than 2^64 inputs or outputs";
  rank = f2::rank(getMatrix(*this), totalInBits);
  if (requireSurjective && rank != totalOutBits)
    return "layout is not surjective: its bases span 2^" +
           std::to_string(rank) + " of the 2^" + std::to_string(totalOutBits) +
           " outputs";
  return std::nullopt;
}

LinearLayout LinearLayout::strided1D(int32_t size, int32_t stride,
                                     StringAttr inDim, StringAttr outDim) {
  if (size == 0)
    return empty();
  if (size < 0 || !llvm::isPowerOf2_32(size) || stride <= 0 ||
      !llvm::isPowerOf2_32(stride))
    fatal("strided1D: size and stride must be powers of two");
  std::vector<std::vector<int32_t>> dimBases;
  for (int64_t v = stride; v < int64_t(size) * stride; v *= 2)
    dimBases.push_back({int32_t(v)});
  return LinearLayout({{inDim, std::move(dimBases)}},
                      {{outDim, int32_t(int64_t(size) * stride)}},
                      /*requireSurjective=*/stride == 1);
}

LinearLayout LinearLayout::zeros1D(int32_t size, StringAttr inDim,
                                   StringAttr outDim, int32_t outDimSize) {
  if (size == 0)
    return empty();
  if (size < 0 || !llvm::isPowerOf2_32(size))
    fatal("zeros1D: size must be a power of two");
  std::vector<std::vector<int32_t>> dimBases(llvm::Log2_32(size),
                                             std::vector<int32_t>{0});
  return LinearLayout({{inDim, std::move(dimBases)}}, {{outDim, outDimSize}},
                      /*requireSurjective=*/false);
}

SmallVector<uint64_t> mlir::triton::getMatrix(const LinearLayout &layout) {
  SmallVector<uint64_t> rows(layout.getTotalOutDimSizeLog2(), 0);
  unsigned rowBase = 0;
  for (auto [outIdx, outDim] : llvm::enumerate(layout.getOutDimNames())) {
    unsigned col = 0;
    for (const auto &[inDim, dimBases] : layout.getBases()) {
      for (const auto &basis : dimBases) {
        uint64_t value = basis[outIdx];
        for (unsigned bit = 0; value >> bit; ++bit)
          if ((value >> bit) & 1)
            rows[rowBase + bit] |= uint64_t(1) << col;
        ++col;
      }
    }
    rowBase += layout.getOutDimSizeLog2(outDim);
  }
  return rows;
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

ArrayRef<int32_t> LinearLayout::getBasis(StringAttr inDim, int32_t pos) const {
  auto it = bases.find(inDim);
  if (it == bases.end() || pos < 0 || size_t(pos) >= it->second.size())
    fatal("getBasis: no basis " + Twine(pos) + " for in-dim '" + inDim.str() +
          "'");
  return it->second[pos];
}

int32_t LinearLayout::getBasis(StringAttr inDim, int32_t pos,
                               StringAttr outDim) const {
  return getBasis(inDim, pos)[getOutDimIndex(outDim)];
}

LinearLayout::DimValues LinearLayout::getInDims() const {
  DimValues ret;
  for (const auto &[name, dimBases] : bases)
    ret.push_back({name, int32_t(1) << dimBases.size()});
  return ret;
}

LinearLayout::DimValues LinearLayout::getOutDims() const {
  return DimValues(outDims.begin(), outDims.end());
}

int32_t LinearLayout::getOutDimIndex(StringAttr outDim) const {
  auto it = outDims.find(outDim);
  if (it == outDims.end())
    fatal("out-dim '" + outDim.str() + "' is not in the layout");
  return it - outDims.begin();
}

int32_t LinearLayout::getInDimSizeLog2(StringAttr inDim) const {
  auto it = bases.find(inDim);
  if (it == bases.end())
    fatal("in-dim '" + inDim.str() + "' is not in the layout");
  return it->second.size();
}

int32_t LinearLayout::getTotalInDimSizeLog2() const {
  int32_t total = 0;
  for (const auto &entry : bases)
    total += entry.second.size();
  return total;
}

int32_t LinearLayout::getOutDimSizeLog2(StringAttr outDim) const {
  auto it = outDims.find(outDim);
  if (it == outDims.end())
    fatal("out-dim '" + outDim.str() + "' is not in the layout");
  return llvm::Log2_32(it->second);
}

int32_t LinearLayout::getTotalOutDimSizeLog2() const {
  int32_t total = 0;
  for (const auto &entry : outDims)
    total += llvm::Log2_32(entry.second);
  return total;
}

int32_t LinearLayout::getNumConsecutiveInOut() const {
  if (bases.empty() || outDims.empty())
    return 1;
  // Leading bases of the first in-dim that are (2^i, 0, ..., 0).
  const auto &first = bases.begin()->second;
  unsigned consecutive = 0;
  while (consecutive < first.size()) {
    const auto &basis = first[consecutive];
    if (basis[0] != (1 << consecutive) ||
        llvm::any_of(llvm::drop_begin(basis), [](int32_t v) { return v; }))
      break;
    ++consecutive;
  }
  // Every other basis must leave those low bits of the first out-dim alone.
  int32_t otherBits = 0;
  for (auto [dimIdx, entry] : llvm::enumerate(bases))
    for (auto [i, basis] : llvm::enumerate(entry.second))
      if (dimIdx != 0 || i >= consecutive)
        otherBits |= basis[0];
  unsigned limit = otherBits ? llvm::countr_zero(uint32_t(otherBits)) : 31;
  return 1 << std::min(consecutive, limit);
}

bool LinearLayout::sublayoutIsZero(ArrayRef<StringAttr> inDimNames,
                                   ArrayRef<StringAttr> outDimNames) const {
  LinearLayout sub = sublayout(inDimNames, outDimNames);
  for (const auto &entry : sub.bases)
    for (const auto &basis : entry.second)
      if (llvm::any_of(basis, [](int32_t v) { return v != 0; }))
        return false;
  return true;
}

bool LinearLayout::squareSublayoutIsIdentity(
    ArrayRef<StringAttr> dimNames) const {
  for (StringAttr dim : dimNames) {
    if (!hasInDim(dim) || !hasOutDim(dim) ||
        getInDimSize(dim) != getOutDimSize(dim))
      return false;
    for (int32_t i = 0, e = getInDimSizeLog2(dim); i < e; ++i)
      for (StringAttr out : dimNames)
        if (getBasis(dim, i, out) != (out == dim ? 1 << i : 0))
          return false;
  }
  return true;
}

template <typename Range>
static SmallVector<StringAttr> namesExcept(Range &&names,
                                           ArrayRef<StringAttr> excluded) {
  SmallVector<StringAttr> ret;
  for (StringAttr name : names)
    if (!llvm::is_contained(excluded, name))
      ret.push_back(name);
  return ret;
}

bool LinearLayout::isTrivialOver(ArrayRef<StringAttr> dimNames) const {
  if (!squareSublayoutIsIdentity(dimNames))
    return false;
  SmallVector<StringAttr> otherIns = namesExcept(getInDimNames(), dimNames);
  SmallVector<StringAttr> otherOuts = namesExcept(getOutDimNames(), dimNames);
  return sublayoutIsZero(otherIns, dimNames) &&
         sublayoutIsZero(dimNames, otherOuts);
}

//===----------------------------------------------------------------------===//
// Evaluation
//===----------------------------------------------------------------------===//

LinearLayout::DimValues
LinearLayout::apply(ArrayRef<std::pair<StringAttr, int32_t>> ins) const {
  SmallVector<StringAttr> names = llvm::to_vector(llvm::make_first_range(ins));
  if (!sameNameSet(names, llvm::to_vector(getInDimNames())))
    fatal("apply: inputs " + joinNames(names) + " do not match in-dims " +
          joinNames(llvm::to_vector(getInDimNames())));
  SmallVector<int32_t> result(outDims.size(), 0);
  for (auto [inDim, value] : ins) {
    const auto &dimBases = bases.find(inDim)->second;
    if (value < 0 || (uint64_t(value) >> dimBases.size()) != 0)
      fatal("apply: value " + Twine(value) + " out of range for in-dim '" +
            inDim.str() + "'");
    for (auto [i, basis] : llvm::enumerate(dimBases))
      if ((value >> i) & 1)
        for (auto [r, b] : llvm::zip(result, basis))
          r ^= b;
  }
  DimValues ret;
  for (auto [name, value] : llvm::zip(getOutDimNames(), result))
    ret.push_back({name, value});
  return ret;
}

uint64_t LinearLayout::applyFlat(uint64_t flatIn) const {
  int32_t inBits = getTotalInDimSizeLog2();
  if (inBits < 64 && (flatIn >> inBits) != 0)
    fatal("applyFlat: index out of range");
  SmallVector<uint64_t> shifts;
  uint64_t shift = 0;
  for (const auto &entry : outDims) {
    shifts.push_back(shift);
    shift += llvm::Log2_32(entry.second);
  }
  uint64_t result = 0;
  unsigned col = 0;
  for (const auto &entry : bases) {
    for (const auto &basis : entry.second) {
      if ((flatIn >> col) & 1)
        for (auto [value, s] : llvm::zip(basis, shifts))
          result ^= uint64_t(value) << s;
      ++col;
    }
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Equality, hashing, printing
//===----------------------------------------------------------------------===//

bool LinearLayout::equalIgnoringOutDimSizes(const LinearLayout &other) const {
  if (!llvm::equal(getOutDimNames(), other.getOutDimNames()) ||
      bases.size() != other.bases.size())
    return false;
  for (auto [a, b] : llvm::zip(bases, other.bases))
    if (a.first != b.first || a.second != b.second)
      return false;
  return true;
}

bool mlir::triton::operator==(const LinearLayout &lhs,
                              const LinearLayout &rhs) {
  return lhs.equalIgnoringOutDimSizes(rhs) &&
         llvm::equal(lhs.getOutDimSizes(), rhs.getOutDimSizes());
}

llvm::hash_code mlir::triton::hash_value(const LinearLayout &layout) {
  llvm::hash_code seed = llvm::hash_value(layout.getNumInDims());
  for (const auto &[inDim, dimBases] : layout.getBases()) {
    seed = llvm::hash_combine(seed, inDim);
    for (const auto &basis : dimBases)
      seed = llvm::hash_combine(
          seed, llvm::hash_combine_range(basis.begin(), basis.end()));
  }
  for (auto [name, size] : layout.getOutDims())
    seed = llvm::hash_combine(seed, name, size);
  return seed;
}

std::string LinearLayout::toString() const {
  std::string outs = "[";
  for (auto [i, entry] : llvm::enumerate(outDims)) {
    if (i)
      outs += ", ";
    outs += entry.first.str() + " (size " + std::to_string(entry.second) + ")";
  }
  outs += "]";
  if (bases.empty())
    return outDims.empty() ? "\n(empty layout)"
                           : "\n(empty layout with out-dims " + outs + ")";
  std::string ret = "\n";
  for (const auto &[inDim, dimBases] : bases) {
    if (dimBases.empty()) {
      ret += " - " + inDim.str() + " is a size 1 dimension\n";
      continue;
    }
    for (auto [i, basis] : llvm::enumerate(dimBases)) {
      ret += i ? "   " : " - ";
      ret += inDim.str() + "=" + std::to_string(1 << i) + " -> (";
      for (auto [j, value] : llvm::enumerate(basis))
        ret += (j ? ", " : "") + std::to_string(value);
      ret += ")\n";
    }
  }
  return ret + "where out dims are: " + outs;
}
