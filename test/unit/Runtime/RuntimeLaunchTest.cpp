//===- RuntimeLaunchTest.cpp - launches through a stand-in CUDA driver ----===//
//
// The launch paths with FakeCuda.cpp as libcuda: the first call for a key
// tunes and picks the cheapest variant, later calls take the cached path
// (same choice, same packed parameters, no allocation), contexts are told
// apart by id, racing threads tune each key once, and errors still come
// back on the cached path. A separate binary from RuntimeTest, whose tests
// need the driver absent (the driver is loaded once per process).
//
//===----------------------------------------------------------------------===//
#include "FakeCompiler.h"
#include "FakeCuda.h"

#include "Runtime/CudaDriver.h"
#include "Runtime/Runtime.h"
#include "Runtime/TensorMap.h"
#include "Runtime/triton_runtime.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <dlfcn.h>
#include <new>
#include <thread>
#include <unistd.h>

using namespace triton::runtime;
using triton::runtime::testing::FakeCompiler;

// Heap allocations of threads that ask to be counted.
namespace {
thread_local bool countAllocations = false;
thread_local size_t allocations = 0;
} // namespace

// These replace the global operators, so new and free pair up here; GCC
// cannot see that once it inlines them.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void *operator new(size_t bytes) {
  if (countAllocations)
    ++allocations;
  if (void *memory = std::malloc(bytes ? bytes : 1))
    return memory;
  throw std::bad_alloc();
}
void *operator new[](size_t bytes) { return operator new(bytes); }
void operator delete(void *memory) noexcept { std::free(memory); }
void operator delete[](void *memory) noexcept { std::free(memory); }
void operator delete(void *memory, size_t) noexcept { std::free(memory); }
void operator delete[](void *memory, size_t) noexcept { std::free(memory); }

namespace {

/// The fake driver's control functions, from the library the runtime loads.
struct FakeCuda {
  CUcontext (*newContext)();
  void (*renewContext)(CUcontext);
  int (*moduleLoads)();
  size_t (*launchCount)();
  int (*tensorMapEncodes)();
  FakeCudaLaunch (*getLaunch)(size_t);
  void (*clearLaunches)();
};

const FakeCuda &getFake() {
  static FakeCuda fake = [] {
    FakeCuda result{};
    void *handle = ::dlopen(TRITON_RT_FAKE_CUDA, RTLD_NOW | RTLD_LOCAL);
    if (!handle)
      return result;
    auto get = [&](auto &member, const char *name) {
      member = reinterpret_cast<std::remove_reference_t<decltype(member)>>(
          ::dlsym(handle, name));
    };
    get(result.newContext, "fakeCudaNewContext");
    get(result.renewContext, "fakeCudaRenewContext");
    get(result.moduleLoads, "fakeCudaModuleLoads");
    get(result.launchCount, "fakeCudaLaunchCount");
    get(result.tensorMapEncodes, "fakeCudaTensorMapEncodes");
    get(result.getLaunch, "fakeCudaGetLaunch");
    get(result.clearLaunches, "fakeCudaClearLaunches");
    return result;
  }();
  return fake;
}

class LaunchTest : public ::testing::Test {
protected:
  void SetUp() override {
    const char *base = std::getenv("TMPDIR");
    std::string pattern =
        std::string(base && *base ? base : "/tmp") + "/triton-rt-launch-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir = pattern;
    ::setenv("TRITON_RUNTIME_LIBCUDA", TRITON_RT_FAKE_CUDA, 1);
    Result<const CudaDriver *> driver = getCudaDriver();
    ASSERT_TRUE(driver) << driver.status().toString();
    cuda = *driver;
    ASSERT_TRUE(getFake().newContext && getFake().clearLaunches);
    context = getFake().newContext();
    ASSERT_EQ(cuda->cuCtxSetCurrent(context), CUDA_SUCCESS);
    getFake().clearLaunches();
  }
  void TearDown() override { std::system(("rm -rf '" + dir + "'").c_str()); }

