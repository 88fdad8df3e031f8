//===- PtxasTest.cpp - the ptxas command line and where ptxas is found ----===//
#include "Target/Ptxas.h"

#include "llvm/Support/Error.h"

#include <gtest/gtest.h>

using namespace mlir::triton;

namespace {

TEST(PtxasTest, TritonsCommandLine) {
  CompileOptions options;
  EXPECT_EQ(getPtxasCommand("/cuda/ptxas", options, "k.ptx", "k.cubin"),
            (std::vector<std::string>{"/cuda/ptxas", "-lineinfo", "-v",
                                      "--gpu-name=sm_90a", "k.ptx", "-o",
                                      "k.cubin"}));
}

TEST(PtxasTest, NoFmadWithoutFpFusion) {
  CompileOptions options;
  options.enableFpFusion = false;
  options.computeCapability = 80;
  EXPECT_EQ(
      getPtxasCommand("ptxas", options, "a.ptx", "a.cubin"),
      (std::vector<std::string>{"ptxas", "-lineinfo", "-v", "--gpu-name=sm_80",
                                "--fmad=false", "a.ptx", "-o", "a.cubin"}));
}

TEST(PtxasTest, AnExplicitPathMustBeExecutable) {
  CompileOptions options;
  options.ptxasPath = "/nonexistent/ptxas";
  llvm::Expected<std::string> ptxas = findPtxas(options);
  ASSERT_FALSE(static_cast<bool>(ptxas));
  EXPECT_EQ(llvm::toString(ptxas.takeError()),
            "ptxas given by --ptxas-path ('/nonexistent/ptxas') is not an "
            "executable file");
}

TEST(PtxasTest, ExtraOptionsGoBeforeTheInput) {
  CompileOptions options;
  options.ptxasOptions = " -O2  --warn-on-spills ";
  EXPECT_EQ(getPtxasCommand("ptxas", options, "a.ptx", "a.cubin"),
            (std::vector<std::string>{"ptxas", "-lineinfo", "-v",
                                      "--gpu-name=sm_90a", "-O2",
                                      "--warn-on-spills", "a.ptx", "-o",
                                      "a.cubin"}));
}

TEST(PtxasTest, ReleaseFromVersionText) {
  std::optional<CudaRelease> release = parsePtxasVersionText(
      "ptxas: NVIDIA (R) Ptx optimizing assembler\n"
      "Copyright (c) 2005-2025 NVIDIA Corporation\n"
      "Cuda compilation tools, release 12.8, V12.8.93\n"
      "Build cuda_12.8.r12.8/compiler.35583870_0\n");
  ASSERT_TRUE(release.has_value());
  EXPECT_EQ(release->major, 12);
  EXPECT_EQ(release->minor, 8);
  EXPECT_FALSE(parsePtxasVersionText("ptxas: no version here").has_value());
  EXPECT_FALSE(parsePtxasVersionText("release x.y").has_value());
}

// Triton 3.6's ptx_get_version, release by release.
TEST(PtxasTest, PTXVersionOfEachCudaRelease) {
  auto version = [](int major, int minor) {
    return getPTXVersionForCuda(CudaRelease{major, minor});
  };
  EXPECT_EQ(version(13, 0), 90);
  EXPECT_EQ(version(13, 1), 91);
  EXPECT_EQ(version(12, 9), 88);
  EXPECT_EQ(version(12, 8), 87);
  EXPECT_EQ(version(12, 6), 85);
  EXPECT_EQ(version(12, 5), 85);
  EXPECT_EQ(version(12, 4), 84);
  EXPECT_EQ(version(12, 0), 80);
  EXPECT_EQ(version(11, 8), 78);
  EXPECT_EQ(version(10, 2), std::nullopt);
}

TEST(PtxasTest, WithoutPtxasPTXStaysAtTheDefault) {
  CompileOptions options;
  options.ptxasPath = "/nonexistent/ptxas";
  EXPECT_FALSE(static_cast<bool>(resolvePTXVersion(options, false)));
  EXPECT_EQ(options.ptxVersion, kDefaultPTXVersion);
  CompileOptions forCubin;
  forCubin.ptxasPath = "/nonexistent/ptxas";
  llvm::Error error = resolvePTXVersion(forCubin, true);
  ASSERT_TRUE(static_cast<bool>(error));
  EXPECT_NE(llvm::toString(std::move(error)).find("not an executable"),
            std::string::npos);
}

} // namespace
