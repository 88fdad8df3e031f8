//===- GridExpr.h - launch-grid expressions of an AOT kernel ----*- C++ -*-===//
//
// `triton-aot compile --grid` takes the launch grid as up to three C
// expressions over the kernel's integer parameters ("cdiv(n, 1024), 1, 1").
// They are parsed here, so a typo or an unknown name is an error at compile
// time instead of a C compiler error in the generated code, and they are
// re-emitted as C with every parameter widened to int64_t.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_AOT_GRIDEXPR_H
#define TRITON_AOT_GRIDEXPR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <functional>
#include <string>
#include <vector>

namespace mlir::triton::aot {

/// One token of a grid expression.
struct GridToken {
  enum Kind { Identifier, Number, Punct } kind;
  std::string text;
};

/// A parsed grid expression: its tokens, checked to form one C expression
/// built from integer literals, parameter names, the functions cdiv, min
/// and max, parentheses and C's arithmetic, comparison, logical, bitwise and
/// conditional operators.
struct GridExpr {
  std::vector<GridToken> tokens;

  /// The expression as written, normalized to single spaces between tokens
  /// (for comments and metadata).
  std::string str() const;
  /// The expression as C: a parameter `p` becomes `(int64_t)(p)`, or its
  /// value when `substitute` gives one (a parameter specialized to 1), and
  /// cdiv/min/max call `<helperPrefix>cdiv` etc.
  std::string
  toC(llvm::StringRef helperPrefix,
      const std::function<std::optional<std::string>(llvm::StringRef)>
          &substitute) const;
  /// The parameter names the expression reads.
  std::vector<std::string> getParameters() const;
};

/// What a grid expression may name: the kernel's parameters, with whether
/// each is an integer (only those may appear).
struct GridParam {
  std::string name;
  bool isInteger;
};

/// Parses `text` (one expression). Errors say what is wrong and where
/// (column, 1-based).
llvm::Expected<GridExpr> parseGridExpr(llvm::StringRef text,
                                       llvm::ArrayRef<GridParam> params);

/// Splits `--grid` text at top-level commas into one to three expressions
/// and parses each; missing trailing dimensions are "1".
llvm::Expected<std::vector<GridExpr>>
parseGrid(llvm::StringRef text, llvm::ArrayRef<GridParam> params);

} // namespace mlir::triton::aot

#endif // TRITON_AOT_GRIDEXPR_H
