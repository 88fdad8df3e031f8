//===- CudaDriver.cpp - dlopen libcuda.so.1 and resolve its functions -----===//
#include "Runtime/CudaDriver.h"

#include <cstdlib>
#include <dlfcn.h>
#include <mutex>
#include <string>

using namespace triton::runtime;

// cuda.h maps API names to versioned symbols (cuMemAlloc -> cuMemAlloc_v2);
// stringizing after expansion gives the symbol the header means.
#define TRITON_RT_STRINGIZE(x) #x
#define TRITON_RT_SYMBOL(x) TRITON_RT_STRINGIZE(x)

Status CudaDriver::check(CUresult result, const char *what) const {
  if (result == CUDA_SUCCESS)
    return Status::success();
  const char *name = nullptr, *text = nullptr;
  if (cuGetErrorName)
    cuGetErrorName(result, &name);
  if (cuGetErrorString)
    cuGetErrorString(result, &text);
  return Status(StatusCode::CudaError,
                std::string(what) + " failed: " +
                    (name ? name : "CUresult " + std::to_string(int(result))) +
                    (text ? std::string(" (") + text + ")" : std::string()));
}

namespace {

struct LoadedDriver {
  CudaDriver driver;
  Status status;
};

LoadedDriver loadDriver() {
  LoadedDriver loaded;
  const char *override = std::getenv("TRITON_RUNTIME_LIBCUDA");
  std::string library = override && *override ? override : "libcuda.so.1";
  void *handle = ::dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = ::dlerror();
    loaded.status = Status(StatusCode::DriverUnavailable,
                           "CUDA driver not available: cannot load " + library +
                               " (" + (why ? why : "unknown reason") + ")");
    return loaded;
  }
  CudaDriver &driver = loaded.driver;
#define TRITON_RT_RESOLVE(name)                                                \
  driver.name = reinterpret_cast<decltype(driver.name)>(                       \
      ::dlsym(handle, TRITON_RT_SYMBOL(name)));                                \
  if (!driver.name) {                                                          \
    loaded.status = Status(StatusCode::DriverUnavailable,                      \
                           "CUDA driver not available: " + library +           \
                               " has no " TRITON_RT_SYMBOL(name));             \
    return loaded;                                                             \
  }
  TRITON_RT_CUDA_FUNCTIONS(TRITON_RT_RESOLVE)
#undef TRITON_RT_RESOLVE
#define TRITON_RT_RESOLVE_OPTIONAL(name)                                       \
  driver.name = reinterpret_cast<decltype(driver.name)>(                       \
      ::dlsym(handle, TRITON_RT_SYMBOL(name)));
  TRITON_RT_CUDA_OPTIONAL_FUNCTIONS(TRITON_RT_RESOLVE_OPTIONAL)
#undef TRITON_RT_RESOLVE_OPTIONAL
  CUresult init = driver.cuInit(0);
  if (init != CUDA_SUCCESS) {
    loaded.status = driver.check(init, "cuInit");
    loaded.status = Status(StatusCode::DriverUnavailable,
                           "CUDA driver not available: " +
                               loaded.status.message());
  }
  // The handle stays open for the life of the process.
  return loaded;
}

} // namespace

Result<const CudaDriver *> triton::runtime::getCudaDriver() {
  static LoadedDriver *loaded = new LoadedDriver(loadDriver());
  if (!loaded->status)
    return loaded->status;
  return &loaded->driver;
}
