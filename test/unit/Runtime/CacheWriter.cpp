//===- CacheWriter.cpp - one of the processes of the concurrent-writers test -===//
//
//   runtime-cache-writer DIR WRITER ITERATIONS
// Stores the same eight kernel keys and tuning records over and over (each
// writer its own content), loading every key between stores. Exits 1 if a
// load ever returns a damaged or mixed entry, 2 on a failed store.
//
//===----------------------------------------------------------------------===//
#include "CacheWriterContent.h"

#include "Runtime/DiskCache.h"

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace triton::runtime;

int main(int argc, char **argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: runtime-cache-writer DIR WRITER ITERATIONS\n");
    return 2;
  }
  DiskCache cache(argv[1]);
  int writer = std::atoi(argv[2]);
  int iterations = std::atoi(argv[3]);
  for (int i = 0; i < iterations; ++i) {
    for (int key = 0; key < testing::kWriterKeys; ++key) {
      Status stored = cache.storeKernel(testing::writerKey(key),
                                        testing::writerEntry(writer, key));
      if (stored)
        stored = cache.storeTuning(testing::writerKey(key),
                                   {{"choice", testing::writerCubin(writer, key)}});
      if (!stored) {
        std::fprintf(stderr, "writer %d: %s\n", writer, stored.toString().c_str());
        return 2;
      }
      std::string problem = testing::checkKey(cache, key);
      if (!problem.empty()) {
        std::fprintf(stderr, "writer %d: %s\n", writer, problem.c_str());
        return 1;
      }
    }
  }
  return 0;
}
