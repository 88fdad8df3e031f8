//===- RuntimeTest.cpp - families: background builds, cache, misuse --------===//
//
// Everything a machine without a GPU can check: variants build in the
// background, a second runtime over the same cache compiles nothing, the
// cache-only mode, corrupt entries rebuilt, argument checks, and the clean
// "CUDA driver not available" status where a GPU would be needed.
//
//===----------------------------------------------------------------------===//
#include "FakeCompiler.h"

#include "Runtime/DiskCache.h"
#include "Runtime/Runtime.h"
#include "Runtime/triton_runtime.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <sys/resource.h>
#include <unistd.h>

using namespace triton::runtime;
using triton::runtime::testing::FakeCompiler;

namespace {

class RuntimeTest : public ::testing::Test {
protected:
  void SetUp() override {
    const char *base = std::getenv("TMPDIR");
    std::string pattern = std::string(base && *base ? base : "/tmp") +
                          "/triton-rt-test-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir = pattern;
    // Whatever the machine has, these tests must see no driver.
    ::setenv("TRITON_RUNTIME_LIBCUDA", "libcuda-absent-for-tests.so.1", 1);
  }
  void TearDown() override { std::system(("rm -rf '" + dir + "'").c_str()); }

  FamilySpec makeSpec(int variants = 3) {
    FamilySpec spec;
    spec.name = "fake";
    for (int i = 0; i < variants; ++i) {
      Variant variant;
      variant.label = "BLOCK=" + std::to_string(128 << i);
      variant.source = "kernel " + std::to_string(i);
      variant.numWarps = 4;
      variant.constants["BLOCK"] = 128 << i;
      spec.variants.push_back(variant);
    }
    spec.key = {"n"};
    spec.writes = {"out_ptr"};
    spec.grid = [](const std::vector<Arg> &args, const Variant &variant) {
      int64_t block = variant.constants.at("BLOCK");
      return LaunchGrid{unsigned((args[1].getInteger() + block - 1) / block)};
    };
    return spec;
  }

  RuntimeOptions options(std::shared_ptr<KernelCompiler> compiler) {
    RuntimeOptions result;
    result.cacheDir = dir;
    result.compiler = std::move(compiler);
    result.threads = 2;
    return result;
  }

  std::string dir;
};

TEST_F(RuntimeTest, LoadReturnsWhileVariantsCompileInTheBackground) {
  auto compiler = std::make_shared<FakeCompiler>("fake 1", 200);
  Runtime runtime(options(compiler));
  auto start = std::chrono::steady_clock::now();
  Result<std::shared_ptr<Family>> family = runtime.load(makeSpec(4));
  ASSERT_TRUE(family) << family.status().toString();
  double loadMs = std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - start)
                      .count();
  EXPECT_LT(loadMs, 150.0); // four 200 ms compiles are not waited for
  EXPECT_FALSE((*family)->isReady());
  ASSERT_TRUE((*family)->wait());
  double totalMs = std::chrono::duration<double, std::milli>(
                       std::chrono::steady_clock::now() - start)
                       .count();
  EXPECT_TRUE((*family)->isReady());
  EXPECT_EQ(compiler->calls, 4);
  EXPECT_LT(totalMs, 4 * 200.0); // two workers ran them side by side
  FamilyStats stats = (*family)->getStats();
  EXPECT_EQ(stats.compiled, 4);
  EXPECT_EQ(stats.cacheHits, 0);
  Result<KernelInfo> info = (*family)->getKernelInfo(2);
  ASSERT_TRUE(info);
  EXPECT_EQ(info->name, "k");
  EXPECT_EQ(info->params.size(), 2u);
}

TEST_F(RuntimeTest, SecondRuntimeHitsTheCacheAndCompilesNothing) {
  auto first = std::make_shared<FakeCompiler>();
  {
    Runtime runtime(options(first));
    Result<std::shared_ptr<Family>> family = runtime.load(makeSpec());
    ASSERT_TRUE(family);
    ASSERT_TRUE((*family)->wait());
  }
  EXPECT_EQ(first->calls, 3);
  auto second = std::make_shared<FakeCompiler>();
  Runtime runtime(options(second));
  Result<std::shared_ptr<Family>> family = runtime.load(makeSpec());
  ASSERT_TRUE(family);
  ASSERT_TRUE((*family)->wait());
  EXPECT_EQ(second->calls, 0);
  EXPECT_EQ((*family)->getStats().cacheHits, 3);
  // A new variant misses alone.
  FamilySpec grown = makeSpec(4);
  Result<std::shared_ptr<Family>> more = runtime.load(grown);
  ASSERT_TRUE(more);
  ASSERT_TRUE((*more)->wait());
  EXPECT_EQ(second->calls, 1);
  // A new compiler version misses everything.
  auto newer = std::make_shared<FakeCompiler>("fake 2");
  Runtime upgraded(options(newer));
  Result<std::shared_ptr<Family>> rebuilt = upgraded.load(makeSpec());
  ASSERT_TRUE(rebuilt);
  ASSERT_TRUE((*rebuilt)->wait());
  EXPECT_EQ(newer->calls, 3);
}

