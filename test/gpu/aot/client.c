/* client.c - a plain C99 program that runs kernels through a library built
 * from triton-aot output (generate.sh, build.sh) and checks them.
 *
 *   aot-client [--seed N] [--bare-cubin add_bare.cubin]
 *
 * Every algo and hint variant of `add` (corpus add_f32 at two block sizes
 * and an sm_80-only algo), `leaky_sum` (float parameters, atomics, a
 * noinline helper) and `tk_swiglu` (fp16, a symbol prefix) runs on fresh
 * random inputs at ragged sizes against a host reference in double. Also:
 * the no-match and no-binary cases, bad algo ids, empty grids, first
 * launches from several threads at once, a second context, unload and
 * reload. Then the host time per launch: the library's dispatcher, a
 * variant's entry point and a bare cuLaunchKernel of the same cubin.
 * Exit status: the number of failed checks (0: all passed). */
#include "kernels.h"
#include "tk_kernels.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* build.sh defines this as the name of add's divisible BLOCK=1024 variant
 * (its hash is only known once generated). */
#ifndef AOT_ADD_DIVISIBLE_VARIANT
#error "compile with -DAOT_ADD_DIVISIBLE_VARIANT=add_<hash>_0d1d2d3d"
#endif
CUresult AOT_ADD_DIVISIBLE_VARIANT(CUstream stream, CUdeviceptr x_ptr,
                                   CUdeviceptr y_ptr, CUdeviceptr out_ptr,
                                   int32_t n);

static int failures = 0;
static int checks = 0;

#define EXPECT(cond, ...)                                                      \
  do {                                                                         \
    ++checks;                                                                  \
    if (!(cond)) {                                                             \
      ++failures;                                                              \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);                              \
      printf(__VA_ARGS__);                                                     \
      printf("\n");                                                            \
    }                                                                          \
  } while (0)

static const char *result_name(CUresult result) {
  const char *name = NULL;
  if (cuGetErrorName(result, &name) != CUDA_SUCCESS || name == NULL)
    return "unknown CUresult";
  return name;
}

#define CU(call)                                                               \
  do {                                                                         \
    CUresult cu_result = (call);                                               \
    if (cu_result != CUDA_SUCCESS) {                                           \
      printf("FATAL %s:%d: %s -> %s\n", __FILE__, __LINE__, #call,             \
             result_name(cu_result));                                          \
      exit(100);                                                               \
    }                                                                          \
  } while (0)

/* xorshift64*: fresh inputs per seed. */
static uint64_t rng_state = 88172645463325252ull;
static float uniform(float lo, float hi) {
  uint64_t x = rng_state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  rng_state = x;
  return lo + (hi - lo) * (float)((x * 2685821657736338717ull) >> 40) /
                  (float)(1ull << 24);
}

/* IEEE half <-> float, round to nearest even. */
static uint16_t float_to_half(float value) {
  uint32_t bits;
  uint32_t sign, exponent, mantissa;
  memcpy(&bits, &value, 4);
  sign = (bits >> 16) & 0x8000u;
  exponent = (bits >> 23) & 0xffu;
  mantissa = bits & 0x7fffffu;
  if (exponent == 0xff)
    return (uint16_t)(sign | 0x7c00u | (mantissa ? 0x200u : 0));
  {
    int e = (int)exponent - 127 + 15;
    if (e >= 31)
      return (uint16_t)(sign | 0x7c00u);
    if (e <= 0) {
      uint32_t m, shift, half, rest;
      if (e < -10)
        return (uint16_t)sign;
      m = mantissa | 0x800000u;
      shift = (uint32_t)(14 - e);
      half = m >> shift;
      rest = m & ((1u << shift) - 1);
      if (rest > (1u << (shift - 1)) ||
          (rest == (1u << (shift - 1)) && (half & 1)))
        ++half;
      return (uint16_t)(sign | half);
    }
    {
      uint32_t half = sign | ((uint32_t)e << 10) | (mantissa >> 13);
      uint32_t rest = mantissa & 0x1fffu;
      if (rest > 0x1000u || (rest == 0x1000u && (half & 1)))
        ++half;
      return (uint16_t)half;
    }
  }
}

