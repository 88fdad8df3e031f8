//===- SourceCheck.h - input MLIR's parser would crash on ------*- C++ -*-===//
//
// Text that makes MLIR's own parser crash rather than report, checked before
// parsing: Debian's LLVM 22 has no assertions, so where upstream would
// assert, the tools would fault.
//  - A dense array of `index` (`array<index: 1, 2>`): parseDenseArrayAttr
//    asks the element type for a bit width `index` does not have (found by
//    utils/fuzz.py, seed 62).
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_PIPELINE_SOURCECHECK_H
#define TRITON_PIPELINE_SOURCECHECK_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"

namespace mlir::triton {

/// Reports (through `context`'s diagnostics, at the offending line and
/// column of `buffer`) what MLIR's parser cannot take without crashing;
/// success when there is none. Text after `//` on a line is not looked at.
inline LogicalResult checkSourceForParser(const llvm::MemoryBuffer &buffer,
                                          MLIRContext *context) {
  llvm::StringRef text = buffer.getBuffer();
  unsigned line = 1;
  while (!text.empty()) {
    auto [current, rest] = text.split('\n');
    llvm::StringRef code = current.take_front(current.find("//"));
    for (size_t at = code.find("array<"); at != llvm::StringRef::npos;
         at = code.find("array<", at + 1)) {
      llvm::StringRef after = code.drop_front(at + 6).ltrim();
      if (!after.consume_front("index"))
        continue;
      if (!after.ltrim().starts_with(":") && !after.ltrim().starts_with(">"))
        continue;
      emitError(FileLineColLoc::get(context, buffer.getBufferIdentifier(),
                                    line, at + 1))
          << "dense arrays of 'index' are not supported (use i32 or i64)";
      return failure();
    }
    text = rest;
    ++line;
  }
  return success();
}

} // namespace mlir::triton

#endif // TRITON_PIPELINE_SOURCECHECK_H
