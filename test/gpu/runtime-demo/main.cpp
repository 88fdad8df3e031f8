//===- main.cpp - runtime demo: tune on first call, launch from cache -----===//
//
//   runtime-demo --cache DIR --kernels DIR [--prefill] [--report FILE]
//
// --prefill (only in the build with the compiler, here on the build host):
// compiles every variant of the add and softmax families into DIR and exits.
// Otherwise (on the GPU): loads the families from DIR, calls each kernel on
// ragged sizes -- the first call tunes, the second only launches -- checks
// the results against a host reference in double, and times the first call,
// the cached call, and the cached path's per-launch overhead next to a bare
// cuLaunchKernel of the same function. A second process on the same DIR
// finds the tuning choices on disk and tunes nothing.
// Exit status: 0 ok, 1 wrong results, 2 usage, 3 runtime error, 4 no driver.
//
//===----------------------------------------------------------------------===//
#include "Families.h"

#include "Runtime/CudaDriver.h"
#include "Runtime/Json.h"
#ifdef TRITON_RUNTIME_DEMO_WITH_COMPILER
#include "Runtime/TritonCompilerBackend.h"
#endif

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>

using namespace triton::runtime;

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

/// Ends the program with `code` after printing `status`.
[[noreturn]] void fail(const Status &status, const char *what, int code = 3) {
  std::fprintf(stderr, "runtime-demo: %s: %s\n", what, status.toString().c_str());
  std::exit(status.getCode() == StatusCode::DriverUnavailable ? 4 : code);
}

template <typename T> T check(Result<T> result, const char *what) {
  if (!result)
    fail(result.status(), what);
  return result.take();
}

void check(const Status &status, const char *what) {
  if (!status)
    fail(status, what);
}

/// Device memory through the runtime's driver table (no libcuda link).
struct DeviceBuffer {
  const CudaDriver &cuda;
  CUdeviceptr ptr = 0;
  size_t bytes;
  DeviceBuffer(const CudaDriver &cuda, size_t bytes) : cuda(cuda), bytes(bytes) {
    check(cuda.check(cuda.cuMemAlloc(&ptr, bytes), "cuMemAlloc"), "alloc");
  }
  ~DeviceBuffer() { cuda.cuMemFree(ptr); }
  void upload(const void *host) {
    check(cuda.check(cuda.cuMemcpyHtoD(ptr, host, bytes), "cuMemcpyHtoD"), "upload");
  }
  void download(void *host) {
    check(cuda.check(cuda.cuMemcpyDtoH(host, ptr, bytes), "cuMemcpyDtoH"), "download");
  }
};

struct Report {
  JsonValue json = JsonValue::object();
  bool ok = true;
  void number(const std::string &key, double value) {
    json.set(key, JsonValue::real(value));
    std::printf("  %-44s %.4f\n", key.c_str(), value);
  }
  void integer(const std::string &key, int64_t value) {
    json.set(key, JsonValue::integer(value));
    std::printf("  %-44s %lld\n", key.c_str(), (long long)value);
  }
  void text(const std::string &key, const std::string &value) {
    json.set(key, JsonValue::string(value));
    std::printf("  %-44s %s\n", key.c_str(), value.c_str());
  }
  void result(const std::string &what, double maxError, double tolerance) {
    bool good = maxError <= tolerance;
    ok = ok && good;
    number(what + ".max_error", maxError);
    text(what + ".check", good ? "PASS" : "FAIL");
  }
};

void sync(const CudaDriver &cuda) {
  check(cuda.check(cuda.cuCtxSynchronize(), "cuCtxSynchronize"), "sync");
}

/// Counters of a family into the report.
void reportStats(Report &report, const std::string &name, Family &family) {
  FamilyStats stats = family.getStats();
  report.integer(name + ".variants_compiled", stats.compiled);
  report.integer(name + ".variants_from_cache", stats.cacheHits);
  report.integer(name + ".variants_failed", stats.failed);
  report.integer(name + ".keys_tuned", stats.tunings);
  report.integer(name + ".keys_from_tuning_cache", stats.tuningCacheHits);
}

