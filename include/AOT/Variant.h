//===- Variant.h - one compiled AOT kernel variant --------------*- C++ -*-===//
//
// A variant is one kernel compiled for one set of specialization hints and
// meta-parameters, for one or more GPU targets. `triton-aot compile` makes
// one and writes it as C (EmitVariant.h); it also writes a manifest into the
// generated header (Manifest.h) from which `triton-aot link` reads it back to
// build the dispatchers.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_AOT_VARIANT_H
#define TRITON_AOT_VARIANT_H

#include "Target/KernelMetadata.h"

#include "llvm/ADT/StringRef.h"
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace mlir::triton::aot {

/// The version of the generated C ABI (function names, argument order,
/// info structs). `<name>_abi_version()` returns it.
inline constexpr int kABIVersion = 1;

/// One parameter of the kernel as its C caller sees it.
struct Param {
  std::string name;
  /// Triton's spelling: "*fp32", "i32", "fp16", ...
  std::string type;
  /// tt.divisibility the variant assumes (0: none).
  int64_t divisibility = 0;
  /// The variant was specialized to this parameter being 1; the variant's
  /// own entry point does not take it.
  bool equalTo1 = false;
  /// The kernel never reads the parameter (KernelParam::used): a null
  /// pointer is fine there.
  bool unused = false;

  bool isPointer() const { return !type.empty() && type[0] == '*'; }
  bool isInteger() const;
  /// A tensor descriptor ("tensordesc<fp16[128, 64]>"): the C caller passes
  /// its base pointer here and its shape and strides in the `2 * rank`
  /// parameters that follow (`<name>_shape<d>` as int32_t,
  /// `<name>_stride<d>` as int64_t, in elements), as Triton's frontend
  /// flattens a TensorDescriptor.
  bool isTensorDesc() const { return llvm::StringRef(type).starts_with("tensordesc<"); }
  /// The rank of a tensor descriptor's block (0 for anything else).
  unsigned getTensorDescRank() const;
  /// The C type of the parameter: CUdeviceptr, int32_t, float, ...
  std::string getCType() const;
  /// A hint that a caller's argument must satisfy for this variant.
  bool isSpecialized() const { return divisibility > 1 || equalTo1; }
};

/// The cubin of one target.
struct TargetBinary {
  /// "sm_90a", "sm_80", ...
  std::string arch;
  /// Compute capability times ten plus minor: 90, 80, 89.
  int computeCapability = 0;
  /// The cubin only runs on exactly this capability (sm_90a).
  bool archSpecific = false;
  int64_t sharedBytes = 0;
  std::string cubin;
  /// Global scratch bytes per program and their alignment (metadata
  /// `global_scratch_size/align`); the launcher allocates them per launch.
  int64_t globalScratchSize = 0;
  int64_t globalScratchAlign = 1;
  /// How this target's kernel takes each tensor-descriptor parameter, in
  /// order: a CUtensorMap the launcher encodes from these parameters (TMA,
  /// sm_90), or, when empty, the base pointer (targets without TMA, where
  /// the compiler rewrote descriptors to pointers).
  std::vector<TensorDescMeta> tensorMaps;
  /// CTAs per program (metadata `num_ctas`): above 1 the launcher launches
  /// clusters of that many CTAs along x, the grid's x scaled by it.
  int64_t numCtas = 1;
  /// Warps a launch of this target's kernel needs (metadata `num_warps`:
  /// the kernel's own, plus the warps of warp-specialized partitions,
  /// ttg.total-num-warps).
  int64_t numWarps = 4;
};

struct Variant {
  /// Prefix of every exported symbol ("" or e.g. "mylib_").
  std::string prefix;
  /// The output name: the C name of the kernel family.
  std::string name;
  /// The kernel's symbol in the cubin.
  std::string kernelName;
  /// 8 hex digits over signature, hints, constants and meta-parameters.
  std::string hash;
  /// Triton's suffix: per parameter its index, then 'd' (divisible) or
  /// 'c' (equal to 1): "0d1d2d3".
  std::string suffix;
  /// Identifies the algo (constants and meta-parameters, not hints): the
  /// variants of one algo differ only in their hints.
  std::string algoKey;
  /// Free text describing the algo's constants ("BLOCK=1024"), if given.
  std::string algoInfo;
  int numWarps = 4;
  int numStages = 3;
  /// Every parameter of the kernel, in order (those specialized to 1 too).
  std::vector<Param> params;
  /// The grid as written, normalized (GridExpr::str()).
  std::array<std::string, 3> grid;
  std::vector<TargetBinary> targets;

  /// `<prefix><name>_<hash>_<suffix>`: the variant's entry point.
  std::string getFunctionName() const {
    return prefix + name + "_" + hash + "_" + suffix;
  }
  /// How many hints a caller's arguments must satisfy.
  unsigned getNumSpecializations() const;
  /// The largest shared memory of any target.
  int64_t getMaxSharedBytes() const;
  /// Whether any parameter is a tensor descriptor.
  bool hasTensorDescs() const;
  /// Whether any target needs global scratch memory.
  bool needsGlobalScratch() const;
};

/// True for a C identifier that is not a C or C++ keyword and not a name
/// the generated code reserves (stream, algo_id, info, anything starting
/// with tt_).
bool isUsableCName(llvm::StringRef name);

} // namespace mlir::triton::aot

#endif // TRITON_AOT_VARIANT_H
