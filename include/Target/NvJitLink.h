//===- NvJitLink.h - PTX to cubin in the process -----------------*- C++ -*-===//
//
// CUDA's libnvJitLink (CUDA 12 and 13) assembles PTX into a cubin inside
// the calling process, with the ptxas of its own release: no child process,
// no temporary files. The library is opened at run time (dlopen), so
// everything here still loads, and ptxas still works, where it is missing.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_TARGET_NVJITLINK_H
#define TRITON_TARGET_NVJITLINK_H

#include "Pipeline/CompileOptions.h"
#include "Target/Ptxas.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace mlir::triton {

/// The libnvJitLink to open: $TRITON_NVJITLINK_PATH when set, else the
/// loader's search for libnvJitLink.so.13, .so.12 and .so, else CUDA's
/// /usr/local/cuda/lib64. Opened once per process (any thread); the error
/// names every place tried.
llvm::Expected<CudaRelease> getNvJitLinkRelease();

/// The options nvJitLink gets for `options`: Triton's ptxas command line
/// (getPtxasCommand) in its terms: -lineinfo, --gpu-name=<arch> as
/// -arch=<arch>, every other option (-v, --fmad=false, the extra ones) as
/// -Xptxas=<option>; and -no-cache (nvJitLink would otherwise return what
/// it compiled before, even in another process).
std::vector<std::string> getNvJitLinkOptions(const CompileOptions &options);

/// Assembles `ptx` into a cubin in this process. On failure the error
/// holds nvJitLink's error log and its options.
llvm::Expected<Cubin> compilePTXWithNvJitLink(llvm::StringRef ptx,
                                              const CompileOptions &options);

/// The CUDA version the installed driver supports (cuDriverGetVersion:
/// 1000 * major + 10 * minor), read once; nullopt without a loadable
/// libcuda (a build machine) or when the driver answers with an error (the
/// libcuda stub).
std::optional<int> getDriverCudaVersion();

/// Whether `options` assemble with nvJitLink: asked for, or Auto, the
/// library opens and the driver (where one loads) is not older than it. An
/// error when nvJitLink was asked for and does not open.
llvm::Expected<bool> usesNvJitLink(const CompileOptions &options);

/// The cubin of `ptx` with the assembler `options` choose (ptxas or
/// nvJitLink).
llvm::Expected<Cubin> assemblePTX(llvm::StringRef ptx,
                                  const CompileOptions &options);

} // namespace mlir::triton

#endif // TRITON_TARGET_NVJITLINK_H
