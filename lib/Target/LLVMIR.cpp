//===- LLVMIR.cpp - LLVM dialect to optimized LLVM IR ---------------------===//
#include "Target/LLVMIR.h"
#include "BreakStructPhis.h"
#include "DropThreadIdRanges.h"
#include "PackNarrowPhis.h"
#include "HoistWGMMAWaits.h"
#include "Target/NVPTX.h"

#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include <cstdlib>
#include <mutex>

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Collects the error diagnostics LLVM reports on a context while it lives
/// (the context's default handler would exit the process on the first), and
/// restores the previous handler afterwards.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(llvm::LLVMContext &context)
      : context(context), previous(context.getDiagnosticHandlerCallBack()),
        previousContext(context.getDiagnosticContext()) {
    context.setDiagnosticHandlerCallBack(&DiagnosticCollector::handle, this);
  }
  ~DiagnosticCollector() {
    context.setDiagnosticHandlerCallBack(previous, previousContext);
  }
  /// The errors seen so far, one per line.
  const std::string &getErrors() const { return errors; }

private:
  static void handle(const llvm::DiagnosticInfo *info, void *self) {
    if (info->getSeverity() != llvm::DS_Error)
      return;
    auto *collector = static_cast<DiagnosticCollector *>(self);
    llvm::raw_string_ostream os(collector->errors);
    llvm::DiagnosticPrinterRawOStream printer(os);
    info->print(printer);
    os << "\n";
  }

  llvm::LLVMContext &context;
  llvm::DiagnosticHandler::DiagnosticHandlerTy previous;
  void *previousContext;
  std::string errors;
};

} // namespace

void mlir::triton::registerTritonLLVMIRTranslations(DialectRegistry &registry) {
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
}

std::unique_ptr<llvm::Module>
mlir::triton::translateToLLVMModule(ModuleOp module, llvm::LLVMContext &context,
                                    const CompileOptions &options) {
  // Only the LLVM and NVVM dialects translate: name an op the llir
  // pipeline left, rather than fail inside the translation.
  WalkResult leftover = module->walk<WalkOrder::PreOrder>([](Operation *op) {
    StringRef dialect = op->getDialect() ? op->getDialect()->getNamespace()
                                         : StringRef();
    if (isa<ModuleOp>(op) || dialect == "llvm" || dialect == "nvvm")
      return WalkResult::advance();
    op->emitOpError("is left after the llir pipeline and has no "
                    "translation to LLVM IR");
    return WalkResult::interrupt();
  });
  if (leftover.wasInterrupted())
    return nullptr;

  DialectRegistry registry;
  registerTritonLLVMIRTranslations(registry);
  module->getContext()->appendDialectRegistry(registry);

  // The data layout comes from the target machine so that the backend and
  // the optimizer agree on pointer widths (32-bit shared pointers).
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
      createNVPTXTargetMachine(options);
  if (!machine) {
    module.emitError() << llvm::toString(machine.takeError());
    return nullptr;
  }
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, context);
  if (!llvmModule)
    return nullptr;
  llvmModule->setTargetTriple(llvm::Triple(kNVPTXTriple));
  llvmModule->setDataLayout((*machine)->createDataLayout());
  // libdevice's __nvvm_reflect("__CUDA_FTZ") reads this flag: flush float
  // denormals to zero in libdevice's functions, as Triton compiles unless
  // its enable_reflect_ftz option is off.
  if (options.enableReflectFtz)
    llvmModule->addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", 1);
  return llvmModule;
}

bool mlir::triton::needsLibdevice(const llvm::Module &module) {
  for (const llvm::Function &function : module.functions())
    if (function.isDeclaration() && function.getName().starts_with("__nv_"))
      return true;
  return false;
}

std::string mlir::triton::getLibdevicePath(const CompileOptions &options) {
  if (!options.libdevicePath.empty())
    return options.libdevicePath;
  if (const char *env = std::getenv("TRITON_LIBDEVICE_PATH"))
    if (*env)
      return env;
  return kDefaultLibdevicePath;
}

/// libdevice's bitcode, read once per process and path: each compile then
/// parses lazily from memory only the functions it links (parsing all of
/// libdevice took about 60 ms per kernel that calls one of its functions).
static llvm::Expected<llvm::MemoryBufferRef>
readLibdevice(llvm::StringRef path) {
  static std::mutex mutex;
  static llvm::StringMap<std::unique_ptr<llvm::MemoryBuffer>> buffers;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = buffers.find(path);
  if (it == buffers.end()) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
        llvm::MemoryBuffer::getFile(path);
    if (!buffer)
      return llvm::createStringError("cannot read libdevice '" + path +
                                     "': " + buffer.getError().message());
    it = buffers.try_emplace(path, std::move(*buffer)).first;
  }
  return it->second->getMemBufferRef();
}

