//===- FakeCuda.cpp - the stand-in libcuda of RuntimeLaunchTest ---------===//
#include "FakeCuda.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>

struct CUctx_st {
  std::atomic<unsigned long long> id;
};
struct CUfunc_st {
  CUmod_st *module;
};
struct CUmod_st {
  std::string image;
  unsigned long long context;
  double costUs;
  CUfunc_st function;
};
struct CUevent_st {
  double timeUs;
};

namespace {

constexpr size_t logSize = 1 << 16;
FakeCudaLaunch launchLog[logSize];
std::atomic<size_t> launchCount{0};
std::atomic<unsigned long long> nextContextId{1};
std::atomic<int> moduleLoads{0};
std::atomic<int> tensorMapEncodes{0};
/// Per thread, so that launches of other threads never land between the
/// events a tuning thread records.
thread_local double clockUs = 0;
std::atomic<uint64_t> nextAddress{1 << 20};

CUctx_st primaryContext{{nextContextId++}};
thread_local CUcontext currentContext = nullptr;

} // namespace

CUcontext fakeCudaNewContext() { return new CUctx_st{{nextContextId++}}; }

void fakeCudaRenewContext(CUcontext context) { context->id = nextContextId++; }

int fakeCudaModuleLoads() { return moduleLoads; }

size_t fakeCudaLaunchCount() { return std::min(launchCount.load(), logSize); }

FakeCudaLaunch fakeCudaGetLaunch(size_t index) { return launchLog[index]; }

void fakeCudaClearLaunches() { launchCount = 0; }

CUresult cuInit(unsigned int) { return CUDA_SUCCESS; }

CUresult cuDriverGetVersion(int *version) {
  *version = 13000;
  return CUDA_SUCCESS;
}

int fakeCudaTensorMapEncodes() { return tensorMapEncodes; }

/// A pretend map: words 0-3 hold the address, the innermost extent, the
/// first byte stride (0 for rank 1) and the innermost box; the rest the
/// data type, rank and swizzle. Bit 21 of word 1 is set, as a real driver
/// may set it, so that the caller's workaround shows.
CUresult cuTensorMapEncodeTiled(CUtensorMap *map, CUtensorMapDataType type,
                                cuuint32_t rank, void *address,
                                const cuuint64_t *dims,
                                const cuuint64_t *strides,
                                const cuuint32_t *box, const cuuint32_t *,
                                CUtensorMapInterleave, CUtensorMapSwizzle swizzle,
                                CUtensorMapL2promotion, CUtensorMapFloatOOBfill) {
  if (rank < 1 || rank > 5 || reinterpret_cast<uintptr_t>(address) % 16)
    return CUDA_ERROR_INVALID_VALUE;
  ++tensorMapEncodes;
  std::memset(map, 0, sizeof(*map));
  map->opaque[0] = reinterpret_cast<uintptr_t>(address);
  map->opaque[1] = dims[0] | (uint64_t(1) << 21);
  map->opaque[2] = rank > 1 ? strides[0] : 0;
  map->opaque[3] = box[0];
  map->opaque[4] = uint64_t(type);
  map->opaque[5] = rank;
  map->opaque[6] = uint64_t(swizzle);
  return CUDA_SUCCESS;
}

CUresult cuGetErrorName(CUresult error, const char **text) {
  *text = error == CUDA_SUCCESS ? "CUDA_SUCCESS" : "CUDA_ERROR_FAKE";
  return CUDA_SUCCESS;
}

CUresult cuGetErrorString(CUresult, const char **text) {
  *text = "fake driver error";
  return CUDA_SUCCESS;
}

CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  if (ordinal != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *device = 0;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetCount(int *count) {
  *count = 1;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetName(char *name, int length, CUdevice) {
  std::strncpy(name, "Fake GPU", size_t(length));
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attribute,
                              CUdevice) {
  if (attribute == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)
    *value = 9;
  else if (attribute == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)
    *value = 0;
  else
    return CUDA_ERROR_NOT_SUPPORTED;
  return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice) {
  *context = &primaryContext;
  return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRelease(CUdevice) { return CUDA_SUCCESS; }

CUresult cuCtxGetCurrent(CUcontext *context) {
  *context = currentContext;
  return CUDA_SUCCESS;
}

CUresult cuCtxSetCurrent(CUcontext context) {
  currentContext = context;
  return CUDA_SUCCESS;
}

CUresult cuCtxGetDevice(CUdevice *device) {
  if (!currentContext)
    return CUDA_ERROR_INVALID_CONTEXT;
  *device = 0;
  return CUDA_SUCCESS;
}

CUresult cuCtxGetId(CUcontext context, unsigned long long *id) {
  if (!context)
    return CUDA_ERROR_INVALID_CONTEXT;
  *id = context->id;
  return CUDA_SUCCESS;
}

CUresult cuCtxSynchronize() { return CUDA_SUCCESS; }

CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  if (!currentContext)
    return CUDA_ERROR_INVALID_CONTEXT;
  std::string text = static_cast<const char *>(image);
  if (text.rfind("CUBIN:", 0) != 0)
    return CUDA_ERROR_INVALID_IMAGE;
  size_t cost = text.find("cost=");
  *module = new CUmod_st{
      text,
      currentContext->id,
      cost == std::string::npos ? 10.0 : std::atof(text.c_str() + cost + 5),
      {nullptr}};
  (*module)->function.module = *module;
  ++moduleLoads;
  return CUDA_SUCCESS;
}

CUresult cuModuleUnload(CUmodule module) {
  delete module;
  return CUDA_SUCCESS;
}

CUresult cuModuleGetFunction(CUfunction *function, CUmodule module,
                             const char *name) {
  if (std::strcmp(name, "k") != 0)
    return CUDA_ERROR_NOT_FOUND;
  *function = &module->function;
  return CUDA_SUCCESS;
}

CUresult cuFuncSetAttribute(CUfunction, CUfunction_attribute, int) {
  return CUDA_SUCCESS;
}

namespace {
CUresult logLaunch(CUfunction function, const unsigned grid[3],
                   unsigned cluster, unsigned block, unsigned shared,
                   void **params) {
  if (!currentContext || !function)
    return CUDA_ERROR_INVALID_VALUE;
  clockUs += function->module->costUs;
  size_t index = launchCount++;
  if (index >= logSize)
    return CUDA_SUCCESS;
  FakeCudaLaunch &entry = launchLog[index];
  entry.image = function->module->image.c_str();
  entry.context = currentContext->id;
  entry.functionContext = function->module->context;
  for (int d = 0; d < 3; ++d)
    entry.grid[d] = grid[d];
  entry.cluster = cluster;
  entry.block = block;
  entry.shared = shared;
  for (int i = 0; i < 4; ++i)
    std::memcpy(&entry.params[i], params[i], 8);
  return CUDA_SUCCESS;
}
} // namespace

CUresult cuLaunchKernel(CUfunction function, unsigned gridX, unsigned gridY,
                        unsigned gridZ, unsigned blockX, unsigned blockY,
                        unsigned blockZ, unsigned shared, CUstream,
                        void **params, void **extra) {
  if (extra)
    return CUDA_ERROR_INVALID_VALUE;
  unsigned grid[3] = {gridX, gridY, gridZ};
  return logLaunch(function, grid, 1, blockX * blockY * blockZ, shared,
                   params);
}

/// As the driver: a cluster dimension must divide the grid.
CUresult cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction function,
                          void **params, void **extra) {
  if (!config || extra)
    return CUDA_ERROR_INVALID_VALUE;
  unsigned cluster = 1;
  for (unsigned i = 0; i < config->numAttrs; ++i) {
    const CUlaunchAttribute &attribute = config->attrs[i];
    if (attribute.id != CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION)
      continue;
    const auto &dim = attribute.value.clusterDim;
    if (dim.y != 1 || dim.z != 1 || dim.x == 0 ||
        config->gridDimX % dim.x != 0)
      return CUDA_ERROR_INVALID_CLUSTER_SIZE;
    cluster = dim.x;
  }
  unsigned grid[3] = {config->gridDimX, config->gridDimY, config->gridDimZ};
  return logLaunch(function, grid, cluster,
                   config->blockDimX * config->blockDimY * config->blockDimZ,
                   config->sharedMemBytes, params);
}

CUresult cuMemAlloc(CUdeviceptr *pointer, size_t bytes) {
  *pointer = nextAddress.fetch_add((bytes + 255) / 256 * 256 + 256);
  return CUDA_SUCCESS;
}

CUresult cuMemFree(CUdeviceptr) { return CUDA_SUCCESS; }

CUresult cuMemAllocAsync(CUdeviceptr *pointer, size_t bytes, CUstream) {
  return cuMemAlloc(pointer, bytes);
}

CUresult cuMemFreeAsync(CUdeviceptr, CUstream) { return CUDA_SUCCESS; }

CUresult cuMemcpyHtoD(CUdeviceptr, const void *, size_t) {
  return CUDA_SUCCESS;
}

CUresult cuMemcpyDtoH(void *, CUdeviceptr, size_t) { return CUDA_SUCCESS; }

CUresult cuMemcpyDtoDAsync(CUdeviceptr, CUdeviceptr, size_t, CUstream) {
  return CUDA_SUCCESS;
}

CUresult cuMemsetD8(CUdeviceptr, unsigned char, size_t) { return CUDA_SUCCESS; }

CUresult cuStreamSynchronize(CUstream) { return CUDA_SUCCESS; }

CUresult cuEventCreate(CUevent *event, unsigned int) {
  *event = new CUevent_st{0};
  return CUDA_SUCCESS;
}

CUresult cuEventDestroy(CUevent event) {
  delete event;
  return CUDA_SUCCESS;
}

CUresult cuEventRecord(CUevent event, CUstream) {
  event->timeUs = clockUs;
  return CUDA_SUCCESS;
}

CUresult cuEventSynchronize(CUevent) { return CUDA_SUCCESS; }

CUresult cuEventElapsedTime(float *ms, CUevent start, CUevent stop) {
  *ms = float((stop->timeUs - start->timeUs) / 1000);
  return CUDA_SUCCESS;
}
