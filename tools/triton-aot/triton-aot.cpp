//===- triton-aot.cpp - Triton kernels as C launchers and dispatchers -----===//
//
// `triton-aot compile` turns a TTIR/TTGIR kernel into a C header and source
// that embed its cubin(s) and launch it; `triton-aot link` turns the headers
// of several variants into one header and source with dispatchers per algo.
// docs/aot.md describes both and the generated C API.
//
//===----------------------------------------------------------------------===//
#include "Pipeline/SourceCheck.h"
#include "AOT/Compile.h"
#include "AOT/EmitC.h"
#include "AOT/Manifest.h"
#include "Pipeline/Registration.h"
#include "Target/LLVMIR.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

llvm::cl::SubCommand
    compileCommand("compile",
                   "Compile a TTIR/TTGIR kernel into a C launcher (.h/.c)");
llvm::cl::SubCommand
    linkCommand("link",
                "Link launcher headers into one C library with dispatchers");

// compile
llvm::cl::opt<std::string> input(llvm::cl::Positional, llvm::cl::Required,
                                 llvm::cl::desc("<kernel.ttir|.ttgir>"),
                                 llvm::cl::sub(compileCommand));
llvm::cl::opt<std::string>
    outName("name",
            llvm::cl::desc("C name of the kernel family (default: the "
                           "kernel's name)"),
            llvm::cl::sub(compileCommand));
llvm::cl::alias outNameShort("n", llvm::cl::aliasopt(outName));
llvm::cl::opt<std::string>
    outDir("o", llvm::cl::desc("Output directory (default .)"),
           llvm::cl::value_desc("dir"), llvm::cl::init("."),
           llvm::cl::sub(compileCommand));
llvm::cl::opt<std::string>
    grid("grid", llvm::cl::Required,
         llvm::cl::desc("Launch grid: up to three C expressions over integer "
                        "parameters, e.g. \"cdiv(n, 1024), 1, 1\""),
         llvm::cl::sub(compileCommand));
llvm::cl::opt<int> numWarps("num-warps",
                            llvm::cl::desc("Warps per CTA (default 4; TTGIR: "
                                           "its own)"),
                            llvm::cl::sub(compileCommand));
llvm::cl::opt<int> numCtas("num-ctas",
                           llvm::cl::desc("CTAs per program, launched as a "
                                          "cluster (default 1; TTGIR: its "
                                          "own)"),
                           llvm::cl::sub(compileCommand));
llvm::cl::opt<int> numStages("num-stages",
                             llvm::cl::desc("Software pipelining stages"),
                             llvm::cl::init(3), llvm::cl::sub(compileCommand));
llvm::cl::list<std::string>
    targets("target",
            llvm::cl::desc("GPU target, repeatable: sm_90a (default), sm_80, "
                           "sm_89, cuda:90; the library picks the cubin that "
                           "runs on the device"),
            llvm::cl::sub(compileCommand));
llvm::cl::list<std::string>
    hints("hint",
          llvm::cl::desc("Specialization on top of the IR's, repeatable: "
                         "<param>=16 (divisible by 16), <param>=1 (folded as "
                         "the constant 1), <param>=none (no hint)"),
          llvm::cl::sub(compileCommand));
llvm::cl::opt<std::string>
    prefix("prefix", llvm::cl::desc("Prefix of every exported C symbol"),
           llvm::cl::sub(compileCommand));
llvm::cl::opt<std::string> algoInfo(
    "algo-info",
    llvm::cl::desc("Description of the algo's constants, e.g. BLOCK=1024 "
                   "(part of the algo's identity)"),
    llvm::cl::sub(compileCommand));
llvm::cl::opt<std::string> ptxasPath("ptxas-path",
                                     llvm::cl::desc("ptxas to run"),
                                     llvm::cl::sub(compileCommand));
llvm::cl::opt<std::string> assembler(
    "assembler",
    llvm::cl::desc("PTX to cubin with 'ptxas' (a child process, the "
                   "default), 'nvjitlink' (libnvJitLink in this process) or "
                   "'auto' (nvJitLink where it loads)"),
    llvm::cl::init("ptxas"), llvm::cl::sub(compileCommand));
llvm::cl::opt<std::string> libdevicePath("libdevice-path",
                                         llvm::cl::desc("libdevice bitcode"),
                                         llvm::cl::sub(compileCommand));

// link
llvm::cl::list<std::string> headers(llvm::cl::Positional, llvm::cl::OneOrMore,
                                    llvm::cl::desc("<variant headers>"),
                                    llvm::cl::sub(linkCommand));
