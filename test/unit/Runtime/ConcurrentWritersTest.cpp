//===- ConcurrentWritersTest.cpp - two processes share one cache directory -===//
#include "CacheWriterContent.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

using namespace triton::runtime;

namespace {

pid_t startWriter(const std::string &dir, int writer, int iterations) {
  std::string path = TRITON_RUNTIME_CACHE_WRITER;
  std::string id = std::to_string(writer), count = std::to_string(iterations);
  char *argv[] = {path.data(), const_cast<char *>(dir.c_str()), id.data(),
                  count.data(), nullptr};
  pid_t pid = -1;
  if (::posix_spawn(&pid, path.c_str(), nullptr, nullptr, argv, environ) != 0)
    return -1;
  return pid;
}

TEST(ConcurrentWriters, TwoProcessesNeverCorruptTheCache) {
  const char *base = std::getenv("TMPDIR");
  std::string dir = std::string(base && *base ? base : "/tmp") +
                    "/triton-rt-writers-XXXXXX";
  ASSERT_NE(::mkdtemp(dir.data()), nullptr);
  pid_t first = startWriter(dir, 0, 60);
  pid_t second = startWriter(dir, 1, 60);
  ASSERT_GT(first, 0);
  ASSERT_GT(second, 0);
  // This process reads while the two write.
  DiskCache cache(dir);
  std::string problem;
  for (int round = 0; round < 200 && problem.empty(); ++round)
    for (int key = 0; key < triton::runtime::testing::kWriterKeys && problem.empty(); ++key)
      problem = triton::runtime::testing::checkKey(cache, key);
  int firstStatus = 0, secondStatus = 0;
  ASSERT_EQ(::waitpid(first, &firstStatus, 0), first);
  ASSERT_EQ(::waitpid(second, &secondStatus, 0), second);
  EXPECT_EQ(problem, "");
  ASSERT_TRUE(WIFEXITED(firstStatus));
  ASSERT_TRUE(WIFEXITED(secondStatus));
  EXPECT_EQ(WEXITSTATUS(firstStatus), 0);
  EXPECT_EQ(WEXITSTATUS(secondStatus), 0);
  // Every key ends as one writer's intact entry, and no temporary is left.
  for (int key = 0; key < triton::runtime::testing::kWriterKeys; ++key) {
    EXPECT_EQ(triton::runtime::testing::checkKey(cache, key), "");
    EXPECT_TRUE(cache.loadKernel(triton::runtime::testing::writerKey(key), "writer-test"));
  }
  EXPECT_EQ(std::system(("test -z \"$(find '" + dir + "' -name '*.tmp.*')\"").c_str()),
            0);
  std::system(("rm -rf '" + dir + "'").c_str());
}

} // namespace
