//===- CasesRows.cpp - Tests of the 2D-tile examples ----------------------===//
//
// row_argmax_f32, row_scan_f32 (BLOCK_M 4 x BLOCK_N 1024 tiles, N <= 1024)
// and transpose_f16 (64 x 64 tiles). M and N are specialized to multiples
// of 16 in their TTIR; other sizes are SKIPs.
//
//===----------------------------------------------------------------------===//

#include "Check.h"

namespace gpu_test {
namespace {

struct Shape {
  int64_t m, n;
  bool ties; // inputs drawn from a few small integers: many equal values
};

const std::vector<Shape> kRowShapes = {{1, 1, false},      {16, 16, false},   {1008, 720, false},
                                       {4096, 1024, false}, {32, 1008, true}, {20000, 496, true},
                                       {1000, 1000, false}};

std::string shapeLabel(const char *dir, const Shape &s) {
  return std::string(dir) + " " + std::to_string(s.m) + "x" + std::to_string(s.n) +
         (s.ties ? " ties" : "");
}

std::vector<float> rowInputs(Rng &rng, const Shape &s) {
  return s.ties ? rng.ties(s.m * s.n, 9) : rng.floats(s.m * s.n, -8, 8);
}

void runRowArgmax(Kernel &k, Rng &rng, Reporter &report) {
  for (const Shape &s : kRowShapes)
    report.run(shapeLabel("row_argmax_f32", s), [&] {
      std::vector<float> x = rowInputs(rng, s);
      Buffer dx = Buffer::from(x), dmax(s.m * 4), didx(s.m * 4);
      k.launch({unsigned(cdiv(s.m, 4))},
               {Arg::ptr(dx), Arg::ptr(dmax), Arg::ptr(didx), Arg::i(s.m), Arg::i(s.n)});
      std::vector<float> wantMax(s.m);
      std::vector<int32_t> wantIdx(s.m);
      for (int64_t r = 0; r < s.m; ++r) {
        int32_t best = 0; // the first maximum
        for (int32_t c = 1; c < s.n; ++c)
          if (x[r * s.n + c] > x[r * s.n + best])
            best = c;
        wantIdx[r] = best;
        wantMax[r] = x[r * s.n + best];
      }
      return firstErrors({compareEqual("max", dmax.read<float>(s.m), wantMax),
                          compareEqual("idx", didx.read<int32_t>(s.m), wantIdx)});
    });
}

void runRowScan(Kernel &k, Rng &rng, Reporter &report) {
  for (const Shape &s : kRowShapes)
    report.run(shapeLabel("row_scan_f32", s), [&] {
      std::vector<float> x = rowInputs(rng, s);
      size_t count = x.size();
      Buffer dx = Buffer::from(x), dsum(count * 4), dmax(count * 4), darg(count * 4);
      k.launch({unsigned(cdiv(s.m, 4))}, {Arg::ptr(dx), Arg::ptr(dsum), Arg::ptr(dmax),
                                          Arg::ptr(darg), Arg::i(s.m), Arg::i(s.n)});
      std::vector<double> wantSum(count), tol(count);
      std::vector<float> wantMax(count);
      std::vector<int32_t> wantArg(count);
      for (int64_t r = 0; r < s.m; ++r) {
        double sum = 0, abs = 0;
        int32_t arg = 0; // where the running max was first reached
        for (int32_t c = 0; c < s.n; ++c) {
          size_t i = r * s.n + c;
          sum += x[i];
          abs += std::fabs(x[i]);
          if (x[i] > x[r * s.n + arg])
            arg = c;
          wantSum[i] = sum;
          tol[i] = 1e-6 + 1e-5 * abs;
          wantMax[i] = x[r * s.n + arg];
          wantArg[i] = arg;
        }
      }
      return firstErrors({compareTol("sum", dsum.read<float>(count), wantSum, tol),
                          compareEqual("max", dmax.read<float>(count), wantMax),
                          compareEqual("arg", darg.read<int32_t>(count), wantArg)});
    });
}

void runTranspose(Kernel &k, Rng &rng, Reporter &report) {
  const std::vector<Shape> shapes = {
      {1, 5, false}, {16, 16, false}, {1008, 720, false}, {64, 16, false}, {4096, 4112, false}};
  for (const Shape &s : shapes)
    report.run(shapeLabel("transpose_f16", s), [&] {
      std::vector<uint16_t> x(s.m * s.n); // any bits: the kernel only moves them
      for (uint16_t &v : x)
        v = static_cast<uint16_t>(rng.next());
      Buffer din = Buffer::from(x), dout(x.size() * 2);
      k.launch({unsigned(cdiv(s.m, 64)), unsigned(cdiv(s.n, 64))},
               {Arg::ptr(din), Arg::ptr(dout), Arg::i(s.m), Arg::i(s.n)});
      std::vector<uint16_t> want(x.size());
      for (int64_t i = 0; i < s.m; ++i)
        for (int64_t j = 0; j < s.n; ++j)
          want[j * s.m + i] = x[i * s.n + j];
      return compareEqual("out", dout.read<uint16_t>(x.size()), want);
    });
}

} // namespace

std::vector<Case> rowCases() {
  return {{"row_argmax_f32", "row_argmax_kernel", runRowArgmax},
          {"row_scan_f32", "row_scan_kernel", runRowScan},
          {"transpose_f16", "transpose_kernel", runTranspose}};
}

} // namespace gpu_test
