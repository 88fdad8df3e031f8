//===- DiskCache.h - cubins and tuning choices on disk ----------*- C++ -*-===//
//
// Layout under the cache directory (docs/runtime.md):
//   kernels/<k0k1>/<kernel key>/<compiler key>.entry   cubin + metadata
//   tuning/<record key>.tune                            one tuning choice
// The kernel key hashes the IR and the options and target it is compiled
// for; the compiler key hashes the compiler's version, so a new compiler
// never loads an old cubin, while a cache-only runtime (which has no
// compiler to ask) takes any intact entry of the kernel key.
// Every file is "TRITON-MLIR-CACHE 1 <kind>", length-prefixed sections and a
// SHA-256 checksum line: a corrupt or truncated file is detected, removed
// and reported as a miss. Files are written to a temporary name and renamed,
// so processes sharing the directory never see half a file.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_RUNTIME_DISKCACHE_H
#define TRITON_RUNTIME_DISKCACHE_H

#include "Runtime/Status.h"

#include <string>
#include <utility>
#include <vector>

namespace triton::runtime {

/// Named byte strings, in order: the body of a cache file.
using CacheSections = std::vector<std::pair<std::string, std::string>>;

/// The bytes of a cache file of `kind` holding `sections`.
std::string encodeCacheFile(const std::string &kind,
                            const CacheSections &sections);

/// Reads a cache file of `kind`; fails (InvalidArgument) on a wrong magic or
/// kind, a truncated file, a bad length or a checksum mismatch.
Result<CacheSections> decodeCacheFile(const std::string &bytes,
                                      const std::string &kind);

/// One compiled variant as the cache keeps it.
struct KernelCacheEntry {
  std::string compilerVersion;
  std::string metadataJson;
  std::string cubin;
};

/// The on-disk cache. Stateless apart from its directory and counters;
/// safe to use from several threads and processes at once.
class DiskCache {
public:
  /// `directory` empty: getDefaultDirectory().
  explicit DiskCache(std::string directory = "");

  /// $TRITON_MLIR_CACHE_DIR, else $XDG_CACHE_HOME/triton-mlir, else
  /// $HOME/.cache/triton-mlir, else /tmp/triton-mlir-cache.
  static std::string getDefaultDirectory();

  const std::string &getDirectory() const { return directory; }

  /// The file of a kernel key under a compiler version.
  std::string getKernelPath(const std::string &kernelKey,
                            const std::string &compilerVersion) const;
  /// The file of a tuning record.
  std::string getTuningPath(const std::string &recordKey) const;

  /// Loads a kernel. `compilerVersion` empty (cache-only): the newest
  /// intact entry of any version. NotFound when there is none; a corrupt
  /// entry is removed and also gives NotFound, with a message saying so.
  Result<KernelCacheEntry> loadKernel(const std::string &kernelKey,
                                      const std::string &compilerVersion);
  Status storeKernel(const std::string &kernelKey,
                     const KernelCacheEntry &entry);

  /// Loads / stores a tuning record's sections.
  Result<CacheSections> loadTuning(const std::string &recordKey);
  Status storeTuning(const std::string &recordKey,
                     const CacheSections &sections);

  /// Reads a whole file; NotFound if it does not exist.
  static Result<std::string> readFile(const std::string &path);
  /// Writes `bytes` to `path` through a temporary file and rename(2),
  /// creating the parent directories.
  static Status writeFileAtomically(const std::string &path,
                                    const std::string &bytes);

private:
  Result<CacheSections> loadChecked(const std::string &path,
                                    const std::string &kind);

  std::string directory;
};

} // namespace triton::runtime

#endif // TRITON_RUNTIME_DISKCACHE_H
