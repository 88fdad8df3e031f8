//===- CasesCorpus.cpp - Tests of the corpus add/softmax/cumsum/noinline --===//
//
// Signatures as in shared/corpus/<k>/<k>.ttir (bench/corpus_kernels.py):
// every integer there is specialized to a multiple of 16, so sizes that are
// not are reported as SKIP by the launcher.
//
//===----------------------------------------------------------------------===//

#include "Check.h"

#include <algorithm>

namespace gpu_test {
namespace {

/// 1D sizes: tiny, ragged against the block, multiples of 16 and not.
const std::vector<int64_t> kFlatSizes = {1,           16,          1000,       1008,
                                         98432 + 16,  98432 + 17,  (1 << 20) + 3,
                                         (1 << 20) + 48, 1 << 22};

std::string nLabel(const std::string &dir, int64_t n) { return dir + " n=" + std::to_string(n); }

void runAdd(Kernel &k, Rng &rng, Reporter &report) {
  for (int64_t n : kFlatSizes)
    report.run(nLabel("add_f32", n), [&] {
      std::vector<float> x = rng.floats(n, -4, 4), y = rng.floats(n, -4, 4);
      Buffer dx = Buffer::from(x), dy = Buffer::from(y), dout(n * 4);
      k.launch({unsigned(cdiv(n, 1024))}, {Arg::ptr(dx), Arg::ptr(dy), Arg::ptr(dout), Arg::i(n)});
      std::vector<double> want(n);
      for (int64_t i = 0; i < n; ++i)
        want[i] = double(x[i]) + y[i];
      return compareClose("out", dout.read<float>(n), want, 0, 1e-7);
    });
}

void runSoftmax(Kernel &k, Rng &rng, Reporter &report) {
  // (rows, cols); cols <= BLOCK = 1024; the row strides are cols + 16.
  const std::vector<std::pair<int64_t, int64_t>> sizes = {
      {16, 16}, {1, 1000}, {992, 1008}, {4096, 1024}, {48, 784}, {1056 * 2 + 16, 512}};
  for (auto [rows, cols] : sizes)
    report.run("softmax_f32 " + std::to_string(rows) + "x" + std::to_string(cols), [&] {
      int64_t stride = cols + 16;
      std::vector<float> x = rng.floats(rows * stride, -8, 8);
      Buffer din = Buffer::from(x), dout(rows * stride * 4);
      dout.fill(0);
      unsigned grid = unsigned(std::min<int64_t>(rows, 1056));
      k.launch({grid}, {Arg::ptr(dout), Arg::ptr(din), Arg::i(stride), Arg::i(stride),
                        Arg::i(rows), Arg::i(cols)});
      std::vector<float> got = dout.read<float>(rows * stride);
      std::vector<float> gotRows;
      std::vector<double> want;
      for (int64_t r = 0; r < rows; ++r) {
        const float *row = &x[r * stride];
        double mx = *std::max_element(row, row + cols), sum = 0;
        for (int64_t c = 0; c < cols; ++c)
          sum += std::exp(row[c] - mx);
        for (int64_t c = 0; c < cols; ++c) {
          want.push_back(std::exp(row[c] - mx) / sum);
          gotRows.push_back(got[r * stride + c]);
        }
      }
      return compareClose("out", gotRows, want, 1e-7, 2e-5);
    });
}

/// Per-element tolerance of an fp32 prefix sum: relative to the prefix of |x|.
std::vector<double> prefixSums(const float *x, int64_t n, std::vector<double> &tol) {
  std::vector<double> out(n);
  double sum = 0, abs = 0;
  for (int64_t i = 0; i < n; ++i) {
    sum += x[i];
    abs += std::fabs(x[i]);
    out[i] = sum;
    tol.push_back(1e-6 + 1e-5 * abs);
  }
  return out;
}

void runCumsum(Kernel &k, Rng &rng, Reporter &report) {
  for (int64_t rows : {1, 7, 4096})
    report.run("cumsum_f32 rows=" + std::to_string(rows) + " N=1024", [&] {
      std::vector<float> x = rng.floats(rows * 1024, -4, 4);
      Buffer dx = Buffer::from(x), dy(rows * 1024 * 4);
      k.launch({unsigned(rows)}, {Arg::ptr(dx), Arg::ptr(dy)});
      std::vector<double> want, tol;
      for (int64_t r = 0; r < rows; ++r) {
        std::vector<double> row = prefixSums(&x[r * 1024], 1024, tol);
        want.insert(want.end(), row.begin(), row.end());
      }
      return compareTol("Y", dy.read<float>(rows * 1024), want, tol);
    });
}

void runNoinline(Kernel &k, Rng &rng, Reporter &report) {
  for (int64_t n : kFlatSizes)
    report.run(nLabel("noinline_f32", n), [&] {
      float scale = rng.uniform(-3, 3);
      std::vector<float> x = rng.floats(n, -4, 4);
      Buffer dx = Buffer::from(x), dy(n * 4);
      k.launch({unsigned(cdiv(n, 1024))}, {Arg::ptr(dx), Arg::ptr(dy), Arg::i(n), Arg::f(scale)});
      std::vector<double> want(n);
      for (int64_t i = 0; i < n; ++i)
        want[i] = double(x[i]) * scale;
      return compareClose("Y", dy.read<float>(n), want, 0, 1e-7);
    });
}

} // namespace

std::vector<Case> corpusCases() {
  return {{"add_f32", "add_kernel", runAdd},
          {"softmax_f32", "softmax_kernel", runSoftmax},
          {"cumsum_f32", "cumsum_kernel", runCumsum},
          {"noinline_f32", "noinline_kernel", runNoinline}};
}

} // namespace gpu_test
