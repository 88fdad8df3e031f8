//===- CacheFormatTest.cpp - SHA-256, JSON, metadata, cache files, keys ---===//
#include "Runtime/DiskCache.h"
#include "Runtime/Json.h"
#include "Runtime/KernelInfo.h"
#include "Runtime/Runtime.h"
#include "Runtime/Sha256.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <unistd.h>

using namespace triton::runtime;

namespace {

/// A fresh directory under the test's temporary directory.
std::string makeTempDir() {
  const char *base = std::getenv("TMPDIR");
  std::string pattern = std::string(base && *base ? base : "/tmp") +
                        "/triton-rt-test-XXXXXX";
  char *made = ::mkdtemp(pattern.data());
  return made ? std::string(made) : std::string();
}

TEST(Sha256, KnownVectors) {
  EXPECT_EQ(sha256Hex(""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256Hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  // A million 'a's, fed in uneven pieces, crosses many block boundaries.
  Sha256 hash;
  std::string chunk(997, 'a');
  size_t left = 1000000;
  while (left) {
    size_t take = std::min(left, chunk.size());
    hash.update(chunk.data(), take);
    left -= take;
  }
  EXPECT_EQ(hash.finishHex(),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, FieldsAreUnambiguous) {
  Sha256 a, b;
  a.addField("ab");
  a.addField("c");
  b.addField("a");
  b.addField("bc");
  EXPECT_NE(a.finishHex(), b.finishHex());
}

TEST(Json, RoundTripAndErrors) {
  Result<JsonValue> value = parseJson(
      R"( {"b": [1, -2, 3.5, true, null], "a": "x\"y\n", "n": 9007199254740993} )");
  ASSERT_TRUE(value) << value.status().toString();
  EXPECT_EQ(value->find("n")->getInteger(), 9007199254740993LL);
  EXPECT_EQ(value->find("a")->getString(), "x\"y\n");
  EXPECT_EQ(value->find("b")->getArray().size(), 5u);
  EXPECT_EQ(value->print(),
            R"({"a":"x\"y\n","b":[1,-2,3.5,true,null],"n":9007199254740993})");
  // Reals stay reals, -0.0 included; integers past int64 become reals.
  Result<JsonValue> reals = parseJson("[5.0, -0.0, 1E3, -0, 9223372036854775808]");
  ASSERT_TRUE(reals) << reals.status().toString();
  EXPECT_EQ(reals->print(), "[5.0,-0.0,1000.0,0,9.2233720368547758e+18]");
  for (const char *bad :
       {"{", "[1,]", "{\"a\" 1}", "tru", "\"open", "1 2", "", "01", "-00.00",
        "1.", ".5", "-", "1e", "1e+", "+1", "- 1", "1e400", "0x10"}) {
    Result<JsonValue> parsed = parseJson(bad);
    EXPECT_FALSE(parsed) << bad;
    if (!parsed) {
      EXPECT_NE(parsed.status().message().find("malformed JSON"),
                std::string::npos);
    }
  }
}

TEST(KernelInfo, ReadsTheCompilersMetadata) {
  Result<KernelInfo> info = parseKernelInfo(
      R"({"arch":"sm_90a","global_scratch_align":1,"global_scratch_size":0,)"
      R"("hidden_params":2,"name":"add_kernel","num_ctas":1,"num_stages":3,)"
      R"("num_warps":8,"params":[{"divisibility":16,"name":"x_ptr","type":"*fp32"},)"
      R"({"divisibility":0,"name":"n","type":"i32"}],"profile_scratch_align":1,)"
      R"("profile_scratch_size":0,"ptx_version":90,"shared":128,"target":"cuda:90",)"
      R"("threads_per_warp":32})");
  ASSERT_TRUE(info) << info.status().toString();
  EXPECT_EQ(info->name, "add_kernel");
  EXPECT_EQ(info->getBlockThreads(), 256);
  EXPECT_EQ(info->sharedBytes, 128);
  ASSERT_EQ(info->params.size(), 2u);
  EXPECT_TRUE(info->params[0].isPointer());
  EXPECT_EQ(info->params[0].divisibility, 16);
  EXPECT_EQ(info->params[1].type, "i32");

  Result<KernelInfo> noName = parseKernelInfo(R"({"num_warps":4,"shared":0,"params":[]})");
  ASSERT_FALSE(noName);
  EXPECT_NE(noName.status().message().find("'name' is missing"), std::string::npos);
  Result<KernelInfo> badType = parseKernelInfo(
      R"({"name":"k","num_warps":4,"shared":0,"params":[{"name":"a","type":"tensor"}]})");
  ASSERT_FALSE(badType);
  EXPECT_NE(badType.status().message().find("unknown spelling 'tensor'"),
            std::string::npos);
}

TEST(KernelInfo, ReadsTensorDescriptorMetadata) {
  auto parse = [](const std::string &params, const std::string &metas) {
    return parseKernelInfo(R"({"name":"k","num_warps":4,"shared":0,"params":[)" +
                           params + "]" + metas + "}");
  };
  const std::string desc =
      R"({"name":"d","type":"tensordesc<bf16[64, 32]>"},)"
      R"({"name":"d","type":"i32"},{"name":"d","type":"i32"},)"
      R"({"name":"d","type":"i64"},{"name":"d","type":"i64"})";
  const std::string meta =
      R"(,"tensordesc_meta":[{"swizzle":2,"elem_size":2,"elem_type":10,)"
      R"("block_size":[64,32],"fp4_padded":false}])";
  Result<KernelInfo> info = parse(desc, meta);
  ASSERT_TRUE(info) << info.status().toString();
  ASSERT_TRUE(info->params[0].tensorMap.has_value());
  EXPECT_EQ(info->params[0].tensorMap->elemType, 10);
  EXPECT_EQ(info->params[0].tensorMap->blockSize, (std::vector<int64_t>{64, 32}));
  EXPECT_FALSE(info->params[1].tensorMap.has_value());
  EXPECT_EQ(getParamTypeSize(info->params[0].type), 128u);

  auto fails = [&](const std::string &params, const std::string &metas,
                   const char *why) {
    Result<KernelInfo> bad = parse(params, metas);
    ASSERT_FALSE(bad) << why;
    EXPECT_NE(bad.status().message().find(why), std::string::npos)
        << bad.status().toString();
  };
  fails(desc, "", "tensordesc_meta[0]' is missing for params[0]");
  fails(R"({"name":"d","type":"tensordesc<bf16[64, 32]>"})", meta,
        "not followed by its shape (i32) and strides (i64)");
  fails(desc,
        R"(,"tensordesc_meta":[{"swizzle":2,"elem_size":2,"elem_type":10,)"
        R"("block_size":[64],"fp4_padded":false}])",
        "does not have the rank of 'tensordesc<bf16[64, 32]>'");
  fails(desc,
        R"(,"tensordesc_meta":[{"swizzle":2,"elem_size":2,"elem_type":10,)"
        R"("block_size":[512,32],"fp4_padded":false}])",
        "holds a box outside [1, 256]");
}

TEST(CacheFile, DetectsCorruptionAndTruncation) {
  std::string bytes = encodeCacheFile(
      "kernel", {{"metadata", "{}"}, {"cubin", std::string("\0\x7f" "ELF\n\n", 7)}});
  Result<CacheSections> good = decodeCacheFile(bytes, "kernel");
  ASSERT_TRUE(good) << good.status().toString();
  ASSERT_EQ(good->size(), 2u);
  EXPECT_EQ((*good)[1].second, std::string("\0\x7f" "ELF\n\n", 7));
  EXPECT_FALSE(decodeCacheFile(bytes, "tuning")); // wrong kind
  // Every truncation and every single flipped byte is caught.
  for (size_t length = 0; length < bytes.size(); ++length)
    EXPECT_FALSE(decodeCacheFile(bytes.substr(0, length), "kernel")) << length;
  for (size_t i = 0; i < bytes.size(); ++i) {
    std::string flipped = bytes;
    flipped[i] ^= 0x20;
    EXPECT_FALSE(decodeCacheFile(flipped, "kernel")) << i;
  }
  EXPECT_FALSE(decodeCacheFile(bytes + "x", "kernel"));
}

TEST(DiskCache, StoreLoadAndVersions) {
  std::string dir = makeTempDir();
  ASSERT_FALSE(dir.empty());
  DiskCache cache(dir);
  KernelCacheEntry entry{"compiler A", R"({"name":"k"})", "CUBIN"};
  std::string key = std::string(64, 'a');
  EXPECT_EQ(cache.loadKernel(key, "compiler A").status().getCode(),
            StatusCode::NotFound);
  ASSERT_TRUE(cache.storeKernel(key, entry));
  Result<KernelCacheEntry> loaded = cache.loadKernel(key, "compiler A");
  ASSERT_TRUE(loaded) << loaded.status().toString();
  EXPECT_EQ(loaded->cubin, "CUBIN");
  // Another compiler version misses; cache-only (no version) finds it.
  EXPECT_FALSE(cache.loadKernel(key, "compiler B"));
  Result<KernelCacheEntry> any = cache.loadKernel(key, "");
  ASSERT_TRUE(any);
  EXPECT_EQ(any->compilerVersion, "compiler A");
  // The file lives where the layout says, and no temporary is left.
  std::string path = cache.getKernelPath(key, "compiler A");
  EXPECT_EQ(path.rfind(dir + "/kernels/aa/" + key + "/", 0), 0u);
  EXPECT_TRUE(DiskCache::readFile(path));
  std::string parent = path.substr(0, path.find_last_of('/'));
  EXPECT_EQ(std::system(("test $(ls -A '" + parent + "' | wc -l) -eq 1").c_str()), 0);
  std::system(("rm -rf '" + dir + "'").c_str());
}

TEST(DiskCache, DefaultDirectoryFollowsTheEnvironment) {
  const char *home = std::getenv("HOME");
  std::string savedHome = home ? home : "";
  ::setenv("TRITON_MLIR_CACHE_DIR", "/some/dir", 1);
  EXPECT_EQ(DiskCache::getDefaultDirectory(), "/some/dir");
  ::unsetenv("TRITON_MLIR_CACHE_DIR");
  ::setenv("XDG_CACHE_HOME", "/xdg", 1);
  EXPECT_EQ(DiskCache::getDefaultDirectory(), "/xdg/triton-mlir");
  ::unsetenv("XDG_CACHE_HOME");
  ::setenv("HOME", "/home/u", 1);
  EXPECT_EQ(DiskCache::getDefaultDirectory(), "/home/u/.cache/triton-mlir");
  if (home)
    ::setenv("HOME", savedHome.c_str(), 1);
}

TEST(KernelKey, ChangesWithEveryInput) {
  Variant base;
  base.numWarps = 4;
  base.numStages = 3;
  std::string key = getKernelKey("module {}", base, 90);
  EXPECT_EQ(key.size(), 64u);
  EXPECT_EQ(key, getKernelKey("module {}", base, 90));
  EXPECT_NE(key, getKernelKey("module { }", base, 90));
  EXPECT_NE(key, getKernelKey("module {}", base, 80));
  Variant warps = base;
  warps.numWarps = 8;
  EXPECT_NE(key, getKernelKey("module {}", warps, 90));
  Variant stages = base;
  stages.numStages = 2;
  EXPECT_NE(key, getKernelKey("module {}", stages, 90));
  // Labels and grid constants do not change what is compiled.
  Variant labelled = base;
  labelled.label = "other";
  labelled.constants["BLOCK"] = 64;
  EXPECT_EQ(key, getKernelKey("module {}", labelled, 90));
}

} // namespace
