//===- FakeCuda.h - a stand-in libcuda for launch tests without a GPU ---===//
//
// libtriton-rt-fake-cuda.so exports the driver functions the runtime
// resolves (CudaDriver.h) with pretend semantics, plus the control functions
// below. A test points $TRITON_RUNTIME_LIBCUDA at it. Contexts are objects
// with ids (cuCtxGetId); a module remembers the context it was loaded in and
// its image (the fake compiler's "CUBIN:<source>"); every cuLaunchKernel is
// logged into a fixed array (the fake allocates nothing while launching)
// and advances a clock by the image's "cost=<us>" (10 when absent), which
// CUDA events read, so tuning picks the variant with the smallest cost.
//
//===----------------------------------------------------------------------===//
#ifndef TEST_UNIT_RUNTIME_FAKECUDA_H
#define TEST_UNIT_RUNTIME_FAKECUDA_H

#include <cuda.h>

#include <cstddef>
#include <cstdint>

/// One logged cuLaunchKernel or cuLaunchKernelEx.
struct FakeCudaLaunch {
  /// The module image ("CUBIN:<source>").
  const char *image;
  /// The context current at the launch, and the one the function's module
  /// was loaded in (they must agree).
  unsigned long long context;
  unsigned long long functionContext;
  unsigned grid[3];
  /// The cluster's CTAs along x (cuLaunchKernelEx with a cluster
  /// dimension), 1 for cuLaunchKernel.
  unsigned cluster;
  unsigned block;
  unsigned shared;
  /// The first fakeCudaParamsLogged parameters, read as 8-byte slots.
  uint64_t params[4];
};

extern "C" {
/// A new context (a new id); not made current.
CUcontext fakeCudaNewContext();
/// Gives `context` a new id, as if it were destroyed and its address reused
/// by a new one; its modules no longer count as loaded in it.
void fakeCudaRenewContext(CUcontext context);
/// cuModuleLoadData calls so far.
int fakeCudaModuleLoads();
/// Launches logged so far, and one of them.
size_t fakeCudaLaunchCount();
FakeCudaLaunch fakeCudaGetLaunch(size_t index);
/// cuTensorMapEncodeTiled calls so far.
int fakeCudaTensorMapEncodes();
/// Forgets the logged launches.
void fakeCudaClearLaunches();
}

#endif // TEST_UNIT_RUNTIME_FAKECUDA_H
