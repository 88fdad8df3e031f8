//===- KernelMetadata.h - the <kernel>.json beside every cubin --*- C++ -*-===//
//
// The kernel's signature is read off its tt.func before lowering (argument
// names, types, tt.divisibility); sizes Triton only knows after lowering
// (shared memory, global scratch) come from the lowered module's attributes.
// docs/target.md describes the JSON format.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_TARGET_KERNELMETADATA_H
#define TRITON_TARGET_KERNELMETADATA_H

#include "Pipeline/CompileOptions.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/JSON.h"
#include <optional>
#include <string>
#include <vector>

namespace mlir::triton {

/// One argument of a kernel.
/// What a launcher needs to encode the CUtensorMap of a tensor-descriptor
/// argument (Triton 3.6's `tensordesc_meta` entry).
struct TensorDescMeta {
  /// CUtensorMapSwizzle: 0 none, 1 32 B, 2 64 B, 3 128 B.
  int swizzle = 0;
  /// Bytes per element.
  int elemSize = 0;
  /// CUtensorMapDataType.
  int elemType = 0;
  /// The box of one TMA copy (outermost dimension first).
  std::vector<int64_t> blockSize;
  bool fp4Padded = false;
};

struct KernelParam {
  /// From the argument's NameLoc, else "arg<i>".
  std::string name;
  /// Triton's signature spelling: "*fp32", "i32", ...
  std::string type;
  /// `tt.divisibility`, 0 when absent.
  int64_t divisibility = 0;
  /// Whether the kernel reads the argument at all (after the ttgir
  /// pipeline's simplifications). A launcher may pass anything, a null
  /// pointer included, for one it does not: metadata `"unused": true`.
  bool used = true;
  /// For a `!tt.tensordesc` argument: its CUtensorMap's parameters.
  std::optional<TensorDescMeta> tensorDesc;
};

/// A kernel's name and arguments, in order.
struct KernelSignature {
  std::string name;
  std::vector<KernelParam> params;
};

/// Triton's spelling of an argument type: "i1".."i64", "fp16", "bf16",
/// "fp32", "fp64", "fp8e4nv", "fp8e5", ... for scalars, "*" + the pointee's
/// spelling for pointers. std::nullopt for anything a kernel cannot take
/// (tensors); "tensordesc<fp16[128, 64]>" for a tensor descriptor.
std::optional<std::string> getSignatureTypeName(Type type);

/// Bytes a launcher passes for an argument of this spelling: 1 for i1/i8,
/// 2 for i16/fp16/bf16, 4 for i32/fp32, 8 for i64/fp64 and pointers;
/// std::nullopt for an unknown spelling.
std::optional<unsigned> getSignatureTypeSize(llvm::StringRef type);

/// The signature of `module`'s kernel: its one public tt.func. Emits an
/// error at the function or argument at fault and fails otherwise. With
/// `needTensorDescMeta` (after the ttgir pipeline) every `!tt.tensordesc`
/// argument must have its `#ttg.nvmma_shared` layout, from which its
/// TensorDescMeta is read; without it (TTIR), a descriptor without a layout
/// has none.
FailureOr<KernelSignature> getKernelSignature(ModuleOp module,
                                              bool needTensorDescMeta = true);

/// The metadata JSON of a kernel: `signature` from before lowering, the
/// module attributes of `lowered` (ttg.num-warps or ttg.total-num-warps,
/// ttg.num-ctas, ttg.threads-per-warp, ttg.shared, ttg.maxnreg (null
/// without one, as Triton writes it), global and profile scratch size and
/// alignment), num_stages, target, arch and PTX version from `options`.
llvm::json::Object buildKernelMetadata(const KernelSignature &signature,
                                       ModuleOp lowered,
                                       const CompileOptions &options);

} // namespace mlir::triton

#endif // TRITON_TARGET_KERNELMETADATA_H
