//===- KernelInfo.h - what the runtime needs from <kernel>.json -*- C++ -*-===//
//
// The launch ABI of a compiled kernel, read from its metadata JSON
// (docs/target.md): the entry's name, its parameters in order (Triton's type
// spellings and tt.divisibility), block size, dynamic shared memory and the
// sizes of the two hidden scratch buffers that trail the parameters.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_RUNTIME_KERNELINFO_H
#define TRITON_RUNTIME_KERNELINFO_H

#include "Runtime/Status.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace triton::runtime {

/// How the CUtensorMap of a tensor-descriptor parameter is encoded (an
/// entry of the metadata's `tensordesc_meta`).
struct TensorMapInfo {
  /// CUtensorMapSwizzle, CUtensorMapDataType, bytes per element.
  int swizzle = 0;
  int elemType = 0;
  int elemSize = 0;
  /// The box of one TMA copy, outermost dimension first.
  std::vector<int64_t> blockSize;
};

/// One kernel parameter.
struct KernelParamInfo {
  std::string name;
  /// "*fp32", "i32", "fp16", ...
  std::string type;
  int64_t divisibility = 0;
  /// The kernel never reads it (metadata "unused"): a null pointer is fine.
  bool unused = false;
  /// For a tensor descriptor ("tensordesc<fp16[128, 64]>"): its map's
  /// encoding. The kernel takes a CUtensorMap here, and the descriptor's
  /// shape (i32) and strides (i64) in the parameters that follow.
  std::optional<TensorMapInfo> tensorMap;

  bool isPointer() const { return !type.empty() && type[0] == '*'; }
  bool isTensorDesc() const { return type.rfind("tensordesc<", 0) == 0; }
};

/// The fields of the metadata the launcher uses.
struct KernelInfo {
  std::string name;
  std::vector<KernelParamInfo> params;
  int64_t numWarps = 4;
  int64_t numStages = 3;
  int64_t numCtas = 1;
  int64_t threadsPerWarp = 32;
  int64_t sharedBytes = 0;
  int64_t globalScratchSize = 0;
  int64_t globalScratchAlign = 1;
  int64_t profileScratchSize = 0;
  int64_t profileScratchAlign = 1;
  int64_t hiddenParams = 2;
  std::string target;
  std::string arch;

  /// Threads per block.
  int64_t getBlockThreads() const { return numWarps * threadsPerWarp; }
};

/// Reads the metadata JSON; names the first missing or ill-typed field.
Result<KernelInfo> parseKernelInfo(const std::string &metadataJson);

/// Bytes a scalar parameter of this spelling takes (1, 2, 4, 8), 8 for a
/// pointer, 128 for a tensor descriptor (its CUtensorMap), 0 for an unknown
/// spelling.
unsigned getParamTypeSize(const std::string &type);

} // namespace triton::runtime

#endif // TRITON_RUNTIME_KERNELINFO_H
