//===- Kernel.h - Load a cubin + its metadata and launch it (driver API) --===//
//
// The harness side of the kernel ABI in docs/gpu-testing.md: a cubin's entry
// takes the tt.func arguments in order, then `hidden_params` (2) global
// pointers for the global and profile scratch (null when their sizes are 0);
// block = num_warps * threads_per_warp threads, dynamic shared = "shared".
//
//===----------------------------------------------------------------------===//

#ifndef TEST_GPU_KERNEL_H
#define TEST_GPU_KERNEL_H

#include <cuda.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace gpu_test {

struct Json;

/// A failed CUDA driver call. The context may be unusable afterwards (a
/// fault in a kernel is sticky), so the harness resets it.
struct CudaError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// An argument the cubin was specialized against (an integer or pointer not
/// a multiple of its tt.divisibility): the size is skipped, not failed.
struct SkipCase : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Throws CudaError naming `what` unless `result` is CUDA_SUCCESS.
void checkCuda(CUresult result, const char *what);

/// Device memory, freed when it goes out of scope.
class Buffer {
public:
  explicit Buffer(size_t bytes);
  ~Buffer();
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;

  template <typename T> static Buffer from(const std::vector<T> &host) {
    Buffer buffer(host.size() * sizeof(T));
    buffer.upload(host.data(), host.size() * sizeof(T));
    return buffer;
  }
  template <typename T> std::vector<T> read(size_t count) const {
    std::vector<T> host(count);
    download(host.data(), count * sizeof(T));
    return host;
  }
  /// Sets every byte to `value`.
  void fill(uint8_t value);
  CUdeviceptr ptr() const { return devicePtr; }
  size_t size() const { return bytes; }

  Buffer(Buffer &&other) noexcept : devicePtr(other.devicePtr), bytes(other.bytes) {
    other.devicePtr = 0;
  }

private:
  void upload(const void *src, size_t count);
  void download(void *dst, size_t count) const;
  CUdeviceptr devicePtr = 0;
  size_t bytes = 0;
};

/// One entry of "params".
struct Param {
  std::string name;
  std::string type; // "*fp32", "i32", "fp16", ...
  int64_t divisibility = 0;
  bool isPointer() const { return !type.empty() && type[0] == '*'; }
  /// Bytes of a scalar argument (i1/i8 1, i16/fp16/bf16 2, i32/fp32 4,
  /// i64/fp64 8); throws for an unknown type.
  size_t scalarBytes() const;
};

/// The fields of <kernel>.json the harness uses.
struct KernelMeta {
  std::string name;
  int64_t numWarps = 0, numCtas = 1, threadsPerWarp = 32, shared = 0;
  int64_t globalScratchSize = 0, globalScratchAlign = 1;
  int64_t profileScratchSize = 0, profileScratchAlign = 1;
  int64_t hiddenParams = 0;
  std::vector<Param> params;

  /// Reads the metadata; throws std::runtime_error on missing fields.
  static KernelMeta fromJson(const Json &json);
};

/// One launch argument: a device pointer, an integer or a floating value.
/// It is packed as the matching param's type says.
struct Arg {
  enum class Kind { Pointer, Int, Float };
  Kind kind = Kind::Int;
  CUdeviceptr pointer = 0;
  int64_t integer = 0;
  double real = 0;

  static Arg ptr(const Buffer &buffer);
  static Arg i(int64_t value);
  static Arg f(double value);
};

struct Grid {
  unsigned x = 1, y = 1, z = 1;
};

/// A loaded cubin's entry point.
class Kernel {
public:
  /// Loads `cubinPath` and `jsonPath`; throws on any error.
  Kernel(const std::string &cubinPath, const std::string &jsonPath);
  ~Kernel();
  Kernel(const Kernel &) = delete;
  Kernel &operator=(const Kernel &) = delete;

  const KernelMeta &meta() const { return info; }

  /// Launches on the null stream and waits for it. Throws SkipCase when an
  /// argument breaks a divisibility the cubin assumes, std::runtime_error
  /// when the arguments do not match "params", CudaError when CUDA fails.
  void launch(Grid grid, const std::vector<Arg> &args);

private:
  KernelMeta info;
  CUmodule module = nullptr;
  CUfunction function = nullptr;
};

/// The device the harness runs on, with its primary context current.
class Device {
public:
  Device();
  ~Device();
  std::string name() const;
  /// Destroys and recreates the primary context (after a sticky error).
  void reset();

private:
  CUdevice device = 0;
  CUcontext context = nullptr;
};

} // namespace gpu_test

#endif // TEST_GPU_KERNEL_H
