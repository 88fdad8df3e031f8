//===- EmitLibrary.cpp - the linked dispatchers over AOT variants ---------===//
#include "AOT/EmitC.h"
#include "Compiler/Compiler.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::triton::aot;

namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message.str());
}

/// One algo of a family: variants that differ only in their hints, most
/// specialized first.
struct Algo {
  std::string key;
  std::vector<size_t> variants;
};

/// One kernel family: every variant under one name.
struct Family {
  std::string name;
  std::vector<Algo> algos;
  /// The first variant, whose parameters all others must have.
  size_t first;
};

std::string describeParams(const Variant &variant) {
  std::string text;
  for (const Param &param : variant.params)
    text += (text.empty() ? "" : ", ") + param.getCType() + " " + param.name;
  return "(" + text + ")";
}

/// Groups the variants by name, then by algo, in the order first seen, and
/// checks that they fit together.
llvm::Expected<std::vector<Family>>
groupVariants(const std::vector<Variant> &variants,
              const std::vector<std::string> &origins) {
  std::vector<Family> families;
  for (auto [index, variant] : llvm::enumerate(variants)) {
    const Variant &first = variants.front();
    if (variant.prefix != first.prefix)
      return makeError(origins[index] + ": symbol prefix '" + variant.prefix +
                       "' differs from " + origins[0] + "'s '" + first.prefix +
                       "'");
    for (size_t other = 0; other < index; ++other)
      if (variants[other].getFunctionName() == variant.getFunctionName())
        return makeError(origins[index] + ": variant " +
                         variant.getFunctionName() + " is also in " +
                         origins[other]);
    auto family = llvm::find_if(
        families, [&](const Family &f) { return f.name == variant.name; });
    if (family == families.end()) {
      families.push_back({variant.name, {}, index});
      family = std::prev(families.end());
    }
    const Variant &reference = variants[family->first];
    bool sameParams =
        reference.params.size() == variant.params.size() &&
        llvm::all_of(
            llvm::zip(reference.params, variant.params), [](auto pair) {
              return std::get<0>(pair).name == std::get<1>(pair).name &&
                     std::get<0>(pair).type == std::get<1>(pair).type;
            });
    if (!sameParams)
      return makeError(
          "mismatched signatures for kernel '" + variant.name +
          "': " + origins[index] + " has " + describeParams(variant) + " but " +
          origins[family->first] + " has " + describeParams(reference));
    auto algo = llvm::find_if(
        family->algos, [&](const Algo &a) { return a.key == variant.algoKey; });
    if (algo == family->algos.end()) {
      family->algos.push_back({variant.algoKey, {}});
      algo = std::prev(family->algos.end());
    }
    if (!algo->variants.empty()) {
      const Variant &peer = variants[algo->variants.front()];
      if (peer.grid != variant.grid || peer.numWarps != variant.numWarps ||
          peer.numStages != variant.numStages)
        return makeError(origins[index] + " and " +
                         origins[algo->variants.front()] +
                         " are variants of one algo of '" + variant.name +
                         "' with different grids or meta-parameters");
    }
    algo->variants.push_back(index);
  }
  for (Family &family : families)
    for (Algo &algo : family.algos)
      llvm::stable_sort(algo.variants, [&](size_t a, size_t b) {
        return variants[a].getNumSpecializations() >
               variants[b].getNumSpecializations();
      });
  return families;
}

/// `x % 16 == 0 && n == 1`, or "1" for a variant without hints.
std::string formatCondition(const Variant &variant) {
  std::string condition;
  for (const Param &param : variant.params) {
    std::string test;
    if (param.equalTo1)
      test = param.name + " == 1";
    else if (param.divisibility > 1)
      test = param.name + " % " + std::to_string(param.divisibility) + " == 0";
    else
      continue;
    condition += (condition.empty() ? "" : " && ") + ("(" + test + ")");
  }
  return condition.empty() ? "1" : condition;
}

} // namespace