  /// Three variants of k(out_ptr, n) costing 30, 10 and 20 us; only the
  /// cheapest one is specialized on a 16-aligned out_ptr.
  FamilySpec makeSpec() {
    FamilySpec spec;
    spec.name = "fake";
    const char *costs[] = {"30", "10", "20"};
    for (int i = 0; i < 3; ++i) {
      Variant variant;
      variant.label = "BLOCK=" + std::to_string(128 << i);
      variant.source = "kernel " + std::to_string(i) + " cost=" + costs[i] +
                       "\nparams: [{\"name\":\"out_ptr\",\"type\":\"*fp32\","
                       "\"divisibility\":" +
                       (i == 1 ? "16" : "0") +
                       "},{\"name\":\"n\",\"type\":\"i32\"}]\n";
      variant.constants["BLOCK"] = 128 << i;
      spec.variants.push_back(variant);
    }
    spec.key = {"n"};
    spec.writes = {"out_ptr"};
    spec.grid = [](const std::vector<Arg> &args, const Variant &variant) {
      int64_t block = variant.constants.at("BLOCK");
      return LaunchGrid{unsigned((args[1].getInteger() + block - 1) / block)};
    };
    spec.bench.budgetMs = 0.1;
    return spec;
  }

  RuntimeOptions options(bool withCompiler = true) {
    RuntimeOptions result;
    result.cacheDir = dir;
    if (withCompiler)
      result.compiler = std::make_shared<FakeCompiler>();
    result.threads = 2;
    result.computeCapability = 90;
    return result;
  }

  unsigned long long getId(CUcontext of) {
    unsigned long long id = 0;
    EXPECT_EQ(cuda->cuCtxGetId(of, &id), CUDA_SUCCESS);
    return id;
  }

  FakeCudaLaunch lastLaunch() {
    size_t count = getFake().launchCount();
    EXPECT_GT(count, 0u);
    return getFake().getLaunch(count ? count - 1 : 0);
  }

  static bool runs(const FakeCudaLaunch &launch, const char *kernel) {
    return std::string(launch.image).find(kernel) != std::string::npos;
  }

