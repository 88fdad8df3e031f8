//===- triton-translate.cpp - TTIR/TTGIR/LLVM dialect to LLVM IR, PTX, cubin
//===//
//
// Reads one module (TTIR, TTGIR or LLVM dialect; the level is read off the
// IR), runs the stages from there to the one asked for with --emit and
// writes its result: TTGIR, LLVM dialect, LLVM IR, PTX or a cubin with its
// metadata JSON beside it. docs/target.md describes the stages and options.
//
//===----------------------------------------------------------------------===//
#include "Compiler/Compiler.h"
#include "Pipeline/SourceCheck.h"
#include "Pipeline/CompileOptions.h"
#include "Pipeline/Pipelines.h"
#include "Pipeline/Registration.h"
#include "Target/IRLevel.h"
#include "Target/KernelMetadata.h"
#include "Target/LLVMIR.h"
#include "Target/NVPTX.h"
#include "Target/NvJitLink.h"
#include "Target/Ptxas.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

enum class Emit { TTGIR, LLVMMLIR, LLVMIR, PTX, Cubin };

llvm::cl::OptionCategory category("triton-translate options");

llvm::cl::opt<std::string> inputFilename(llvm::cl::Positional,
                                         llvm::cl::desc("<input file>"),
                                         llvm::cl::init("-"),
                                         llvm::cl::cat(category));
llvm::cl::opt<std::string>
    outputFilename("o", llvm::cl::desc("Output file (default: stdout)"),
                   llvm::cl::value_desc("file"), llvm::cl::init("-"),
                   llvm::cl::cat(category));
llvm::cl::opt<Emit> emit(
    "emit", llvm::cl::desc("What to write (default: ptx)"),
    llvm::cl::values(
        clEnumValN(Emit::TTGIR, "ttgir", "TTGIR (from TTIR or TTGIR)"),
        clEnumValN(Emit::LLVMMLIR, "llvm-mlir",
                   "LLVM and NVVM dialects, after the llir pipeline"),
        clEnumValN(Emit::LLVMIR, "llvmir",
                   "LLVM IR after libdevice linking and O3"),
        clEnumValN(Emit::PTX, "ptx", "PTX from LLVM's NVPTX backend"),
        clEnumValN(Emit::Cubin, "cubin",
                   "cubin from ptxas or nvJitLink (-o required) and its "
                   "metadata JSON")),
    llvm::cl::init(Emit::PTX), llvm::cl::cat(category));
llvm::cl::opt<std::string> metadataFilename(
    "metadata",
    llvm::cl::desc("Where to write the kernel's metadata JSON (default with "
                   "--emit=cubin: <output dir>/<kernel>.json)"),
    llvm::cl::value_desc("file"), llvm::cl::cat(category));
llvm::cl::opt<bool> gluonInput(
    "gluon",
    llvm::cl::desc("The input is a Gluon kernel's source (Triton's "
                   "asm[\"source\"]): gluon_to_ttgir runs first (implied by "
                   "gluon ops or placeholder layouts in it)"),
    llvm::cl::init(false), llvm::cl::cat(category));
llvm::cl::opt<int> numWarps("num-warps",
                            llvm::cl::desc("Warps per CTA for TTIR input "
                                           "(TTGIR has its own)"),
                            llvm::cl::init(4), llvm::cl::cat(category));
llvm::cl::opt<int> numStages("num-stages",
                             llvm::cl::desc("Software pipelining stages"),
                             llvm::cl::init(3), llvm::cl::cat(category));
llvm::cl::opt<int> numCtas("num-ctas",
                           llvm::cl::desc("CTAs per cluster for TTIR input"),
                           llvm::cl::init(1), llvm::cl::cat(category));
llvm::cl::opt<std::string>
    target("target",
           llvm::cl::desc("GPU: cuda:90, sm_90a, sm_90, sm_89, sm_80 "
                          "(default: the TTGIR's ttg.target, else cuda:90)"),
           llvm::cl::init("cuda:90"), llvm::cl::cat(category));
llvm::cl::opt<int> ptxVersion(
    "ptx-version",
    llvm::cl::desc("PTX ISA version times ten (default: the newest the ptxas "
                   "in use accepts, from `ptxas --version`; 90 without one)"),
    llvm::cl::init(0), llvm::cl::cat(category));
llvm::cl::opt<bool>
    enableFpFusion("enable-fp-fusion",
                   llvm::cl::desc("Contract a*b+c into fma (default: true)"),
                   llvm::cl::init(true), llvm::cl::cat(category));
llvm::cl::opt<bool>
    lineInfo("line-info",
             llvm::cl::desc("Source lines in the PTX and cubin (.loc, from "
                            "the ops' locations; default: true)"),
             llvm::cl::init(true), llvm::cl::cat(category));
llvm::cl::opt<int> maxnreg(
    "maxnreg",
    llvm::cl::desc("Most registers per thread of the kernel (PTX .maxnreg; "
                   "TTIR: sets ttg.maxnreg, TTGIR: must match its own)"),
    llvm::cl::value_desc("N"), llvm::cl::cat(category));
