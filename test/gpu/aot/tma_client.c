/* tma_client.c - a plain C99 program that runs TMA kernels through the
 * library built from triton-aot output (generate.sh, build.sh).
 *
 *   aot-tma-client [--seed N]
 *
 * `mm` (the corpus TMA matmul, C = A @ B^T) takes each matrix as a tensor
 * descriptor -- base pointer, shape, strides -- and the launcher encodes
 * its CUtensorMap; it runs at a size its M, N, K hints accept and at a
 * ragged one, on random f16 inputs against a host reference in double.
 * What TMA cannot address (a misaligned base, a row stride that is not a
 * multiple of 16 bytes, a last stride other than 1, a null base) must come
 * back as CUDA_ERROR_INVALID_VALUE without a launch. `device_copy` builds
 * its descriptors on the device, in global scratch the launcher allocates.
 * `mm_cluster` and `device_copy_cluster` are the same kernels compiled
 * with --num-ctas 2: each program a cluster of 2 CTAs (cuLaunchKernelEx).
 * Then the cost of the encoding: cuTensorMapEncodeTiled alone, and the
 * host time per launch of `mm` with its maps cached against one that
 * encodes all three.
 * Exit status: the number of failed checks (0: all passed). */
#define _POSIX_C_SOURCE 199309L
#include "kernels.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int failures = 0;

static void expect(int ok, const char *what) {
  printf("%-64s %s\n", what, ok ? "PASS" : "FAIL");
  if (!ok)
    ++failures;
}