  std::string dir;
  const CudaDriver *cuda = nullptr;
  CUcontext context = nullptr;
};

TEST_F(LaunchTest, TunesOnceThenTakesTheCachedPath) {
  Runtime runtime(options());
  std::shared_ptr<Family> family = *runtime.load(makeSpec());
  std::vector<Arg> args = {Arg::ptr(4096, 4000), Arg::i32(1000)};
  ASSERT_TRUE(family->launch(args));
  EXPECT_EQ(family->getStats().tunings, 1);
  int loads = getFake().moduleLoads();
  getFake().clearLaunches();
  for (int i = 0; i < 20; ++i)
    ASSERT_TRUE(family->launch(args));
  ASSERT_EQ(getFake().launchCount(), 20u);
  for (size_t i = 0; i < 20; ++i) {
    FakeCudaLaunch launch = getFake().getLaunch(i);
    EXPECT_TRUE(runs(launch, "kernel 1")) << launch.image;
    EXPECT_EQ(launch.grid[0], 4u); // ceil(1000 / 256)
    EXPECT_EQ(launch.grid[1], 1u);
    EXPECT_EQ(launch.block, 128u);
    EXPECT_EQ(launch.params[0], 4096u);
    EXPECT_EQ(launch.params[1] & 0xffffffffu, 1000u);
    EXPECT_EQ(launch.params[2], 0u); // no global scratch
    EXPECT_EQ(launch.context, getId(context));
    EXPECT_EQ(launch.functionContext, launch.context);
  }
  EXPECT_EQ(getFake().moduleLoads(), loads);
  FamilyStats stats = family->getStats();
  EXPECT_EQ(stats.tunings, 1);
  EXPECT_EQ(stats.launches, 21);
  Result<LaunchPlan> plan = family->plan(args);
  ASSERT_TRUE(plan);
  EXPECT_FALSE(plan->tuned);
  EXPECT_EQ(plan->variantIndex, 1);
  EXPECT_EQ(plan->grid.x, 4u);

  // An unaligned out_ptr is another key; variant 1 cannot take it.
  ASSERT_TRUE(family->launch({Arg::ptr(4100, 4000), Arg::i32(1000)}));
  EXPECT_EQ(family->getStats().tunings, 2);
  EXPECT_TRUE(runs(lastLaunch(), "kernel 2"));
  ASSERT_TRUE(family->launch({Arg::ptr(4100, 4000), Arg::i32(1000)}));
  EXPECT_EQ(family->getStats().tunings, 2);
  // Another n is another key; the grid follows n on the cached path too.
  ASSERT_TRUE(family->launch({Arg::ptr(8192, 8000), Arg::i32(2000)}));
  EXPECT_EQ(family->getStats().tunings, 3);
  ASSERT_TRUE(family->launch({Arg::ptr(8192, 8000), Arg::i32(2000)}));
  EXPECT_TRUE(runs(lastLaunch(), "kernel 1"));
  EXPECT_EQ(lastLaunch().grid[0], 8u);
  EXPECT_EQ(family->getStats().tunings, 3);
}

TEST_F(LaunchTest, CachedPathAllocatesNothing) {
  Runtime runtime(options());
  std::shared_ptr<Family> family = *runtime.load(makeSpec());
  std::vector<Arg> args = {Arg::ptr(4096, 4000), Arg::i32(1000)};
  ASSERT_TRUE(family->launch(args));
  ASSERT_TRUE(family->launch(args));
  allocations = 0;
  countAllocations = true;
  bool allGood = true;
  for (int i = 0; i < 100; ++i)
    allGood = family->launch(args).ok() && allGood;
  allGood = family->plan(args).ok() && allGood;
  countAllocations = false;
  EXPECT_TRUE(allGood);
  EXPECT_EQ(allocations, 0u);

  // The C API over the same cache (cache-only: the variants are there).
  triton_rt_runtime *cRuntime = nullptr;
  ASSERT_EQ(triton_rt_create(dir.c_str(), 90, &cRuntime), TRITON_RT_OK);
  FamilySpec spec = makeSpec();
  std::vector<triton_rt_variant> variants;
  for (const Variant &variant : spec.variants)
    variants.push_back(
        {variant.label.c_str(), variant.source.c_str(), nullptr, 4, 3});
  const char *key[] = {"n"};
  const char *writes[] = {"out_ptr"};
  triton_rt_family_desc desc = {"fake",
                                variants.data(),
                                3,
                                key,
                                1,
                                writes,
                                1,
                                [](const triton_rt_arg *cArgs, int, int variant,
                                   uint32_t grid[3], void *) {
                                  uint64_t block = 128u << variant;
                                  grid[0] = uint32_t(
                                      (cArgs[1].bits + block - 1) / block);
                                },
                                nullptr};
  triton_rt_family *cFamily = nullptr;
  ASSERT_EQ(triton_rt_load(cRuntime, &desc, &cFamily), TRITON_RT_OK)
      << triton_rt_last_error();
  triton_rt_arg cArgs[2] = {{TRITON_RT_ARG_PTR, 4096, 4000},
                            {TRITON_RT_ARG_I32, 1000, 0}};
  ASSERT_EQ(triton_rt_launch(cFamily, cArgs, 2, nullptr), TRITON_RT_OK)
      << triton_rt_last_error();
  ASSERT_EQ(triton_rt_launch(cFamily, cArgs, 2, nullptr), TRITON_RT_OK);
  EXPECT_TRUE(runs(lastLaunch(), "kernel 1"));
  allocations = 0;
  countAllocations = true;
  allGood = true;
  for (int i = 0; i < 100; ++i)
    allGood =
        triton_rt_launch(cFamily, cArgs, 2, nullptr) == TRITON_RT_OK && allGood;
  countAllocations = false;
  EXPECT_TRUE(allGood);
  EXPECT_EQ(allocations, 0u);
  EXPECT_EQ(lastLaunch().grid[0], 4u);
  triton_rt_family_release(cFamily);
  triton_rt_destroy(cRuntime);
}

TEST_F(LaunchTest, ContextsAreToldApartById) {
  Runtime runtime(options());
  std::shared_ptr<Family> family = *runtime.load(makeSpec());
  std::vector<Arg> args = {Arg::ptr(4096, 4000), Arg::i32(1000)};
  ASSERT_TRUE(family->launch(args));
  int loads = getFake().moduleLoads();

  // Another context: the choice comes from the tuning record, the module
  // is loaded there.
  CUcontext other = getFake().newContext();
  ASSERT_EQ(cuda->cuCtxSetCurrent(other), CUDA_SUCCESS);
  ASSERT_TRUE(family->launch(args));
  EXPECT_EQ(family->getStats().tunings, 1);
  EXPECT_EQ(family->getStats().tuningCacheHits, 1);
  EXPECT_EQ(getFake().moduleLoads(), loads + 1);
  EXPECT_EQ(lastLaunch().context, getId(other));
  EXPECT_EQ(lastLaunch().functionContext, getId(other));

  // The first context's address now names a new context: its modules are
  // not there, so the cached function must not be used.
  getFake().renewContext(context);
  ASSERT_EQ(cuda->cuCtxSetCurrent(context), CUDA_SUCCESS);
  ASSERT_TRUE(family->launch(args));
  EXPECT_EQ(getFake().moduleLoads(), loads + 2);
  EXPECT_EQ(family->getStats().tuningCacheHits, 2);
  EXPECT_EQ(lastLaunch().functionContext, getId(context));
  EXPECT_EQ(lastLaunch().context, getId(context));

  // Back in the second one: cached, nothing loaded.
  ASSERT_EQ(cuda->cuCtxSetCurrent(other), CUDA_SUCCESS);
  ASSERT_TRUE(family->launch(args));
  EXPECT_EQ(getFake().moduleLoads(), loads + 2);
  EXPECT_EQ(lastLaunch().functionContext, getId(other));
  EXPECT_EQ(family->getStats().tunings, 1);
}

TEST_F(LaunchTest, WithoutACurrentContextThePrimaryOneIsUsed) {
  Runtime runtime(options());
  std::shared_ptr<Family> family = *runtime.load(makeSpec());
  ASSERT_EQ(cuda->cuCtxSetCurrent(nullptr), CUDA_SUCCESS);
  std::vector<Arg> args = {Arg::ptr(4096, 4000), Arg::i32(1000)};
  ASSERT_TRUE(family->launch(args));
  CUcontext current = nullptr;
  ASSERT_EQ(cuda->cuCtxGetCurrent(&current), CUDA_SUCCESS);
  ASSERT_NE(current, nullptr);
  ASSERT_TRUE(family->launch(args));
  EXPECT_EQ(lastLaunch().context, getId(current));
  EXPECT_EQ(lastLaunch().functionContext, getId(current));
}

TEST_F(LaunchTest, RacingThreadsTuneEachKeyOnce) {
  Runtime runtime(options());
  std::shared_ptr<Family> family = *runtime.load(makeSpec());
  const int threads = 8, launches = 200, keys = 4;
  std::atomic<int> arrived{0}, failures{0};
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([&, t] {
      cuda->cuCtxSetCurrent(context);
      ++arrived;
      while (arrived < threads)
        std::this_thread::yield();
      for (int i = 0; i < launches; ++i) {
        int n = 1000 + 64 * ((i + t) % keys);
        if (!family->launch({Arg::ptr(4096, 4000), Arg::i32(n)}))
          ++failures;
      }
    });
  for (std::thread &worker : workers)
    worker.join();
  EXPECT_EQ(failures, 0);
  FamilyStats stats = family->getStats();
  EXPECT_EQ(stats.tunings, keys);
  EXPECT_EQ(stats.launches, threads * launches);
  for (size_t i = 0; i < getFake().launchCount(); ++i)
    EXPECT_EQ(getFake().getLaunch(i).functionContext,
              getFake().getLaunch(i).context);
  getFake().clearLaunches();
  for (int k = 0; k < keys; ++k) {
    ASSERT_TRUE(
        family->launch({Arg::ptr(4096, 4000), Arg::i32(1000 + 64 * k)}));
    EXPECT_TRUE(runs(lastLaunch(), "kernel 1"));
  }
  EXPECT_EQ(family->getStats().tunings, keys);
}

TEST_F(LaunchTest, CachedPathStillReportsErrors) {
  Runtime runtime(options());
  FamilySpec spec = makeSpec();
  auto gridY = std::make_shared<std::atomic<unsigned>>(1);
  spec.grid = [gridY](const std::vector<Arg> &args, const Variant &variant) {
    int64_t block = variant.constants.at("BLOCK");
    return LaunchGrid{unsigned((args[1].getInteger() + block - 1) / block),
                      gridY->load()};
  };
  std::shared_ptr<Family> family = *runtime.load(spec);
  std::vector<Arg> args = {Arg::ptr(4096, 4000), Arg::i32(1000)};
  ASSERT_TRUE(family->launch(args));
  ASSERT_TRUE(family->launch(args));
  Status tooFew = family->launch({Arg::ptr(4096, 4000)});
  EXPECT_EQ(tooFew.getCode(), StatusCode::InvalidArgument);
  EXPECT_NE(tooFew.message().find("takes 2 arguments, got 1"),
            std::string::npos);
  Status wrongType = family->launch({Arg::ptr(4096, 4000), Arg::u32(1000)});
  EXPECT_NE(wrongType.message().find(
                "argument 1 ('n'): the kernel takes i32, got u32"),
            std::string::npos);
  *gridY = 70000;
  Status tooBig = family->launch(args);
  EXPECT_EQ(tooBig.getCode(), StatusCode::InvalidArgument);
  EXPECT_NE(tooBig.message().find("exceeds CUDA's limits"), std::string::npos);
  EXPECT_EQ(family->plan(args).status().getCode(), StatusCode::InvalidArgument);
  *gridY = 0; // an empty grid launches nothing
  getFake().clearLaunches();
  EXPECT_TRUE(family->launch(args));
  EXPECT_EQ(getFake().launchCount(), 0u);
}

// A null pointer the kernel reads is refused before the driver sees it (it
// would fault and spoil the context); an empty grid still launches nothing,
// and a pointer the kernel never reads (metadata "unused") may be null.
TEST_F(LaunchTest, ClustersLaunchNumCtasCTAsPerProgram) {
  // As Triton's launcher: a kernel compiled for num_ctas = 2 runs 2 CTAs
  // along x per program, in clusters of 2; num_ctas = 1 is a plain launch.
  Runtime runtime(options());
  FamilySpec spec = makeSpec();
  spec.variants.resize(2);
  spec.variants[0].numCtas = 2;
  std::string &source = spec.variants[0].source;
  source.replace(source.find("cost=30"), 7, "cost=1"); // tuning picks it
  std::shared_ptr<Family> family = *runtime.load(spec);
  ASSERT_TRUE(family->launch({Arg::ptr(4096, 4000), Arg::i32(1000)}));
  FakeCudaLaunch launch = lastLaunch();
  EXPECT_TRUE(runs(launch, "kernel 0")) << launch.image;
  EXPECT_EQ(launch.grid[0], 16u); // ceil(1000 / 128) programs of 2 CTAs
  EXPECT_EQ(launch.cluster, 2u);
  EXPECT_EQ(launch.block, 128u);
  spec.variants.erase(spec.variants.begin());
  spec.name = "plain";
  std::shared_ptr<Family> plain = *runtime.load(spec);
  ASSERT_TRUE(plain->launch({Arg::ptr(4096, 4000), Arg::i32(1000)}));
  EXPECT_EQ(lastLaunch().grid[0], 4u);
  EXPECT_EQ(lastLaunch().cluster, 1u);
}

TEST_F(LaunchTest, NullPointersTheKernelReadsAreRefused) {
  Runtime runtime(options());
  std::shared_ptr<Family> family = *runtime.load(makeSpec());
  ASSERT_TRUE(family->launch({Arg::ptr(4096, 4000), Arg::i32(1000)}));
  getFake().clearLaunches();
  Status null = family->launch({Arg::ptr(0, 4000), Arg::i32(1000)});
  EXPECT_EQ(null.getCode(), StatusCode::InvalidArgument);
  EXPECT_NE(null.message().find(
                "argument #0 ('out_ptr') is a null pointer, and the kernel "
                "reads it"),
            std::string::npos)
      << null.toString();
  EXPECT_EQ(getFake().launchCount(), 0u);
  ASSERT_TRUE(family->launch({Arg::ptr(4096, 4000), Arg::i32(0)})); // tunes n=0
  Status empty = family->launch({Arg::ptr(0, 4000), Arg::i32(0)});
  EXPECT_TRUE(empty) << empty.toString();
  EXPECT_EQ(getFake().launchCount(), 0u);

  FamilySpec unusedSpec = makeSpec();
  unusedSpec.variants.resize(1);
  unusedSpec.writes.clear();
  unusedSpec.variants[0].source =
      "params: [{\"name\":\"out_ptr\",\"type\":\"*fp32\",\"unused\":true},"
      "{\"name\":\"n\",\"type\":\"i32\"}]\n";
  std::shared_ptr<Family> unused = *runtime.load(unusedSpec);
  Status launched = unused->launch({Arg::ptr(0, 4000), Arg::i32(1000)});
  EXPECT_TRUE(launched) << launched.toString();
  EXPECT_EQ(getFake().launchCount(), 1u);
}

/// k(d: tensordesc<fp16[64, 32]> flattened, n: i32): the kernel takes a
/// CUtensorMap where the caller gives the descriptor's base.
FamilySpec makeDescriptorSpec() {
  FamilySpec spec;
  spec.name = "desc";
  Variant variant;
  variant.source =
      "descriptor kernel\nparams: [{\"name\":\"d\",\"type\":\"tensordesc<fp16[64, "
      "32]>\"},{\"name\":\"d\",\"type\":\"i32\"},{\"name\":\"d\",\"type\":"
      "\"i32\"},{\"name\":\"d\",\"type\":\"i64\"},{\"name\":\"d\",\"type\":"
      "\"i64\"},{\"name\":\"n\",\"type\":\"i32\"}]\nmeta: "
      "\"tensordesc_meta\":[{\"swizzle\":2,\"elem_size\":2,\"elem_type\":6,"
      "\"block_size\":[64,32],\"fp4_padded\":false}]\n";
  spec.variants.push_back(variant);
  spec.key = {"n"};
  spec.grid = [](const std::vector<Arg> &, const Variant &) {
    return LaunchGrid{1};
  };
  return spec;
}

std::vector<Arg> descriptorArgs(uint64_t base, int64_t rowStride,
                                int64_t lastStride = 1) {
  return {Arg::tensorDesc(base), Arg::i32(100), Arg::i32(48),
          Arg::i64(rowStride),   Arg::i64(lastStride), Arg::i32(7)};
}

TEST_F(LaunchTest, TensorDescriptorsAreEncodedOncePerThreadAndChecked) {
  Runtime runtime(options());
  std::shared_ptr<Family> family = *runtime.load(makeDescriptorSpec());
  ASSERT_TRUE(getFake().tensorMapEncodes);
  int before = getFake().tensorMapEncodes();
  Status launched = family->launch(descriptorArgs(4096, 48));
  ASSERT_TRUE(launched) << launched.toString();
  // The map's first word is the fake's copy of the address; the shape and
  // strides follow as the kernel's own arguments.
  EXPECT_EQ(lastLaunch().params[0], 4096u);
  EXPECT_EQ(lastLaunch().params[1], 100u);
  EXPECT_EQ(getFake().tensorMapEncodes(), before + 1);
  ASSERT_TRUE(family->launch(descriptorArgs(4096, 48)));
  EXPECT_EQ(getFake().tensorMapEncodes(), before + 1) << "not cached";
  ASSERT_TRUE(family->launch(descriptorArgs(8192, 48)));
  EXPECT_EQ(lastLaunch().params[0], 8192u);
  EXPECT_EQ(getFake().tensorMapEncodes(), before + 2);

  getFake().clearLaunches();
  struct Bad {
    std::vector<Arg> args;
    const char *why;
  } bad[] = {{descriptorArgs(4100, 48), "not 16-byte aligned"},
             {descriptorArgs(4096, 47), "a stride of 47 elements"},
             {descriptorArgs(4096, 48, 2), "a last stride of 2"},
             {descriptorArgs(0, 48), "is a null pointer"}};
  for (const Bad &each : bad) {
    Status status = family->launch(each.args);
    EXPECT_EQ(status.getCode(), StatusCode::InvalidArgument) << each.why;
    EXPECT_NE(status.message().find(each.why), std::string::npos)
        << status.toString();
  }
  std::vector<Arg> shapeZero = descriptorArgs(4096, 48);
  shapeZero[1] = Arg::i32(0);
  EXPECT_NE(family->launch(shapeZero).message().find("an extent of 0"),
            std::string::npos);
  // A pointer is not a descriptor.
  std::vector<Arg> pointer = descriptorArgs(4096, 48);
  pointer[0] = Arg::ptr(4096);
  EXPECT_NE(family->launch(pointer).message().find(
                "the kernel takes tensordesc<fp16[64, 32]>, got a pointer"),
            std::string::npos);
  EXPECT_EQ(getFake().launchCount(), 0u);
}

TEST_F(LaunchTest, TensorMapsFollowTritonsEncoding) {
  TensorMapInfo meta;
  meta.swizzle = 3;
  meta.elemType = 6;
  meta.elemSize = 2;
  meta.blockSize = {128, 64};
  int64_t shape[] = {100, 48}, strides[] = {48, 1};
  CUtensorMap map;
  ASSERT_TRUE(encodeTensorMap(*cuda, meta, 1 << 20, shape, strides, map));
  // Innermost first, byte strides; under 128 KiB the fake's bit 21 of word
  // 1 is cleared on a 13.0 driver, as Triton does.
  EXPECT_EQ(map.opaque[1], 48u);
  EXPECT_EQ(map.opaque[2], 96u);
  EXPECT_EQ(map.opaque[3], 64u);
  EXPECT_EQ(map.opaque[5], 2u);
  EXPECT_EQ(map.opaque[6], 3u);
  int64_t bigShape[] = {4096, 48};
  ASSERT_TRUE(encodeTensorMap(*cuda, meta, 1 << 20, bigShape, strides, map));
  EXPECT_EQ(map.opaque[1], 48u | (1u << 21));
  // Same parameters, other metadata: not the cached map.
  TensorMapInfo other = meta;
  other.swizzle = 1;
  ASSERT_TRUE(encodeTensorMap(*cuda, other, 1 << 20, bigShape, strides, map));
  EXPECT_EQ(map.opaque[6], 1u);
}

} // namespace
