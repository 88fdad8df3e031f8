//===- CApi.cpp - the C API over Runtime/Runtime.h ------------------------===//
#include "Runtime/triton_runtime.h"

#include "CApiImpl.h"

#include <cstring>

using namespace triton::runtime;

thread_local std::string triton_rt_detail::lastError;

// The C codes are the C++ ones, converted by value in report().
#define TRITON_RT_SAME_CODE(C, CXX)                                            \
  static_assert(int(C) == int(triton::runtime::StatusCode::CXX),             \
                #C " must equal StatusCode::" #CXX)
TRITON_RT_SAME_CODE(TRITON_RT_OK, Ok);
static_assert(int(TRITON_RT_ARG_TENSORDESC) ==
              int(triton::runtime::Arg::Kind::TensorDesc));
static_assert(int(TRITON_RT_ARG_F64) == int(triton::runtime::Arg::Kind::F64));
TRITON_RT_SAME_CODE(TRITON_RT_INVALID_ARGUMENT, InvalidArgument);
TRITON_RT_SAME_CODE(TRITON_RT_NOT_FOUND, NotFound);
TRITON_RT_SAME_CODE(TRITON_RT_COMPILE_ERROR, CompileError);
TRITON_RT_SAME_CODE(TRITON_RT_DRIVER_UNAVAILABLE, DriverUnavailable);
TRITON_RT_SAME_CODE(TRITON_RT_CUDA_ERROR, CudaError);
TRITON_RT_SAME_CODE(TRITON_RT_IO_ERROR, IoError);
TRITON_RT_SAME_CODE(TRITON_RT_UNSUPPORTED, Unsupported);
TRITON_RT_SAME_CODE(TRITON_RT_INTERNAL, Internal);
#undef TRITON_RT_SAME_CODE

triton_rt_status triton_rt_detail::report(const Status &status) {
  if (status.ok())
    lastError.clear(); // keeps its buffer: a good launch allocates nothing
  else
    lastError = status.toString();
  return triton_rt_status(status.getCode());
}

namespace {

/// A vector of this thread's that keeps its buffer from call to call, so
/// converting arguments allocates only until it is big enough. A nested
/// use on the same thread (a grid callback that launches) gets its own.
template <typename T> class ThreadScratch {
public:
  ThreadScratch() : vector(&local) {
    if (inUse())
      return;
    inUse() = claimed = true;
    vector = &shared();
    vector->clear();
  }
  ~ThreadScratch() {
    if (claimed)
      inUse() = false;
  }
  ThreadScratch(const ThreadScratch &) = delete;
  ThreadScratch &operator=(const ThreadScratch &) = delete;
  std::vector<T> &get() { return *vector; }

private:
  static std::vector<T> &shared() {
    thread_local std::vector<T> buffer;
    return buffer;
  }
  static bool &inUse() {
    thread_local bool busy = false;
    return busy;
  }
  std::vector<T> local;
  std::vector<T> *vector;
  bool claimed = false;
};

} // namespace

struct triton_rt_family {
  std::shared_ptr<Family> family;
};

using triton_rt_detail::report;

const char *triton_rt_last_error(void) {
  return triton_rt_detail::lastError.c_str();
}

triton_rt_status triton_rt_detail::create(const char *cacheDir,
                                          int computeCapability,
                                          std::shared_ptr<KernelCompiler> compiler,
                                          triton_rt_runtime **out) {
  if (!out)
    return report(Status(StatusCode::InvalidArgument, "out is NULL"));
  RuntimeOptions options;
  options.cacheDir = cacheDir ? cacheDir : "";
  options.computeCapability = computeCapability;
  options.compiler = std::move(compiler);
  *out = new triton_rt_runtime{std::make_unique<Runtime>(options)};
  return report(Status::success());
}

triton_rt_status triton_rt_create(const char *cache_dir, int compute_capability,
                                  triton_rt_runtime **out) {
  return triton_rt_detail::create(cache_dir, compute_capability, nullptr, out);
}

void triton_rt_destroy(triton_rt_runtime *runtime) { delete runtime; }

triton_rt_status triton_rt_load(triton_rt_runtime *runtime,
                                const triton_rt_family_desc *desc,
                                triton_rt_family **out) {
  if (!runtime || !desc || !out)
    return report(Status(StatusCode::InvalidArgument,
                         "triton_rt_load: runtime, desc and out must not be NULL"));
  if (desc->num_variants < 0 || (desc->num_variants && !desc->variants) ||
      desc->num_key < 0 || (desc->num_key && !desc->key) ||
      desc->num_writes < 0 || (desc->num_writes && !desc->writes))
    return report(Status(StatusCode::InvalidArgument,
                         "triton_rt_load: a count is negative or its array NULL"));
  FamilySpec spec;
  spec.name = desc->name ? desc->name : "family";
  for (int i = 0; i < desc->num_variants; ++i) {
    const triton_rt_variant &in = desc->variants[i];
    Variant variant;
    variant.label = in.label ? in.label : "";
    variant.source = in.source ? in.source : "";
    variant.sourcePath = in.source_path ? in.source_path : "";
    variant.numWarps = in.num_warps;
    variant.numStages = in.num_stages;
    variant.constants["index"] = i;
    spec.variants.push_back(std::move(variant));
  }
  for (int i = 0; i < desc->num_key; ++i)
    spec.key.push_back(desc->key[i] ? desc->key[i] : "");
  for (int i = 0; i < desc->num_writes; ++i)
    spec.writes.push_back(desc->writes[i] ? desc->writes[i] : "");
  if (desc->grid) {
    triton_rt_grid_fn grid = desc->grid;
    void *user = desc->grid_user_data;
    spec.grid = [grid, user](const std::vector<Arg> &args,
                             const Variant &variant) {
      ThreadScratch<triton_rt_arg> scratch;
      std::vector<triton_rt_arg> &cArgs = scratch.get();
      for (const Arg &arg : args)
        cArgs.push_back({triton_rt_arg_kind(arg.getKind()), arg.getBits(),
                         arg.getByteSize()});
      uint32_t dims[3] = {1, 1, 1};
      grid(cArgs.data(), int(cArgs.size()),
           int(variant.constants.at("index")), dims, user);
      return LaunchGrid{dims[0], dims[1], dims[2]};
    };
  }
  Result<std::shared_ptr<Family>> family = runtime->runtime->load(spec);
  if (!family)
    return report(family.status());
  *out = new triton_rt_family{family.take()};
  return report(Status::success());
}

triton_rt_status triton_rt_wait(triton_rt_family *family) {
  if (!family)
    return report(Status(StatusCode::InvalidArgument, "family is NULL"));
  return report(family->family->wait());
}

triton_rt_status triton_rt_launch(triton_rt_family *family,
                                  const triton_rt_arg *args, int num_args,
                                  void *stream) {
  if (!family || num_args < 0 || (num_args && !args))
    return report(Status(StatusCode::InvalidArgument,
                         "triton_rt_launch: family NULL, or args NULL with a "
                         "positive count"));
  ThreadScratch<Arg> scratch;
  std::vector<Arg> &cppArgs = scratch.get();
  cppArgs.reserve(size_t(num_args));
  for (int i = 0; i < num_args; ++i) {
    const triton_rt_arg &in = args[i];
    // A C caller may store any int in the enum field; reading it as the
    // C++ enum would be undefined for values outside the enumerators.
    static_assert(sizeof(in.kind) == sizeof(int32_t));
    int32_t kind;
    std::memcpy(&kind, &in.kind, sizeof(kind));
    if (kind < TRITON_RT_ARG_PTR || kind > TRITON_RT_ARG_TENSORDESC)
      return report(Status(StatusCode::InvalidArgument,
                           "argument " + std::to_string(i) +
                               " has an unknown kind " + std::to_string(kind)));
    cppArgs.push_back(Arg::fromRaw(Arg::Kind(kind), in.bits, in.byte_size));
  }
  return report(family->family->launch(cppArgs, static_cast<CUstream>(stream)));
}

void triton_rt_family_release(triton_rt_family *family) { delete family; }
