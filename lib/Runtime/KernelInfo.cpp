//===- KernelInfo.cpp - read the launch ABI from <kernel>.json -------------===//
#include "Runtime/KernelInfo.h"

#include "Runtime/Json.h"

#include <algorithm>

using namespace triton::runtime;

unsigned triton::runtime::getParamTypeSize(const std::string &type) {
  if (!type.empty() && type[0] == '*')
    return 8;
  if (type.rfind("tensordesc<", 0) == 0 && type.back() == '>')
    return 128;
  if (type == "i1" || type == "i8" || type == "u1" || type == "u8" ||
      type.rfind("fp8", 0) == 0)
    return 1;
  if (type == "i16" || type == "u16" || type == "fp16" || type == "bf16")
    return 2;
  if (type == "i32" || type == "u32" || type == "fp32")
    return 4;
  if (type == "i64" || type == "u64" || type == "fp64")
    return 8;
  return 0;
}

namespace {

Status missing(const std::string &field, const char *what) {
  return Status(StatusCode::InvalidArgument,
                "kernel metadata: '" + field + "' " + what);
}

/// Reads integer `field` into `out`; absent optional fields keep `out`.
Status readInt(const JsonValue &object, const std::string &field, int64_t &out,
               bool required) {
  const JsonValue *value = object.find(field);
  if (!value)
    return required ? missing(field, "is missing") : Status::success();
  if (!value->isInteger())
    return missing(field, "is not an integer");
  out = value->getInteger();
  return Status::success();
}

Status readBool(const JsonValue &object, const std::string &field,
                bool &out) {
  const JsonValue *value = object.find(field);
  if (!value)
    return Status::success();
  if (value->getKind() != JsonValue::Kind::Bool)
    return missing(field, "is not a boolean");
  out = value->getBool();
  return Status::success();
}

Status readString(const JsonValue &object, const std::string &field,
                  std::string &out, bool required) {
  const JsonValue *value = object.find(field);
  if (!value)
    return required ? missing(field, "is missing") : Status::success();
  if (!value->isString())
    return missing(field, "is not a string");
  out = value->getString();
  return Status::success();
}


/// Gives each tensor-descriptor parameter its `tensordesc_meta` entry, in
/// order, and checks that its shape (i32) and strides (i64) follow it.
Status readTensorMaps(const JsonValue &json,
                      std::vector<KernelParamInfo> &params) {
  const JsonValue *metas = json.find("tensordesc_meta");
  if (metas && !metas->isArray())
    return missing("tensordesc_meta", "is not an array");
  size_t next = 0;
  for (size_t i = 0; i < params.size(); ++i) {
    if (!params[i].isTensorDesc())
      continue;
    std::string where = "tensordesc_meta[" + std::to_string(next) + "]";
    if (!metas || next >= metas->getArray().size())
      return missing(where, ("is missing for params[" + std::to_string(i) +
                             "], a tensor descriptor")
                                .c_str());
    const JsonValue &entry = metas->getArray()[next++];
    TensorMapInfo map;
    int64_t swizzle = 0, elemType = 0, elemSize = 0;
    bool fp4Padded = false;
    Status status;
    if (!entry.isObject())
      return missing(where, "is not an object");
    if (!(status = readInt(entry, "swizzle", swizzle, true)) ||
        !(status = readInt(entry, "elem_type", elemType, true)) ||
        !(status = readInt(entry, "elem_size", elemSize, true)) ||
        !(status = readBool(entry, "fp4_padded", fp4Padded)))
      return status.addContext(where);
    const JsonValue *block = entry.find("block_size");
    if (!block || !block->isArray())
      return missing(where + ".block_size", "is missing or not an array");
    for (const JsonValue &dim : block->getArray()) {
      if (!dim.isInteger() || dim.getInteger() < 1 || dim.getInteger() > 256)
        return missing(where + ".block_size", "holds a box outside [1, 256]");
      map.blockSize.push_back(dim.getInteger());
    }
    if (swizzle < 0 || swizzle > 3 || elemType < 0 || elemType > 15 ||
        (elemSize != 1 && elemSize != 2 && elemSize != 4 && elemSize != 8))
      return missing(where, "has a swizzle, element type or size CUDA does "
                            "not know");
    if (fp4Padded)
      return Status(StatusCode::Unsupported,
                    "kernel metadata: " + where +
                        " is padded fp4 (sm_100), which the runtime does not "
                        "encode");
    size_t rank = map.blockSize.size();
    const std::string &type = params[i].type;
    if (rank < 1 || rank > 5 ||
        size_t(std::count(type.begin(), type.end(), ',')) + 1 != rank)
      return missing(where + ".block_size",
                     ("does not have the rank of '" + type + "'").c_str());
    bool flattened = i + 2 * rank < params.size();
    for (size_t d = 0; flattened && d < 2 * rank; ++d)
      flattened = params[i + 1 + d].type == (d < rank ? "i32" : "i64");
    if (!flattened)
      return missing("params[" + std::to_string(i) + "]",
                     "is a tensor descriptor not followed by its shape (i32) "
                     "and strides (i64)");
    map.swizzle = int(swizzle);
    map.elemType = int(elemType);
    map.elemSize = int(elemSize);
    params[i].tensorMap = std::move(map);
  }
  return Status::success();
}

} // namespace

