//===- ManifestTest.cpp - variant manifests, C names, C text helpers
//-------===//
#include "AOT/Manifest.h"
#include "AOT/EmitC.h"

#include "llvm/ADT/StringExtras.h"

#include "gtest/gtest.h"

using namespace mlir::triton::aot;

namespace {

Variant makeVariant() {
  Variant variant;
  variant.prefix = "lib_";
  variant.name = "add";
  variant.kernelName = "add_kernel";
  variant.hash = "0123abcd";
  variant.suffix = "0d12c";
  variant.algoKey = "00112233aabbccdd";
  variant.algoInfo = "BLOCK=1024, fast";
  variant.numWarps = 8;
  variant.numStages = 2;
  variant.params = {
      {"x", "*fp16", 16, false}, {"n", "i32", 0, false}, {"k", "i64", 0, true},
      {"d", "tensordesc<bf16[64, 32]>", 0, false}};
  variant.grid = {"cdiv(n, 1024)", "1", "1"};
  variant.targets = {{"sm_90a", 90, true, 1024, "cubin"},
                     {"sm_80", 80, false, 512, "cubin"}};
  return variant;
}

TEST(ManifestTest, RoundTripsEveryField) {
  Variant variant = makeVariant();
  std::string header = "/* comment\n";
  std::string manifest = writeManifest(variant);
  for (llvm::StringRef line :
       llvm::split(llvm::StringRef(manifest).rtrim('\n'), '\n'))
    header += " * " + line.str() + "\n";
  header += " */\n#include <cuda.h>\n";
  llvm::Expected<Variant> parsed = parseManifest(header, "v.h");
  ASSERT_TRUE(static_cast<bool>(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(parsed->prefix, "lib_");
  EXPECT_EQ(parsed->getFunctionName(), "lib_add_0123abcd_0d12c");
  EXPECT_EQ(parsed->kernelName, "add_kernel");
  EXPECT_EQ(parsed->algoKey, variant.algoKey);
  EXPECT_EQ(parsed->algoInfo, "BLOCK=1024, fast");
  EXPECT_EQ(parsed->numWarps, 8);
  EXPECT_EQ(parsed->numStages, 2);
  ASSERT_EQ(parsed->params.size(), 4u);
  EXPECT_EQ(parsed->params[0].divisibility, 16);
  EXPECT_TRUE(parsed->params[2].equalTo1);
  EXPECT_EQ(parsed->params[2].getCType(), "int64_t");
  // A descriptor's type has a space in it.
  EXPECT_EQ(parsed->params[3].type, "tensordesc<bf16[64, 32]>");
  EXPECT_EQ(parsed->params[3].getTensorDescRank(), 2u);
  EXPECT_EQ(parsed->params[3].getCType(), "CUdeviceptr");
  EXPECT_EQ(parsed->grid, variant.grid);
  ASSERT_EQ(parsed->targets.size(), 2u);
  EXPECT_TRUE(parsed->targets[0].archSpecific);
  EXPECT_FALSE(parsed->targets[1].archSpecific);
  EXPECT_EQ(parsed->targets[1].sharedBytes, 512);
  EXPECT_EQ(parsed->getMaxSharedBytes(), 1024);
  EXPECT_EQ(parsed->getNumSpecializations(), 2u);
}

TEST(ManifestTest, RejectsForeignAndBrokenHeaders) {
  llvm::Expected<Variant> foreign = parseManifest("int x;\n", "f.h");
  ASSERT_FALSE(static_cast<bool>(foreign));
  EXPECT_EQ(llvm::toString(foreign.takeError()),
            "f.h: not a header written by `triton-aot compile` (no "
            "@triton-aot manifest)");
  llvm::Expected<Variant> broken = parseManifest(
      "@triton-aot abi: 1\n@triton-aot name: a\n@triton-aot param: x\n", "b.h");
  ASSERT_FALSE(static_cast<bool>(broken));
  EXPECT_EQ(llvm::toString(broken.takeError()), "b.h:3: bad param 'x'");
  llvm::Expected<Variant> unknown =
      parseManifest("@triton-aot abi: 1\n@triton-aot colour: red\n", "u.h");
  ASSERT_FALSE(static_cast<bool>(unknown));
  EXPECT_EQ(llvm::toString(unknown.takeError()),
            "u.h:2: unknown manifest key 'colour'");
  llvm::Expected<Variant> incomplete =
      parseManifest("@triton-aot abi: 1\n@triton-aot name: a\n", "i.h");
  ASSERT_FALSE(static_cast<bool>(incomplete));
  EXPECT_NE(llvm::toString(incomplete.takeError()).find("incomplete"),
            std::string::npos);
}

TEST(ManifestTest, CTypesOfEverySignatureType) {
  EXPECT_EQ((Param{"p", "*i8", 0, false}).getCType(), "CUdeviceptr");
  EXPECT_EQ((Param{"p", "i1", 0, false}).getCType(), "int8_t");
  EXPECT_EQ((Param{"p", "i16", 0, false}).getCType(), "int16_t");
  EXPECT_EQ((Param{"p", "u32", 0, false}).getCType(), "uint32_t");
  EXPECT_EQ((Param{"p", "fp16", 0, false}).getCType(), "uint16_t");
  EXPECT_EQ((Param{"p", "bf16", 0, false}).getCType(), "uint16_t");
  EXPECT_EQ((Param{"p", "fp32", 0, false}).getCType(), "float");
  EXPECT_EQ((Param{"p", "fp64", 0, false}).getCType(), "double");
  EXPECT_TRUE((Param{"p", "i64", 0, false}).isInteger());
  EXPECT_FALSE((Param{"p", "fp32", 0, false}).isInteger());
}

TEST(ManifestTest, UsableCNames) {
  EXPECT_TRUE(isUsableCName("x_ptr"));
  EXPECT_TRUE(isUsableCName("_n2"));
  EXPECT_FALSE(isUsableCName("2n"));
  EXPECT_FALSE(isUsableCName("a-b"));
  EXPECT_FALSE(isUsableCName(""));
  EXPECT_FALSE(isUsableCName("int"));
  EXPECT_FALSE(isUsableCName("class"));
  EXPECT_FALSE(isUsableCName("stream"));
  EXPECT_FALSE(isUsableCName("algo_id"));
  EXPECT_FALSE(isUsableCName("tt_entry"));
  EXPECT_TRUE(isUsableCName("result"));
}

TEST(ManifestTest, CTextHelpers) {
  EXPECT_EQ(quoteC("a\"b\\c?"), "\"a\\\"b\\\\c\\?\"");
  EXPECT_EQ(formatByteArray(llvm::StringRef("\x7f"
                                            "E\x00",
                                            3)),
            "    0x7f, 0x45, 0x00");
  std::string bytes(17, '\x01');
  EXPECT_EQ(formatByteArray(bytes),
            "    0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, "
            "0x01, 0x01, 0x01, 0x01, 0x01, 0x01,\n    0x01");
}

} // namespace