llvm::cl::opt<std::string>
    outBase("o", llvm::cl::Required,
            llvm::cl::desc("Output base path: writes <path>.h and <path>.c"),
            llvm::cl::value_desc("path"), llvm::cl::sub(linkCommand));

int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "triton-aot") << message << "\n";
  return 1;
}

/// Writes `contents` to `path`, creating its directory.
bool writeFile(llvm::StringRef path, llvm::StringRef contents) {
  llvm::StringRef directory = llvm::sys::path::parent_path(path);
  if (!directory.empty())
    if (std::error_code ec = llvm::sys::fs::create_directories(directory)) {
      fail("cannot create directory '" + directory + "': " + ec.message());
      return false;
    }
  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(path, &error);
  if (!file) {
    fail(error);
    return false;
  }
  file->os() << contents;
  file->keep();
  return true;
}

int runCompile() {
  DialectRegistry registry;
  registerTritonDialects(registry);
  registerTritonLLVMIRTranslations(registry);
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> buffer = openInputFile(input, &error);
  if (!buffer)
    return fail(error);
  llvm::SourceMgr sourceMgr;
  const llvm::MemoryBuffer &source = *buffer;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  if (failed(checkSourceForParser(source, &context)))
    return 1;
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;

  aot::CompileConfig config;
  config.name = outName;
  config.prefix = prefix;
  config.grid = grid;
  config.hints.assign(hints.begin(), hints.end());
  if (numWarps.getNumOccurrences())
    config.numWarps = numWarps;
  config.numStages = numStages;
  if (numCtas.getNumOccurrences())
    config.numCtas = numCtas;
  config.targets.assign(targets.begin(), targets.end());
  config.algoInfo = algoInfo;
  config.ptxasPath = ptxasPath;
  config.libdevicePath = libdevicePath;
  if (std::optional<Assembler> chosen = parseAssembler(assembler))
    config.assembler = *chosen;
  else
    return fail("unknown --assembler '" + assembler +
                "' (expected ptxas, nvjitlink or auto)");
  if (config.algoInfo.find("*/") != std::string::npos ||
      llvm::any_of(config.algoInfo,
                   [](char c) { return c < 0x20 || c > 0x7e; }))
    return fail("--algo-info must be printable ASCII without '*/'");

  FailureOr<aot::Variant> variant = aot::compileVariant(*module, config);
  if (failed(variant))
    return 1;
  llvm::Expected<aot::CFiles> files =
      aot::emitVariant(*variant, llvm::sys::path::filename(input));
  if (!files)
    return fail(llvm::toString(files.takeError()));
  llvm::SmallString<256> headerPath(outDir), sourcePath(outDir);
  llvm::sys::path::append(headerPath, files->headerName);
  llvm::sys::path::append(sourcePath, files->sourceName);
  if (!writeFile(headerPath, files->header) ||
      !writeFile(sourcePath, files->source))
    return 1;
  llvm::outs() << headerPath << "\n";
  return 0;
}

int runLink() {
  std::vector<aot::Variant> variants;
  std::vector<std::string> origins;
  for (const std::string &path : headers) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
        llvm::MemoryBuffer::getFile(path);
    if (!buffer)
      return fail("cannot read '" + path + "': " + buffer.getError().message());
    llvm::Expected<aot::Variant> variant =
        aot::parseManifest((*buffer)->getBuffer(), path);
    if (!variant)
      return fail(llvm::toString(variant.takeError()));
    variants.push_back(std::move(*variant));
    origins.push_back(path);
  }
  llvm::StringRef base = llvm::sys::path::filename(outBase);
  if (!aot::isUsableCName(base))
    return fail("-o " + outBase + ": the file name '" + base +
                "' must be a C identifier (it names the header guard)");
  llvm::Expected<aot::CFiles> files = aot::emitLibrary(variants, origins, base);
  if (!files)
    return fail(llvm::toString(files.takeError()));
  if (!writeFile(outBase + ".h", files->header) ||
      !writeFile(outBase + ".c", files->source))
    return 1;
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  registerTritonPasses();
  llvm::cl::HideUnrelatedOptions({});
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "triton-aot: Triton kernels as C launchers and dispatchers\n\n"
      "  triton-aot compile kernel.ttir --grid \"cdiv(n, 1024)\" -o out/\n"
      "  triton-aot link out/*.h -o out/kernels\n");
  if (compileCommand)
    return runCompile();
  if (linkCommand)
    return runLink();
  return fail("give a subcommand: compile or link (see --help)");
}
