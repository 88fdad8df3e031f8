//===- Arg.cpp - argument kinds, signature checks, divisibility -----------===//
#include "Runtime/Arg.h"

using namespace triton::runtime;

unsigned Arg::getSize() const {
  switch (kind) {
  case Kind::I1:
  case Kind::I8:
  case Kind::U8:
    return 1;
  case Kind::I16:
  case Kind::U16:
  case Kind::F16:
  case Kind::BF16:
    return 2;
  case Kind::I32:
  case Kind::U32:
  case Kind::F32:
    return 4;
  case Kind::Pointer:
  case Kind::TensorDesc:
  case Kind::I64:
  case Kind::U64:
  case Kind::F64:
    return 8;
  }
  return 8;
}

const char *Arg::getTypeName() const {
  switch (kind) {
  case Kind::Pointer:
    return "*";
  case Kind::I1:
    return "i1";
  case Kind::I8:
    return "i8";
  case Kind::I16:
    return "i16";
  case Kind::I32:
    return "i32";
  case Kind::I64:
    return "i64";
  case Kind::U8:
    return "u8";
  case Kind::U16:
    return "u16";
  case Kind::U32:
    return "u32";
  case Kind::U64:
    return "u64";
  case Kind::F16:
    return "fp16";
  case Kind::BF16:
    return "bf16";
  case Kind::F32:
    return "fp32";
  case Kind::F64:
    return "fp64";
  case Kind::TensorDesc:
    return "tensordesc";
  }
  return "?";
}

std::string Arg::toString() const {
  if (isPointer())
    return "ptr";
  if (isTensorDesc())
    return "desc";
  if (isInteger())
    return std::string(getTypeName()) + ":" +
           (kind >= Kind::U8 ? std::to_string(bits)
                             : std::to_string(getInteger()));
  return std::string(getTypeName()) + ":0x" + [&] {
    static const char digits[] = "0123456789abcdef";
    std::string hex;
    for (int shift = int(getSize()) * 8 - 4; shift >= 0; shift -= 4)
      hex += digits[(bits >> shift) & 15];
    return hex;
  }();
}

Status triton::runtime::checkArgs(const std::vector<KernelParamInfo> &params,
                                  const std::vector<Arg> &args) {
  if (params.size() != args.size())
    return Status(StatusCode::InvalidArgument,
                  "the kernel takes " + std::to_string(params.size()) +
                      " arguments, got " + std::to_string(args.size()));
  for (size_t i = 0; i < params.size(); ++i) {
    const KernelParamInfo &param = params[i];
    const Arg &arg = args[i];
    bool matches = param.isPointer()      ? arg.isAddress()
                   : param.isTensorDesc() ? arg.isTensorDesc()
                                          : !arg.isAddress() &&
                                                param.type == arg.getTypeName();
    if (!matches)
      return Status(StatusCode::InvalidArgument,
                    "argument " + std::to_string(i) + " ('" + param.name +
                        "'): the kernel takes " + param.type + ", got " +
                        (arg.isPointer()      ? std::string("a pointer")
                         : arg.isTensorDesc() ? std::string("a tensor descriptor")
                                              : std::string(arg.getTypeName())));
  }
  return Status::success();
}

bool triton::runtime::satisfiesDivisibility(
    const std::vector<KernelParamInfo> &params, const std::vector<Arg> &args) {
  for (size_t i = 0; i < params.size() && i < args.size(); ++i) {
    int64_t divisor = params[i].divisibility;
    if (divisor <= 1)
      continue;
    if (!args[i].isAddress() && !args[i].isInteger())
      continue;
    if (args[i].getBits() % uint64_t(divisor) != 0)
      return false;
  }
  return true;
}
