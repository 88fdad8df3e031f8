//===- EmitVariant.cpp - one variant's header and source ------------------===//
#include "AOT/EmitC.h"
#include "EmitTensorMap.h"
#include "AOT/GridExpr.h"
#include "AOT/Manifest.h"
#include "Compiler/Compiler.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::triton::aot;

std::string mlir::triton::aot::formatByteArray(llvm::StringRef bytes) {
  std::string text;
  for (size_t i = 0; i < bytes.size(); ++i) {
    text += (i % 16 == 0) ? (i ? ",\n    " : "    ") : ", ";
    text += llvm::formatv("{0:x2}", static_cast<unsigned char>(bytes[i]));
  }
  return text;
}

std::string mlir::triton::aot::quoteC(llvm::StringRef text) {
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      quoted += '\\';
    if (c == '?')
      // No trigraphs.
      quoted += "\\";
    quoted += c;
  }
  return quoted + "\"";
}

namespace {

/// `CUdeviceptr x, int32_t n` over the parameters `keep` accepts.
std::string formatParams(const std::vector<Param> &params,
                         llvm::function_ref<bool(const Param &)> keep) {
  std::string text;
  for (const Param &param : params)
    if (keep(param))
      text += ", " + param.getCType() + " " + param.name;
  return text;
}

std::string upper(llvm::StringRef text) {
  std::string result;
  for (char c : text)
    result += llvm::isAlnum(c) ? llvm::toUpper(c) : '_';
  return result;
}

/// The module table, binary choice and loading every variant's source
/// shares; all `static`, so several variants link into one library.
constexpr const char *kModuleTable = R"c(
/* One loaded module per CUDA context, found by the context's unique id.
 * Entries are published with a release store and never change afterwards,
 * so a launch reads the list without a lock; loading takes the lock. */
typedef struct tt_module {
  unsigned long long context_id;
  CUcontext context;
  CUmodule module;
  CUfunction function;
  unsigned int shared;
  const tt_binary *binary;
  struct tt_module *next;
} tt_module;

static tt_module *tt_modules = NULL;
static pthread_mutex_t tt_lock = PTHREAD_MUTEX_INITIALIZER;

/* The binary for `device`: an architecture-specific cubin (sm_90a) only runs
 * on exactly its capability, any other on its major version from its minor
 * version up; the highest capability that runs wins. */
static CUresult tt_pick_binary(CUdevice device, const tt_binary **out) {
  int major = 0, minor = 0, capability, best = -1;
  size_t i;
  CUresult result = cuDeviceGetAttribute(
      &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device);
  if (result != CUDA_SUCCESS)
    return result;
  result = cuDeviceGetAttribute(
      &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device);
  if (result != CUDA_SUCCESS)
    return result;
  capability = major * 10 + minor;
  for (i = 0; i < sizeof(tt_binaries) / sizeof(tt_binaries[0]); ++i) {
    const tt_binary *binary = &tt_binaries[i];
    int runs = binary->arch_specific
                   ? binary->capability == capability
                   : binary->capability / 10 == major &&
                         binary->capability <= capability;
    if (runs && (best < 0 || binary->capability > tt_binaries[best].capability))
      best = (int)i;
  }
  if (best < 0)
    return CUDA_ERROR_NO_BINARY_FOR_GPU;
  *out = &tt_binaries[best];
  return CUDA_SUCCESS;
}

/* Loads the module into `context` (current) unless another thread did. */
static CUresult tt_load_module(CUcontext context, unsigned long long id,
                               tt_module **out) {
  tt_module *entry;
  const tt_binary *binary = NULL;
  CUdevice device;
  CUresult result;
  pthread_mutex_lock(&tt_lock);
  for (entry = tt_modules; entry != NULL; entry = entry->next) {
    if (entry->context_id == id) {
      *out = entry;
      pthread_mutex_unlock(&tt_lock);
      return CUDA_SUCCESS;
    }
  }
  result = cuCtxGetDevice(&device);
  if (result == CUDA_SUCCESS)
    result = tt_pick_binary(device, &binary);
  entry = NULL;
  if (result == CUDA_SUCCESS) {
    entry = (tt_module *)calloc(1, sizeof(tt_module));
    if (entry == NULL)
      result = CUDA_ERROR_OUT_OF_MEMORY;
  }
  if (result == CUDA_SUCCESS)
    result = cuModuleLoadData(&entry->module, binary->image);
  if (result == CUDA_SUCCESS) {
    result = cuModuleGetFunction(&entry->function, entry->module,
                                 tt_kernel_name);
    if (result == CUDA_SUCCESS && binary->num_ctas > 8)
      /* Clusters of more than 8 CTAs are not portable: opt in. */
      result = cuFuncSetAttribute(
          entry->function, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED,
          1);
    if (result == CUDA_SUCCESS && binary->shared > 49152) {
      /* Past 48 KiB a kernel must opt in to its dynamic shared memory. */
      int limit = 0;
      result = cuDeviceGetAttribute(
          &limit, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
          device);
      if (result == CUDA_SUCCESS && (int)binary->shared > limit)
        result = CUDA_ERROR_INVALID_VALUE;
      if (result == CUDA_SUCCESS)
        result = cuFuncSetAttribute(
            entry->function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            (int)binary->shared);
    }
    if (result != CUDA_SUCCESS)
      cuModuleUnload(entry->module);
  }
  if (result != CUDA_SUCCESS) {
    free(entry);
    pthread_mutex_unlock(&tt_lock);
    return result;
  }
  entry->context_id = id;
  entry->context = context;
  entry->shared = binary->shared;
  entry->binary = binary;
  entry->next = tt_modules;
  __atomic_store_n(&tt_modules, entry, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&tt_lock);
  *out = entry;
  return CUDA_SUCCESS;
}

/* The module of the current context, loaded on first use. */
static CUresult tt_get_module(tt_module **out) {
  CUcontext context = NULL;
  unsigned long long id = 0;
  tt_module *entry;
  CUresult result = cuCtxGetCurrent(&context);
  if (result != CUDA_SUCCESS)
    return result;
  if (context == NULL)
    return CUDA_ERROR_INVALID_CONTEXT;
  result = cuCtxGetId(context, &id);
  if (result != CUDA_SUCCESS)
    return result;
  for (entry = __atomic_load_n(&tt_modules, __ATOMIC_ACQUIRE); entry != NULL;
       entry = entry->next) {
    if (entry->context_id == id) {
      *out = entry;
      return CUDA_SUCCESS;
    }
  }
  return tt_load_module(context, id, out);
}

/* Unloads the module from every context it was loaded into. A context
 * destroyed since took its module with it. Must not run concurrently with
 * launches of this kernel. */
static CUresult tt_unload_modules(void) {
  CUresult first = CUDA_SUCCESS;
  tt_module *entry;
  pthread_mutex_lock(&tt_lock);
  entry = tt_modules;
  __atomic_store_n(&tt_modules, NULL, __ATOMIC_RELEASE);
  while (entry != NULL) {
    tt_module *next = entry->next;
    if (cuCtxPushCurrent(entry->context) == CUDA_SUCCESS) {
      CUcontext popped;
      CUresult result = cuModuleUnload(entry->module);
      if (first == CUDA_SUCCESS)
        first = result;
      cuCtxPopCurrent(&popped);
    }
    free(entry);
    entry = next;
  }
  pthread_mutex_unlock(&tt_lock);
  return first;
}
)c";

} // namespace

