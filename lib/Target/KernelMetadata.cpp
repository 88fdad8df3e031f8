//===- KernelMetadata.cpp - the <kernel>.json beside every cubin ----------===//
#include "Target/KernelMetadata.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/TMAUtility.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// The integer module attribute `name` of `module`, if it has one.
std::optional<int64_t> getIntAttr(ModuleOp module, llvm::StringRef name) {
  if (auto attr = module->getAttrOfType<IntegerAttr>(name))
    return attr.getInt();
  return std::nullopt;
}

/// Triton's spelling of a float type ("fp32", "fp8e4nv", ...).
std::optional<std::string> getFloatTypeName(FloatType type) {
  if (type.isF16())
    return "fp16";
  if (type.isBF16())
    return "bf16";
  if (type.isF32())
    return "fp32";
  if (type.isF64())
    return "fp64";
  if (isa<Float8E4M3FNType>(type))
    return "fp8e4nv";
  if (isa<Float8E5M2Type>(type))
    return "fp8e5";
  if (isa<Float8E4M3FNUZType>(type))
    return "fp8e4b8";
  if (isa<Float8E5M2FNUZType>(type))
    return "fp8e5b16";
  if (isa<Float8E4M3B11FNUZType>(type))
    return "fp8e4b15";
  return std::nullopt;
}

} // namespace

std::optional<std::string> mlir::triton::getSignatureTypeName(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type)) {
    unsigned width = intType.getWidth();
    if (width != 1 && width != 8 && width != 16 && width != 32 && width != 64)
      return std::nullopt;
    return (intType.isUnsigned() ? "u" : "i") + std::to_string(width);
  }
  if (auto floatType = dyn_cast<FloatType>(type))
    return getFloatTypeName(floatType);
  if (auto pointerType = dyn_cast<PointerType>(type)) {
    // A pointer to a tensor block is a TTIR-level construct, never an
    // argument a launcher passes.
    if (isa<RankedTensorType>(pointerType.getPointeeType()))
      return std::nullopt;
    std::optional<std::string> pointee =
        getSignatureTypeName(pointerType.getPointeeType());
    if (!pointee)
      return std::nullopt;
    return "*" + *pointee;
  }
  // Triton's spelling of a host tensor descriptor: the CUtensorMap (128
  // bytes); its shape and strides follow as separate arguments.
  if (auto desc = dyn_cast<TensorDescType>(type)) {
    RankedTensorType block = desc.getBlockType();
    std::optional<std::string> element =
        getSignatureTypeName(block.getElementType());
    if (!element)
      return std::nullopt;
    std::string name = "tensordesc<" + *element + "[";
    for (auto [i, d] : llvm::enumerate(block.getShape()))
      name += (i ? ", " : "") + std::to_string(d);
    return name + "]>";
  }
  return std::nullopt;
}

/// The CUtensorMap parameters of a descriptor argument with its shared
/// layout (after triton-nvidia-optimize-descriptor-encoding).
static FailureOr<TensorDescMeta> getTensorDescMeta(BlockArgument argument,
                                                   TensorDescType desc) {
  RankedTensorType block = desc.getBlockType();
  auto layout =
      dyn_cast_or_null<gpu::NVMMASharedEncodingAttr>(block.getEncoding());
  if (!layout)
    return mlir::emitError(argument.getLoc())
           << "tensor-descriptor argument #" << argument.getArgNumber()
           << " has no #ttg.nvmma_shared layout (" << desc
           << "); the ttgir pipeline gives it one";
  if (layout.getElementBitWidth() != block.getElementTypeBitWidth())
    return mlir::emitError(argument.getLoc())
           << "tensor-descriptor argument #" << argument.getArgNumber()
           << ": its layout is for " << layout.getElementBitWidth()
           << "-bit elements, its block holds " << block.getElementType();
  std::optional<int> elemType = nvidia_gpu::getTMAElementType(
      block.getElementType(), layout.getFp4Padded());
  if (!elemType)
    return mlir::emitError(argument.getLoc())
           << "tensor-descriptor argument #" << argument.getArgNumber()
           << ": TMA cannot move elements of type " << block.getElementType();
  TensorDescMeta meta;
  meta.swizzle = nvidia_gpu::getTMASwizzleMode(layout);
  meta.elemSize = block.getElementTypeBitWidth() / 8;
  meta.elemType = *elemType;
  SmallVector<int64_t> box = nvidia_gpu::getTMABoxShape(desc);
  meta.blockSize.assign(box.begin(), box.end());
  meta.fp4Padded = layout.getFp4Padded();
  return meta;
}

std::optional<unsigned>
mlir::triton::getSignatureTypeSize(llvm::StringRef type) {
  if (type.starts_with("*"))
    return 8;
  if (type.starts_with("fp8"))
    return 1;
  return llvm::StringSwitch<std::optional<unsigned>>(type)
      .Cases({"i1", "i8", "u1", "u8"}, 1)
      .Cases({"i16", "u16", "fp16", "bf16"}, 2)
      .Cases({"i32", "u32", "fp32"}, 4)
      .Cases({"i64", "u64", "fp64"}, 8)
      .Default(std::nullopt);
}

