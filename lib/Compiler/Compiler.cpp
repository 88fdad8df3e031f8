//===- Compiler.cpp - one kernel from IR text or a module to a cubin
//-------===//
#include "Compiler/Compiler.h"
#include "Pipeline/Pipelines.h"
#include "Pipeline/SourceCheck.h"
#include "Pipeline/Registration.h"
#include "Target/LLVMIR.h"
#include "Target/NVPTX.h"
#include "Target/Ptxas.h"
#include "Target/NvJitLink.h"
#include "Version.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <mutex>

using namespace mlir;
using namespace mlir::triton;

/// A TTGIR module's `ttg.maxnreg` and the `maxnreg` option must agree; the
/// one given alone sets the other (the llir stage reads the module).
static LogicalResult applyModuleMaxNReg(ModuleOp module,
                                        CompileOptions &options) {
  Attribute attr = module->getAttr("ttg.maxnreg");
  if (!attr) {
    if (options.maxnreg)
      module->setAttr(
          "ttg.maxnreg",
          Builder(module.getContext()).getI32IntegerAttr(*options.maxnreg));
    return success();
  }
  auto value = dyn_cast<IntegerAttr>(attr);
  if (!value || value.getInt() <= 0)
    return module.emitError("ttg.maxnreg must be a positive integer, got ")
           << attr;
  if (options.maxnreg && *options.maxnreg != value.getInt())
    return module.emitError()
           << "maxnreg " << *options.maxnreg
           << " disagrees with the module's ttg.maxnreg = " << value.getInt();
  options.maxnreg = value.getInt();
  return success();
}

LogicalResult mlir::triton::applyModuleOptions(ModuleOp module, IRLevel level,
                                               CompileOptions &options,
                                               bool targetGiven) {
  if (level != IRLevel::TTGIR)
    return success();
  auto warps = module->getAttrOfType<IntegerAttr>("ttg.num-warps");
  if (!warps)
    return module.emitError(
        "TTGIR module without an integer ttg.num-warps attribute");
  options.numWarps = warps.getInt();
  if (auto ctas = module->getAttrOfType<IntegerAttr>("ttg.num-ctas"))
    options.numCtas = ctas.getInt();
  if (auto threads = module->getAttrOfType<IntegerAttr>("ttg.threads-per-warp"))
    options.threadsPerWarp = threads.getInt();
  if (failed(applyModuleMaxNReg(module, options)))
    return failure();
  auto moduleTarget = module->getAttrOfType<StringAttr>("ttg.target");
  if (!moduleTarget)
    return success();
  CompileOptions fromModule;
  if (!parseTargetString(moduleTarget.str(), fromModule))
    return module.emitError()
           << "unknown ttg.target '" << moduleTarget.getValue()
           << "' (expected cuda:70 or newer)";
  if (!targetGiven)
    options.computeCapability = fromModule.computeCapability;
  else if (fromModule.computeCapability != options.computeCapability)
    return module.emitError()
           << "target " << options.getArch() << " disagrees with the module's "
           << "ttg.target = \"" << moduleTarget.getValue() << "\"";
  return success();
}

/// The module and `pm`'s pipeline in the form MLIR's --run-reproducer
/// reads (the `mlir_reproducer` external resource), as Triton writes them
/// for TRITON_REPRODUCER_PATH. A reproducer that cannot be written is a
/// warning: the compilation goes on.
static void writeReproducer(ModuleOp module, PassManager &pm,
                            llvm::StringRef path) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec) {
    module.emitWarning() << "cannot write the reproducer '" << path
                         << "': " << ec.message();
    return;
  }
  module->print(os, OpPrintingFlags().enableDebugInfo());
  std::string pipeline;
  llvm::raw_string_ostream pipelineOs(pipeline);
  pm.printAsTextualPipeline(pipelineOs);
  os << "\n{-#\n  external_resources: {\n    mlir_reproducer: {\n"
     << "      pipeline: \"" << pipeline << "\",\n"
     << "      disable_threading: true,\n      verify_each: true\n"
     << "    }\n  }\n#-}\n";
}

