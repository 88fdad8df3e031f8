//===- PipelineTest.cpp - the named pipelines driven from C++ -------------===//
//
// What the AOT tool and the runtime will do: build a context, parse TTIR and
// run the stages as library calls. Contexts that load every registered
// dialect up front (as embedding programs often do) must work the same.
//
//===----------------------------------------------------------------------===//
#include "Pipeline/Pipelines.h"
#include "Pipeline/Registration.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::triton;

namespace {

constexpr const char *kExpKernel = R"mlir(
module {
  tt.func public @exp_kernel(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %pid = tt.get_program_id x : i32
    %c = arith.constant 256 : i32
    %base = arith.muli %pid, %c : i32
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %b = tt.splat %base : i32 -> tensor<256xi32>
    %o = arith.addi %b, %r : tensor<256xi32>
    %ns = tt.splat %n : i32 -> tensor<256xi32>
    %m = arith.cmpi slt, %o, %ns : tensor<256xi32>
    %ps = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %pp = tt.addptr %ps, %o : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %v = tt.load %pp, %m : tensor<256x!tt.ptr<f32>>
    %e = math.exp %v : tensor<256xf32>
    tt.store %pp, %e, %m : tensor<256x!tt.ptr<f32>>
    tt.return
  }
}
)mlir";

class PipelineTest : public ::testing::TestWithParam<bool> {
protected:
  PipelineTest() {
    registerTritonDialects(registry);
    registerTritonPasses();
  }
  DialectRegistry registry;
};

TEST_P(PipelineTest, TTIRToLLVMDialect) {
  MLIRContext ctx(registry);
  if (GetParam())
    ctx.loadAllAvailableDialects();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kExpKernel, &ctx);
  ASSERT_TRUE(module);
  CompileOptions options;
  ASSERT_TRUE(succeeded(runTTIRPipeline(*module, options)));
  ASSERT_TRUE(succeeded(runTTGIRPipeline(*module, options)));
  ASSERT_TRUE(succeeded(runLLIRPipeline(*module, options)));
  // Nothing of tt, ttg or arith/math on tensors is left.
  bool onlyLLVM = true;
  module->walk([&](Operation *op) {
    StringRef ns = op->getDialect() ? op->getDialect()->getNamespace() : "";
    if (!isa<ModuleOp>(op) && ns != "llvm" && ns != "nvvm")
      onlyLLVM = false;
  });
  EXPECT_TRUE(onlyLLVM);
}

INSTANTIATE_TEST_SUITE_P(LazyAndPreloadedDialects, PipelineTest,
                         ::testing::Bool());

} // namespace
