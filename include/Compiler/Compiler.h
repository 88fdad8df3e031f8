//===- Compiler.h - one kernel from IR text or a module to a cubin -*- C++
//-*-===//
//
// The whole compiler as one call: a TTIR or TTGIR kernel goes through the
// ttir, ttgir and llir pipelines, LLVM IR, PTX and ptxas, in memory, and
// comes back as a cubin with its metadata. triton-aot, the runtime and
// downstream compilers use this instead of chaining the stages themselves.
// docs/embedding.md shows it in use.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_COMPILER_COMPILER_H
#define TRITON_COMPILER_COMPILER_H

#include "Pipeline/CompileOptions.h"
#include "Target/IRLevel.h"
#include "Target/KernelMetadata.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <string>

namespace mlir::triton {

/// What one compilation produces.
struct CompiledKernel {
  /// The kernel's arguments, read before lowering (names, types, hints).
  KernelSignature signature;
  /// The options the kernel was compiled with, after a TTGIR module's own
  /// attributes were applied (see applyModuleOptions).
  CompileOptions options;
  /// The TTGIR and LLVM IR, kept only when asked for (keepIntermediates).
  std::string ttgir;
  std::string llvmIR;
  std::string ptx;
  /// The ELF image ptxas wrote.
  std::string cubin;
  /// ptxas's -v report (registers, spills, shared memory).
  std::string ptxasLog;
  /// The `<kernel>.json` object (buildKernelMetadata).
  llvm::json::Object metadata;
  /// Bytes of shared memory the kernel needs (metadata "shared").
  int64_t sharedBytes = 0;
  /// Wall-clock seconds of each stage, in order: "parse" (compileSource
  /// only), "ttgir" (TTIR input only), "llir" (to the LLVM dialect), "llvm"
  /// (translation, libdevice linking, O3), "ptx" (NVPTX), "cubin" (ptxas or
  /// nvJitLink).
  llvm::SmallVector<std::pair<std::string, double>> stageSeconds;
};

/// How compileModule treats its input.
struct CompileRequest {
  CompileOptions options;
  /// Whether options.computeCapability was chosen by the caller: a TTGIR
  /// module's `ttg.target` must then agree with it; otherwise the module's
  /// target wins.
  bool targetGiven = false;
  /// Keep the TTGIR and LLVM IR texts in the result.
  bool keepIntermediates = false;
  /// The module is a Gluon kernel's source (Triton's `asm["source"]` of a
  /// `@gluon.jit` kernel): gluon_to_ttgir runs before llir. A module with
  /// gluon ops or placeholder layouts is taken as one without it.
  bool gluon = false;
  /// Triton's TRITON_REPRODUCER_PATH: a prefix; each stage writes
  /// `<prefix>.make_ttgir.repro.mlir` and `<prefix>.make_llir.repro.mlir`
  /// (its input and pipeline) before it runs. Empty: none.
  std::string reproducerPath;
};

/// Completes `options` from a TTGIR module's attributes (ttg.num-warps,
/// ttg.num-ctas, ttg.threads-per-warp, ttg.target, ttg.maxnreg); a TTIR
/// module leaves them untouched. A `maxnreg` option the TTGIR module lacks
/// is set on it as ttg.maxnreg. Emits an error on the module and fails when
/// they are missing, unknown or disagree with a target or maxnreg the
/// caller gave.
LogicalResult applyModuleOptions(ModuleOp module, IRLevel level,
                                 CompileOptions &options, bool targetGiven);

/// Runs the passes `build` adds to a fresh pass manager on `module`;
/// `configure`, if given, adjusts the pass manager first (a tool applies its
/// command line's -mlir-print-ir-* options there). A pipeline that cannot be
/// built or fails is reported on the module, naming `stage`. With a
/// `reproducer` file, the module as the stage receives it and the stage's
/// pipeline are written there first, as an MLIR reproducer
/// (`triton-opt --run-reproducer FILE` replays the stage).
LogicalResult runStage(
    ModuleOp module, llvm::StringRef stage,
    llvm::function_ref<LogicalResult(OpPassManager &, llvm::raw_ostream &)>
        build,
    llvm::function_ref<LogicalResult(PassManager &)> configure = nullptr,
    llvm::StringRef reproducer = {});

/// Compiles `module` (TTIR or TTGIR; it is lowered in place) to a cubin.
/// Errors go to the module's context as diagnostics.
FailureOr<CompiledKernel> compileModule(ModuleOp module,
                                        const CompileRequest &request);

/// Parses `source` (MLIR text of a TTIR or TTGIR module) in a context of its
/// own and compiles it. `bufferName` names the source in diagnostics. On
/// failure the error holds every diagnostic, with locations. Safe to call
/// from several threads at once.
llvm::Expected<CompiledKernel>
compileSource(llvm::StringRef source, const CompileRequest &request,
              llvm::StringRef bufferName = "<kernel>");

/// Parses `source` and returns the signature of its kernel (as compileSource
/// would report it) without compiling; errors as in compileSource.
llvm::Expected<KernelSignature>
readKernelSignature(llvm::StringRef source,
                    llvm::StringRef bufferName = "<kernel>");

/// A string that changes whenever this compiler's output may change: the
/// project version and the LLVM it was built with. Caches key on it.
llvm::StringRef getCompilerVersion();

} // namespace mlir::triton

#endif // TRITON_COMPILER_COMPILER_H
