//===- Check.h - Random inputs, comparisons and PASS/FAIL reporting -------===//

#ifndef TEST_GPU_CHECK_H
#define TEST_GPU_CHECK_H

#include "Kernel.h"

#include <cmath>
#include <cstdint>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace gpu_test {

/// splitmix64: small, fast, and reproducible from the printed seed.
class Rng {
public:
  explicit Rng(uint64_t seed) : state(seed) {}
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /// Uniform in [lo, hi), on a grid of 2^-24 of the range.
  float uniform(float lo, float hi) {
    return lo + (hi - lo) * static_cast<float>(next() >> 40) * (1.0f / 16777216.0f);
  }
  std::vector<float> floats(size_t n, float lo, float hi) {
    std::vector<float> v(n);
    for (float &x : v)
      x = uniform(lo, hi);
    return v;
  }
  /// Small integers as floats: many exact ties.
  std::vector<float> ties(size_t n, int distinct) {
    std::vector<float> v(n);
    for (float &x : v)
      x = static_cast<float>(static_cast<int>(next() % distinct) - distinct / 2);
    return v;
  }

private:
  uint64_t state;
};

inline size_t cdiv(size_t a, size_t b) { return (a + b - 1) / b; }

/// "" when |got[i] - want[i]| <= tol[i] for all i (NaN only matches NaN),
/// else the first bad element and how many are bad.
std::string compareTol(const char *what, const std::vector<float> &got,
                       const std::vector<double> &want, const std::vector<double> &tol);

/// As compareTol with tol[i] = atol + rtol * |want[i]|.
std::string compareClose(const char *what, const std::vector<float> &got,
                         const std::vector<double> &want, double atol, double rtol);

/// "" when got == want element by element.
template <typename T>
std::string compareEqual(const char *what, const std::vector<T> &got, const std::vector<T> &want) {
  if (got.size() != want.size())
    return std::string(what) + ": size differs";
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < got.size(); ++i)
    if (!(got[i] == want[i]) && bad++ == 0)
      first = i;
  if (!bad)
    return "";
  std::ostringstream os;
  os << what << "[" << first << "]: got " << +got[first] << " want " << +want[first] << " ("
     << bad << " of " << got.size() << " differ)";
  return os.str();
}

/// Joins the non-empty messages with "; ".
std::string firstErrors(std::initializer_list<std::string> messages);

/// Counts and prints PASS / FAIL / SKIP lines, one per (kernel, size).
class Reporter {
public:
  /// Runs one size: `body` returns "" on success or the failure text.
  /// SkipCase -> SKIP; other exceptions -> FAIL. A CudaError is rethrown after
  /// its FAIL line so the caller can reset the context.
  void run(const std::string &label, const std::function<std::string()> &body);
  void skip(const std::string &label, const std::string &why);
  void fail(const std::string &label, const std::string &why);
  int passed = 0, failed = 0, skipped = 0;
};

/// One kernel's test: the folder and entry point of its cubin, and a body
/// that runs every size through `report`.
struct Case {
  std::string dir;    // <cubin dir>/<dir>/<kernel>.cubin
  std::string kernel; // the tt.func name
  std::function<void(Kernel &, Rng &, Reporter &)> run;
};

std::vector<Case> corpusCases();  // add, softmax, cumsum, noinline
std::vector<Case> exampleCases(); // the first four examples/
std::vector<Case> rowCases();     // row_argmax, row_scan, transpose
std::vector<Case> flatCases();    // gelu, histogram, sum_atomic, affine_i8
/// Launches that must stop with a device assertion; they leave CUDA unusable
/// in the process, so gpu-harness --device-asserts runs them on their own.
std::vector<Case> deviceAssertCases();

} // namespace gpu_test

#endif // TEST_GPU_CHECK_H
