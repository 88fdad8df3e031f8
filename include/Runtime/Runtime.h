//===- Runtime.h - kernel families: background compile, tune, launch -*- C++ -*-===//
//
// A Runtime owns a thread pool, a disk cache and (optionally) a compiler.
// Loading a FamilySpec starts compiling (or fetching from the cache) every
// variant in the background and returns a Family at once. The first launch
// for a tuning key benchmarks every variant that accepts the arguments,
// restoring the buffers the kernel writes between runs, and records the
// fastest in memory and on disk; later launches with that key compute the
// grid and call cuLaunchKernel only. docs/runtime.md has the details.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_RUNTIME_RUNTIME_H
#define TRITON_RUNTIME_RUNTIME_H

#include "Runtime/Arg.h"
#include "Runtime/KernelCompiler.h"
#include "Runtime/KernelInfo.h"
#include "Runtime/Status.h"

#include <cuda.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace triton::runtime {

/// One configuration of a kernel: its IR and the options it is compiled
/// with. `constants` are the meta-parameters baked into the IR (BLOCK sizes)
/// that the grid function needs; they are part of the variant's identity
/// only through `source`.
struct Variant {
  /// Names the variant in messages and reports ("BLOCK=1024 warps=4").
  std::string label;
  /// The IR text; when empty, `sourcePath` is read at load time.
  std::string source;
  std::string sourcePath;
  int numWarps = 4;
  int numStages = 3;
  int numCtas = 1;
  std::map<std::string, int64_t> constants;
};

/// Launch grid in programs (CTAs).
struct LaunchGrid {
  unsigned x = 1, y = 1, z = 1;
};

/// The grid of a launch, from the arguments and the variant chosen.
using GridFunction =
    std::function<LaunchGrid(const std::vector<Arg> &args, const Variant &)>;

/// How tuning benchmarks (as Triton's do_bench: warm-up, then the median of
/// timed runs measured with CUDA events).
struct BenchOptions {
  int warmupRuns = 3;
  int minRuns = 5;
  int maxRuns = 100;
  /// Timed runs per variant stop once their total passes this.
  double budgetMs = 20;
};

/// What a family is.
struct FamilySpec {
  std::string name;
  std::vector<Variant> variants;
  /// Parameter names whose values select a configuration (Triton's
  /// autotuner `key`). The divisibility of every argument some variant is
  /// specialized on is always part of the key.
  std::vector<std::string> key;
  /// Names of pointer parameters the kernel writes (Triton's
  /// `restore_value`): tuning saves and restores them, so their arguments
  /// must carry their byte size when there is more than one candidate.
  std::vector<std::string> writes;
  GridFunction grid;
  BenchOptions bench;
};

/// Counters, for tests and reports.
struct FamilyStats {
  int compiled = 0;         ///< variants the compiler built
  int cacheHits = 0;        ///< variants loaded from the disk cache
  int corruptEntries = 0;   ///< cache entries found corrupt (then rebuilt)
  int failed = 0;           ///< variants that could not be had
  int tunings = 0;          ///< keys tuned by benchmarking
  int tuningCacheHits = 0;  ///< keys whose choice came from the disk cache
  /// Kernels and tuning records that could not be written to the disk cache
  /// (read-only or full directory, ...); the launches went on without them.
  int cacheWriteFailures = 0;
  int64_t launches = 0;
};

/// What a launch resolves to (for tools that want to call cuLaunchKernel
/// themselves, e.g. to compare overheads).
struct LaunchPlan {
  CUfunction function = nullptr;
  LaunchGrid grid;
  unsigned blockThreads = 0;
  unsigned sharedBytes = 0;
  int variantIndex = -1;
  /// Whether planning had to tune (benchmark) this key.
  bool tuned = false;
};

/// A loaded family. Thread-safe; shared by the Runtime's workers.
class Family {
public:
  virtual ~Family() = default;
  virtual const FamilySpec &getSpec() const = 0;
  /// Waits until every variant has been compiled or fetched. Fails when no
  /// variant could be had or the variants' signatures disagree.
  virtual Status wait() = 0;
  /// Whether every variant is done (without waiting).
  virtual bool isReady() const = 0;
  /// The per-variant outcome (ok, or why the variant is unusable); waits.
  virtual std::vector<Status> getVariantStatuses() = 0;
  /// The kernel info of variant `index` (waits; fails if it is unusable).
  virtual Result<KernelInfo> getKernelInfo(size_t index) = 0;
  /// Launches on `stream` (null: the context's default stream) in the
  /// current CUDA context (or device 0's primary context if none is
  /// current). Tunes first if this key has no choice yet.
  virtual Status launch(const std::vector<Arg> &args,
                        CUstream stream = nullptr) = 0;
  /// Resolves a launch as launch() would (tuning if needed), without
  /// launching.
  virtual Result<LaunchPlan> plan(const std::vector<Arg> &args,
                                  CUstream stream = nullptr) = 0;
  /// The tuning key launch() computes for `args` (checks them first).
  virtual Result<std::string> getTuningKey(const std::vector<Arg> &args) = 0;
  virtual FamilyStats getStats() const = 0;
  /// The last failure to write this family's disk cache entries (success
  /// when every write succeeded). A cache that cannot be written costs
  /// rebuilds in later processes, never a launch, so it is reported here
  /// rather than by launch().
  virtual Status getCacheStatus() const = 0;
};

/// How a Runtime is set up.
struct RuntimeOptions {
  /// Empty: DiskCache::getDefaultDirectory() ($TRITON_MLIR_CACHE_DIR, ...).
  std::string cacheDir;
  /// Off: nothing is read from or written to disk.
  bool useDiskCache = true;
  /// Null: cache-only mode (variants must be in the cache).
  std::shared_ptr<KernelCompiler> compiler;
  /// Worker threads; 0: the machine's hardware threads (at least 1).
  unsigned threads = 0;
  /// Compute capability to compile for (90 = sm_90a). 0: device 0's when a
  /// driver is there, else 90.
  int computeCapability = 0;
};

/// Owns the workers, the cache and the compiler.
class Runtime {
public:
  explicit Runtime(RuntimeOptions options = {});
  ~Runtime();
  Runtime(const Runtime &) = delete;
  Runtime &operator=(const Runtime &) = delete;

  /// Checks `spec` and starts compiling its variants; returns at once.
  Result<std::shared_ptr<Family>> load(FamilySpec spec);

  /// The cache directory in use ("" when the disk cache is off).
  std::string getCacheDirectory() const;
  /// The compute capability variants are compiled for.
  int getComputeCapability() const;
  /// Whether a compiler is installed (false: cache-only mode).
  bool hasCompiler() const;

  struct Impl;

private:
  std::shared_ptr<Impl> impl;
};

/// The cache key of one variant: SHA-256 of the IR, the options and the
/// target (the compiler version is the second level of the cache path).
std::string getKernelKey(const std::string &source, const Variant &variant,
                         int computeCapability);

} // namespace triton::runtime

#endif // TRITON_RUNTIME_RUNTIME_H