llvm::cl::opt<std::string>
    ptxasPath("ptxas-path",
              llvm::cl::desc("ptxas to run (default: $TRITON_PTXAS_PATH, "
                             "else /usr/local/cuda/bin/ptxas, else PATH)"),
              llvm::cl::value_desc("file"), llvm::cl::cat(category));
llvm::cl::opt<std::string> ptxOptions(
    "ptx-options",
    llvm::cl::desc("Extra ptxas options, space-separated, after Triton's own "
                   "(Triton's ptx_options)"),
    llvm::cl::value_desc("options"), llvm::cl::cat(category));
llvm::cl::opt<std::string> assembler(
    "assembler",
    llvm::cl::desc("PTX to cubin with 'ptxas' (a child process, the "
                   "default), 'nvjitlink' (libnvJitLink in this process) or "
                   "'auto' (nvJitLink where it loads)"),
    llvm::cl::init("ptxas"), llvm::cl::value_desc("name"),
    llvm::cl::cat(category));
llvm::cl::opt<std::string> libdevicePath(
    "libdevice-path",
    llvm::cl::desc("libdevice bitcode (default: $TRITON_LIBDEVICE_PATH, else "
                   "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc)"),
    llvm::cl::value_desc("file"), llvm::cl::cat(category));
llvm::cl::opt<bool>
    printPtxasLog("print-ptxas-log",
                  llvm::cl::desc("Print ptxas's -v report (registers, "
                                 "spills, shared memory) to stderr"),
                  llvm::cl::init(false), llvm::cl::cat(category));

/// Runs `build`'s passes on `module` with the command line's pass manager
/// options (-mlir-print-ir-after-all, ...).
LogicalResult runPasses(
    ModuleOp module, llvm::StringRef stage,
    llvm::function_ref<LogicalResult(OpPassManager &, llvm::raw_ostream &)>
        build) {
  return runStage(module, stage, build, [](PassManager &pm) {
    return applyPassManagerCLOptions(pm);
  });
}

/// Writes `contents` to `path` ("-": stdout), creating its directory.
LogicalResult writeOutput(ModuleOp module, llvm::StringRef path,
                          llvm::StringRef contents) {
  llvm::StringRef directory = llvm::sys::path::parent_path(path);
  if (path != "-" && !directory.empty())
    if (std::error_code ec = llvm::sys::fs::create_directories(directory))
      return module.emitError() << "cannot create directory '" << directory
                                << "': " << ec.message();
  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(path, &error);
  if (!file)
    return module.emitError() << error;
  file->os() << contents;
  file->keep();
  return success();
}

/// The compile options from the command line and, for TTGIR, the module's
/// own attributes (warps, CTAs, target unless --target is given).
FailureOr<CompileOptions> getCompileOptions(ModuleOp module, IRLevel level) {
  CompileOptions options;
  options.numWarps = numWarps;
  options.numStages = numStages;
  options.numCtas = numCtas;
  options.ptxVersion = ptxVersion;
  options.enableFpFusion = enableFpFusion;
  options.lineInfo = lineInfo;
  options.ptxasPath = ptxasPath;
  options.ptxasOptions = ptxOptions;
  options.libdevicePath = libdevicePath;
  if (std::optional<Assembler> chosen = parseAssembler(assembler))
    options.assembler = *chosen;
  else
    return module.emitError() << "unknown --assembler '" << assembler
                              << "' (expected ptxas, nvjitlink or auto)";
  if (!parseTargetString(target, options))
    return module.emitError() << "unknown --target '" << target
                              << "' (expected cuda:90, sm_90a, sm_80, ...)";
  if (maxnreg.getNumOccurrences()) {
    if (maxnreg <= 0)
      return module.emitError()
             << "--maxnreg must be a positive number of registers, got "
             << maxnreg.getValue();
    if (level == IRLevel::LLVM)
      return module.emitError("--maxnreg needs TTIR or TTGIR input; LLVM "
                              "dialect carries nvvm.maxnreg itself");
    options.maxnreg = maxnreg.getValue();
  }
  if (failed(applyModuleOptions(module, level, options,
                                target.getNumOccurrences() != 0)))
    return failure();
  if (llvm::Error error =
          resolvePTXVersion(options, /*needPtxas=*/emit == Emit::Cubin))
    return module.emitError() << llvm::toString(std::move(error));
  return options;
}

/// What --emit asks for (other than ttgir), from `module` in the LLVM and
/// NVVM dialects.
FailureOr<std::string> emitFromLLVMDialect(ModuleOp module,
                                           const CompileOptions &options) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (emit == Emit::LLVMMLIR) {
    module.print(os);
    return text;
  }
  llvm::LLVMContext llvmContext;
  llvm::Expected<std::unique_ptr<llvm::Module>> llvmModule =
      translateToOptimizedLLVMIR(module, llvmContext, options);
  if (!llvmModule)
    return module.emitError() << llvm::toString(llvmModule.takeError());
  if (emit == Emit::LLVMIR) {
    (*llvmModule)->print(os, nullptr);
    return text;
  }
  llvm::Expected<std::string> ptx = translateToPTX(**llvmModule, options);
  if (!ptx)
    return module.emitError() << llvm::toString(ptx.takeError());
  if (emit == Emit::PTX)
    return std::move(*ptx);
  llvm::Expected<Cubin> cubin = assemblePTX(*ptx, options);
  if (!cubin)
    return module.emitError() << llvm::toString(cubin.takeError());
  if (printPtxasLog)
    llvm::errs() << cubin->log;
  return std::move(cubin->binary);
}

