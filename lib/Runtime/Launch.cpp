//===- Launch.cpp - contexts, modules, choosing a variant, cuLaunchKernel -===//
#include "FamilyImpl.h"

#include "Runtime/TensorMap.h"

#include <algorithm>

using namespace triton::runtime;

FamilyImpl::~FamilyImpl() {
  Result<const CudaDriver *> driver = getCudaDriver();
  if (!driver)
    return;
  // Errors are ignored: the context may already be gone.
  for (auto &context : contexts)
    for (CUmodule module : context->modules)
      if (module)
        (*driver)->cuModuleUnload(module);
}

Result<ContextState *> FamilyImpl::getContext(const CudaDriver &cuda) {
  CUcontext current = nullptr;
  Status status = cuda.check(cuda.cuCtxGetCurrent(&current), "cuCtxGetCurrent");
  if (!status)
    return status;
  if (!current) {
    // No context current on this thread: device 0's primary context, as
    // the CUDA runtime API would use.
    static std::mutex primaryMutex;
    static CUcontext primary = nullptr;
    std::lock_guard<std::mutex> lock(primaryMutex);
    if (!primary) {
      CUdevice device;
      if (!(status = cuda.check(cuda.cuDeviceGet(&device, 0), "cuDeviceGet")) ||
          !(status = cuda.check(cuda.cuDevicePrimaryCtxRetain(&primary, device),
                                "cuDevicePrimaryCtxRetain")))
        return status;
    }
    if (!(status = cuda.check(cuda.cuCtxSetCurrent(primary), "cuCtxSetCurrent")))
      return status;
    current = primary;
  }
  // Contexts are told apart by id: a destroyed context's pointer may come
  // back for a new one, which has none of the old one's modules.
  unsigned long long id = 0;
  if (!(status = cuda.check(cuda.cuCtxGetId(current, &id), "cuCtxGetId")))
    return status;
  std::lock_guard<std::mutex> lock(contextMutex);
  for (auto &context : contexts)
    if (context->id == id)
      return context.get();
  auto context = std::make_unique<ContextState>();
  context->context = current;
  context->id = id;
  CUdevice device;
  char name[256] = {0};
  int major = 0, minor = 0;
  if (!(status = cuda.check(cuda.cuCtxGetDevice(&device), "cuCtxGetDevice")) ||
      !(status = cuda.check(cuda.cuDeviceGetName(name, sizeof(name) - 1, device),
                            "cuDeviceGetName")) ||
      !(status = cuda.check(
            cuda.cuDeviceGetAttribute(
                &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device),
            "cuDeviceGetAttribute")) ||
      !(status = cuda.check(
            cuda.cuDeviceGetAttribute(
                &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device),
            "cuDeviceGetAttribute")))
    return status;
  context->computeCapability = major * 10 + minor;
  context->device = std::string(name) + " sm_" +
                    std::to_string(context->computeCapability);
  if (context->computeCapability != computeCapability)
    return Status(StatusCode::Unsupported,
                  "family '" + spec.name + "' was compiled for cuda:" +
                      std::to_string(computeCapability) + ", but the device is " +
                      context->device +
                      " (set RuntimeOptions::computeCapability)");
  context->modules.assign(variants.size(), nullptr);
  context->functions.assign(variants.size(), nullptr);
  contexts.push_back(std::move(context));
  return contexts.back().get();
}

Status FamilyImpl::loadModule(ContextState &context, int index,
                              const CudaDriver &cuda) {
  std::lock_guard<std::mutex> lock(contextMutex);
  if (context.functions[index])
    return Status::success();
  const VariantState &variant = variants[index];
  std::string where = "family '" + spec.name + "', variant '" +
                      spec.variants[index].label + "'";
  CUmodule module = nullptr;
  Status status = cuda.check(cuda.cuModuleLoadData(&module, variant.cubin.data()),
                             "cuModuleLoadData");
  if (!status)
    return status.addContext(where);
  CUfunction function = nullptr;
  status = cuda.check(
      cuda.cuModuleGetFunction(&function, module, variant.info.name.c_str()),
      "cuModuleGetFunction");
  // Clusters of more than 8 CTAs are not portable: the kernel must opt in.
  if (status && variant.info.numCtas > 8)
    status = cuda.check(
        cuda.cuFuncSetAttribute(function,
                                CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED,
                                1),
        "cuFuncSetAttribute(NON_PORTABLE_CLUSTER_SIZE_ALLOWED)");
  if (status && variant.info.sharedBytes > 48 * 1024)
    status = cuda.check(
        cuda.cuFuncSetAttribute(function,
                                CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                int(variant.info.sharedBytes)),
        "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)");
  if (!status) {
    cuda.cuModuleUnload(module);
    return status.addContext(where);
  }
  context.modules[index] = module;
  context.functions[index] = function;
  return Status::success();
}