static float half_to_float(uint16_t half) {
  uint32_t sign = (uint32_t)(half & 0x8000u) << 16;
  uint32_t exponent = (half >> 10) & 0x1fu;
  uint32_t mantissa = half & 0x3ffu;
  uint32_t bits;
  float value;
  if (exponent == 0) {
    value = ldexpf((float)mantissa, -24);
    return sign ? -value : value;
  }
  if (exponent == 31)
    bits = sign | 0x7f800000u | (mantissa << 13);
  else
    bits = sign | ((exponent - 15 + 127) << 23) | (mantissa << 13);
  memcpy(&value, &bits, 4);
  return value;
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* ---- add ---------------------------------------------------------------- */

/* Runs add on n elements with algo `algo`, x offset by `offset` floats from
 * an aligned allocation, checks the variant chosen (suffix or NULL) and the
 * result; `expect` is the CUresult the call must return. */
static void run_add(CUstream stream, int algo, int32_t n, int offset,
                    const char *suffix, CUresult expect) {
  size_t count = (size_t)n + 64, i;
  float *x = (float *)malloc(count * sizeof(float));
  float *y = (float *)malloc(count * sizeof(float));
  float *out = (float *)malloc(count * sizeof(float));
  CUdeviceptr dx, dy, dout;
  const char *variant;
  CUresult result;
  for (i = 0; i < count; ++i) {
    x[i] = uniform(-4.0f, 4.0f);
    y[i] = uniform(-4.0f, 4.0f);
  }
  CU(cuMemAlloc(&dx, count * sizeof(float)));
  CU(cuMemAlloc(&dy, count * sizeof(float)));
  CU(cuMemAlloc(&dout, count * sizeof(float)));
  CU(cuMemcpyHtoD(dx, x, count * sizeof(float)));
  CU(cuMemcpyHtoD(dy, y, count * sizeof(float)));
  CU(cuMemsetD32(dout, 0x7fc00001u, count)); /* a NaN sentinel */

  variant = add_select(dx + offset * sizeof(float), dy, dout, n, algo);
  if (suffix == NULL)
    EXPECT(variant == NULL, "add algo %d n=%d offset=%d: select gave %s, "
           "expected none", algo, n, offset, variant);
  else
    EXPECT(variant != NULL &&
               strcmp(variant + strlen(variant) - strlen(suffix), suffix) == 0,
           "add algo %d n=%d offset=%d: select gave %s, expected *%s", algo,
           n, offset, variant ? variant : "NULL", suffix);
  result = add(stream, dx + offset * sizeof(float), dy, dout, n, algo);
  EXPECT(result == expect, "add algo %d n=%d offset=%d returned %s, expected %s",
         algo, n, offset, result_name(result), result_name(expect));
  CU(cuStreamSynchronize(stream));
  CU(cuMemcpyDtoH(out, dout, count * sizeof(float)));
  {
    size_t bad = 0, untouched = 0;
    for (i = 0; i < count; ++i) {
      int written = expect == CUDA_SUCCESS && i < (size_t)n;
      if (written && out[i] != (float)((double)x[i + offset] + (double)y[i]))
        ++bad;
      if (!written && !isnan(out[i]))
        ++untouched;
    }
    EXPECT(bad == 0 && untouched == 0,
           "add algo %d n=%d offset=%d: %zu wrong, %zu written out of range",
           algo, n, offset, bad, untouched);
  }
  printf("add       algo %d n=%-8d offset=%d variant=%-28s -> %s\n", algo, n,
         offset, variant ? variant : "(none)", result_name(result));
  cuMemFree(dx);
  cuMemFree(dy);
  cuMemFree(dout);
  free(x);
  free(y);
  free(out);
}

static void test_add(CUstream stream, int major) {
  static const int32_t sizes[] = {1, 16, 4096, 98304, 1000003, 4097};
  size_t s;
  /* algo 2 has only an sm_80 cubin: it runs on 8.x devices only. */
  CUresult sm80 = major == 8 ? CUDA_SUCCESS : CUDA_ERROR_NO_BINARY_FOR_GPU;
  for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); ++s) {
    int32_t n = sizes[s];
    int divisible = n % 16 == 0;
    /* algo 0: BLOCK=1024 with n == 1, divisible and generic variants. */
    run_add(stream, 0, n, 0,
            n == 1 ? "_0d1d2d3c" : divisible ? "_0d1d2d3d" : "_0123",
            CUDA_SUCCESS);
    /* algo 1: BLOCK=256, the divisible variant only. */
    run_add(stream, 1, n, 0, divisible ? "_0d1d2d3d" : NULL,
            divisible ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE);
    run_add(stream, 2, n, 0, divisible ? "_0d1d2d3d" : NULL,
            divisible ? sm80 : CUDA_ERROR_INVALID_VALUE);
  }
  /* A misaligned x: algo 0 falls back to its generic variant, algo 1 has
   * none that fits. */
  run_add(stream, 0, 4096, 1, "_0123", CUDA_SUCCESS);
  run_add(stream, 1, 4096, 1, NULL, CUDA_ERROR_INVALID_VALUE);
}