static int cuda_ok(CUresult result, const char *what) {
  if (result != CUDA_SUCCESS) {
    const char *name = NULL;
    cuGetErrorName(result, &name);
    printf("%-64s FAIL (%s)\n", what, name ? name : "?");
    ++failures;
    return 0;
  }
  return 1;
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Half bits of a float half holds exactly (the inputs), and a half's value. */
static uint16_t to_half(float value) {
  uint32_t bits;
  int exponent;
  memcpy(&bits, &value, 4);
  if ((bits & 0x7fffffffu) == 0)
    return (uint16_t)(bits >> 16);
  exponent = (int)((bits >> 23) & 0xff) - 127 + 15;
  return (uint16_t)(((bits >> 16) & 0x8000u) | ((uint32_t)exponent << 10) |
                    ((bits >> 13) & 0x3ffu));
}

static double from_half(uint16_t half) {
  int exponent = (half >> 10) & 0x1f, mantissa = half & 0x3ff;
  double value = exponent == 0    ? ldexp((double)mantissa, -24)
                 : exponent == 31 ? HUGE_VAL
                                  : ldexp((double)(mantissa | 0x400), exponent - 25);
  return (half & 0x8000) ? -value : value;
}

static unsigned long long seed = 1;
static int random_int(int lo, int hi) {
  seed = seed * 6364136223846793005ull + 1442695040888963407ull;
  return lo + (int)((seed >> 33) % (unsigned long long)(hi - lo + 1));
}

/* Fresh inputs in multiples of 1/16, exact in f16. */
static void fill(uint16_t *half, float *value, size_t count) {
  size_t i;
  for (i = 0; i < count; ++i)
    half[i] = to_half(value[i] = (float)random_int(-32, 32) / 16);
}

/* A family of the matmul: `mm` (one CTA per program) or `mm_cluster`. */
typedef struct mm_family {
  const char *name;
  CUresult (*launch)(CUstream, CUdeviceptr, int32_t, int32_t, int64_t,
                     int64_t, CUdeviceptr, int32_t, int32_t, int64_t, int64_t,
                     CUdeviceptr, int32_t, int32_t, int64_t, int64_t, int32_t,
                     int32_t, int32_t, int);
  const char *(*select)(CUdeviceptr, int32_t, int32_t, int64_t, int64_t,
                        CUdeviceptr, int32_t, int32_t, int64_t, int64_t,
                        CUdeviceptr, int32_t, int32_t, int64_t, int64_t,
                        int32_t, int32_t, int32_t, int);
} mm_family;

static const mm_family mm_one = {"mm", mm, mm_select};
static const mm_family mm_two = {"mm_cluster", mm_cluster, mm_cluster_select};

static CUresult run_mm(const mm_family *f, CUdeviceptr a, CUdeviceptr b,
                       CUdeviceptr c, int m, int n, int k, int64_t lda) {
  return f->launch(NULL, a, m, k, lda, 1, b, n, k, k, 1, c, m, n, n, 1, m, n,
                   k, 0);
}

/* C = A @ B^T at m x n x k: every 7th row and the last rows against double,
 * in units of the f16 output's rounding. */
static void check_mm(const mm_family *f, int m, int n, int k) {
  size_t i;
  uint16_t *a = malloc(sizeof(uint16_t) * m * k), *b = malloc(sizeof(uint16_t) * n * k);
  uint16_t *c = malloc(sizeof(uint16_t) * m * n);
  float *af = malloc(sizeof(float) * m * k), *bf = malloc(sizeof(float) * n * k);
  CUdeviceptr da, db, dc;
  double error = 0;
  int r, col;
  char what[128];
  fill(a, af, (size_t)m * k);
  fill(b, bf, (size_t)n * k);
  cuMemAlloc(&da, sizeof(uint16_t) * m * k);
  cuMemAlloc(&db, sizeof(uint16_t) * n * k);
  cuMemAlloc(&dc, sizeof(uint16_t) * m * n);
  cuMemcpyHtoD(da, a, sizeof(uint16_t) * m * k);
  cuMemcpyHtoD(db, b, sizeof(uint16_t) * n * k);
  cuMemsetD8(dc, 0xff, sizeof(uint16_t) * m * n);
  snprintf(what, sizeof(what), "%s %dx%dx%d: launch (%s)", f->name, m, n, k,
           f->select(da, m, k, k, 1, db, n, k, k, 1, dc, m, n, n, 1, m, n, k,
                     0));
  if (cuda_ok(run_mm(f, da, db, dc, m, n, k, k), what) &&
      cuda_ok(cuCtxSynchronize(), "mm: synchronize")) {
    cuMemcpyDtoH(c, dc, sizeof(uint16_t) * m * n);
    for (r = 0; r < m; ++r) {
      if (r % 7 != 0 && r < m - 9)
        continue;
      for (col = 0; col < n; ++col) {
        double want = 0;
        int kk;
        for (kk = 0; kk < k; ++kk)
          want += (double)af[(size_t)r * k + kk] * bf[(size_t)col * k + kk];
        want = fabs(from_half(c[(size_t)r * n + col]) - want) /
               (1e-3 * fabs(want) + 1e-2);
        if (!(want <= error))
          error = want;
      }
    }
    snprintf(what, sizeof(what), "%s %dx%dx%d: error %.3f of f16 rounding",
             f->name, m, n, k, error);
    expect(error <= 1.0, what);
  }
  /* What TMA cannot address is refused before anything launches. */
  cuMemsetD8(dc, 0, sizeof(uint16_t) * m * n);
  expect(f->launch(NULL, da + 2, m, k, k, 1, db, n, k, k, 1, dc, m, n, n, 1, m, n, k,
            0) == CUDA_ERROR_INVALID_VALUE,
         "mm: a base not 16-byte aligned is refused");
  expect(f->launch(NULL, da, m, k - 1, k - 1, 1, db, n, k, k, 1, dc, m, n, n, 1, m,
            n, k, 0) == CUDA_ERROR_INVALID_VALUE,
         "mm: a row stride not a multiple of 16 bytes is refused");
  expect(f->launch(NULL, da, m, k, k, 2, db, n, k, k, 1, dc, m, n, n, 1, m, n, k,
            0) == CUDA_ERROR_INVALID_VALUE,
         "mm: a last stride other than 1 is refused");
  expect(f->launch(NULL, 0, m, k, k, 1, db, n, k, k, 1, dc, m, n, n, 1, m, n, k, 0) ==
             CUDA_ERROR_INVALID_VALUE,
         "mm: a null base is refused");
  cuCtxSynchronize();
  cuMemcpyDtoH(c, dc, sizeof(uint16_t) * m * n);
  for (i = 0; i < (size_t)m * n && c[i] == 0; ++i)
    ;
  expect(i == (size_t)m * n, "mm: nothing ran for the refused calls");
  cuMemFree(da);
  cuMemFree(db);
  cuMemFree(dc);
  free(a);
  free(b);
  free(c);
  free(af);
  free(bf);
}

typedef struct copy_family {
  const char *name;
  CUresult (*launch)(CUstream, CUdeviceptr, CUdeviceptr, int32_t, int32_t,
                     int);
  const char *(*select)(CUdeviceptr, CUdeviceptr, int32_t, int32_t, int);
} copy_family;

static const copy_family copy_one = {"device_copy", device_copy,
                                     device_copy_select};
static const copy_family copy_two = {"device_copy_cluster",
                                     device_copy_cluster,
                                     device_copy_cluster_select};

static void check_device_copy(const copy_family *f, int m, int n) {
  size_t i, count = (size_t)m * n;
  uint16_t *in = malloc(sizeof(uint16_t) * count), *out = malloc(sizeof(uint16_t) * count);
  float *value = malloc(sizeof(float) * count);
  CUdeviceptr din, dout;
  double error = 0;
  char what[128];
  fill(in, value, count);
  cuMemAlloc(&din, sizeof(uint16_t) * count);
  cuMemAlloc(&dout, sizeof(uint16_t) * count);
  cuMemcpyHtoD(din, in, sizeof(uint16_t) * count);
  cuMemsetD8(dout, 0, sizeof(uint16_t) * count);
  snprintf(what, sizeof(what), "%s %dx%d: launch (%s)", f->name, m, n,
           f->select(din, dout, m, n, 0));
  if (cuda_ok(f->launch(NULL, din, dout, m, n, 0), what) &&
      cuda_ok(cuCtxSynchronize(), "device_copy: synchronize")) {
    cuMemcpyDtoH(out, dout, sizeof(uint16_t) * count);
    for (i = 0; i < count; ++i)
      error = fmax(error, fabs(from_half(out[i]) - 2.0 * value[i]));
    snprintf(what, sizeof(what), "%s %dx%d: out == 2 * in (error %g)",
             f->name, m, n, error);
    expect(error == 0, what);
  }
  cuMemFree(din);
  cuMemFree(dout);
  free(in);
  free(out);
  free(value);
}

/* The encoding's cost. */
static void time_encoding(void) {
  enum { m = 128, n = 256, k = 64, bases = 32, launches = 4000, encodes = 20000 };
  CUdeviceptr da, db, dc;
  CUtensorMap map;
  cuuint64_t dims[2] = {k, m}, strides[1] = {k * 2};
  cuuint32_t box[2] = {64, 128}, element_strides[2] = {1, 1};
  double start, cached = 0, encoding = 0;
  int i, round;
  cuMemAlloc(&da, 1 << 20);
  cuMemAlloc(&db, 1 << 20);
  cuMemAlloc(&dc, 1 << 20);
  start = now_seconds();
  for (i = 0; i < encodes; ++i)
    cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2,
                           (void *)(da + 16 * (i % 64)), dims, strides, box,
                           element_strides, CU_TENSOR_MAP_INTERLEAVE_NONE,
                           CU_TENSOR_MAP_SWIZZLE_128B,
                           CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                           CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  printf("timing: cuTensorMapEncodeTiled %.3f us per map\n",
         (now_seconds() - start) * 1e6 / encodes);
  /* One 128x256 tile with K = 64; the first round warms up. */
  for (round = 0; round < 2; ++round) {
    start = now_seconds();
    for (i = 0; i < launches; ++i)
      run_mm(&mm_one, da, db, dc, m, n, k, k);
    cached = (now_seconds() - start) * 1e6 / launches;
    cuCtxSynchronize();
    start = now_seconds();
    for (i = 0; i < launches; ++i) {
      CUdeviceptr offset = 16 * (CUdeviceptr)(i % bases);
      run_mm(&mm_one, da + offset, db + offset, dc + offset, m, n, k, k);
    }
    encoding = (now_seconds() - start) * 1e6 / launches;
    cuCtxSynchronize();
  }
  printf("timing: mm launch, 3 maps cached %.3f us, 3 maps encoded %.3f us\n",
         cached, encoding);
  cuMemFree(da);
  cuMemFree(db);
  cuMemFree(dc);
}

int main(int argc, char **argv) {
  CUdevice device;
  CUcontext context;
  char name[128] = {0};
  if (argc == 3 && strcmp(argv[1], "--seed") == 0)
    seed = strtoull(argv[2], NULL, 10);
  if (!cuda_ok(cuInit(0), "cuInit") || !cuda_ok(cuDeviceGet(&device, 0), "device") ||
      !cuda_ok(cuDevicePrimaryCtxRetain(&context, device), "context") ||
      !cuda_ok(cuCtxSetCurrent(context), "set context"))
    return 1;
  cuDeviceGetName(name, sizeof(name) - 1, device);
  printf("device: %s, seed %llu\n", name, seed);
  check_mm(&mm_one, 1024, 1024, 1024);
  check_mm(&mm_one, 1001, 1000, 1000);
  check_mm(&mm_one, 129, 264, 72); /* rows of C must be 16-byte multiples */
  check_mm(&mm_two, 1024, 1024, 1024);
  check_mm(&mm_two, 1001, 1000, 1000);
  check_mm(&mm_two, 129, 264, 72);
  check_device_copy(&copy_one, 1024, 1024);
  check_device_copy(&copy_one, 1001, 1000);
  check_device_copy(&copy_two, 1024, 1024);
  check_device_copy(&copy_two, 1001, 1000);
  time_encoding();
  printf("aot-tma-client: %d failed\n", failures);
  return failures;
}