void runAdd(const CudaDriver &cuda, Family &family, Report &report) {
  std::mt19937 random(7);
  std::uniform_real_distribution<float> values(-4, 4);
  for (int n : {(1 << 22) + 37, 1 << 22}) {
    std::string name = "add.n=" + std::to_string(n);
    std::vector<float> x0(n), y(n), got(n);
    for (int i = 0; i < n; ++i) {
      x0[i] = values(random);
      y[i] = values(random);
    }
    DeviceBuffer x(cuda, n * 4ull), yb(cuda, n * 4ull);
    x.upload(x0.data());
    yb.upload(y.data());
    // In place: x += y. Tuning runs the kernel many times; the result must
    // still be x0 + y once, which it is only if tuning restores x.
    std::vector<Arg> args = {Arg::ptr(x.ptr, x.bytes), Arg::ptr(yb.ptr, yb.bytes),
                             Arg::ptr(x.ptr, x.bytes), Arg::i32(n)};
    auto start = Clock::now();
    check(family.launch(args), "add: first call");
    sync(cuda);
    report.number(name + ".first_call_ms", msSince(start));
    x.download(got.data());
    double error = 0;
    for (int i = 0; i < n; ++i)
      error = std::max(error, std::fabs(double(got[i]) - (double(x0[i]) + y[i])));
    report.result(name + ".after_first_call", error, 1e-5);

    start = Clock::now();
    check(family.launch(args), "add: second call");
    sync(cuda);
    report.number(name + ".cached_call_ms", msSince(start));
    x.download(got.data());
    error = 0;
    for (int i = 0; i < n; ++i)
      error = std::max(error,
                       std::fabs(double(got[i]) - (double(x0[i]) + 2.0 * y[i])));
    report.result(name + ".after_second_call", error, 2e-5);
    LaunchPlan plan = check(family.plan(args), "add: plan");
    report.text(name + ".chosen", family.getSpec().variants[plan.variantIndex].label);
    report.text(name + ".second_call_tuned", plan.tuned ? "yes" : "no");
  }
}

/// Host time per launch: the runtime's cached path vs cuLaunchKernel of the
/// same function with the same parameters.
void runOverhead(const CudaDriver &cuda, Family &family, Report &report) {
  const int n = 4096, launches = 5000;
  DeviceBuffer x(cuda, n * 4ull), y(cuda, n * 4ull);
  check(cuda.check(cuda.cuMemsetD8(x.ptr, 0, x.bytes), "cuMemsetD8"), "memset");
  check(cuda.check(cuda.cuMemsetD8(y.ptr, 0, y.bytes), "cuMemsetD8"), "memset");
  std::vector<Arg> args = {Arg::ptr(x.ptr, x.bytes), Arg::ptr(y.ptr, y.bytes),
                           Arg::ptr(x.ptr, x.bytes), Arg::i32(n)};
  check(family.launch(args), "overhead: tuning call");
  sync(cuda);
  LaunchPlan plan = check(family.plan(args), "overhead: plan");
  // The parameters as the runtime packs them: the arguments, then the two
  // hidden scratch pointers (null: this kernel needs no scratch).
  KernelInfo info = check(family.getKernelInfo(plan.variantIndex), "overhead: info");
  if (info.globalScratchSize || info.profileScratchSize)
    fail(Status(StatusCode::Unsupported, "add kernel with scratch memory"), "overhead");
  uint64_t slots[6] = {x.ptr, y.ptr, x.ptr, uint64_t(n), 0, 0};
  void *params[6];
  for (int i = 0; i < 6; ++i)
    params[i] = &slots[i];
  for (int round = 0; round < 2; ++round) { // the first round warms up
    auto start = Clock::now();
    for (int i = 0; i < launches; ++i)
      check(family.launch(args), "overhead: runtime launch");
    double runtimeUs = msSince(start) * 1000 / launches;
    sync(cuda);
    start = Clock::now();
    for (int i = 0; i < launches; ++i)
      check(cuda.check(cuda.cuLaunchKernel(plan.function, plan.grid.x, plan.grid.y,
                                           plan.grid.z, plan.blockThreads, 1, 1,
                                           plan.sharedBytes, nullptr,
                                           params,
                                           nullptr),
                       "cuLaunchKernel"),
            "overhead: bare launch");
    double bareUs = msSince(start) * 1000 / launches;
    sync(cuda);
    if (round == 1) {
      report.number("overhead.runtime_launch_us", runtimeUs);
      report.number("overhead.bare_cuLaunchKernel_us", bareUs);
      report.number("overhead.difference_us", runtimeUs - bareUs);
      report.text("overhead.variant",
                  family.getSpec().variants[plan.variantIndex].label);
    }
  }
}

