//===- IRLevel.cpp - which stage a module is at (TTIR, TTGIR, LLVM) -------===//
#include "Target/IRLevel.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// True for a type of the ttg dialect or a tensor with a layout.
bool isTTGIRType(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getEncoding() != nullptr;
  return type.getDialect().getNamespace() == "ttg";
}

} // namespace

FailureOr<IRLevel> mlir::triton::detectIRLevel(ModuleOp module) {
  if (module->hasAttr("ttg.num-warps"))
    return IRLevel::TTGIR;
  bool hasTTGIR = false, hasTTIR = false, hasLLVMFunc = false;
  // Without the module attributes, layouts (or ttg types) make TTGIR; ttg
  // ops on layout-free values (a ttg.warp_specialize written into a .ttir
  // file, which Triton compiles from TTIR) leave it TTIR.
  module.walk([&](Operation *op) {
    llvm::StringRef dialect = op->getName().getDialectNamespace();
    if (llvm::any_of(op->getResultTypes(), isTTGIRType) ||
        llvm::any_of(op->getOperandTypes(), isTTGIRType))
      hasTTGIR = true;
    else if (dialect == "tt" || dialect == "ttg" || dialect == "ttng")
      hasTTIR = true;
    else if (op->getName().getStringRef() == "llvm.func")
      hasLLVMFunc = true;
    return hasTTGIR ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (hasTTGIR)
    return IRLevel::TTGIR;
  if (hasTTIR)
    return IRLevel::TTIR;
  if (hasLLVMFunc)
    return IRLevel::LLVM;
  return module.emitError(
      "cannot tell the input's level: no tt or ttg op (TTIR, TTGIR) and no "
      "llvm.func (LLVM dialect)");
}

bool mlir::triton::isGluonModule(ModuleOp module) {
  auto isPlaceholder = [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && tensor.getEncoding() &&
           tensor.getEncoding().getDialect().getNamespace() == "gluon";
  };
  WalkResult walk = module.walk([&](Operation *op) {
    if (op->getName().getDialectNamespace() == "gluon" ||
        llvm::any_of(op->getResultTypes(), isPlaceholder))
      return WalkResult::interrupt();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (llvm::any_of(block.getArgumentTypes(), isPlaceholder))
          return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return walk.wasInterrupted();
}

llvm::StringRef mlir::triton::stringifyIRLevel(IRLevel level) {
  switch (level) {
  case IRLevel::TTIR:
    return "ttir";
  case IRLevel::TTGIR:
    return "ttgir";
  case IRLevel::LLVM:
    return "llvm";
  }
  return "unknown";
}
