//===- Tuner.cpp - benchmark the candidate variants on the real arguments -===//
//
// As Triton's autotuner with do_bench: every candidate runs a few warm-up
// launches, then timed launches (CUDA events around the launch alone) until
// a time budget or a count is reached; the median decides. The buffers the
// family declares written are copied aside first and restored before every
// launch and once at the end, so tuning leaves no trace in the outputs.
//
//===----------------------------------------------------------------------===//
#include "FamilyImpl.h"

#include <algorithm>
#include <cstdio>

using namespace triton::runtime;

namespace {

/// The saved copy of one written buffer.
struct SavedBuffer {
  CUdeviceptr original = 0;
  CUdeviceptr copy = 0;
  size_t bytes = 0;
};

/// Frees what benchmarking allocated, on every path out.
struct BenchResources {
  const CudaDriver &cuda;
  std::vector<SavedBuffer> saved;
  CUevent start = nullptr, stop = nullptr;
  explicit BenchResources(const CudaDriver &cuda) : cuda(cuda) {}
  ~BenchResources() {
    for (SavedBuffer &buffer : saved)
      if (buffer.copy)
        cuda.cuMemFree(buffer.copy);
    if (start)
      cuda.cuEventDestroy(start);
    if (stop)
      cuda.cuEventDestroy(stop);
  }
};

} // namespace

Result<int> FamilyImpl::benchmark(ContextState &context,
                                  const std::vector<int> &candidates,
                                  const std::vector<Arg> &args, CUstream stream,
                                  const CudaDriver &cuda, std::string &report) {
  BenchResources resources(cuda);
  Status status;
  for (int index : writeParams) {
    const Arg &arg = args[index];
    if (arg.getByteSize() == 0)
      return Status(StatusCode::InvalidArgument,
                    "family '" + spec.name + "': argument '" +
                        signature[index].name +
                        "' is written by the kernel, so tuning must restore "
                        "it: pass its byte size (Arg::ptr(address, bytes))");
    SavedBuffer buffer;
    buffer.original = arg.getBits();
    buffer.bytes = arg.getByteSize();
    if (!(status = cuda.check(cuda.cuMemAlloc(&buffer.copy, buffer.bytes),
                              "cuMemAlloc(tuning copy)")))
      return status;
    resources.saved.push_back(buffer);
    if (!(status = cuda.check(cuda.cuMemcpyDtoDAsync(buffer.copy, buffer.original,
                                                     buffer.bytes, stream),
                              "cuMemcpyDtoDAsync(save)")))
      return status;
  }
  auto restore = [&]() {
    for (const SavedBuffer &buffer : resources.saved) {
      Status copied = cuda.check(
          cuda.cuMemcpyDtoDAsync(buffer.original, buffer.copy, buffer.bytes,
                                 stream),
          "cuMemcpyDtoDAsync(restore)");
      if (!copied)
        return copied;
    }
    return Status::success();
  };
  if (!(status = cuda.check(cuda.cuEventCreate(&resources.start, CU_EVENT_DEFAULT),
                            "cuEventCreate")) ||
      !(status = cuda.check(cuda.cuEventCreate(&resources.stop, CU_EVENT_DEFAULT),
                            "cuEventCreate")))
    return status;

  const BenchOptions &bench = spec.bench;
  int best = -1;
  double bestMs = 0;
  for (int index : candidates) {
    const std::string &label = spec.variants[index].label;
    Result<LaunchGrid> grid = computeGrid(args, index);
    Status run = grid ? loadModule(context, index, cuda) : grid.status();
    // One launch, restored first; timed when `elapsed` is given.
    auto launchOnce = [&](float *elapsed) {
      Status s = restore();
      if (s && elapsed)
        s = cuda.check(cuda.cuEventRecord(resources.start, stream),
                       "cuEventRecord");
      if (s)
        s = launchVariant(context.functions[index], index, *grid, args, stream,
                          cuda);
      if (s && elapsed) {
        if ((s = cuda.check(cuda.cuEventRecord(resources.stop, stream),
                            "cuEventRecord")) &&
            (s = cuda.check(cuda.cuEventSynchronize(resources.stop),
                            "cuEventSynchronize")))
          s = cuda.check(
              cuda.cuEventElapsedTime(elapsed, resources.start, resources.stop),
              "cuEventElapsedTime");
      }
      return s;
    };
    for (int i = 0; run && i < bench.warmupRuns; ++i)
      run = launchOnce(nullptr);
    std::vector<float> times;
    double total = 0;
    while (run && (int(times.size()) < bench.minRuns ||
                   (total < bench.budgetMs && int(times.size()) < bench.maxRuns))) {
      float ms = 0;
      run = launchOnce(&ms);
      times.push_back(ms);
      total += ms;
    }
    if (!run) {
      report += label + ": failed: " + run.message() + "\n";
      continue;
    }
    std::sort(times.begin(), times.end());
    double median = times.size() % 2
                        ? times[times.size() / 2]
                        : (times[times.size() / 2 - 1] + times[times.size() / 2]) / 2;
    char line[256];
    std::snprintf(line, sizeof(line), "%s: %.4f ms median of %zu runs\n",
                  label.c_str(), median, times.size());
    report += line;
    if (best < 0 || median < bestMs) {
      best = index;
      bestMs = median;
    }
  }
  Status restored = restore();
  if (restored)
    restored = cuda.check(cuda.cuStreamSynchronize(stream), "cuStreamSynchronize");
  if (!restored)
    return restored.addContext("family '" + spec.name + "': restoring after tuning");
  if (best < 0)
    return Status(StatusCode::CudaError,
                  "family '" + spec.name + "': no candidate ran:\n" + report);
  return best;
}
