//===- CudaDriver.h - the CUDA driver API, loaded at first use --*- C++ -*-===//
//
// The runtime does not link libcuda: it dlopen()s libcuda.so.1 the first time
// a GPU entry point is needed and resolves the functions it uses. Without a
// driver (CI machines, a build host) everything that needs no GPU still
// works, and GPU entry points return StatusCode::DriverUnavailable.
// $TRITON_RUNTIME_LIBCUDA names another library to load (tests use it).
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_RUNTIME_CUDADRIVER_H
#define TRITON_RUNTIME_CUDADRIVER_H

#include "Runtime/Status.h"

#include <cuda.h>

namespace triton::runtime {

/// The driver functions the runtime (and its demo) calls. Each member has
/// the type of the cuda.h function it names (the versioned symbol, e.g.
/// cuMemAlloc_v2 for cuMemAlloc).
struct CudaDriver {
#define TRITON_RT_CUDA_FUNCTIONS(X)                                            \
  X(cuInit)                                                                    \
  X(cuDriverGetVersion)                                                        \
  X(cuGetErrorName)                                                            \
  X(cuGetErrorString)                                                          \
  X(cuDeviceGet)                                                               \
  X(cuDeviceGetCount)                                                          \
  X(cuDeviceGetName)                                                           \
  X(cuDeviceGetAttribute)                                                      \
  X(cuDevicePrimaryCtxRetain)                                                  \
  X(cuDevicePrimaryCtxRelease)                                                 \
  X(cuCtxGetCurrent)                                                           \
  X(cuCtxSetCurrent)                                                           \
  X(cuCtxGetDevice)                                                            \
  X(cuCtxGetId)                                                                \
  X(cuCtxSynchronize)                                                          \
  X(cuModuleLoadData)                                                          \
  X(cuModuleUnload)                                                            \
  X(cuModuleGetFunction)                                                       \
  X(cuFuncSetAttribute)                                                        \
  X(cuLaunchKernel)                                                            \
  X(cuMemAlloc)                                                                \
  X(cuMemFree)                                                                 \
  X(cuMemAllocAsync)                                                           \
  X(cuMemFreeAsync)                                                            \
  X(cuMemcpyHtoD)                                                              \
  X(cuMemcpyDtoH)                                                              \
  X(cuMemcpyDtoDAsync)                                                         \
  X(cuMemsetD8)                                                                \
  X(cuStreamSynchronize)                                                       \
  X(cuEventCreate)                                                             \
  X(cuEventDestroy)                                                            \
  X(cuEventRecord)                                                             \
  X(cuEventSynchronize)                                                        \
  X(cuEventElapsedTime)

// Functions older drivers lack; null where missing, and the callers say so.
#define TRITON_RT_CUDA_OPTIONAL_FUNCTIONS(X)                                   \
  X(cuTensorMapEncodeTiled)                                                    \
  X(cuLaunchKernelEx)

#define TRITON_RT_DECLARE_MEMBER(name) decltype(&::name) name = nullptr;
  TRITON_RT_CUDA_FUNCTIONS(TRITON_RT_DECLARE_MEMBER)
  TRITON_RT_CUDA_OPTIONAL_FUNCTIONS(TRITON_RT_DECLARE_MEMBER)
#undef TRITON_RT_DECLARE_MEMBER

  /// "cuLaunchKernel failed: CUDA_ERROR_... (text)", or success.
  Status check(CUresult result, const char *what) const;
};

/// The loaded and initialized driver (cuInit(0) done), or
/// DriverUnavailable naming what failed. Loads once per process; later calls
/// return the same answer.
Result<const CudaDriver *> getCudaDriver();

} // namespace triton::runtime

#endif // TRITON_RUNTIME_CUDADRIVER_H
