//===- CacheWriterContent.h - what the concurrent writers store -*- C++ -*-===//
#ifndef TEST_UNIT_RUNTIME_CACHEWRITERCONTENT_H
#define TEST_UNIT_RUNTIME_CACHEWRITERCONTENT_H

#include "Runtime/DiskCache.h"
#include "Runtime/Sha256.h"

#include <string>

namespace triton::runtime::testing {

constexpr int kWriterKeys = 8;

inline std::string writerKey(int key) {
  return sha256Hex("concurrent key " + std::to_string(key));
}

/// A cubin of 40-100 KiB that names its writer and key in every line, so a
/// mix of two writers' bytes is visible.
inline std::string writerCubin(int writer, int key) {
  std::string line = "writer " + std::to_string(writer) + " key " +
                     std::to_string(key) + "\n";
  std::string cubin;
  size_t size = 40 * 1024 + size_t(key) * 8 * 1024 + size_t(writer) * 100;
  while (cubin.size() < size)
    cubin += line;
  return cubin;
}

inline KernelCacheEntry writerEntry(int writer, int key) {
  return {"writer-test", "{\"name\":\"k\"}", writerCubin(writer, key)};
}

/// "" if `key`'s kernel entry and tuning record are absent or exactly one
/// writer's; else what is wrong.
inline std::string checkKey(DiskCache &cache, int key) {
  Result<KernelCacheEntry> entry = cache.loadKernel(writerKey(key), "writer-test");
  if (!entry) {
    if (entry.status().message().find("corrupt") != std::string::npos)
      return "key " + std::to_string(key) + ": " + entry.status().message();
  } else if (entry->cubin != writerCubin(0, key) &&
             entry->cubin != writerCubin(1, key)) {
    return "key " + std::to_string(key) + ": mixed cubin";
  }
  Result<CacheSections> record = cache.loadTuning(writerKey(key));
  if (!record) {
    if (record.status().message().find("corrupt") != std::string::npos)
      return "tuning " + std::to_string(key) + ": " + record.status().message();
  } else if (record->size() != 1 || ((*record)[0].second != writerCubin(0, key) &&
                                     (*record)[0].second != writerCubin(1, key))) {
    return "tuning " + std::to_string(key) + ": mixed record";
  }
  return "";
}

} // namespace triton::runtime::testing

#endif // TEST_UNIT_RUNTIME_CACHEWRITERCONTENT_H
