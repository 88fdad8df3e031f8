//===- Ptxas.h - PTX to cubin by running ptxas ------------------*- C++ -*-===//
#ifndef TRITON_TARGET_PTXAS_H
#define TRITON_TARGET_PTXAS_H

#include "Pipeline/CompileOptions.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace mlir::triton {

/// Where CUDA keeps ptxas when no path is given.
inline constexpr const char *kDefaultPtxasPath = "/usr/local/cuda/bin/ptxas";

/// The ptxas to run: `options.ptxasPath`, else $TRITON_PTXAS_PATH, else
/// kDefaultPtxasPath when it exists, else `ptxas` on PATH. An error names
/// every place looked at.
llvm::Expected<std::string> findPtxas(const CompileOptions &options);

/// Triton's ptxas command line: `ptxas -lineinfo -v --gpu-name=<arch>
/// [--fmad=false] <ptxFile> -o <cubinFile>` (argv[0] is `ptxas`).
std::vector<std::string> getPtxasCommand(llvm::StringRef ptxas,
                                         const CompileOptions &options,
                                         llvm::StringRef ptxFile,
                                         llvm::StringRef cubinFile);

/// What ptxas produced.
struct Cubin {
  /// The ELF image.
  std::string binary;
  /// ptxas's output (-v: registers, shared memory, spills).
  std::string log;
};

/// Assembles `ptx` into a cubin through temporary files. On failure the
/// error holds ptxas's log and the command line that reproduces it; the
/// .ptx file is kept then and its path is part of that command.
llvm::Expected<Cubin> compilePTXToCubin(llvm::StringRef ptx,
                                        const CompileOptions &options);

} // namespace mlir::triton

#endif // TRITON_TARGET_PTXAS_H