/* ---- leaky_sum ---------------------------------------------------------- */

static void test_leaky_sum(CUstream stream, int32_t n, int algo) {
  const float slope = 0.01f, factor = 2.0f;
  float *x = (float *)malloc((size_t)n * sizeof(float));
  float *y = (float *)malloc((size_t)n * sizeof(float));
  float total = 0.0f;
  double sum = 0.0;
  size_t bad = 0;
  int32_t i;
  CUdeviceptr dx, dy, dsum;
  CUresult result;
  const char *variant;
  for (i = 0; i < n; ++i)
    x[i] = uniform(-1.0f, 1.0f);
  CU(cuMemAlloc(&dx, (size_t)n * sizeof(float)));
  CU(cuMemAlloc(&dy, (size_t)n * sizeof(float)));
  CU(cuMemAlloc(&dsum, sizeof(float)));
  CU(cuMemcpyHtoD(dx, x, (size_t)n * sizeof(float)));
  CU(cuMemsetD32(dsum, 0, 1));
  variant = leaky_sum_select(dx, dy, dsum, n, slope, factor, algo);
  result = leaky_sum(stream, dx, dy, dsum, n, slope, factor, algo);
  EXPECT(result == CUDA_SUCCESS, "leaky_sum n=%d returned %s", n,
         result_name(result));
  CU(cuStreamSynchronize(stream));
  CU(cuMemcpyDtoH(y, dy, (size_t)n * sizeof(float)));
  CU(cuMemcpyDtoH(&total, dsum, sizeof(float)));
  for (i = 0; i < n; ++i) {
    double ref = x[i] > 0 ? (double)x[i] : (double)x[i] * (double)slope;
    sum += ref;
    if (fabs((double)y[i] - ref) > 1e-6 * fabs(ref) + 1e-12)
      ++bad;
  }
  EXPECT(bad == 0, "leaky_sum n=%d: %zu wrong elements", n, bad);
  EXPECT(fabs((double)total - sum * factor) <= 1e-4 * fabs(sum * factor) + 1e-2,
         "leaky_sum n=%d: total %f, reference %f", n, (double)total,
         sum * factor);
  printf("leaky_sum algo %d n=%-8d variant=%-28s -> %s (total %.4f, ref "
         "%.4f)\n",
         algo, n, variant ? variant : "(none)", result_name(result),
         (double)total, sum * factor);
  cuMemFree(dx);
  cuMemFree(dy);
  cuMemFree(dsum);
  free(x);
  free(y);
}

/* ---- swiglu (fp16, prefix tk_) ------------------------------------------ */

