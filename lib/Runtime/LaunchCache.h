//===- LaunchCache.h - decided launches, read without a lock ----*- C++ -*-===//
//
// The cached launch path: once a (CUDA context, tuning key) pair has a
// chosen variant whose module is loaded in that context, a launch only needs
// the CUfunction and its block and shared-memory sizes. LaunchCache maps the
// pair, as binary words (the context's cuCtxGetId and the key's words), to
// those. Readers take no lock and allocate nothing: an open-addressing table
// whose slots are written once and published by a release store of their
// hash; a full table is copied into one twice its size and swapped in
// atomically, and the old one is kept until the cache dies, so a reader
// never sees freed memory. Writers serialize on a mutex.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_RUNTIME_LAUNCHCACHE_H
#define TRITON_RUNTIME_LAUNCHCACHE_H

#include <cuda.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace triton::runtime {

/// What a decided (context, tuning key) launches.
struct LaunchTarget {
  CUfunction function = nullptr;
  int variant = -1;
  unsigned blockThreads = 0;
  unsigned sharedBytes = 0;
};

/// A 64-bit hash of a context id and key words (never 0).
uint64_t hashLaunchKey(uint64_t context, const uint64_t *words, size_t count);

/// (context id, key words) -> LaunchTarget; lock-free lookups.
class LaunchCache {
public:
  /// Every key has `keyWords` words (fixed per family).
  explicit LaunchCache(size_t keyWords);
  ~LaunchCache();
  LaunchCache(const LaunchCache &) = delete;
  LaunchCache &operator=(const LaunchCache &) = delete;

  size_t getKeyWords() const { return keyWords; }

  /// The target of (context, key), if one was inserted. Takes no lock and
  /// allocates nothing; safe beside concurrent inserts.
  bool find(uint64_t context, const uint64_t *key, LaunchTarget &out) const;

  /// Records (context, key) -> target; the first record of a pair stays
  /// (a racing second insert of the same pair changes nothing).
  void insert(uint64_t context, const uint64_t *key,
              const LaunchTarget &target);

  /// Pairs recorded.
  size_t size() const;
  /// Slots of the table readers see now (grows as pairs are added).
  size_t getCapacity() const;

private:
  struct Table;
  /// The slot holding (context, key) in `table`, or null.
  const LaunchTarget *lookup(const Table &table, uint64_t hash,
                             uint64_t context, const uint64_t *key) const;
  /// Writes a new pair into a free slot and publishes it.
  void place(Table &table, uint64_t hash, uint64_t context, const uint64_t *key,
             const LaunchTarget &target);

  size_t keyWords;
  std::atomic<Table *> current{nullptr};
  mutable std::mutex writeMutex;
  /// Every table ever published (the current one last); freed with the cache.
  std::vector<std::unique_ptr<Table>> tables;
};

/// Words for a key on the stack, or (for long keys) in a per-thread buffer
/// that is allocated once; a nested use on the same thread gets its own.
class KeyWords {
public:
  explicit KeyWords(size_t count);
  ~KeyWords();
  KeyWords(const KeyWords &) = delete;
  KeyWords &operator=(const KeyWords &) = delete;
  uint64_t *data() { return words; }

private:
  static constexpr size_t inlineWords = 16;
  uint64_t inlineStorage[inlineWords];
  std::vector<uint64_t> owned;
  uint64_t *words;
  bool claimed = false;
};

} // namespace triton::runtime

#endif // TRITON_RUNTIME_LAUNCHCACHE_H
