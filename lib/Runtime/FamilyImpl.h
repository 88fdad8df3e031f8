//===- FamilyImpl.h - the state behind Runtime and Family ------*- C++ -*-===//
#ifndef TRITON_RUNTIME_FAMILYIMPL_H
#define TRITON_RUNTIME_FAMILYIMPL_H

#include "Runtime/CudaDriver.h"
#include "Runtime/DiskCache.h"
#include "LaunchCache.h"
#include "Runtime/Runtime.h"
#include "ThreadPool.h"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <unordered_map>

namespace triton::runtime {

/// What a Runtime shares with its families.
struct Runtime::Impl {
  RuntimeOptions options;
  std::shared_ptr<DiskCache> cache; // null when the disk cache is off
  std::shared_ptr<KernelCompiler> compiler;
  std::string compilerVersion;
  int computeCapability = 90;
  std::unique_ptr<ThreadPool> pool;
};

/// One variant's compile outcome.
struct VariantState {
  std::string source;
  std::string kernelKey;
  bool done = false;
  Status status;
  KernelInfo info;
  std::string cubin;
};

/// Modules and tuning choices of one CUDA context.
struct ContextState {
  CUcontext context = nullptr;
  /// cuCtxGetId: unique for the life of the process, unlike the pointer.
  uint64_t id = 0;
  /// "<device name> sm_<cc>": part of every tuning record's key.
  std::string device;
  int computeCapability = 0;
  std::vector<CUmodule> modules;
  std::vector<CUfunction> functions;
  /// Tuning key (the string form) -> chosen variant. The launch cache
  /// answers the binary form first; this is consulted on a miss.
  std::unordered_map<std::string, int> choices;
};

/// A loaded family.
class FamilyImpl final : public Family {
public:
  FamilyImpl(FamilySpec spec, const Runtime::Impl &runtime);
  ~FamilyImpl() override;

  /// Fetches variant `index` from the cache or compiles it (a pool task).
  void buildVariant(size_t index);

  const FamilySpec &getSpec() const override { return spec; }
  Status wait() override;
  bool isReady() const override;
  std::vector<Status> getVariantStatuses() override;
  Result<KernelInfo> getKernelInfo(size_t index) override;
  Status launch(const std::vector<Arg> &args, CUstream stream) override;
  Result<LaunchPlan> plan(const std::vector<Arg> &args,
                          CUstream stream) override;
  Result<std::string> getTuningKey(const std::vector<Arg> &args) override;
  FamilyStats getStats() const override;
  Status getCacheStatus() const override;
  /// Counts and keeps a failed cache write (thread-safe).
  void noteCacheWrite(Status written);

  std::vector<VariantState> variants;

private:
  /// After every variant is done: the common signature, key and write
  /// parameter indices. Called once, under `mutex`.
  Status checkVariants();
  /// Whether `args` match the signature (count and kinds), allocating
  /// nothing; checkArgs says why not.
  bool argsMatch(const std::vector<Arg> &args) const;
  /// The binary tuning key of matching `args` (keyWordCount words): the key
  /// parameters' bits, then each specialized parameter's divisibility class.
  void fillKeyWords(const std::vector<Arg> &args, uint64_t *words) const;
  /// The cached path: the launch target of `args` in the current context
  /// when that pair is decided and loaded; false sends the caller to the
  /// full path (which also reports every error).
  bool findCached(const std::vector<Arg> &args, const CudaDriver *&driver,
                  LaunchTarget &target);
  Result<ContextState *> getContext(const CudaDriver &driver);
  Status loadModule(ContextState &context, int index, const CudaDriver &driver);
  /// The chosen variant for `args` in `context`, tuning if needed.
  Result<int> choose(ContextState &context, const std::vector<Arg> &args,
                     const std::string &tuningKey, CUstream stream,
                     const CudaDriver &driver, bool &tuned);
  /// Benchmarks `candidates` on `args`; the fastest (Tuner.cpp).
  Result<int> benchmark(ContextState &context, const std::vector<int> &candidates,
                        const std::vector<Arg> &args, CUstream stream,
                        const CudaDriver &driver, std::string &report);
  Result<LaunchPlan> resolve(const std::vector<Arg> &args,
                             const std::string &tuningKey, CUstream stream,
                             const CudaDriver &driver, ContextState *&context);
  /// The full path of launch() and plan() when the cached one misses: the
  /// tuning key (argument errors first), the driver (set in `driver`),
  /// then resolve().
  Result<LaunchPlan> resolveFully(const std::vector<Arg> &args,
                                  CUstream stream, const CudaDriver *&driver);
  /// Packs the arguments and launches `function`, variant `index`.
  Status launchVariant(CUfunction function, int index, LaunchGrid grid,
                       const std::vector<Arg> &args, CUstream stream,
                       const CudaDriver &driver);
  Result<LaunchGrid> computeGrid(const std::vector<Arg> &args, int index);
  /// The tuning record's key on disk.
  std::string getRecordKey(const ContextState &context,
                           const std::string &tuningKey) const;

  FamilySpec spec;
  std::shared_ptr<DiskCache> cache;
  std::shared_ptr<KernelCompiler> compiler;
  std::string compilerVersion;
  int computeCapability;
  std::string familyKey;

  mutable std::mutex mutex;
  std::condition_variable variantDone;
  size_t pending = 0;
  std::atomic<bool> ready{false};
  bool checked = false;
  /// Set once checkStatus is final: wait() then takes no lock.
  std::atomic<bool> checkedFlag{false};
  Status checkStatus;
  std::vector<KernelParamInfo> signature;
  std::vector<int> keyParams, writeParams, specializedParams;
  std::vector<int64_t> specializedLimits;
  /// Per parameter, the Arg::Kind that matches it (-1: none does).
  std::vector<int> expectedKinds;
  size_t keyWordCount = 0;
  /// Decided (context id, binary key) pairs; made once checkVariants
  /// succeeds, before checkedFlag is set.
  std::unique_ptr<LaunchCache> launchCache;
  FamilyStats stats;
  Status cacheStatus;
  std::atomic<int64_t> launches{0};

  std::mutex contextMutex;
  std::vector<std::unique_ptr<ContextState>> contexts;
  std::mutex tuneMutex;
};

} // namespace triton::runtime

#endif // TRITON_RUNTIME_FAMILYIMPL_H
