//===- CompileOptionsTest.cpp - target strings of CompileOptions ----------===//
#include "Pipeline/CompileOptions.h"

#include <gtest/gtest.h>

using namespace mlir::triton;

namespace {

TEST(CompileOptionsTest, DefaultIsHopperArchSpecific) {
  CompileOptions options;
  EXPECT_EQ(options.getArch(), "sm_90a");
  EXPECT_EQ(options.getTarget(), "cuda:90");
  // 0: chosen from the ptxas in use (resolvePTXVersion); until then, 9.0.
  EXPECT_EQ(options.ptxVersion, 0);
  EXPECT_EQ(options.getPTXVersion(), 90);
  options.ptxVersion = 87;
  EXPECT_EQ(options.getPTXVersion(), 87);
}

TEST(CompileOptionsTest, ParsesEveryTargetSpelling) {
  struct Case {
    const char *text;
    int capability;
    const char *arch;
  };
  for (const Case &c :
       {Case{"cuda:90", 90, "sm_90a"}, Case{"sm_90a", 90, "sm_90a"},
        Case{"sm_90", 90, "sm_90"}, Case{"90", 90, "sm_90a"},
        Case{"sm_89", 89, "sm_89"}, Case{"cuda:80", 80, "sm_80"},
        Case{"sm_80", 80, "sm_80"}}) {
    CompileOptions options;
    ASSERT_TRUE(parseTargetString(c.text, options)) << c.text;
    EXPECT_EQ(options.computeCapability, c.capability) << c.text;
    EXPECT_EQ(options.getArch(), c.arch) << c.text;
  }
}

TEST(CompileOptionsTest, RejectsMalformedTargetsUntouched) {
  for (const char *text : {"", "cuda:", "sm_", "sm_9x", "hip:90", "cuda:9",
                           "sm_90b", "cuda:1000", "sm_a", "cuda:60",
                           "sm_61", "69"}) {
    CompileOptions options;
    options.computeCapability = 77;
    EXPECT_FALSE(parseTargetString(text, options)) << text;
    EXPECT_EQ(options.computeCapability, 77) << text;
    EXPECT_TRUE(options.archSpecific) << text;
  }
}

} // namespace
