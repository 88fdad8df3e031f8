//===- CApiImpl.h - what the C API's two libraries share -------*- C++ -*-===//
#ifndef TRITON_RUNTIME_CAPIIMPL_H
#define TRITON_RUNTIME_CAPIIMPL_H

#include "Runtime/Runtime.h"
#include "Runtime/triton_runtime.h"

#include <memory>
#include <string>

struct triton_rt_runtime {
  std::unique_ptr<triton::runtime::Runtime> runtime;
};

namespace triton_rt_detail {
extern thread_local std::string lastError;
/// Records `status` as this thread's last error and returns its code.
triton_rt_status report(const triton::runtime::Status &status);
/// triton_rt_create with an optional compiler.
triton_rt_status create(const char *cacheDir, int computeCapability,
                        std::shared_ptr<triton::runtime::KernelCompiler> compiler,
                        triton_rt_runtime **out);
} // namespace triton_rt_detail

#endif // TRITON_RUNTIME_CAPIIMPL_H