// Processes with different compiler versions share one directory: each
// version keeps its own entries, and neither evicts the other's.
TEST_F(RuntimeTest, CompilerVersionsShareACacheDirectory) {
  for (const char *version : {"fake 1", "fake 2"}) {
    Runtime runtime(options(std::make_shared<FakeCompiler>(version)));
    ASSERT_TRUE((*runtime.load(makeSpec()))->wait());
  }
  for (const char *version : {"fake 1", "fake 2"}) {
    auto compiler = std::make_shared<FakeCompiler>(version);
    Runtime runtime(options(compiler));
    std::shared_ptr<Family> family = *runtime.load(makeSpec());
    ASSERT_TRUE(family->wait());
    EXPECT_EQ(compiler->calls, 0) << version;
    EXPECT_EQ(family->getStats().cacheHits, 3) << version;
  }
}

/// The regular files under `root`, recursively.
std::vector<std::string> listFiles(const std::string &root) {
  std::vector<std::string> files;
  if (DIR *handle = ::opendir(root.c_str())) {
    while (dirent *item = ::readdir(handle)) {
      std::string name = item->d_name;
      if (name == "." || name == "..")
        continue;
      std::string path = root + "/" + name;
      if (item->d_type == DT_DIR) {
        std::vector<std::string> inner = listFiles(path);
        files.insert(files.end(), inner.begin(), inner.end());
      } else {
        files.push_back(path);
      }
    }
    ::closedir(handle);
  }
  return files;
}

// A cache directory that cannot be made (read-only file system, a file in
// the way): every variant still builds and the family works; the failed
// writes are counted and reported by getCacheStatus, not by wait().
TEST_F(RuntimeTest, AnUnwritableCacheCostsOnlyTheCache) {
  std::ofstream(dir + "/file") << "in the way";
  RuntimeOptions unwritable = options(std::make_shared<FakeCompiler>());
  unwritable.cacheDir = dir + "/file/cache";
  Runtime runtime(unwritable);
  std::shared_ptr<Family> family = *runtime.load(makeSpec());
  ASSERT_TRUE(family->wait());
  EXPECT_EQ(family->getStats().compiled, 3);
  EXPECT_EQ(family->getStats().cacheWriteFailures, 3);
  Status cache = family->getCacheStatus();
  EXPECT_EQ(cache.getCode(), StatusCode::IoError);
  EXPECT_NE(cache.message().find(dir + "/file' is not a directory"),
            std::string::npos)
      << cache.toString();
  Result<KernelInfo> info = family->getKernelInfo(0);
  EXPECT_TRUE(info) << info.status().toString();
}

// A full disk (here: a file-size limit, so every write fails part way):
// the writes fail cleanly, leaving neither entries nor temporary files,
// and the family works.
TEST_F(RuntimeTest, AFullDiskLeavesNoPartialEntries) {
  struct rlimit saved;
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  auto previous = std::signal(SIGXFSZ, SIG_IGN);
  struct rlimit tiny = saved;
  tiny.rlim_cur = 64;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &tiny), 0);
  std::shared_ptr<Family> family;
  {
    Runtime runtime(options(std::make_shared<FakeCompiler>()));
    family = *runtime.load(makeSpec());
    Status waited = family->wait();
    ::setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, previous);
    ASSERT_TRUE(waited) << waited.toString();
  }
  EXPECT_EQ(family->getStats().compiled, 3);
  EXPECT_EQ(family->getStats().cacheWriteFailures, 3);
  EXPECT_EQ(family->getCacheStatus().getCode(), StatusCode::IoError);
  std::vector<std::string> left = listFiles(dir);
  EXPECT_TRUE(left.empty()) << left.size() << " files, e.g. " << left[0];
  // With room again, the next process stores them.
  Runtime again(options(std::make_shared<FakeCompiler>()));
  std::shared_ptr<Family> stored = *again.load(makeSpec());
  ASSERT_TRUE(stored->wait());
  EXPECT_TRUE(stored->getCacheStatus());
  EXPECT_EQ(stored->getStats().cacheWriteFailures, 0);
  EXPECT_EQ(listFiles(dir).size(), 3u);
}