Result<KernelInfo>
triton::runtime::parseKernelInfo(const std::string &metadataJson) {
  Result<JsonValue> parsed = parseJson(metadataJson);
  if (!parsed)
    return Status(parsed.status()).addContext("kernel metadata");
  const JsonValue &json = *parsed;
  if (!json.isObject())
    return missing("<top>", "is not an object");
  KernelInfo info;
  Status status;
  if (!(status = readString(json, "name", info.name, true)) ||
      !(status = readInt(json, "num_warps", info.numWarps, true)) ||
      !(status = readInt(json, "shared", info.sharedBytes, true)) ||
      !(status = readInt(json, "num_stages", info.numStages, false)) ||
      !(status = readInt(json, "num_ctas", info.numCtas, false)) ||
      !(status = readInt(json, "threads_per_warp", info.threadsPerWarp,
                         false)) ||
      !(status = readInt(json, "global_scratch_size", info.globalScratchSize,
                         false)) ||
      !(status = readInt(json, "global_scratch_align",
                         info.globalScratchAlign, false)) ||
      !(status = readInt(json, "profile_scratch_size",
                         info.profileScratchSize, false)) ||
      !(status = readInt(json, "profile_scratch_align",
                         info.profileScratchAlign, false)) ||
      !(status = readInt(json, "hidden_params", info.hiddenParams, false)) ||
      !(status = readString(json, "target", info.target, false)) ||
      !(status = readString(json, "arch", info.arch, false)))
    return status;
  if (info.numWarps <= 0 || info.threadsPerWarp <= 0 || info.numCtas <= 0)
    return missing("num_warps/threads_per_warp/num_ctas", "must be positive");
  if (info.hiddenParams != 0 && info.hiddenParams != 2)
    return missing("hidden_params", "must be 0 or 2");
  const JsonValue *params = json.find("params");
  if (!params || !params->isArray())
    return missing("params", "is missing or not an array");
  for (const JsonValue &entry : params->getArray()) {
    KernelParamInfo param;
    if (!entry.isObject())
      return missing("params[]", "is not an object");
    if (!(status = readString(entry, "name", param.name, true)) ||
        !(status = readString(entry, "type", param.type, true)) ||
        !(status = readInt(entry, "divisibility", param.divisibility, false)) ||
        !(status = readBool(entry, "unused", param.unused)))
      return status.addContext("params[" +
                               std::to_string(info.params.size()) + "]");
    if (getParamTypeSize(param.type) == 0)
      return missing("params[" + std::to_string(info.params.size()) + "].type",
                     ("has an unknown spelling '" + param.type + "'").c_str());
    info.params.push_back(std::move(param));
  }
  if (!(status = readTensorMaps(json, info.params)))
    return status;
  return info;
}
