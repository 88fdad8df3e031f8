//===- Arg.h - one kernel argument as a tagged value ------------*- C++ -*-===//
//
// The runtime checks every argument against the kernel's signature (count
// and type) before it launches anything, so a call with a wrong argument
// gives an error instead of a kernel reading garbage.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_RUNTIME_ARG_H
#define TRITON_RUNTIME_ARG_H

#include "Runtime/KernelInfo.h"
#include "Runtime/Status.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace triton::runtime {

/// A kernel argument: a device pointer (with its byte size, needed when the
/// kernel writes through it and the runtime tunes), an integer of a given
/// width and signedness, a floating-point value, or the base of a tensor
/// descriptor (whose shape and strides are the arguments after it).
class Arg {
public:
  enum class Kind { Pointer, I1, I8, I16, I32, I64, U8, U16, U32, U64,
                    F16, BF16, F32, F64, TensorDesc };

  /// A device address; `bytes` is the extent a kernel may write (0: unknown).
  static Arg ptr(uint64_t address, uint64_t bytes = 0) {
    return make(Kind::Pointer, address, bytes);
  }
  /// A tensor descriptor over the tensor at `base` (`bytes`: its extent,
  /// as for a pointer). The kernel's next arguments are the descriptor's
  /// shape (i32, one per dimension) and strides (i64, in elements), as
  /// Triton's frontend flattens a TensorDescriptor; the runtime encodes the
  /// CUtensorMap from them. Where the kernel was compiled for a GPU without
  /// TMA, the descriptor is its base pointer.
  static Arg tensorDesc(uint64_t base, uint64_t bytes = 0) {
    return make(Kind::TensorDesc, base, bytes);
  }
  static Arg i1(bool value) { return make(Kind::I1, value ? 1 : 0); }
  static Arg i8(int8_t value) { return make(Kind::I8, uint64_t(int64_t(value))); }
  static Arg i16(int16_t value) { return make(Kind::I16, uint64_t(int64_t(value))); }
  static Arg i32(int32_t value) { return make(Kind::I32, uint64_t(int64_t(value))); }
  static Arg i64(int64_t value) { return make(Kind::I64, uint64_t(value)); }
  static Arg u8(uint8_t value) { return make(Kind::U8, value); }
  static Arg u16(uint16_t value) { return make(Kind::U16, value); }
  static Arg u32(uint32_t value) { return make(Kind::U32, value); }
  static Arg u64(uint64_t value) { return make(Kind::U64, value); }
  /// IEEE half / bfloat16 given as their bit patterns.
  static Arg f16Bits(uint16_t bits) { return make(Kind::F16, bits); }
  static Arg bf16Bits(uint16_t bits) { return make(Kind::BF16, bits); }
  static Arg f32(float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, 4);
    return make(Kind::F32, bits);
  }
  static Arg f64(double value) {
    uint64_t bits;
    std::memcpy(&bits, &value, 8);
    return make(Kind::F64, bits);
  }

  /// An argument from its parts (the C API's triton_rt_arg).
  static Arg fromRaw(Kind kind, uint64_t bits, uint64_t byteSize) {
    return make(kind, bits, byteSize);
  }

  Kind getKind() const { return kind; }
  bool isPointer() const { return kind == Kind::Pointer; }
  bool isTensorDesc() const { return kind == Kind::TensorDesc; }
  /// A device address: a pointer or a descriptor's base.
  bool isAddress() const { return isPointer() || isTensorDesc(); }
  bool isInteger() const { return kind >= Kind::I1 && kind <= Kind::U64; }
  /// The raw bits: the address, the integer (sign-extended for signed
  /// kinds), or the float's bit pattern.
  uint64_t getBits() const { return bits; }
  /// The integer's value (signed kinds sign-extended).
  int64_t getInteger() const { return int64_t(bits); }
  uint64_t getByteSize() const { return byteSize; }
  /// Bytes the kernel parameter takes (1, 2, 4, 8).
  unsigned getSize() const;
  /// Triton's signature spelling of this kind ("i32", "fp16", "*" for a
  /// pointer).
  const char *getTypeName() const;
  /// The value as the tuning key prints it ("i32:128", "ptr").
  std::string toString() const;

private:
  static Arg make(Kind kind, uint64_t bits, uint64_t byteSize = 0) {
    Arg arg;
    arg.kind = kind;
    arg.bits = bits;
    arg.byteSize = byteSize;
    return arg;
  }
  Kind kind = Kind::I32;
  uint64_t bits = 0;
  uint64_t byteSize = 0;
};

/// Checks `args` against `params`: count, and each argument's kind against
/// the parameter's type (any pointer for "*T", a descriptor for
/// "tensordesc<...>" or for the "*T" a descriptor became without TMA; an
/// integer or float of the exact spelling otherwise). The error names the
/// argument.
Status checkArgs(const std::vector<KernelParamInfo> &params,
                 const std::vector<Arg> &args);

/// Whether `args` satisfy the tt.divisibility the variant was specialized
/// for (value or address % divisibility == 0), as Triton's launcher checks.
bool satisfiesDivisibility(const std::vector<KernelParamInfo> &params,
                           const std::vector<Arg> &args);

} // namespace triton::runtime

#endif // TRITON_RUNTIME_ARG_H
