//===- TritonCompilerBackend.cpp - KernelCompiler over TritonCompiler -----===//
#include "Runtime/TritonCompilerBackend.h"

#include "../CApiImpl.h"
#include "Compiler/Compiler.h"
#include "Target/Ptxas.h"

#include "llvm/Support/raw_ostream.h"

using namespace triton::runtime;

namespace {

class TritonCompilerBackend final : public KernelCompiler {
public:
  Result<CompiledBinary> compile(const CompileJob &job) override {
    mlir::triton::CompileRequest request;
    request.options.numWarps = job.numWarps;
    request.options.numStages = job.numStages;
    request.options.numCtas = job.numCtas;
    request.options.computeCapability = job.computeCapability;
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

  /// The compiler's version and the ptxas it runs: the PTX version and the
  /// cubin depend on that ptxas (CUDA 12.8's takes PTX 8.7, 13.0's 9.0), so
  /// cached cubins of another ptxas must not be reused.
  std::string getVersion() const override {
    std::string version = mlir::triton::getCompilerVersion().str();
    mlir::triton::CompileOptions options;
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
    return version + ", ptxas " + *ptxas + " (CUDA " +
           std::to_string(release->major) + "." +
           std::to_string(release->minor) + ")";
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
