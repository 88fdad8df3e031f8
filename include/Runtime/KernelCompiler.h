//===- KernelCompiler.h - the runtime's pluggable compiler ------*- C++ -*-===//
//
// The runtime core does not link the compiler. It compiles through this
// interface, which TritonRuntimeCompiler implements with the project's
// compiler (Runtime/TritonCompilerBackend.h). A runtime without one is in
// cache-only mode: it loads precompiled cubins from the disk cache and still
// tunes among them.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_RUNTIME_KERNELCOMPILER_H
#define TRITON_RUNTIME_KERNELCOMPILER_H

#include "Runtime/Status.h"

#include <string>

namespace triton::runtime {

/// What the runtime asks a compiler to build: one variant of a family.
struct CompileJob {
  /// The kernel's IR text (TTIR as Triton 3.6 prints it, or TTGIR).
  std::string source;
  /// Names the source in diagnostics (a file name or the variant's label).
  std::string sourceName;
  int numWarps = 4;
  int numStages = 3;
  int numCtas = 1;
  /// Compute capability times ten (90: sm_90a).
  int computeCapability = 90;
};

/// What a compiler hands back.
struct CompiledBinary {
  /// The ELF image (cubin).
  std::string cubin;
  /// The `<kernel>.json` metadata text (docs/target.md).
  std::string metadataJson;
  /// Compiler messages worth keeping (ptxas -v); may be empty.
  std::string log;
};

/// A compiler the runtime can call from several threads at once.
class KernelCompiler {
public:
  virtual ~KernelCompiler() = default;
  /// Compiles `job`; a failure's message holds the diagnostics.
  virtual Result<CompiledBinary> compile(const CompileJob &job) = 0;
  /// A string that changes whenever the output may change (project version,
  /// commit, LLVM version). Part of every cache key.
  virtual std::string getVersion() const = 0;
};

} // namespace triton::runtime

#endif // TRITON_RUNTIME_KERNELCOMPILER_H
