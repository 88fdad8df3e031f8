//===- Compile.h - a TTIR/TTGIR kernel to one AOT variant -------*- C++ -*-===//
#ifndef TRITON_AOT_COMPILE_H
#define TRITON_AOT_COMPILE_H

#include "AOT/Variant.h"
#include "Pipeline/CompileOptions.h"

#include "mlir/IR/BuiltinOps.h"
#include <optional>
#include <string>
#include <vector>

namespace mlir::triton::aot {

/// What `triton-aot compile` is asked for.
struct CompileConfig {
  /// The C name of the kernel family; empty: the kernel's own name.
  std::string name;
  /// Prefix of every exported symbol.
  std::string prefix;
  /// The launch grid: up to three C expressions over integer parameters.
  std::string grid;
  /// Specialization hints on top of the IR's: "<param>=16" (divisible by
  /// 16), "<param>=1" (specialized to 1: the parameter is folded into the
  /// kernel and dropped from the variant's entry point) or "<param>=none"
  /// (drop the IR's hint).
  std::vector<std::string> hints;
  /// Warps per CTA; unset: 4 for TTIR, the module's for TTGIR.
  std::optional<int> numWarps;
  int numStages = 3;
  /// CTAs per program, launched as a cluster (Triton's num_ctas, sm_90 and
  /// newer); unset: 1 for TTIR, the module's for TTGIR.
  std::optional<int> numCtas;
  /// Targets as the tools spell them (sm_90a, sm_80, cuda:90); empty:
  /// sm_90a, or the TTGIR's ttg.target.
  std::vector<std::string> targets;
  /// Free text naming the algo's constants, e.g. "BLOCK=1024"; part of
  /// the algo's identity and reported by its info call.
  std::string algoInfo;
  std::string ptxasPath;
  std::string libdevicePath;
  /// PTX to cubin with ptxas (a child process), nvJitLink (in the process)
  /// or Auto (nvJitLink where it loads and the driver is not older).
  Assembler assembler = Assembler::Ptxas;
};

/// Applies the hints to `module`'s kernel, compiles it for every target and
/// returns the variant. `module` is modified (hints, folded parameters).
/// Errors are emitted on the module, at the argument or option at fault.
FailureOr<Variant> compileVariant(ModuleOp module, const CompileConfig &config);

} // namespace mlir::triton::aot

#endif // TRITON_AOT_COMPILE_H
