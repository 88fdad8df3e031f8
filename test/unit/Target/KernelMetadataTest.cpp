//===- KernelMetadataTest.cpp - kernel signature and metadata JSON --------===//
#include "Target/KernelMetadata.h"
#include "Dialect/Triton/IR/Dialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FormatVariadic.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::triton;

namespace {

class KernelMetadataTest : public ::testing::Test {
protected:
  KernelMetadataTest() { context.loadDialect<TritonDialect>(); }

  OwningOpRef<ModuleOp> parse(llvm::StringRef text) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module) << "cannot parse " << text.str();
    return module;
  }

  Type type(llvm::StringRef text) { return mlir::parseType(text, &context); }

  MLIRContext context;
};

TEST_F(KernelMetadataTest, SpellsTypesAsTriton) {
  struct Case {
    const char *mlir;
    const char *triton;
  };
  for (const Case &c :
       {Case{"i1", "i1"}, Case{"i8", "i8"}, Case{"i16", "i16"},
        Case{"i32", "i32"}, Case{"i64", "i64"}, Case{"ui8", "u8"},
        Case{"f16", "fp16"}, Case{"bf16", "bf16"}, Case{"f32", "fp32"},
        Case{"f64", "fp64"}, Case{"f8E4M3FN", "fp8e4nv"},
        Case{"f8E5M2", "fp8e5"}, Case{"!tt.ptr<f32>", "*fp32"},
        Case{"!tt.ptr<f16>", "*fp16"}, Case{"!tt.ptr<bf16>", "*bf16"},
        Case{"!tt.ptr<i8>", "*i8"}, Case{"!tt.ptr<i64>", "*i64"},
        Case{"!tt.ptr<!tt.ptr<f32>>", "**fp32"},
        Case{"!tt.tensordesc<tensor<64x32xf16>>", "tensordesc<fp16[64, 32]>"}}) {
    Type parsed = type(c.mlir);
    ASSERT_TRUE(parsed) << c.mlir;
    std::optional<std::string> name = getSignatureTypeName(parsed);
    ASSERT_TRUE(name.has_value()) << c.mlir;
    EXPECT_EQ(*name, c.triton) << c.mlir;
  }
  for (const char *unsupported :
       {"i7", "tensor<4xf32>", "!tt.ptr<tensor<4xf32>>", "index"}) {
    Type parsed = type(unsupported);
    ASSERT_TRUE(parsed) << unsupported;
    EXPECT_FALSE(getSignatureTypeName(parsed).has_value()) << unsupported;
  }
}

TEST_F(KernelMetadataTest, ByteSizesForALauncher) {
  EXPECT_EQ(getSignatureTypeSize("i1"), 1u);
  EXPECT_EQ(getSignatureTypeSize("i8"), 1u);
  EXPECT_EQ(getSignatureTypeSize("fp8e5"), 1u);
  EXPECT_EQ(getSignatureTypeSize("i16"), 2u);
  EXPECT_EQ(getSignatureTypeSize("bf16"), 2u);
  EXPECT_EQ(getSignatureTypeSize("fp16"), 2u);
  EXPECT_EQ(getSignatureTypeSize("i32"), 4u);
  EXPECT_EQ(getSignatureTypeSize("fp32"), 4u);
  EXPECT_EQ(getSignatureTypeSize("i64"), 8u);
  EXPECT_EQ(getSignatureTypeSize("fp64"), 8u);
  EXPECT_EQ(getSignatureTypeSize("*fp32"), 8u);
  EXPECT_EQ(getSignatureTypeSize("f32"), std::nullopt);
}

