//===- LaunchCacheTest.cpp - the cached path's table and key buffer -------===//
#include "LaunchCache.h"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <thread>

using namespace triton::runtime;

namespace {

LaunchTarget makeTarget(int variant) {
  LaunchTarget target;
  target.function = reinterpret_cast<CUfunction>(uintptr_t(0x1000 + variant));
  target.variant = variant;
  target.blockThreads = 32u * unsigned(variant + 1);
  target.sharedBytes = unsigned(variant) * 16;
  return target;
}

TEST(LaunchKeyHash, SeesEveryWordAndTheContext) {
  uint64_t a[3] = {1000, 16, 0}, b[3] = {1000, 16, 1}, c[3] = {1000, 8, 0};
  std::set<uint64_t> hashes = {hashLaunchKey(1, a, 3), hashLaunchKey(1, b, 3),
                               hashLaunchKey(1, c, 3), hashLaunchKey(2, a, 3),
                               hashLaunchKey(1, a, 2), hashLaunchKey(1, a, 0)};
  EXPECT_EQ(hashes.size(), 6u);
  EXPECT_EQ(hashLaunchKey(1, a, 3), hashLaunchKey(1, a, 3));
  for (uint64_t context = 0; context < 1000; ++context)
    EXPECT_NE(hashLaunchKey(context, a, 3), 0u);
}

TEST(LaunchCache, FindsOnlyWhatWasInserted) {
  LaunchCache cache(2);
  uint64_t key[2] = {1000, 16}, other[2] = {1000, 4};
  LaunchTarget found;
  EXPECT_FALSE(cache.find(7, key, found));
  EXPECT_EQ(cache.getCapacity(), 0u);
  cache.insert(7, key, makeTarget(1));
  ASSERT_TRUE(cache.find(7, key, found));
  EXPECT_EQ(found.variant, 1);
  EXPECT_EQ(found.function, makeTarget(1).function);
  EXPECT_EQ(found.blockThreads, 64u);
  EXPECT_EQ(found.sharedBytes, 16u);
  EXPECT_FALSE(cache.find(8, key, found));   // another context
  EXPECT_FALSE(cache.find(7, other, found)); // another key
  cache.insert(8, key, makeTarget(2));
  cache.insert(7, other, makeTarget(3));
  ASSERT_TRUE(cache.find(8, key, found));
  EXPECT_EQ(found.variant, 2);
  ASSERT_TRUE(cache.find(7, other, found));
  EXPECT_EQ(found.variant, 3);
  // A second insert of a pair changes nothing.
  cache.insert(7, key, makeTarget(5));
  ASSERT_TRUE(cache.find(7, key, found));
  EXPECT_EQ(found.variant, 1);
  EXPECT_EQ(cache.size(), 3u);
}

TEST(LaunchCache, KeysWithoutWords) {
  LaunchCache cache(0);
  LaunchTarget found;
  cache.insert(3, nullptr, makeTarget(4));
  ASSERT_TRUE(cache.find(3, nullptr, found));
  EXPECT_EQ(found.variant, 4);
  EXPECT_FALSE(cache.find(4, nullptr, found));
}

TEST(LaunchCache, GrowingKeepsEveryPair) {
  LaunchCache cache(3);
  const int pairs = 2000;
  for (int i = 0; i < pairs; ++i) {
    uint64_t key[3] = {uint64_t(i), uint64_t(i) * 7, 16};
    cache.insert(uint64_t(i % 3), key, makeTarget(i));
  }
  EXPECT_EQ(cache.size(), size_t(pairs));
  EXPECT_GE(cache.getCapacity(), size_t(2 * pairs));
  for (int i = 0; i < pairs; ++i) {
    uint64_t key[3] = {uint64_t(i), uint64_t(i) * 7, 16};
    LaunchTarget found;
    ASSERT_TRUE(cache.find(uint64_t(i % 3), key, found)) << i;
    EXPECT_EQ(found.variant, i);
    EXPECT_FALSE(cache.find(uint64_t(i % 3) + 3, key, found));
  }
}

TEST(LaunchCache, ReadersBesideAWriterSeeWholePairs) {
  LaunchCache cache(2);
  const int pairs = 20000;
  std::atomic<bool> done{false};
  std::atomic<int> wrong{0}, seen{0};
  std::vector<std::thread> readers;
  for (int r = 0; r < 3; ++r)
    readers.emplace_back([&, r] {
      uint64_t next = uint64_t(r);
      while (!done) {
        int i = int(next++ % pairs);
        uint64_t key[2] = {uint64_t(i), ~uint64_t(i)};
        LaunchTarget found;
        if (cache.find(1, key, found)) {
          ++seen;
          if (found.variant != i || found.function != makeTarget(i).function ||
              found.blockThreads != makeTarget(i).blockThreads)
            ++wrong;
        }
      }
    });
  for (int i = 0; i < pairs; ++i) {
    uint64_t key[2] = {uint64_t(i), ~uint64_t(i)};
    cache.insert(1, key, makeTarget(i));
  }
  done = true;
  for (std::thread &reader : readers)
    reader.join();
  EXPECT_EQ(wrong, 0);
  EXPECT_EQ(cache.size(), size_t(pairs));
}

TEST(KeyWords, ShortOnTheStackLongInAReusedBuffer) {
  KeyWords small(4);
  small.data()[3] = 9;
  uint64_t *first;
  {
    KeyWords large(100);
    first = large.data();
    for (int i = 0; i < 100; ++i)
      large.data()[i] = uint64_t(i);
    // Nested on the same thread: its own words.
    KeyWords nested(100);
    EXPECT_NE(nested.data(), large.data());
    nested.data()[0] = 5;
    EXPECT_EQ(large.data()[0], 0u);
  }
  KeyWords again(50);
  EXPECT_EQ(again.data(), first); // the thread's buffer, allocated once
  EXPECT_EQ(small.data()[3], 9u);
}

} // namespace
