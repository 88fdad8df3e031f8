//===- triton-opt.cpp - mlir-opt over the project's dialects and passes ---===//
#include "Pipeline/Registration.h"
#include "Pipeline/SourceCheck.h"

#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/SourceMgr.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"

// Test passes of test/lib (TritonTestAnalysis), for lit tests only.
namespace mlir::triton::test {
void registerTestAliasPass();
void registerTestAllocationPass();
void registerTestAxisInfoPass();
void registerTestCallGraphPass();
void registerTestMembarPass();
} // namespace mlir::triton::test

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::triton::registerTritonDialects(registry);
  mlir::triton::registerTritonPasses();
  mlir::triton::test::registerTestAliasPass();
  mlir::triton::test::registerTestAllocationPass();
  mlir::triton::test::registerTestAxisInfoPass();
  mlir::triton::test::registerTestCallGraphPass();
  mlir::triton::test::registerTestMembarPass();
  auto [input, output] = mlir::registerAndParseCLIOptions(
      argc, argv, "Triton optimizer driver\n", registry);
  // What MLIR's parser would crash on is reported first (a file input; a
  // piped one is read by MlirOptMain only).
  if (input != "-") {
    std::string error;
    if (std::unique_ptr<llvm::MemoryBuffer> source =
            mlir::openInputFile(input, &error)) {
      mlir::MLIRContext context;
      llvm::SourceMgr sourceMgr;
      const llvm::MemoryBuffer &text = *source;
      sourceMgr.AddNewSourceBuffer(std::move(source), llvm::SMLoc());
      mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
      if (mlir::failed(mlir::triton::checkSourceForParser(text, &context)))
        return 1;
    }
  }
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, input, output, registry));
}
