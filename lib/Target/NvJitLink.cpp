//===- NvJitLink.cpp - PTX to cubin in the process -----------------------===//
//
// libnvJitLink through dlopen: its C API (nvJitLink.h) is declared here with
// the types it uses, so that neither the CUDA headers nor the library are
// needed to build or to load this code.
//
//===----------------------------------------------------------------------===//
#include "Target/NvJitLink.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include <cstdlib>
#include <dlfcn.h>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

using namespace mlir;
using namespace mlir::triton;

namespace {

// nvJitLink.h's API, as CUDA 12 and 13 export it without version suffix.
using Handle = void *;
using Result = int; // nvJitLinkResult; 0 is NVJITLINK_SUCCESS
constexpr int kInputPTX = 2; // NVJITLINK_INPUT_PTX

struct NvJitLinkApi {
  Result (*create)(Handle *, uint32_t, const char **);
  Result (*destroy)(Handle *);
  Result (*addData)(Handle, int, const void *, size_t, const char *);
  Result (*complete)(Handle);
  Result (*getLinkedCubinSize)(Handle, size_t *);
  Result (*getLinkedCubin)(Handle, void *);
  Result (*getErrorLogSize)(Handle, size_t *);
  Result (*getErrorLog)(Handle, char *);
  Result (*getInfoLogSize)(Handle, size_t *);
  Result (*getInfoLog)(Handle, char *);
  Result (*version)(unsigned *, unsigned *);
  CudaRelease release;
};

/// The names nvJitLink's results have in nvJitLink.h.
const char *resultName(Result result) {
  static const char *names[] = {"NVJITLINK_SUCCESS",
                                "NVJITLINK_ERROR_UNRECOGNIZED_OPTION",
                                "NVJITLINK_ERROR_MISSING_ARCH",
                                "NVJITLINK_ERROR_INVALID_INPUT",
                                "NVJITLINK_ERROR_PTX_COMPILE",
                                "NVJITLINK_ERROR_NVVM_COMPILE",
                                "NVJITLINK_ERROR_INTERNAL",
                                "NVJITLINK_ERROR_THREADPOOL",
                                "NVJITLINK_ERROR_UNRECOGNIZED_INPUT",
                                "NVJITLINK_ERROR_FINALIZE",
                                "NVJITLINK_ERROR_NULL_INPUT",
                                "NVJITLINK_ERROR_INCOMPATIBLE_OPTIONS",
                                "NVJITLINK_ERROR_INCORRECT_INPUT_TYPE",
                                "NVJITLINK_ERROR_ARCH_MISMATCH",
                                "NVJITLINK_ERROR_OUTDATED_LIBRARY",
                                "NVJITLINK_ERROR_MISSING_FATBIN",
                                "NVJITLINK_ERROR_UNRECOGNIZED_ARCH",
                                "NVJITLINK_ERROR_UNSUPPORTED_ARCH",
                                "NVJITLINK_ERROR_LTO_NOT_ENABLED"};
  if (result >= 0 && result < (Result)std::size(names))
    return names[result];
  return "an unknown nvJitLink result";
}

/// Opens the library and resolves the API; the message says why not.
struct Loaded {
  NvJitLinkApi api;
  std::string error;
};

Loaded load() {
  Loaded loaded;
  llvm::SmallVector<std::string> candidates;
  const char *env = std::getenv("TRITON_NVJITLINK_PATH");
  if (env && *env)
    candidates.push_back(env);
  else
    candidates = {"libnvJitLink.so.13", "libnvJitLink.so.12",
                  "libnvJitLink.so", "/usr/local/cuda/lib64/libnvJitLink.so"};
  void *library = nullptr;
  std::string tried;
  for (const std::string &path : candidates) {
    library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library)
      break;
    const char *why = dlerror();
    tried += "\n  " + path + ": " + (why ? why : "not loaded");
  }
  if (!library) {
    loaded.error = "libnvJitLink could not be opened" +
                   std::string(env && *env ? " (TRITON_NVJITLINK_PATH)" : "") +
                   ":" + tried;
    return loaded;
  }
  NvJitLinkApi &api = loaded.api;
  // POSIX dlsym hands out functions as void *.
  struct Symbol {
    const char *name;
    void **slot;
  } symbols[] = {
      {"nvJitLinkCreate", reinterpret_cast<void **>(&api.create)},
      {"nvJitLinkDestroy", reinterpret_cast<void **>(&api.destroy)},
      {"nvJitLinkAddData", reinterpret_cast<void **>(&api.addData)},
      {"nvJitLinkComplete", reinterpret_cast<void **>(&api.complete)},
      {"nvJitLinkGetLinkedCubinSize",
       reinterpret_cast<void **>(&api.getLinkedCubinSize)},
      {"nvJitLinkGetLinkedCubin",
       reinterpret_cast<void **>(&api.getLinkedCubin)},
      {"nvJitLinkGetErrorLogSize",
       reinterpret_cast<void **>(&api.getErrorLogSize)},
      {"nvJitLinkGetErrorLog", reinterpret_cast<void **>(&api.getErrorLog)},
      {"nvJitLinkGetInfoLogSize",
       reinterpret_cast<void **>(&api.getInfoLogSize)},
      {"nvJitLinkGetInfoLog", reinterpret_cast<void **>(&api.getInfoLog)},
      {"nvJitLinkVersion", reinterpret_cast<void **>(&api.version)},
  };
  for (const Symbol &symbol : symbols) {
    *symbol.slot = dlsym(library, symbol.name);
    if (!*symbol.slot) {
      loaded.error = std::string("libnvJitLink has no ") + symbol.name;
      return loaded;
    }
  }
  unsigned major = 0, minor = 0;
  if (Result result = api.version(&major, &minor)) {
    loaded.error =
        std::string("nvJitLinkVersion failed: ") + resultName(result);
    return loaded;
  }
  api.release = {(int)major, (int)minor};
  return loaded;
}