void runSoftmax(const CudaDriver &cuda, Family &family, Report &report) {
  const int rows = 4099, cols = 1000;
  std::mt19937 random(11);
  std::uniform_real_distribution<float> values(-8, 8);
  std::vector<float> in(size_t(rows) * cols), got(in.size());
  for (float &v : in)
    v = values(random);
  std::vector<double> expect(in.size());
  for (int r = 0; r < rows; ++r) {
    const float *row = &in[size_t(r) * cols];
    double max = row[0], sum = 0;
    for (int c = 0; c < cols; ++c)
      max = std::max(max, double(row[c]));
    for (int c = 0; c < cols; ++c)
      sum += std::exp(double(row[c]) - max);
    for (int c = 0; c < cols; ++c)
      expect[size_t(r) * cols + c] = std::exp(double(row[c]) - max) / sum;
  }
  DeviceBuffer input(cuda, in.size() * 4), output(cuda, in.size() * 4);
  input.upload(in.data());
  check(cuda.check(cuda.cuMemsetD8(output.ptr, 0, output.bytes), "cuMemsetD8"),
        "memset");
  std::vector<Arg> args = {Arg::ptr(output.ptr, output.bytes), Arg::ptr(input.ptr),
                           Arg::i32(cols),   Arg::i32(cols),
                           Arg::i32(rows),   Arg::i32(cols)};
  for (const char *call : {"first", "cached"}) {
    auto start = Clock::now();
    check(family.launch(args), "softmax launch");
    sync(cuda);
    report.number(std::string("softmax.") + call + "_call_ms", msSince(start));
    output.download(got.data());
    double error = 0;
    for (size_t i = 0; i < got.size(); ++i)
      error = std::max(error, std::fabs(double(got[i]) - expect[i]));
    report.result(std::string("softmax.after_") + call + "_call", error, 1e-6);
  }
  LaunchPlan plan = check(family.plan(args), "softmax: plan");
  report.text("softmax.chosen", family.getSpec().variants[plan.variantIndex].label);
}


/// IEEE half bits of a float that half represents exactly (the inputs), and
/// a half's value.
uint16_t toHalf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  if ((bits & 0x7fffffffu) == 0)
    return uint16_t(bits >> 16);
  int exponent = int((bits >> 23) & 0xff) - 127 + 15;
  return uint16_t(((bits >> 16) & 0x8000u) | (uint32_t(exponent) << 10) |
                  ((bits >> 13) & 0x3ffu));
}

double fromHalf(uint16_t half) {
  int exponent = (half >> 10) & 0x1f, mantissa = half & 0x3ff;
  double value = exponent == 0 ? std::ldexp(double(mantissa), -24)
                 : exponent == 31
                     ? INFINITY
                     : std::ldexp(double(mantissa | 0x400), exponent - 25);
  return (half & 0x8000) ? -value : value;
}

