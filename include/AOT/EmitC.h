//===- EmitC.h - the C that triton-aot writes -------------------*- C++ -*-===//
//
// emitVariant writes one variant's header and source: the cubins, a
// per-context module table and the launcher. emitLibrary writes the linked
// header and source: per kernel family its dispatchers over hint variants,
// the algo table and the info calls. docs/aot.md describes the C API.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_AOT_EMITC_H
#define TRITON_AOT_EMITC_H

#include "AOT/Variant.h"

#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace mlir::triton::aot {

/// A generated header and source pair.
struct CFiles {
  std::string headerName;
  std::string header;
  std::string sourceName;
  std::string source;
};

/// The header and source of one variant: `<name>.<hash>_<suffix>.h/.c`.
/// `origin` (the input file) is named in the leading comment.
llvm::Expected<CFiles> emitVariant(const Variant &variant,
                                   llvm::StringRef origin);

/// The linked library `<base>.h/.c` over `variants` (as read from their
/// headers). Checks that the variants of one family share their parameters
/// and, within an algo, their grid and meta-parameters; errors name the
/// headers (`origins`, parallel to `variants`) at fault.
llvm::Expected<CFiles> emitLibrary(const std::vector<Variant> &variants,
                                   const std::vector<std::string> &origins,
                                   llvm::StringRef base);

/// Bytes as a C initializer list, 16 per line.
std::string formatByteArray(llvm::StringRef bytes);

/// `text` as a C string literal.
std::string quoteC(llvm::StringRef text);

} // namespace mlir::triton::aot

#endif // TRITON_AOT_EMITC_H
