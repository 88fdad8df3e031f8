//===- RuntimeCompilerTest.cpp - the runtime's compiler backend -----------===//
//
// Which assembler the runtime's compiler uses, as its version (the cache
// key) names it: Triton's way, ptxas, where one is found; nvJitLink only
// where TRITON_MLIR_ASSEMBLER asks for it or no ptxas is there.
//
//===----------------------------------------------------------------------===//
#include "Runtime/TritonCompilerBackend.h"
#include "Pipeline/CompileOptions.h"
#include "Target/NvJitLink.h"
#include "Target/Ptxas.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

using namespace triton::runtime;

namespace {

/// Sets TRITON_MLIR_ASSEMBLER for one scope (unset with nullptr).
class AssemblerEnv {
public:
  explicit AssemblerEnv(const char *value) {
    if (const char *old = std::getenv(kName))
      saved = old;
    if (value)
      setenv(kName, value, 1);
    else
      unsetenv(kName);
  }
  ~AssemblerEnv() {
    if (saved)
      setenv(kName, saved->c_str(), 1);
    else
      unsetenv(kName);
  }

private:
  static constexpr const char *kName = "TRITON_MLIR_ASSEMBLER";
  std::optional<std::string> saved;
};

bool hasPtxas() {
  llvm::Expected<std::string> ptxas =
      mlir::triton::findPtxas(mlir::triton::CompileOptions());
  if (ptxas)
    return true;
  llvm::consumeError(ptxas.takeError());
  return false;
}

bool hasNvJitLink() {
  llvm::Expected<mlir::triton::CudaRelease> release =
      mlir::triton::getNvJitLinkRelease();
  if (release)
    return true;
  llvm::consumeError(release.takeError());
  return false;
}

TEST(RuntimeCompilerTest, PtxasByDefault) {
  if (!hasPtxas())
    GTEST_SKIP() << "no ptxas here";
  // Unset, and a name that is no assembler: both keep the default.
  for (const char *value : {static_cast<const char *>(nullptr), "fastest"}) {
    AssemblerEnv env(value);
    std::string version = createTritonCompiler()->getVersion();
    EXPECT_NE(version.find(", ptxas "), std::string::npos)
        << (value ? value : "(unset)") << ": " << version;
  }
}

TEST(RuntimeCompilerTest, NvJitLinkWhenAskedFor) {
  if (!hasNvJitLink())
    GTEST_SKIP() << "no libnvJitLink here";
  AssemblerEnv env("nvjitlink");
  std::string version = createTritonCompiler()->getVersion();
  EXPECT_NE(version.find(", nvJitLink (CUDA "), std::string::npos) << version;
}

} // namespace
