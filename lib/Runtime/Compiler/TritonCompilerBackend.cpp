//===- TritonCompilerBackend.cpp - KernelCompiler over TritonCompiler -----===//
#include "Runtime/TritonCompilerBackend.h"

#include "../CApiImpl.h"
#include "Compiler/Compiler.h"
#include "Target/NvJitLink.h"
#include "Target/Ptxas.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <optional>

using namespace triton::runtime;

namespace {

/// ptxas where one is found, as Triton assembles; else nvJitLink where it
/// loads (Auto). TRITON_MLIR_ASSEMBLER (ptxas, nvjitlink or auto) decides
/// outright. nvJitLink compiles PTX as relocatable code, as `ptxas -c`
/// does, which turns off ptxas's occupancy-driven register choice: another
/// register count, and so another speed, in 16 of the 35 dot inputs
/// (docs/benchmarks.md, Tried and not landed); it is no faster than ptxas
/// when nothing is cached.
mlir::triton::Assembler runtimeAssembler() {
  if (const char *name = std::getenv("TRITON_MLIR_ASSEMBLER"))
    if (std::optional<mlir::triton::Assembler> chosen =
            mlir::triton::parseAssembler(name))
      return *chosen;
  llvm::Expected<std::string> ptxas =
      mlir::triton::findPtxas(mlir::triton::CompileOptions());
  if (ptxas)
    return mlir::triton::Assembler::Ptxas;
  llvm::consumeError(ptxas.takeError());
  return mlir::triton::Assembler::Auto;
}

class TritonCompilerBackend final : public KernelCompiler {
public:
  Result<CompiledBinary> compile(const CompileJob &job) override {
    mlir::triton::CompileRequest request;
    request.options.numWarps = job.numWarps;
    request.options.numStages = job.numStages;
    request.options.numCtas = job.numCtas;
    request.options.computeCapability = job.computeCapability;
    request.options.assembler = runtimeAssembler();
    request.targetGiven = true;
    llvm::Expected<mlir::triton::CompiledKernel> kernel =
        mlir::triton::compileSource(job.source, request, job.sourceName);
    if (!kernel)
      return Status(StatusCode::CompileError,
                    llvm::toString(kernel.takeError()));
    CompiledBinary binary;
    binary.cubin = std::move(kernel->cubin);
    binary.log = std::move(kernel->ptxasLog);
    llvm::raw_string_ostream os(binary.metadataJson);
    os << llvm::json::Value(std::move(kernel->metadata));
    os.flush();
    return binary;
  }

  /// The compiler's version and the assembler it uses: the PTX version and
  /// the cubin depend on it (CUDA 12.8's ptxas takes PTX 8.7, 13.0's 9.0),
  /// so cached cubins of another assembler must not be reused.
  std::string getVersion() const override {
    std::string version = mlir::triton::getCompilerVersion().str();
    auto releaseText = [](mlir::triton::CudaRelease release) {
      return " (CUDA " + std::to_string(release.major) + "." +
             std::to_string(release.minor) + ")";
    };
    mlir::triton::CompileOptions options;
    options.assembler = runtimeAssembler();
    llvm::Expected<bool> inProcess = mlir::triton::usesNvJitLink(options);
    if (inProcess && *inProcess) {
      llvm::Expected<mlir::triton::CudaRelease> release =
          mlir::triton::getNvJitLinkRelease();
      if (release)
        return version + ", nvJitLink" + releaseText(*release);
      llvm::consumeError(release.takeError());
    } else if (!inProcess) {
      llvm::consumeError(inProcess.takeError());
    }
    llvm::Expected<std::string> ptxas = mlir::triton::findPtxas(options);
    if (!ptxas) {
      llvm::consumeError(ptxas.takeError());
      return version + ", no ptxas";
    }
    llvm::Expected<mlir::triton::CudaRelease> release =
        mlir::triton::getPtxasRelease(*ptxas);
    if (!release) {
      llvm::consumeError(release.takeError());
      return version + ", ptxas " + *ptxas;
    }
    return version + ", ptxas " + *ptxas + releaseText(*release);
  }
};

} // namespace

std::shared_ptr<KernelCompiler> triton::runtime::createTritonCompiler() {
  return std::make_shared<TritonCompilerBackend>();
}

triton_rt_status triton_rt_create_with_compiler(const char *cache_dir,
                                                int compute_capability,
                                                triton_rt_runtime **out) {
  return triton_rt_detail::create(cache_dir, compute_capability,
                                  createTritonCompiler(), out);
}
