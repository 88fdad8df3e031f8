//===- CompilerCApi.cpp - the C API of the compiler -----------------------===//
//
// triton_mlir.h over compileSource (Compiler/Compiler.h): options arrive as
// a JSON object with Triton's option names, outputs leave as named strings.
// Every failure the compiler reports becomes the result's "error" text (the
// project, like LLVM, is built without exceptions).
//
//===----------------------------------------------------------------------===//
#include "CAPI/triton_mlir.h"
#include "Compiler/Compiler.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include <map>
#include <new>
#include <string>

using namespace mlir::triton;

struct triton_mlir_result {
  bool ok = false;
  std::map<std::string, std::string> outputs;
};

namespace {

/// Reads `text` (Triton's option names) into `request`. Errors name the key.
llvm::Error parseOptions(llvm::StringRef text, CompileRequest &request) {
  CompileOptions &options = request.options;
  if (text.trim().empty())
    return llvm::Error::success();
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(text);
  if (!parsed)
    return llvm::createStringError("options are not valid JSON: " +
                                   llvm::toString(parsed.takeError()));
  const llvm::json::Object *object = parsed->getAsObject();
  if (!object)
    return llvm::createStringError("options must be a JSON object");

  auto typeError = [](llvm::StringRef key, llvm::StringRef expected) {
    return llvm::createStringError("option '" + key + "' must be " +
                                   expected);
  };
  for (const auto &[key, value] : *object) {
    auto integer = [&](int &into, int minimum) -> llvm::Error {
      std::optional<int64_t> number = value.getAsInteger();
      if (!number || *number < minimum || *number > (1 << 20))
        return typeError(key, "an integer of at least " +
                                  std::to_string(minimum));
      into = static_cast<int>(*number);
      return llvm::Error::success();
    };
    auto boolean = [&](bool &into) -> llvm::Error {
      std::optional<bool> flag = value.getAsBoolean();
      if (!flag)
        return typeError(key, "a boolean");
      into = *flag;
      return llvm::Error::success();
    };
    auto string = [&](std::string &into) -> llvm::Error {
      std::optional<llvm::StringRef> text = value.getAsString();
      if (!text)
        return typeError(key, "a string");
      into = text->str();
      return llvm::Error::success();
    };
    llvm::Error error = llvm::Error::success();
    if (key == "target") {
      std::string target;
      error = string(target);
      if (!error && !parseTargetString(target, options))
        error = llvm::createStringError(
            "unknown target '" + target +
            "' (expected cuda:90, sm_90a, sm_80, ...)");
      request.targetGiven = true;
    } else if (key == "ptx_target") {
      std::string target;
      CompileOptions binary;
      error = string(target);
      if (!error && !parseTargetString(target, binary))
        error = llvm::createStringError(
            "unknown ptx_target '" + target +
            "' (expected cuda:90, sm_90a, sm_80, ...)");
      options.binaryCapability = binary.computeCapability;
    } else if (key == "num_warps") {
      error = integer(options.numWarps, 1);
    } else if (key == "num_ctas") {
      error = integer(options.numCtas, 1);
    } else if (key == "num_stages") {
      error = integer(options.numStages, 0);
    } else if (key == "ptx_version") {
      error = integer(options.ptxVersion, 0);
    } else if (key == "maxnreg") {
      // null (Triton's default): no limit.
      if (value.kind() != llvm::json::Value::Null) {
        int registers = 0;
        error = integer(registers, 1);
        options.maxnreg = registers;
      }
    } else if (key == "enable_fp_fusion") {
      error = boolean(options.enableFpFusion);
    } else if (key == "line_info") {
      error = boolean(options.lineInfo);
    } else if (key == "enable_reflect_ftz") {
      error = boolean(options.enableReflectFtz);
    } else if (key == "ptxas_path") {
      error = string(options.ptxasPath);
    } else if (key == "assembler") {
      std::string name;
      error = string(name);
      if (!error) {
        if (std::optional<Assembler> chosen = parseAssembler(name))
          options.assembler = *chosen;
        else
          error = llvm::createStringError(
              "unknown assembler '" + name +
              "' (expected ptxas, nvjitlink or auto)");
      }
    } else if (key == "language") {
      std::string language;
      error = string(language);
      if (!error && language != "triton" && language != "gluon")
        error = llvm::createStringError("unknown language '" + language +
                                        "' (expected triton or gluon)");
      request.gluon = language == "gluon";
    } else if (key == "reproducer_path") {
      error = string(request.reproducerPath);
    } else if (key == "ptx_options") {
      error = string(options.ptxasOptions);
    } else if (key == "libdevice_path") {
      error = string(options.libdevicePath);
    } else {
      error = llvm::createStringError("unknown option '" + key.str() + "'");
    }
    if (error)
      return error;
  }
  return llvm::Error::success();
}

void compileInto(triton_mlir_result &result, llvm::StringRef source,
                 llvm::StringRef optionsText) {
  CompileRequest request;
  request.keepIntermediates = true;
  if (llvm::Error error = parseOptions(optionsText, request)) {
    result.outputs["error"] = llvm::toString(std::move(error));
    return;
  }
  llvm::Expected<CompiledKernel> kernel =
      compileSource(source, request, "<kernel>");
  if (!kernel) {
    result.outputs["error"] = llvm::toString(kernel.takeError());
    return;
  }
  result.ok = true;
  result.outputs["ttgir"] = std::move(kernel->ttgir);
  result.outputs["llir"] = std::move(kernel->llvmIR);
  result.outputs["ptx"] = std::move(kernel->ptx);
  result.outputs["cubin"] = std::move(kernel->cubin);
  result.outputs["ptxas_log"] = std::move(kernel->ptxasLog);
  result.outputs["metadata"] =
      llvm::formatv("{0}", llvm::json::Value(std::move(kernel->metadata)))
          .str();
  llvm::json::Object timings;
  for (auto &[stage, seconds] : kernel->stageSeconds)
    timings[stage] = seconds;
  result.outputs["timings"] =
      llvm::formatv("{0}", llvm::json::Value(std::move(timings))).str();
}

} // namespace

extern "C" {

int triton_mlir_abi_version(void) { return TRITON_MLIR_C_ABI_VERSION; }

const char *triton_mlir_version(void) { return getCompilerVersion().data(); }

triton_mlir_result *triton_mlir_compile(const char *source, size_t size,
                                        const char *options_json) {
  auto *result = new (std::nothrow) triton_mlir_result();
  if (!result)
    return nullptr;
  if (!source && size != 0)
    result->outputs["error"] = "no source given";
  else
    compileInto(*result, llvm::StringRef(source, source ? size : 0),
                options_json ? llvm::StringRef(options_json) : "");
  return result;
}

int triton_mlir_result_ok(const triton_mlir_result *result) {
  return result && result->ok ? 1 : 0;
}

const char *triton_mlir_result_get(const triton_mlir_result *result,
                                   const char *name, size_t *size) {
  if (size)
    *size = 0;
  if (!result || !name)
    return nullptr;
  auto it = result->outputs.find(name);
  if (it == result->outputs.end())
    return nullptr;
  if (size)
    *size = it->second.size();
  return it->second.c_str();
}

void triton_mlir_result_free(triton_mlir_result *result) { delete result; }

} // extern "C"