// The add kernel's signature as Triton 3.6 writes its TTIR (NameLoc'd
// arguments, tt.divisibility on some), plus a private helper that is no
// kernel.
constexpr const char *kAddKernel = R"mlir(
#loc = loc("kernels.py":72:0)
module {
  tt.func public @add_kernel(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("x_ptr"(#loc)), %y: !tt.ptr<f16> loc(#loc), %n: i32 {tt.divisibility = 16 : i32} loc("n"(#loc)), %s: f32 loc("scale"(#loc))) {
    tt.return
  } loc(#loc)
  tt.func private @helper(%a: i64) {
    tt.return
  }
}
)mlir";

TEST_F(KernelMetadataTest, SignatureOfThePublicFunction) {
  OwningOpRef<ModuleOp> module = parse(kAddKernel);
  ASSERT_TRUE(module);
  FailureOr<KernelSignature> signature = getKernelSignature(*module);
  ASSERT_TRUE(succeeded(signature));
  EXPECT_EQ(signature->name, "add_kernel");
  ASSERT_EQ(signature->params.size(), 4u);
  const char *names[] = {"x_ptr", "arg1", "n", "scale"};
  const char *types[] = {"*fp32", "*fp16", "i32", "fp32"};
  int64_t divisibility[] = {16, 0, 16, 0};
  for (unsigned i = 0; i < 4; ++i) {
    EXPECT_EQ(signature->params[i].name, names[i]) << i;
    EXPECT_EQ(signature->params[i].type, types[i]) << i;
    EXPECT_EQ(signature->params[i].divisibility, divisibility[i]) << i;
    // The kernel's body is empty: it reads none of them.
    EXPECT_FALSE(signature->params[i].used) << i;
  }
}

TEST_F(KernelMetadataTest, MetadataFromSignatureAndModuleAttributes) {
  OwningOpRef<ModuleOp> module = parse(kAddKernel);
  ASSERT_TRUE(module);
  FailureOr<KernelSignature> signature = getKernelSignature(*module);
  ASSERT_TRUE(succeeded(signature));
  // What the llir pipeline leaves on the module.
  Builder builder(&context);
  (*module)->setAttr("ttg.num-warps", builder.getI32IntegerAttr(8));
  (*module)->setAttr("ttg.shared", builder.getI32IntegerAttr(4096));
  (*module)->setAttr("ttg.global_scratch_memory_size",
                     builder.getI32IntegerAttr(128));
  (*module)->setAttr("ttg.global_scratch_memory_alignment",
                     builder.getI32IntegerAttr(16));
  CompileOptions options;
  options.numStages = 4;
  // As if the kernel read every argument but `scale` (its body is empty).
  for (KernelParam &param : signature->params)
    param.used = param.name != "scale";
  llvm::json::Value json(buildKernelMetadata(*signature, *module, options));
  std::string text = llvm::formatv("{0}", json).str();
  EXPECT_EQ(
      text,
      R"({"arch":"sm_90a","global_scratch_align":16,"global_scratch_size":128,)"
      R"("hidden_params":2,"maxnreg":null,"name":"add_kernel","num_ctas":1,)"
      R"("num_stages":4,"num_warps":8,"params":[)"
      R"({"divisibility":16,"name":"x_ptr","type":"*fp32"},)"
      R"({"divisibility":0,"name":"arg1","type":"*fp16"},)"
      R"({"divisibility":16,"name":"n","type":"i32"},)"
      R"({"divisibility":0,"name":"scale","type":"fp32","unused":true}],)"
      R"("profile_scratch_align":1,"profile_scratch_size":0,)"
      R"("ptx_version":90,"shared":4096,"target":"cuda:90",)"
      R"("tensordesc_meta":[],"threads_per_warp":32})");
}

TEST_F(KernelMetadataTest, MaxNRegFromModuleElseOptions) {
  OwningOpRef<ModuleOp> module = parse(kAddKernel);
  ASSERT_TRUE(module);
  FailureOr<KernelSignature> signature = getKernelSignature(*module);
  ASSERT_TRUE(succeeded(signature));
  CompileOptions options;
  options.maxnreg = 64;
  llvm::json::Object fromOptions =
      buildKernelMetadata(*signature, *module, options);
  EXPECT_EQ(fromOptions.getInteger("maxnreg"), 64);
  // The lowered module's ttg.maxnreg is what the kernel was built with.
  (*module)->setAttr("ttg.maxnreg", Builder(&context).getI32IntegerAttr(42));
  llvm::json::Object fromModule =
      buildKernelMetadata(*signature, *module, options);
  EXPECT_EQ(fromModule.getInteger("maxnreg"), 42);
}

/// Collects the messages of the errors emitted while it lives.
struct ErrorCollector {
  explicit ErrorCollector(MLIRContext &context)
      : handler(&context, [this](Diagnostic &diag) {
          messages.push_back(diag.str());
          return success();
        }) {}
  ScopedDiagnosticHandler handler;
  std::vector<std::string> messages;
};

TEST_F(KernelMetadataTest, ExactlyOneKernel) {
  ErrorCollector errors(context);
  OwningOpRef<ModuleOp> none = parse("tt.func private @f() {\n tt.return\n}\n");
  ASSERT_TRUE(none);
  EXPECT_TRUE(failed(getKernelSignature(*none)));
  OwningOpRef<ModuleOp> two = parse(
      "tt.func public @a() {\n tt.return\n}\ntt.func @b() {\n tt.return\n}\n");
  ASSERT_TRUE(two);
  EXPECT_TRUE(failed(getKernelSignature(*two)));
  ASSERT_EQ(errors.messages.size(), 2u);
  EXPECT_EQ(errors.messages[0],
            "no kernel in the module: expected one public tt.func");
  EXPECT_EQ(errors.messages[1], "a module holds one kernel (public tt.func); "
                                "found a second one, @b");
}

TEST_F(KernelMetadataTest, UnsupportedArgumentType) {
  ErrorCollector errors(context);
  OwningOpRef<ModuleOp> module =
      parse("tt.func public @k(%d: !tt.ptr<tensor<64x64xf16>> "
            "loc(\"a_desc\"(\"k.py\":1:0))) {\n tt.return\n}\n");
  ASSERT_TRUE(module);
  EXPECT_TRUE(failed(getKernelSignature(*module)));
  ASSERT_EQ(errors.messages.size(), 1u);
  EXPECT_EQ(errors.messages[0],
            "kernel argument #0 ('a_desc') has type "
            "'!tt.ptr<tensor<64x64xf16>>', which has no launcher signature "
            "(supported: pointers to and scalars of int and float types, "
            "tensor descriptors)");
}

TEST_F(KernelMetadataTest, TensorDescriptorWithoutLayout) {
  // The CUtensorMap's swizzle comes from the descriptor's shared layout,
  // which the ttgir pipeline gives it; TTIR has none.
  ErrorCollector errors(context);
  OwningOpRef<ModuleOp> module =
      parse("tt.func public @k(%d: !tt.tensordesc<tensor<64x64xf16>>) {\n"
            " tt.return\n}\n");
  ASSERT_TRUE(module);
  EXPECT_TRUE(failed(getKernelSignature(*module)));
  ASSERT_EQ(errors.messages.size(), 1u);
  EXPECT_EQ(errors.messages[0],
            "tensor-descriptor argument #0 has no #ttg.nvmma_shared layout "
            "('!tt.tensordesc<tensor<64x64xf16>>'); the ttgir pipeline gives "
            "it one");
}

} // namespace
