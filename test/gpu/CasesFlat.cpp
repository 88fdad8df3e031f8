//===- CasesFlat.cpp - Tests of the 1D examples: math, atomics, int64 -----===//
//
// gelu_f32, histogram_f32, sum_atomic_f32, hist_gather_i32 (sizes not
// specialized: odd tails run) and affine_i8_int64 (n: i64, a multiple of 16;
// one size > 2^31).
//
//===----------------------------------------------------------------------===//

#include "Check.h"

#include <algorithm>

namespace gpu_test {
namespace {

const std::vector<int64_t> kFlatSizes = {1, 16, 1000, 1008, 98432 + 16, 98432 + 17,
                                         (1 << 20) + 3, (1 << 20) + 48, 1 << 22};

std::string nLabel(const char *dir, int64_t n) {
  return std::string(dir) + " n=" + std::to_string(n);
}

void runGelu(Kernel &k, Rng &rng, Reporter &report) {
  for (int64_t n : kFlatSizes)
    report.run(nLabel("gelu_f32", n), [&] {
      std::vector<float> x = rng.floats(n, -6, 6);
      Buffer dx = Buffer::from(x), derf(n * 4), dtanh(n * 4);
      k.launch({unsigned(cdiv(n, 1024))},
               {Arg::ptr(dx), Arg::ptr(derf), Arg::ptr(dtanh), Arg::i(n)});
      std::vector<double> wantErf(n), wantTanh(n);
      for (int64_t i = 0; i < n; ++i) {
        double v = x[i];
        wantErf[i] = 0.5 * v * (1 + std::erf(v / std::sqrt(2.0)));
        double inner = std::sqrt(2 / 3.14159265358979323846) * (v + 0.044715 * v * v * v);
        wantTanh[i] = 0.5 * v * (1 + std::tanh(inner));
      }
      return firstErrors({compareClose("y_erf", derf.read<float>(n), wantErf, 2e-6, 2e-5),
                          compareClose("y_tanh", dtanh.read<float>(n), wantTanh, 2e-6, 2e-5)});
    });
}

void runHistogram(Kernel &k, Rng &rng, Reporter &report) {
  const int64_t binChoices[] = {100, 256, 1, 7, 1000};
  int64_t which = 0;
  for (int64_t n : kFlatSizes) {
    int64_t nbins = binChoices[which++ % 5];
    report.run(nLabel("histogram_f32", n) + " nbins=" + std::to_string(nbins), [&] {
      std::vector<float> x = rng.floats(n, 0, 1);
      Buffer dx = Buffer::from(x), dhist(nbins * 4), dmax(4);
      dhist.fill(0);
      dmax.fill(0xFF); // -1
      k.launch({unsigned(cdiv(n, 1024))},
               {Arg::ptr(dx), Arg::ptr(dhist), Arg::ptr(dmax), Arg::i(n), Arg::i(nbins)});
      std::vector<int32_t> hist(nbins, 0), maxBin(1, -1);
      for (int64_t i = 0; i < n; ++i) {
        // fp32 multiply and truncation, as the kernel does.
        int32_t bin = std::min(static_cast<int32_t>(x[i] * static_cast<float>(nbins)),
                               static_cast<int32_t>(nbins - 1));
        ++hist[bin];
        maxBin[0] = std::max(maxBin[0], bin);
      }
      return firstErrors({compareEqual("hist", dhist.read<int32_t>(nbins), hist),
                          compareEqual("max_bin", dmax.read<int32_t>(1), maxBin)});
    });
  }
}

void runSumAtomic(Kernel &k, Rng &rng, Reporter &report) {
  for (int64_t n : kFlatSizes)
    report.run(nLabel("sum_atomic_f32", n), [&] {
      std::vector<float> x = rng.floats(n, -4, 4);
      Buffer dx = Buffer::from(x), dsum(4), downer(4), dclaims(4);
      dsum.fill(0);
      downer.fill(0xFF); // -1
      dclaims.fill(0);
      unsigned grid = unsigned(cdiv(n, 2048));
      k.launch({grid}, {Arg::ptr(dx), Arg::ptr(dsum), Arg::ptr(downer), Arg::ptr(dclaims),
                        Arg::i(n)});
      double sum = 0, abs = 0;
      for (float v : x) {
        sum += v;
        abs += std::fabs(v);
      }
      int32_t owner = downer.read<int32_t>(1)[0];
      std::string ownerError;
      if (owner < 0 || owner >= int64_t(grid))
        ownerError = "owner " + std::to_string(owner) + " is not a program id below " +
                     std::to_string(grid);
      return firstErrors({compareTol("sum", dsum.read<float>(1), {sum}, {1e-4 + 1e-5 * abs}),
                          compareEqual("claims", dclaims.read<int32_t>(1), {1}), ownerError});
    });
}

void runAffineI8(Kernel &k, Rng &rng, Reporter &report) {
  const int64_t big = (int64_t(1) << 31) + 4096 * 5 + 48; // > 2^31: 64-bit offsets
  for (int64_t n : {int64_t(16), int64_t(1000), int64_t(4096 * 3 + 16), int64_t((1 << 20) + 48),
                    big})
    report.run(nLabel("affine_i8_int64", n), [&] {
      std::vector<int8_t> x(n);
      for (int64_t i = 0; i < n; i += 8) {
        uint64_t bits = rng.next();
        for (int64_t j = i; j < std::min(n, i + 8); ++j, bits >>= 8)
          x[j] = static_cast<int8_t>(bits & 0xFF);
      }
      Buffer dx = Buffer::from(x), dy(n);
      dy.fill(0);
      k.launch({unsigned(cdiv(n, 4096))}, {Arg::ptr(dx), Arg::ptr(dy), Arg::i(n)});
      std::vector<int8_t> want(n);
      for (int64_t i = 0; i < n; ++i) // int32 arithmetic, truncated to 8 bits
        want[i] = static_cast<int8_t>(static_cast<uint8_t>((int32_t(x[i]) * 3 + 7) & 0xFF));
      x.clear();
      x.shrink_to_fit();
      return compareEqual("y", dy.read<int8_t>(n), want);
    });
}

/// tl.histogram + tl.gather + tl.device_assert: hist counts x in 64 bins,
/// out[i] = x[block(i) + idx[i]] (0 past n), every idx in [0, 1024), so the
/// assertion holds.
void runHistGather(Kernel &k, Rng &rng, Reporter &report) {
  const int64_t block = 1024, bins = 64;
  for (int64_t n : kFlatSizes)
    report.run(nLabel("hist_gather_i32", n), [&] {
      std::vector<int32_t> x(n), idx(n);
      for (int64_t i = 0; i < n; ++i) {
        x[i] = static_cast<int32_t>(rng.next() % bins);
        idx[i] = static_cast<int32_t>(rng.next() % block);
      }
      Buffer dx = Buffer::from(x), didx = Buffer::from(idx), dhist(bins * 4), dout(n * 4);
      dhist.fill(0);
      k.launch({unsigned(cdiv(n, block))},
               {Arg::ptr(dx), Arg::ptr(didx), Arg::ptr(dhist), Arg::ptr(dout), Arg::i(n)});
      std::vector<int32_t> hist(bins, 0), out(n);
      for (int64_t i = 0; i < n; ++i) {
        ++hist[x[i]];
        int64_t src = i / block * block + idx[i];
        out[i] = src < n ? x[src] : 0;
      }
      return firstErrors({compareEqual("hist", dhist.read<int32_t>(bins), hist),
                          compareEqual("out", dout.read<int32_t>(n), out)});
    });
}

/// The same kernel with one index past its block: the launch must stop with
/// CUDA_ERROR_ASSERT. A device assertion leaves the process's CUDA state
/// unusable, so this runs alone (gpu-harness --device-asserts).
void runHistGatherAssert(Kernel &k, Rng &, Reporter &report) {
  const int64_t n = 4096, block = 1024, bins = 64;
  report.run("hist_gather_i32 index out of range -> device assertion", [&] {
    std::vector<int32_t> x(n, 1), idx(n, 0);
    idx[n / 2 + 7] = static_cast<int32_t>(block); // one past the block
    Buffer dx = Buffer::from(x), didx = Buffer::from(idx), dhist(bins * 4), dout(n * 4);
    dhist.fill(0);
    try {
      k.launch({unsigned(cdiv(n, block))},
               {Arg::ptr(dx), Arg::ptr(didx), Arg::ptr(dhist), Arg::ptr(dout), Arg::i(n)});
    } catch (const CudaError &e) {
      if (std::string(e.what()).find("CUDA_ERROR_ASSERT") == std::string::npos)
        return std::string("expected CUDA_ERROR_ASSERT, got: ") + e.what();
      return std::string();
    }
    return std::string("the launch finished: the assertion did not fire");
  });
}

} // namespace

std::vector<Case> flatCases() {
  return {{"gelu_f32", "gelu_kernel", runGelu},
          {"histogram_f32", "histogram_kernel", runHistogram},
          {"sum_atomic_f32", "sum_atomic_kernel", runSumAtomic},
          {"hist_gather_i32", "hist_gather_kernel", runHistGather},
          {"affine_i8_int64", "affine_i8_kernel", runAffineI8}};
}

std::vector<Case> deviceAssertCases() {
  return {{"hist_gather_i32", "hist_gather_kernel", runHistGatherAssert}};
}

} // namespace gpu_test