static void test_swiglu(CUstream stream, int32_t n, int algo) {
  uint16_t *gate = (uint16_t *)malloc((size_t)n * 2);
  uint16_t *up = (uint16_t *)malloc((size_t)n * 2);
  uint16_t *out = (uint16_t *)malloc((size_t)n * 2);
  size_t bad = 0;
  int32_t i;
  CUdeviceptr dg, du, dout;
  CUresult result;
  const char *variant;
  for (i = 0; i < n; ++i) {
    gate[i] = float_to_half(uniform(-6.0f, 6.0f));
    up[i] = float_to_half(uniform(-3.0f, 3.0f));
  }
  CU(cuMemAlloc(&dg, (size_t)n * 2));
  CU(cuMemAlloc(&du, (size_t)n * 2));
  CU(cuMemAlloc(&dout, (size_t)n * 2));
  CU(cuMemcpyHtoD(dg, gate, (size_t)n * 2));
  CU(cuMemcpyHtoD(du, up, (size_t)n * 2));
  variant = tk_swiglu_select(dg, du, dout, n, algo);
  result = tk_swiglu(stream, dg, du, dout, n, algo);
  EXPECT(result == CUDA_SUCCESS, "tk_swiglu n=%d algo %d returned %s", n,
         algo, result_name(result));
  CU(cuStreamSynchronize(stream));
  CU(cuMemcpyDtoH(out, dout, (size_t)n * 2));
  for (i = 0; i < n; ++i) {
    double g = half_to_float(gate[i]), u = half_to_float(up[i]);
    double ref = g / (1.0 + exp(-g)) * u;
    double got = half_to_float(out[i]);
    /* fp16 output: half an ulp of rounding plus the kernel's fp32 math. */
    if (fabs(got - ref) > 1e-3 * fabs(ref) + 1e-3)
      ++bad;
  }
  EXPECT(bad == 0, "tk_swiglu n=%d algo %d: %zu wrong elements", n, algo, bad);
  printf("tk_swiglu algo %d n=%-8d variant=%-28s -> %s\n", algo, n,
         variant ? variant : "(none)", result_name(result));
  cuMemFree(dg);
  cuMemFree(du);
  cuMemFree(dout);
  free(gate);
  free(up);
  free(out);
}

/* ---- first launches from several threads -------------------------------- */

enum { kThreads = 8, kThreadElements = 8192 };

typedef struct thread_job {
  CUcontext context;
  CUdeviceptr x, y, out;
  CUresult result;
} thread_job;

static void *launch_from_thread(void *argument) {
  thread_job *job = (thread_job *)argument;
  CUstream stream;
  job->result = cuCtxSetCurrent(job->context);
  if (job->result == CUDA_SUCCESS)
    job->result = cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING);
  if (job->result == CUDA_SUCCESS) {
    job->result = add(stream, job->x, job->y, job->out, kThreadElements, 0);
    if (job->result == CUDA_SUCCESS)
      job->result = cuStreamSynchronize(stream);
    cuStreamDestroy(stream);
  }
  return NULL;
}

static void test_threads(CUcontext context) {
  thread_job jobs[kThreads];
  pthread_t threads[kThreads];
  float x[kThreadElements], y[kThreadElements], out[kThreadElements];
  int t, i;
  EXPECT(unload_add() == CUDA_SUCCESS, "unload_add before the thread test");
  for (i = 0; i < kThreadElements; ++i) {
    x[i] = uniform(-1.0f, 1.0f);
    y[i] = uniform(-1.0f, 1.0f);
  }
  for (t = 0; t < kThreads; ++t) {
    jobs[t].context = context;
    CU(cuMemAlloc(&jobs[t].x, sizeof(x)));
    CU(cuMemAlloc(&jobs[t].y, sizeof(y)));
    CU(cuMemAlloc(&jobs[t].out, sizeof(out)));
    CU(cuMemcpyHtoD(jobs[t].x, x, sizeof(x)));
    CU(cuMemcpyHtoD(jobs[t].y, y, sizeof(y)));
  }
  for (t = 0; t < kThreads; ++t)
    pthread_create(&threads[t], NULL, launch_from_thread, &jobs[t]);
  for (t = 0; t < kThreads; ++t)
    pthread_join(threads[t], NULL);
  for (t = 0; t < kThreads; ++t) {
    int bad = 0;
    EXPECT(jobs[t].result == CUDA_SUCCESS, "thread %d: %s", t,
           result_name(jobs[t].result));
    CU(cuMemcpyDtoH(out, jobs[t].out, sizeof(out)));
    for (i = 0; i < kThreadElements; ++i)
      bad += out[i] != x[i] + y[i];
    EXPECT(bad == 0, "thread %d: %d wrong elements", t, bad);
    cuMemFree(jobs[t].x);
    cuMemFree(jobs[t].y);
    cuMemFree(jobs[t].out);
  }
  printf("threads   %d first launches at once after unload: checked\n",
         kThreads);
}

/* ---- launch overhead ---------------------------------------------------- */

typedef enum { kViaDispatcher, kViaVariant, kViaBare } launch_path;