llvm::Error mlir::triton::linkLibdevice(llvm::Module &module,
                                        llvm::StringRef path) {
  if (!llvm::sys::fs::exists(path))
    return llvm::createStringError(
        "libdevice not found at '" + path +
        "' (the module calls __nv_* functions; give its path with "
        "--libdevice-path or TRITON_LIBDEVICE_PATH)");
  DiagnosticCollector diagnostics(module.getContext());
  llvm::Expected<llvm::MemoryBufferRef> bitcode = readLibdevice(path);
  if (!bitcode)
    return bitcode.takeError();
  llvm::Expected<std::unique_ptr<llvm::Module>> lazy =
      llvm::getLazyBitcodeModule(*bitcode, module.getContext());
  if (!lazy)
    return llvm::createStringError("cannot read libdevice '" + path +
                                   "': " + llvm::toString(lazy.takeError()));
  std::unique_ptr<llvm::Module> library = std::move(*lazy);
  library->setTargetTriple(module.getTargetTriple());
  library->setDataLayout(module.getDataLayout());

  llvm::StringSet<> libraryFunctions;
  for (const llvm::Function &function : library->functions())
    if (!function.isDeclaration())
      libraryFunctions.insert(function.getName());

  if (llvm::Linker::linkModules(module, std::move(library),
                                llvm::Linker::LinkOnlyNeeded))
    return llvm::createStringError("cannot link libdevice '" + path +
                                   "': " + diagnostics.getErrors());
  // NVPTX takes every function with external linkage for an entry point or
  // a device function to emit; what came from libdevice is internal.
  for (llvm::Function &function : module.functions())
    if (!function.isDeclaration() &&
        libraryFunctions.contains(function.getName()))
      function.setLinkage(llvm::GlobalValue::InternalLinkage);
  return llvm::Error::success();
}

llvm::Error mlir::triton::optimizeLLVMModule(llvm::Module &module,
                                             const CompileOptions &options) {
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
      createNVPTXTargetMachine(options);
  if (!machine)
    return machine.takeError();

  llvm::LoopAnalysisManager loopAnalyses;
  llvm::FunctionAnalysisManager functionAnalyses;
  llvm::CGSCCAnalysisManager cgsccAnalyses;
  llvm::ModuleAnalysisManager moduleAnalyses;
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = true;
  tuning.LoopInterleaving = true;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = true;
  llvm::PassBuilder builder(machine->get(), tuning);
  // The target machine adds NVPTX's passes (NVVMReflect first, so libdevice
  // is optimized with its branches decided), but LLVM's cost models answer
  // as without one, as in Triton 3.6, which runs O3 with no target machine.
  // NVPTX's costs make a 64-bit add dearer than a 32-bit one, so
  // IndVarSimplify would keep loop counters in 32 bits and every iteration
  // would recompute its 64-bit addresses (sign-extend, multiply, add: a
  // cp.async matmul loop ran 0.85x Triton's on an H100); without them the
  // counter is widened and the addresses advance by a uniform 64-bit
  // increment. Registered first, this TargetIRAnalysis is the one used.
  functionAnalyses.registerPass([] { return llvm::TargetIRAnalysis(); });
  builder.registerModuleAnalyses(moduleAnalyses);
  builder.registerCGSCCAnalyses(cgsccAnalyses);
  builder.registerFunctionAnalyses(functionAnalyses);
  builder.registerLoopAnalyses(loopAnalyses);
  builder.crossRegisterProxies(loopAnalyses, functionAnalyses, cgsccAnalyses,
                               moduleAnalyses);
  // After the target's own start passes (NVVMReflect, NVVMIntrRange): the
  // thread id's range from the block size dropped again, as Triton's O3
  // (no target machine) never has it.
  builder.registerPipelineStartEPCallback(
      [](llvm::ModulePassManager &passes, llvm::OptimizationLevel) {
        passes.addPass(
            llvm::createModuleToFunctionPassAdaptor(DropThreadIdRangesPass()));
      });
  // Before the vectorizers: struct phis (loop-carried tensors) to scalar
  // phis, an InstCombine to fold the extract/insertvalue pairs left, then
  // phis of 8- and 16-bit lanes to phis of their words (the InstCombine
  // after the vectorizers merges the duplicate word phis).
  builder.registerVectorizerStartEPCallback(
      [](llvm::FunctionPassManager &passes, llvm::OptimizationLevel) {
        passes.addPass(BreakStructPhisPass());
        passes.addPass(llvm::InstCombinePass());
        passes.addPass(PackNarrowPhisPass());
      });

  // Last: wgmma waits in front of the pure code LLVM sank before them.
  builder.registerOptimizerLastEPCallback([](llvm::ModulePassManager &passes,
                                             llvm::OptimizationLevel,
                                             llvm::ThinOrFullLTOPhase) {
    passes.addPass(
        llvm::createModuleToFunctionPassAdaptor(HoistWGMMAWaitsPass()));
    passes.addPass(
        llvm::createModuleToFunctionPassAdaptor(FoldWGMMASkipEdgesPass()));
  });

  DiagnosticCollector diagnostics(module.getContext());
  llvm::ModulePassManager passes =
      builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
  passes.run(module, moduleAnalyses);
  if (!diagnostics.getErrors().empty())
    return llvm::createStringError("LLVM optimization failed: " +
                                   diagnostics.getErrors());
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<llvm::Module>>
mlir::triton::translateToOptimizedLLVMIR(ModuleOp module,
                                         llvm::LLVMContext &context,
                                         const CompileOptions &options) {
  std::unique_ptr<llvm::Module> llvmModule =
      translateToLLVMModule(module, context, options);
  if (!llvmModule)
    return llvm::createStringError(
        "cannot translate the module to LLVM IR (see the errors above)");
  if (needsLibdevice(*llvmModule))
    if (llvm::Error error =
            linkLibdevice(*llvmModule, getLibdevicePath(options)))
      return std::move(error);
  if (llvm::Error error = optimizeLLVMModule(*llvmModule, options))
    return std::move(error);
  return std::move(llvmModule);
}
