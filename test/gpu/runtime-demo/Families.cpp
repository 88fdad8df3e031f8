//===- Families.cpp - the demo's kernel families -------------------------===//
#include "Families.h"

#include "Runtime/DiskCache.h"

using namespace triton::runtime;

namespace {

std::string replaceAll(std::string text, const std::string &from,
                       const std::string &to) {
  for (size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

/// The TTIR without tt.divisibility on its integer (non-pointer) arguments.
std::string dropIntegerHints(const std::string &ttir) {
  return replaceAll(ttir, ": i32 {tt.divisibility = 16 : i32}", ": i32");
}

unsigned ceilDiv(int64_t a, int64_t b) { return unsigned((a + b - 1) / b); }

} // namespace

Result<FamilySpec> demo::makeAddFamily(const std::string &kernelDir) {
  Result<std::string> ttir = DiskCache::readFile(kernelDir + "/add_kernel.ttir");
  if (!ttir)
    return ttir.status();
  if (ttir->find("1024") == std::string::npos ||
      ttir->find("%n: i32 {tt.divisibility = 16 : i32}") == std::string::npos)
    return Status(StatusCode::InvalidArgument,
                  "add_kernel.ttir is not the expected BLOCK=1024 add kernel");
  FamilySpec spec;
  spec.name = "add";
  struct Config {
    int block, warps;
  };
  for (Config config : {Config{256, 4}, Config{1024, 4}, Config{1024, 8},
                        Config{2048, 4}}) {
    std::string sized = replaceAll(*ttir, "1024", std::to_string(config.block));
    for (bool specialized : {true, false}) {
      Variant variant;
      variant.label = "BLOCK=" + std::to_string(config.block) + " warps=" +
                      std::to_string(config.warps) +
                      (specialized ? " n%16" : " any-n");
      variant.source = specialized ? sized : dropIntegerHints(sized);
      variant.numWarps = config.warps;
      variant.constants["BLOCK"] = config.block;
      spec.variants.push_back(variant);
    }
  }
  spec.key = {"n"};
  spec.writes = {"out_ptr"};
  spec.grid = [](const std::vector<Arg> &args, const Variant &variant) {
    return LaunchGrid{ceilDiv(args[3].getInteger(), variant.constants.at("BLOCK"))};
  };
  return spec;
}

Result<FamilySpec> demo::makeSoftmaxFamily(const std::string &kernelDir) {
  Result<std::string> ttir =
      DiskCache::readFile(kernelDir + "/softmax_kernel.ttir");
  if (!ttir)
    return ttir.status();
  FamilySpec spec;
  spec.name = "softmax";
  for (int warps : {2, 4, 8})
    for (bool specialized : {true, false}) {
      Variant variant;
      variant.label = "warps=" + std::to_string(warps) +
                      (specialized ? " ints%16" : " any-ints");
      variant.source = specialized ? *ttir : dropIntegerHints(*ttir);
      variant.numWarps = warps;
      spec.variants.push_back(variant);
    }
  spec.key = {"n_cols"};
  spec.writes = {"out_ptr"};
  // One program per row (the kernel strides by the number of programs).
  spec.grid = [](const std::vector<Arg> &args, const Variant &) {
    int64_t rows = args[4].getInteger();
    return LaunchGrid{unsigned(rows < 65536 ? rows : 65536)};
  };
  return spec;
}

Result<FamilySpec> demo::makeMatmulTmaFamily(const std::string &kernelDir,
                                             int numCtas) {
  Result<std::string> ttir =
      DiskCache::readFile(kernelDir + "/matmul_tma_kernel.ttir");
  if (!ttir)
    return ttir.status();
  FamilySpec spec;
  spec.name = numCtas == 1 ? std::string("matmul_tma")
                            : "matmul_tma_cluster" + std::to_string(numCtas);
  for (bool specialized : {true, false}) {
    Variant variant;
    variant.label = specialized ? "MNK%16" : "any-MNK";
    variant.source = specialized ? *ttir : dropIntegerHints(*ttir);
    variant.numWarps = 8;
    variant.numStages = 3;
    variant.numCtas = numCtas;
    spec.variants.push_back(variant);
  }
  spec.key = {"M", "N", "K"};
  spec.writes = {"c_desc"};
  // Arguments: 3 descriptors of 5 each, then M, N, K.
  spec.grid = [](const std::vector<Arg> &args, const Variant &) {
    return LaunchGrid{ceilDiv(args[15].getInteger(), 128),
                      ceilDiv(args[16].getInteger(), 256)};
  };
  return spec;
}