/* Median host time per launch over batches of `per_batch` launches
 * (synchronized between batches, so the queue never fills). */
static double time_launches(CUstream stream, launch_path path,
                            CUfunction bare, CUdeviceptr x, CUdeviceptr y,
                            CUdeviceptr out, int32_t n) {
  enum { kBatches = 50, kPerBatch = 100 };
  double samples[kBatches];
  int b, i;
  CUdeviceptr scratch = 0;
  void *params[] = {&x, &y, &out, &n, &scratch, &scratch};
  for (b = -5; b < kBatches; ++b) {
    double start, stop;
    CU(cuStreamSynchronize(stream));
    start = now_seconds();
    for (i = 0; i < kPerBatch; ++i) {
      CUresult result;
      if (path == kViaDispatcher)
        result = add(stream, x, y, out, n, 0);
      else if (path == kViaVariant)
        result = add_select(x, y, out, n, 0) != NULL
                     ? CUDA_SUCCESS
                     : CUDA_ERROR_INVALID_VALUE;
      else
        result = cuLaunchKernel(bare, (unsigned)((n + 1023) / 1024), 1, 1,
                                128, 1, 1, 0, stream, params, NULL);
      if (result != CUDA_SUCCESS) {
        printf("FATAL: launch in the timing loop: %s\n", result_name(result));
        exit(100);
      }
    }
    stop = now_seconds();
    if (b >= 0)
      samples[b] = (stop - start) / kPerBatch;
  }
  CU(cuStreamSynchronize(stream));
  qsort(samples, kBatches, sizeof(double), compare_doubles);
  return samples[kBatches / 2];
}

