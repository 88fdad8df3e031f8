//===- TritonCompilerBackend.h - the runtime's compiler, from TritonCompiler -*- C++ -*-===//
//
// The KernelCompiler that compiles through the project's compiler
// (Compiler/Compiler.h). It lives in its own library, TritonRuntimeCompiler,
// so programs that only use precompiled kernels link the runtime core alone,
// without MLIR or LLVM (cache-only mode).
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_RUNTIME_TRITONCOMPILERBACKEND_H
#define TRITON_RUNTIME_TRITONCOMPILERBACKEND_H

#include "Runtime/KernelCompiler.h"

#include <memory>

namespace triton::runtime {

/// A compiler that runs the whole pipeline in process (TTIR or TTGIR text
/// to cubin + metadata). Safe to call from several threads at once.
std::shared_ptr<KernelCompiler> createTritonCompiler();

} // namespace triton::runtime

#endif // TRITON_RUNTIME_TRITONCOMPILERBACKEND_H