/// The library, opened on first use (per value of TRITON_NVJITLINK_PATH:
/// the answer for one path is kept for the life of the process).
const Loaded &library() {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<Loaded>> opened;
  const char *env = std::getenv("TRITON_NVJITLINK_PATH");
  std::string key = env ? env : "";
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<Loaded> &entry = opened[key];
  if (!entry)
    entry = std::make_unique<Loaded>(load());
  return *entry;
}

/// Reads one of nvJitLink's logs (error or info).
std::string readLog(Handle handle, Result (*size)(Handle, size_t *),
                    Result (*read)(Handle, char *)) {
  size_t bytes = 0;
  if (size(handle, &bytes) || bytes == 0)
    return "";
  std::string log(bytes, '\0');
  if (read(handle, log.data()))
    return "";
  while (!log.empty() && log.back() == '\0')
    log.pop_back();
  return log;
}

} // namespace

std::optional<int> mlir::triton::getDriverCudaVersion() {
  static const std::optional<int> version = []() -> std::optional<int> {
    void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!cuda)
      return std::nullopt;
    using GetVersion = int (*)(int *);
    auto get = reinterpret_cast<GetVersion>(dlsym(cuda, "cuDriverGetVersion"));
    int value = 0;
    std::optional<int> result;
    if (get && get(&value) == 0 && value > 0)
      result = value;
    // Left open: a driver library is not made to be unloaded, and the
    // process that asks will most likely launch through it.
    return result;
  }();
  return version;
}

llvm::Expected<CudaRelease> mlir::triton::getNvJitLinkRelease() {
  const Loaded &loaded = library();
  if (!loaded.error.empty())
    return llvm::createStringError(loaded.error);
  return loaded.api.release;
}

