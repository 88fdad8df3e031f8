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

// ptxas -v's report of a kernel that calls a noinline function: spills
// add up over the functions, registers take the largest.
TEST(PtxasTest, UsageFromVerboseLog) {
  std::optional<PtxasUsage> usage = parsePtxasUsage(
      "ptxas info    : 0 bytes gmem\n"
      "ptxas info    : Compiling entry function 'mm' for 'sm_90a'\n"
      "ptxas info    : Function properties for mm\n"
      "    8 bytes stack frame, 8 bytes spill stores, 12 bytes spill loads\n"
      "ptxas info    : Used 80 registers, used 1 barriers, 73728 bytes smem\n"
      "ptxas info    : Function properties for helper\n"
      "    0 bytes stack frame, 4 bytes spill stores, 4 bytes spill loads\n"
      "ptxas info    : Used 32 registers\n");
  ASSERT_TRUE(usage.has_value());
  EXPECT_EQ(usage->registers, 80);
  EXPECT_EQ(usage->spillStoreBytes, 12);
  EXPECT_EQ(usage->spillLoadBytes, 16);
  EXPECT_FALSE(parsePtxasUsage("ptxas info    : 0 bytes gmem\n").has_value());
  EXPECT_FALSE(parsePtxasUsage("").has_value());
}

TEST(PtxasTest, RetryOnlyWhereNothingBoundsRegisters) {
  PtxasUsage spills{80, 8, 8};
  llvm::StringRef ptx = ".visible .entry k()\n.reqntid 256\n{\n}\n";
  EXPECT_TRUE(shouldRetryForSpills(spills, ptx, ""));
  EXPECT_TRUE(shouldRetryForSpills(spills, ptx, "-O3"));
  // No spill, or spilling at the register file's limit: nothing to gain.
  EXPECT_FALSE(shouldRetryForSpills(PtxasUsage{80, 0, 0}, ptx, ""));
  EXPECT_FALSE(shouldRetryForSpills(PtxasUsage{255, 64, 64}, ptx, ""));
  // The user's own bound stands.
  EXPECT_FALSE(shouldRetryForSpills(
      spills, ".visible .entry k()\n.maxnreg 80\n{\n}\n", ""));
  EXPECT_FALSE(shouldRetryForSpills(
      spills, ".visible .entry k()\n.minnctapersm 3\n{\n}\n", ""));
  EXPECT_FALSE(shouldRetryForSpills(spills, ptx, "--maxrregcount=80"));
  EXPECT_FALSE(
      shouldRetryForSpills(spills, ptx, "--register-usage-level=3"));
}

} // namespace