/// Writes the metadata JSON of `signature` and the lowered `module` to
/// --metadata, else beside the output as <kernel>.json.
LogicalResult writeMetadata(ModuleOp module, const KernelSignature &signature,
                            const CompileOptions &options) {
  std::string metadataPath = metadataFilename;
  if (metadataPath.empty()) {
    llvm::SmallString<128> path(llvm::sys::path::parent_path(outputFilename));
    llvm::sys::path::append(path, signature.name + ".json");
    metadataPath = std::string(path);
  }
  llvm::json::Value metadata(buildKernelMetadata(signature, module, options));
  return writeOutput(module, metadataPath,
                     llvm::formatv("{0:2}\n", metadata).str());
}

/// Compiles `module` as far as --emit asks and writes the result.
LogicalResult translate(ModuleOp module) {
  FailureOr<IRLevel> level = detectIRLevel(module);
  if (failed(level))
    return failure();
  FailureOr<CompileOptions> options = getCompileOptions(module, *level);
  if (failed(options))
    return failure();
  if (emit == Emit::Cubin && outputFilename == "-")
    return module.emitError(
        "--emit=cubin writes a binary file: give it with -o <file>");
  if (emit == Emit::TTGIR && *level == IRLevel::LLVM)
    return module.emitError(
        "--emit=ttgir needs TTIR or TTGIR input; this is LLVM dialect");
  if (!metadataFilename.empty() && *level == IRLevel::LLVM)
    return module.emitError(
        "--metadata needs TTIR or TTGIR input: LLVM dialect has no kernel "
        "signature");
  if (!metadataFilename.empty() && emit == Emit::TTGIR)
    return module.emitError(
        "--metadata needs --emit=llvm-mlir or later: shared memory is only "
        "known after lowering");

  if (*level == IRLevel::TTIR &&
      failed(runPasses(module, "ttir/ttgir",
                       [&](OpPassManager &pm, llvm::raw_ostream &errors) {
                         buildTTIRPipeline(pm, *options);
                         return buildTTGIRPipeline(pm, *options, errors);
                       })))
    return failure();
  if (*level == IRLevel::TTGIR && (gluonInput || isGluonModule(module)) &&
      failed(runPasses(module, "gluon_to_ttgir",
                       [&](OpPassManager &pm, llvm::raw_ostream &errors) {
                         return buildGluonPipeline(pm, *options, errors);
                       })))
    return failure();
  if (emit == Emit::TTGIR) {
    std::string text;
    llvm::raw_string_ostream os(text);
    module.print(os);
    return writeOutput(module, outputFilename, text);
  }

  // The kernel's signature, read before lowering: only TTIR/TTGIR has one.
  std::optional<KernelSignature> signature;
  if (*level != IRLevel::LLVM &&
      (emit == Emit::Cubin || !metadataFilename.empty())) {
    FailureOr<KernelSignature> fromModule = getKernelSignature(module);
    if (failed(fromModule))
      return failure();
    signature = std::move(*fromModule);
  }

  if (*level != IRLevel::LLVM &&
      failed(runPasses(module, "llir",
                       [&](OpPassManager &pm, llvm::raw_ostream &errors) {
                         return buildLLIRPipeline(pm, *options, errors);
                       })))
    return failure();
  FailureOr<std::string> result = emitFromLLVMDialect(module, *options);
  if (failed(result) || failed(writeOutput(module, outputFilename, *result)))
    return failure();

  if (signature)
    return writeMetadata(module, *signature, *options);
  if (emit == Emit::Cubin)
    module.emitWarning("no metadata JSON written: LLVM dialect input has no "
                       "kernel signature");
  return success();
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  // Passes first: --mlir-print-ir-after=<pass> parses against them.
  registerTritonPasses();
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  // libLLVM.so registers every backend's options; --help shows ours and
  // --help-hidden the rest (MLIR's --mlir-print-ir-after-all among them).
  llvm::cl::HideUnrelatedOptions(category);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "Triton translator: TTIR, TTGIR, a Gluon kernel or LLVM dialect to TTGIR, "
      "LLVM IR, PTX "
      "or cubin (--help-hidden: MLIR's and LLVM's options too)\n");

  DialectRegistry registry;
  registerTritonDialects(registry);
  registerTritonLLVMIRTranslations(registry);
  MLIRContext context(registry);
  // Errors name their location; the whole module after each is noise.
  context.printOpOnDiagnostic(false);

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << "triton-translate: " << errorMessage << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  const llvm::MemoryBuffer &source = *input;
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  if (failed(checkSourceForParser(source, &context)))
    return 1;
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;
  return failed(translate(*module)) ? 1 : 0;
}
