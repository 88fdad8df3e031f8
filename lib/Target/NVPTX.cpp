//===- NVPTX.cpp - LLVM IR to PTX with LLVM's NVPTX backend ---------------===//
#include "Target/NVPTX.h"
#include "Target/LLVMIR.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"
#include <mutex>

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Turns on a boolean backend option of LLVM's (`-name`), unless the
/// command line set it already. The option parses "true" itself, so a
/// renamed or retyped option reports an error instead of misbehaving.
void enableBackendOption(llvm::StringRef name) {
  auto options = llvm::cl::getRegisteredOptions();
  auto it = options.find(name);
  if (it == options.end() || it->second->getNumOccurrences() > 0)
    return;
  (void)it->second->addOccurrence(/*pos=*/0, name, "true");
}

/// The lowest PTX ISA version (times ten) that knows `options`' target.
int getMinimumPTXVersion(const CompileOptions &options) {
  int capability = options.binaryCapability ? options.binaryCapability
                                            : options.computeCapability;
  if (capability >= 90)
    return options.archSpecific ? 80 : 78;
  if (capability >= 89)
    return 78;
  if (capability >= 87)
    return 74;
  if (capability >= 86)
    return 71;
  if (capability >= 80)
    return 70;
  return 60;
}

const llvm::Target *lookupNVPTXTarget(std::string &error) {
  initializeNVPTXBackend();
  return llvm::TargetRegistry::lookupTarget(llvm::Triple(kNVPTXTriple), error);
}

} // namespace

void mlir::triton::initializeNVPTXBackend() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    // Triton's backend settings: 32-bit pointers into shared memory (the
    // `p3:32:32` of the data layout) and mad.wide for 64-bit addresses.
    enableBackendOption("nvptx-short-ptr");
    enableBackendOption("nvptx-mad-wide-opt");
  });
}

int mlir::triton::getLLVMPTXVersion(int requested) {
  std::string error;
  const llvm::Target *target = lookupNVPTXTarget(error);
  if (!target)
    return requested;
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
      target->createMCSubtargetInfo(llvm::Triple(kNVPTXTriple), "", ""));
  if (!subtarget)
    return requested;
  int best = 0;
  for (const llvm::SubtargetFeatureKV &feature :
       subtarget->getAllProcessorFeatures()) {
    llvm::StringRef key = feature.Key;
    int version = 0;
    if (!key.consume_front("ptx") || key.getAsInteger(10, version))
      continue;
    if (version == requested)
      return requested;
    if (version < requested && version > best)
      best = version;
  }
  return best ? best : requested;
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
mlir::triton::createNVPTXTargetMachine(const CompileOptions &options) {
  std::string error;
  const llvm::Target *target = lookupNVPTXTarget(error);
  if (!target)
    return llvm::createStringError("NVPTX target unavailable: " + error);
  std::string arch = options.getBinaryArch();
  if (options.getPTXVersion() < getMinimumPTXVersion(options))
    return llvm::createStringError(
        "PTX ISA " + llvm::Twine(options.getPTXVersion() / 10) + "." +
        llvm::Twine(options.getPTXVersion() % 10) + " does not support " + arch +
        " (it needs PTX " + llvm::Twine(getMinimumPTXVersion(options) / 10) +
        "." + llvm::Twine(getMinimumPTXVersion(options) % 10) + " or later)");
  std::string features =
      "+ptx" + std::to_string(getLLVMPTXVersion(options.getPTXVersion()));
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
      target->createMCSubtargetInfo(llvm::Triple(kNVPTXTriple), "", ""));
  if (!subtarget || !subtarget->isCPUStringValid(arch))
    return llvm::createStringError("LLVM's NVPTX backend does not know " +
                                   arch);

  llvm::TargetOptions targetOptions;
  if (options.enableFpFusion)
    targetOptions.AllowFPOpFusion = llvm::FPOpFusion::Fast;
  targetOptions.NoInfsFPMath = false;
  targetOptions.NoNaNsFPMath = true;
  targetOptions.TrapUnreachable = true;
  targetOptions.MCOptions.AsmVerbose = true;
  targetOptions.MCOptions.PreserveAsmComments = true;
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      llvm::Triple(kNVPTXTriple), arch, features, targetOptions,
      llvm::Reloc::PIC_, std::nullopt, llvm::CodeGenOptLevel::Aggressive));
  if (!machine)
    return llvm::createStringError("cannot create the NVPTX target machine "
                                   "for " +
                                   arch);
  return std::move(machine);
}

