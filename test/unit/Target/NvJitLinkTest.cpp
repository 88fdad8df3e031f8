//===- NvJitLinkTest.cpp - PTX to cubin in the process --------------------===//
#include "Target/NvJitLink.h"

#include "llvm/Support/Error.h"

#include <cstdlib>
#include <gtest/gtest.h>

using namespace mlir::triton;

namespace {

/// Sets TRITON_NVJITLINK_PATH for one scope.
struct LibraryPath {
  explicit LibraryPath(const char *path) {
    if (const char *old = std::getenv("TRITON_NVJITLINK_PATH"))
      saved = old;
    setenv("TRITON_NVJITLINK_PATH", path, 1);
  }
  ~LibraryPath() {
    if (saved.empty())
      unsetenv("TRITON_NVJITLINK_PATH");
    else
      setenv("TRITON_NVJITLINK_PATH", saved.c_str(), 1);
  }
  std::string saved;
};

/// Whether libnvJitLink opens here (the tests that assemble skip without).
bool haveNvJitLink() {
  llvm::Expected<CudaRelease> release = getNvJitLinkRelease();
  if (release)
    return true;
  llvm::consumeError(release.takeError());
  return false;
}

// A kernel that stores its thread index: enough for ptxas to have work.
constexpr const char *kPtx = R"(
.version 8.0
.target sm_90a
.address_size 64
.visible .entry store_tid(.param .u64 out)
{
  .reg .b32 %r<2>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd2, %rd1;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd2, %rd2, %rd3;
  st.global.u32 [%rd2], %r1;
  ret;
}
)";

TEST(NvJitLinkTest, TritonsPtxasOptionsInNvJitLinkTerms) {
  CompileOptions options;
  EXPECT_EQ(getNvJitLinkOptions(options),
            (std::vector<std::string>{"-lineinfo", "-Xptxas=-v",
                                      "-arch=sm_90a", "-no-cache"}));
  options.enableFpFusion = false;
  options.computeCapability = 80;
  options.ptxasOptions = " -O2  --warn-on-spills ";
  EXPECT_EQ(getNvJitLinkOptions(options),
            (std::vector<std::string>{
                "-lineinfo", "-Xptxas=-v", "-arch=sm_80",
                "-Xptxas=--fmad=false", "-Xptxas=-O2",
                "-Xptxas=--warn-on-spills", "-no-cache"}));
}

TEST(NvJitLinkTest, AMissingLibraryIsAnErrorOnlyWhenAskedFor) {
  LibraryPath path("/nonexistent/libnvJitLink.so");
  CompileOptions options;
  options.assembler = Assembler::NvJitLink;
  llvm::Expected<bool> asked = usesNvJitLink(options);
  ASSERT_FALSE(static_cast<bool>(asked));
  std::string message = llvm::toString(asked.takeError());
  EXPECT_NE(message.find("libnvJitLink could not be opened "
                         "(TRITON_NVJITLINK_PATH)"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("/nonexistent/libnvJitLink.so"), std::string::npos);
  // Auto falls back to ptxas, and so does the PTX version.
  options.assembler = Assembler::Auto;
  llvm::Expected<bool> automatic = usesNvJitLink(options);
  ASSERT_TRUE(static_cast<bool>(automatic));
  EXPECT_FALSE(*automatic);
  options.assembler = Assembler::Ptxas;
  llvm::Expected<bool> ptxas = usesNvJitLink(options);
  ASSERT_TRUE(static_cast<bool>(ptxas));
  EXPECT_FALSE(*ptxas);
}

TEST(NvJitLinkTest, AssemblesInTheProcess) {
  if (!haveNvJitLink())
    GTEST_SKIP() << "no libnvJitLink on this machine";
  CompileOptions options;
  options.assembler = Assembler::NvJitLink;
  llvm::Expected<Cubin> cubin = assemblePTX(kPtx, options);
  ASSERT_TRUE(static_cast<bool>(cubin)) << llvm::toString(cubin.takeError());
  ASSERT_GE(cubin->binary.size(), 4u);
  EXPECT_EQ(cubin->binary.substr(0, 4), "\x7f"
                                        "ELF");
  // -Xptxas=-v: the resources, as ptxas -v reports them.
  EXPECT_NE(cubin->log.find("Used"), std::string::npos) << cubin->log;
  EXPECT_NE(cubin->log.find("store_tid"), std::string::npos) << cubin->log;
  // The PTX version follows nvJitLink's release, not a ptxas's.
  CompileOptions resolved = options;
  if (llvm::Error error = resolvePTXVersion(resolved, /*needPtxas=*/true))
    FAIL() << llvm::toString(std::move(error));
  llvm::Expected<CudaRelease> release = getNvJitLinkRelease();
  ASSERT_TRUE(static_cast<bool>(release));
  EXPECT_EQ(resolved.ptxVersion, *getPTXVersionForCuda(*release));
}

TEST(NvJitLinkTest, BadPtxGivesTheErrorLog) {
  if (!haveNvJitLink())
    GTEST_SKIP() << "no libnvJitLink on this machine";
  CompileOptions options;
  options.assembler = Assembler::NvJitLink;
  llvm::Expected<Cubin> cubin =
      assemblePTX(".version 8.0\n.target sm_90a\nnot ptx at all\n", options);
  ASSERT_FALSE(static_cast<bool>(cubin));
  std::string message = llvm::toString(cubin.takeError());
  EXPECT_NE(message.find("nvJitLink"), std::string::npos) << message;
  EXPECT_NE(message.find("-arch=sm_90a"), std::string::npos) << message;
}

} // namespace

TEST(NvJitLinkTest, AutoTakesNvJitLinkOnlyWhereTheDriverIsNotOlder) {
  if (!haveNvJitLink())
    GTEST_SKIP() << "no libnvJitLink on this machine";
  CompileOptions options;
  options.assembler = Assembler::Auto;
  llvm::Expected<bool> automatic = usesNvJitLink(options);
  ASSERT_TRUE(static_cast<bool>(automatic))
      << llvm::toString(automatic.takeError());
  llvm::Expected<CudaRelease> release = getNvJitLinkRelease();
  ASSERT_TRUE(static_cast<bool>(release));
  std::optional<int> driver = getDriverCudaVersion();
  // Without a driver (a build machine) the cubins are only made here.
  bool expected =
      !driver || release->major * 1000 + release->minor * 10 <= *driver;
  EXPECT_EQ(*automatic, expected);
  if (driver)
    EXPECT_GE(*driver, 1000);
}
