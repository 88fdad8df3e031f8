//===- Half.h - fp16 and bf16 conversions on the host ---------------------===//

#ifndef TEST_GPU_HALF_H
#define TEST_GPU_HALF_H

#include <cmath>
#include <cstdint>
#include <cstring>

namespace gpu_test {

inline uint32_t bitsOf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  return bits;
}

inline float floatOfBits(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, 4);
  return value;
}

/// IEEE half -> float (exact).
inline float floatFromHalf(uint16_t h) {
  uint32_t sign = (h >> 15) & 1, exp = (h >> 10) & 0x1F, mant = h & 0x3FF;
  float magnitude;
  if (exp == 0)
    magnitude = std::ldexp(static_cast<float>(mant), -24);
  else if (exp == 31)
    magnitude = mant ? NAN : INFINITY;
  else
    magnitude = std::ldexp(static_cast<float>(mant | 0x400), static_cast<int>(exp) - 25);
  return sign ? -magnitude : magnitude;
}

/// float -> IEEE half, rounding to nearest even (as cvt.rn.f16.f32).
inline uint16_t halfFromFloat(float value) {
  uint16_t sign = std::signbit(value) ? 0x8000 : 0;
  float a = std::fabs(value);
  if (std::isnan(a))
    return sign | 0x7E00;
  if (a >= 65520.0f) // rounds to infinity
    return sign | 0x7C00;
  if (a < std::ldexp(1.0f, -14)) { // subnormal: units of 2^-24
    float units = std::nearbyint(a * std::ldexp(1.0f, 24)); // ties to even
    return sign | static_cast<uint16_t>(units);
  }
  int exp;
  std::frexp(a, &exp); // a = m * 2^exp, m in [0.5, 1)
  // 11 significant bits: units of 2^(exp - 11).
  float units = std::nearbyint(std::ldexp(a, 11 - exp));
  if (units >= 2048.0f) { // carried into the next binade
    units /= 2;
    ++exp;
  }
  uint16_t biased = static_cast<uint16_t>(exp - 1 + 15);
  return sign | static_cast<uint16_t>(biased << 10) |
         static_cast<uint16_t>(static_cast<uint32_t>(units) & 0x3FF);
}

/// float -> bfloat16, rounding to nearest even.
inline uint16_t bf16FromFloat(float value) {
  uint32_t bits = bitsOf(value);
  if (std::isnan(value))
    return static_cast<uint16_t>((bits >> 16) | 0x40);
  bits += 0x7FFF + ((bits >> 16) & 1);
  return static_cast<uint16_t>(bits >> 16);
}

} // namespace gpu_test

#endif // TEST_GPU_HALF_H
