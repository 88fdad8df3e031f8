//===- Ptxas.h - PTX to cubin by running ptxas ------------------*- C++ -*-===//
#ifndef TRITON_TARGET_PTXAS_H
#define TRITON_TARGET_PTXAS_H

#include "Pipeline/CompileOptions.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace mlir::triton {

/// Where CUDA keeps ptxas when no path is given.
inline constexpr const char *kDefaultPtxasPath = "/usr/local/cuda/bin/ptxas";

/// The ptxas to run: `options.ptxasPath`, else $TRITON_PTXAS_PATH, else
/// kDefaultPtxasPath when it exists, else `ptxas` on PATH. An error names
/// every place looked at.
llvm::Expected<std::string> findPtxas(const CompileOptions &options);

/// The CUDA release of a ptxas, as `ptxas --version` reports it
/// ("Cuda compilation tools, release 12.8, V12.8.93" -> {12, 8}).
struct CudaRelease {
  int major = 0;
  int minor = 0;
};

/// Reads the release from the text `ptxas --version` printed; nullopt when
/// it names none.
std::optional<CudaRelease> parsePtxasVersionText(llvm::StringRef text);

/// Runs `ptxas --version` (once per path; later calls reuse the answer,
/// from any thread) and parses it.
llvm::Expected<CudaRelease> getPtxasRelease(llvm::StringRef ptxas);

/// The newest PTX ISA version (times ten) a ptxas of `release` accepts, as
/// Triton 3.6 computes it: CUDA 12.x gives 80+x below 12.6 and 79+x from
/// 12.6 on (12.8 -> 87), 11.x gives 70+x, 13.x gives 90+x. nullopt for a
/// release Triton does not know (before 11).
std::optional<int> getPTXVersionForCuda(CudaRelease release);

/// Settles options.ptxVersion. When it is 0, it becomes the newest version
/// the assembler in use accepts: nvJitLink's release when `options` choose
/// it (usesNvJitLink), else the ptxas findPtxas finds (kDefaultPTXVersion
/// when there is no ptxas and `needPtxas` is false). When it was given and
/// `needPtxas`, it must not exceed what that assembler accepts: the error
/// names both.
llvm::Error resolvePTXVersion(CompileOptions &options, bool needPtxas);

/// Triton's ptxas command line: `ptxas -lineinfo -v --gpu-name=<arch>
/// [--fmad=false] [options.ptxasOptions...] <ptxFile> -o <cubinFile>`
/// (argv[0] is `ptxas`).
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

/// What `ptxas -v` reported of a module: the most registers any function
/// uses and the spill bytes of all functions together.
struct PtxasUsage {
  int registers = 0;
  int spillStoreBytes = 0;
  int spillLoadBytes = 0;
};

/// Reads ptxas's -v report ("N bytes spill stores, N bytes spill loads",
/// "Used N registers"); nullopt when it reports no register count.
std::optional<PtxasUsage> parsePtxasUsage(llvm::StringRef log);

/// The retry's option: ptxas's register-usage tier, 0-10, default 5.
inline constexpr const char *kSpillRetryOption = "--register-usage-level=10";

/// Whether a cubin ptxas assembled at its own register choice should be
/// assembled again at kSpillRetryOption: it spilled while using fewer
/// than 255 registers, and neither the PTX (`.maxnreg`, `.minnctapersm`)
/// nor `ptxasOptions` bounds the registers or sets the tier.
bool shouldRetryForSpills(const PtxasUsage &usage, llvm::StringRef ptx,
                          llvm::StringRef ptxasOptions);

/// Assembles `ptx` into a cubin through temporary files. On failure the
/// error holds ptxas's log and the command line that reproduces it; the
/// .ptx file is kept then and its path is part of that command.
///
/// ptxas picks a register budget from its own occupancy estimate, and at
/// times picks one that spills where a few more registers would not
/// (docs/target.md). When shouldRetryForSpills holds, the PTX is assembled
/// once more with kSpillRetryOption, and the cubin that spills fewer bytes
/// is kept (the first when the retry fails or spills as much); the log
/// then ends with a line saying which was kept.
llvm::Expected<Cubin> compilePTXToCubin(llvm::StringRef ptx,
                                        const CompileOptions &options);

} // namespace mlir::triton

#endif // TRITON_TARGET_PTXAS_H
