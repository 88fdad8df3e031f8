//===- IRLevel.h - which stage a module is at (TTIR, TTGIR, LLVM) -*- C++
//-*-===//
#ifndef TRITON_TARGET_IRLEVEL_H
#define TRITON_TARGET_IRLEVEL_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir::triton {

/// The stage of the compiler a module is at.
enum class IRLevel {
  /// tt ops, tensors without layouts.
  TTIR,
  /// ttg/ttng ops, tensors with layouts or the `ttg.num-warps` attribute.
  TTGIR,
  /// llvm.func and other LLVM/NVVM dialect ops only.
  LLVM,
};

/// Decides the level of `module`: the `ttg.num-warps` module attribute, a
/// tensor layout or a ttg type makes it TTGIR; else any tt, ttg or ttng op
/// makes it TTIR (Triton compiles a .ttir file holding a layout-free
/// ttg.warp_specialize from TTIR); else an llvm.func makes it LLVM dialect. Emits an error on the
/// module and fails when it is none of these.
FailureOr<IRLevel> detectIRLevel(ModuleOp module);

/// Whether `module` (TTGIR level) is a Gluon kernel's source still to go
/// through gluon_to_ttgir: it has gluon ops or tensors in the
/// #gluon.auto_encoding / #gluon.coalesced_encoding placeholder layouts.
bool isGluonModule(ModuleOp module);

/// "ttir", "ttgir" or "llvm".
llvm::StringRef stringifyIRLevel(IRLevel level);

} // namespace mlir::triton

#endif // TRITON_TARGET_IRLEVEL_H
