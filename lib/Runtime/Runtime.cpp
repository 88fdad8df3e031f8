//===- Runtime.cpp - the Runtime: options, workers, loading families ------===//
#include "Runtime/Runtime.h"

#include "FamilyImpl.h"
#include "Runtime/Sha256.h"

#include <thread>

using namespace triton::runtime;

const char *triton::runtime::getStatusCodeName(StatusCode code) {
  switch (code) {
  case StatusCode::Ok:
    return "ok";
  case StatusCode::InvalidArgument:
    return "invalid argument";
  case StatusCode::NotFound:
    return "not found";
  case StatusCode::CompileError:
    return "compile error";
  case StatusCode::DriverUnavailable:
    return "driver unavailable";
  case StatusCode::CudaError:
    return "CUDA error";
  case StatusCode::IoError:
    return "I/O error";
  case StatusCode::Unsupported:
    return "unsupported";
  case StatusCode::Internal:
    return "internal error";
  }
  return "unknown";
}

std::string Status::toString() const {
  if (ok())
    return "ok";
  return std::string(getStatusCodeName(code)) + ": " + text;
}

std::string triton::runtime::getKernelKey(const std::string &source,
                                          const Variant &variant,
                                          int computeCapability) {
  Sha256 hash;
  hash.addField("triton-mlir runtime kernel v1");
  hash.addField(source);
  hash.addField("num_warps=" + std::to_string(variant.numWarps));
  hash.addField("num_stages=" + std::to_string(variant.numStages));
  hash.addField("num_ctas=" + std::to_string(variant.numCtas));
  hash.addField("target=cuda:" + std::to_string(computeCapability));
  return hash.finishHex();
}

namespace {

/// Device 0's compute capability, or 0 when there is no driver or device.
int detectComputeCapability() {
  Result<const CudaDriver *> driver = getCudaDriver();
  if (!driver)
    return 0;
  const CudaDriver &cuda = **driver;
  CUdevice device;
  int major = 0, minor = 0;
  if (cuda.cuDeviceGet(&device, 0) != CUDA_SUCCESS ||
      cuda.cuDeviceGetAttribute(
          &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device) !=
          CUDA_SUCCESS ||
      cuda.cuDeviceGetAttribute(
          &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device) !=
          CUDA_SUCCESS)
    return 0;
  return major * 10 + minor;
}

} // namespace

Runtime::Runtime(RuntimeOptions options) : impl(std::make_shared<Impl>()) {
  impl->options = options;
  if (options.useDiskCache)
    impl->cache = std::make_shared<DiskCache>(options.cacheDir);
  impl->compiler = options.compiler;
  if (impl->compiler)
    impl->compilerVersion = impl->compiler->getVersion();
  impl->computeCapability = options.computeCapability;
  if (impl->computeCapability <= 0)
    impl->computeCapability = detectComputeCapability();
  if (impl->computeCapability <= 0)
    impl->computeCapability = 90;
  unsigned threads = options.threads;
  if (threads == 0)
    threads = std::max(1u, std::thread::hardware_concurrency());
  impl->pool = std::make_unique<ThreadPool>(threads);
}

Runtime::~Runtime() {
  // Finish the queued builds (families may outlive the runtime) and join.
  impl->pool.reset();
}

std::string Runtime::getCacheDirectory() const {
  return impl->cache ? impl->cache->getDirectory() : std::string();
}

int Runtime::getComputeCapability() const { return impl->computeCapability; }

bool Runtime::hasCompiler() const { return impl->compiler != nullptr; }

Result<std::shared_ptr<Family>> Runtime::load(FamilySpec spec) {
  auto invalid = [&](const std::string &message) {
    return Status(StatusCode::InvalidArgument,
                  "family '" + spec.name + "': " + message);
  };
  if (spec.variants.empty())
    return invalid("has no variants");
  if (!spec.grid)
    return invalid("has no grid function");
  if (!impl->compiler && !impl->cache)
    return invalid("no compiler and no disk cache: nowhere to get kernels");
  if (spec.bench.minRuns < 1 || spec.bench.maxRuns < spec.bench.minRuns ||
      spec.bench.warmupRuns < 0)
    return invalid("bench options need 1 <= minRuns <= maxRuns, warmupRuns >= 0");
  for (size_t i = 0; i < spec.variants.size(); ++i) {
    Variant &variant = spec.variants[i];
    if (variant.label.empty())
      variant.label = "variant " + std::to_string(i);
    if (variant.numWarps <= 0 || (variant.numWarps & (variant.numWarps - 1)))
      return invalid("variant '" + variant.label +
                     "': num_warps must be a power of two");
    if (variant.numStages < 1 || variant.numCtas < 1)
      return invalid("variant '" + variant.label +
                     "': num_stages and num_ctas must be positive");
    if (variant.source.empty()) {
      if (variant.sourcePath.empty())
        return invalid("variant '" + variant.label +
                       "' has neither source nor sourcePath");
      Result<std::string> text = DiskCache::readFile(variant.sourcePath);
      if (!text)
        return Status(text.status())
            .addContext("family '" + spec.name + "', variant '" +
                        variant.label + "'");
      variant.source = text.take();
    }
  }
  auto family = std::make_shared<FamilyImpl>(std::move(spec), *impl);
  for (size_t i = 0; i < family->variants.size(); ++i)
    impl->pool->enqueue([family, i] { family->buildVariant(i); });
  return std::shared_ptr<Family>(family);
}
