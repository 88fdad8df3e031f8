//===- TensorMap.cpp - encode the CUtensorMap of a descriptor argument ----===//
#include "Runtime/TensorMap.h"

#include <algorithm>
#include <atomic>
#include <cstring>

using namespace triton::runtime;

namespace {

/// One encoded map and what it was encoded from (the encoding parameters
/// by value: a family's metadata may be freed and its address reused).
struct CachedMap {
  int elemType = 0, elemSize = 0, swizzle = 0;
  int64_t box[5] = {};
  uint64_t base = 0;
  int64_t shape[5] = {};
  int64_t strides[5] = {};
  CUtensorMap map;
};

constexpr unsigned kCacheSize = 16;

struct MapCache {
  CachedMap entries[kCacheSize];
  unsigned used = 0;
  unsigned next = 0;
};

thread_local MapCache mapCache;

Status invalid(const std::string &why) {
  return Status(StatusCode::InvalidArgument,
                "tensor descriptor: " + why + ", which TMA cannot address");
}

int getDriverVersion(const CudaDriver &cuda) {
  static std::atomic<int> version{-1};
  int value = version.load(std::memory_order_relaxed);
  if (value < 0) {
    if (cuda.cuDriverGetVersion(&value) != CUDA_SUCCESS)
      value = 0;
    version.store(value, std::memory_order_relaxed);
  }
  return value;
}

} // namespace

Status triton::runtime::encodeTensorMap(const CudaDriver &cuda,
                                        const TensorMapInfo &meta,
                                        uint64_t base, const int64_t *shape,
                                        const int64_t *strides,
                                        CUtensorMap &out) {
  const unsigned rank = unsigned(meta.blockSize.size());
  if (rank < 1 || rank > 5)
    return invalid("rank " + std::to_string(rank));
  const size_t keyBytes = rank * sizeof(int64_t);
  MapCache &cache = mapCache;
  for (unsigned i = 0; i < cache.used; ++i) {
    const CachedMap &entry = cache.entries[i];
    if (entry.base == base && entry.elemType == meta.elemType &&
        entry.elemSize == meta.elemSize && entry.swizzle == meta.swizzle &&
        std::memcmp(entry.box, meta.blockSize.data(), keyBytes) == 0 &&
        std::memcmp(entry.shape, shape, keyBytes) == 0 &&
        std::memcmp(entry.strides, strides, keyBytes) == 0) {
      out = entry.map;
      return Status::success();
    }
  }
  if (base == 0) {
    std::memset(&out, 0, sizeof(out));
    return Status::success();
  }
  if (!cuda.cuTensorMapEncodeTiled)
    return Status(StatusCode::DriverUnavailable,
                  "the CUDA driver has no cuTensorMapEncodeTiled (CUDA 12 or "
                  "newer encodes tensor maps)");
  if (base % 16 != 0)
    return invalid("a base address not 16-byte aligned");
  if (strides[rank - 1] != 1)
    return invalid("a last stride of " + std::to_string(strides[rank - 1]) +
                   " (it must be 1)");
  const int64_t elemSize = meta.elemSize;
  cuuint64_t dims[5] = {}, byteStrides[5] = {};
  cuuint32_t box[5] = {}, elementStrides[5] = {1, 1, 1, 1, 1};
  uint64_t lastByte = 0;
  // The driver takes the innermost dimension first, strides in bytes.
  for (unsigned i = 0; i < rank; ++i) {
    if (shape[i] < 1 || shape[i] > INT32_MAX)
      return invalid("an extent of " + std::to_string(shape[i]));
    dims[rank - 1 - i] = cuuint64_t(shape[i]);
    box[rank - 1 - i] = cuuint32_t(meta.blockSize[i]);
    lastByte += uint64_t(shape[i] - 1) * uint64_t(strides[i]) *
                uint64_t(elemSize);
  }
  for (unsigned i = 0; i + 1 < rank; ++i) {
    if (strides[i] < 1 || strides[i] >= (int64_t(1) << 40) / elemSize ||
        strides[i] * elemSize % 16 != 0)
      return invalid("a stride of " + std::to_string(strides[i]) +
                     " elements of " + std::to_string(elemSize) + " bytes");
    byteStrides[rank - 2 - i] = cuuint64_t(strides[i] * elemSize);
  }
  Status status = cuda.check(
      cuda.cuTensorMapEncodeTiled(
          &out, CUtensorMapDataType(meta.elemType), rank,
          reinterpret_cast<void *>(base), dims, byteStrides, box,
          elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE,
          CUtensorMapSwizzle(meta.swizzle), CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
          CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
      "cuTensorMapEncodeTiled");
  if (!status)
    return status;
  // Drivers up to 13.1 mis-encode tensors spanning less than 128 KiB; as
  // CUTLASS and Triton do, clear bit 21 of the map's second word.
  if (lastByte + 1 < 128 * 1024 && getDriverVersion(cuda) <= 13010)
    reinterpret_cast<cuuint64_t *>(&out)[1] &= ~(cuuint64_t(1) << 21);
  CachedMap &entry = cache.entries[cache.next];
  cache.next = (cache.next + 1) % kCacheSize;
  cache.used = std::min(cache.used + 1, kCacheSize);
  entry.elemType = meta.elemType;
  entry.elemSize = meta.elemSize;
  entry.swizzle = meta.swizzle;
  std::memcpy(entry.box, meta.blockSize.data(), keyBytes);
  entry.base = base;
  std::memcpy(entry.shape, shape, keyBytes);
  std::memcpy(entry.strides, strides, keyBytes);
  entry.map = out;
  return Status::success();
}
