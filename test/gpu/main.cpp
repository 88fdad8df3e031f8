//===- main.cpp - Run the kernel tests over a directory of cubins ---------===//
//
//   gpu-harness [--seed N] [--only NAME,NAME...] [--device-asserts] DIR
//
// --device-asserts runs only the launches that must stop with a device
// assertion (a device assertion leaves the process's CUDA state unusable,
// so they need a process of their own).
// For every test case whose DIR/<name>/<kernel>.cubin and .json exist: load
// it, run every size on fresh random inputs, compare with a host reference
// and print PASS/FAIL/SKIP per (kernel, size). Missing cubins are SKIPs.
// Exit status: 0 if nothing failed and something passed, 1 if anything
// failed, 2 if nothing ran or the arguments are wrong.
//
//===----------------------------------------------------------------------===//

#include "Check.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>

using namespace gpu_test;

namespace {

bool exists(const std::string &path) { return std::ifstream(path).good(); }

/// A per-case seed, so that --only reproduces the same inputs.
uint64_t caseSeed(uint64_t seed, const std::string &name) {
  uint64_t h = seed;
  for (char c : name)
    h = (h ^ static_cast<unsigned char>(c)) * 0x100000001B3ull;
  return h;
}

int usage() {
  std::fprintf(stderr, "usage: gpu-harness [--seed N] [--only NAME,NAME...] "
                       "[--device-asserts] CUBIN_DIR\n");
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  uint64_t seed = static_cast<uint64_t>(
      std::chrono::system_clock::now().time_since_epoch().count());
  std::set<std::string> only;
  std::string dir;
  bool deviceAsserts = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--seed" && i + 1 < argc) {
      seed = std::strtoull(argv[++i], nullptr, 10);
    } else if (arg == "--only" && i + 1 < argc) {
      std::stringstream names(argv[++i]);
      for (std::string name; std::getline(names, name, ',');)
        only.insert(name);
    } else if (arg == "--device-asserts") {
      deviceAsserts = true;
    } else if (!arg.empty() && arg[0] != '-' && dir.empty()) {
      dir = arg;
    } else {
      return usage();
    }
  }
  if (dir.empty())
    return usage();

  std::vector<Case> cases;
  auto groups = deviceAsserts
                    ? std::vector<std::vector<Case> (*)()>{deviceAssertCases}
                    : std::vector<std::vector<Case> (*)()>{corpusCases, exampleCases,
                                                           rowCases, flatCases};
  for (auto group : groups)
    for (Case &c : group())
      if (only.empty() || only.count(c.dir))
        cases.push_back(c);

  Reporter report;
  try {
    Device device;
    std::printf("device: %s\ncubins: %s\nseed: %llu (rerun with --seed %llu)\n",
                device.name().c_str(), dir.c_str(), (unsigned long long)seed,
                (unsigned long long)seed);
    for (const Case &c : cases) {
      std::string base = dir + "/" + c.dir + "/" + c.kernel;
      if (!exists(base + ".cubin") || !exists(base + ".json")) {
        report.skip(c.dir, "no " + base + ".cubin/.json");
        continue;
      }
      std::unique_ptr<Kernel> kernel;
      try {
        kernel = std::make_unique<Kernel>(base + ".cubin", base + ".json");
      } catch (const std::exception &e) {
        report.fail(c.dir, std::string("cannot load: ") + e.what());
        if (dynamic_cast<const CudaError *>(&e))
          device.reset();
        continue;
      }
      if (kernel->meta().name != c.kernel) {
        report.fail(c.dir, "the json names kernel '" + kernel->meta().name + "', expected '" +
                               c.kernel + "'");
        continue;
      }
      Rng rng(caseSeed(seed, c.dir));
      try {
        c.run(*kernel, rng, report);
      } catch (const CudaError &) {
        // Already reported as a FAIL of its size; the context may be dead.
        std::printf("%s: remaining sizes not run; CUDA context reset\n", c.dir.c_str());
        kernel.reset();
        device.reset();
      }
      std::fflush(stdout);
    }
  } catch (const std::exception &e) {
    std::printf("FATAL: %s\n", e.what());
    return 2;
  }
  std::printf("\n%d passed, %d failed, %d skipped\n", report.passed, report.failed,
              report.skipped);
  if (report.failed)
    return 1;
  return report.passed ? 0 : 2;
}
