//===- LinearLayoutUtils.h - helpers shared by the LinearLayout files ----===//
#ifndef TRITON_LIB_TOOLS_LINEARLAYOUTUTILS_H
#define TRITON_LIB_TOOLS_LINEARLAYOUTUTILS_H

#include "Tools/LinearLayout.h"

#include "llvm/ADT/Twine.h"

namespace mlir::triton::lldetail {

/// Reports misuse of the LinearLayout API (a broken precondition).
[[noreturn]] void fatal(const llvm::Twine &message);

/// "[a, b, c]".
std::string joinNames(ArrayRef<StringAttr> names);

/// Whether `a` and `b` hold the same names, each once, in any order.
bool sameNameSet(ArrayRef<StringAttr> a, ArrayRef<StringAttr> b);

/// Splits a flat index (dims minor to major, sizes powers of two) into one
/// value per dimension.
std::vector<int32_t> splitFlat(uint64_t flat,
                               ArrayRef<std::pair<StringAttr, int32_t>> dims);

/// The layout with the given in/out dims whose input bit c maps to the flat
/// output index columns[c]. Need not be surjective.
LinearLayout fromFlatColumns(ArrayRef<std::pair<StringAttr, int32_t>> inDims,
                             ArrayRef<std::pair<StringAttr, int32_t>> outDims,
                             ArrayRef<uint64_t> columns);

} // namespace mlir::triton::lldetail

#endif // TRITON_LIB_TOOLS_LINEARLAYOUTUTILS_H
