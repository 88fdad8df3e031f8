//===- CasesExamples.cpp - Tests of the first four examples/ kernels ------===//
//
// leaky_sum_noinline, rmsnorm_f32, swiglu_f16 and batched_transpose, with
// the signatures and launches of examples/<name>.py.
//
//===----------------------------------------------------------------------===//

#include "Check.h"
#include "Half.h"

namespace gpu_test {
namespace {

const std::vector<int64_t> kFlatSizes = {1, 16, 1000, 1008, 98432 + 16, 98432 + 17,
                                         (1 << 20) + 3, (1 << 20) + 48, 1 << 22};

void runLeakySum(Kernel &k, Rng &rng, Reporter &report) {
  for (int64_t n : kFlatSizes)
    report.run("leaky_sum_noinline n=" + std::to_string(n), [&] {
      float slope = rng.uniform(0, 0.5f), factor = rng.uniform(0.5f, 2);
      std::vector<float> x = rng.floats(n, -4, 4);
      Buffer dx = Buffer::from(x), dy(n * 4), dsum(4);
      dsum.fill(0);
      k.launch({unsigned(cdiv(n, 256))}, {Arg::ptr(dx), Arg::ptr(dy), Arg::ptr(dsum), Arg::i(n),
                                          Arg::f(slope), Arg::f(factor)});
      std::vector<double> want(n);
      double sum = 0, abs = 0;
      for (int64_t i = 0; i < n; ++i) {
        want[i] = x[i] > 0 ? double(x[i]) : double(x[i]) * slope;
        sum += want[i];
        abs += std::fabs(want[i]);
      }
      return firstErrors({compareClose("y", dy.read<float>(n), want, 0, 1e-7),
                          compareTol("sum", dsum.read<float>(1), {sum * factor},
                                     {1e-3 + 1e-4 * abs * factor})});
    });
}

void runRmsnorm(Kernel &k, Rng &rng, Reporter &report) {
  // (rows, cols); rows are cols + 3 floats apart. BLOCK = 512.
  const std::vector<std::pair<int64_t, int64_t>> sizes = {
      {1, 1}, {7, 3000}, {512, 3000}, {64, 8191}, {3, 100000}, {1000, 512}};
  for (auto [rows, cols] : sizes)
    report.run("rmsnorm_f32 " + std::to_string(rows) + "x" + std::to_string(cols), [&] {
      int64_t stride = cols + 3;
      float eps = 1e-6f;
      std::vector<float> x = rng.floats(rows * stride, -4, 4), w = rng.floats(cols, -2, 2);
      Buffer dx = Buffer::from(x), dw = Buffer::from(w), dy(rows * stride * 4);
      k.launch({unsigned(rows)}, {Arg::ptr(dx), Arg::ptr(dw), Arg::ptr(dy), Arg::i(stride),
                                  Arg::i(cols), Arg::f(eps)});
      std::vector<float> got = dy.read<float>(rows * stride), gotRows;
      std::vector<double> want;
      for (int64_t r = 0; r < rows; ++r) {
        const float *row = &x[r * stride];
        double squares = 0;
        for (int64_t c = 0; c < cols; ++c)
          squares += double(row[c]) * row[c];
        double rstd = 1 / std::sqrt(squares / cols + eps);
        for (int64_t c = 0; c < cols; ++c) {
          want.push_back(row[c] * rstd * w[c]);
          gotRows.push_back(got[r * stride + c]);
        }
      }
      return compareClose("y", gotRows, want, 1e-6, 5e-5);
    });
}

void runSwiglu(Kernel &k, Rng &rng, Reporter &report) {
  for (int64_t n : kFlatSizes)
    report.run("swiglu_f16 n=" + std::to_string(n), [&] {
      std::vector<uint16_t> gate(n), up(n);
      for (int64_t i = 0; i < n; ++i) {
        gate[i] = halfFromFloat(rng.uniform(-6, 6));
        up[i] = halfFromFloat(rng.uniform(-4, 4));
      }
      Buffer dgate = Buffer::from(gate), dup = Buffer::from(up), dout(n * 2);
      k.launch({unsigned(cdiv(n, 1024))},
               {Arg::ptr(dgate), Arg::ptr(dup), Arg::ptr(dout), Arg::i(n)});
      std::vector<uint16_t> out = dout.read<uint16_t>(n);
      std::vector<float> got(n);
      std::vector<double> want(n);
      for (int64_t i = 0; i < n; ++i) {
        double g = floatFromHalf(gate[i]);
        want[i] = g / (1 + std::exp(-g)) * floatFromHalf(up[i]);
        got[i] = floatFromHalf(out[i]);
      }
      // One rounding to fp16 (2^-11 relative) plus fp32 noise.
      return compareClose("out", got, want, 1e-4, 1e-3);
    });
}

void runBatchedTranspose(Kernel &k, Rng &rng, Reporter &report) {
  struct Size {
    int64_t b, m, n;
  };
  for (Size s : {Size{1, 1, 1}, Size{6, 200, 136}, Size{3, 1000, 33}, Size{2, 64, 32},
                 Size{1, 2048, 2080}})
    report.run("batched_transpose " + std::to_string(s.b) + "x" + std::to_string(s.m) + "x" +
                   std::to_string(s.n),
               [&] {
                 std::vector<float> x = rng.floats(s.b * s.m * s.n, -4, 4);
                 Buffer din = Buffer::from(x), dout(x.size() * 4);
                 k.launch({unsigned(cdiv(s.m, 64)), unsigned(cdiv(s.n, 32))},
                          {Arg::ptr(din), Arg::ptr(dout), Arg::i(s.b), Arg::i(s.m), Arg::i(s.n)});
                 std::vector<float> want(x.size());
                 for (int64_t b = 0; b < s.b; ++b)
                   for (int64_t i = 0; i < s.m; ++i)
                     for (int64_t j = 0; j < s.n; ++j)
                       want[(b * s.n + j) * s.m + i] = x[(b * s.m + i) * s.n + j];
                 return compareEqual("out", dout.read<float>(x.size()), want);
               });
}

} // namespace

std::vector<Case> exampleCases() {
  return {{"leaky_sum_noinline", "leaky_sum_kernel", runLeakySum},
          {"rmsnorm_f32", "rmsnorm_kernel", runRmsnorm},
          {"swiglu_f16", "swiglu_kernel", runSwiglu},
          {"batched_transpose", "batched_transpose_kernel", runBatchedTranspose}};
}

} // namespace gpu_test
