//===- KernelInfo.cpp - read the launch ABI from <kernel>.json -------------===//
#include "Runtime/KernelInfo.h"

#include "Runtime/Json.h"

using namespace triton::runtime;

unsigned triton::runtime::getParamTypeSize(const std::string &type) {
  if (!type.empty() && type[0] == '*')
    return 8;
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
    if (param.type.rfind("tensordesc", 0) == 0)
      return missing("params[" + std::to_string(info.params.size()) + "].type",
                     ("is a tensor descriptor ('" + param.type +
                      "'): the runtime does not encode CUtensorMaps yet")
                         .c_str());
    if (getParamTypeSize(param.type) == 0)
      return missing("params[" + std::to_string(info.params.size()) + "].type",
                     ("has an unknown spelling '" + param.type + "'").c_str());
    info.params.push_back(std::move(param));
  }
  return info;
}
