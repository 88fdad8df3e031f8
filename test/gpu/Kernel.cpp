//===- Kernel.cpp - Load a cubin + its metadata and launch it -------------===//

#include "Kernel.h"

#include "Half.h"
#include "Json.h"

#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>

namespace gpu_test {

void checkCuda(CUresult result, const char *what) {
  if (result == CUDA_SUCCESS)
    return;
  const char *name = nullptr, *text = nullptr;
  cuGetErrorName(result, &name);
  cuGetErrorString(result, &text);
  throw CudaError(std::string(what) + " failed: " + (name ? name : "?") + " (" +
                  (text ? text : "unknown error") + ")");
}

//===----------------------------------------------------------------------===//
// Buffer
//===----------------------------------------------------------------------===//

Buffer::Buffer(size_t size) : bytes(size) {
  // cuMemAlloc refuses 0 bytes; 256-byte alignment covers any divisibility.
  checkCuda(cuMemAlloc(&devicePtr, size ? size : 16), "cuMemAlloc");
}

Buffer::~Buffer() {
  if (devicePtr)
    cuMemFree(devicePtr); // errors ignored: the context may be gone
}

void Buffer::fill(uint8_t value) {
  checkCuda(cuMemsetD8(devicePtr, value, bytes), "cuMemsetD8");
}

void Buffer::upload(const void *src, size_t count) {
  if (count)
    checkCuda(cuMemcpyHtoD(devicePtr, src, count), "cuMemcpyHtoD");
}

void Buffer::download(void *dst, size_t count) const {
  if (count > bytes)
    throw std::runtime_error("Buffer::read past the end");
  if (count)
    checkCuda(cuMemcpyDtoH(dst, devicePtr, count), "cuMemcpyDtoH");
}

//===----------------------------------------------------------------------===//
// Metadata
//===----------------------------------------------------------------------===//

size_t Param::scalarBytes() const {
  if (type == "i1" || type == "i8" || type == "u8")
    return 1;
  if (type == "i16" || type == "u16" || type == "fp16" || type == "bf16")
    return 2;
  if (type == "i32" || type == "u32" || type == "fp32")
    return 4;
  if (type == "i64" || type == "u64" || type == "fp64")
    return 8;
  throw std::runtime_error("param '" + name + "': unknown scalar type '" + type + "'");
}

KernelMeta KernelMeta::fromJson(const Json &json) {
  KernelMeta meta;
  meta.name = json.at("name").asString();
  meta.numWarps = json.at("num_warps").asInt();
  meta.numCtas = json.at("num_ctas").asInt();
  meta.threadsPerWarp = json.at("threads_per_warp").asInt();
  meta.shared = json.at("shared").asInt();
  meta.globalScratchSize = json.at("global_scratch_size").asInt();
  meta.globalScratchAlign = json.at("global_scratch_align").asInt();
  meta.profileScratchSize = json.at("profile_scratch_size").asInt();
  meta.profileScratchAlign = json.at("profile_scratch_align").asInt();
  meta.hiddenParams = json.at("hidden_params").asInt();
  for (const Json &p : json.at("params").array) {
    Param param;
    param.name = p.at("name").asString();
    param.type = p.at("type").asString();
    param.divisibility = p.at("divisibility").asInt();
    meta.params.push_back(param);
  }
  return meta;
}

Arg Arg::ptr(const Buffer &buffer) {
  Arg arg;
  arg.kind = Kind::Pointer;
  arg.pointer = buffer.ptr();
  return arg;
}

Arg Arg::i(int64_t value) {
  Arg arg;
  arg.kind = Kind::Int;
  arg.integer = value;
  return arg;
}

Arg Arg::f(double value) {
  Arg arg;
  arg.kind = Kind::Float;
  arg.real = value;
  return arg;
}

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

Kernel::Kernel(const std::string &cubinPath, const std::string &jsonPath)
    : info(KernelMeta::fromJson(readJsonFile(jsonPath))) {
  std::ifstream in(cubinPath, std::ios::binary);
  if (!in)
    throw std::runtime_error("cannot read " + cubinPath);
  std::stringstream image;
  image << in.rdbuf();
  std::string bytes = image.str();
  checkCuda(cuModuleLoadData(&module, bytes.data()), "cuModuleLoadData");
  checkCuda(cuModuleGetFunction(&function, module, info.name.c_str()),
            ("cuModuleGetFunction(" + info.name + ")").c_str());
  if (info.shared > 48 * 1024)
    checkCuda(cuFuncSetAttribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                 static_cast<int>(info.shared)),
              "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)");
}

Kernel::~Kernel() {
  if (module)
    cuModuleUnload(module); // errors ignored: the context may be gone
}