/// The TMA matmul through tensor descriptors at a ragged size: the runtime
/// encodes each CUtensorMap from base, shape and strides. Also the cost of
/// that encoding: cuTensorMapEncodeTiled alone, and the runtime's launch
/// with its maps cached against one that encodes all three.
void runMatmulTma(const CudaDriver &cuda, Family &family, Report &report,
                  bool timings) {
  const std::string name = family.getSpec().name;
  const int M = 1001, N = 1000, K = 1000;
  std::mt19937 random(13);
  std::uniform_int_distribution<int> values(-32, 32);
  std::vector<uint16_t> a(size_t(M) * K), b(size_t(N) * K), c(size_t(M) * N);
  std::vector<float> af(a.size()), bf(b.size());
  for (size_t i = 0; i < a.size(); ++i)
    a[i] = toHalf(af[i] = float(values(random)) / 16);
  for (size_t i = 0; i < b.size(); ++i)
    b[i] = toHalf(bf[i] = float(values(random)) / 16);
  DeviceBuffer da(cuda, a.size() * 2), db(cuda, b.size() * 2),
      dc(cuda, c.size() * 2);
  da.upload(a.data());
  db.upload(b.data());
  check(cuda.check(cuda.cuMemsetD8(dc.ptr, 0, dc.bytes), "cuMemsetD8"), "memset");
  auto descriptor = [](CUdeviceptr base, size_t bytes, int rows, int cols) {
    return std::vector<Arg>{Arg::tensorDesc(base, bytes), Arg::i32(rows),
                            Arg::i32(cols), Arg::i64(cols), Arg::i64(1)};
  };
  auto makeArgs = [&](CUdeviceptr pa, CUdeviceptr pb, CUdeviceptr pc, int m,
                      int n, int k) {
    std::vector<Arg> args = descriptor(pa, da.bytes, m, k);
    for (const Arg &arg : descriptor(pb, db.bytes, n, k))
      args.push_back(arg);
    for (const Arg &arg : descriptor(pc, dc.bytes, m, n))
      args.push_back(arg);
    args.push_back(Arg::i32(m));
    args.push_back(Arg::i32(n));
    args.push_back(Arg::i32(k));
    return args;
  };
  std::vector<Arg> args = makeArgs(da.ptr, db.ptr, dc.ptr, M, N, K);
  for (const char *call : {"first", "cached"}) {
    auto start = Clock::now();
    check(family.launch(args), (name + " launch").c_str());
    sync(cuda);
    report.number(name + "." + call + "_call_ms", msSince(start));
    dc.download(c.data());
    // Every 7th row and the ragged last rows, against double.
    double error = 0;
    for (int r = 0; r < M; ++r) {
      if (r % 7 != 0 && r < M - 9)
        continue;
      for (int col = 0; col < N; ++col) {
        double expect = 0;
        for (int k = 0; k < K; ++k)
          expect += double(af[size_t(r) * K + k]) * bf[size_t(col) * K + k];
        double got = fromHalf(c[size_t(r) * N + col]);
        error = std::max(error, std::fabs(got - expect) /
                                    (1e-3 * std::fabs(expect) + 1e-2));
      }
    }
    // Scaled so that 1 is the f16 output's rounding.
    report.result(name + ".after_" + call + "_call", error, 1.0);
  }
  LaunchPlan plan = check(family.plan(args), (name + ": plan").c_str());
  report.text(name + ".chosen", family.getSpec().variants[plan.variantIndex].label);
  if (!timings)
    return;

  // The encoding alone.
  if (cuda.cuTensorMapEncodeTiled) {
    cuuint64_t dims[2] = {cuuint64_t(K), cuuint64_t(M)},
               strides[1] = {cuuint64_t(K) * 2};
    cuuint32_t box[2] = {64, 128}, elementStrides[2] = {1, 1};
    CUtensorMap map;
    const int encodes = 20000;
    auto start = Clock::now();
    for (int i = 0; i < encodes; ++i)
      check(cuda.check(cuda.cuTensorMapEncodeTiled(
                           &map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2,
                           reinterpret_cast<void *>(da.ptr + 16 * (i % 64)),
                           dims, strides, box, elementStrides,
                           CU_TENSOR_MAP_INTERLEAVE_NONE,
                           CU_TENSOR_MAP_SWIZZLE_128B,
                           CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                           CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
                       "cuTensorMapEncodeTiled"),
            "encode");
    report.number("matmul_tma.cuTensorMapEncodeTiled_us",
                  msSince(start) * 1000 / encodes);
  }
  // Launches of one 128x256 tile, K = 64: maps cached (same arguments) or
  // all three encoded (the bases cycle through more than the cache holds).
  const int launches = 4000, bases = 32;
  std::vector<std::vector<Arg>> cycling;
  for (int i = 0; i < bases; ++i)
    cycling.push_back(makeArgs(da.ptr + 16 * i, db.ptr + 16 * i, dc.ptr + 16 * i,
                               128, 256, 64));
  for (int round = 0; round < 2; ++round) { // the first round warms up
    auto start = Clock::now();
    for (int i = 0; i < launches; ++i)
      check(family.launch(cycling[0]), "matmul_tma: cached launch");
    double cachedUs = msSince(start) * 1000 / launches;
    sync(cuda);
    start = Clock::now();
    for (int i = 0; i < launches; ++i)
      check(family.launch(cycling[i % bases]), "matmul_tma: encoding launch");
    double encodingUs = msSince(start) * 1000 / launches;
    sync(cuda);
    if (round == 1) {
      report.number("matmul_tma.launch_maps_cached_us", cachedUs);
      report.number("matmul_tma.launch_3_maps_encoded_us", encodingUs);
    }
  }
}
} // namespace

int main(int argc, char **argv) {
  std::string cacheDir, kernelDir, reportPath;
  bool prefill = false;
  int capability = 0;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "runtime-demo: %s needs a value\n", arg.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (arg == "--cache")
      cacheDir = value();
    else if (arg == "--kernels")
      kernelDir = value();
    else if (arg == "--report")
      reportPath = value();
    else if (arg == "--prefill")
      prefill = true;
    else if (arg == "--target")
      capability = std::atoi(value().c_str());
    else {
      std::fprintf(stderr, "usage: runtime-demo --cache DIR --kernels DIR "
                           "[--prefill [--target 90]] [--report FILE]\n");
      return 2;
    }
  }
  if (cacheDir.empty() || kernelDir.empty()) {
    std::fprintf(stderr, "runtime-demo: --cache and --kernels are required\n");
    return 2;
  }
  RuntimeOptions options;
  options.cacheDir = cacheDir;
  options.computeCapability = capability;
