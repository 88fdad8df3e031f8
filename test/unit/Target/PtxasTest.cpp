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

} // namespace