Result<LaunchGrid> FamilyImpl::computeGrid(const std::vector<Arg> &args,
                                           int index) {
  LaunchGrid grid = spec.grid(args, spec.variants[index]);
  if (grid.y > 65535 || grid.z > 65535 || grid.x > 0x7fffffffu)
    return Status(StatusCode::InvalidArgument,
                  "family '" + spec.name + "': grid (" + std::to_string(grid.x) +
                      ", " + std::to_string(grid.y) + ", " +
                      std::to_string(grid.z) + ") exceeds CUDA's limits");
  return grid;
}

Status FamilyImpl::launchVariant(CUfunction function, int index,
                                 LaunchGrid grid, const std::vector<Arg> &args,
                                 CUstream stream, const CudaDriver &cuda) {
  if (grid.x == 0 || grid.y == 0 || grid.z == 0)
    return Status::success(); // an empty grid launches nothing, as in Triton
  const KernelInfo &info = variants[index].info;
  // Built only for an error: the cached path allocates nothing.
  auto where = [&] {
    return "family '" + spec.name + "', variant '" + spec.variants[index].label +
           "'";
  };
  // A kernel compiled for clusters of num_ctas CTAs is launched as Triton's
  // launcher does: num_ctas CTAs along x per program, the grid's x scaled
  // by it (program ids are cluster ids).
  uint64_t ctas = uint64_t(std::max<int64_t>(1, info.numCtas));
  if (ctas > 1 && !cuda.cuLaunchKernelEx)
    return Status(StatusCode::Unsupported,
                  where() + ": num_ctas > 1 needs a cluster launch "
                            "(cuLaunchKernelEx), which this CUDA driver lacks");
  if (uint64_t(grid.x) * ctas > 0x7fffffffu)
    return Status(StatusCode::InvalidArgument,
                  where() + ": grid x (" + std::to_string(grid.x) + ") times " +
                      std::to_string(ctas) +
                      " CTAs per cluster exceeds CUDA's limit");
  if (info.profileScratchSize > 0)
    return Status(StatusCode::Unsupported,
                  where() + ": the kernel needs profile scratch memory, which "
                            "the runtime does not allocate");
  // Every value in an 8-byte slot on the stack; the driver reads the
  // parameter's size from the slot's start (little-endian). A descriptor's
  // CUtensorMap (128 bytes) has its own.
  constexpr unsigned kMaxTensorMaps = 16;
  uint64_t slots[64];
  void *pointers[64];
  CUtensorMap maps[kMaxTensorMaps];
  unsigned mapCount = 0;
  size_t count = args.size() + size_t(info.hiddenParams);
  if (count > 64)
    return Status(StatusCode::Unsupported,
                  where() + ": more than 62 kernel arguments");
  for (size_t i = 0; i < args.size(); ++i) {
    slots[i] = args[i].getBits();
    pointers[i] = &slots[i];
    // A null pointer the kernel reads would fault on the GPU and spoil the
    // context; one it never reads is fine (as Triton passes None).
    if (slots[i] == 0 && args[i].isAddress() && i < info.params.size() &&
        !info.params[i].unused)
      return Status(StatusCode::InvalidArgument,
                    where() + ": argument #" + std::to_string(i) + " ('" +
                        info.params[i].name +
                        "') is a null pointer, and the kernel reads it");
    if (i >= info.params.size() || !info.params[i].tensorMap)
      continue;
    // parseKernelInfo checked that the shape (i32) and strides (i64)
    // follow, checkArgs or argsMatch that the arguments have those kinds.
    const TensorMapInfo &map = *info.params[i].tensorMap;
    size_t rank = map.blockSize.size();
    int64_t shape[5], strides[5];
    for (size_t d = 0; d < rank; ++d) {
      shape[d] = args[i + 1 + d].getInteger();
      strides[d] = args[i + 1 + rank + d].getInteger();
    }
    if (mapCount == kMaxTensorMaps)
      return Status(StatusCode::Unsupported,
                    where() + ": more than 16 tensor-descriptor arguments");
    Status encoded =
        encodeTensorMap(cuda, map, slots[i], shape, strides, maps[mapCount]);
    if (!encoded)
      return encoded.addContext(where() + ", argument #" + std::to_string(i) +
                                " ('" + info.params[i].name + "')");
    pointers[i] = &maps[mapCount++];
  }
  // Stream-ordered, so the block lives exactly as long as the launch.
  CUdeviceptr scratch = 0, scratchBlock = 0;
  if (info.globalScratchSize > 0) {
    uint64_t align = uint64_t(std::max<int64_t>(1, info.globalScratchAlign));
    // One slice per CTA, clusters included.
    uint64_t bytes = uint64_t(grid.x) * ctas * grid.y * grid.z *
                         uint64_t(info.globalScratchSize) +
                     align - 1;
    Status status =
        cuda.check(cuda.cuMemAllocAsync(&scratchBlock, bytes, stream),
                   "cuMemAllocAsync(global scratch)");
    if (!status)
      return status.addContext(where());
    scratch = (scratchBlock + align - 1) / align * align;
  }
  if (info.hiddenParams == 2) {
    slots[args.size()] = scratch;
    slots[args.size() + 1] = 0;
  }
  for (size_t i = args.size(); i < count; ++i)
    pointers[i] = &slots[i];
  Status status;
  if (ctas == 1) {
    status = cuda.check(
        cuda.cuLaunchKernel(function, grid.x, grid.y, grid.z,
                            unsigned(info.getBlockThreads()), 1, 1,
                            unsigned(info.sharedBytes), stream, pointers,
                            nullptr),
        "cuLaunchKernel");
  } else {
    CUlaunchAttribute attributes[2] = {};
    attributes[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attributes[0].value.clusterDim.x = unsigned(ctas);
    attributes[0].value.clusterDim.y = 1;
    attributes[0].value.clusterDim.z = 1;
    attributes[1].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE;
    attributes[1].value.clusterSchedulingPolicyPreference =
        CU_CLUSTER_SCHEDULING_POLICY_SPREAD;
    CUlaunchConfig config = {};
    config.gridDimX = unsigned(uint64_t(grid.x) * ctas);
    config.gridDimY = grid.y;
    config.gridDimZ = grid.z;
    config.blockDimX = unsigned(info.getBlockThreads());
    config.blockDimY = 1;
    config.blockDimZ = 1;
    config.sharedMemBytes = unsigned(info.sharedBytes);
    config.hStream = stream;
    config.attrs = attributes;
    config.numAttrs = 2;
    status = cuda.check(cuda.cuLaunchKernelEx(&config, function, pointers,
                                              nullptr),
                        "cuLaunchKernelEx");
  }
  if (scratchBlock)
    cuda.cuMemFreeAsync(scratchBlock, stream);
  if (!status)
    status.addContext(where());
  return status;
}

Result<int> FamilyImpl::choose(ContextState &context,
                               const std::vector<Arg> &args,
                               const std::string &tuningKey, CUstream stream,
                               const CudaDriver &cuda, bool &tuned) {
  const std::string *key = &tuningKey;
  {
    std::lock_guard<std::mutex> lock(contextMutex);
    auto found = context.choices.find(*key);
    if (found != context.choices.end())
      return found->second;
  }
  // One tuning at a time per family; a thread that waited here finds the
  // choice the other one made.
  std::lock_guard<std::mutex> tuning(tuneMutex);
  {
    std::lock_guard<std::mutex> lock(contextMutex);
    auto found = context.choices.find(*key);
    if (found != context.choices.end())
      return found->second;
  }
  std::vector<int> candidates;
  for (size_t i = 0; i < variants.size(); ++i)
    if (variants[i].status && satisfiesDivisibility(variants[i].info.params, args))
      candidates.push_back(int(i));
  if (candidates.empty())
    return Status(StatusCode::InvalidArgument,
                  "family '" + spec.name +
                      "': no variant accepts these arguments (each is "
                      "specialized on tt.divisibility the arguments break)");
  int choice = candidates.front();
  std::string recordKey = getRecordKey(context, *key);
  bool decided = candidates.size() == 1;
  if (!decided && cache) {
    Result<CacheSections> record = cache->loadTuning(recordKey);
    if (record) {
      for (auto &[name, body] : *record)
        if (name == "choice")
          for (int candidate : candidates)
            if (variants[candidate].kernelKey == body) {
              choice = candidate;
              decided = true;
            }
      if (decided) {
        std::lock_guard<std::mutex> lock(mutex);
        ++stats.tuningCacheHits;
      }
    }
  }
  if (!decided) {
    std::string report;
    Result<int> best = benchmark(context, candidates, args, stream, cuda, report);
    if (!best)
      return best.status();
    choice = *best;
    tuned = true;
    {
      std::lock_guard<std::mutex> lock(mutex);
      ++stats.tunings;
    }
    if (cache)
      noteCacheWrite(cache->storeTuning(
          recordKey, {{"family", spec.name + " " + familyKey},
                      {"key", *key},
                      {"device", context.device},
                      {"choice", variants[choice].kernelKey},
                      {"label", spec.variants[choice].label},
                      {"report", report}}));
  }
  std::lock_guard<std::mutex> lock(contextMutex);
  context.choices[*key] = choice;
  return choice;
}

Result<LaunchPlan> FamilyImpl::resolve(const std::vector<Arg> &args,
                                       const std::string &tuningKey,
                                       CUstream stream, const CudaDriver &cuda,
                                       ContextState *&contextOut) {
  Result<ContextState *> context = getContext(cuda);
  if (!context)
    return context.status();
  LaunchPlan plan;
  Result<int> choice = choose(**context, args, tuningKey, stream, cuda, plan.tuned);
  if (!choice)
    return choice.status();
  Status loaded = loadModule(**context, *choice, cuda);
  if (!loaded)
    return loaded;
  Result<LaunchGrid> grid = computeGrid(args, *choice);
  if (!grid)
    return grid.status();
  const KernelInfo &info = variants[*choice].info;
  plan.function = (*context)->functions[*choice];
  plan.grid = *grid;
  plan.blockThreads = unsigned(info.getBlockThreads());
  plan.sharedBytes = unsigned(info.sharedBytes);
  plan.variantIndex = *choice;
  contextOut = *context;
  // Decided and loaded in this context: later calls take the cached path.
  LaunchTarget target;
  target.function = plan.function;
  target.variant = plan.variantIndex;
  target.blockThreads = plan.blockThreads;
  target.sharedBytes = plan.sharedBytes;
  std::vector<uint64_t> words(keyWordCount + 1);
  fillKeyWords(args, words.data());
  launchCache->insert((*context)->id, words.data(), target);
  return plan;
}

bool FamilyImpl::findCached(const std::vector<Arg> &args,
                            const CudaDriver *&driver, LaunchTarget &target) {
  // launchCache exists once the variants are checked and usable.
  if (!checkedFlag.load(std::memory_order_acquire) || !launchCache ||
      !argsMatch(args))
    return false;
  Result<const CudaDriver *> cuda = getCudaDriver();
  if (!cuda)
    return false;
  // The current context's id, as the AOT launchers key their modules; no
  // current context (the primary one is made current) goes the full way.
  CUcontext current = nullptr;
  unsigned long long id = 0;
  if ((*cuda)->cuCtxGetCurrent(&current) != CUDA_SUCCESS || !current ||
      (*cuda)->cuCtxGetId(current, &id) != CUDA_SUCCESS)
    return false;
  KeyWords words(keyWordCount);
  fillKeyWords(args, words.data());
  if (!launchCache->find(id, words.data(), target))
    return false;
  driver = *cuda;
  return true;
}

Result<LaunchPlan> FamilyImpl::resolveFully(const std::vector<Arg> &args,
                                            CUstream stream,
                                            const CudaDriver *&driver) {
  // Argument errors come first, with or without a driver.
  Result<std::string> key = getTuningKey(args);
  if (!key)
    return key.status();
  Result<const CudaDriver *> cuda = getCudaDriver();
  if (!cuda)
    return cuda.status();
  driver = *cuda;
  ContextState *context = nullptr;
  return resolve(args, *key, stream, **cuda, context);
}

Result<LaunchPlan> FamilyImpl::plan(const std::vector<Arg> &args,
                                    CUstream stream) {
  const CudaDriver *driver = nullptr;
  LaunchTarget target;
  if (findCached(args, driver, target)) {
    Result<LaunchGrid> grid = computeGrid(args, target.variant);
    if (!grid)
      return grid.status();
    LaunchPlan plan;
    plan.function = target.function;
    plan.grid = *grid;
    plan.blockThreads = target.blockThreads;
    plan.sharedBytes = target.sharedBytes;
    plan.variantIndex = target.variant;
    return plan;
  }
  return resolveFully(args, stream, driver);
}

Status FamilyImpl::launch(const std::vector<Arg> &args, CUstream stream) {
  // The cached path: no lock, no allocation, no string.
  const CudaDriver *driver = nullptr;
  LaunchTarget target;
  if (findCached(args, driver, target)) {
    Result<LaunchGrid> grid = computeGrid(args, target.variant);
    if (!grid)
      return grid.status();
    launches.fetch_add(1, std::memory_order_relaxed);
    return launchVariant(target.function, target.variant, *grid, args, stream,
                         *driver);
  }
  // The full path: waits for the variants, checks the arguments (with a
  // message), finds or makes the context, chooses (tuning if needed),
  // loads the module, then records the pair for the cached path.
  Result<LaunchPlan> plan = resolveFully(args, stream, driver);
  if (!plan)
    return plan.status();
  launches.fetch_add(1, std::memory_order_relaxed);
  return launchVariant(plan->function, plan->variantIndex, plan->grid, args,
                       stream, *driver);
}
