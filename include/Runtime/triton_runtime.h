/*===- triton_runtime.h - C API of the Triton runtime ------------*- C -*-===*\
|*                                                                            *|
|* A thin C99 layer over Runtime/Runtime.h: opaque handles, status codes and  *|
|* a per-thread last error message. Nothing here exits or aborts.             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef TRITON_RUNTIME_C_API_H
#define TRITON_RUNTIME_C_API_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes: the C++ StatusCode values. */
typedef enum triton_rt_status {
  TRITON_RT_OK = 0,
  TRITON_RT_INVALID_ARGUMENT = 1,
  TRITON_RT_NOT_FOUND = 2,
  TRITON_RT_COMPILE_ERROR = 3,
  TRITON_RT_DRIVER_UNAVAILABLE = 4,
  TRITON_RT_CUDA_ERROR = 5,
  TRITON_RT_IO_ERROR = 6,
  TRITON_RT_UNSUPPORTED = 7,
  TRITON_RT_INTERNAL = 8
} triton_rt_status;

typedef struct triton_rt_runtime triton_rt_runtime;
typedef struct triton_rt_family triton_rt_family;

/* Argument kinds: the C++ Arg::Kind values. */
typedef enum triton_rt_arg_kind {
  TRITON_RT_ARG_PTR = 0,
  TRITON_RT_ARG_I1, TRITON_RT_ARG_I8, TRITON_RT_ARG_I16, TRITON_RT_ARG_I32,
  TRITON_RT_ARG_I64, TRITON_RT_ARG_U8, TRITON_RT_ARG_U16, TRITON_RT_ARG_U32,
  TRITON_RT_ARG_U64, TRITON_RT_ARG_F16, TRITON_RT_ARG_BF16, TRITON_RT_ARG_F32,
  TRITON_RT_ARG_F64,
  /* A tensor descriptor: `bits` is its base address, the kernel's next
     arguments its shape (I32 each) and strides (I64 each, in elements). */
  TRITON_RT_ARG_TENSORDESC
} triton_rt_arg_kind;

/* One argument. `bits`: the address, the integer (sign-extended for signed
   kinds) or the float's bit pattern; `byte_size`: a pointer's extent (needed
   for buffers the kernel writes when the family tunes), else 0. */
typedef struct triton_rt_arg {
  triton_rt_arg_kind kind;
  uint64_t bits;
  uint64_t byte_size;
} triton_rt_arg;

/* One variant: IR text (or a file to read it from) and options. */
typedef struct triton_rt_variant {
  const char *label;       /* may be NULL */
  const char *source;      /* IR text, or NULL to read source_path */
  const char *source_path;
  int num_warps;
  int num_stages;
} triton_rt_variant;

/* Computes the grid of a launch of variant `variant_index`. */
typedef void (*triton_rt_grid_fn)(const triton_rt_arg *args, int num_args,
                                  int variant_index, uint32_t grid[3],
                                  void *user_data);

/* A family: variants, tuning key and written buffers by parameter name. */
typedef struct triton_rt_family_desc {
  const char *name;
  const triton_rt_variant *variants;
  int num_variants;
  const char *const *key;
  int num_key;
  const char *const *writes;
  int num_writes;
  triton_rt_grid_fn grid;
  void *grid_user_data;
} triton_rt_family_desc;

/* The message of the last failed call on this thread ("" if none). */
const char *triton_rt_last_error(void);

/* A runtime in cache-only mode. `cache_dir` NULL: $TRITON_MLIR_CACHE_DIR or
   the default under the user's cache directory. `compute_capability` 0:
   device 0's (90 without a driver). */
triton_rt_status triton_rt_create(const char *cache_dir, int compute_capability,
                                  triton_rt_runtime **out);
/* The same with the project's compiler (defined by TritonRuntimeCompiler,
   link it to use this). */
triton_rt_status triton_rt_create_with_compiler(const char *cache_dir,
                                                int compute_capability,
                                                triton_rt_runtime **out);
void triton_rt_destroy(triton_rt_runtime *runtime);

/* Starts building the family's variants in the background. */
triton_rt_status triton_rt_load(triton_rt_runtime *runtime,
                                const triton_rt_family_desc *desc,
                                triton_rt_family **out);
/* Waits for every variant; fails if none is usable. */
triton_rt_status triton_rt_wait(triton_rt_family *family);
/* Launches on `stream` (a CUstream; NULL: the default stream). */
triton_rt_status triton_rt_launch(triton_rt_family *family,
                                  const triton_rt_arg *args, int num_args,
                                  void *stream);
void triton_rt_family_release(triton_rt_family *family);

#ifdef __cplusplus
}
#endif

#endif /* TRITON_RUNTIME_C_API_H */
