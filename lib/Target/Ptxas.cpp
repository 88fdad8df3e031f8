//===- Ptxas.cpp - PTX to cubin by running ptxas --------------------------===//
#include "Target/Ptxas.h"
#include "Target/NVPTX.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

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

std::vector<std::string> mlir::triton::getPtxasCommand(
    llvm::StringRef ptxas, const CompileOptions &options,
    llvm::StringRef ptxFile, llvm::StringRef cubinFile) {
  std::vector<std::string> command = {ptxas.str(), "-lineinfo", "-v",
                                      "--gpu-name=" + options.getArch()};
  if (!options.enableFpFusion)
    command.push_back("--fmad=false");
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