#ifdef TRITON_RUNTIME_DEMO_WITH_COMPILER
  options.compiler = createTritonCompiler();
#else
  if (prefill) {
    std::fprintf(stderr, "runtime-demo: this build has no compiler (cache-only); "
                         "prefill with the build of the main tree\n");
    return 2;
  }
#endif
  auto processStart = Clock::now();
  Runtime runtime(options);
  std::printf("runtime-demo: cache %s, %s, target cuda:%d\n",
              runtime.getCacheDirectory().c_str(),
              runtime.hasCompiler() ? "with compiler" : "cache-only",
              runtime.getComputeCapability());
  std::shared_ptr<Family> add =
      check(runtime.load(check(demo::makeAddFamily(kernelDir), "add family")),
            "load add");
  std::shared_ptr<Family> softmax =
      check(runtime.load(check(demo::makeSoftmaxFamily(kernelDir), "softmax family")),
            "load softmax");
  std::shared_ptr<Family> matmulTma = check(
      runtime.load(check(demo::makeMatmulTmaFamily(kernelDir), "matmul_tma family")),
      "load matmul_tma");
  std::shared_ptr<Family> matmulCluster =
      check(runtime.load(check(demo::makeMatmulTmaFamily(kernelDir, 2),
                               "matmul_tma_cluster2 family")),
            "load matmul_tma_cluster2");
  Report report;
  if (prefill) {
    int bad = 0;
    for (auto &family : {add, softmax, matmulTma, matmulCluster}) {
      std::vector<Status> statuses = family->getVariantStatuses();
      for (size_t i = 0; i < statuses.size(); ++i) {
        std::printf("  %-8s %-28s %s\n", family->getSpec().name.c_str(),
                    family->getSpec().variants[i].label.c_str(),
                    statuses[i].toString().c_str());
        bad += !statuses[i];
      }
      reportStats(report, family->getSpec().name, *family);
    }
    report.number("prefill_ms", msSince(processStart));
    std::printf("runtime-demo: prefill %s\n", bad ? "FAILED" : "done");
    return bad ? 3 : 0;
  }

  // Everything up to here needs no GPU: the variants come from the cache.
  Status addReady = add->wait(), softmaxReady = softmax->wait(),
         matmulTmaReady = matmulTma->wait(),
         matmulClusterReady = matmulCluster->wait();
  report.number("variants_ready_ms", msSince(processStart));
  for (auto &family : {add, softmax, matmulTma, matmulCluster})
    for (const Status &status : family->getVariantStatuses())
      if (!status)
        std::printf("  %s: %s\n", family->getSpec().name.c_str(),
                    status.toString().c_str());
  check(addReady, "add variants");
  check(softmaxReady, "softmax variants");
  check(matmulTmaReady, "matmul_tma variants");
  check(matmulClusterReady, "matmul_tma_cluster2 variants");
  reportStats(report, "add.loaded", *add);
  reportStats(report, "softmax.loaded", *softmax);
  reportStats(report, "matmul_tma.loaded", *matmulTma);

  // The GPU part.
  const CudaDriver &cuda = *check(getCudaDriver(), "CUDA driver");
  CUdevice device;
  CUcontext context;
  check(cuda.check(cuda.cuDeviceGet(&device, 0), "cuDeviceGet"), "device");
  check(cuda.check(cuda.cuDevicePrimaryCtxRetain(&context, device),
                   "cuDevicePrimaryCtxRetain"),
        "context");
  check(cuda.check(cuda.cuCtxSetCurrent(context), "cuCtxSetCurrent"), "context");
  char name[128] = {0};
  cuda.cuDeviceGetName(name, sizeof(name) - 1, device);
  report.text("device", name);
  runAdd(cuda, *add, report);
  runSoftmax(cuda, *softmax, report);
  runOverhead(cuda, *add, report);
  runMatmulTma(cuda, *matmulTma, report, /*timings=*/true);
  runMatmulTma(cuda, *matmulCluster, report, /*timings=*/false);
  reportStats(report, "add", *add);
  reportStats(report, "softmax", *softmax);
  reportStats(report, "matmul_tma", *matmulTma);
  reportStats(report, "matmul_tma_cluster2", *matmulCluster);
  report.number("process_ms", msSince(processStart));
  report.text("result", report.ok ? "PASS" : "FAIL");
  if (!reportPath.empty())
    std::ofstream(reportPath) << report.json.print() << "\n";
  return report.ok ? 0 : 1;
}