std::vector<std::string>
mlir::triton::getNvJitLinkOptions(const CompileOptions &options) {
  // Triton's ptxas command line without the program and the files.
  std::vector<std::string> command =
      getPtxasCommand("ptxas", options, "kernel.ptx", "kernel.cubin");
  std::vector<std::string> result;
  for (llvm::StringRef arg :
       llvm::ArrayRef<std::string>(command).drop_front().drop_back(3)) {
    if (arg == "-lineinfo")
      result.push_back(arg.str());
    else if (arg.consume_front("--gpu-name="))
      result.push_back(("-arch=" + arg).str());
    else
      result.push_back(("-Xptxas=" + arg).str());
  }
  // nvJitLink keeps what it compiled and returns it for the same input
  // later, across processes: a kernel compiled again (an autotuner's
  // config, a benchmark) would cost about nothing, which no ptxas run
  // matches. Every assembly is a real one, as with ptxas; the runtime and
  // Triton have caches of their own.
  result.push_back("-no-cache");
  return result;
}

llvm::Expected<Cubin>
mlir::triton::compilePTXWithNvJitLink(llvm::StringRef ptx,
                                      const CompileOptions &options) {
  const Loaded &loaded = library();
  if (!loaded.error.empty())
    return llvm::createStringError(loaded.error);
  const NvJitLinkApi &api = loaded.api;
  std::vector<std::string> optionText = getNvJitLinkOptions(options);
  std::vector<const char *> argv;
  for (const std::string &option : optionText)
    argv.push_back(option.c_str());

  Handle handle = nullptr;
  auto failed = [&](const char *what, Result result) -> llvm::Error {
    std::string log;
    if (handle)
      log = readLog(handle, api.getErrorLogSize, api.getErrorLog);
    std::string message = std::string("nvJitLink ") + what + " failed (" +
                          resultName(result) + ") with options " +
                          llvm::join(optionText, " ");
    if (!log.empty())
      message += "\n" + log;
    if (handle)
      api.destroy(&handle);
    return llvm::createStringError(message);
  };
  if (Result result = api.create(&handle, argv.size(), argv.data()))
    return failed("create", result);
  // nvJitLink reads PTX as a NUL-terminated string.
  std::string text = ptx.str();
  if (Result result = api.addData(handle, kInputPTX, text.c_str(),
                                  text.size() + 1, "kernel.ptx"))
    return failed("add (PTX)", result);
  if (Result result = api.complete(handle))
    return failed("link", result);
  size_t size = 0;
  if (Result result = api.getLinkedCubinSize(handle, &size))
    return failed("get the cubin size", result);
  Cubin cubin;
  cubin.binary.resize(size);
  if (Result result = api.getLinkedCubin(handle, cubin.binary.data()))
    return failed("get the cubin", result);
  cubin.log = readLog(handle, api.getInfoLogSize, api.getInfoLog);
  api.destroy(&handle);
  return cubin;
}

llvm::Expected<bool> mlir::triton::usesNvJitLink(const CompileOptions &options) {
  switch (options.assembler) {
  case Assembler::Ptxas:
    return false;
  case Assembler::NvJitLink: {
    llvm::Expected<CudaRelease> release = getNvJitLinkRelease();
    if (!release)
      return release.takeError();
    return true;
  }
  case Assembler::Auto: {
    const Loaded &loaded = library();
    if (!loaded.error.empty())
      return false;
    // A cubin from a newer CUDA's assembler may not load on an older
    // driver: where the driver is older than nvJitLink, Auto takes ptxas.
    std::optional<int> driver = getDriverCudaVersion();
    const CudaRelease &release = loaded.api.release;
    return !driver || release.major * 1000 + release.minor * 10 <= *driver;
  }
  }
  return false;
}

llvm::Expected<Cubin> mlir::triton::assemblePTX(llvm::StringRef ptx,
                                                const CompileOptions &options) {
  llvm::Expected<bool> inProcess = usesNvJitLink(options);
  if (!inProcess)
    return inProcess.takeError();
  if (*inProcess)
    return compilePTXWithNvJitLink(ptx, options);
  return compilePTXToCubin(ptx, options);
}
