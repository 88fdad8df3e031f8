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
#include <algorithm>
#include <cstdlib>
#include <map>
#include <mutex>
#include <system_error>

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
  if (!options.lineInfo)
    command.insert(command.begin() + 2, "-suppress-debug-info");
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

std::optional<PtxasUsage>
mlir::triton::parsePtxasUsage(llvm::StringRef log) {
  PtxasUsage usage;
  bool sawRegisters = false;
  // "N bytes stack frame, N bytes spill stores, N bytes spill loads" and
  // "Used N registers, ...", once per function.
  auto numberBefore = [](llvm::StringRef line, llvm::StringRef what,
                         int &value) {
    size_t at = line.find(what);
    if (at == llvm::StringRef::npos)
      return false;
    llvm::StringRef head = line.take_front(at).rtrim();
    size_t space = head.find_last_of(" \t,:");
    llvm::StringRef digits =
        space == llvm::StringRef::npos ? head : head.drop_front(space + 1);
    return !digits.getAsInteger(10, value);
  };
  llvm::SmallVector<llvm::StringRef> lines;
  log.split(lines, '\n');
  for (llvm::StringRef line : lines) {
    int value = 0;
    if (numberBefore(line, " bytes spill stores", value))
      usage.spillStoreBytes += value;
    if (numberBefore(line, " bytes spill loads", value))
      usage.spillLoadBytes += value;
    size_t used = line.find("Used ");
    if (used != llvm::StringRef::npos) {
      llvm::StringRef rest = line.drop_front(used + 5);
      int registers = 0;
      if (!rest.consumeInteger(10, registers) &&
          rest.starts_with(" registers")) {
        usage.registers = std::max(usage.registers, registers);
        sawRegisters = true;
      }
    }
  }
  if (!sawRegisters)
    return std::nullopt;
  return usage;
}

bool mlir::triton::shouldRetryForSpills(const PtxasUsage &usage,
                                        llvm::StringRef ptx,
                                        llvm::StringRef ptxasOptions) {
  if (usage.spillStoreBytes == 0 || usage.registers >= 255)
    return false;
  if (ptx.contains(".maxnreg") || ptx.contains(".minnctapersm"))
    return false;
  for (llvm::StringRef bound : {"maxrregcount", "register-usage-level"})
    if (ptxasOptions.contains(bound))
      return false;
  return true;
}

namespace {

/// One ptxas run: its exit status (negative when it did not run to
/// completion) and what it printed.
struct PtxasRun {
  int status = 0;
  std::string executeError;
  std::string log;
};

PtxasRun runPtxas(llvm::StringRef ptxas, llvm::ArrayRef<std::string> command,
                  llvm::StringRef logFile) {
  llvm::SmallVector<llvm::StringRef> argv(command.begin(), command.end());
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, logFile,
                                                logFile};
  PtxasRun run;
  run.status = llvm::sys::ExecuteAndWait(ptxas, argv, std::nullopt, redirects,
                                         /*SecondsToWait=*/0,
                                         /*MemoryLimit=*/0, &run.executeError);
  if (llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
          llvm::MemoryBuffer::getFile(logFile))
    run.log = (*buffer)->getBuffer().str();
  return run;
}

llvm::ErrorOr<std::string> readBinary(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> binary =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!binary)
    return binary.getError();
  return (*binary)->getBuffer().str();
}

} // namespace

