//===- Manifest.h - a variant's description inside its header ---*- C++ -*-===//
//
// Every header `triton-aot compile` writes carries a comment block of
// `@triton-aot <key>: <value>` lines describing the variant (names, hints,
// algo, grid, targets). `triton-aot link` reads the variants back from
// them, so linking needs nothing but the headers.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_AOT_MANIFEST_H
#define TRITON_AOT_MANIFEST_H

#include "AOT/Variant.h"

#include "llvm/Support/Error.h"
#include <string>

namespace mlir::triton::aot {

/// The manifest lines of `variant` (without the enclosing comment).
std::string writeManifest(const Variant &variant);

/// Reads the manifest in `header` (the text of a generated header). The
/// targets come back without their cubins. Errors name `fileName` and the
/// line at fault.
llvm::Expected<Variant> parseManifest(llvm::StringRef header,
                                      llvm::StringRef fileName);

} // namespace mlir::triton::aot

#endif // TRITON_AOT_MANIFEST_H