namespace {

/// Writes `arg` into `slot` as `param`'s type; throws on a kind mismatch or
/// a value the specialization excludes.
void pack(const Param &param, const Arg &arg, uint64_t &slot) {
  slot = 0;
  if (param.isPointer()) {
    if (arg.kind != Arg::Kind::Pointer)
      throw std::runtime_error("param '" + param.name + "' is a pointer");
    if (param.divisibility > 1 && arg.pointer % param.divisibility)
      throw SkipCase("pointer '" + param.name + "' is not aligned to its divisibility");
    slot = arg.pointer;
    return;
  }
  size_t bytes = param.scalarBytes();
  bool isFloat = param.type[0] == 'f' || param.type[0] == 'b';
  if (isFloat != (arg.kind == Arg::Kind::Float) || arg.kind == Arg::Kind::Pointer)
    throw std::runtime_error("param '" + param.name + "' has type " + param.type +
                             ", the test passes another kind of value");
  if (!isFloat) {
    if (param.divisibility > 1 && arg.integer % param.divisibility)
      throw SkipCase(param.name + "=" + std::to_string(arg.integer) +
                     " is not a multiple of " + std::to_string(param.divisibility) +
                     " (the cubin's tt.divisibility)");
    std::memcpy(&slot, &arg.integer, bytes); // little endian: the low bytes
    return;
  }
  if (param.type == "fp64") {
    std::memcpy(&slot, &arg.real, 8);
  } else if (param.type == "fp32") {
    float value = static_cast<float>(arg.real);
    std::memcpy(&slot, &value, 4);
  } else {
    float value = static_cast<float>(arg.real);
    uint16_t bits = param.type == "fp16" ? halfFromFloat(value) : bf16FromFloat(value);
    std::memcpy(&slot, &bits, 2);
  }
}

} // namespace

void Kernel::launch(Grid grid, const std::vector<Arg> &args) {
  if (args.size() != info.params.size())
    throw std::runtime_error(info.name + " takes " + std::to_string(info.params.size()) +
                             " params, the test passes " + std::to_string(args.size()));
  if (info.numCtas != 1)
    throw std::runtime_error("num_ctas > 1 needs a cluster launch, not supported here");
  if (info.hiddenParams != 2)
    throw std::runtime_error("expected 2 hidden params (global, profile scratch), got " +
                             std::to_string(info.hiddenParams));
  std::vector<uint64_t> slots(args.size() + 2);
  std::vector<void *> pointers(slots.size());
  for (size_t i = 0; i < args.size(); ++i)
    pack(info.params[i], args[i], slots[i]);

  // Scratch is per program, as Triton's launcher allocates it.
  size_t programs = size_t(grid.x) * grid.y * grid.z * info.numCtas;
  std::vector<std::unique_ptr<Buffer>> scratch;
  int64_t sizes[2] = {info.globalScratchSize, info.profileScratchSize};
  for (size_t i = 0; i < 2; ++i) {
    if (sizes[i] <= 0)
      continue; // slots are zero: a null pointer
    scratch.push_back(std::make_unique<Buffer>(size_t(sizes[i]) * programs));
    slots[args.size() + i] = scratch.back()->ptr();
  }
  for (size_t i = 0; i < slots.size(); ++i)
    pointers[i] = &slots[i];

  unsigned threads = static_cast<unsigned>(info.numWarps * info.threadsPerWarp);
  checkCuda(cuLaunchKernel(function, grid.x, grid.y, grid.z, threads, 1, 1,
                           static_cast<unsigned>(info.shared), nullptr, pointers.data(),
                           nullptr),
            ("cuLaunchKernel(" + info.name + ")").c_str());
  checkCuda(cuCtxSynchronize(), ("running " + info.name).c_str());
}

//===----------------------------------------------------------------------===//
// Device
//===----------------------------------------------------------------------===//

Device::Device() {
  checkCuda(cuInit(0), "cuInit");
  checkCuda(cuDeviceGet(&device, 0), "cuDeviceGet");
  checkCuda(cuDevicePrimaryCtxRetain(&context, device), "cuDevicePrimaryCtxRetain");
  checkCuda(cuCtxSetCurrent(context), "cuCtxSetCurrent");
}

Device::~Device() { cuDevicePrimaryCtxRelease(device); }

std::string Device::name() const {
  char buffer[256] = {0};
  checkCuda(cuDeviceGetName(buffer, sizeof(buffer) - 1, device), "cuDeviceGetName");
  return buffer;
}

void Device::reset() {
  cuDevicePrimaryCtxRelease(device);
  checkCuda(cuDevicePrimaryCtxReset(device), "cuDevicePrimaryCtxReset");
  checkCuda(cuDevicePrimaryCtxRetain(&context, device), "cuDevicePrimaryCtxRetain");
  checkCuda(cuCtxSetCurrent(context), "cuCtxSetCurrent");
}

} // namespace gpu_test