LogicalResult mlir::triton::runStage(
    ModuleOp module, llvm::StringRef stage,
    llvm::function_ref<LogicalResult(OpPassManager &, llvm::raw_ostream &)>
        build,
    llvm::function_ref<LogicalResult(PassManager &)> configure,
    llvm::StringRef reproducer) {
  PassManager pm(module->getContext(), module->getName().getStringRef());
  if (configure && failed(configure(pm)))
    return failure();
  std::string errors;
  llvm::raw_string_ostream os(errors);
  if (failed(build(pm, os)))
    return module.emitError()
           << "cannot build the " << stage << " pipeline: " << errors;
  if (!reproducer.empty())
    writeReproducer(module, pm, reproducer);
  if (failed(pm.run(module)))
    return module.emitError() << "the " << stage << " pipeline failed";
  return success();
}

namespace {

/// Seconds since `start`; resets `start` to now.
double lap(std::chrono::steady_clock::time_point &start) {
  auto now = std::chrono::steady_clock::now();
  double seconds = std::chrono::duration<double>(now - start).count();
  start = now;
  return seconds;
}

/// Triton's name of a stage's reproducer: `<prefix>.<stage>.repro.mlir`.
std::string reproducerFile(const CompileRequest &request,
                           llvm::StringRef stage) {
  if (request.reproducerPath.empty())
    return "";
  return request.reproducerPath + "." + stage.str() + ".repro.mlir";
}

std::string printModule(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  return text;
}

} // namespace

FailureOr<CompiledKernel>
mlir::triton::compileModule(ModuleOp module, const CompileRequest &request) {
  FailureOr<IRLevel> level = detectIRLevel(module);
  if (failed(level))
    return failure();
  if (*level == IRLevel::LLVM)
    return module.emitError("a kernel to compile must be TTIR or TTGIR: LLVM "
                            "dialect has no kernel signature");
  CompiledKernel kernel;
  kernel.options = request.options;
  if (failed(applyModuleOptions(module, *level, kernel.options,
                                request.targetGiven)))
    return failure();
  // The cubin comes from ptxas or nvJitLink: the PTX version is the one
  // it accepts.
  if (llvm::Error error =
          resolvePTXVersion(kernel.options, /*needPtxas=*/true))
    return module.emitError() << llvm::toString(std::move(error));
  const CompileOptions &options = kernel.options;
  auto start = std::chrono::steady_clock::now();

  if (*level == IRLevel::TTIR) {
    if (failed(runStage(module, "ttir/ttgir",
                        [&](OpPassManager &pm, llvm::raw_ostream &errors) {
                          buildTTIRPipeline(pm, options);
                          return buildTTGIRPipeline(pm, options, errors);
                        },
                        nullptr, reproducerFile(request, "make_ttgir"))))
      return failure();
    kernel.stageSeconds.push_back({"ttgir", lap(start)});
  }
  if (*level == IRLevel::TTGIR && (request.gluon || isGluonModule(module))) {
    if (failed(runStage(module, "gluon_to_ttgir",
                        [&](OpPassManager &pm, llvm::raw_ostream &errors) {
                          return buildGluonPipeline(pm, options, errors);
                        },
                        nullptr, reproducerFile(request, "make_ttgir"))))
      return failure();
    kernel.stageSeconds.push_back({"ttgir", lap(start)});
  }
  if (request.keepIntermediates)
    kernel.ttgir = printModule(module);

  FailureOr<KernelSignature> signature = getKernelSignature(module);
  if (failed(signature))
    return failure();
  kernel.signature = std::move(*signature);

  if (failed(runStage(module, "llir",
                      [&](OpPassManager &pm, llvm::raw_ostream &errors) {
                        return buildLLIRPipeline(pm, options, errors);
                      },
                      nullptr, reproducerFile(request, "make_llir"))))
    return failure();
  kernel.metadata = buildKernelMetadata(kernel.signature, module, options);
  if (std::optional<int64_t> shared = kernel.metadata.getInteger("shared"))
    kernel.sharedBytes = *shared;
  kernel.stageSeconds.push_back({"llir", lap(start)});

  // "llvm": the translation to LLVM IR and libdevice; "opt": LLVM's O3,
  // timed apart since Triton runs the same pipeline on its own IR.
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateToLLVMModule(module, llvmContext, options);
  if (!llvmModule)
    return module.emitError()
           << "cannot translate the module to LLVM IR (see the errors above)";
  if (needsLibdevice(*llvmModule))
    if (llvm::Error error =
            linkLibdevice(*llvmModule, getLibdevicePath(options)))
      return module.emitError() << llvm::toString(std::move(error));
  kernel.stageSeconds.push_back({"llvm", lap(start)});
  if (llvm::Error error = optimizeLLVMModule(*llvmModule, options))
    return module.emitError() << llvm::toString(std::move(error));
  if (request.keepIntermediates) {
    llvm::raw_string_ostream os(kernel.llvmIR);
    llvmModule->print(os, nullptr);
  }
  kernel.stageSeconds.push_back({"opt", lap(start)});
  llvm::Expected<std::string> ptx = translateToPTX(*llvmModule, options);
  if (!ptx)
    return module.emitError() << llvm::toString(ptx.takeError());
  kernel.ptx = std::move(*ptx);
  kernel.stageSeconds.push_back({"ptx", lap(start)});
  llvm::Expected<Cubin> cubin = assemblePTX(kernel.ptx, options);
  if (!cubin)
    return module.emitError() << llvm::toString(cubin.takeError());
  kernel.stageSeconds.push_back({"cubin", lap(start)});
  kernel.cubin = std::move(cubin->binary);
  kernel.ptxasLog = std::move(cubin->log);
  return kernel;
}