FailureOr<KernelSignature>
mlir::triton::getKernelSignature(ModuleOp module, bool needTensorDescMeta) {
  FuncOp kernel;
  for (FuncOp function : module.getOps<FuncOp>()) {
    if (!function.isPublic())
      continue;
    if (kernel) {
      InFlightDiagnostic diag = function.emitError()
                                << "a module holds one kernel (public "
                                   "tt.func); found a second one, @"
                                << function.getName();
      diag.attachNote(kernel.getLoc())
          << "the first one, @" << kernel.getName();
      return diag;
    }
    kernel = function;
  }
  if (!kernel)
    return module.emitError(
        "no kernel in the module: expected one public tt.func");

  KernelSignature signature;
  signature.name = kernel.getName().str();
  for (BlockArgument argument : kernel.getArguments()) {
    unsigned index = argument.getArgNumber();
    KernelParam param;
    if (auto nameLoc = dyn_cast<NameLoc>(argument.getLoc()))
      param.name = nameLoc.getName().str();
    else
      param.name = "arg" + std::to_string(index);
    std::optional<std::string> typeName =
        getSignatureTypeName(argument.getType());
    if (!typeName)
      return mlir::emitError(argument.getLoc())
             << "kernel argument #" << index << " ('" << param.name
             << "') has type " << argument.getType()
             << ", which has no launcher signature (supported: pointers to "
                "and scalars of int and float types, tensor descriptors)";
    param.type = *typeName;
    if (auto divisibility =
            kernel.getArgAttrOfType<IntegerAttr>(index, "tt.divisibility"))
      param.divisibility = divisibility.getInt();
    param.used = !argument.use_empty();
    auto desc = dyn_cast<TensorDescType>(argument.getType());
    if (desc && (needTensorDescMeta || desc.getBlockType().getEncoding())) {
      FailureOr<TensorDescMeta> meta = getTensorDescMeta(argument, desc);
      if (failed(meta))
        return failure();
      param.tensorDesc = std::move(*meta);
    }
    signature.params.push_back(std::move(param));
  }
  return signature;
}

llvm::json::Object
mlir::triton::buildKernelMetadata(const KernelSignature &signature,
                                  ModuleOp lowered,
                                  const CompileOptions &options) {
  // Warp specialization adds warps: ttg.total-num-warps counts them all.
  int64_t numWarps =
      getIntAttr(lowered, "ttg.total-num-warps")
          .value_or(
              getIntAttr(lowered, "ttg.num-warps").value_or(options.numWarps));
  // Triton writes "maxnreg": null when the option is not set.
  llvm::json::Value maxnreg = nullptr;
  if (std::optional<int64_t> fromModule = getIntAttr(lowered, "ttg.maxnreg"))
    maxnreg = *fromModule;
  else if (options.maxnreg)
    maxnreg = *options.maxnreg;
  llvm::json::Array params;
  // Triton's `tensordesc_meta`: one entry per descriptor argument, in order.
  llvm::json::Array tensorDescs;
  for (const KernelParam &param : signature.params) {
    if (const std::optional<TensorDescMeta> &meta = param.tensorDesc) {
      llvm::json::Array blockSize;
      for (int64_t d : meta->blockSize)
        blockSize.push_back(d);
      tensorDescs.push_back(llvm::json::Object{
          {"swizzle", meta->swizzle},
          {"elem_size", meta->elemSize},
          {"elem_type", meta->elemType},
          {"block_size", std::move(blockSize)},
          {"fp4_padded", meta->fp4Padded}});
    }
    llvm::json::Object entry{{"name", param.name},
                             {"type", param.type},
                             {"divisibility", param.divisibility}};
    if (!param.used)
      entry["unused"] = true;
    params.push_back(std::move(entry));
  }
  return llvm::json::Object{
      {"name", signature.name},
      {"num_warps", numWarps},
      {"num_ctas",
       getIntAttr(lowered, "ttg.num-ctas").value_or(options.numCtas)},
      {"num_stages", options.numStages},
      {"maxnreg", std::move(maxnreg)},
      {"threads_per_warp", getIntAttr(lowered, "ttg.threads-per-warp")
                               .value_or(options.threadsPerWarp)},
      {"shared", getIntAttr(lowered, "ttg.shared").value_or(0)},
      {"global_scratch_size",
       getIntAttr(lowered, "ttg.global_scratch_memory_size").value_or(0)},
      {"global_scratch_align",
       getIntAttr(lowered, "ttg.global_scratch_memory_alignment").value_or(1)},
      {"profile_scratch_size",
       getIntAttr(lowered, "ttg.profile_scratch_memory_size").value_or(0)},
      {"profile_scratch_align",
       getIntAttr(lowered, "ttg.profile_scratch_memory_alignment").value_or(1)},
      {"target", options.getTarget()},
      {"arch", options.getBinaryArch()},
      {"ptx_version", options.getPTXVersion()},
      {"params", std::move(params)},
      {"tensordesc_meta", std::move(tensorDescs)},
      {"hidden_params", 2},
  };
}
