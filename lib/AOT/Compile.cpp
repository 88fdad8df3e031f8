//===- Compile.cpp - a TTIR/TTGIR kernel to one AOT variant ---------------===//
#include "AOT/Compile.h"
#include "AOT/GridExpr.h"
#include "Compiler/Compiler.h"
#include "Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::aot;

namespace {

constexpr llvm::StringLiteral kDivisibility = "tt.divisibility";

std::string sha256Hex(llvm::StringRef text) {
  llvm::SHA256 hasher;
  hasher.update(text);
  return llvm::toHex(hasher.final(), /*LowerCase=*/true);
}

/// The module's one public tt.func (getKernelSignature has checked there is
/// exactly one).
FuncOp getKernel(ModuleOp module) {
  for (FuncOp function : module.getOps<FuncOp>())
    if (function.isPublic())
      return function;
  return nullptr;
}

/// Where to report a problem with argument `index`: its own location when
/// it points into a file (Triton writes `loc("x_ptr"(#loc))`), else the
/// kernel's.
Location getArgLoc(FuncOp kernel, unsigned index) {
  Location loc = kernel.getArgument(index).getLoc();
  Location inner = loc;
  while (auto name = dyn_cast<NameLoc>(inner))
    inner = name.getChildLoc();
  return isa<UnknownLoc>(inner) ? kernel.getLoc() : loc;
}

/// Applies one "<param>=<hint>" to `kernel`'s arguments and `params`.
LogicalResult applyHint(ModuleOp module, FuncOp kernel,
                        std::vector<Param> &params, llvm::StringRef hint) {
  auto [name, value] = hint.split('=');
  auto it =
      llvm::find_if(params, [&](const Param &p) { return p.name == name; });
  if (it == params.end() || value.empty())
    return module.emitError()
           << "--hint '" << hint << "': "
           << (value.empty() ? "expected <param>=16|1|none"
                             : "no parameter named '" + name.str() + "'");
  unsigned index = it - params.begin();
  Location loc = getArgLoc(kernel, index);
  if (value == "none") {
    kernel.removeArgAttr(index, kDivisibility);
    it->divisibility = 0;
    it->equalTo1 = false;
    return success();
  }
  if (value == "16") {
    if (!it->isPointer() && !it->isInteger())
      return emitError(loc) << "--hint " << hint << ": only pointers and "
                            << "integers take a divisibility hint, '" << name
                            << "' is " << it->type;
    kernel.setArgAttr(index, kDivisibility,
                      Builder(module.getContext()).getI32IntegerAttr(16));
    it->divisibility = 16;
    it->equalTo1 = false;
    return success();
  }
  if (value == "1") {
    if (!it->isInteger())
      return emitError(loc)
             << "--hint " << hint << ": only integers can be "
             << "specialized to 1, '" << name << "' is " << it->type;
    kernel.removeArgAttr(index, kDivisibility);
    it->divisibility = 0;
    it->equalTo1 = true;
    return success();
  }
  return module.emitError() << "--hint '" << hint << "': unknown hint '"
                            << value << "' (expected 16, 1 or none)";
}

/// Replaces the parameters specialized to 1 by a constant and removes them
/// from the kernel's signature.
LogicalResult foldParamsEqualTo1(FuncOp kernel,
                                 const std::vector<Param> &params) {
  OpBuilder builder(kernel.getContext());
  builder.setInsertionPointToStart(&kernel.getBody().front());
  llvm::BitVector erased(params.size());
  for (auto [index, param] : llvm::enumerate(params)) {
    if (!param.equalTo1)
      continue;
    BlockArgument argument = kernel.getArgument(index);
    Value one = arith::ConstantIntOp::create(builder, argument.getLoc(),
                                             argument.getType(), 1);
    argument.replaceAllUsesWith(one);
    erased.set(index);
  }
  return kernel.eraseArguments(erased);
}

/// Identifies the algo: the IR without hints and locations, the
/// meta-parameters, the targets and the algo's description.
std::string computeAlgoKey(ModuleOp module, const CompileConfig &config,
                           int numWarps,
                           const std::vector<CompileOptions> &targets) {
  OwningOpRef<ModuleOp> copy = module.clone();
  FuncOp kernel = getKernel(*copy);
  for (unsigned i = 0; i < kernel.getNumArguments(); ++i)
    kernel.removeArgAttr(i, kDivisibility);
  std::string text;
  llvm::raw_string_ostream os(text);
  copy->print(os, OpPrintingFlags().enableDebugInfo(false));
  os << "\nnum_warps=" << numWarps << "\nnum_stages=" << config.numStages
     << "\ninfo=" << config.algoInfo << "\ntargets=";
  for (const CompileOptions &target : targets)
    os << target.getArch() << ",";
  // Keys of single-CTA algos stay what they were before clusters.
  if (targets.front().numCtas != 1)
    os << "\nnum_ctas=" << targets.front().numCtas;
  return sha256Hex(text).substr(0, 16);
}

/// Triton's suffix: each parameter's index, then 'c' when specialized to 1
/// and 'd' when divisible.
std::string computeSuffix(const std::vector<Param> &params) {
  std::string suffix;
  for (auto [index, param] : llvm::enumerate(params)) {
    suffix += std::to_string(index);
    if (param.equalTo1)
      suffix += 'c';
    if (param.divisibility > 1)
      suffix += 'd';
  }
  return suffix;
}


/// The C parameters of the kernel's arguments. A tensor descriptor must be
/// followed by its shape (i32) and strides (i64), as Triton's frontend
/// flattens a TensorDescriptor; those become `<desc>_shape<d>` and
/// `<desc>_stride<d>`.
LogicalResult collectParams(FuncOp kernel, const KernelSignature &signature,
                            std::vector<Param> &params) {
  const std::vector<KernelParam> &kernelParams = signature.params;
  for (size_t index = 0; index < kernelParams.size(); ++index) {
    const KernelParam &kernelParam = kernelParams[index];
    Param param;
    param.name = kernelParam.name;
    param.type = kernelParam.type;
    param.divisibility = kernelParam.divisibility;
    param.unused = !kernelParam.used;
    params.push_back(param);
    unsigned rank = param.getTensorDescRank();
    if (rank == 0)
      continue;
    bool flattened = index + 2 * rank < kernelParams.size();
    for (unsigned d = 0; flattened && d < 2 * rank; ++d)
      flattened = kernelParams[index + 1 + d].type == (d < rank ? "i32" : "i64");
    if (!flattened)
      return emitError(getArgLoc(kernel, index))
             << "tensor-descriptor argument #" << index << " ('"
             << kernelParam.name << "') must be followed by its shape ("
             << rank << " x i32) and strides (" << rank
             << " x i64) arguments, as Triton's frontend passes a "
                "TensorDescriptor; the launcher encodes the CUtensorMap from "
                "them";
    for (unsigned d = 0; d < 2 * rank; ++d) {
      const KernelParam &part = kernelParams[index + 1 + d];
      Param partParam;
      partParam.name = kernelParam.name + (d < rank ? "_shape" : "_stride") +
                       std::to_string(d % rank);
      partParam.type = part.type;
      partParam.divisibility = part.divisibility;
      params.push_back(partParam);
    }
    index += 2 * rank;
  }
  for (auto [index, param] : llvm::enumerate(params)) {
    if (!isUsableCName(param.name))
      return emitError(getArgLoc(kernel, index))
             << "parameter name '" << param.name
             << "' cannot be a C parameter (a C/C++ keyword or a name the "
                "launcher reserves: stream, algo_id, info, tt_*); rename it in "
                "the kernel";
    for (const Param &earlier : llvm::ArrayRef(params).take_front(index))
      if (earlier.name == param.name)
        return emitError(getArgLoc(kernel, index))
               << "parameter #" << index << " has the name '" << param.name
               << "' of an earlier one; C parameters need distinct names";
  }
  return success();
}

/// How the kernel compiled for one target takes the tensor-descriptor
/// parameters (TargetBinary::tensorMaps) and its global scratch.
LogicalResult describeTarget(ModuleOp module, const CompiledKernel &compiled,
                             const std::vector<Param> &params,
                             TargetBinary &binary) {
  const llvm::json::Object &metadata = compiled.metadata;
  binary.globalScratchSize =
      metadata.getInteger("global_scratch_size").value_or(0);
  binary.globalScratchAlign =
      std::max<int64_t>(1, metadata.getInteger("global_scratch_align").value_or(1));
  // The compiled kernel no longer takes the parameters specialized to 1.
  std::vector<const Param *> passed;
  for (const Param &param : params)
    if (!param.equalTo1)
      passed.push_back(&param);
  const std::vector<KernelParam> &lowered = compiled.signature.params;
  if (lowered.size() != passed.size())
    return module.emitError("the compiled kernel takes ")
           << lowered.size() << " arguments, its launcher " << passed.size();
  unsigned pointers = 0;
  for (auto [paramPointer, kernelParam] : llvm::zip(passed, lowered)) {
    const Param &param = *paramPointer;
    if (!param.isTensorDesc())
      continue;
    if (!kernelParam.tensorDesc) {
      // Rewritten to its base pointer (triton-rewrite-tensor-descriptor-to-
      // pointer) for a target without TMA.
      ++pointers;
      continue;
    }
    if (kernelParam.tensorDesc->fp4Padded)
      return module.emitError()
             << "tensor descriptor '" << param.name
             << "' holds padded fp4 (sm_100), which triton-aot launchers do "
                "not encode";
    binary.tensorMaps.push_back(*kernelParam.tensorDesc);
  }
  if (pointers && !binary.tensorMaps.empty())
    return module.emitError()
           << "on " << binary.arch << " some tensor descriptors became "
           << "pointers and others CUtensorMaps";
  return success();
}
} // namespace

