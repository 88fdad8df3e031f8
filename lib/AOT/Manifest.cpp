//===- Manifest.cpp - a variant's description inside its header -----------===//
#include "AOT/Manifest.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::triton::aot;

namespace {
constexpr llvm::StringLiteral kTag = "@triton-aot ";
} // namespace

std::string mlir::triton::aot::writeManifest(const Variant &variant) {
  std::string text;
  llvm::raw_string_ostream os(text);
  auto line = [&](llvm::StringRef key, const llvm::Twine &value) {
    os << kTag << key << ": " << value << "\n";
  };
  line("abi", llvm::Twine(kABIVersion));
  line("prefix", variant.prefix);
  line("name", variant.name);
  line("kernel", variant.kernelName);
  line("hash", variant.hash);
  line("suffix", variant.suffix);
  line("algo", variant.algoKey);
  line("algo-info", variant.algoInfo);
  line("num-warps", llvm::Twine(variant.numWarps));
  line("num-stages", llvm::Twine(variant.numStages));
  for (const Param &param : variant.params)
    line("param", param.name + " " + param.type + " " +
                      (param.equalTo1 ? std::string("=1")
                                      : std::to_string(param.divisibility)));
  for (const std::string &dim : variant.grid)
    line("grid", dim);
  for (const TargetBinary &target : variant.targets)
    line("target", target.arch + " " + llvm::Twine(target.computeCapability) +
                       " " + (target.archSpecific ? "specific" : "family") +
                       " " + llvm::Twine(target.sharedBytes));
  return text;
}

llvm::Expected<Variant>
mlir::triton::aot::parseManifest(llvm::StringRef header,
                                 llvm::StringRef fileName) {
  Variant variant;
  unsigned lineNumber = 0;
  unsigned grids = 0;
  bool sawABI = false, sawName = false;
  auto fail = [&](const llvm::Twine &message) {
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        llvm::formatv("{0}:{1}: {2}", fileName, lineNumber, message.str())
            .str());
  };
  llvm::SmallVector<llvm::StringRef> lines;
  header.split(lines, '\n');
  for (llvm::StringRef line : lines) {
    ++lineNumber;
    line = line.trim();
    // Inside the header's comment block, each line starts with " * ".
    line.consume_front("* ");
    if (!line.consume_front(kTag))
      continue;
    auto [key, value] = line.split(": ");
    if (!line.contains(": ")) {
      key = line.rtrim(':');
      value = "";
    }
    auto parseInt = [&](llvm::StringRef text, auto &out) -> bool {
      long long parsed;
      if (text.getAsInteger(10, parsed))
        return false;
      out = parsed;
      return true;
    };
    if (key == "abi") {
      int abi = 0;
      if (!parseInt(value, abi))
        return fail("bad abi '" + value + "'");
      if (abi != kABIVersion)
        return fail("generated for triton-aot ABI " + llvm::Twine(abi) +
                    ", this triton-aot links ABI " + llvm::Twine(kABIVersion) +
                    ": regenerate it");
      sawABI = true;
    } else if (key == "prefix") {
      variant.prefix = value.str();
    } else if (key == "name") {
      variant.name = value.str();
      sawName = true;
    } else if (key == "kernel") {
      variant.kernelName = value.str();
    } else if (key == "hash") {
      variant.hash = value.str();
    } else if (key == "suffix") {
      variant.suffix = value.str();
    } else if (key == "algo") {
      variant.algoKey = value.str();
    } else if (key == "algo-info") {
      variant.algoInfo = value.str();
    } else if (key == "num-warps") {
      if (!parseInt(value, variant.numWarps))
        return fail("bad num-warps '" + value + "'");
    } else if (key == "num-stages") {
      if (!parseInt(value, variant.numStages))
        return fail("bad num-stages '" + value + "'");
    } else if (key == "param") {
      // "<name> <type> <hint>"; a descriptor's type has spaces
      // ("tensordesc<fp16[128, 64]>").
      auto [name, rest] = value.split(' ');
      auto [type, hint] = rest.rsplit(' ');
      Param param;
      if (name.empty() || type.empty() || hint.empty())
        return fail("bad param '" + value + "'");
      param.name = name.str();
      param.type = type.str();
      if (hint == "=1")
        param.equalTo1 = true;
      else if (!parseInt(hint, param.divisibility))
        return fail("bad param hint '" + hint + "'");
      variant.params.push_back(std::move(param));
    } else if (key == "grid") {
      if (grids == 3)
        return fail("more than three grid lines");
      variant.grid[grids++] = value.str();
    } else if (key == "target") {
      llvm::SmallVector<llvm::StringRef> fields;
      value.split(fields, ' ');
      TargetBinary target;
      if (fields.size() != 4 ||
          !parseInt(fields[1], target.computeCapability) ||
          (fields[2] != "specific" && fields[2] != "family") ||
          !parseInt(fields[3], target.sharedBytes))
        return fail("bad target '" + value + "'");
      target.arch = fields[0].str();
      target.archSpecific = fields[2] == "specific";
      variant.targets.push_back(std::move(target));
    } else {
      return fail("unknown manifest key '" + key + "'");
    }
  }
  lineNumber = 0;
  if (!sawABI || !sawName)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        (fileName + ": not a header written by `triton-aot compile` (no "
                    "@triton-aot manifest)")
            .str());
  if (variant.hash.size() != 8 || variant.suffix.empty() ||
      variant.algoKey.empty() || grids != 3 || variant.targets.empty() ||
      variant.kernelName.empty())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        (fileName + ": incomplete @triton-aot manifest (hash, suffix, algo, "
                    "kernel, three grid lines and a target are required)")
            .str());
  return variant;
}
