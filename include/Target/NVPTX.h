//===- NVPTX.h - LLVM IR to PTX with LLVM's NVPTX backend -------*- C++ -*-===//
#ifndef TRITON_TARGET_NVPTX_H
#define TRITON_TARGET_NVPTX_H

#include "Pipeline/CompileOptions.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace mlir::triton {

/// Registers the NVPTX target with LLVM (once per process) and sets the
/// backend options Triton compiles with: 32-bit pointers to shared, const
/// and local memory (`nvptx-short-ptr`) and `nvptx-mad-wide-opt`.
void initializeNVPTXBackend();

/// The PTX ISA version (times ten) to ask LLVM for: `requested` when the
/// NVPTX backend knows it, else the highest one it knows below it (the
/// `.version` line is rewritten to `requested` afterwards).
int getLLVMPTXVersion(int requested);

/// The target machine of `options`: nvptx64-nvidia-cuda, CPU
/// options.getArch(), feature +ptx<N>, O3, FMA contraction unless fp fusion
/// is off.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createNVPTXTargetMachine(const CompileOptions &options);

/// Generates PTX for `module` (which it modifies: functions not marked
/// noinline become always-inline first, as in Triton). The result has
/// `.version` set to options.ptxVersion and exactly one `.visible .entry`;
/// anything else is an error.
llvm::Expected<std::string> translateToPTX(llvm::Module &module,
                                           const CompileOptions &options);

/// Rewrites every `.version X.Y` line of `ptx` to `ptxVersion` (times ten:
/// 90 -> 9.0).
std::string setPTXVersion(llvm::StringRef ptx, int ptxVersion);

/// Removes the `debug` flag from the `.target` line, which LLVM writes for
/// a module with line tables: ptxas would then compile as under -G
/// (unoptimized device debug). The `.loc` lines stay, and `-lineinfo`
/// keeps them in the cubin. Triton's make_ptx does the same.
std::string dropDebugTarget(llvm::StringRef ptx);

/// The names of the `.visible .entry` functions of `ptx`, in order.
llvm::SmallVector<std::string> getPTXEntryNames(llvm::StringRef ptx);

} // namespace mlir::triton

#endif // TRITON_TARGET_NVPTX_H
