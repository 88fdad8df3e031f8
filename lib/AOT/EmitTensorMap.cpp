//===- EmitTensorMap.cpp - CUtensorMap encoding in AOT launchers ----------===//
#include "EmitTensorMap.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir::triton::aot;

namespace {

constexpr const char *kTensorMapType = R"c(
/* How the CUtensorMap of one tensor-descriptor parameter is encoded (the
 * kernel's tensordesc_meta): CUtensorMapDataType, element bytes,
 * CUtensorMapSwizzle, rank and box, the box's innermost dimension first. */
typedef struct tt_tensor_map {
  int elem_type;
  int elem_size;
  int swizzle;
  unsigned int rank;
  cuuint32_t box[5];
} tt_tensor_map;
)c";

constexpr const char *kTensorMapEncoder = R"c(
/* The last maps encoded for one parameter on one thread. */
#define TT_MAP_CACHE_SIZE 4
typedef struct tt_map_entry {
  const tt_tensor_map *meta;
  CUdeviceptr base;
  int64_t shape[5];
  int64_t strides[5];
  CUtensorMap map;
} tt_map_entry;

typedef struct tt_map_cache {
  tt_map_entry entries[TT_MAP_CACHE_SIZE];
  unsigned int used;
  unsigned int next;
} tt_map_cache;

/* The driver's version, read once (0 when it cannot be read). */
static int tt_driver_version(void) {
  static int version = -1;
  int value = __atomic_load_n(&version, __ATOMIC_RELAXED);
  if (value < 0) {
    if (cuDriverGetVersion(&value) != CUDA_SUCCESS)
      value = 0;
    __atomic_store_n(&version, value, __ATOMIC_RELAXED);
  }
  return value;
}

/* The CUtensorMap of a descriptor over `base` with `shape` and `strides`
 * (in elements, outermost dimension first, as a TensorDescriptor holds
 * them), encoded as Triton's launcher does: zero fill, no interleave,
 * 128-byte L2 promotion. What TMA cannot address is refused with
 * CUDA_ERROR_INVALID_VALUE before the driver sees it: a base that is not
 * 16-byte aligned, an extent outside [1, 2^31 - 1] (the kernel takes the
 * shape as int32), a last stride other than 1, or another stride that is
 * not a positive multiple of 16 bytes below 2^40. A null base (a parameter
 * the kernel never reads) gives a zero map. */
static CUresult tt_encode_tensor_map(CUtensorMap *out, tt_map_cache *cache,
                                     const tt_tensor_map *meta,
                                     CUdeviceptr base, const int64_t *shape,
                                     const int64_t *strides) {
  cuuint64_t dims[5] = {0}, byte_strides[5] = {0};
  cuuint32_t element_strides[5] = {1, 1, 1, 1, 1};
  const unsigned int rank = meta->rank;
  const int64_t elem_size = meta->elem_size;
  uint64_t last_byte = 0;
  unsigned int i;
  tt_map_entry *entry;
  CUresult result;
  for (i = 0; i < cache->used; ++i) {
    entry = &cache->entries[i];
    if (entry->meta == meta && entry->base == base &&
        memcmp(entry->shape, shape, rank * sizeof(int64_t)) == 0 &&
        memcmp(entry->strides, strides, rank * sizeof(int64_t)) == 0) {
      *out = entry->map;
      return CUDA_SUCCESS;
    }
  }
  if (base == 0) {
    memset(out, 0, sizeof(*out));
    return CUDA_SUCCESS;
  }
  if (base % 16 != 0 || strides[rank - 1] != 1)
    return CUDA_ERROR_INVALID_VALUE;
  /* The driver takes the innermost dimension first, strides in bytes. */
  for (i = 0; i < rank; ++i) {
    if (shape[i] < 1 || shape[i] > 2147483647)
      return CUDA_ERROR_INVALID_VALUE;
    dims[rank - 1 - i] = (cuuint64_t)shape[i];
    last_byte += (uint64_t)(shape[i] - 1) * (uint64_t)strides[i] *
                 (uint64_t)elem_size;
  }
  for (i = 0; i + 1 < rank; ++i) {
    if (strides[i] < 1 || strides[i] >= ((int64_t)1 << 40) / elem_size ||
        strides[i] * elem_size % 16 != 0)
      return CUDA_ERROR_INVALID_VALUE;
    byte_strides[rank - 2 - i] = (cuuint64_t)(strides[i] * elem_size);
  }
  result = cuTensorMapEncodeTiled(
      out, (CUtensorMapDataType)meta->elem_type, rank, (void *)base, dims,
      byte_strides, meta->box, element_strides, CU_TENSOR_MAP_INTERLEAVE_NONE,
      (CUtensorMapSwizzle)meta->swizzle, CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (result != CUDA_SUCCESS)
    return result;
  /* Drivers up to 13.1 mis-encode tensors spanning less than 128 KiB; as
   * CUTLASS and Triton do, clear bit 21 of the map's second word. */
  if (last_byte + 1 < 128 * 1024 && tt_driver_version() <= 13010)
    ((cuuint64_t *)out)[1] &= ~((cuuint64_t)1 << 21);
  entry = &cache->entries[cache->next];
  cache->next = (cache->next + 1) % TT_MAP_CACHE_SIZE;
  if (cache->used < TT_MAP_CACHE_SIZE)
    ++cache->used;
  entry->meta = meta;
  entry->base = base;
  memcpy(entry->shape, shape, rank * sizeof(int64_t));
  memcpy(entry->strides, strides, rank * sizeof(int64_t));
  entry->map = *out;
  return CUDA_SUCCESS;
}
)c";

} // namespace

