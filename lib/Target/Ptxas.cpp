//===- Ptxas.cpp - PTX to cubin by running ptxas --------------------------===//
#include "Target/Ptxas.h"
#include "Target/NVPTX.h"
#include "Target/NvJitLink.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <map>
#include <mutex>

using namespace mlir;
using namespace mlir::triton;

namespace {

/// `arg` as a POSIX shell reads it back: bare when it holds only safe
/// characters, single-quoted otherwise.
std::string quoteForShell(llvm::StringRef arg) {
  bool safe = !arg.empty() && llvm::all_of(arg, [](char c) {
    return llvm::isAlnum(c) || llvm::StringRef("_-+=./:,@%").contains(c);
  });
  if (safe)
    return arg.str();
  std::string quoted = "'";
  for (char c : arg) {
    if (c == '\'')
      quoted += "'\\''";
    else
      quoted += c;
  }
  return quoted + "'";
}

std::string joinCommand(llvm::ArrayRef<std::string> command) {
  return llvm::join(llvm::map_range(command, quoteForShell), " ");
}

/// A temporary file named after the kernel, e.g. /tmp/add_kernel-1a2b3c.ptx.
llvm::Expected<std::string> makeTemporary(llvm::StringRef prefix,
                                          llvm::StringRef suffix) {
  llvm::SmallString<128> path;
  if (std::error_code error =
          llvm::sys::fs::createTemporaryFile(prefix, suffix, path))
    return llvm::createStringError(error, "cannot create a temporary ." +
                                              suffix +
                                              " file: " + error.message());
  return std::string(path);
}

/// Removes the temporary files it holds when it goes out of scope, except
/// the ones released (kept for a reproducer).
class TemporaryFiles {
public:
  ~TemporaryFiles() {
    for (const std::string &path : paths)
      (void)llvm::sys::fs::remove(path);
  }
  void add(const std::string &path) { paths.push_back(path); }
  void keep(const std::string &path) { llvm::erase(paths, path); }

private:
  std::vector<std::string> paths;
};

} // namespace

llvm::Expected<std::string>
mlir::triton::findPtxas(const CompileOptions &options) {
  auto checked = [](const std::string &path,
                    llvm::StringRef from) -> llvm::Expected<std::string> {
    if (llvm::sys::fs::can_execute(path))
      return path;
    return llvm::createStringError("ptxas given by " + from + " ('" + path +
                                   "') is not an executable file");
  };
  if (!options.ptxasPath.empty())
    return checked(options.ptxasPath, "--ptxas-path");
  if (const char *env = std::getenv("TRITON_PTXAS_PATH"))
    if (*env)
      return checked(env, "TRITON_PTXAS_PATH");
  if (llvm::sys::fs::can_execute(kDefaultPtxasPath))
    return std::string(kDefaultPtxasPath);
  if (llvm::ErrorOr<std::string> onPath = llvm::sys::findProgramByName("ptxas"))
    return *onPath;
  return llvm::createStringError(
      llvm::Twine("ptxas not found: not at ") + kDefaultPtxasPath +
      " nor on PATH (give it with --ptxas-path or TRITON_PTXAS_PATH)");
}

std::optional<CudaRelease>
mlir::triton::parsePtxasVersionText(llvm::StringRef text) {
  // "Cuda compilation tools, release 12.8, V12.8.93"
  size_t at = text.find("release ");
  if (at == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef rest = text.drop_front(at).drop_front(llvm::StringRef("release ").size());
  CudaRelease release;
  if (rest.consumeInteger(10, release.major) || !rest.consume_front(".") ||
      rest.consumeInteger(10, release.minor))
    return std::nullopt;
  return release;
}

llvm::Expected<CudaRelease>
mlir::triton::getPtxasRelease(llvm::StringRef ptxas) {
  static std::mutex mutex;
  static std::map<std::string, CudaRelease> known;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = known.find(ptxas.str());
    if (it != known.end())
      return it->second;
  }
  TemporaryFiles temporaries;
  llvm::Expected<std::string> logFile = makeTemporary("ptxas-version", "txt");
  if (!logFile)
    return logFile.takeError();
  temporaries.add(*logFile);
  llvm::StringRef argv[] = {ptxas, "--version"};
  std::optional<llvm::StringRef> redirects[] = {
      std::nullopt, llvm::StringRef(*logFile), llvm::StringRef(*logFile)};
  std::string executeError;
  int status = llvm::sys::ExecuteAndWait(ptxas, argv, std::nullopt, redirects,
                                         /*SecondsToWait=*/60,
                                         /*MemoryLimit=*/0, &executeError);
  std::string text;
  if (llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
          llvm::MemoryBuffer::getFile(*logFile))
    text = (*buffer)->getBuffer().str();
  if (status != 0)
    return llvm::createStringError(
        "'" + ptxas + " --version' failed" +
        (executeError.empty() ? "" : ": " + executeError));
  std::optional<CudaRelease> release = parsePtxasVersionText(text);
  if (!release)
    return llvm::createStringError("'" + ptxas +
                                   " --version' names no CUDA release: " +
                                   llvm::StringRef(text).trim());
  std::lock_guard<std::mutex> lock(mutex);
  known[ptxas.str()] = *release;
  return *release;
}

std::optional<int> mlir::triton::getPTXVersionForCuda(CudaRelease release) {
  if (release.major >= 13)
    return 90 + (release.major - 13) * 10 + release.minor;
  if (release.major == 12)
    return release.minor < 6 ? 80 + release.minor : 79 + release.minor;
  if (release.major == 11)
    return 70 + release.minor;
  return std::nullopt;
}