std::string mlir::triton::setPTXVersion(llvm::StringRef ptx, int ptxVersion) {
  std::string result;
  result.reserve(ptx.size());
  std::string version = ".version " + std::to_string(ptxVersion / 10) + "." +
                        std::to_string(ptxVersion % 10);
  while (!ptx.empty()) {
    auto [line, rest] = ptx.split('\n');
    llvm::StringRef body = line.ltrim(" \t");
    llvm::StringRef number = body;
    bool isVersion = number.consume_front(".version") && !number.empty() &&
                     (number[0] == ' ' || number[0] == '\t');
    if (isVersion) {
      number = number.trim();
      auto [major, minor] = number.split('.');
      isVersion = !major.empty() && !minor.empty() &&
                  llvm::all_of(major, llvm::isDigit) &&
                  llvm::all_of(minor, llvm::isDigit);
    }
    if (isVersion)
      result += line.take_front(line.size() - body.size()).str() + version;
    else
      result += line.str();
    // Keep the input's last line ending (or lack of one) as it was.
    if (line.size() < ptx.size())
      result += '\n';
    ptx = rest;
  }
  return result;
}

std::string mlir::triton::dropDebugTarget(llvm::StringRef ptx) {
  std::string result;
  result.reserve(ptx.size());
  while (!ptx.empty()) {
    auto [line, rest] = ptx.split('\n');
    llvm::StringRef body = line.ltrim(" \t");
    if (body.starts_with(".target") && body.size() > 7 &&
        (body[7] == ' ' || body[7] == '\t')) {
      // ".target a, b, debug": keep the other comma-separated flags.
      llvm::SmallVector<llvm::StringRef> flags;
      body.drop_front(7).split(flags, ',');
      std::string kept;
      for (llvm::StringRef flag : flags) {
        if (flag.trim() == "debug")
          continue;
        kept += kept.empty() ? " " : ", ";
        kept += flag.trim().str();
      }
      result += line.take_front(line.size() - body.size()).str() + ".target" +
                kept;
    } else {
      result += line.str();
    }
    if (line.size() < ptx.size())
      result += '\n';
    ptx = rest;
  }
  return result;
}

llvm::SmallVector<std::string>
mlir::triton::getPTXEntryNames(llvm::StringRef ptx) {
  llvm::SmallVector<std::string> names;
  llvm::SmallVector<llvm::StringRef> lines;
  ptx.split(lines, '\n');
  for (llvm::StringRef line : lines) {
    line = line.ltrim(" \t");
    if (!line.consume_front(".visible"))
      continue;
    line = line.ltrim(" \t");
    if (!line.consume_front(".entry"))
      continue;
    line = line.ltrim(" \t");
    size_t end = line.find_if_not(
        [](char c) { return llvm::isAlnum(c) || c == '_' || c == '$'; });
    llvm::StringRef name = line.take_front(end);
    if (!name.empty())
      names.push_back(name.str());
  }
  return names;
}

llvm::Expected<std::string>
mlir::triton::translateToPTX(llvm::Module &module,
                             const CompileOptions &options) {
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
      createNVPTXTargetMachine(options);
  if (!machine)
    return machine.takeError();

  // Inline everything not marked noinline, as Triton does before codegen.
  for (llvm::Function &function : module.functions())
    if (!function.isDeclaration() &&
        !function.hasFnAttribute(llvm::Attribute::NoInline))
      function.addFnAttr(llvm::Attribute::AlwaysInline);
  {
    llvm::legacy::PassManager inliner;
    inliner.add(llvm::createAlwaysInlinerLegacyPass());
    inliner.run(module);
  }
  std::string brokenReason;
  llvm::raw_string_ostream brokenStream(brokenReason);
  if (llvm::verifyModule(module, &brokenStream))
    return llvm::createStringError("invalid LLVM IR before PTX codegen: " +
                                   brokenReason);

  module.setTargetTriple(llvm::Triple(kNVPTXTriple));
  module.setDataLayout((*machine)->createDataLayout());
  llvm::SmallString<0> ptx;
  {
    llvm::raw_svector_ostream stream(ptx);
    llvm::legacy::PassManager codegen;
    if ((*machine)->addPassesToEmitFile(codegen, stream, nullptr,
                                        llvm::CodeGenFileType::AssemblyFile))
      return llvm::createStringError("the NVPTX backend cannot emit assembly");
    codegen.run(module);
  }
  std::string result =
      dropDebugTarget(setPTXVersion(ptx, options.getPTXVersion()));
  llvm::SmallVector<std::string> entries = getPTXEntryNames(result);
  if (entries.size() != 1)
    return llvm::createStringError(
        "expected exactly one kernel (.visible .entry) in the PTX, found " +
        llvm::Twine(entries.size()) +
        (entries.empty() ? "" : ": " + llvm::join(entries, ", ")) +
        " (a kernel is an llvm.func with the nvvm.kernel attribute)");
  return result;
}
