//===- LLVMIR.h - LLVM dialect to optimized LLVM IR -------------*- C++ -*-===//
//
// The step after the llir pipeline: an MLIR module in the LLVM and NVVM
// dialects becomes an llvm::Module for nvptx64 (Triton's data layout, the
// nvvm-reflect-ftz flag), libdevice is linked where the module calls it, and
// LLVM's O3 runs with the NVPTX target machine.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_TARGET_LLVMIR_H
#define TRITON_TARGET_LLVMIR_H

#include "Pipeline/CompileOptions.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::triton {

/// The target triple of every kernel.
inline constexpr const char *kNVPTXTriple = "nvptx64-nvidia-cuda";
/// Where CUDA keeps libdevice when no path is given.
inline constexpr const char *kDefaultLibdevicePath =
    "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc";

/// Registers the LLVM IR translations of the builtin, LLVM and NVVM
/// dialects, the ones a lowered kernel uses.
void registerTritonLLVMIRTranslations(DialectRegistry &registry);

/// Translates `module` (LLVM and NVVM dialects) to LLVM IR with triple
/// nvptx64-nvidia-cuda, the NVPTX data layout with 32-bit shared pointers
/// and the `nvvm-reflect-ftz` module flag (1). Errors go to the module's
/// diagnostics; returns null then.
std::unique_ptr<llvm::Module>
translateToLLVMModule(ModuleOp module, llvm::LLVMContext &context,
                      const CompileOptions &options);

/// True when `module` declares a libdevice function (`__nv_*`) it uses.
bool needsLibdevice(const llvm::Module &module);

/// The libdevice bitcode to link: `options.libdevicePath`, else
/// $TRITON_LIBDEVICE_PATH, else kDefaultLibdevicePath.
std::string getLibdevicePath(const CompileOptions &options);

/// Links from the bitcode at `path` only the functions `module` needs and
/// makes them internal (external linkage marks kernels for NVPTX).
llvm::Error linkLibdevice(llvm::Module &module, llvm::StringRef path);

/// Runs LLVM's O3 pipeline with the NVPTX target machine of `options`.
llvm::Error optimizeLLVMModule(llvm::Module &module,
                               const CompileOptions &options);

/// The whole step: translate, link libdevice if the module calls it, O3.
llvm::Expected<std::unique_ptr<llvm::Module>>
translateToOptimizedLLVMIR(ModuleOp module, llvm::LLVMContext &context,
                           const CompileOptions &options);

} // namespace mlir::triton

#endif // TRITON_TARGET_LLVMIR_H