llvm::Error mlir::triton::resolvePTXVersion(CompileOptions &options,
                                            bool needPtxas) {
  if (options.ptxVersion != 0 && !needPtxas)
    return llvm::Error::success();
  // The assembler in use bounds the version: nvJitLink's own ptxas, or the
  // ptxas that runs.
  std::string assembler;
  llvm::Expected<bool> inProcess = usesNvJitLink(options);
  if (!inProcess) {
    if (needPtxas)
      return inProcess.takeError();
    llvm::consumeError(inProcess.takeError());
    inProcess = false;
  }
  std::optional<CudaRelease> found;
  if (*inProcess) {
    llvm::Expected<CudaRelease> release = getNvJitLinkRelease();
    if (!release)
      return release.takeError();
    found = *release;
    assembler = "nvJitLink";
  } else {
    llvm::Expected<std::string> ptxas = findPtxas(options);
    if (!ptxas) {
      if (needPtxas)
        return ptxas.takeError();
      llvm::consumeError(ptxas.takeError());
      options.ptxVersion = kDefaultPTXVersion;
      return llvm::Error::success();
    }
    llvm::Expected<CudaRelease> release = getPtxasRelease(*ptxas);
    if (!release)
      return release.takeError();
    found = *release;
    assembler = "ptxas " + *ptxas;
  }
  CudaRelease release = *found;
  std::optional<int> newest = getPTXVersionForCuda(release);
  auto releaseText = [&] {
    return std::to_string(release.major) + "." +
           std::to_string(release.minor);
  };
  if (!newest)
    return llvm::createStringError(assembler + " is CUDA " + releaseText() +
                                   ": Triton supports CUDA 11.0 or later");
  if (options.ptxVersion == 0) {
    options.ptxVersion = *newest;
    return llvm::Error::success();
  }
  if (options.ptxVersion > *newest)
    return llvm::createStringError(
        "PTX ISA " + std::to_string(options.ptxVersion / 10) + "." +
        std::to_string(options.ptxVersion % 10) + " was asked for, but " +
        assembler + " (CUDA " + releaseText() + ") accepts PTX ISA " +
        std::to_string(*newest / 10) + "." + std::to_string(*newest % 10) +
        " at most");
  return llvm::Error::success();
}

std::vector<std::string> mlir::triton::getPtxasCommand(
    llvm::StringRef ptxas, const CompileOptions &options,
    llvm::StringRef ptxFile, llvm::StringRef cubinFile) {
  std::vector<std::string> command = {ptxas.str(), "-lineinfo", "-v",
                                      "--gpu-name=" + options.getBinaryArch()};
  if (!options.enableFpFusion)
    command.push_back("--fmad=false");
  llvm::SmallVector<llvm::StringRef> extra;
  llvm::StringRef(options.ptxasOptions)
      .split(extra, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (llvm::StringRef option : extra)
    command.push_back(option.str());
  command.push_back(ptxFile.str());
  command.push_back("-o");
  command.push_back(cubinFile.str());
  return command;
}

llvm::Expected<Cubin>
mlir::triton::compilePTXToCubin(llvm::StringRef ptx,
                                const CompileOptions &options) {
  llvm::Expected<std::string> ptxas = findPtxas(options);
  if (!ptxas)
    return ptxas.takeError();
  llvm::SmallVector<std::string> entries = getPTXEntryNames(ptx);
  std::string prefix = entries.size() == 1 ? entries.front() : "triton";

  TemporaryFiles temporaries;
  llvm::Expected<std::string> ptxFile = makeTemporary(prefix, "ptx");
  if (!ptxFile)
    return ptxFile.takeError();
  temporaries.add(*ptxFile);
  llvm::Expected<std::string> cubinFile = makeTemporary(prefix, "cubin");
  if (!cubinFile)
    return cubinFile.takeError();
  temporaries.add(*cubinFile);
  llvm::Expected<std::string> logFile = makeTemporary(prefix, "log");
  if (!logFile)
    return logFile.takeError();
  temporaries.add(*logFile);

  {
    std::error_code error;
    llvm::raw_fd_ostream os(*ptxFile, error);
    if (error)
      return llvm::createStringError(error, "cannot write " + *ptxFile + ": " +
                                                error.message());
    os << ptx;
  }

  std::vector<std::string> command =
      getPtxasCommand(*ptxas, options, *ptxFile, *cubinFile);
  llvm::SmallVector<llvm::StringRef> argv(command.begin(), command.end());
  std::optional<llvm::StringRef> redirects[] = {
      std::nullopt, llvm::StringRef(*logFile), llvm::StringRef(*logFile)};
  std::string executeError;
  int status = llvm::sys::ExecuteAndWait(*ptxas, argv, std::nullopt, redirects,
                                         /*SecondsToWait=*/0,
                                         /*MemoryLimit=*/0, &executeError);
  std::string log;
  if (llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
          llvm::MemoryBuffer::getFile(*logFile))
    log = (*buffer)->getBuffer().str();

  if (status != 0) {
    temporaries.keep(*ptxFile);
    std::string message;
    llvm::raw_string_ostream os(message);
    if (status < 0)
      os << "ptxas did not run to completion"
         << (executeError.empty() ? "" : ": " + executeError);
    else
      os << "ptxas failed with exit code " << status;
    os << "\n" << log;
    if (!log.empty() && log.back() != '\n')
      os << "\n";
    os << "reproduce with: " << joinCommand(command);
    return llvm::createStringError(message);
  }

  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> binary =
      llvm::MemoryBuffer::getFile(*cubinFile, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!binary)
    return llvm::createStringError(binary.getError(),
                                   "ptxas wrote no cubin at " + *cubinFile);
  return Cubin{(*binary)->getBuffer().str(), log};
}
