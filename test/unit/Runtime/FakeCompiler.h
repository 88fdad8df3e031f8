//===- FakeCompiler.h - a KernelCompiler for tests without MLIR or a GPU --===//
#ifndef TEST_UNIT_RUNTIME_FAKECOMPILER_H
#define TEST_UNIT_RUNTIME_FAKECOMPILER_H

#include "Runtime/KernelCompiler.h"

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

namespace triton::runtime::testing {

/// "Compiles" a source by wrapping it: the cubin is "CUBIN:" + source, the
/// metadata a kernel `k(out_ptr: *fp32, n: i32)` (the source's line
/// "params: ..." replaces the parameter list, its line "meta: ..." adds
/// top-level fields such as tensordesc_meta). A source holding "FAIL"
/// fails; every call sleeps `delayMs` and is counted.
class FakeCompiler : public KernelCompiler {
public:
  explicit FakeCompiler(std::string version = "fake 1", int delayMs = 0)
      : version(std::move(version)), delayMs(delayMs) {}

  Result<CompiledBinary> compile(const CompileJob &job) override {
    ++calls;
    if (delayMs)
      std::this_thread::sleep_for(std::chrono::milliseconds(delayMs));
    if (job.source.find("FAIL") != std::string::npos)
      return Status(StatusCode::CompileError, job.sourceName + ": FAIL found");
    std::string params =
        R"([{"name":"out_ptr","type":"*fp32","divisibility":16},)"
        R"({"name":"n","type":"i32","divisibility":0}])";
    size_t at = job.source.find("params: ");
    if (at != std::string::npos)
      params = job.source.substr(at + 8, job.source.find('\n', at) - at - 8);
    std::string meta;
    at = job.source.find("meta: ");
    if (at != std::string::npos)
      meta = job.source.substr(at + 6, job.source.find('\n', at) - at - 6) +
             ",";
    CompiledBinary binary;
    binary.cubin = "CUBIN:" + job.source;
    binary.metadataJson =
        R"({"name":"k","num_warps":)" + std::to_string(job.numWarps) +
        R"(,"num_stages":)" + std::to_string(job.numStages) +
        R"(,"num_ctas":)" + std::to_string(job.numCtas) +
        R"(,"threads_per_warp":32,"shared":0,)" + meta +
        R"("global_scratch_size":0,"global_scratch_align":1,)"
        R"("profile_scratch_size":0,"profile_scratch_align":1,)"
        R"("hidden_params":2,"target":"cuda:)" +
        std::to_string(job.computeCapability) + R"(","params":)" + params + "}";
    return binary;
  }
  std::string getVersion() const override { return version; }

  std::atomic<int> calls{0};

private:
  std::string version;
  int delayMs;
};

} // namespace triton::runtime::testing

#endif // TEST_UNIT_RUNTIME_FAKECOMPILER_H
