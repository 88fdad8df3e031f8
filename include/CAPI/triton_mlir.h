/*===- triton_mlir.h - C API of the compiler ----------------------*- C -*-===*\
|*                                                                            *|
|* The whole compiler behind five C functions, for callers that cannot link   *|
|* C++ or MLIR: Python through ctypes (the triton_mlir package), other        *|
|* languages' FFIs, plugins. libtriton_mlir.so links LLVM and MLIR statically *|
|* and needs only libc, libstdc++, zlib and zstd. Every call is thread-safe;  *|
|* nothing here exits, aborts or prints. docs/embedding.md shows it in use.   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef TRITON_MLIR_C_API_H
#define TRITON_MLIR_C_API_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever a function or an option changes meaning. */
#define TRITON_MLIR_C_ABI_VERSION 1

typedef struct triton_mlir_result triton_mlir_result;

/* TRITON_MLIR_C_ABI_VERSION of the library (compare with the header's). */
int triton_mlir_abi_version(void);

/* The compiler's version string: project version, commit and LLVM version.
   It changes whenever the output may: caches key on it. Static storage. */
const char *triton_mlir_version(void);

/* Compiles one kernel. `source` is TTIR or TTGIR text (`size` bytes; it
   need not be NUL-terminated). `options_json` is NULL, "" or a JSON object
   with any of Triton's option names:
     "target"            "cuda:90" (default), "sm_90a", "sm_80", ...: the GPU
                         the kernel is lowered for (TTGIR, LLVM IR)
     "ptx_target"        the GPU of the PTX and cubin, when another (Triton's
                         arch override: lowered for sm_80, run on sm_90a)
     "num_warps", "num_ctas", "num_stages"           integers (4, 1, 3)
     "ptx_version"       PTX ISA times ten; default: the newest the ptxas in
                         use accepts (`ptxas --version`)
     "maxnreg"           registers per thread on the kernel's .entry (null:
                         no limit)
     "enable_fp_fusion"  boolean (true)
     "enable_reflect_ftz" boolean (true): libdevice flushes denormals
     "line_info"         boolean (true): source lines in the PTX and cubin
                         (Triton's TRITON_DISABLE_LINE_INFO turns them off)
     "ptxas_path"        ptxas to run (default $TRITON_PTXAS_PATH, CUDA's)
     "assembler"         "ptxas" (default: a child process), "nvjitlink"
                         (libnvJitLink in this process) or "auto"
     "ptx_options"       extra ptxas options, space-separated
     "libdevice_path"    libdevice bitcode (default: CUDA's)
     "reproducer_path"   a prefix: each stage first writes its input and
                         pipeline to <prefix>.make_ttgir.repro.mlir,
                         <prefix>.make_llir.repro.mlir (Triton's
                         TRITON_REPRODUCER_PATH)
   An unknown key or a value of the wrong type is an error. Returns a result
   to query and free; NULL only when memory runs out. */
triton_mlir_result *triton_mlir_compile(const char *source, size_t size,
                                        const char *options_json);

/* 1 when the compilation succeeded, 0 when it failed ("error" says why). */
int triton_mlir_result_ok(const triton_mlir_result *result);

/* One output of a result: "ttgir", "llir" (LLVM IR text), "ptx", "cubin"
   (the ELF image: use *size, it holds NUL bytes), "metadata" (the kernel's
   JSON, as triton-translate writes it), "ptxas_log" (ptxas -v), "timings"
   (a JSON object: wall-clock seconds of each stage, "parse", "ttgir",
   "llir", "llvm", "ptx", "cubin") or "error" (every diagnostic, with
   locations). Sets *size when `size` is not NULL.
   NULL for an output the result does not have. The text lives as long as
   the result and is NUL-terminated. */
const char *triton_mlir_result_get(const triton_mlir_result *result,
                                   const char *name, size_t *size);

/* Frees a result (NULL is allowed). */
void triton_mlir_result_free(triton_mlir_result *result);

#ifdef __cplusplus
}
#endif

#endif /* TRITON_MLIR_C_API_H */