int main(int argc, char **argv) {
  const char *bare_path = NULL;
  unsigned long long seed = (unsigned long long)time(NULL);
  CUdevice device;
  CUcontext context, second;
  CUstream stream;
  int major = 0, minor = 0, i;
  char name[256];
  for (i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
      seed = strtoull(argv[++i], NULL, 10);
    else if (strcmp(argv[i], "--bare-cubin") == 0 && i + 1 < argc)
      bare_path = argv[++i];
    else {
      printf("usage: %s [--seed N] [--bare-cubin FILE]\n", argv[0]);
      return 100;
    }
  }
  rng_state ^= seed * 0x9e3779b97f4a7c15ull;
  CU(cuInit(0));
  CU(cuDeviceGet(&device, 0));
  CU(cuDeviceGetName(name, sizeof(name), device));
  CU(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                          device));
  CU(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                          device));
  printf("device: %s (sm_%d%d), seed %llu\n", name, major, minor, seed);

  /* Before any context is current, a launch reports it (the pointers are
     never dereferenced; null ones would be refused first). */
  EXPECT(add(NULL, 0x10000, 0x20000, 0x30000, 16, 0) ==
             CUDA_ERROR_INVALID_CONTEXT,
         "launch without a current context");
  CU(cuDevicePrimaryCtxRetain(&context, device));
  CU(cuCtxSetCurrent(context));
  CU(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));

  EXPECT(add_abi_version() == 1 && tk_swiglu_abi_version() == 1,
         "ABI version");
  EXPECT(add_get_num_algos() == 3, "add has %d algos", add_get_num_algos());
  for (i = 0; i < add_get_num_algos(); ++i) {
    triton_aot_algo_info info;
    EXPECT(add_get_algo_info(i, &info) == CUDA_SUCCESS, "algo info %d", i);
    printf("add algo %d: num_warps=%d num_stages=%d shared=%d variants=%d "
           "grid=(%s, %s, %s) [%s]\n",
           i, info.num_warps, info.num_stages, info.shared_bytes,
           info.num_variants, info.grid[0], info.grid[1], info.grid[2],
           info.description);
  }
  {
    triton_aot_algo_info info;
    EXPECT(add_get_algo_info(3, &info) == CUDA_ERROR_INVALID_VALUE,
           "algo info out of range");
    EXPECT(add(stream, 0, 0, 0, 16, 3) == CUDA_ERROR_INVALID_VALUE &&
               add(stream, 0, 0, 0, 16, -1) == CUDA_ERROR_INVALID_VALUE,
           "bad algo ids");
    EXPECT(add_select(0, 0, 0, 16, 9) == NULL, "select with a bad algo id");
    /* n = 0: an empty grid launches nothing and succeeds. */
    EXPECT(add(stream, 0, 0, 0, 0, 0) == CUDA_SUCCESS, "empty grid");
    EXPECT(add(stream, 0, 0, 0, -5000, 0) == CUDA_ERROR_INVALID_VALUE,
           "negative grid");
  }
  EXPECT(load_add() == (major == 8 ? CUDA_SUCCESS
                                   : CUDA_ERROR_NO_BINARY_FOR_GPU),
         "load_add reports the sm_80-only algo");

  test_add(stream, major);
  test_leaky_sum(stream, 50000, 0);
  test_leaky_sum(stream, 77777, 0);
  test_leaky_sum(stream, 1, 0);
  test_swiglu(stream, 1 << 20, 0);
  test_swiglu(stream, 123457, 1);
  test_swiglu(stream, 4096, 1);
  test_threads(context);

  /* A second context on the same device loads its own modules. */
  CU(cuCtxCreate(&second, NULL, 0, device));
  {
    CUstream other;
    CU(cuStreamCreate(&other, CU_STREAM_NON_BLOCKING));
    run_add(other, 0, 5000, 0, "_0123", CUDA_SUCCESS);
    test_swiglu(other, 33333, 1);
    CU(cuStreamDestroy(other));
  }
  CU(cuCtxSetCurrent(context));
  EXPECT(unload_add() == CUDA_SUCCESS, "unload_add from both contexts");
  EXPECT(tk_unload_swiglu() == CUDA_SUCCESS, "tk_unload_swiglu");
  CU(cuCtxDestroy(second));
  run_add(stream, 0, 4096, 0, "_0d1d2d3d", CUDA_SUCCESS); /* reloads */

  /* Host time per launch, n = 4096 (4 CTAs). */
  {
    CUdeviceptr x, y, out;
    CUmodule module = NULL;
    CUfunction bare = NULL;
    double dispatcher, variant_only, bare_time = 0.0, select_time;
    CU(cuMemAlloc(&x, 4096 * 4));
    CU(cuMemAlloc(&y, 4096 * 4));
    CU(cuMemAlloc(&out, 4096 * 4));
    dispatcher = time_launches(stream, kViaDispatcher, NULL, x, y, out, 4096);
    select_time = time_launches(stream, kViaVariant, NULL, x, y, out, 4096);
    variant_only = 0.0;
    if (bare_path != NULL) {
      CU(cuModuleLoad(&module, bare_path));
      CU(cuModuleGetFunction(&bare, module, "add_kernel"));
      bare_time = time_launches(stream, kViaBare, bare, x, y, out, 4096);
    }
    {
      /* The variant's own entry point, called directly. */
      enum { kBatches = 50, kPerBatch = 100 };
      double samples[kBatches];
      int b, k;
      for (b = -5; b < kBatches; ++b) {
        double start;
        CU(cuStreamSynchronize(stream));
        start = now_seconds();
        for (k = 0; k < kPerBatch; ++k)
          CU(AOT_ADD_DIVISIBLE_VARIANT(stream, x, y, out, 4096));
        if (b >= 0)
          samples[b] = (now_seconds() - start) / kPerBatch;
      }
      CU(cuStreamSynchronize(stream));
      qsort(samples, kBatches, sizeof(double), compare_doubles);
      variant_only = samples[kBatches / 2];
    }
    printf("\nhost time per launch (median of 50 batches of 100, n=4096):\n");
    printf("| path | us per launch |\n|---|---|\n");
    printf("| add(..., algo 0): dispatcher + variant | %.2f |\n",
           dispatcher * 1e6);
    printf("| variant entry point, called directly | %.2f |\n",
           variant_only * 1e6);
    if (bare_path != NULL)
      printf("| bare cuLaunchKernel, same cubin | %.2f |\n", bare_time * 1e6);
    printf("| add_select alone (no launch) | %.3f |\n", select_time * 1e6);
    if (module != NULL)
      cuModuleUnload(module);
    cuMemFree(x);
    cuMemFree(y);
    cuMemFree(out);
  }

  CU(cuStreamDestroy(stream));
  cuDevicePrimaryCtxRelease(device);
  printf("\n%d checks, %d failed\n", checks, failures);
  return failures;
}