TEST_F(RuntimeTest, CacheOnlyModeLoadsPrecompiledVariants) {
  {
    Runtime runtime(options(std::make_shared<FakeCompiler>()));
    Result<std::shared_ptr<Family>> family = runtime.load(makeSpec(2));
    ASSERT_TRUE(family);
    ASSERT_TRUE((*family)->wait());
  }
  Runtime cacheOnly(options(nullptr));
  EXPECT_FALSE(cacheOnly.hasCompiler());
  Result<std::shared_ptr<Family>> family = cacheOnly.load(makeSpec(3));
  ASSERT_TRUE(family);
  // Two variants are there, the third is not: the family is usable, and
  // the missing one says why.
  ASSERT_TRUE((*family)->wait());
  std::vector<Status> statuses = (*family)->getVariantStatuses();
  ASSERT_EQ(statuses.size(), 3u);
  EXPECT_TRUE(statuses[0]);
  EXPECT_TRUE(statuses[1]);
  EXPECT_EQ(statuses[2].getCode(), StatusCode::NotFound);
  EXPECT_NE(statuses[2].message().find("cache-only mode"), std::string::npos);
  EXPECT_EQ((*family)->getStats().cacheHits, 2);

  // With nothing in the cache the family fails to load, naming each miss.
  FamilySpec other = makeSpec(1);
  other.variants[0].source = "never compiled";
  Result<std::shared_ptr<Family>> empty = cacheOnly.load(other);
  ASSERT_TRUE(empty);
  Status waited = (*empty)->wait();
  EXPECT_EQ(waited.getCode(), StatusCode::NotFound);
  EXPECT_NE(waited.message().find("no variant is usable"), std::string::npos);
}

TEST_F(RuntimeTest, CorruptAndTruncatedEntriesAreRebuilt) {
  auto compiler = std::make_shared<FakeCompiler>();
  FamilySpec spec = makeSpec(2);
  {
    Runtime runtime(options(compiler));
    ASSERT_TRUE((*runtime.load(spec))->wait());
  }
  DiskCache cache(dir);
  std::string first = cache.getKernelPath(
      getKernelKey(spec.variants[0].source, spec.variants[0], 90), "fake 1");
  std::string second = cache.getKernelPath(
      getKernelKey(spec.variants[1].source, spec.variants[1], 90), "fake 1");
  Result<std::string> bytes = DiskCache::readFile(first);
  ASSERT_TRUE(bytes);
  {
    std::string flipped = *bytes;
    flipped[flipped.size() / 2] ^= 1;
    std::ofstream(first, std::ios::binary | std::ios::trunc) << flipped;
    Result<std::string> other = DiskCache::readFile(second);
    std::ofstream(second, std::ios::binary | std::ios::trunc)
        << other->substr(0, other->size() - 10);
  }
  RuntimeOptions withCompiler = options(compiler);
  withCompiler.computeCapability = 90;
  Runtime runtime(withCompiler);
  Result<std::shared_ptr<Family>> family = runtime.load(spec);
  ASSERT_TRUE((*family)->wait());
  FamilyStats stats = (*family)->getStats();
  EXPECT_EQ(stats.corruptEntries, 2);
  EXPECT_EQ(stats.compiled, 2);
  EXPECT_EQ(compiler->calls, 4);
  // The rebuilt entries are intact again.
  EXPECT_TRUE(cache.loadKernel(getKernelKey(spec.variants[0].source,
                                            spec.variants[0], 90),
                               "fake 1"));

  // Cache-only: a corrupt entry is never loaded; the variant is missing.
  Result<std::string> good = DiskCache::readFile(first);
  std::ofstream(first, std::ios::binary | std::ios::trunc)
      << good->substr(0, good->size() / 2);
  Runtime cacheOnly(options(nullptr));
  Result<std::shared_ptr<Family>> partial = cacheOnly.load(spec);
  ASSERT_TRUE((*partial)->wait());
  std::vector<Status> statuses = (*partial)->getVariantStatuses();
  EXPECT_EQ(statuses[0].getCode(), StatusCode::NotFound);
  EXPECT_NE(statuses[0].message().find("corrupt"), std::string::npos);
  EXPECT_TRUE(statuses[1]);
  EXPECT_EQ((*partial)->getStats().corruptEntries, 1);
}