std::string mlir::triton::aot::getTensorMapHelpersC(bool withEncoder) {
  std::string text = kTensorMapType;
  if (withEncoder)
    text += kTensorMapEncoder;
  return text;
}

std::string mlir::triton::aot::formatTensorMapTable(const TargetBinary &target,
                                                    unsigned index) {
  if (target.tensorMaps.empty())
    return "";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "/* " << target.arch << ": the CUtensorMaps of its descriptor "
     << "parameters. */\nstatic const tt_tensor_map tt_maps_" << index
     << "[] = {\n";
  for (const TensorDescMeta &meta : target.tensorMaps) {
    os << "    {" << meta.elemType << ", " << meta.elemSize << ", "
       << meta.swizzle << ", " << meta.blockSize.size() << ", {";
    for (size_t d = meta.blockSize.size(); d-- > 0;)
      os << meta.blockSize[d] << (d ? ", " : "");
    os << "}},\n";
  }
  os << "};\n\n";
  return text;
}

std::string mlir::triton::aot::formatTensorMapSetup(const Variant &variant) {
  if (!variant.hasTensorDescs())
    return "";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "  if (tt_entry->binary->maps != NULL) {\n"
     << "    /* Each thread keeps the last maps of each parameter. */\n";
  unsigned map = 0, slot = 0;
  const std::vector<Param> &params = variant.params;
  auto value = [&](const Param &param) {
    return param.equalTo1 ? std::string("1") : param.name;
  };
  for (size_t i = 0; i < params.size(); ++i) {
    const Param &param = params[i];
    unsigned rank = param.getTensorDescRank();
    if (rank == 0) {
      slot += param.equalTo1 ? 0 : 1;
      continue;
    }
    os << "    {\n      static __thread tt_map_cache tt_cache;\n"
       << "      const int64_t tt_shape[" << rank << "] = {";
    for (unsigned d = 0; d < rank; ++d)
      os << (d ? ", " : "") << value(params[i + 1 + d]);
    os << "};\n      const int64_t tt_strides[" << rank << "] = {";
    for (unsigned d = 0; d < rank; ++d)
      os << (d ? ", " : "") << value(params[i + 1 + rank + d]);
    os << "};\n      tt_result = tt_encode_tensor_map(&tt_map_" << map
       << ", &tt_cache, &tt_entry->binary->maps[" << map << "], "
       << param.name << ", tt_shape, tt_strides);\n"
       << "      if (tt_result != CUDA_SUCCESS)\n"
       << "        return tt_result; /* not an addressable tensor */\n"
       << "      tt_params[" << slot << "] = &tt_map_" << map << ";\n    }\n";
    ++map;
    ++slot;
  }
  os << "  }\n";
  return text;
}
