//===- triton-opt.cpp - mlir-opt over the project's dialects and passes ---===//
#include "Pipeline/Registration.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::triton::registerTritonDialects(registry);
  mlir::triton::registerTritonPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "Triton optimizer driver\n", registry));
}