llvm::Expected<CFiles>
mlir::triton::aot::emitLibrary(const std::vector<Variant> &variants,
                               const std::vector<std::string> &origins,
                               llvm::StringRef base) {
  if (variants.empty())
    return makeError("nothing to link: no headers given");
  llvm::Expected<std::vector<Family>> families =
      groupVariants(variants, origins);
  if (!families)
    return families.takeError();

  const std::string &prefix = variants.front().prefix;
  CFiles files;
  files.headerName = base.str() + ".h";
  files.sourceName = base.str() + ".c";
  std::string guard = "TRITON_AOT_";
  for (char c : prefix + base.str())
    guard += llvm::isAlnum(c) ? llvm::toUpper(c) : '_';
  guard += "_H";
  std::string info = prefix + "triton_aot_algo_info";

  llvm::raw_string_ostream h(files.header);
  h << "/* " << files.headerName << ": generated by triton-aot link ("
    << getCompilerVersion() << "). Do not edit. */\n"
    << "#ifndef " << guard << "\n#define " << guard << "\n\n"
    << "#include <cuda.h>\n#include <stdint.h>\n\n"
    << "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n"
    << "/* What one algo of a kernel is: its meta-parameters, the most shared "
       "memory\n * of its variants, its grid as C expressions and the "
       "description given to\n * `triton-aot compile --algo-info`. */\n"
    << "typedef struct " << info << " {\n  int num_warps;\n  int num_stages;\n"
    << "  int shared_bytes;\n  int num_variants;\n  const char *grid[3];\n"
    << "  const char *description;\n} " << info << ";\n";

  llvm::raw_string_ostream c(files.source);
  c << "/* " << files.sourceName << ": generated by triton-aot link ("
    << getCompilerVersion() << "). Do not edit. */\n"
    << "#include \"" << llvm::sys::path::filename(files.headerName)
    << "\"\n\n#include <stddef.h>\n";

  for (const Family &family : *families) {
    const Variant &reference = variants[family.first];
    std::string name = prefix + family.name;
    std::string fullParams;
    std::string argNames;
    for (const Param &param : reference.params) {
      fullParams += ", " + param.getCType() + " " + param.name;
      argNames += ", " + param.name;
    }
    std::string valueParams = llvm::StringRef(fullParams).drop_front(2).str();
    if (valueParams.empty())
      valueParams = "void";

    h << "\n/* " << family.name << ": " << family.algos.size()
      << " algo(s). Launches on `stream` in the current context; returns\n"
      << " * CUDA_ERROR_INVALID_VALUE when `algo_id` is out of range or no "
         "variant of\n * the algo accepts the arguments. */\n"
      << "CUresult " << name << "(CUstream stream" << fullParams
      << ", int algo_id);\n"
      << "/* Algo 0. */\nCUresult " << name << "_default(CUstream stream"
      << fullParams << ");\n"
      << "int " << name << "_get_num_algos(void);\n"
      << "/* The name of the variant `" << family.name
      << "` would launch for these arguments,\n * or NULL when none fits or "
         "`algo_id` is out of range. */\n"
      << "const char *" << name << "_select(" << valueParams
      << ", int algo_id);\n"
      << "CUresult " << name << "_get_algo_info(int algo_id, " << info
      << " *info);\n"
      << "/* Loads every variant into the current context; unloads them from "
         "all. */\n"
      << "CUresult " << prefix << "load_" << family.name << "(void);\n"
      << "CUresult " << prefix << "unload_" << family.name << "(void);\n"
      << "/* The generated ABI's version: " << kABIVersion << ". */\n"
      << "int " << name << "_abi_version(void);\n";

    // The variants' own entry points.
    c << "\n/* " << family.name << " */\n";
    for (const Algo &algo : family.algos)
      for (size_t index : algo.variants) {
        const Variant &variant = variants[index];
        std::string suffix =
            variant.name + "_" + variant.hash + "_" + variant.suffix;
        c << "CUresult " << variant.getFunctionName() << "(CUstream stream";
        for (const Param &param : variant.params)
          if (!param.equalTo1)
            c << ", " << param.getCType() << " " << param.name;
        c << ");\nCUresult " << prefix << "load_" << suffix
          << "(void);\nCUresult " << prefix << "unload_" << suffix
          << "(void);\n";
      }

    for (auto [algoIndex, algo] : llvm::enumerate(family.algos)) {
      // Which variant fits, most specialized first.
      c << "\nstatic int " << name << "_match_" << algoIndex << "("
        << valueParams << ") {\n";
      for (const Param &param : reference.params)
        c << "  (void)" << param.name << ";\n";
      for (auto [position, index] : llvm::enumerate(algo.variants))
        c << "  if (" << formatCondition(variants[index]) << ")\n    return "
          << position << ";\n";
      c << "  return -1;\n}\n\n";

      c << "static const char *const " << name << "_names_" << algoIndex
        << "[] = {\n";
      for (size_t index : algo.variants)
        c << "    " << quoteC(variants[index].getFunctionName()) << ",\n";
      c << "};\n\n";

      c << "static CUresult " << name << "_algo_" << algoIndex
        << "(CUstream stream" << fullParams << ") {\n  switch (" << name
        << "_match_" << algoIndex << "("
        << llvm::StringRef(argNames).drop_front(2) << ")) {\n";
      for (auto [position, index] : llvm::enumerate(algo.variants)) {
        const Variant &variant = variants[index];
        c << "  case " << position << ":\n    return "
          << variant.getFunctionName() << "(stream";
        for (const Param &param : variant.params)
          if (!param.equalTo1)
            c << ", " << param.name;
        c << ");\n";
      }
      c << "  default:\n    return CUDA_ERROR_INVALID_VALUE;\n  }\n}\n";
    }

    c << "\nstatic const " << info << " " << name << "_algos[] = {\n";
    for (const Algo &algo : family.algos) {
      const Variant &first = variants[algo.variants.front()];
      int64_t shared = 0;
      for (size_t index : algo.variants)
        shared = std::max(shared, variants[index].getMaxSharedBytes());
      c << "    {" << first.numWarps << ", " << first.numStages << ", "
        << shared << ", " << algo.variants.size() << ", {"
        << quoteC(first.grid[0]) << ", " << quoteC(first.grid[1]) << ", "
        << quoteC(first.grid[2]) << "}, " << quoteC(first.algoInfo) << "},\n";
    }
    c << "};\n\n";

    c << "int " << name << "_get_num_algos(void) { return "
      << family.algos.size() << "; }\n\n"
      << "int " << name << "_abi_version(void) { return " << kABIVersion
      << "; }\n\n"
      << "CUresult " << name << "(CUstream stream" << fullParams
      << ", int algo_id) {\n  switch (algo_id) {\n";
    for (size_t algoIndex = 0; algoIndex < family.algos.size(); ++algoIndex)
      c << "  case " << algoIndex << ":\n    return " << name << "_algo_"
        << algoIndex << "(stream" << argNames << ");\n";
    c << "  default:\n    return CUDA_ERROR_INVALID_VALUE;\n  }\n}\n\n"
      << "CUresult " << name << "_default(CUstream stream" << fullParams
      << ") {\n  return " << name << "_algo_0(stream" << argNames << ");\n}\n\n"
      << "const char *" << name << "_select(" << valueParams
      << ", int algo_id) {\n  int tt_index;\n  switch (algo_id) {\n";
    for (size_t algoIndex = 0; algoIndex < family.algos.size(); ++algoIndex)
      c << "  case " << algoIndex << ":\n    tt_index = " << name << "_match_"
        << algoIndex << "(" << llvm::StringRef(argNames).drop_front(2)
        << ");\n    return tt_index < 0 ? NULL : " << name << "_names_"
        << algoIndex << "[tt_index];\n";
    c << "  default:\n    return NULL;\n  }\n}\n\n"
      << "CUresult " << name << "_get_algo_info(int algo_id, " << info
      << " *info) {\n  if (algo_id < 0 || algo_id >= " << family.algos.size()
      << " || info == NULL)\n    return CUDA_ERROR_INVALID_VALUE;\n"
      << "  *info = " << name
      << "_algos[algo_id];\n  return CUDA_SUCCESS;\n}\n";

    for (const char *action : {"load", "unload"}) {
      c << "\nCUresult " << prefix << action << "_" << family.name
        << "(void) {\n  CUresult first = CUDA_SUCCESS, result;\n";
      for (const Algo &algo : family.algos)
        for (size_t index : algo.variants) {
          const Variant &variant = variants[index];
          c << "  result = " << prefix << action << "_" << variant.name << "_"
            << variant.hash << "_" << variant.suffix << "();\n"
            << "  if (first == CUDA_SUCCESS)\n    first = result;\n";
        }
      c << "  return first;\n}\n";
    }
  }
  h << "\n#ifdef __cplusplus\n}\n#endif\n\n#endif /* " << guard << " */\n";
  return files;
}
