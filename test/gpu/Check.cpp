//===- Check.cpp - Comparisons and PASS/FAIL reporting --------------------===//

#include "Check.h"

#include <cstdio>

namespace gpu_test {

std::string compareTol(const char *what, const std::vector<float> &got,
                       const std::vector<double> &want, const std::vector<double> &tol) {
  if (got.size() != want.size() || tol.size() != want.size())
    return std::string(what) + ": size differs";
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    bool ok = std::isnan(want[i]) ? std::isnan(got[i])
                                  : std::fabs(double(got[i]) - want[i]) <= tol[i];
    if (!ok && bad++ == 0)
      first = i;
  }
  if (!bad)
    return "";
  std::ostringstream os;
  os.precision(9);
  os << what << "[" << first << "]: got " << got[first] << " want " << want[first]
     << " (tolerance " << tol[first] << "; " << bad << " of " << got.size() << " differ)";
  return os.str();
}

std::string compareClose(const char *what, const std::vector<float> &got,
                         const std::vector<double> &want, double atol, double rtol) {
  std::vector<double> tol(want.size());
  for (size_t i = 0; i < want.size(); ++i)
    tol[i] = atol + rtol * std::fabs(want[i]);
  return compareTol(what, got, want, tol);
}

std::string firstErrors(std::initializer_list<std::string> messages) {
  std::string out;
  for (const std::string &m : messages)
    if (!m.empty())
      out += (out.empty() ? "" : "; ") + m;
  return out;
}

void Reporter::run(const std::string &label, const std::function<std::string()> &body) {
  try {
    std::string error = body();
    if (error.empty()) {
      ++passed;
      std::printf("PASS %s\n", label.c_str());
    } else {
      fail(label, error);
    }
  } catch (const SkipCase &e) {
    skip(label, e.what());
  } catch (const CudaError &e) {
    fail(label, e.what());
    throw;
  } catch (const std::exception &e) {
    fail(label, e.what());
  }
  std::fflush(stdout);
}

void Reporter::skip(const std::string &label, const std::string &why) {
  ++skipped;
  std::printf("SKIP %s: %s\n", label.c_str(), why.c_str());
}

void Reporter::fail(const std::string &label, const std::string &why) {
  ++failed;
  std::printf("FAIL %s: %s\n", label.c_str(), why.c_str());
}

} // namespace gpu_test
