//===- downstream-compile.cpp - TTIR to cubin through the C++ API ---------===//
//
// What a downstream compiler does with the installed Triton-on-MLIR: parse a
// TTIR (or TTGIR) kernel, run a pass of its own over it, then run Triton's
// named pipelines, LLVM, NVPTX and ptxas from C++ and write the cubin, PTX
// and metadata JSON it got back in memory.
//
//   downstream-compile kernel.ttir -o kernel.cubin [--metadata kernel.json]
//       [--ptx kernel.ptx] [--target cuda:90] [--num-warps 4]
//       [--load-cache cg] [--store-cache cs] [--no-streaming] [--staged]
//
// By default the whole compilation is one call (compileModule); --staged
// runs the same stages one by one (runTTIRPipeline, runTTGIRPipeline,
// runLLIRPipeline, translateToOptimizedLLVMIR, translateToPTX,
// compilePTXToCubin) to show each entry point.
//
//===----------------------------------------------------------------------===//
#include "Downstream/Passes.h"

#include "Compiler/Compiler.h"
#include "Pipeline/CompileOptions.h"
#include "Pipeline/Pipelines.h"
#include "Pipeline/Registration.h"
#include "Target/IRLevel.h"
#include "Target/KernelMetadata.h"
#include "Target/LLVMIR.h"
#include "Target/NVPTX.h"
#include "Target/Ptxas.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
namespace tt = mlir::triton;
namespace cl = llvm::cl;

namespace {

cl::opt<std::string> inputFilename(cl::Positional, cl::Required,
                                   cl::desc("<TTIR or TTGIR file>"));
cl::opt<std::string> outputFilename("o", cl::Required,
                                    cl::desc("Where to write the cubin"),
                                    cl::value_desc("file"));
cl::opt<std::string> metadataFilename("metadata",
                                      cl::desc("Write the metadata JSON here"),
                                      cl::value_desc("file"));
cl::opt<std::string> ptxFilename("ptx", cl::desc("Write the PTX here"),
                                 cl::value_desc("file"));
cl::opt<std::string> target("target", cl::init("cuda:90"),
                            cl::desc("cuda:90, sm_90a, sm_80, ..."));
cl::opt<int> numWarps("num-warps", cl::init(4), cl::desc("Warps per CTA"));
cl::opt<std::string> loadCache("load-cache", cl::init("cg"),
                               cl::desc("Cache modifier for loads"));
cl::opt<std::string> storeCache("store-cache", cl::init("cs"),
                                cl::desc("Cache modifier for stores"));
cl::opt<bool> noStreaming("no-streaming",
                          cl::desc("Skip downstream-streaming-memory"));
cl::opt<bool> staged("staged", cl::desc("Run the stages one by one instead of "
                                        "compileModule"));

/// What the compilation hands back, in memory.
struct Artifacts {
  std::string ptx;
  std::string cubin;
  llvm::json::Object metadata;
};

/// The whole compiler in one call.
FailureOr<Artifacts> compileInOneCall(ModuleOp module,
                                      const tt::CompileOptions &options) {
  tt::CompileRequest request;
  request.options = options;
  request.targetGiven = true;
  FailureOr<tt::CompiledKernel> kernel = tt::compileModule(module, request);
  if (failed(kernel))
    return failure();
  return Artifacts{std::move(kernel->ptx), std::move(kernel->cubin),
                   std::move(kernel->metadata)};
}

/// The same stages, one entry point each.
FailureOr<Artifacts> compileStaged(ModuleOp module,
                                   tt::CompileOptions options) {
  FailureOr<tt::IRLevel> level = tt::detectIRLevel(module);
  if (failed(level))
    return failure();
  if (*level == tt::IRLevel::LLVM)
    return module.emitError("expected a TTIR or TTGIR kernel");
  if (failed(tt::applyModuleOptions(module, *level, options,
                                    /*targetGiven=*/true)))
    return failure();
  if (*level == tt::IRLevel::TTIR &&
      (failed(tt::runTTIRPipeline(module, options)) ||
       failed(tt::runTTGIRPipeline(module, options))))
    return failure();
  // The signature is read from TTGIR, before it is lowered away.
  FailureOr<tt::KernelSignature> signature = tt::getKernelSignature(module);
  if (failed(signature) || failed(tt::runLLIRPipeline(module, options)))
    return failure();

  Artifacts result;
  result.metadata = tt::buildKernelMetadata(*signature, module, options);
  llvm::LLVMContext llvmContext;
  llvm::Expected<std::unique_ptr<llvm::Module>> llvmModule =
      tt::translateToOptimizedLLVMIR(module, llvmContext, options);
  if (!llvmModule)
    return module.emitError(llvm::toString(llvmModule.takeError()));
  llvm::Expected<std::string> ptx = tt::translateToPTX(**llvmModule, options);
  if (!ptx)
    return module.emitError(llvm::toString(ptx.takeError()));
  llvm::Expected<tt::Cubin> cubin = tt::compilePTXToCubin(*ptx, options);
  if (!cubin)
    return module.emitError(llvm::toString(cubin.takeError()));
  result.ptx = std::move(*ptx);
  result.cubin = std::move(cubin->binary);
  return result;
}

/// Writes `bytes` to `path` (kept only when complete).
bool writeFile(llvm::StringRef path, llvm::StringRef bytes) {
  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(path, &error);
  if (!file) {
    llvm::errs() << "downstream-compile: " << error << "\n";
    return false;
  }
  file->os() << bytes;
  file->keep();
  return true;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "Downstream compiler: TTIR -> cubin\n");

  tt::CompileOptions options;
  if (!tt::parseTargetString(target, options)) {
    llvm::errs() << "downstream-compile: unknown target '" << target << "'\n";
    return 1;
  }
  options.numWarps = numWarps;

  // Dialects and LLVM IR translations go into the context's registry; the
  // passes into the process-wide registry the named pipelines are built from.
  DialectRegistry registry;
  tt::registerTritonDialects(registry);
  tt::registerTritonLLVMIRTranslations(registry);
  tt::registerTritonPasses();
  downstream::registerDownstreamPasses();
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);

  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << "downstream-compile: " << error << "\n";
    return 1;
  }
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;

  // Our own pass first, on the kernel as it came.
  std::string passText;
  if (!noStreaming) {
    PassManager pm(&context);
    downstream::DownstreamStreamingMemoryOptions passOptions;
    passOptions.loadCache = loadCache;
    passOptions.storeCache = storeCache;
    pm.addNestedPass<tt::FuncOp>(
        downstream::createDownstreamStreamingMemory(passOptions));
    llvm::raw_string_ostream os(passText);
    pm.printAsTextualPipeline(os);
    if (failed(pm.run(*module)))
      return 1;
  }

  FailureOr<Artifacts> artifacts = staged ? compileStaged(*module, options)
                                          : compileInOneCall(*module, options);
  if (failed(artifacts))
    return 1;
  // A downstream may add its own keys to the metadata.
  if (!passText.empty())
    artifacts->metadata["downstream_pipeline"] = passText;

  if (!writeFile(outputFilename, artifacts->cubin))
    return 1;
  if (!ptxFilename.empty() && !writeFile(ptxFilename, artifacts->ptx))
    return 1;
  if (!metadataFilename.empty() &&
      !writeFile(metadataFilename,
                 llvm::formatv("{0:2}\n", llvm::json::Value(
                                              std::move(artifacts->metadata)))
                     .str()))
    return 1;
  return 0;
}
