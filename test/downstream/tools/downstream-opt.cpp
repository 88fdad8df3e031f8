//===- downstream-opt.cpp - Triton's dialects and passes plus our own -----===//
//
// An mlir-opt for a downstream compiler: every dialect, pass and named
// pipeline of the installed Triton-on-MLIR (`--triton-ttir-pipeline`,
// `--convert-triton-to-tritongpu`, ...) beside the downstream's own passes.
//
//===----------------------------------------------------------------------===//
#include "Downstream/Passes.h"
#include "Pipeline/Registration.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::triton::registerTritonDialects(registry);
  mlir::triton::registerTritonPasses();
  downstream::registerDownstreamPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "Downstream Triton optimizer driver\n", registry));
}