llvm::Expected<Cubin>
mlir::triton::compilePTXToCubin(llvm::StringRef ptx,
                                const CompileOptions &options) {
  llvm::Expected<std::string> ptxas = findPtxas(options);
  if (!ptxas)
    return ptxas.takeError();
  llvm::SmallVector<std::string> entries = getPTXEntryNames(ptx);
  std::string prefix = entries.size() == 1 ? entries.front() : "triton";

  TemporaryFiles temporaries;
  auto temporary = [&](llvm::StringRef suffix) -> llvm::Expected<std::string> {
    llvm::Expected<std::string> path = makeTemporary(prefix, suffix);
    if (path)
      temporaries.add(*path);
    return path;
  };
  llvm::Expected<std::string> ptxFile = temporary("ptx");
  if (!ptxFile)
    return ptxFile.takeError();
  llvm::Expected<std::string> cubinFile = temporary("cubin");
  if (!cubinFile)
    return cubinFile.takeError();
  llvm::Expected<std::string> logFile = temporary("log");
  if (!logFile)
    return logFile.takeError();

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
  PtxasRun run = runPtxas(*ptxas, command, *logFile);
  if (run.status != 0) {
    temporaries.keep(*ptxFile);
    std::string message;
    llvm::raw_string_ostream os(message);
    if (run.status < 0)
      os << "ptxas did not run to completion"
         << (run.executeError.empty() ? "" : ": " + run.executeError);
    else
      os << "ptxas failed with exit code " << run.status;
    // The log's first error on the same line: a one-line reason (a log
    // line, a fallback table) then says why.
    llvm::SmallVector<llvm::StringRef> logLines;
    llvm::StringRef(run.log).split(logLines, '\n');
    for (llvm::StringRef line : logLines)
      if (line.contains("error") || line.contains("fatal")) {
        os << ": " << line.trim();
        break;
      }
    os << "\n" << run.log;
    if (!run.log.empty() && run.log.back() != '\n')
      os << "\n";
    os << "reproduce with: " << joinCommand(command);
    return llvm::createStringError(message);
  }

  llvm::ErrorOr<std::string> binary = readBinary(*cubinFile);
  if (!binary)
    return llvm::createStringError(binary.getError(),
                                   "ptxas wrote no cubin at " + *cubinFile);
  Cubin cubin{std::move(*binary), std::move(run.log)};

  std::optional<PtxasUsage> usage = parsePtxasUsage(cubin.log);
  if (!usage || !shouldRetryForSpills(*usage, ptx, options.ptxasOptions))
    return cubin;
  // ptxas chose a register budget that spills. Ask for its most generous
  // tier; keep whichever cubin spills less. A ptxas that does not know the
  // option fails here, and the first cubin stands.
  llvm::Expected<std::string> retryCubinFile = temporary("cubin");
  llvm::Expected<std::string> retryLogFile = temporary("log");
  if (!retryCubinFile || !retryLogFile) {
    llvm::consumeError(retryCubinFile.takeError());
    llvm::consumeError(retryLogFile.takeError());
    return cubin;
  }
  std::vector<std::string> retryCommand =
      getPtxasCommand(*ptxas, options, *ptxFile, *retryCubinFile);
  retryCommand.insert(retryCommand.end() - 3, kSpillRetryOption);
  PtxasRun retry = runPtxas(*ptxas, retryCommand, *retryLogFile);
  std::optional<PtxasUsage> retryUsage;
  if (retry.status == 0)
    retryUsage = parsePtxasUsage(retry.log);
  llvm::ErrorOr<std::string> retryBinary =
      retryUsage ? readBinary(*retryCubinFile)
                 : llvm::ErrorOr<std::string>(
                       std::make_error_code(std::errc::io_error));
  if (!retryBinary ||
      retryUsage->spillStoreBytes >= usage->spillStoreBytes) {
    cubin.log += "ptxas spilled " + std::to_string(usage->spillStoreBytes) +
                 " bytes at " + std::to_string(usage->registers) +
                 " registers; " + kSpillRetryOption + " did not spill less, " +
                 "kept the first cubin\n";
    return cubin;
  }
  Cubin kept{std::move(*retryBinary), std::move(retry.log)};
  kept.log += "ptxas spilled " + std::to_string(usage->spillStoreBytes) +
              " bytes at " + std::to_string(usage->registers) +
              " registers; kept the cubin assembled with " +
              kSpillRetryOption + " (" +
              std::to_string(retryUsage->registers) + " registers, " +
              std::to_string(retryUsage->spillStoreBytes) +
              " bytes spilled)\n";
  return kept;
}