TEST_F(RuntimeTest, CompileFailuresAreStatusesNotCrashes) {
  auto compiler = std::make_shared<FakeCompiler>();
  FamilySpec spec = makeSpec(2);
  spec.variants[1].source = "FAIL here";
  Runtime runtime(options(compiler));
  Result<std::shared_ptr<Family>> family = runtime.load(spec);
  ASSERT_TRUE((*family)->wait()); // one good variant is enough
  std::vector<Status> statuses = (*family)->getVariantStatuses();
  EXPECT_EQ(statuses[1].getCode(), StatusCode::CompileError);
  EXPECT_NE(statuses[1].message().find("FAIL found"), std::string::npos);
  EXPECT_EQ((*family)->getStats().failed, 1);

  spec.variants[0].source = "FAIL too";
  Result<std::shared_ptr<Family>> broken = runtime.load(spec);
  EXPECT_EQ((*broken)->wait().getCode(), StatusCode::NotFound);
  EXPECT_EQ(
      (*broken)->launch({Arg::ptr(256, 64), Arg::i32(16)}).getCode(),
      StatusCode::NotFound);
}

TEST_F(RuntimeTest, BadSpecsAreRefusedAtLoad) {
  Runtime runtime(options(std::make_shared<FakeCompiler>()));
  FamilySpec none = makeSpec(0);
  EXPECT_EQ(runtime.load(none).status().getCode(), StatusCode::InvalidArgument);
  FamilySpec noGrid = makeSpec(1);
  noGrid.grid = nullptr;
  EXPECT_NE(runtime.load(noGrid).status().message().find("no grid function"),
            std::string::npos);
  FamilySpec warps = makeSpec(1);
  warps.variants[0].numWarps = 3;
  EXPECT_NE(runtime.load(warps).status().message().find("power of two"),
            std::string::npos);
  FamilySpec file = makeSpec(1);
  file.variants[0].source.clear();
  file.variants[0].sourcePath = dir + "/absent.ttir";
  EXPECT_EQ(runtime.load(file).status().getCode(), StatusCode::NotFound);
  // Key and written names are checked against the signature once built.
  FamilySpec badKey = makeSpec(1);
  badKey.key = {"m"};
  Status keyStatus = (*runtime.load(badKey))->wait();
  EXPECT_NE(keyStatus.message().find("tuning key 'm' is not a parameter"),
            std::string::npos);
  FamilySpec badWrite = makeSpec(1);
  badWrite.writes = {"n"};
  Status writeStatus = (*runtime.load(badWrite))->wait();
  EXPECT_NE(writeStatus.message().find("'n' is not a pointer or descriptor parameter"),
            std::string::npos);
  // Variants must share a signature.
  FamilySpec mixed = makeSpec(2);
  mixed.variants[1].source =
      "params: [{\"name\":\"out_ptr\",\"type\":\"*fp32\"},"
      "{\"name\":\"n\",\"type\":\"i64\"}]\n";
  Status mixedStatus = (*runtime.load(mixed))->wait();
  EXPECT_NE(mixedStatus.message().find("different signatures"), std::string::npos);
}

TEST_F(RuntimeTest, ArgumentsAreCheckedBeforeTheDriverIsNeeded) {
  Runtime runtime(options(std::make_shared<FakeCompiler>()));
  std::shared_ptr<Family> family = *runtime.load(makeSpec());
  Status tooFew = family->launch({Arg::ptr(256, 64)});
  EXPECT_EQ(tooFew.getCode(), StatusCode::InvalidArgument);
  EXPECT_NE(tooFew.message().find("takes 2 arguments, got 1"), std::string::npos);
  Status wrongType = family->launch({Arg::ptr(256, 64), Arg::i64(16)});
  EXPECT_EQ(wrongType.getCode(), StatusCode::InvalidArgument);
  EXPECT_NE(wrongType.message().find("argument 1 ('n'): the kernel takes i32, got i64"),
            std::string::npos);
  Status notPointer = family->launch({Arg::f32(1.0f), Arg::i32(16)});
  EXPECT_NE(notPointer.message().find("takes *fp32, got fp32"), std::string::npos);
  Status pointerForInt = family->launch({Arg::ptr(256), Arg::ptr(512)});
  EXPECT_NE(pointerForInt.message().find("takes i32, got a pointer"),
            std::string::npos);
  // Right arguments: now the driver is needed, and it is not there.
  Status noDriver = family->launch({Arg::ptr(256, 64), Arg::i32(16)});
  EXPECT_EQ(noDriver.getCode(), StatusCode::DriverUnavailable);
  EXPECT_NE(noDriver.message().find("CUDA driver not available"), std::string::npos);
  EXPECT_EQ(family->plan({Arg::ptr(256, 64), Arg::i32(16)}).status().getCode(),
            StatusCode::DriverUnavailable);
}

