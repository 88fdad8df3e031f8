//===- triton-opt.cpp - mlir-opt over the project's dialects and passes ---===//
#include "Pipeline/Registration.h"

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
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "Triton optimizer driver\n", registry));
}
