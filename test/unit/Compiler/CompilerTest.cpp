//===- CompilerTest.cpp - compileSource, readKernelSignature
//---------------===//
#include "Compiler/Compiler.h"

#include "gtest/gtest.h"
#include <thread>
#include <vector>

using namespace mlir::triton;

namespace {

/// out[i] = x[i] * 2 over a 128-element block, with a divisibility hint on
/// the pointers.
constexpr const char *kScaleKernel = R"mlir(
module {
  tt.func public @scale(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("x"),
                        %out: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("out"),
                        %n: i32 loc("n")) {
    %pid = tt.get_program_id x : i32
    %c128 = arith.constant 128 : i32
    %start = arith.muli %pid, %c128 : i32
    %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %base = tt.splat %start : i32 -> tensor<128xi32>
    %offs = arith.addi %base, %range : tensor<128xi32>
    %limit = tt.splat %n : i32 -> tensor<128xi32>
    %mask = arith.cmpi slt, %offs, %limit : tensor<128xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %offs : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %v = tt.load %xp, %mask : tensor<128x!tt.ptr<f32>>
    %two = arith.constant dense<2.0> : tensor<128xf32>
    %r = arith.mulf %v, %two : tensor<128xf32>
    %os = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %op = tt.addptr %os, %offs : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    tt.store %op, %r, %mask : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}
)mlir";

TEST(CompilerTest, CompilesTTIRTextToACubinWithMetadata) {
  CompileRequest request;
  request.options.numWarps = 2;
  request.keepIntermediates = true;
  llvm::Expected<CompiledKernel> kernel =
      compileSource(kScaleKernel, request, "scale.ttir");
  ASSERT_TRUE(static_cast<bool>(kernel)) << llvm::toString(kernel.takeError());
  EXPECT_EQ(kernel->cubin.substr(0, 4), "\x7f"
                                        "ELF");
  EXPECT_NE(kernel->ptx.find(".visible .entry scale("), std::string::npos);
  EXPECT_NE(kernel->ttgir.find("\"ttg.num-warps\" = 2"), std::string::npos);
  EXPECT_NE(kernel->llvmIR.find("define ptx_kernel void @scale"),
            std::string::npos);
  EXPECT_EQ(kernel->signature.name, "scale");
  ASSERT_EQ(kernel->signature.params.size(), 3u);
  EXPECT_EQ(kernel->signature.params[0].type, "*fp32");
  EXPECT_EQ(kernel->signature.params[0].divisibility, 16);
  EXPECT_EQ(kernel->signature.params[2].name, "n");
  EXPECT_EQ(kernel->metadata.getInteger("num_warps"), 2);
  EXPECT_EQ(*kernel->metadata.getString("arch"), "sm_90a");
}

TEST(CompilerTest, ParseErrorsCarryTheBufferNameAndLine) {
  llvm::Expected<CompiledKernel> kernel = compileSource(
      "module {\n  tt.func @f( {\n}", CompileRequest(), "bad.ttir");
  ASSERT_FALSE(static_cast<bool>(kernel));
  std::string message = llvm::toString(kernel.takeError());
  EXPECT_NE(message.find("bad.ttir:2:"), std::string::npos) << message;
}

TEST(CompilerTest, RefusesLLVMDialectInput) {
  llvm::Expected<CompiledKernel> kernel =
      compileSource("module {\n  llvm.func @f() {\n    llvm.return\n  }\n}",
                    CompileRequest(), "f.mlir");
  ASSERT_FALSE(static_cast<bool>(kernel));
  std::string message = llvm::toString(kernel.takeError());
  EXPECT_NE(message.find("must be TTIR or TTGIR"), std::string::npos)
      << message;
}

TEST(CompilerTest, CompilesOnSeveralThreadsAtOnce) {
  std::vector<std::string> cubins(3);
  std::vector<std::string> errors(3);
  std::vector<std::thread> threads;
  for (int i = 0; i < 3; ++i)
    threads.emplace_back([&, i] {
      CompileRequest request;
      request.options.numWarps = 1 << i;
      llvm::Expected<CompiledKernel> kernel =
          compileSource(kScaleKernel, request);
      if (kernel)
        cubins[i] = kernel->cubin;
      else
        errors[i] = llvm::toString(kernel.takeError());
    });
  for (std::thread &thread : threads)
    thread.join();
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(errors[i], "");
    EXPECT_EQ(cubins[i].substr(0, 4), "\x7f"
                                      "ELF");
  }
  EXPECT_NE(cubins[0], cubins[2]);
}

TEST(CompilerTest, ReadsTheSignatureWithoutCompiling) {
  llvm::Expected<KernelSignature> signature = readKernelSignature(kScaleKernel);
  ASSERT_TRUE(static_cast<bool>(signature))
      << llvm::toString(signature.takeError());
  ASSERT_EQ(signature->params.size(), 3u);
  EXPECT_EQ(signature->params[1].name, "out");
  EXPECT_EQ(signature->params[2].type, "i32");
}

TEST(CompilerTest, VersionNamesTheLLVMItWasBuiltWith) {
  EXPECT_NE(getCompilerVersion().find("LLVM 22"), llvm::StringRef::npos);
}

} // namespace