TEST_F(RuntimeTest, TuningKeysSeparateValuesAndSpecializations) {
  Runtime runtime(options(std::make_shared<FakeCompiler>()));
  std::shared_ptr<Family> family = *runtime.load(makeSpec());
  Result<std::string> a = family->getTuningKey({Arg::ptr(256), Arg::i32(1000)});
  Result<std::string> b = family->getTuningKey({Arg::ptr(512), Arg::i32(1000)});
  Result<std::string> c = family->getTuningKey({Arg::ptr(256), Arg::i32(1024)});
  Result<std::string> unaligned =
      family->getTuningKey({Arg::ptr(260), Arg::i32(1000)});
  ASSERT_TRUE(a && b && c && unaligned);
  EXPECT_EQ(*a, *b);          // both pointers 16-aligned, same n
  EXPECT_NE(*a, *c);          // n is in the key
  EXPECT_NE(*a, *unaligned);  // out_ptr's tt.divisibility=16 is broken
  EXPECT_EQ(*a, "n=i32:1000;div=16,");
  EXPECT_EQ(*unaligned, "n=i32:1000;div=4,");
}

TEST_F(RuntimeTest, DivisibilityDecidesWhichVariantsQualify) {
  std::vector<KernelParamInfo> params = {{"p", "*fp32", 16}, {"n", "i32", 16}};
  EXPECT_TRUE(satisfiesDivisibility(params, {Arg::ptr(4096), Arg::i32(64)}));
  EXPECT_FALSE(satisfiesDivisibility(params, {Arg::ptr(4100), Arg::i32(64)}));
  EXPECT_FALSE(satisfiesDivisibility(params, {Arg::ptr(4096), Arg::i32(65)}));
  params[1].divisibility = 0;
  EXPECT_TRUE(satisfiesDivisibility(params, {Arg::ptr(4096), Arg::i32(65)}));
}

TEST_F(RuntimeTest, CApiReportsErrorsThroughStatusAndLastError) {
  {
    Runtime runtime(options(std::make_shared<FakeCompiler>()));
    ASSERT_TRUE((*runtime.load(makeSpec(1)))->wait());
  }
  triton_rt_runtime *runtime = nullptr;
  ASSERT_EQ(triton_rt_create(dir.c_str(), 90, &runtime), TRITON_RT_OK);
  triton_rt_variant variant = {"BLOCK=128", "kernel 0", nullptr, 4, 3};
  const char *key[] = {"n"};
  const char *writes[] = {"out_ptr"};
  triton_rt_family_desc desc = {"fake", &variant, 1, key, 1, writes, 1,
                                [](const triton_rt_arg *args, int, int,
                                   uint32_t grid[3], void *) {
                                  grid[0] = uint32_t((args[1].bits + 127) / 128);
                                },
                                nullptr};
  triton_rt_family *family = nullptr;
  ASSERT_EQ(triton_rt_load(runtime, &desc, &family), TRITON_RT_OK)
      << triton_rt_last_error();
  EXPECT_EQ(triton_rt_wait(family), TRITON_RT_OK);
  EXPECT_STREQ(triton_rt_last_error(), "");
  triton_rt_arg args[2] = {{TRITON_RT_ARG_PTR, 256, 64}, {TRITON_RT_ARG_I64, 16, 0}};
  EXPECT_EQ(triton_rt_launch(family, args, 2, nullptr), TRITON_RT_INVALID_ARGUMENT);
  EXPECT_NE(std::string(triton_rt_last_error()).find("takes i32, got i64"),
            std::string::npos);
  EXPECT_EQ(triton_rt_launch(family, args, 1, nullptr), TRITON_RT_INVALID_ARGUMENT);
  args[1].kind = triton_rt_arg_kind(99);
  EXPECT_EQ(triton_rt_launch(family, args, 2, nullptr), TRITON_RT_INVALID_ARGUMENT);
  EXPECT_NE(std::string(triton_rt_last_error()).find("unknown kind 99"),
            std::string::npos);
  args[1].kind = TRITON_RT_ARG_I32;
  EXPECT_EQ(triton_rt_launch(family, args, 2, nullptr), TRITON_RT_DRIVER_UNAVAILABLE);
  EXPECT_EQ(triton_rt_launch(nullptr, args, 2, nullptr), TRITON_RT_INVALID_ARGUMENT);
  EXPECT_EQ(triton_rt_load(runtime, nullptr, &family), TRITON_RT_INVALID_ARGUMENT);
  triton_rt_family_release(family);
  triton_rt_destroy(runtime);
}

} // namespace
