//===- TensorMap.h - CUtensorMaps for tensor-descriptor arguments -*- C++ -*-===//
//
// A kernel compiled for TMA takes each `!tt.tensordesc` argument as a
// 128-byte CUtensorMap by value, followed by the descriptor's shape (i32)
// and strides (i64), as Triton's frontend flattens a TensorDescriptor. The
// caller passes Arg::tensorDesc(base) and those shape and stride arguments;
// the runtime encodes the map from them and the kernel's `tensordesc_meta`,
// as Triton's launcher does (triton-aot's launchers do the same in C).
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_RUNTIME_TENSORMAP_H
#define TRITON_RUNTIME_TENSORMAP_H

#include "Runtime/CudaDriver.h"
#include "Runtime/KernelInfo.h"

#include <cuda.h>
#include <cstdint>

namespace triton::runtime {

/// The map of a descriptor over `base` with `shape` and `strides` (`rank`
/// of each, in elements, outermost first): zero fill, no interleave,
/// 128-byte L2 promotion. What TMA cannot address is an InvalidArgument
/// naming the reason: a base not 16-byte aligned, an extent outside
/// [1, 2^31 - 1], a last stride other than 1, another stride not a positive
/// multiple of 16 bytes below 2^40. A null base gives a zero map. Each
/// thread keeps its last 16 maps, so a repeated launch does not encode
/// again; nothing is allocated.
Status encodeTensorMap(const CudaDriver &cuda, const TensorMapInfo &meta,
                       uint64_t base, const int64_t *shape,
                       const int64_t *strides, CUtensorMap &out);

} // namespace triton::runtime

#endif // TRITON_RUNTIME_TENSORMAP_H
