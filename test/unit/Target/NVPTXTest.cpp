//===- NVPTXTest.cpp - PTX text utilities and the NVPTX target machine ----===//
#include "Target/NVPTX.h"

#include "llvm/Support/Error.h"
#include "llvm/Target/TargetMachine.h"

#include <gtest/gtest.h>

using namespace mlir::triton;

namespace {

TEST(PTXVersionTest, RewritesOnlyTheVersionDirective) {
  std::string ptx = "//\n// .version 1.0 in a comment\n//\n\n.version 8.7\n"
                    ".target sm_90a\n.address_size 64\n";
  EXPECT_EQ(setPTXVersion(ptx, 90),
            "//\n// .version 1.0 in a comment\n//\n\n.version 9.0\n"
            ".target sm_90a\n.address_size 64\n");
}

TEST(PTXVersionTest, KeepsIndentationAndMissingFinalNewline) {
  EXPECT_EQ(setPTXVersion("\t.version 7.8", 85), "\t.version 8.5");
  EXPECT_EQ(setPTXVersion(".version 7.8\n", 100), ".version 10.0\n");
  // Not a version directive: left alone.
  EXPECT_EQ(setPTXVersion(".versionx 7.8\n.version abc\n", 90),
            ".versionx 7.8\n.version abc\n");
}

TEST(PTXDebugTargetTest, DropsOnlyTheDebugFlag) {
  EXPECT_EQ(dropDebugTarget(".version 9.0\n.target sm_90a, debug\n"
                            ".address_size 64\n\t.loc\t1 7 0\n"),
            ".version 9.0\n.target sm_90a\n.address_size 64\n\t.loc\t1 7 0\n");
  EXPECT_EQ(dropDebugTarget("\t.target sm_80, texmode_independent, debug"),
            "\t.target sm_80, texmode_independent");
  // No debug flag, or not a .target directive: left alone.
  EXPECT_EQ(dropDebugTarget(".target sm_90a\n// .target sm_90a, debug\n"),
            ".target sm_90a\n// .target sm_90a, debug\n");
  EXPECT_EQ(dropDebugTarget(".targetx debug"), ".targetx debug");
}

TEST(PTXEntryTest, FindsVisibleEntriesOnly) {
  std::string ptx = "\t// .globl\tadd_kernel\n"
                    ".visible .entry add_kernel(\n"
                    "\t.param .u64 add_kernel_param_0\n)\n"
                    ".func helper(\n)\n"
                    ".visible .func visible_device_function(\n)\n"
                    ".visible  .entry  second$1()\n";
  EXPECT_EQ(getPTXEntryNames(ptx),
            (llvm::SmallVector<std::string>{"add_kernel", "second$1"}));
  EXPECT_TRUE(getPTXEntryNames(".func f()\n").empty());
}

TEST(NVPTXBackendTest, ClampsThePTXVersionToWhatLLVMKnows) {
  // LLVM 22 knows PTX 9.0; 8.7 and 7.8 exist as well.
  EXPECT_EQ(getLLVMPTXVersion(90), 90);
  EXPECT_EQ(getLLVMPTXVersion(87), 87);
  EXPECT_EQ(getLLVMPTXVersion(95), 90);
}

TEST(NVPTXBackendTest, TargetMachineForTheArch) {
  CompileOptions options;
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
      createNVPTXTargetMachine(options);
  ASSERT_TRUE(static_cast<bool>(machine))
      << llvm::toString(machine.takeError());
  EXPECT_EQ((*machine)->getTargetCPU(), "sm_90a");
  EXPECT_EQ((*machine)->getTargetFeatureString(), "+ptx90");
  // 32-bit shared pointers, as Triton's data layout.
  EXPECT_EQ((*machine)->createDataLayout().getPointerSizeInBits(3), 32u);
  EXPECT_EQ((*machine)->createDataLayout().getPointerSizeInBits(1), 64u);
}

TEST(NVPTXBackendTest, RejectsAPTXVersionTooOldForTheArch) {
  CompileOptions options;
  options.ptxVersion = 78;
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
      createNVPTXTargetMachine(options);
  ASSERT_FALSE(static_cast<bool>(machine));
  EXPECT_EQ(llvm::toString(machine.takeError()),
            "PTX ISA 7.8 does not support sm_90a (it needs PTX 8.0 or later)");
  options.archSpecific = false;
  EXPECT_TRUE(static_cast<bool>(createNVPTXTargetMachine(options)));
}

TEST(NVPTXBackendTest, RejectsAnArchLLVMDoesNotKnow) {
  CompileOptions options;
  options.computeCapability = 91;
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
      createNVPTXTargetMachine(options);
  ASSERT_FALSE(static_cast<bool>(machine));
  EXPECT_EQ(llvm::toString(machine.takeError()),
            "LLVM's NVPTX backend does not know sm_91a");
}

} // namespace
