//===- EnableLineInfo.cpp - enable-line-info -----------------------------===//
//
// Debug scopes for the LLVM dialect's functions, so that the translation to
// LLVM IR attaches !dbg locations and the NVPTX backend writes `.loc`
// lines (see Passes.td).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Location.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/Support/Path.h"

namespace mlir::triton {
#define GEN_PASS_DEF_ENABLELINEINFO
#include "Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;

namespace {

/// The first file location in `loc` (a callee before its caller).
FileLineColLoc findFileLoc(Location loc) {
  FileLineColLoc found;
  loc->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      found = file;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

LLVM::DIFileAttr fileOf(MLIRContext *ctx, FileLineColLoc loc) {
  StringRef path = loc.getFilename().getValue();
  return LLVM::DIFileAttr::get(ctx, llvm::sys::path::filename(path),
                               llvm::sys::path::parent_path(path));
}

struct EnableLineInfo
    : public triton::impl::EnableLineInfoBase<EnableLineInfo> {
  void runOnOperation() override {
    getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto func = dyn_cast<LLVM::LLVMFuncOp>(op)) {
        addSubprogram(func);
        return;
      }
      if (op->getLoc()->findInstanceOf<CallSiteLoc>())
        scopeInlinedLocation(op);
    });
  }

  void addSubprogram(LLVM::LLVMFuncOp func) {
    Location loc = func.getLoc();
    if (loc->findInstanceOf<FusedLocWith<LLVM::DISubprogramAttr>>())
      return;
    FileLineColLoc fileLoc = findFileLoc(loc);
    if (!fileLoc)
      return;
    MLIRContext *ctx = &getContext();
    LLVM::DIFileAttr file = fileOf(ctx, fileLoc);
    auto flags = LLVM::DISubprogramFlags::Optimized;
    LLVM::DICompileUnitAttr unit;
    if (!func.isExternal()) {
      unit = LLVM::DICompileUnitAttr::get(
          DistinctAttr::create(UnitAttr::get(ctx)), llvm::dwarf::DW_LANG_C,
          file, StringAttr::get(ctx, "triton"), /*isOptimized=*/true,
          LLVM::DIEmissionKind::LineTablesOnly);
      flags = flags | LLVM::DISubprogramFlags::Definition;
    }
    auto type = LLVM::DISubroutineTypeAttr::get(
        ctx, llvm::dwarf::DW_CC_normal,
        {LLVM::DINullTypeAttr::get(ctx)});
    unsigned line = fileLoc.getLine();
    auto subprogram = LLVM::DISubprogramAttr::get(
        ctx, DistinctAttr::create(UnitAttr::get(ctx)), unit, file,
        func.getNameAttr(), func.getNameAttr(), file, line, line, flags, type,
        /*retainedNodes=*/{}, /*annotations=*/{});
    func->setLoc(FusedLoc::get(ctx, {loc}, subprogram));
  }

  /// Each file leaf of an inlined call's location (through the names
  /// around it), scoped to its own file within the function's subprogram.
  void scopeInlinedLocation(Operation *op) {
    auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
    if (!func)
      return;
    auto fused = func.getLoc()->findInstanceOf<
        FusedLocWith<LLVM::DISubprogramAttr>>();
    if (!fused)
      return;
    LLVM::DISubprogramAttr scope = fused.getMetadata();
    MLIRContext *ctx = op->getContext();
    std::function<Location(Location)> scoped = [&](Location loc) -> Location {
      if (auto call = dyn_cast<CallSiteLoc>(loc))
        return CallSiteLoc::get(scoped(call.getCallee()),
                                scoped(call.getCaller()));
      // A variable's name around an inlined location (Triton 3.6 names
      // values): the name stays, its location is scoped.
      if (auto name = dyn_cast<NameLoc>(loc))
        return NameLoc::get(name.getName(), scoped(name.getChildLoc()));
      auto file = dyn_cast<FileLineColLoc>(loc);
      if (!file)
        return loc;
      auto block = LLVM::DILexicalBlockFileAttr::get(
          ctx, scope, fileOf(ctx, file), /*discriminator=*/0);
      return FusedLoc::get(ctx, {loc}, block);
    };
    op->setLoc(scoped(op->getLoc()));
  }
};

} // namespace