llvm::Expected<CFiles> mlir::triton::aot::emitVariant(const Variant &variant,
                                                      llvm::StringRef origin) {
  std::vector<GridParam> gridParams;
  for (const Param &param : variant.params)
    gridParams.push_back({param.name, param.isInteger()});
  std::vector<GridExpr> grid;
  for (const std::string &dim : variant.grid) {
    llvm::Expected<GridExpr> expr = parseGridExpr(dim, gridParams);
    if (!expr)
      return expr.takeError();
    grid.push_back(std::move(*expr));
  }

  CFiles files;
  std::string function = variant.getFunctionName();
  std::string base = variant.name + "." + variant.hash + "_" + variant.suffix;
  files.headerName = base + ".h";
  files.sourceName = base + ".c";
  std::string callParams =
      formatParams(variant.params, [](const Param &p) { return !p.equalTo1; });
  std::string guard = "TRITON_AOT_" + upper(function) + "_H";

  std::string hints;
  for (const Param &param : variant.params) {
    if (param.equalTo1)
      hints += "\n *   " + param.name + " == 1 (folded into the kernel)";
    else if (param.divisibility > 1)
      hints += "\n *   " + param.name + " % " +
               std::to_string(param.divisibility) + " == 0";
  }
  if (hints.empty())
    hints = "\n *   none";
  std::string targets;
  for (const TargetBinary &target : variant.targets)
    targets += (targets.empty() ? "" : ", ") + target.arch + " (" +
               std::to_string(target.sharedBytes) + " B shared)";

  // The header.
  {
    llvm::raw_string_ostream os(files.header);
    os << "/* " << files.headerName << ": generated by triton-aot ("
       << getCompilerVersion() << ") from " << origin << ". Do not edit.\n *\n"
       << " * Kernel " << variant.kernelName
       << (variant.algoInfo.empty() ? "" : " [" + variant.algoInfo + "]")
       << ", num_warps=" << variant.numWarps
       << ", num_stages=" << variant.numStages << ", targets " << targets
       << ".\n * Grid: (" << variant.grid[0] << ", " << variant.grid[1] << ", "
       << variant.grid[2] << ").\n * Runs only for arguments with:" << hints
       << "\n *\n * Manifest for `triton-aot link`:\n";
    std::string manifest = writeManifest(variant);
    llvm::SmallVector<llvm::StringRef> lines;
    llvm::StringRef(manifest).rtrim('\n').split(lines, '\n');
    for (llvm::StringRef line : lines)
      os << " * " << line << "\n";
    os << " */\n#ifndef " << guard << "\n#define " << guard << "\n\n"
       << "#include <cuda.h>\n#include <stdint.h>\n\n"
       << "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n"
       << "/* Loads the kernel into the current context (launches do so on "
          "first use). */\n"
       << "CUresult " << variant.prefix << "load_" << variant.name << "_"
       << variant.hash << "_" << variant.suffix << "(void);\n"
       << "/* Unloads it from every context it was loaded into. */\n"
       << "CUresult " << variant.prefix << "unload_" << variant.name << "_"
       << variant.hash << "_" << variant.suffix << "(void);\n"
       << "/* Launches it on `stream` in the current context. */\n"
       << "CUresult " << function << "(CUstream stream" << callParams
       << ");\n\n#ifdef __cplusplus\n}\n#endif\n\n#endif /* " << guard
       << " */\n";
  }

  // The source.
  llvm::raw_string_ostream os(files.source);
  os << "/* " << files.sourceName << ": generated by triton-aot ("
     << getCompilerVersion() << ") from " << origin << ". Do not edit. */\n"
     << "#include \"" << files.headerName << "\"\n\n"
     << "#include <pthread.h>\n#include <stdlib.h>\n#include <string.h>\n\n"
     << "#if !defined(__GNUC__)\n#error \"triton-aot launchers need GCC or "
        "Clang (__atomic builtins)\"\n#endif\n\n"
     << "static const char tt_kernel_name[] = " << quoteC(variant.kernelName)
     << ";\n\n";
  for (auto [index, target] : llvm::enumerate(variant.targets))
    os << "/* " << target.arch << ": " << target.cubin.size()
       << " bytes of cubin. */\n"
       << "static const unsigned char tt_cubin_" << index << "["
       << target.cubin.size() << "] __attribute__((aligned(64))) = {\n"
       << formatByteArray(target.cubin) << "};\n\n";
  os << getTensorMapHelpersC(variant.hasTensorDescs()) << "\n";
  for (auto [index, target] : llvm::enumerate(variant.targets))
    os << formatTensorMapTable(target, index);
  os << "/* A cubin, where it runs, and how its kernel is launched: dynamic "
        "shared\n * bytes, the CUtensorMaps of its descriptor parameters "
        "(NULL: it takes\n * their base pointers), its global scratch "
        "bytes per CTA, its CTAs per program (a cluster) and\n * the warps "
        "of a CTA. */\n"
     << "typedef struct tt_binary {\n  const unsigned char *image;\n"
     << "  int capability;\n  int arch_specific;\n  unsigned int shared;\n"
     << "  const tt_tensor_map *maps;\n  int64_t global_scratch;\n"
     << "  int64_t global_scratch_align;\n  int num_ctas;\n  int num_warps;\n"
     << "} tt_binary;\n\nstatic const tt_binary tt_binaries[] = {\n";
  for (auto [index, target] : llvm::enumerate(variant.targets))
    os << "    {tt_cubin_" << index << ", " << target.computeCapability << ", "
       << (target.archSpecific ? 1 : 0) << ", " << target.sharedBytes << ", "
       << (target.tensorMaps.empty() ? std::string("NULL")
                                     : "tt_maps_" + std::to_string(index))
       << ", " << target.globalScratchSize << ", "
       << target.globalScratchAlign << ", " << target.numCtas << ", "
       << target.numWarps << "}, /* "
       << target.arch << " */\n";
  os << "};\n" << kModuleTable << "\n";

  os << "CUresult " << variant.prefix << "load_" << variant.name << "_"
     << variant.hash << "_" << variant.suffix
     << "(void) {\n  tt_module *tt_entry;\n  return "
        "tt_get_module(&tt_entry);\n}\n\n"
     << "CUresult " << variant.prefix << "unload_" << variant.name << "_"
     << variant.hash << "_" << variant.suffix
     << "(void) { return tt_unload_modules(); }\n\n";

  // The grid's arithmetic on 64-bit integers (GridExpr::toC): what C
  // leaves undefined (overflow, division by zero, bad shifts) sets *bad and
  // the launcher returns CUDA_ERROR_INVALID_VALUE instead of launching.
  os << "static int64_t tt_add(int64_t a, int64_t b, int *bad) {\n"
        "  int64_t r;\n  if (__builtin_add_overflow(a, b, &r)) *bad = 1;\n"
        "  return r;\n}\n"
        "static int64_t tt_sub(int64_t a, int64_t b, int *bad) {\n"
        "  int64_t r;\n  if (__builtin_sub_overflow(a, b, &r)) *bad = 1;\n"
        "  return r;\n}\n"
        "static int64_t tt_mul(int64_t a, int64_t b, int *bad) {\n"
        "  int64_t r;\n  if (__builtin_mul_overflow(a, b, &r)) *bad = 1;\n"
        "  return r;\n}\n"
        "static int64_t tt_neg(int64_t a, int *bad) { return tt_sub(0, a, "
        "bad); }\n"
        "static int64_t tt_div(int64_t a, int64_t b, int *bad) {\n"
        "  if (b == 0 || (a == INT64_MIN && b == -1)) { *bad = 1; return 0; "
        "}\n  return a / b;\n}\n"
        "static int64_t tt_mod(int64_t a, int64_t b, int *bad) {\n"
        "  if (b == 0 || (a == INT64_MIN && b == -1)) { *bad = 1; return 0; "
        "}\n  return a % b;\n}\n"
        "static int64_t tt_shl(int64_t a, int64_t b, int *bad) {\n"
        "  if (b < 0 || b > 62 || a < 0 || a > (INT64_MAX >> b)) { *bad = 1; "
        "return 0; }\n  return a << b;\n}\n"
        "static int64_t tt_shr(int64_t a, int64_t b, int *bad) {\n"
        "  if (b < 0 || b > 63) { *bad = 1; return 0; }\n  return a >> b;\n}\n"
        "static int64_t tt_cdiv(int64_t a, int64_t b, int *bad) {\n"
        "  return tt_div(tt_sub(tt_add(a, b, bad), 1, bad), b, bad);\n}\n"
        "static int64_t tt_min(int64_t a, int64_t b) { return a < b ? a : b; "
        "}\n"
        "static int64_t tt_max(int64_t a, int64_t b) { return a > b ? a : b; "
        "}\n\n";

  auto substitute = [&](llvm::StringRef name) -> std::optional<std::string> {
    for (const Param &param : variant.params)
      if (param.name == name && param.equalTo1)
        return std::string("1");
    return std::nullopt;
  };
  // The hints the variant was compiled for: a misaligned pointer would
  // fault on the GPU (and spoil the context), so it is refused here.
  std::string hintChecks;
  for (const Param &param : variant.params)
    if (!param.equalTo1 && param.divisibility > 1)
      hintChecks += "  if (" + param.name + " % " +
                    std::to_string(param.divisibility) +
                    " != 0)\n    return CUDA_ERROR_INVALID_VALUE; /* not the "
                    "variant's hint */\n";
  // A null pointer the kernel reads would fault on the GPU; one it never
  // reads (metadata "unused") is fine, as Triton passes None.
  std::string nullChecks;
  for (const Param &param : variant.params)
    if (!param.equalTo1 && (param.isPointer() || param.isTensorDesc()) &&
        !param.unused)
      nullChecks += "  if (" + param.name +
                    " == 0)\n    return CUDA_ERROR_INVALID_VALUE; /* a null "
                    "pointer the kernel reads */\n";
  os << "CUresult " << function << "(CUstream stream" << callParams << ") {\n";
  const char *dims = "xyz";
  os << "  int tt_bad = 0;\n";
  for (unsigned i = 0; i < 3; ++i)
    os << "  const int64_t tt_grid_" << dims[i] << " = "
       << grid[i].toC("tt_", substitute) << ";\n";
  std::string argPointers;
  for (const Param &param : variant.params)
    if (!param.equalTo1)
      argPointers += "&" + param.name + ", ";
  for (unsigned map = 0, e = llvm::count_if(variant.params, [](const Param &p) {
                              return p.isTensorDesc();
                            });
       map < e; ++map)
    os << "  CUtensorMap tt_map_" << map << ";\n";
  if (variant.needsGlobalScratch())
    os << "  CUdeviceptr tt_scratch_block = 0;\n";
  os << "  CUdeviceptr tt_global_scratch = 0, tt_profile_scratch = 0;\n"
     << "  void *tt_params[] = {" << argPointers
     << "&tt_global_scratch, &tt_profile_scratch};\n"
     << "  tt_module *tt_entry;\n  CUresult tt_result;\n  int64_t tt_ctas_x;\n"
     << "  (void)tt_min;\n  (void)tt_max;\n  (void)tt_cdiv;\n"
     << "  (void)tt_add;\n  (void)tt_sub;\n  (void)tt_mul;\n  (void)tt_neg;\n"
     << "  (void)tt_mod;\n  (void)tt_shl;\n  (void)tt_shr;\n"
     << hintChecks
     << "  if (tt_bad || tt_grid_x < 0 || tt_grid_y < 0 || tt_grid_z < 0 || tt_grid_x > "
        "2147483647 "
        "||\n      tt_grid_y > 65535 || tt_grid_z > 65535)\n"
     << "    return CUDA_ERROR_INVALID_VALUE;\n"
     << "  if (tt_grid_x == 0 || tt_grid_y == 0 || tt_grid_z == 0)\n"
     << "    return CUDA_SUCCESS; /* nothing to do */\n"
     << nullChecks
     << "  tt_result = tt_get_module(&tt_entry);\n"
     << "  if (tt_result != CUDA_SUCCESS)\n    return tt_result;\n"
     << "  /* CUDA's grid: num_ctas CTAs along x per program. */\n"
     << "  tt_ctas_x = tt_mul(tt_grid_x, tt_entry->binary->num_ctas, &tt_bad);\n"
     << "  if (tt_bad || tt_ctas_x > 2147483647)\n"
     << "    return CUDA_ERROR_INVALID_VALUE;\n"
     << formatTensorMapSetup(variant);
  if (variant.needsGlobalScratch())
    // Stream-ordered, so the block lives exactly as long as the launch.
    os << "  if (tt_entry->binary->global_scratch > 0) {\n"
       << "    const int64_t tt_align = tt_entry->binary->global_scratch_align;\n"
       << "    const int64_t tt_bytes = tt_add(tt_mul(tt_mul(tt_mul(tt_ctas_x, "
          "tt_grid_y, &tt_bad),\n        tt_grid_z, &tt_bad), "
          "tt_entry->binary->global_scratch, &tt_bad), tt_align - 1, "
          "&tt_bad);\n"
       << "    if (tt_bad)\n      return CUDA_ERROR_INVALID_VALUE;\n"
       << "    tt_result = cuMemAllocAsync(&tt_scratch_block, (size_t)tt_bytes, "
          "stream);\n"
       << "    if (tt_result != CUDA_SUCCESS)\n      return tt_result;\n"
       << "    tt_global_scratch = (tt_scratch_block + (CUdeviceptr)tt_align - "
          "1) /\n        (CUdeviceptr)tt_align * (CUdeviceptr)tt_align;\n"
       << "  }\n";
  const char *threads = "(unsigned int)(32 * tt_entry->binary->num_warps)";
  os << "  if (tt_entry->binary->num_ctas == 1) {\n"
     << "    tt_result = cuLaunchKernel(tt_entry->function, (unsigned "
        "int)tt_grid_x,\n"
     << "        (unsigned int)tt_grid_y, (unsigned int)tt_grid_z, " << threads
     << ", 1, 1,\n"
     << "        tt_entry->shared, stream, tt_params, NULL);\n"
     << "  } else {\n"
     << "    /* Clusters of num_ctas CTAs along x, as Triton's launcher. */\n"
     << "    CUlaunchAttribute tt_attrs[2];\n"
     << "    CUlaunchConfig tt_config;\n"
     << "    memset(tt_attrs, 0, sizeof(tt_attrs));\n"
     << "    memset(&tt_config, 0, sizeof(tt_config));\n"
     << "    tt_attrs[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;\n"
     << "    tt_attrs[0].value.clusterDim.x = "
        "(unsigned int)tt_entry->binary->num_ctas;\n"
     << "    tt_attrs[0].value.clusterDim.y = 1;\n"
     << "    tt_attrs[0].value.clusterDim.z = 1;\n"
     << "    tt_attrs[1].id = "
        "CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE;\n"
     << "    tt_attrs[1].value.clusterSchedulingPolicyPreference =\n"
     << "        CU_CLUSTER_SCHEDULING_POLICY_SPREAD;\n"
     << "    tt_config.gridDimX = (unsigned int)tt_ctas_x;\n"
     << "    tt_config.gridDimY = (unsigned int)tt_grid_y;\n"
     << "    tt_config.gridDimZ = (unsigned int)tt_grid_z;\n"
     << "    tt_config.blockDimX = " << threads << ";\n"
     << "    tt_config.blockDimY = 1;\n"
     << "    tt_config.blockDimZ = 1;\n"
     << "    tt_config.sharedMemBytes = tt_entry->shared;\n"
     << "    tt_config.hStream = stream;\n"
     << "    tt_config.attrs = tt_attrs;\n"
     << "    tt_config.numAttrs = 2;\n"
     << "    tt_result = cuLaunchKernelEx(&tt_config, tt_entry->function, "
        "tt_params, NULL);\n"
     << "  }\n";
  if (variant.needsGlobalScratch())
    os << "  if (tt_scratch_block != 0) {\n"
       << "    CUresult tt_freed = cuMemFreeAsync(tt_scratch_block, stream);\n"
       << "    if (tt_result == CUDA_SUCCESS)\n      tt_result = tt_freed;\n"
       << "  }\n";
  os << "  return tt_result;\n}\n";
  return files;
}