namespace {

/// A context with every dialect a kernel meets, single-threaded (callers
/// compile several kernels on threads of their own), and the diagnostics it
/// emits while parsing and compiling `source`, collected as text.
struct CompileSession {
  MLIRContext context;
  llvm::SourceMgr sourceMgr;
  std::string diagnostics;
  llvm::raw_string_ostream os{diagnostics};
  SourceMgrDiagnosticHandler handler;

  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    registerTritonDialects(registry);
    registerTritonLLVMIRTranslations(registry);
    return registry;
  }

  CompileSession()
      : context(makeRegistry(), MLIRContext::Threading::DISABLED),
        handler(sourceMgr, &context, os) {
    context.printOpOnDiagnostic(false);
  }

  OwningOpRef<ModuleOp> parse(llvm::StringRef source,
                              llvm::StringRef bufferName) {
    unsigned id = sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(source, bufferName),
        llvm::SMLoc());
    if (failed(checkSourceForParser(*sourceMgr.getMemoryBuffer(id), &context)))
      return nullptr;
    return parseSourceFile<ModuleOp>(sourceMgr, &context);
  }

  llvm::Error error(llvm::StringRef what) {
    std::string message = diagnostics.empty() ? what.str() : diagnostics;
    while (!message.empty() && message.back() == '\n')
      message.pop_back();
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  }
};

/// Pass registration is process-wide and not thread-safe: do it once.
void registerPassesOnce() {
  static std::once_flag once;
  std::call_once(once, [] { registerTritonPasses(); });
}

} // namespace

llvm::Expected<CompiledKernel>
mlir::triton::compileSource(llvm::StringRef source,
                            const CompileRequest &request,
                            llvm::StringRef bufferName) {
  registerPassesOnce();
  auto start = std::chrono::steady_clock::now();
  CompileSession session;
  OwningOpRef<ModuleOp> module = session.parse(source, bufferName);
  if (!module)
    return session.error("cannot parse " + bufferName.str());
  double parseSeconds = lap(start);
  FailureOr<CompiledKernel> kernel = compileModule(*module, request);
  if (failed(kernel))
    return session.error("cannot compile " + bufferName.str());
  kernel->stageSeconds.insert(kernel->stageSeconds.begin(),
                              {"parse", parseSeconds});
  return std::move(*kernel);
}

llvm::Expected<KernelSignature>
mlir::triton::readKernelSignature(llvm::StringRef source,
                                  llvm::StringRef bufferName) {
  CompileSession session;
  OwningOpRef<ModuleOp> module = session.parse(source, bufferName);
  if (!module)
    return session.error("cannot parse " + bufferName.str());
  FailureOr<KernelSignature> signature =
      getKernelSignature(*module, /*needTensorDescMeta=*/false);
  if (failed(signature))
    return session.error("no kernel signature in " + bufferName.str());
  return std::move(*signature);
}

llvm::StringRef mlir::triton::getCompilerVersion() {
  return TRITON_COMPILER_VERSION;
}