FailureOr<Variant>
mlir::triton::aot::compileVariant(ModuleOp module,
                                  const CompileConfig &config) {
  FailureOr<IRLevel> level = detectIRLevel(module);
  if (failed(level))
    return failure();
  if (*level == IRLevel::LLVM)
    return module.emitError("triton-aot compiles TTIR or TTGIR; this is LLVM "
                            "dialect, which has no kernel signature");
  FailureOr<KernelSignature> signature =
      getKernelSignature(module, /*needTensorDescMeta=*/false);
  if (failed(signature))
    return failure();
  FuncOp kernel = getKernel(module);

  Variant variant;
  variant.prefix = config.prefix;
  variant.name = config.name.empty() ? signature->name : config.name;
  variant.kernelName = signature->name;
  variant.algoInfo = config.algoInfo;
  variant.numStages = config.numStages;
  if (!isUsableCName(variant.name))
    return module.emitError() << "kernel name '" << variant.name
                              << "' is not a usable C identifier; give "
                                 "another with --name";
  if (!config.prefix.empty() && !isUsableCName(config.prefix + "x"))
    return module.emitError() << "--prefix '" << config.prefix
                              << "' does not start a C identifier";
  if (failed(collectParams(kernel, *signature, variant.params)))
    return failure();
  for (const std::string &hint : config.hints)
    if (failed(applyHint(module, kernel, variant.params, hint)))
      return failure();

  // Options per target; a TTGIR module brings its own warps and target.
  std::vector<CompileOptions> targets;
  std::vector<std::string> targetNames = config.targets;
  bool targetGiven = !targetNames.empty();
  if (!targetGiven)
    targetNames.push_back("sm_90a");
  for (const std::string &name : targetNames) {
    CompileOptions options;
    if (!parseTargetString(name, options))
      return module.emitError() << "unknown --target '" << name
                                << "' (expected sm_70 or newer: sm_90a, "
                                   "sm_80, cuda:90, ...)";
    for (const CompileOptions &other : targets)
      if (other.getArch() == options.getArch())
        return module.emitError() << "--target " << name << " given twice";
    options.numWarps = config.numWarps.value_or(4);
    options.numStages = config.numStages;
    options.numCtas = config.numCtas.value_or(1);
    options.ptxasPath = config.ptxasPath;
    options.libdevicePath = config.libdevicePath;
    options.assembler = config.assembler;
    if (failed(applyModuleOptions(module, *level, options, targetGiven)))
      return failure();
    if (config.numWarps && options.numWarps != *config.numWarps)
      return module.emitError()
             << "--num-warps=" << *config.numWarps << " disagrees with the "
             << "TTGIR's ttg.num-warps = " << options.numWarps;
    if (config.numCtas && options.numCtas != *config.numCtas)
      return module.emitError()
             << "--num-ctas=" << *config.numCtas << " disagrees with the "
             << "TTGIR's ttg.num-ctas = " << options.numCtas;
    if (options.numCtas < 1 || options.numCtas > 16 ||
        (options.numCtas & (options.numCtas - 1)))
      return module.emitError()
             << "num_ctas must be 1, 2, 4, 8 or 16 CTAs per cluster, got "
             << options.numCtas;
    if (options.numCtas > 1 && options.computeCapability < 90)
      return module.emitError()
             << "num_ctas = " << options.numCtas << " needs clusters of CTAs "
             << "(sm_90 or newer); " << options.getArch() << " has none";
    targets.push_back(options);
  }
  variant.numWarps = targets.front().numWarps;

  std::vector<GridParam> gridParams;
  for (const Param &param : variant.params)
    gridParams.push_back({param.name, param.isInteger()});
  llvm::Expected<std::vector<GridExpr>> grid =
      parseGrid(config.grid, gridParams);
  if (!grid)
    return module.emitError() << "--grid: " << llvm::toString(grid.takeError());
  for (unsigned i = 0; i < 3; ++i)
    variant.grid[i] = (*grid)[i].str();

  variant.algoKey = computeAlgoKey(module, config, variant.numWarps, targets);
  std::string hashInput = "abi=" + std::to_string(kABIVersion) +
                          ";algo=" + variant.algoKey + ";params=";
  for (const Param &param : variant.params)
    hashInput += param.type + ":" + std::to_string(param.divisibility) +
                 (param.equalTo1 ? ":=1," : ",");
  variant.hash = sha256Hex(hashInput).substr(0, 8);
  variant.suffix = computeSuffix(variant.params);

  if (failed(foldParamsEqualTo1(kernel, variant.params)))
    return module.emitError("cannot remove the parameters specialized to 1");

  for (const CompileOptions &options : targets) {
    OwningOpRef<ModuleOp> copy = module.clone();
    CompileRequest request;
    request.options = options;
    request.targetGiven = true;
    FailureOr<CompiledKernel> compiled = compileModule(*copy, request);
    if (failed(compiled))
      return failure();
    const llvm::json::Object &metadata = compiled->metadata;
    if (metadata.getInteger("profile_scratch_size").value_or(0) > 0)
      return module.emitError()
             << "the kernel needs profile scratch memory on "
             << options.getArch() << ", which triton-aot launchers do not "
             << "allocate";
    TargetBinary binary;
    // Launched in clusters of num_ctas CTAs, as Triton's launcher does.
    binary.numCtas = metadata.getInteger("num_ctas").value_or(1);
    // Warp specialization adds warps: launch with the metadata's count.
    binary.numWarps =
        metadata.getInteger("num_warps").value_or(options.numWarps);
    binary.arch = options.getArch();
    binary.computeCapability = options.computeCapability;
    binary.archSpecific =
        options.archSpecific && options.computeCapability >= 90;
    binary.sharedBytes = compiled->sharedBytes;
    if (failed(describeTarget(module, *compiled, variant.params, binary)))
      return failure();
    binary.cubin = std::move(compiled->cubin);
    variant.targets.push_back(std::move(binary));
  }
  return variant;
}
