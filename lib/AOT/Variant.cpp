//===- Variant.cpp - one compiled AOT kernel variant ----------------------===//
#include "AOT/Variant.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir::triton::aot;

bool Param::isInteger() const {
  return llvm::StringSwitch<bool>(type)
      .Cases({"i1", "i8", "i16", "i32", "i64"}, true)
      .Cases({"u1", "u8", "u16", "u32", "u64"}, true)
      .Default(false);
}

unsigned Param::getTensorDescRank() const {
  if (!isTensorDesc())
    return 0;
  // "tensordesc<fp16[128, 64]>": one more dimension than commas.
  return 1 + llvm::count(type, ',');
}

std::string Param::getCType() const {
  if (isPointer() || isTensorDesc())
    return "CUdeviceptr";
  return llvm::StringSwitch<std::string>(type)
      .Cases({"i1", "i8"}, "int8_t")
      .Case("i16", "int16_t")
      .Case("i32", "int32_t")
      .Case("i64", "int64_t")
      .Cases({"u1", "u8"}, "uint8_t")
      .Case("u16", "uint16_t")
      .Case("u32", "uint32_t")
      .Case("u64", "uint64_t")
      // Half-precision scalars travel as their bits.
      .Cases({"fp16", "bf16"}, "uint16_t")
      .Case("fp32", "float")
      .Case("fp64", "double")
      // 8-bit floats, as bits.
      .Default("uint8_t");
}

unsigned Variant::getNumSpecializations() const {
  return llvm::count_if(params,
                        [](const Param &p) { return p.isSpecialized(); });
}

int64_t Variant::getMaxSharedBytes() const {
  int64_t shared = 0;
  for (const TargetBinary &target : targets)
    shared = std::max(shared, target.sharedBytes);
  return shared;
}

bool Variant::hasTensorDescs() const {
  return llvm::any_of(params, [](const Param &p) { return p.isTensorDesc(); });
}

bool Variant::needsGlobalScratch() const {
  return llvm::any_of(targets, [](const TargetBinary &t) {
    return t.globalScratchSize > 0;
  });
}

bool mlir::triton::aot::isUsableCName(llvm::StringRef name) {
  if (name.empty() || !(llvm::isAlpha(name[0]) || name[0] == '_'))
    return false;
  if (!llvm::all_of(name, [](char c) { return llvm::isAlnum(c) || c == '_'; }))
    return false;
  // The generated code's own locals and helpers all start with tt_.
  if (name.starts_with("tt_"))
    return false;
  static constexpr const char *kReserved[] = {
      // C99 and C11 keywords.
      "auto", "break", "case", "char", "const", "continue", "default", "do",
      "double", "else", "enum", "extern", "float", "for", "goto", "if",
      "inline", "int", "long", "register", "restrict", "return", "short",
      "signed", "sizeof", "static", "struct", "switch", "typedef", "union",
      "unsigned", "void", "volatile", "while", "_Bool", "_Complex",
      "_Imaginary", "_Alignas", "_Alignof", "_Atomic", "_Generic", "_Noreturn",
      "_Static_assert", "_Thread_local",
      // C++ keywords a header included from C++ must avoid.
      "bool", "catch", "class", "delete", "explicit", "false", "friend",
      "mutable", "namespace", "new", "operator", "private", "protected",
      "public", "template", "this", "throw", "true", "try", "typeid",
      "typename", "using", "virtual",
      // Names the generated code gives its own parameters.
      "stream", "algo_id", "info"};
  return !llvm::is_contained(kReserved, name);
}
