//===- CompileOptions.h - options every pipeline stage shares ---*- C++ -*-===//
#ifndef TRITON_PIPELINE_COMPILEOPTIONS_H
#define TRITON_PIPELINE_COMPILEOPTIONS_H

#include <optional>
#include <string>

namespace mlir::triton {

/// The PTX ISA version (times ten) used where no ptxas was asked: PTX 9.0,
/// what CUDA 13.0's ptxas accepts. resolvePTXVersion (Target/Ptxas.h)
/// replaces it with what the ptxas in use accepts.
inline constexpr int kDefaultPTXVersion = 90;

/// How the PTX becomes a cubin (Target/NvJitLink.h).
enum class Assembler {
  /// ptxas in a child process, as Triton does (the default).
  Ptxas,
  /// CUDA's libnvJitLink in this process; an error where it does not load.
  NvJitLink,
  /// nvJitLink where it loads, else ptxas.
  Auto,
};

/// "ptxas", "nvjitlink" or "auto"; nullopt for anything else.
inline std::optional<Assembler> parseAssembler(const std::string &name) {
  if (name == "ptxas")
    return Assembler::Ptxas;
  if (name == "nvjitlink")
    return Assembler::NvJitLink;
  if (name == "auto")
    return Assembler::Auto;
  return std::nullopt;
}

/// The options of one compilation, as Triton's `compile(..., options)`
/// takes them. One struct travels through every stage (ttir, ttgir, llir,
/// ptx, cubin) so the tools, the AOT compiler and the runtime agree.
struct CompileOptions {
  /// CUDA compute capability times ten plus minor (90 for sm_90a).
  int computeCapability = 90;
  int numWarps = 4;
  int numCtas = 1;
  int numStages = 3;
  int threadsPerWarp = 32;
  /// PTX ISA version times ten (90 = PTX 9.0, what CUDA 13.0 ships). 0
  /// (the default): the newest version the ptxas in use accepts, read from
  /// `ptxas --version` as Triton does, or from nvJitLinkVersion when
  /// nvJitLink assembles (resolvePTXVersion in Target/Ptxas.h).
  int ptxVersion = 0;
  /// Allow a*b+c to be contracted to fma.
  bool enableFpFusion = true;
  /// libdevice flushes float denormals to zero (the `nvvm-reflect-ftz`
  /// module flag; Triton's enable_reflect_ftz).
  bool enableReflectFtz = true;
  /// Source lines in the PTX and the cubin (`.loc`, from the llir stage's
  /// enable-line-info), as Triton unless TRITON_DISABLE_LINE_INFO is set;
  /// false also tells ptxas -suppress-debug-info.
  bool lineInfo = true;
  /// From capability 9.0 on, compile for the architecture-specific variant
  /// (`sm_90a`, with wgmma and setmaxnreg) as Triton does; false gives the
  /// portable `sm_90`.
  bool archSpecific = true;
  /// The most 32-bit registers one thread of the kernel may use (PTX
  /// `.maxnreg` on the kernel's `.entry`), as Triton's `maxnreg` option: the
  /// ttgir stage sets the module attribute `ttg.maxnreg`. Unset: no limit.
  std::optional<int> maxnreg;
  /// ptxas to run; empty: $TRITON_PTXAS_PATH, else CUDA's, else PATH.
  std::string ptxasPath;
  /// ptxas (a child process, Triton's way) or nvJitLink (in this process).
  Assembler assembler = Assembler::Ptxas;
  /// ptxVersion, or kDefaultPTXVersion while it is still 0 (unresolved).
  int getPTXVersion() const {
    return ptxVersion > 0 ? ptxVersion : kDefaultPTXVersion;
  }
  /// Extra ptxas options, split at spaces (Triton's `ptx_options`).
  std::string ptxasOptions;
  /// libdevice bitcode to link; empty: $TRITON_LIBDEVICE_PATH, else
  /// CUDA's nvvm/libdevice/libdevice.10.bc.
  std::string libdevicePath;

  /// The GPU the PTX and the cubin are for, when it is not the one the
  /// kernel is lowered for: Triton's arch override (`arch="sm80"`,
  /// TRITON_OVERRIDE_ARCH) lowers TTGIR and LLVM IR for sm_80 and still
  /// makes PTX and a cubin for the device, sm_90a. 0: computeCapability.
  int binaryCapability = 0;

  /// The GPU architecture the kernel is lowered for: "sm_90a", "sm_80".
  std::string getArch() const { return getArchName(computeCapability); }
  /// The architecture of the PTX and the cubin (LLVM's NVPTX target, ptxas).
  std::string getBinaryArch() const {
    return getArchName(binaryCapability ? binaryCapability
                                        : computeCapability);
  }
  /// "sm_<capability>", with the "a" suffix from 9.0 on when archSpecific.
  std::string getArchName(int capability) const {
    std::string arch = "sm_" + std::to_string(capability);
    if (archSpecific && capability >= 90)
      arch += "a";
    return arch;
  }
  /// Triton's target string, as in the `ttg.target` module attribute.
  std::string getTarget() const {
    return "cuda:" + std::to_string(computeCapability);
  }
};

/// Reads a target as the tools take it: "cuda:90", "sm_90a", "sm_90",
/// "sm_80", "90", for compute capability 7.0 or newer. Sets
/// `computeCapability` and `archSpecific` of `options` and returns true;
/// false (options untouched) for anything else.
inline bool parseTargetString(const std::string &text,
                              CompileOptions &options) {
  std::string digits;
  bool specific = true;
  if (text.rfind("cuda:", 0) == 0) {
    digits = text.substr(5);
  } else if (text.rfind("sm_", 0) == 0) {
    digits = text.substr(3);
    // "sm_90" asks for the portable variant; below 9.0 there is no other.
    specific = !digits.empty() && digits.back() == 'a';
    if (specific)
      digits.pop_back();
  } else {
    digits = text;
  }
  if (digits.empty() || digits.size() > 3 ||
      digits.find_first_not_of("0123456789") != std::string::npos)
    return false;
  int capability = std::stoi(digits);
  // Triton 3.6 supports Ampere and newer, and its compiler still takes
  // Volta and Turing (its own test_override_arch compiles for cuda:70, dots
  // there go to FMA or m16n8k8); anything older is refused, not turned into
  // PTX (issue 19).
  if (capability < 70)
    return false;
  options.computeCapability = capability;
  options.archSpecific = specific;
  return true;
}

} // namespace mlir::triton

#endif // TRITON_PIPELINE_COMPILEOPTIONS_H
